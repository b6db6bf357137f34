//! Extractors: who is asking (`Viewer`, `SignedIn`), from where (`ClientAddress`), and
//! `Form`/`Path`/`Query` wrappers whose rejections become 4xx error pages and which take control
//! characters out of every text field before any handler sees it.

pub use crate::user::User;
use std::borrow::Cow;
use std::net::SocketAddr;

use axum::extract::{
    ConnectInfo, FromRef, FromRequest, FromRequestParts, OptionalFromRequestParts, RawForm, RawPathParams, Request,
};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use chrono_tz::Tz;
use serde::de::DeserializeOwned;
use sqlx::PgPool;
use tower_sessions::Session;

use crate::config::Config;
use crate::error::AppError;
use crate::ids::AccountId;
use crate::pages::Nav;
use crate::state::AppState;

/// `axum::Form`, answering a malformed or oversized body with an error page, with control characters
/// taken out of every name and value (see [`without_control_characters`]).
pub struct Form<T>(pub T);

impl<T, S> FromRequest<S> for Form<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        // A GET form is read from the query string, and its errors are the query's (400), as in axum.
        let from_query = matches!(*request.method(), Method::GET | Method::HEAD);
        let RawForm(bytes) = RawForm::from_request(request, state).await?;
        let (status, what) = if from_query {
            (StatusCode::BAD_REQUEST, "Failed to deserialize form")
        } else {
            (StatusCode::UNPROCESSABLE_ENTITY, "Failed to deserialize form body")
        };
        serde_urlencoded::from_bytes(&without_control_characters_urlencoded(&bytes))
            .map(Form)
            .map_err(|error| unreadable(status, what, error))
    }
}

/// `axum::extract::Path`, answering an unparsable id with a 404 page, and a path whose parameters hold
/// a control character with a 404 too: no name or id holds one (forms strip them), and PostgreSQL
/// refuses NUL in text, which would otherwise be a 500.
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if let Ok(raw) = RawPathParams::from_request_parts(parts, state).await
            && raw.iter().any(|(_, value)| value.contains(is_refused_control))
        {
            return Err(AppError::NotFound);
        }
        let axum::extract::Path(value) =
            <axum::extract::Path<T> as FromRequestParts<S>>::from_request_parts(parts, state).await?;
        Ok(Path(value))
    }
}

/// `axum::extract::Query`, answering a malformed query string with a 400 page, with control characters
/// taken out as for [`Form`].
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default().as_bytes();
        serde_urlencoded::from_bytes(&without_control_characters_urlencoded(query))
            .map(Query)
            .map_err(|error| unreadable(StatusCode::BAD_REQUEST, "Failed to deserialize query string", error))
    }
}

fn unreadable(status: StatusCode, what: &str, error: serde_urlencoded::de::Error) -> AppError {
    AppError::Malformed { status, message: format!("The request could not be read: {what}: {error}") }
}

/// Whether `c` is taken out of submitted text: every Unicode control character (C0, DEL, C1) but tab,
/// line feed and carriage return, which text areas send.
fn is_refused_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// `text` without control characters other than tab and line breaks. Decided once, here, for every
/// field of every form and query: nobody types a NUL or an escape on purpose, PostgreSQL refuses NUL in
/// `text` and `jsonb` (a 500 before this), and other controls only hide text from the people reading
/// it. Stripping rather than refusing keeps every form working as typed, with nothing to re-type.
pub fn without_control_characters(text: &str) -> Cow<'_, str> {
    if text.contains(is_refused_control) {
        Cow::Owned(text.chars().filter(|c| !is_refused_control(*c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// An `application/x-www-form-urlencoded` body or query with [`without_control_characters`] applied to
/// every name and value; the bytes themselves when there was nothing to take out.
fn without_control_characters_urlencoded(encoded: &[u8]) -> Cow<'_, [u8]> {
    let pairs = url::form_urlencoded::parse(encoded);
    if !pairs.clone().any(|(name, value)| name.contains(is_refused_control) || value.contains(is_refused_control)) {
        return Cow::Borrowed(encoded);
    }
    let mut cleaned = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in pairs {
        cleaned.append_pair(&without_control_characters(&name), &without_control_characters(&value));
    }
    Cow::Owned(cleaned.finish().into_bytes())
}

const SESSION_ACCOUNT_KEY: &str = "account_id";
/// The account's `session_epoch` when this session logged in (absent in sessions older than it: 0).
const SESSION_EPOCH_KEY: &str = "session_epoch";
const SESSION_FLASH_KEY: &str = "flash";
/// The day (days since 1970, UTC) this session's expiry was last pushed forward.
const SESSION_RENEWED_KEY: &str = "renewed_day";

/// Anyone: a logged-in user or a visitor. Takes the flash message, so the page shows it once.
pub struct Viewer {
    pub user: Option<User>,
    pub nav: Nav,
    pub session: Session,
}

/// A logged-in user; visitors get a 401 page inviting them to log in.
pub struct SignedIn {
    pub user: User,
    pub nav: Nav,
    pub session: Session,
}

impl<S> FromRequestParts<S> for Viewer
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let (session, user) = session_and_user(parts, state).await?;
        if user.is_some() {
            renew_daily(&session, unix_day(time::OffsetDateTime::now_utc())).await?;
        }
        let flash = take_flash(&session).await?;
        let nav = Nav::new(user.as_ref(), flash);
        Ok(Viewer { user, nav, session })
    }
}

/// The request's session and the account signed in to it, if any (still live and not deleted).
async fn session_and_user<S>(parts: &mut Parts, state: &S) -> Result<(Session, Option<User>), AppError>
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    let session = Session::from_request_parts(parts, state)
        .await
        .map_err(|(_, message)| AppError::Internal(anyhow::anyhow!(message)))?;
    let user = match session_account(&session).await? {
        Some(account_id) => load_current_user(&PgPool::from_ref(state), &session, account_id).await?,
        None => None,
    };
    Ok((session, user))
}

/// Who is asking, for a request that runs beside a page (an event stream): like [`Viewer`], but it
/// leaves the flash message for the next page and never renews the session.
pub struct Reader {
    pub user: Option<User>,
}

impl<S> FromRequestParts<S> for Reader
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let (_, user) = session_and_user(parts, state).await?;
        Ok(Reader { user })
    }
}

impl<S> FromRequestParts<S> for SignedIn
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Viewer { user, nav, session } = Viewer::from_request_parts(parts, state).await?;
        let user = user.ok_or(AppError::Unauthorized)?;
        Ok(SignedIn { user, nav, session })
    }
}

impl<S> OptionalFromRequestParts<S> for SignedIn
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let Viewer { user, nav, session } = <Viewer as FromRequestParts<S>>::from_request_parts(parts, state).await?;
        Ok(user.map(|user| SignedIn { user, nav, session }))
    }
}

async fn session_account(session: &Session) -> Result<Option<AccountId>, AppError> {
    session.get::<AccountId>(SESSION_ACCOUNT_KEY).await.map_err(session_error)
}

/// The flash message, removed from the session only when there is one: a removal marks the session
/// changed, and a changed session is written back (a durable commit) at the end of the request.
async fn take_flash(session: &Session) -> Result<Option<String>, AppError> {
    if session.get::<String>(SESSION_FLASH_KEY).await.map_err(session_error)?.is_none() {
        return Ok(None);
    }
    session.remove::<String>(SESSION_FLASH_KEY).await.map_err(session_error)
}

/// Keeps a signed-in session alive with at most one write a day. tower-sessions pushes an
/// `OnInactivity` expiry forward only when it saves a changed session, and it saves only changed
/// ones: marking the session changed on the first visit of each day renews it, while every other page
/// view reads the session without writing it. A session so ends 29 to 30 days after the last visit.
async fn renew_daily(session: &Session, today: i64) -> Result<(), AppError> {
    let renewed = session.get::<i64>(SESSION_RENEWED_KEY).await.map_err(session_error)?;
    if renewed == Some(today) {
        return Ok(());
    }
    session.insert(SESSION_RENEWED_KEY, today).await.map_err(session_error)
}

fn unix_day(at: time::OffsetDateTime) -> i64 {
    at.unix_timestamp().div_euclid(86_400)
}

fn session_error(error: tower_sessions::session::Error) -> AppError {
    AppError::from(error)
}

/// Remembers `account_id` as logged in, under a fresh session id (no session fixation), valid while
/// the account's session epoch stays `session_epoch`.
pub async fn log_in(session: &Session, account_id: AccountId, session_epoch: i32) -> Result<(), AppError> {
    session.cycle_id().await.map_err(session_error)?;
    session.insert(SESSION_ACCOUNT_KEY, account_id).await.map_err(session_error)?;
    session.insert(SESSION_EPOCH_KEY, session_epoch).await.map_err(session_error)
}

/// The session's account, unless the account has since ended its other sessions (a password change,
/// "log out everywhere else"): then this session is ended too, and the visitor is logged out.
async fn load_current_user(db: &PgPool, session: &Session, account_id: AccountId) -> Result<Option<User>, AppError> {
    let Some((user, account_epoch)) = load_user(db, account_id).await? else {
        return Ok(None);
    };
    let session_epoch = session.get::<i32>(SESSION_EPOCH_KEY).await.map_err(session_error)?.unwrap_or(0);
    if session_epoch == account_epoch {
        return Ok(Some(user));
    }
    log_out(session).await?;
    Ok(None)
}

/// Forgets the session entirely, on the server and in the browser.
pub async fn log_out(session: &Session) -> Result<(), AppError> {
    session.flush().await.map_err(session_error)
}

/// A message shown once on the next page this browser loads.
pub async fn set_flash(session: &Session, message: impl Into<String>) -> Result<(), AppError> {
    session.insert(SESSION_FLASH_KEY, message.into()).await.map_err(session_error)
}

/// The account as a [`User`] (for the API's tokens, which have no session epoch), if it exists.
pub(crate) async fn account_user(db: &PgPool, account_id: AccountId) -> Result<Option<User>, AppError> {
    Ok(load_user(db, account_id).await?.map(|(user, _)| user))
}

/// The account and its session epoch.
async fn load_user(db: &PgPool, account_id: AccountId) -> Result<Option<(User, i32)>, AppError> {
    let row = sqlx::query!(
        r#"select account_id as "account_id: AccountId", username, display_name, time_zone, is_site_admin,
            session_epoch,
            (select count(*) from notice n where n.account_id = account.account_id and n.read_at is null)
              as "unread_notices!"
         from account where account_id = $1 and deleted_at is null"#,
        account_id as AccountId
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|row| {
        let user = User {
            account_id: row.account_id,
            username: row.username,
            display_name: row.display_name,
            // A zone that no longer parses (tz database changes) falls back to UTC rather than failing.
            time_zone: row.time_zone.parse().unwrap_or(Tz::UTC),
            is_site_admin: row.is_site_admin,
            unread_notices: row.unread_notices,
        };
        (user, row.session_epoch)
    }))
}

/// The client's address, for login throttling.
pub struct ClientAddress(pub String);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(ClientAddress(client_address(parts, &state.config)))
    }
}

pub(crate) fn client_address(parts: &Parts, config: &Config) -> String {
    if config.trust_forwarded_for {
        let forwarded = parts
            .headers
            .get("x-forwarded-for")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(',').next())
            .map(str::trim)
            .filter(|value| !value.is_empty());
        if let Some(address) = forwarded {
            return address.to_owned();
        }
    }
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or_else(|| "unknown".to_owned(), |ConnectInfo(address)| address.ip().to_string())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tower_sessions::{MemoryStore, Session};

    use super::*;

    /// A session as a request finds it: saved earlier, loaded afresh, unchanged so far.
    async fn reloaded(session: &Session, store: &Arc<MemoryStore>) -> Session {
        session.save().await.unwrap();
        let again = Session::new(session.id(), store.clone(), None);
        again.load().await.unwrap();
        again
    }

    #[tokio::test]
    async fn a_session_is_renewed_on_the_first_visit_of_each_day_only() {
        let store = Arc::new(MemoryStore::default());
        let session = Session::new(None, store.clone(), None);
        renew_daily(&session, 20_000).await.unwrap();
        assert!(session.is_modified(), "a session never renewed is renewed");

        let same_day = reloaded(&session, &store).await;
        renew_daily(&same_day, 20_000).await.unwrap();
        assert!(!same_day.is_modified(), "a second visit the same day writes nothing");

        renew_daily(&same_day, 20_001).await.unwrap();
        assert!(same_day.is_modified(), "the next day's first visit renews it");
    }

    #[tokio::test]
    async fn taking_a_flash_changes_the_session_only_when_there_was_one() {
        let store = Arc::new(MemoryStore::default());
        let session = Session::new(None, store.clone(), None);
        session.insert("other", 1).await.unwrap();
        let without = reloaded(&session, &store).await;
        assert_eq!(take_flash(&without).await.unwrap(), None);
        assert!(!without.is_modified());

        set_flash(&without, "Saved.").await.unwrap();
        let with = reloaded(&without, &store).await;
        assert_eq!(take_flash(&with).await.unwrap().as_deref(), Some("Saved."));
        assert!(with.is_modified(), "the flash is gone for the next page");
        assert_eq!(take_flash(&with).await.unwrap(), None, "shown once");
    }

    #[test]
    fn a_day_starts_at_midnight_utc() {
        let midnight = time::OffsetDateTime::from_unix_timestamp(20_419 * 86_400).unwrap();
        assert_eq!(unix_day(midnight), unix_day(midnight + time::Duration::hours(23)));
        assert_eq!(unix_day(midnight) - 1, unix_day(midnight - time::Duration::seconds(1)));
    }
}
