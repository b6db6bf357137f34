//! The standby page (`/games/{id}/standby`): the seats in civil disorder with a "take over" button for
//! signed-in people without a seat in the game, and the standby offer; and the GM's "give the seat".

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use serde::Deserialize;

use super::{queries, seat_title};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn, set_flash};
use crate::games::access::Access;
use crate::games::gm_tx::begin_as_gm;
use crate::games::load::load_visible_game;
use crate::games::load::load_visible_game_locked;
use crate::games::model::{GameStatus, GmAction};
use crate::games::queries::{self as game_queries, GameRow, SeatRow};
use crate::ids::{AccountId, GameId, SeatId};
use crate::notices::{self, Notice, NoticeKind};
use crate::pages::Nav;
use crate::reliability::gate::check_may_join;
use crate::state::AppState;

/// A seat in civil disorder as a would-be player sees it.
pub struct OfferedSeat {
    pub seat_id: SeatId,
    pub title: String,
    pub requested: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "standby/page.html")]
pub struct StandbyPage {
    nav: Nav,
    game_id: GameId,
    name: String,
    seats: Vec<OfferedSeat>,
    /// Seated players and the GM may look, but not take over or stand by.
    may_take_over: bool,
    standing_by: bool,
    needs_approval: bool,
}

/// Checks the game is started and seats its players one per seat: where the engine seats people (a
/// Cabinet Diplomacy position), a seat changes hands only through the engine and the game's own standby
/// list, never by a takeover here.
fn require_started(game: &GameRow) -> AppResult<()> {
    if game.kind.facts().seats.engine_seats_people() {
        return Err(AppError::Conflict(format!(
            "A {} position is filled by the GM from the standby list on the game's own page.",
            game.kind.name()
        )));
    }
    match game.status {
        GameStatus::Running | GameStatus::Paused => Ok(()),
        GameStatus::Forming => Err(AppError::Conflict("The game has not started: join it instead.".to_owned())),
        GameStatus::Finished => Err(AppError::Conflict("The game is over; its seats no longer change.".to_owned())),
    }
}

pub async fn standby_page(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<StandbyPage> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, access) = load_visible_game(&mut conn, game_id, Some(&signed_in.user), "").await?;
    require_started(&game)?;
    let account = signed_in.user.account_id;
    let requested = queries::requested_by(&mut conn, game_id, account).await?;
    let open = queries::seats_in_civil_disorder(&mut conn, game_id).await?;
    Ok(StandbyPage {
        nav: signed_in.nav,
        game_id,
        seats: open
            .into_iter()
            .map(|seat_id| OfferedSeat {
                seat_id,
                title: seat_title(&seats, seat_id),
                requested: requested.contains(&seat_id),
            })
            .collect(),
        may_take_over: may_take_over(&access),
        standing_by: queries::is_standing_by(&mut conn, game_id, account).await?,
        needs_approval: super::takeover_needs_approval(&mut conn, game_id).await?,
        name: game.name,
    })
}

/// Only someone without a seat in the game, who does not run it, may take a seat over.
fn may_take_over(access: &Access) -> bool {
    access.my_seat.is_none() && !access.is_gm
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct StandbyForm {
    /// `on` to stand by, anything else to stop.
    pub standby: String,
}

pub async fn set_standby(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<StandbyForm>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let (game, seats, access) = locked_game(&mut tx, game_id, &signed_in).await?;
    let _ = seats;
    require_started(&game)?;
    if !may_take_over(&access) {
        return Err(AppError::Conflict("You already play in or run this game.".to_owned()));
    }
    let on = form.standby == "on";
    if on {
        check_may_join(&mut tx, game_id, signed_in.user.account_id).await?;
    }
    queries::set_standby(&mut tx, game_id, signed_in.user.account_id, on).await?;
    tx.commit().await?;
    let flash = if on { "You are on this game's standby list." } else { "You are off this game's standby list." };
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/standby")))
}

/// The game row locked, its seats and the viewer's access; a game the viewer may not see is a 404.
async fn locked_game(
    tx: &mut sqlx::PgConnection,
    game_id: GameId,
    signed_in: &SignedIn,
) -> AppResult<(GameRow, Vec<SeatRow>, Access)> {
    let (game, seats, access) =
        load_visible_game_locked(tx, game_id, Some(&signed_in.user), "", game_queries::RowLock::Update).await?;
    Ok((game, seats, access))
}

pub async fn take_over(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let (game, seats, access) = locked_game(&mut tx, game_id, &signed_in).await?;
    require_started(&game)?;
    if !may_take_over(&access) {
        return Err(AppError::Conflict("You already play in or run this game.".to_owned()));
    }
    // A game that asks for reliable players asks it of those who take a seat over, too.
    check_may_join(&mut tx, game_id, signed_in.user.account_id).await?;
    require_open(&mut tx, game_id, seat_id).await?;
    let account = signed_in.user.account_id;
    let flash = if super::takeover_needs_approval(&mut tx, game_id).await? {
        queries::request_takeover(&mut tx, game_id, seat_id, account).await?;
        let title = seat_title(&seats, seat_id);
        let notice = Notice {
            game_id,
            kind: NoticeKind::TakeoverRequested,
            detail: &title,
            link_path: format!("/games/{game_id}/gm"),
        };
        crate::notices::notify_gm(&mut tx, &notice, state.clock.now()).await?;
        "Asked: the GM will approve or not. You will see the seat on \"My orders\" once it is yours."
    } else {
        let now = state.clock.now();
        seat_player(&mut tx, &game, &seats, seat_id, (account, &signed_in.user.display_name), account, now).await?;
        "The seat is yours: give its orders."
    };
    tx.commit().await?;
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/standby")))
}

async fn require_open(conn: &mut sqlx::PgConnection, game_id: GameId, seat_id: SeatId) -> AppResult<()> {
    if queries::seats_in_civil_disorder(conn, game_id).await?.contains(&seat_id) {
        Ok(())
    } else {
        Err(AppError::Conflict("That seat is not in civil disorder, so it cannot be taken over.".to_owned()))
    }
}

/// Gives the seat to `account` (replacing its absent player), settles the requests and logs it,
/// naming the new player only in a game that is not anonymous.
async fn seat_player(
    conn: &mut sqlx::PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    seat_id: SeatId,
    (account, display_name): (AccountId, &str),
    actor: AccountId,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    game_queries::set_seat_holder(conn, seat_id, Some(account)).await.map_err(|error| {
        if crate::error::violates(&error, game_queries::ALREADY_SEATED) {
            AppError::Conflict("That player already has a seat in this game.".to_owned())
        } else {
            error.into()
        }
    })?;
    queries::settle_after_takeover(conn, game.game_id, seat_id, account).await?;
    let title = seat_title(seats, seat_id);
    let detail = if game.anonymous {
        format!("A new player took over {title}, which was in civil disorder.")
    } else {
        format!("{display_name} took over {title}, which was in civil disorder.")
    };
    game_queries::record_audit(conn, game.game_id, actor, GmAction::TakeOverSeat, &detail).await?;
    tell_of_takeover(conn, game, seats, seat_id, account, actor, now).await?;
    Ok(())
}

/// Tells the new holder, the old one (if the seat had one) and the GM (unless the GM gave the seat)
/// that the seat changed hands, naming only the seat.
async fn tell_of_takeover(
    conn: &mut sqlx::PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    seat_id: SeatId,
    account: AccountId,
    actor: AccountId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    let game_id = game.game_id;
    let title = seat_title(seats, seat_id);
    let notice = |kind, link_path| Notice { game_id, kind, detail: &title, link_path };
    notices::notify(conn, account, &notice(NoticeKind::SeatGiven, format!("/games/{game_id}/orders")), now).await?;
    let old = seats.iter().find(|seat| seat.seat_id == seat_id).and_then(|seat| seat.account_id);
    if let Some(old) = old.filter(|old| *old != account) {
        notices::notify(conn, old, &notice(NoticeKind::SeatLost, format!("/games/{game_id}")), now).await?;
    }
    if actor != game.gm_account_id {
        let gm = notice(NoticeKind::SeatTakenOver, format!("/games/{game_id}/gm"));
        notices::notify(conn, game.gm_account_id, &gm, now).await?;
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct GiveForm {
    pub account_id: String,
}

/// The GM gives a seat in civil disorder to someone who asked for it or stands by.
pub async fn give_seat(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
    Form(form): Form<GiveForm>,
) -> AppResult<Redirect> {
    let account: AccountId =
        form.account_id.trim().parse().map_err(|_| AppError::BadRequest("Choose a player.".to_owned()))?;
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    require_started(&gm.game)?;
    require_open(&mut gm.tx, game_id, seat_id).await?;
    let asked = queries::takeover_requests(&mut gm.tx, game_id).await?;
    let standing = queries::standby_list(&mut gm.tx, game_id).await?;
    let name = asked
        .iter()
        .find(|(seat, id, _)| *seat == seat_id && *id == account)
        .map(|(_, _, name)| name.clone())
        .or_else(|| standing.iter().find(|(id, _)| *id == account).map(|(_, name)| name.clone()))
        .ok_or_else(|| AppError::BadRequest("That player neither asked for this seat nor stands by.".to_owned()))?;
    let (game, seats) = (gm.game.clone(), gm.seats.clone());
    let now = state.clock.now();
    seat_player(&mut gm.tx, &game, &seats, seat_id, (account, &name), signed_in.user.account_id, now).await?;
    gm.tx.commit().await?;
    set_flash(&signed_in.session, "The seat has its new player.").await?;
    Ok(Redirect::to(&format!("/games/{game_id}/gm")))
}
