//! Prometheus metrics (`prometheus-client`): requests by route template and status, their latency,
//! phases processed, the mail queue and the database pool. Off unless `METRICS` or `METRICS_BIND` says
//! otherwise.
//!
//! Counters and histograms are this process's own: each replica is scraped on its own and Prometheus
//! adds them up. What the replicas share (the mail queue) is read from the database at scrape time, so
//! every replica reports the same, true, figure.

mod queries;
pub mod registry;

pub use registry::{Metrics, ResponseLabels, RouteLabels};

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::AppError;
use crate::state::AppState;

/// Middleware recording every request under its route template (`unmatched` for the 404 fallback).
pub async fn record(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method()).to_owned();
    let route = request.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_owned();
    let response = next.run(request).await;
    metrics.observe(&method, &route, response.status().as_u16(), started.elapsed().as_secs_f64());
    response
}

/// The method as a label: one of HTTP's own methods, or `other`. Any token is a method to hyper, and a
/// label per made-up method grew the registry without bound (20,000 of them: 106 MB, and `/metrics`
/// failed for good).
fn method_label(method: &Method) -> &'static str {
    const KNOWN: [Method; 9] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::PATCH,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ];
    KNOWN.iter().find(|known| *known == method).map_or("other", Method::as_str)
}

/// `GET /metrics`.
pub async fn exposition(State(state): State<AppState>) -> Result<Response, AppError> {
    let text = state.metrics.render(&state.db).await?;
    Ok(([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], text).into_response())
}

/// The router of the separate metrics address (`METRICS_BIND`): `/metrics` and nothing else.
pub fn router(state: AppState) -> Router {
    Router::new().route("/metrics", get(exposition)).with_state(state)
}

#[cfg(test)]
mod tests;
