//! Orders: a seat holder's order page for the current phase (per-unit selects and a text box editing
//! one saved sheet), and the ready toggle. Nobody but the seat's holder ever sees its orders before the
//! phase is processed. The dashboard lists the player's games in play with their deadlines and sheets.

pub(crate) mod chain;
pub(crate) mod forms;
pub(crate) mod pages;
pub(crate) mod queries;

use axum::Router;
use axum::routing::{get, post};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/dashboard", get(pages::dashboard))
        .route("/games/{game_id}/orders", get(pages::orders_page).post(pages::save_orders))
        .route("/games/{game_id}/orders/ready", post(pages::set_ready))
        .route("/games/{game_id}/orders/draw", post(pages::vote_draw))
        .route("/games/{game_id}/orders/concede", post(pages::concede))
}

#[cfg(test)]
mod tests;
