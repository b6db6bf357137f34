//! The mail worker every server process runs beside the turn worker. It holds no state: each round
//! answers waiting password-reset requests and queues due deadline reminders, then drains every due
//! mail and every due push (`push::send`), so any number of replicas can run it.

use std::sync::Arc;
use std::time::Duration;

use sqlx::PgPool;

use super::drain::{DrainOutcome, MailSettings, drain_once};
use super::reminders::queue_due_reminders;
use super::transport::Mailer;
use crate::accounts::resets::answer_reset_requests;
use crate::clock::Clock;
use crate::push::Pusher;
use crate::push::keys::{KeyError, site_keys};
use crate::push::send::{Signing, drain_until_idle as drain_pushes};

/// How the worker signs pushes: `VAPID_PRIVATE_KEY` (or, when `None`, the key kept in the database) and
/// the contact given to push services.
#[derive(Debug, Clone)]
pub struct PushSettings {
    pub configured_key: Option<String>,
    pub subject: String,
}

/// How long the worker waits after finding nothing to send (or after an error) before looking again.
pub const IDLE_PAUSE: Duration = Duration::from_secs(5);

/// Queues reminders and sends due mail until `shutdown` resolves.
pub async fn run_mail_worker(
    db: PgPool,
    clock: Arc<dyn Clock>,
    mailer: impl Mailer,
    settings: MailSettings,
    (pusher, push_settings): (impl Pusher, PushSettings),
    shutdown: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    let mut signing = None;
    loop {
        if let Err(error) = answer_reset_requests(&db, clock.now()).await {
            tracing::error!(error = ?error, "the mail worker could not answer password-reset requests");
        }
        if let Err(error) = queue_due_reminders(&db, clock.now()).await {
            tracing::error!(error = ?error, "the mail worker could not queue deadline reminders");
        }
        drain_until_idle(&db, &mailer, &settings, clock.as_ref()).await;
        if signing.is_none() {
            signing = push_signing(&db, &push_settings, clock.as_ref())
                .await
                .inspect_err(|error| {
                    tracing::error!(%error, "the mail worker has no VAPID key to push with");
                })
                .ok();
        }
        if let Some(signing) = &signing {
            drain_pushes(&db, &pusher, signing, clock.now()).await;
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(IDLE_PAUSE) => {},
        }
    }
}

async fn drain_until_idle(db: &PgPool, mailer: &impl Mailer, settings: &MailSettings, clock: &dyn Clock) {
    loop {
        match drain_once(db, mailer, settings, clock.now()).await {
            Ok(DrainOutcome::Sent(mail_id)) => tracing::info!(%mail_id, "sent a mail"),
            Ok(DrainOutcome::Abandoned(mail_id)) => tracing::warn!(%mail_id, "gave up a mail"),
            Ok(DrainOutcome::Cancelled(mail_id)) => tracing::info!(%mail_id, "dropped a press mail no longer wanted"),
            // A failed mail waits for its retry time; others may still be due.
            Ok(DrainOutcome::Failed(_)) => {}
            Ok(DrainOutcome::Idle) => return,
            Err(error) => {
                tracing::error!(error = ?error, "the mail worker could not drain the outbox");
                return;
            }
        }
    }
}

async fn push_signing(db: &PgPool, settings: &PushSettings, clock: &dyn Clock) -> Result<Signing, KeyError> {
    let mut conn = db.acquire().await?;
    let keys = site_keys(&mut conn, settings.configured_key.as_deref(), clock.now()).await?;
    Ok(Signing { keys, subject: settings.subject.clone() })
}
