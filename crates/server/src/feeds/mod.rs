//! Atom feeds: one per game (each processed phase with its public results and public press) and one for
//! the lobby (new and finished public games). A feed shows what an observer without an account sees, and
//! nothing more, whoever asks: a feed reader may share or cache it.

mod atom;
mod pages;
pub(crate) mod queries;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/feed.atom", get(pages::lobby_feed))
        .route("/games/{game_id}/feed.atom", get(pages::game_feed))
}

#[cfg(test)]
mod tests;
