//! The API's `Path`, `Query` and `Json` extractors: their rejections are problems (a bad id is a 404,
//! a bad body or query a 4xx), never HTML pages.

use axum::extract::{FromRequest, FromRequestParts};

use super::problem::ApiError;
use crate::extract::without_control_characters;

/// The site's [`Path`](crate::extract::Path) (a control character in a parameter names nothing), with
/// problems for rejections.
#[derive(FromRequestParts)]
#[from_request(via(crate::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// `axum::Json` with control characters taken out of every string (keys too), as the site's forms take
/// them out of every field ([`without_control_characters`]): PostgreSQL refuses NUL in text, and a
/// client's stray escape should neither fail a request nor reach another player's screen.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<serde_json::Value>::from_request(request, state).await?;
        // Written back and read as `T` through axum, so a body of the wrong shape is rejected as before.
        let cleaned = serde_json::to_vec(&without_controls(value))
            .map_err(|error| ApiError::App(crate::error::AppError::Internal(error.into())))?;
        let axum::Json(parsed) = axum::Json::<T>::from_bytes(&cleaned)?;
        Ok(ApiJson(parsed))
    }
}

fn without_controls(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(text) => Value::String(without_control_characters(&text).into_owned()),
        Value::Array(items) => Value::Array(items.into_iter().map(without_controls).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, field)| (without_control_characters(&key).into_owned(), without_controls(field)))
                .collect(),
        ),
        other => other,
    }
}

/// A JSON body that may be left out (`DELETE` and `POST` requests whose every field is optional): no
/// `Content-Type` and no bytes is `T::default()`; bytes without the JSON type are a 415 as for
/// [`ApiJson`], so a body is never silently ignored.
pub struct OptionalJson<T>(pub T);

impl<T, S> FromRequest<S> for OptionalJson<T>
where
    T: serde::de::DeserializeOwned + Default,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        if request.headers().contains_key(axum::http::header::CONTENT_TYPE) {
            let ApiJson(value) = ApiJson::<T>::from_request(request, state).await?;
            return Ok(OptionalJson(value));
        }
        let bytes = axum::body::Bytes::from_request(request, state).await.map_err(|rejection| {
            crate::error::AppError::Malformed { status: rejection.status(), message: rejection.body_text() }
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        Err(ApiError::App(crate::error::AppError::Malformed {
            status: axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: "Send the body as `Content-Type: application/json`, or send no body.".to_owned(),
        }))
    }
}

/// A phase index as JSON Schema reads `integer`: any number with no fraction, `3.0` included (a client
/// that writes every number as a float is within the document, so it is within the server too).
pub fn whole_i32<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<i32, D::Error> {
    use serde::Deserialize;
    use serde::de::Error;
    let number = serde_json::Number::deserialize(deserializer)?;
    as_whole_i32(&number).ok_or_else(|| D::Error::custom(format!("expected a whole number, found {number}")))
}

/// [`whole_i32`] for a field that may be left out or null.
pub fn whole_i32_or_none<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<i32>, D::Error> {
    use serde::Deserialize;
    use serde::de::Error;
    let Some(number) = Option::<serde_json::Number>::deserialize(deserializer)? else { return Ok(None) };
    as_whole_i32(&number).map(Some).ok_or_else(|| D::Error::custom(format!("expected a whole number, found {number}")))
}

fn as_whole_i32(number: &serde_json::Number) -> Option<i32> {
    if let Some(whole) = number.as_i64() {
        return i32::try_from(whole).ok();
    }
    let float = number.as_f64()?;
    let in_range = float >= f64::from(i32::MIN) && float <= f64::from(i32::MAX);
    // In range and without a fraction, the cast is exact.
    (float.fract() == 0.0 && in_range).then_some(float as i32)
}
