//! Players' votes to pause or cancel a game (issue 32, item 5), besides draws and concessions, on the
//! votes page (`/games/{id}/votes`, linked from the game page for its players) and in the API.
//!
//! The voters are the seats that decide the game's end (`turns::end::deciding_seats`: the surviving
//! seats, or the seat the kind names for a power) held by a person: a bot or an empty seat has no say.
//! Votes are secret, like draw votes: a page shows a seat only its own, and nothing is said of them until
//! every voter has voted for the same motion. Then it passes at once, in the voter's transaction:
//! - **pause**: the game pauses exactly as the GM's pause does (the time left on the deadline is kept;
//!   only the GM resumes it), and the pause votes are spent;
//! - **cancel**: the game ends as cancelled (`game.cancelled`), with no winner and no result on anyone's
//!   record (`reliability` counts no finished game for it).
//!
//! A passed motion is written in the game's audit log as "the players' vote", without actor (not the
//! GM's name: he did not act), so that no player is tied to a vote; the GM's own pause and resume are
//! unchanged.

mod pages;
mod queries;

#[cfg(test)]
mod tests;

use axum::Router;
use axum::routing::get;
use chrono::{DateTime, Utc};
use kinds::AnyGame;
use sqlx::PgConnection;

use crate::error::{AppError, AppResult};
use crate::extract::User;
use crate::games::load::load_visible_game_locked;
use crate::games::model::{GameStatus, GmAction};
use crate::games::queries::{self as game_queries, GameRow, RowLock};
use crate::games::status;
use crate::ids::{GameId, SeatId};
use crate::state::AppState;
use crate::turns::end;
use crate::turns::queries as turn_queries;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/games/{game_id}/votes", get(pages::votes_page).post(pages::vote))
}

/// What a players' vote asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sqlx::Type, serde::Deserialize, serde::Serialize)]
#[sqlx(type_name = "player_vote_motion", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Motion {
    Pause,
    Cancel,
}

impl Motion {
    pub const ALL: [Motion; 2] = [Motion::Pause, Motion::Cancel];

    pub fn slug(self) -> &'static str {
        match self {
            Motion::Pause => "pause",
            Motion::Cancel => "cancel",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Motion> {
        Motion::ALL.into_iter().find(|motion| motion.slug() == slug)
    }

    /// The motion in words, for the votes page.
    pub fn words(self) -> &'static str {
        match self {
            Motion::Pause => "Pause the game (its deadline clock stops until the GM resumes it)",
            Motion::Cancel => "Cancel the game (it ends with no winner and no result on anyone's record)",
        }
    }
}

/// A player's seat in a running or paused game, and the seats that vote there.
struct VotingSeat {
    game: GameRow,
    seat_id: SeatId,
    voters: Vec<SeatId>,
}

/// Loads the user's seat under the game row's lock, refusing anyone who does not vote in this game.
async fn load_voting_seat(conn: &mut PgConnection, game_id: GameId, user: &User) -> AppResult<VotingSeat> {
    let (game, seats, access) = load_visible_game_locked(conn, game_id, Some(user), "", RowLock::Update).await?;
    let seat_id = access
        .my_seat
        .ok_or_else(|| AppError::Forbidden("Only the players of this game vote to pause or cancel it.".to_owned()))?;
    if !matches!(game.status, GameStatus::Running | GameStatus::Paused) {
        return Err(AppError::Conflict("Only a game in play can be paused or cancelled by its players.".to_owned()));
    }
    let phase = turn_queries::current_phase(conn, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("This game has no phase in play.".to_owned()))?;
    let state = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
    let numbering = game_queries::numbering(&seats);
    let held_by_a_person =
        |seat_id: &SeatId| seats.iter().any(|seat| seat.seat_id == *seat_id && seat.account_id.is_some() && !seat.bot);
    let voters: Vec<SeatId> = end::deciding_seats(&state, &numbering)
        .into_iter()
        .map(|(seat_id, _)| seat_id)
        .filter(held_by_a_person)
        .collect();
    if !voters.contains(&seat_id) {
        return Err(AppError::Conflict(
            "Only powers still in the game vote, each through the seat the game's rules name.".to_owned(),
        ));
    }
    Ok(VotingSeat { game, seat_id, voters })
}

/// The motions the user's seat votes for now.
pub(crate) async fn my_votes(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
) -> AppResult<(GameRow, Vec<Motion>)> {
    let seat = load_voting_seat(conn, game_id, user).await?;
    let votes = queries::seat_votes(conn, game_id, seat.seat_id).await?;
    Ok((seat.game, votes))
}

/// Records the user's seat's vote for `motion` (or its withdrawal) and carries the motion out when that
/// makes it unanimous; answers whether it passed. Shared by the votes page and the API.
pub(crate) async fn record_vote(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    motion: Motion,
    yes: bool,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let seat = load_voting_seat(conn, game_id, user).await?;
    if motion == Motion::Pause && yes && seat.game.status != GameStatus::Running {
        return Err(AppError::Conflict("The game is already paused.".to_owned()));
    }
    queries::set_vote(conn, game_id, seat.seat_id, motion, yes).await?;
    let for_it = queries::votes_for(conn, game_id, motion).await?;
    if !yes || !seat.voters.iter().all(|voter| for_it.contains(voter)) {
        return Ok(false);
    }
    carry_out(conn, &seat.game, motion, now).await?;
    Ok(true)
}

/// What a unanimous motion does, with its audit line.
async fn carry_out(conn: &mut PgConnection, game: &GameRow, motion: Motion, now: DateTime<Utc>) -> AppResult<()> {
    let game_id = game.game_id;
    let (action, detail) = match motion {
        Motion::Pause => {
            status::pause(conn, game_id, now).await?;
            queries::clear_votes(conn, game_id, Motion::Pause).await?;
            (GmAction::PlayersPause, "Every player voted to pause the game; its deadline clock has stopped.")
        }
        Motion::Cancel => {
            status::finish(conn, game_id, now, Some("Cancelled by its players")).await?;
            queries::mark_cancelled(conn, game_id).await?;
            crate::notify::enqueue_game_end(conn, game_id, now).await.map_err(AppError::Internal)?;
            (GmAction::PlayersCancel, "Every player voted to cancel the game; it ended with no result.")
        }
    };
    game_queries::record_players_audit(conn, game_id, action, detail).await?;
    Ok(())
}
