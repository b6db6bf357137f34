//! The deadline worker every server process runs beside the web server. It holds no state of its own:
//! each round asks the database for a due game, so any number of replicas can run it.

use std::sync::Arc;
use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use sqlx::PgPool;

use super::downtime;
use super::tick::{Outcome, tick};
use crate::clock::Clock;

/// How long the worker waits after finding nothing due (or after an error) before asking again.
pub const IDLE_PAUSE: Duration = Duration::from_secs(2);

/// Processes due phases until `shutdown` resolves; drains every due game before pausing. Each round
/// first leaves a heartbeat, extending by `downtime_extension` the deadlines missed while the site was down.
pub async fn run_worker(
    db: PgPool,
    clock: Arc<dyn Clock>,
    downtime_extension: chrono::Duration,
    shutdown: impl std::future::Future<Output = ()>,
) {
    run_worker_counting(db, clock, downtime_extension, shutdown, Counter::default()).await;
}

/// [`run_worker`], counting each processed phase in `processed` (the `/metrics` counter).
pub async fn run_worker_counting(
    db: PgPool,
    clock: Arc<dyn Clock>,
    downtime_extension: chrono::Duration,
    shutdown: impl std::future::Future<Output = ()>,
    processed: Counter,
) {
    tokio::pin!(shutdown);
    loop {
        match downtime::beat(&db, clock.now(), downtime_extension).await {
            Ok(0) => {}
            Ok(games) => tracing::warn!(games, "the site was down past deadlines; they were extended"),
            Err(error) => tracing::error!(error = ?error, "the turn worker could not record its heartbeat"),
        }
        let pause = match tick(&db, clock.now()).await {
            Ok(Outcome::Advanced(game_id)) => {
                tracing::info!(%game_id, "processed a phase");
                processed.inc();
                continue;
            }
            Ok(Outcome::Idle) => IDLE_PAUSE,
            Err(error) => {
                tracing::error!(error = ?error, "the turn worker could not process a game");
                IDLE_PAUSE
            }
        };
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(pause) => {},
        }
    }
}
