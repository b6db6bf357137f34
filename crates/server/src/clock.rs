//! The current time as an input, so tests (and the turn worker later) can fix it.

use chrono::{DateTime, Utc};

/// Where handlers get "now" from; never call `Utc::now()` directly in domain code.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}
