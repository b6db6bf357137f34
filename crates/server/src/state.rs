//! The one `AppState` every handler receives.

use std::sync::Arc;

use axum::extract::FromRef;
use sqlx::PgPool;

pub use crate::accounts::password::PasswordHashing;
use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::metrics::registry::Metrics;

/// Shared by every request; holds no game state (that lives in PostgreSQL, so replicas agree).
#[derive(Clone, FromRef)]
pub struct AppState {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub clock: Arc<dyn Clock>,
    /// Permits for Argon2 hashes and verifications, one per core: each takes 19 MiB and a core for tens
    /// of milliseconds, so more at once only queue for the cores while holding their memory (a flood
    /// of registrations once took the server from 194 MB to 3.1 GB).
    pub password_hashing: PasswordHashing,
    /// This process's Prometheus metrics (recorded and served only when the config asks).
    pub metrics: Arc<Metrics>,
    /// This process's fan-out of game events to its event streams (`live`): a listener and a channel,
    /// no game state.
    pub live: crate::live::Hub,
}

impl AppState {
    pub fn new(db: PgPool, config: Config) -> Self {
        AppState {
            db,
            config: Arc::new(config),
            clock: Arc::new(SystemClock),
            password_hashing: PasswordHashing::per_core(),
            metrics: Arc::new(Metrics::default()),
            live: crate::live::Hub::default(),
        }
    }
}
