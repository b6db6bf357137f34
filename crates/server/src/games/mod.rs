//! Games: the lobby, creating a game, the game page, joining and leaving before the start.
//!
//! # How it is built
//!
//! `model.rs`: the closed enums stored as PostgreSQL enums (`Power`, `GameStatus`, `PressRule`, `SeatRole`,
//! `GmAction`...) and what the site reads of a kind's facts (`site_seats`, `default_seat_count`,
//! `has_powers`; a kind itself is `kinds::Kind`, stored as its slug). Players without powers (Covert
//! Operations) are as many as the GM sets within the kind's range, and such a game is always anonymous.
//! `deadline.rs` (pure: `PhaseDuration`, `WeekdaySet`, `DeadlineSettings::next_deadline(phase, now)`),
//! `forms.rs` (settings form shared with the GM panel, lobby filters, join), `access.rs` (`Access`: GM or
//! site admin, seat, invite, what the viewer may see), `lifecycle.rs` (start rules and the seeded power draw;
//! the start also opens the first phase through `turns::tick::open_first_phase`), `status.rs` (every change
//! of a game's status: start, pause, resume, finish), `entry.rs` (creating, joining and leaving, for the
//! pages and the API), `pages.rs` (lobby, new game, game page, join, leave),
//! `queries.rs`.

pub(crate) mod access;
pub mod deadline;
pub(crate) mod entry;
pub(crate) mod forms;
pub(crate) mod gm_tx;
pub(crate) mod load;
pub mod model;
pub(crate) mod pages;
pub(crate) mod queries;
pub(crate) mod seating;
pub(crate) mod status;
pub(crate) mod teams;
pub(crate) mod views;

use axum::Router;
use axum::routing::{get, post};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(pages::home))
        .route("/games", get(pages::lobby).post(pages::create_game))
        .route("/games/new", get(pages::new_game_page))
        .route("/games/{game_id}", get(pages::show_game))
        .route("/games/{game_id}/join", post(pages::join_game))
        .route("/games/{game_id}/leave", post(pages::leave_game))
}

#[cfg(test)]
mod tests;
