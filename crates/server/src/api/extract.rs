//! The API's `Path`, `Query` and `Json` extractors: their rejections are problems (a bad id is a 404,
//! a bad body or query a 4xx), never HTML pages.

use axum::extract::{FromRequest, FromRequestParts};

use super::problem::ApiError;

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

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
