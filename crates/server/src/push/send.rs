//! Draining `outbox_push` after commit: claim one due push with `FOR UPDATE SKIP LOCKED`, encrypt and
//! sign it, send it, and delete it (or record the failure) in the same transaction, as the mail drainer
//! does. A push service answering 404 or 410 no longer knows the device: its subscription is deleted.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use web_push::{
    ContentEncoding, HyperWebPushClient, SubscriptionInfo, VapidSignatureBuilder, WebPushClient, WebPushError,
    WebPushMessage, WebPushMessageBuilder,
};

use super::keys::VapidKeys;
use super::queries::{self, ClaimedPush};
use crate::notify::drain::retry_delay;

/// After this many failed attempts a push is given up: a notification that late tells of the past.
pub const MAX_ATTEMPTS: i32 = 8;

/// How long a push service keeps a push for a device that is offline.
const TIME_TO_LIVE_SECS: u32 = 24 * 3600;

/// How long one push service may take to answer.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// Sends one encrypted, signed push.
pub trait Pusher: Sync {
    fn push(&self, message: WebPushMessage) -> impl Future<Output = Result<(), WebPushError>> + Send;
}

/// Pushes over HTTPS (or HTTP, for a local push service) with the `web-push` crate's hyper client.
#[derive(Clone, Default)]
pub struct WebPusher {
    client: HyperWebPushClient,
}

impl Pusher for WebPusher {
    async fn push(&self, message: WebPushMessage) -> Result<(), WebPushError> {
        match tokio::time::timeout(SEND_TIMEOUT, self.client.send(message)).await {
            Ok(sent) => sent,
            Err(_) => Err(WebPushError::Io(std::io::Error::from(std::io::ErrorKind::TimedOut))),
        }
    }
}

/// What one call of [`drain_once`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushOutcome {
    Sent(i64),
    /// Failed; waits for its next attempt.
    Failed(i64),
    /// Failed too often, or cannot be built: dropped.
    Abandoned(i64),
    /// The push service no longer knows the device: its subscription was deleted.
    DeviceGone(i64),
    Idle,
}

/// How the site signs: its keys and the contact it gives push services.
#[derive(Debug, Clone)]
pub struct Signing {
    pub keys: VapidKeys,
    pub subject: String,
}

/// Sends one due push, if there is one, and records what happened.
pub async fn drain_once(
    pool: &PgPool,
    pusher: &impl Pusher,
    signing: &Signing,
    now: DateTime<Utc>,
) -> Result<PushOutcome, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let Some(push) = queries::claim_due_push(&mut tx, now).await? else {
        return Ok(PushOutcome::Idle);
    };
    let outcome = match message(&push, signing) {
        Err(error) => {
            tracing::warn!(push_id = push.push_id, %error, "a push could not be built");
            queries::delete_push(&mut tx, push.push_id).await?;
            PushOutcome::Abandoned(push.push_id)
        }
        Ok(message) => match pusher.push(message).await {
            Ok(()) => {
                queries::delete_push(&mut tx, push.push_id).await?;
                PushOutcome::Sent(push.push_id)
            }
            Err(WebPushError::EndpointNotValid(_) | WebPushError::EndpointNotFound(_)) => {
                queries::forget_device(&mut tx, push.subscription_id).await?;
                PushOutcome::DeviceGone(push.subscription_id)
            }
            Err(error) => {
                tracing::warn!(push_id = push.push_id, %error, "a push could not be sent");
                let attempts = push.attempts + 1;
                if attempts < MAX_ATTEMPTS {
                    queries::retry_push_at(&mut tx, push.push_id, now + retry_delay(attempts)).await?;
                    PushOutcome::Failed(push.push_id)
                } else {
                    queries::delete_push(&mut tx, push.push_id).await?;
                    PushOutcome::Abandoned(push.push_id)
                }
            }
        },
    };
    tx.commit().await?;
    Ok(outcome)
}

/// The push encrypted for the device (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292).
fn message(push: &ClaimedPush, signing: &Signing) -> Result<WebPushMessage, WebPushError> {
    let info = SubscriptionInfo::new(push.endpoint.as_str(), push.p256dh.as_str(), push.auth.as_str());
    let mut signature = VapidSignatureBuilder::from_base64(&signing.keys.private_key, &info)?;
    signature.add_claim("aud", audience(&push.endpoint)?);
    signature.add_claim("sub", signing.subject.as_str());
    let payload = serde_json::to_vec(&push.payload.0).map_err(|_| WebPushError::InvalidClaims)?;
    let mut builder = WebPushMessageBuilder::new(&info);
    builder.set_payload(ContentEncoding::Aes128Gcm, &payload);
    builder.set_ttl(TIME_TO_LIVE_SECS);
    builder.set_vapid_signature(signature.build()?);
    builder.build()
}

/// The push service's origin, which RFC 8292 makes the token's audience: with its port unless it is the
/// scheme's default. The crate's own audience leaves every port out, which a push service on another
/// port refuses.
fn audience(endpoint: &str) -> Result<String, WebPushError> {
    let endpoint = url::Url::parse(endpoint).map_err(|_| WebPushError::InvalidUri)?;
    Ok(endpoint.origin().ascii_serialization())
}

/// Sends every due push, then returns.
pub async fn drain_until_idle(pool: &PgPool, pusher: &impl Pusher, signing: &Signing, now: DateTime<Utc>) {
    loop {
        match drain_once(pool, pusher, signing, now).await {
            Ok(PushOutcome::Idle) => return,
            Ok(PushOutcome::DeviceGone(subscription_id)) => {
                tracing::info!(subscription_id, "forgot a device its push service no longer knows");
            }
            Ok(_) => {}
            Err(error) => {
                tracing::error!(%error, "the mail worker could not drain the push outbox");
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::audience;

    #[test]
    fn the_audience_is_the_push_services_origin_with_a_port_only_when_it_is_not_the_default() {
        assert_eq!(audience("https://push.example/send/abc").unwrap(), "https://push.example");
        assert_eq!(audience("https://push.example:443/send/abc").unwrap(), "https://push.example");
        assert_eq!(audience("https://push.example:8443/send/abc").unwrap(), "https://push.example:8443");
        assert_eq!(audience("http://127.0.0.1:8080/x").unwrap(), "http://127.0.0.1:8080");
        assert!(audience("not a url").is_err());
    }
}
