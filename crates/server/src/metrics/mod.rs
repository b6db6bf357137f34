//! Prometheus metrics (`prometheus-client`): requests by route template and status, their latency,
//! phases processed, the mail queue and the database pool. Off unless `METRICS` or `METRICS_BIND` says
//! otherwise.
//!
//! Counters and histograms are this process's own: each replica is scraped on its own and Prometheus
//! adds them up. What the replicas share (the mail queue) is read from the database at scrape time, so
//! every replica reports the same, true, figure.

mod queries;

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use sqlx::PgPool;

use crate::error::AppError;
use crate::state::AppState;

/// A request's route as its template (`/games/{game_id}`), never the path itself: ids and invite codes
/// would make a series per game and put secrets in the metrics.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub method: String,
    pub route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ResponseLabels {
    pub method: String,
    pub route: String,
    pub status: u16,
}

type LatencyFamily = Family<RouteLabels, Histogram, fn() -> Histogram>;

/// Every metric the process keeps, and the registry that writes them out.
pub struct Metrics {
    registry: Registry,
    requests: Family<ResponseLabels, Counter>,
    latency: LatencyFamily,
    /// Phases this process's turn worker processed.
    pub phases_processed: Counter,
    mail_pending: Gauge,
    mail_due: Gauge,
    pool_connections: Gauge,
    pool_idle: Gauge,
    pool_max: Gauge,
}

/// From 1 ms to about 16 s, doubling.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("backchannel");
        let requests = Family::<ResponseLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route template and status", requests.clone());
        let latency: LatencyFamily = Family::new_with_constructor(latency_histogram);
        registry.register(
            "http_request_duration_seconds",
            "Time from a request's arrival to its response, by route template",
            latency.clone(),
        );
        let phases_processed = Counter::default();
        registry.register("phases_processed", "Phases this process's turn worker processed", phases_processed.clone());
        let mail_pending = Gauge::default();
        registry.register("mail_queue_pending", "Mails waiting to be sent (all replicas)", mail_pending.clone());
        let mail_due = Gauge::default();
        registry.register("mail_queue_due", "Pending mails whose time to go has come (all replicas)", mail_due.clone());
        let pool_connections = Gauge::default();
        registry.register("db_pool_connections", "Database connections open in this process", pool_connections.clone());
        let pool_idle = Gauge::default();
        registry.register("db_pool_idle_connections", "Open database connections not in use", pool_idle.clone());
        let pool_max = Gauge::default();
        registry.register("db_pool_max_connections", "Most database connections this process opens", pool_max.clone());
        Metrics {
            registry,
            requests,
            latency,
            phases_processed,
            mail_pending,
            mail_due,
            pool_connections,
            pool_idle,
            pool_max,
        }
    }
}

impl Metrics {
    /// Counts one answered request.
    pub fn observe(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let route_labels = RouteLabels { method: method.to_owned(), route: route.to_owned() };
        self.latency.get_or_create(&route_labels).observe(seconds);
        let labels = ResponseLabels { method: route_labels.method, route: route_labels.route, status };
        self.requests.get_or_create(&labels).inc();
    }

    /// The text exposition, with the shared figures read now.
    pub async fn render(&self, db: &PgPool) -> Result<String, AppError> {
        let queue = queries::mail_queue(db, chrono::Utc::now()).await?;
        self.mail_pending.set(queue.pending);
        self.mail_due.set(queue.due);
        self.pool_connections.set(i64::from(db.size()));
        self.pool_idle.set(i64::try_from(db.num_idle()).unwrap_or(i64::MAX));
        self.pool_max.set(i64::from(db.options().get_max_connections()));
        let mut text = String::new();
        encode(&mut text, &self.registry).map_err(|error| AppError::Internal(error.into()))?;
        Ok(text)
    }
}

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
