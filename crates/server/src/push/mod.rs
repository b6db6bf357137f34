//! Web Push: notices pushed to the devices of those who asked for them. On `/notifications/push` a user
//! picks the kinds of notice to push (none until he does) and turns push on for the device in hand
//! (`static/js/push.js` subscribes through the service worker and posts the subscription: one row per
//! device, by its endpoint). Without JavaScript the kinds can still be chosen; a device needs it.
//!
//! # How it is built
//!
//! `notices::notify` calls [`queue`] in the notice's own transaction: one `outbox_push` row per device of
//! the recipient when he wants this kind pushed, so a push exists exactly when its notice committed.
//! The mail worker of every replica drains the outbox after its mails (`send.rs`: claim one row `FOR
//! UPDATE SKIP LOCKED`, encrypt (RFC 8291) and sign (VAPID) with the `web-push` crate, send, delete it
//! in the same transaction): exactly once whenever the commit succeeds. A push service's 404 or 410
//! deletes the device's subscription; other failures are retried with a growing wait, then given up.
//! `keys.rs` holds the VAPID key: `VAPID_PRIVATE_KEY`, or one generated once and kept in the database
//! so every replica signs with the same. `sessions.rs` ends a device's push with the session that turned
//! it on (a logout, the account's other sessions ended). `pages.rs` the page and its forms, `queries.rs`
//! the tables.
//!
//! **Secrets:** a push's payload is its notice for exactly its recipient (the game's name, the sentence
//! written for him, the link), encrypted for his device alone.

pub mod keys;
pub(crate) mod pages;
pub mod queries;
pub mod send;
pub mod sessions;

use axum::Router;
use axum::routing::{get, post};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use crate::ids::AccountId;
use crate::notices::{Notice, NoticeKind};
use crate::state::AppState;

pub use keys::VapidKeys;
pub use send::{PushOutcome, Pusher, WebPusher, drain_once};

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/notifications/push", get(pages::push_page))
        .route("/notifications/push/kinds", post(pages::save_push_kinds))
        .route("/notifications/push/subscribe", post(pages::subscribe))
        .route("/notifications/push/unsubscribe", post(pages::unsubscribe))
        .route("/sw.js", get(pages::service_worker))
        .route("/static/js/push.js", get(pages::push_script))
        .route("/static/js/app.js", get(pages::app_script))
        .route("/manifest.webmanifest", get(pages::manifest))
        .route("/static/icon.svg", get(pages::icon_svg))
        .route("/static/icon-192.png", get(pages::icon_192))
        .route("/static/icon-512.png", get(pages::icon_512))
}

/// What a push shows: the notice as its recipient's `/notifications` page tells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushPayload {
    /// The game's name.
    pub title: String,
    /// The notice's sentence.
    pub body: String,
    /// The site path a tap opens.
    pub url: String,
}

/// Queues `notice` for each of `recipient`'s devices, in the caller's transaction, if he wants its kind
/// pushed.
pub async fn queue(
    conn: &mut PgConnection,
    recipient: AccountId,
    notice: &Notice<'_>,
    game_name: &str,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let payload = PushPayload {
        title: game_name.to_owned(),
        body: notice.kind.sentence(notice.detail),
        url: notice.link_path.clone(),
    };
    queries::queue_for_devices(conn, recipient, notice.kind, &payload, now).await
}

/// One kind's push choice on the page.
pub struct PushChoice {
    pub kind: &'static str,
    pub label: &'static str,
    pub pushed: bool,
}

/// The account's push choices, one per kind of notice.
pub async fn push_choices(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<PushChoice>, sqlx::Error> {
    let on = queries::kinds_on(conn, account_id).await?;
    Ok(NoticeKind::ALL
        .into_iter()
        .map(|kind| PushChoice {
            kind: kind.as_str(),
            label: kind.choice_label(),
            pushed: on.iter().any(|on| on == kind.as_str()),
        })
        .collect())
}

#[cfg(test)]
mod tests;
