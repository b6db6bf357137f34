//! The one `AppState` every handler receives.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::FromRef;
use sqlx::PgPool;
use tokio::sync::Semaphore;

use crate::accounts::password::Memories;
use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::metrics::Metrics;

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
}

/// The semaphore bounding concurrent password hashes (see [`AppState::password_hashing`]), how long a
/// request waits for a permit before it is answered 503, and the permits' reused working memories
/// (`accounts::password`).
#[derive(Clone)]
pub struct PasswordHashing {
    pub permits: Arc<Semaphore>,
    pub queue_timeout: Duration,
    pub memories: Memories,
}

impl PasswordHashing {
    /// One permit per core the process may use; a request waits up to 10 s for one.
    pub fn per_core() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        PasswordHashing {
            permits: Arc::new(Semaphore::new(cores)),
            queue_timeout: Duration::from_secs(10),
            memories: Memories::default(),
        }
    }
}

impl AppState {
    pub fn new(db: PgPool, config: Config) -> Self {
        AppState {
            db,
            config: Arc::new(config),
            clock: Arc::new(SystemClock),
            password_hashing: PasswordHashing::per_core(),
            metrics: Arc::new(Metrics::default()),
        }
    }
}
