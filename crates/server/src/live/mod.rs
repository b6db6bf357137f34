//! Live pages: each game's events (`orders`, `phase`, `press`, `game`) as a server-sent event stream,
//! `GET /games/{id}/events` (and the API's `/api/v1/games/{id}/events`), which the game, order, press and
//! results pages follow with `static/js/live.js` to refresh themselves without a reload.
//!
//! # How it is built
//!
//! `raise(conn, game_id, event)` stores the event in `game_event` (a bigserial id, the stream's event id)
//! and `pg_notify`s it on [`EVENT_CHANNEL`], both in the transaction of the change it tells of: PostgreSQL
//! delivers the notification at that commit, to every replica, and never for a rollback. `hub.rs` is one
//! listener per process fanning the notifications out through a tokio broadcast channel (per-process
//! plumbing, no shared state: replicas meet only in PostgreSQL); `stream.rs` turns them into one viewer's
//! stream, opened by a `state` event naming the current phase (a page rendered just before an event sees
//! it is behind), replaying from `game_event` what a reconnecting client missed (`Last-Event-ID`) and
//! whatever a lagging subscriber or a lost listener connection skipped. Rows older than [`KEPT_FOR`] are pruned
//! hourly.
//!
//! **Secrets:** events name what changed, never content: `orders` carries only the phase (the pages show
//! who has orders in or is ready, publicly), `press` goes only to the conversation's members (public
//! press to everyone), and each stream is opened under the same visibility as the game page
//! (`load_visible_game`). Pages fetch what the viewer may see after an event, through their own checks.

pub(crate) mod hub;
pub(crate) mod pages;
pub mod queries;
pub(crate) mod stream;

use axum::Router;
use axum::routing::get;
use serde::Serialize;
use sqlx::PgConnection;

pub use hub::Hub;

use crate::ids::{AccountId, GameId};
use crate::state::AppState;

/// The channel every replica's hub listens on; the payload is a [`StoredEvent`] as json.
pub const EVENT_CHANNEL: &str = "backchannel_game_event";

/// How long events are kept for reconnecting clients.
pub const KEPT_FOR: chrono::Duration = chrono::Duration::days(1);

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/events", get(pages::game_events))
        .route("/static/js/live.js", get(pages::script))
}

/// What happened in a game, as its stream tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A seat saved orders or changed its "ready" (never what the orders are).
    Orders { phase: i32 },
    /// A phase opened: `index` is the new phase (the one before it was processed, if any).
    Phase { index: i32, label: String },
    /// A new message: in a private conversation of `audience`'s members, or public (`None`).
    Press { conversation: i64, audience: Option<Vec<AccountId>> },
    /// The game's state changed as a whole.
    Game { change: GameChange },
}

/// A change of the whole game, as a `game` event's `change` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameChange {
    Started,
    Paused,
    Resumed,
    Extended,
    RolledBack,
    Ended,
}

/// The stream's event types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Orders,
    Phase,
    Press,
    Game,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Orders => "orders",
            EventKind::Phase => "phase",
            EventKind::Press => "press",
            EventKind::Game => "game",
        }
    }

    pub fn parse(text: &str) -> Option<EventKind> {
        [EventKind::Orders, EventKind::Phase, EventKind::Press, EventKind::Game]
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }
}

impl Event {
    fn kind(&self) -> EventKind {
        match self {
            Event::Orders { .. } => EventKind::Orders,
            Event::Phase { .. } => EventKind::Phase,
            Event::Press { .. } => EventKind::Press,
            Event::Game { .. } => EventKind::Game,
        }
    }

    /// The event's `data`, as json.
    fn data(&self) -> serde_json::Value {
        match self {
            Event::Orders { phase } => serde_json::json!({ "phase": phase }),
            Event::Phase { index, label } => serde_json::json!({ "phase": index, "label": label }),
            Event::Press { conversation, audience } => match audience {
                Some(_) => serde_json::json!({ "conversation": conversation }),
                None => serde_json::json!({ "conversation": conversation, "public": true }),
            },
            Event::Game { change } => serde_json::json!({ "change": change }),
        }
    }

    fn audience(&self) -> Option<Vec<i64>> {
        match self {
            Event::Press { audience: Some(members), .. } => Some(members.iter().map(|account| account.0).collect()),
            _ => None,
        }
    }
}

/// An event as stored, notified and streamed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoredEvent {
    pub id: i64,
    pub game_id: GameId,
    pub kind: EventKind,
    /// The accounts that may receive it; `None`: every viewer of the game.
    pub audience: Option<Vec<i64>>,
    pub data: serde_json::Value,
}

impl StoredEvent {
    /// Whether `account` (none: a visitor) may receive this event of a game it may see.
    pub fn is_for(&self, account: Option<AccountId>) -> bool {
        match &self.audience {
            None => true,
            Some(members) => account.is_some_and(|account| members.contains(&account.0)),
        }
    }
}

/// Stores `event` and notifies every replica of it when the caller's transaction commits.
pub async fn raise(conn: &mut PgConnection, game_id: GameId, event: Event) -> Result<(), sqlx::Error> {
    let kind = event.kind();
    let (audience, data) = (event.audience(), event.data());
    let id = queries::insert_event(conn, game_id, kind, audience.as_deref(), &data).await?;
    let stored = StoredEvent { id, game_id, kind, audience, data };
    let payload = serde_json::to_string(&stored).unwrap_or_default();
    queries::notify(conn, &payload).await
}

#[cfg(test)]
mod tests;
