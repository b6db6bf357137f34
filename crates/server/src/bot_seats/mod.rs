//! Seats played by bots (issue 28, on the site): "Play against bots" from the lobby, and the GM giving a
//! seat to a bot or taking it back. The bots themselves order in the turn worker (`turns::bots`); the
//! start fills empty seats (`turns::start::start_now`); the game page and the GM panel mark bot seats.
//!
//! The operations are plain functions on the caller's transaction, so the API can call them too:
//! [`create_bot_game`], [`give_seat_to_bot`], [`take_seat_back`]. Each writes its audit line.
//!
//! A bot holds a seat as the site stores it (`seat.bot`, no account). Where the kind's engine tracks who
//! holds a post (`Rules::holders`), a bot is the engine's person `seating::bot_person(seat)`, a negative
//! id no account has, so reliefs and coups move it like anyone and the site's seats follow.

mod pages;

use axum::Router;
use axum::routing::{get, post};
use chrono::{DateTime, Utc};
use kinds::Kind;
use sqlx::PgConnection;

use crate::error::{AppError, AppResult, FormErrors};
use crate::games::forms::GameSettingsForm;
use crate::games::model::{GameStatus, GmAction, Power, SeatRole, default_seat_count};
use crate::games::queries::{self as game_queries, GameRow, NewGame, SeatRow};
use crate::games::seating::{self, Holder};
use crate::ids::{GameId, SeatId};
use crate::standby::seat_title;
use crate::state::AppState;
use crate::turns::{bots as turn_bots, start};
use crate::user::User;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/bots", get(pages::play_page).post(pages::play))
        .route("/games/{game_id}/admin/seats/{seat_id}/bot", post(pages::give_to_bot))
        .route("/games/{game_id}/admin/seats/{seat_id}/human", post(pages::take_back))
}

/// What a lone player asks for: a kind, and the power to play (none: drawn at random).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotGameRequest {
    pub kind: Kind,
    pub power: Option<Power>,
}

/// Creates and starts a private game of `request.kind` run by `player`, who holds one seat (the chosen
/// power where the kind lets players choose one, else a seat drawn at the start) with bots in every
/// other seat. Phases are processed as soon as the player is ready, with the usual deadlines as a
/// fallback. Returns the new game's id; the caller commits.
pub async fn create_bot_game(
    conn: &mut PgConnection,
    player: &User,
    request: BotGameRequest,
    now: DateTime<Utc>,
) -> AppResult<GameId> {
    let kind = request.kind;
    let settings = bot_game_settings(kind, player)?;
    let invite_code = uuid::Uuid::new_v4().simple().to_string();
    let new = NewGame {
        kind,
        gm: player.account_id,
        settings: &settings,
        seat_count: default_seat_count(kind),
        invite_code: &invite_code,
        rng_seed: rand::random(),
    };
    let game_id = game_queries::insert_game(conn, &new).await?;
    let created = format!("Created “{}” against bots.", settings.name);
    game_queries::record_audit(conn, game_id, player.account_id, GmAction::Create, &created).await?;
    let seat_id = game_queries::insert_seat(conn, game_id, player.account_id, SeatRole::Player).await?;
    if let Some(power) = request.power.filter(|_| kind.facts().seats.power_chosen_on_joining()) {
        game_queries::give_power(conn, game_id, seat_id, SeatRole::Player, power).await?;
    }
    let game = game_queries::game(conn, game_id).await?.ok_or(AppError::NotFound)?;
    start::start_now(conn, &game, now).await?.map_err(|not_ready| AppError::Conflict(not_ready.to_string()))?;
    game_queries::record_audit(conn, game_id, player.account_id, GmAction::Start, "Started against bots.").await?;
    Ok(game_id)
}

/// A bot game's settings: the new-game form's defaults (a day a movement phase, as the fallback
/// deadline), private, early processing, bots in the empty seats and in seats left in civil disorder.
fn bot_game_settings(kind: Kind, player: &User) -> AppResult<crate::games::forms::GameSettings> {
    let form = GameSettingsForm {
        kind: kind.slug().to_owned(),
        name: format!("{} against bots", kind.name()),
        visibility: "private".to_owned(),
        deadline_zone: player.time_zone.name().to_owned(),
        start_rule: crate::games::model::StartRule::ByGm.slug().to_owned(),
        process_when_ready: Some("on".to_owned()),
        bots_fill: Some("on".to_owned()),
        bots_replace: Some("on".to_owned()),
        ..GameSettingsForm::default()
    };
    let mut errors = FormErrors::default();
    let settings = form.validate(&mut errors).filter(|_| errors.is_empty());
    let settings = settings.ok_or_else(|| AppError::Internal(anyhow::anyhow!("a bot game's settings are refused")))?;
    Ok(settings.for_kind(kind))
}

/// Gives `seat_id` to a bot, in the caller's transaction holding the game's row lock (the GM checked by
/// the caller): the person who held it leaves it. In a started game the bot orders the current phase at
/// once. Returns the audit line written.
pub async fn give_seat_to_bot(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    seat_id: SeatId,
    actor: &User,
    now: DateTime<Utc>,
) -> AppResult<String> {
    let seat = seat_of(seats, seat_id)?;
    require_changeable(game)?;
    if seat.bot {
        return Err(AppError::Conflict("A bot already plays that seat.".to_owned()));
    }
    match seating::change_holder(conn, game, seat, Holder::Bot).await? {
        Some(moved) => crate::notices::tell_holder_changes(conn, game.game_id, &moved, now).await?,
        None => game_queries::set_seat_bot(conn, seat_id, false).await?,
    }
    if game.status != GameStatus::Forming {
        turn_bots::order_now(conn, game, seat_id, now).await.map_err(AppError::Internal)?;
    }
    let detail = format!("Gave {} to a bot.", seat_title(seats, seat_id));
    game_queries::record_audit(conn, game.game_id, actor.account_id, GmAction::GiveSeatToBot, &detail).await?;
    Ok(detail)
}

/// Takes `seat_id` back from its bot, leaving it empty for a human (the GM's "replace", or anyone from
/// the standby page); the bot's sheet for the current phase stays, no longer ready. Same transaction
/// rules as [`give_seat_to_bot`]. Returns the audit line written.
pub async fn take_seat_back(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    seat_id: SeatId,
    actor: &User,
) -> AppResult<String> {
    let seat = seat_of(seats, seat_id)?;
    require_changeable(game)?;
    if !seat.bot {
        return Err(AppError::Conflict("No bot plays that seat.".to_owned()));
    }
    if game.status == GameStatus::Forming {
        game_queries::delete_seat(conn, seat_id).await?;
    } else if seating::change_holder(conn, game, seat, Holder::Nobody).await?.is_none() {
        game_queries::set_seat_holder(conn, seat_id, None).await?;
        turn_bots::unready(conn, game, seat_id).await.map_err(AppError::Internal)?;
    }
    let detail = format!("Took {} back from its bot, for a player.", seat_title(seats, seat_id));
    game_queries::record_audit(conn, game.game_id, actor.account_id, GmAction::TakeSeatFromBot, &detail).await?;
    Ok(detail)
}

fn seat_of(seats: &[SeatRow], seat_id: SeatId) -> AppResult<&SeatRow> {
    seats.iter().find(|seat| seat.seat_id == seat_id).ok_or(AppError::NotFound)
}

fn require_changeable(game: &GameRow) -> AppResult<()> {
    if game.status == GameStatus::Finished {
        return Err(AppError::Conflict("The game has ended; its seats no longer change.".to_owned()));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
