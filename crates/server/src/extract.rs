//! Extractors: who is asking (`Viewer`, `SignedIn`), from where (`ClientAddress`), and
//! `Form`/`Path`/`Query` wrappers whose rejections become 4xx error pages.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRef, FromRequest, FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use chrono_tz::Tz;
use sqlx::PgPool;
use tower_sessions::Session;

use crate::config::Config;
use crate::error::AppError;
use crate::ids::AccountId;
use crate::pages::Nav;
use crate::state::AppState;

/// `axum::Form`, answering a malformed or oversized body with an error page.
#[derive(FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct Form<T>(pub T);

/// `axum::extract::Path`, answering an unparsable id with a 404 page.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

/// `axum::extract::Query`, answering a malformed query string with a 400 page.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

/// A logged-in account, as loaded for this request.
#[derive(Debug, Clone)]
pub struct User {
    pub account_id: AccountId,
    pub username: String,
    pub display_name: String,
    pub time_zone: Tz,
    pub is_site_admin: bool,
}

const SESSION_ACCOUNT_KEY: &str = "account_id";
const SESSION_FLASH_KEY: &str = "flash";

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
        let session = Session::from_request_parts(parts, state)
            .await
            .map_err(|(_, message)| AppError::Internal(anyhow::anyhow!(message)))?;
        let db = PgPool::from_ref(state);
        let user = match session_account(&session).await? {
            Some(account_id) => load_user(&db, account_id).await?,
            None => None,
        };
        let flash = take_flash(&session).await?;
        let nav = Nav::new(user.as_ref(), flash);
        Ok(Viewer { user, nav, session })
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

async fn take_flash(session: &Session) -> Result<Option<String>, AppError> {
    session.remove::<String>(SESSION_FLASH_KEY).await.map_err(session_error)
}

fn session_error(error: tower_sessions::session::Error) -> AppError {
    AppError::Internal(anyhow::Error::new(error).context("session store"))
}

/// Remembers `account_id` as logged in, under a fresh session id (no session fixation).
pub async fn log_in(session: &Session, account_id: AccountId) -> Result<(), AppError> {
    session.cycle_id().await.map_err(session_error)?;
    session.insert(SESSION_ACCOUNT_KEY, account_id).await.map_err(session_error)
}

/// Forgets the session entirely, on the server and in the browser.
pub async fn log_out(session: &Session) -> Result<(), AppError> {
    session.flush().await.map_err(session_error)
}

/// A message shown once on the next page this browser loads.
pub async fn set_flash(session: &Session, message: impl Into<String>) -> Result<(), AppError> {
    session.insert(SESSION_FLASH_KEY, message.into()).await.map_err(session_error)
}

#[derive(sqlx::FromRow)]
struct UserRow {
    account_id: AccountId,
    username: String,
    display_name: String,
    time_zone: String,
    is_site_admin: bool,
}

async fn load_user(db: &PgPool, account_id: AccountId) -> Result<Option<User>, AppError> {
    let row: Option<UserRow> = sqlx::query_as(
        "select account_id, username, display_name, time_zone, is_site_admin
         from account where account_id = $1",
    )
    .bind(account_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|row| User {
        account_id: row.account_id,
        username: row.username,
        display_name: row.display_name,
        // A zone that no longer parses (tz database changes) falls back to UTC rather than failing.
        time_zone: row.time_zone.parse().unwrap_or(Tz::UTC),
        is_site_admin: row.is_site_admin,
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

fn client_address(parts: &Parts, config: &Config) -> String {
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
