//! Notifications: e-mail about a game's events, through an outbox table filled in the event's own
//! transaction and drained after the commit by the mail worker (SMTP or files), plus the local Mailbox
//! page where a user reads their own mails when mail stays on this machine.
//!
//! # How it is built
//!
//! e-mail notifications through an outbox. `enqueue.rs` queues mails inside the event's own transaction
//! (`enqueue_game_start` from `games::lifecycle`, `enqueue_new_phase` and `enqueue_game_end` from
//! `turns::tick` and `turns::end`, `enqueue_game_end` from the GM's "end", `enqueue_deadline_extended` from
//! `turns::downtime`, `enqueue_press_notice` for press, batched per conversation); `reminders.rs` queues
//! deadline reminders as time passes; `content.rs` is `MailContent` (what a mail says, stored as json, a
//! closed enum per kind) and its rendering with the `templates/mail/*.txt` templates; `drain.rs` is
//! `drain_once` (claim one due mail with `FOR UPDATE SKIP LOCKED`, send, mark sent or record the failure with
//! a backoff, commit); `transport.rs` the `Mailer` trait, SMTP (lettre over tokio and rustls) and
//! `MailDirectory` (`.eml` files); `worker.rs` the mail worker `run` starts beside the turn worker;
//! `pages.rs` the Mailbox page (`/mailbox`, only with `MAIL_TRANSPORT=file`).

pub mod content;
pub mod drain;
pub mod enqueue;
pub(crate) mod pages;
pub mod queries;
pub mod reminders;
pub mod transport;
pub mod worker;

use axum::Router;
use axum::routing::get;

pub use content::{MailContent, MailKind, RenderContext, RenderedMail};
pub use drain::{DrainOutcome, MailSettings, drain_once};
pub use enqueue::{
    NewPhaseFacts, PressNotice, enqueue_deadline_extended, enqueue_game_end, enqueue_game_start, enqueue_new_phase,
    enqueue_press_notice,
};
pub use reminders::queue_due_reminders;
pub use transport::{MailDirectory, Mailer, Transport};

use crate::config::{Config, PublicBaseUrl};
use crate::state::AppState;

/// How long sent and abandoned mails are kept (the Mailbox page shows them, press batching looks back at
/// the last press mail of a conversation) before the hourly cleanup deletes them.
pub const MAIL_RETENTION: chrono::Duration = chrono::Duration::days(90);

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/mailbox", get(pages::mailbox))
}

impl MailSettings {
    pub fn from_config(config: &Config) -> Self {
        MailSettings { from: config.mail_from.clone(), base_url: base_url(config).to_owned() }
    }
}

/// Where links in mails point: `PUBLIC_BASE_URL`, or nothing (links relative to the site) when unset.
pub fn base_url(config: &Config) -> &str {
    config.public_base_url.as_ref().map_or("", PublicBaseUrl::as_str)
}

#[cfg(test)]
mod tests;
