//! Turns: the phases of a running game, the deadline worker that processes them exactly once, and the
//! results and history pages of processed phases.

pub(crate) mod board;
pub mod downtime;
pub mod end;
pub(crate) mod pages;
pub mod queries;
pub(crate) mod standing;
pub mod tick;
pub mod worker;
pub(crate) mod world;

use axum::Router;
use axum::routing::get;

pub use tick::{Outcome, tick};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/phases", get(pages::history))
        .route("/games/{game_id}/phases/{phase_index}", get(pages::phase_page))
        .route("/static/js/world-map.js", get(world::script))
}

#[cfg(test)]
mod covert_ops_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
