//! Press: the messages of a game's players and GM. A conversation is the set of its members (one other
//! seat, a group, the GM, or everyone for public press); only its members read it. Every message passes
//! the game's press settings (`rules.rs`) and the game kind's own limits before it is stored.

pub(crate) mod access;
pub(crate) mod forms;
pub(crate) mod pages;
pub(crate) mod panels;
pub(crate) mod queries;
pub(crate) mod rules;

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};

pub use rules::PressSettings;

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/press", get(pages::press_page).post(pages::send_new))
        .route("/games/{game_id}/press/settings", post(pages::update_press_settings))
        .route("/games/{game_id}/press/{conversation_id}", get(pages::conversation_page).post(pages::reply))
        .route("/games/{game_id}/press/{conversation_id}/feed", get(pages::feed))
        .route("/games/{game_id}/press/{conversation_id}/mute", post(pages::mute))
        .route("/static/js/press.js", get(live_script))
}

/// The conversation page's script that shows new messages as they come (progressive enhancement),
/// compiled in like the stylesheet.
async fn live_script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../../../../static/js/press.js"))
}

#[cfg(test)]
mod tests;
