//! The API's errors as RFC 9457 problem details (`application/problem+json`), never an HTML page and
//! never a 500 for a request the client got wrong.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::AppError;

/// An RFC 9457 problem: `type` is always `about:blank`, so `title` is the status's own phrase and
/// `detail` says what went wrong in words a player can act on.
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    #[serde(rename = "type")]
    #[schema(example = "about:blank")]
    pub kind: &'static str,
    #[schema(example = "Conflict")]
    pub title: &'static str,
    #[schema(example = 409)]
    pub status: u16,
    #[schema(example = "The deadline has passed and this phase is being processed; nothing was saved.")]
    pub detail: String,
}

/// Everything an API handler can fail with.
#[derive(Debug)]
pub enum ApiError {
    /// The site's own errors, with their status and public message.
    App(AppError),
    /// No token, or a token that is unknown or revoked, where one is needed.
    Unauthenticated(String),
    /// Over the account's (or address's) requests per minute: try again after this many seconds.
    RateLimited { retry_after_secs: i64 },
}

pub type ApiResult<T> = Result<T, ApiError>;

impl From<AppError> for ApiError {
    fn from(error: AppError) -> Self {
        match error {
            AppError::Unauthorized => ApiError::Unauthenticated(
                "Send a personal API token as `Authorization: Bearer <token>` (create one on your profile).".to_owned(),
            ),
            other => ApiError::App(other),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        ApiError::App(error.into())
    }
}

impl From<PathRejection> for ApiError {
    // A path segment that does not parse as an id names nothing: answered as for an unknown id.
    fn from(_: PathRejection) -> Self {
        ApiError::App(AppError::NotFound)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::App(AppError::BadRequest(rejection.body_text()))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        // Rejections are the client's fault (400, 413, 415, 422); keep them 4xx whatever axum says.
        let status = rejection.status();
        let status = if status.is_client_error() { status } else { StatusCode::BAD_REQUEST };
        ApiError::App(AppError::Malformed { status, message: without_type_names(&rejection.body_text()) })
    }
}

/// serde's messages name the server's own types ("expected struct OrdersRequest"): what the client must
/// send is said in JSON's words instead, and nothing of the code's insides leaves the server.
fn without_type_names(message: &str) -> String {
    let mut text = message.to_owned();
    for (rust, json) in
        [("expected struct ", "expected a JSON object"), ("expected enum ", "expected one of the documented values")]
    {
        while let Some(at) = text.find(rust) {
            let name_end = text[at + rust.len()..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(text.len(), |length| at + rust.len() + length);
            text.replace_range(at..name_end, json);
        }
    }
    text
}

impl ApiError {
    fn status(&self) -> StatusCode {
        match self {
            ApiError::App(error) => error.status_code(),
            ApiError::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    fn detail(&self) -> String {
        match self {
            ApiError::App(AppError::NotFound) => "There is nothing here, or nothing you may see.".to_owned(),
            ApiError::App(error) => error.public_message(),
            ApiError::Unauthenticated(detail) => detail.clone(),
            ApiError::RateLimited { retry_after_secs } => {
                format!("Too many requests with this token; try again in {retry_after_secs} seconds.")
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::App(AppError::Internal(error)) = &self {
            tracing::error!(error = ?error, "internal error in the API");
        }
        let status = self.status();
        let problem = Problem {
            kind: "about:blank",
            title: status.canonical_reason().unwrap_or("Error"),
            status: status.as_u16(),
            detail: self.detail(),
        };
        let mut response = (status, axum::Json(problem)).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
        match self {
            ApiError::Unauthenticated(_) => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            ApiError::RateLimited { retry_after_secs } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
            }
            ApiError::App(_) => {}
        }
        response
    }
}
