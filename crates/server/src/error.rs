//! The one error type of the server, rendered as an HTML error page with the right status.

use std::collections::BTreeMap;

use askama::Template;
use axum::extract::rejection::{PathRejection, RawFormRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::pages::Nav;

/// Everything a handler can fail with. Internal errors are logged and shown to nobody.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("That page does not exist.")]
    NotFound,
    #[error("Please log in first.")]
    Unauthorized,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    TooManyRequests(String),
    #[error("The request took too long. Please try again.")]
    TimedOut,
    /// The database cannot be reached (down, restarting, or every connection busy past the pool's
    /// acquire timeout): a page that says so at once, instead of a hang and a generic 500.
    #[error("The site is down for a moment: nothing you sent is lost. Please try again in a minute.")]
    Unavailable,
    /// Too many requests of one kind at once (password hashing): try again shortly.
    #[error("{0}")]
    Busy(String),
    /// A request the framework could not parse (bad form body, oversized body, wrong content type).
    #[error("{message}")]
    Malformed { status: StatusCode, message: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    pub fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Unauthorized => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::TimedOut => StatusCode::REQUEST_TIMEOUT,
            AppError::Unavailable | AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Malformed { status, .. } => *status,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What the visitor is told: internal errors' causes are for the log only.
    pub fn public_message(&self) -> String {
        match self {
            AppError::Internal(_) => {
                "Something went wrong on our side. It has been logged; please try again later.".to_owned()
            }
            other => other.to_string(),
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        if database_unreachable(&error) {
            tracing::warn!(%error, "database unreachable");
            return AppError::Unavailable;
        }
        AppError::Internal(error.into())
    }
}

/// Whether `error` says the database could not be reached or went away, rather than that a query was
/// wrong: no connection within the acquire timeout (PostgreSQL down: sqlx retries a refused connection
/// until then), a broken socket, or the server shutting down or starting up (SQLSTATE class 57P).
fn database_unreachable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(database) => database.code().is_some_and(|code| code.starts_with("57P")),
        _ => false,
    }
}

/// Whether a sqlx error's text is one of [`database_unreachable`]'s errors. A database error's text
/// is PostgreSQL's message without its SQLSTATE, so class 57P is recognised by its messages, in the
/// English of the C locale the clusters run in: `terminating connection …` when a stop, a crash or an
/// administrator ends the session (57P01, 57P02, 57P04), `the database system is …` while it starts or
/// stops (57P03).
fn unreachable_database_text(message: &str) -> bool {
    let shutting_down = message
        .strip_prefix("error returned from database: ")
        .is_some_and(|text| text.starts_with("terminating connection") || text.starts_with("the database system is"));
    shutting_down
        || [sqlx::Error::PoolTimedOut.to_string(), sqlx::Error::PoolClosed.to_string()].contains(&message.to_owned())
        || message.starts_with("error communicating with database")
}

impl From<RawFormRejection> for AppError {
    fn from(rejection: RawFormRejection) -> Self {
        malformed(rejection.status(), rejection.body_text())
    }
}

impl From<tower_sessions::session::Error> for AppError {
    /// The session store is PostgreSQL through sqlx, which hands its errors over only as text: the texts
    /// of an unreachable database become the 503 page, anything else stays a bug.
    fn from(error: tower_sessions::session::Error) -> Self {
        use tower_sessions::session::Error as SessionError;
        use tower_sessions::session_store::Error as StoreError;
        match error {
            SessionError::Store(StoreError::Backend(message)) if unreachable_database_text(&message) => {
                tracing::warn!(%message, "session store unreachable");
                AppError::Unavailable
            }
            other => AppError::Internal(anyhow::Error::new(other).context("session store")),
        }
    }
}

impl From<PathRejection> for AppError {
    // A path segment that does not parse as an id names nothing: answer as for an unknown id.
    fn from(_: PathRejection) -> Self {
        AppError::NotFound
    }
}

fn malformed(status: StatusCode, detail: String) -> AppError {
    let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
        "The request was too large.".to_owned()
    } else {
        format!("The request could not be read: {detail}")
    };
    // Rejections are client errors; keep them 4xx even if axum ever reports otherwise.
    let status = if status.is_client_error() { status } else { StatusCode::BAD_REQUEST };
    AppError::Malformed { status, message }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    nav: Nav,
    status: u16,
    reason: &'static str,
    message: String,
    show_login: bool,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status_code();
        if let AppError::Internal(error) = &self {
            tracing::error!(error = ?error, "internal error");
        }
        let page = ErrorPage {
            nav: Nav::neutral(),
            status: status.as_u16(),
            reason: status.canonical_reason().unwrap_or("Error"),
            message: self.public_message(),
            show_login: matches!(self, AppError::Unauthorized),
        };
        match page.render() {
            Ok(html) => (status, axum::response::Html(html)).into_response(),
            Err(error) => {
                tracing::error!(%error, "error page failed to render");
                (status, page.message).into_response()
            }
        }
    }
}

/// Field-by-field messages for a form that is shown again with what the user typed.
#[derive(Debug, Default, Clone)]
pub struct FormErrors(BTreeMap<&'static str, String>);

impl FormErrors {
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_insert_with(|| message.into());
    }

    /// The message for `field`, or "" (templates show nothing then).
    pub fn get(&self, field: &str) -> &str {
        self.0.get(field).map(String::as_str).unwrap_or("")
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every field with its message, in field order (the API names them all in one problem).
    pub fn messages(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.0.iter().map(|(field, message)| (*field, message.as_str()))
    }
}

/// Whether `error` is a violation of the named constraint (to turn it into a form error).
pub fn violates(error: &sqlx::Error, constraint: &str) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.constraint() == Some(constraint))
}

/// Answers a form that failed validation: the page again, with its messages, as 422.
pub fn invalid_form(page: impl IntoResponse) -> Response {
    (StatusCode::UNPROCESSABLE_ENTITY, page).into_response()
}
