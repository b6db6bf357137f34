//! Games: the lobby, creating a game, the game page, joining and leaving before the start.

pub(crate) mod access;
pub mod deadline;
pub(crate) mod forms;
pub(crate) mod lifecycle;
pub mod model;
pub(crate) mod pages;
pub(crate) mod queries;
pub(crate) mod status;

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
