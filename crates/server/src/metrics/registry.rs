//! The process's metrics registry that `AppState` holds: its series, labels and rendering.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use sqlx::PgPool;

use super::queries;
use crate::error::AppError;

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
