//! The one `AppState` every handler receives.

use std::sync::Arc;

use axum::extract::FromRef;
use sqlx::PgPool;

use crate::clock::{Clock, SystemClock};
use crate::config::Config;

/// Shared by every request; holds no game state (that lives in PostgreSQL, so replicas agree).
#[derive(Clone, FromRef)]
pub struct AppState {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub clock: Arc<dyn Clock>,
}

impl AppState {
    pub fn new(db: PgPool, config: Config) -> Self {
        AppState { db, config: Arc::new(config), clock: Arc::new(SystemClock) }
    }
}
