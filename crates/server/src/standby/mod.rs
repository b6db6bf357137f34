//! The replacement flow (issue 18, point 4; webDiplomacy's civil-disorder takeover), general to every
//! kind with one player per seat: a seat of a started game is in civil disorder when it has no player or
//! its player sent nothing in the last two phases it had to order. Signed-in people who are not seated
//! in the game may stand by for it (the standby list the GM sees) and take over a seat in civil
//! disorder: at once, or, when the GM asks for it (the default), once the GM approves. The GM may also
//! give such a seat to anyone standing by. Every seat change writes its audit line in the transaction
//! that makes it, under the game's row lock, and names the new player only in games that are not
//! anonymous.

mod pages;
mod queries;

pub(crate) use queries::seats_in_civil_disorder;

use axum::Router;
use axum::routing::{get, post};
use sqlx::PgConnection;

use crate::error::AppResult;
use crate::games::model::GameStatus;
use crate::games::queries::{GameRow, SeatRow};
use crate::ids::{AccountId, SeatId};
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/standby", get(pages::standby_page).post(pages::set_standby))
        .route("/games/{game_id}/standby/seats/{seat_id}/take-over", post(pages::take_over))
        .route("/games/{game_id}/standby/seats/{seat_id}/give", post(pages::give_seat))
}

/// A seat in civil disorder as the GM's view lists it, with who asked for it.
pub struct OpenSeat {
    pub seat_id: SeatId,
    pub title: String,
    pub requests: Vec<(AccountId, String)>,
}

/// The replacement part of the GM's view.
pub struct StandbyPanel {
    pub open_seats: Vec<OpenSeat>,
    pub standing_by: Vec<(AccountId, String)>,
    pub needs_approval: bool,
}

/// What the GM's view shows of the replacement flow.
pub(crate) async fn gm_panel(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    needs_approval: bool,
) -> AppResult<StandbyPanel> {
    let open = if matches!(game.status, GameStatus::Running | GameStatus::Paused) {
        queries::seats_in_civil_disorder(conn, game.game_id).await?
    } else {
        Vec::new()
    };
    let requests = queries::takeover_requests(conn, game.game_id).await?;
    let open_seats = open
        .into_iter()
        .map(|seat_id| OpenSeat {
            seat_id,
            title: seat_title(seats, seat_id),
            requests: requests
                .iter()
                .filter(|(seat, _, _)| *seat == seat_id)
                .map(|(_, account, name)| (*account, name.clone()))
                .collect(),
        })
        .collect();
    Ok(StandbyPanel { open_seats, standing_by: queries::standby_list(conn, game.game_id).await?, needs_approval })
}

/// `seat 3 (France)`: how the log and the pages name a seat, never by its player.
pub(crate) fn seat_title(seats: &[SeatRow], seat_id: SeatId) -> String {
    let number = seats.iter().position(|seat| seat.seat_id == seat_id).map_or(0, |index| index + 1);
    let powers: Vec<&str> = seats
        .iter()
        .find(|seat| seat.seat_id == seat_id)
        .map(|seat| seat.powers.iter().map(|p| p.label()).collect())
        .unwrap_or_default();
    if powers.is_empty() { format!("seat {number}") } else { format!("seat {number} ({})", powers.join(", ")) }
}

#[cfg(test)]
mod tests;

/// Whether taking over a seat in civil disorder waits for the GM's approval (the `standby` module).
pub(crate) async fn takeover_needs_approval(
    conn: &mut sqlx::PgConnection,
    game_id: crate::ids::GameId,
) -> Result<bool, sqlx::Error> {
    Ok(crate::gm::queries::gm_settings(conn, game_id).await?.takeover_needs_approval)
}
