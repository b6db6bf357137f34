//! Draining the outbox after commit: claim one due mail with `FOR UPDATE SKIP LOCKED`, send it, record
//! the result, commit. Several drainers (replicas) never claim the same mail at once, and a mail recorded
//! as sent is never claimed again.
//!
//! A press mail is checked again when it is claimed: one its recipient no longer wants (muted, opted
//! out, no longer a member) is deleted unsent.
//!
//! A mail is sent while its row is locked and marked sent in the same transaction, so a crash before the
//! commit sends it again later: delivery is at least once, and exactly once whenever the commit succeeds.

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use lettre::Message;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use sqlx::PgPool;

use super::content::{MailContent, RenderContext};
use super::queries::{self, ClaimedMail, MailId};
use super::transport::Mailer;
use crate::press::queries as press_queries;

/// What every mail needs besides its content: the sender and where links point.
#[derive(Debug, Clone)]
pub struct MailSettings {
    pub from: Mailbox,
    /// `PUBLIC_BASE_URL`, without a trailing slash.
    pub base_url: String,
}

/// What one call of [`drain_once`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrainOutcome {
    /// The mail was sent and recorded as sent.
    Sent(MailId),
    /// Sending failed; the mail waits for its next attempt.
    Failed(MailId),
    /// The mail cannot be sent (no address any more, or it failed too often) and is given up.
    Abandoned(MailId),
    /// A press mail nobody wants any more (its recipient muted the conversation, stopped press mail or
    /// left it since it was queued) was deleted unsent.
    Cancelled(MailId),
    /// No mail is due (or every due one is being sent by another drainer).
    Idle,
}

/// After this many failed attempts a mail is abandoned: about three days of retries, enough to outlast
/// an SMTP outage, while a mail still that late would tell of a phase long gone.
pub const MAX_ATTEMPTS: i32 = 20;

/// How long to wait after the `attempts`-th failed attempt: one minute, doubling, at most six hours.
pub fn retry_delay(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(0).min(16);
    Duration::minutes(1_i64 << doublings).min(Duration::hours(6))
}

/// Sends one due mail, if there is one, and records what happened.
pub async fn drain_once(
    pool: &PgPool,
    mailer: &impl Mailer,
    settings: &MailSettings,
    now: DateTime<Utc>,
) -> anyhow::Result<DrainOutcome> {
    let mut tx = pool.begin().await?;
    let Some(mail) = queries::claim_due_mail(&mut tx, now).await? else {
        return Ok(DrainOutcome::Idle);
    };
    let mail_id = mail.mail_id;
    // What was true when a press mail was queued is checked again now: a mute, an opt-out or a seat
    // given up since then stops it.
    if let MailContent::Press { .. } = mail.content.0
        && press_queries::cancel_unwanted_press_mail(&mut tx, mail_id.0).await?
    {
        tx.commit().await?;
        return Ok(DrainOutcome::Cancelled(mail_id));
    }
    let outcome = match envelope(&mail, settings) {
        Err(reason) => {
            queries::record_failure(&mut tx, mail_id, &reason, None).await?;
            DrainOutcome::Abandoned(mail_id)
        }
        Ok(message) => match mailer.send(mail_id, &message).await {
            Ok(()) => {
                queries::mark_sent(&mut tx, mail_id, now).await?;
                DrainOutcome::Sent(mail_id)
            }
            Err(error) => {
                tracing::warn!(%mail_id, error = ?error, "a mail could not be sent");
                let attempts = mail.attempts + 1;
                let retry_at = (attempts < MAX_ATTEMPTS).then(|| now + retry_delay(attempts));
                queries::record_failure(&mut tx, mail_id, &format!("{error:#}"), retry_at).await?;
                if retry_at.is_some() { DrainOutcome::Failed(mail_id) } else { DrainOutcome::Abandoned(mail_id) }
            }
        },
    };
    tx.commit().await?;
    Ok(outcome)
}

/// The message to send, or why there is none to send.
fn envelope(mail: &ClaimedMail, settings: &MailSettings) -> Result<Message, String> {
    let address = mail.email.as_deref().ok_or("the account has no e-mail address any more")?;
    // The one place every mail passes: an address nobody has confirmed gets only its confirmation.
    if !mail.email_confirmed && !matches!(mail.content.0, MailContent::EmailConfirmation { .. }) {
        return Err("the account's e-mail address is not confirmed".to_owned());
    }
    // A confirmation is for the address it names; after a change, the new address gets its own.
    if let MailContent::EmailConfirmation { email, .. } = &mail.content.0
        && !email.eq_ignore_ascii_case(address)
    {
        return Err("the account's e-mail address changed since this confirmation was queued".to_owned());
    }
    let to: Mailbox = address.parse().map_err(|error| format!("the address {address:?} is not valid: {error}"))?;
    let zone: Tz = mail.time_zone.parse().unwrap_or(Tz::UTC);
    let rendered = mail
        .content
        .render(RenderContext { base_url: &settings.base_url, zone })
        .map_err(|error| format!("the mail could not be rendered: {error}"))?;
    Message::builder()
        .message_id(Some(message_id(mail, &settings.from)))
        .from(settings.from.clone())
        .to(to)
        .subject(rendered.subject)
        .header(ContentType::TEXT_PLAIN)
        .body(rendered.body)
        .map_err(|error| format!("the mail could not be built: {error}"))
}

/// The same for every attempt at one mail, so a mail sent twice (a crash between the send and the
/// commit) is recognised as one by mail clients.
fn message_id(mail: &ClaimedMail, from: &Mailbox) -> String {
    format!("<mail-{}.{}@{}>", mail.mail_id, mail.created_at.timestamp(), from.email.domain())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_six_hours() {
        assert_eq!(retry_delay(1), Duration::minutes(1));
        assert_eq!(retry_delay(2), Duration::minutes(2));
        assert_eq!(retry_delay(5), Duration::minutes(16));
        assert_eq!(retry_delay(MAX_ATTEMPTS), Duration::hours(6));
        assert_eq!(retry_delay(1000), Duration::hours(6));
    }
}
