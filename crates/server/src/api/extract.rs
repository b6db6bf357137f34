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
