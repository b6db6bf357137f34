//! Press: the messages of a game's players and GM. A conversation is the set of its members (one other
//! seat, a group, the GM, or everyone for public press); only its members read it. Every message passes
//! the game's press settings (`rules.rs`) and the game kind's own limits before it is stored.
//!
//! # How it is built
//!
//! messages between a game's seats and its GM. A conversation is the set of its members (`conversation`:
//! public press, or a set of seats with or without the GM, unique per game), so writing to the same members
//! always continues the same conversation. `rules.rs` (pure) holds `PressSettings` (rule, grey, published
//! after the end) and `check`: the GM may always write; a player may always write to the GM alone; otherwise
//! full, public only, gunboat and rulebook (closed in retreat and adjustment phases) decide, then the game
//! kind's `may_send` (seat ids mapped to the kind's `SeatIndex`es). `access.rs`: `Reader` (who reads what, who
//! writes as whom: a seated viewer writes as their seat, an unseated GM or site admin as the GM), `Members`,
//! seat titles (powers and role, never a player). `queries.rs`: conversations, messages, read markers and
//! mutes (`press_reader`), the rate limit. `pages.rs`: `/games/{id}/press` (the reader's conversations with
//! unread counts, the compose form offering only recipients the rules and the kind allow now),
//! `/games/{id}/press/{conversation}` (50 messages per page grouped by phase, `?before=` for older ones;
//! seeing the newest page marks it read), `…/feed?after=` (the same as JSON, polled by `static/js/press.js`
//! so new messages appear on an open page, set as text), `…/mute`, and the GM's `/games/{id}/press/settings`
//! for started games. A conversation the rules close to the reader offers no reply form and says why; an
//! invite code an observer came with is carried on every press link and the feed. `panels.rs`: what other
//! pages show: the game page's press box, the dashboard's unread counts, a phase's public press beside its
//! results. Sending runs in one transaction that first takes a share lock on the game row (the worker holds
//! it `FOR UPDATE` while processing, so a message is checked against and stamped with the phase current at
//! commit): checks, the rate limit (30 per 10 minutes per seat, and for the GM, counted in `press_message`
//! under a per-sender `pg_advisory_xact_lock`: an in-memory limiter would count per replica and forget on
//! restart), the conversation found or created, the message stored, the sender's read marker moved, and for a
//! private conversation `notify::enqueue_press_notice` (batched mail to the other members who did not mute
//! it, naming powers and the GM only, never an account or the text).

pub(crate) mod access;
pub(crate) mod forms;
pub(crate) mod pages;
pub(crate) mod panels;
pub(crate) mod queries;
pub(crate) mod rules;
pub(crate) mod send;

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
