//! Who calls the API: a personal token sent as `Authorization: Bearer`, or nobody (a visitor, who reads
//! what a visitor's pages show). Cookies are never read here, so no other site can make a browser act
//! through the API (no CSRF exposure), and every request is counted against its account's (or, without
//! a working token, its address's) requests per minute in PostgreSQL, shared by every replica.

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgConnection;

use super::problem::ApiError;
use super::queries;
use crate::accounts::throttle::{self, Counter};
use crate::extract::{User, account_user, client_address};
use crate::state::AppState;

/// What every token starts with, so a leaked one is recognisable (secret scanners, logs).
pub const TOKEN_PREFIX: &str = "bc_";

/// Requests are counted over windows of this length.
pub const RATE_WINDOW: Duration = Duration::minutes(1);

/// A new token: `bc_` and 64 hex digits of 256 random bits from the operating system's generator.
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{TOKEN_PREFIX}{hex}")
}

/// What is stored of a token: its SHA-256. A token carries 256 random bits, so a fast hash is enough
/// (nothing to guess by brute force), and lookups stay one index probe.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// The caller of one API request: the token's account, or a visitor.
pub struct ApiCaller {
    pub user: Option<User>,
}

/// A caller with a token, for the API's writes and the caller's own seat.
pub struct ApiUser {
    pub user: User,
}

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let now = state.clock.now();
        let mut conn = state.db.acquire().await?;
        let limit = state.config.api_requests_per_minute;
        // Per account, not per token: an account's 20 tokens share one allowance, and revoking one and
        // creating another starts nothing anew. A visitor, and a request whose token works for nobody
        // (a probe), count against their address.
        let by_address = || Counter { scope: "api_address", key: client_address(parts, &state.config), limit };
        let (account, counter) = match bearer_token(parts)? {
            Some(token) => match queries::use_token(&mut conn, &token_hash(token), now).await? {
                Some(account_id) => {
                    (Some(account_id), Counter { scope: "api_account", key: account_id.to_string(), limit })
                }
                None => {
                    take_request_slot(&mut conn, parts, &by_address(), now).await?;
                    return Err(ApiError::Unauthenticated("This API token is unknown, expired or revoked.".to_owned()));
                }
            },
            None => (None, by_address()),
        };
        take_request_slot(&mut conn, parts, &counter, now).await?;
        drop(conn);
        let user = match account {
            Some(account_id) => Some(
                account_user(&state.db, account_id)
                    .await?
                    .ok_or_else(|| ApiError::Unauthenticated("This token's account is gone.".to_owned()))?,
            ),
            None => None,
        };
        Ok(ApiCaller { user })
    }
}

impl FromRequestParts<AppState> for ApiUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let caller = ApiCaller::from_request_parts(parts, state).await?;
        let user = caller.user.ok_or(ApiError::Unauthenticated(
            "This needs a personal API token, sent as `Authorization: Bearer <token>`.".to_owned(),
        ))?;
        Ok(ApiUser { user })
    }
}

/// Counts one request against `counter`, leaving where its window stands for the `RateLimit` headers;
/// past its limit, a 429 with the seconds until its window ends.
async fn take_request_slot(
    conn: &mut PgConnection,
    parts: &Parts,
    counter: &Counter,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let within = throttle::take_slot(conn, std::slice::from_ref(counter), RATE_WINDOW, now).await?;
    let window = queries::window_of(conn, counter.scope, &counter.key).await?;
    let reset_secs = retry_after(window.map(|window| window.started_at), now);
    let used = window.map_or(1, |window| window.hits);
    let standing = RateStanding { limit: counter.limit, remaining: (counter.limit - used).max(0), reset_secs };
    if let Some(slot) = parts.extensions.get::<RateSlot>() {
        slot.record(standing);
    }
    if within {
        return Ok(());
    }
    Err(ApiError::RateLimited { retry_after_secs: reset_secs })
}

/// Where the caller's requests per minute stand after this request, for the `RateLimit` headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateStanding {
    pub limit: i32,
    pub remaining: i32,
    pub reset_secs: i64,
}

/// Carries the standing from the caller's extractor to the response: the `rate_limit_headers` layer puts
/// one in each request's extensions (an extractor cannot touch the response) and reads it back.
#[derive(Clone, Default)]
pub struct RateSlot(std::sync::Arc<std::sync::Mutex<Option<RateStanding>>>);

impl RateSlot {
    fn record(&self, standing: RateStanding) {
        // A poisoned lock only means another thread panicked mid-write of a Copy value: keep going.
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(standing);
    }

    pub fn standing(&self) -> Option<RateStanding> {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The token of an `Authorization: Bearer` header; `None` without the header. Any other scheme, or a
/// header that is not text, is refused rather than read as a visitor, so a misconfigured bot learns
/// at once that it is not signed in.
fn bearer_token(parts: &Parts) -> Result<Option<&str>, ApiError> {
    let Some(value) = parts.headers.get(header::AUTHORIZATION) else { return Ok(None) };
    let refused = || ApiError::Unauthenticated("Send the token as `Authorization: Bearer <token>`.".to_owned());
    let text = value.to_str().map_err(|_| refused())?;
    let (scheme, token) = text.trim().split_once(' ').ok_or_else(refused)?;
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() {
        return Err(refused());
    }
    Ok(Some(token))
}

/// Seconds until the counter's window ends (at least 1).
fn retry_after(window_started_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> i64 {
    let ends = window_started_at.map_or(now + RATE_WINDOW, |started| started + RATE_WINDOW);
    (ends - now).num_seconds().clamp(1, RATE_WINDOW.num_seconds())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_recognisable_and_only_their_hash_is_kept() {
        let (one, two) = (new_token(), new_token());
        assert_ne!(one, two);
        assert!(one.starts_with(TOKEN_PREFIX) && one.len() == TOKEN_PREFIX.len() + 64, "{one}");
        assert_eq!(token_hash(&one), token_hash(&one));
        assert_ne!(token_hash(&one), token_hash(&two));
    }

    #[test]
    fn retry_after_counts_down_to_the_end_of_the_window_and_never_below_a_second() {
        let now = Utc::now();
        assert_eq!(retry_after(Some(now - Duration::seconds(45)), now), 15);
        assert_eq!(retry_after(Some(now - Duration::seconds(60)), now), 1);
        assert_eq!(retry_after(None, now), 60);
    }
}
