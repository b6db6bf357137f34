//! The deadline worker every server process runs beside the web server. It holds no state of its own:
//! each round asks the database for a due game, so any number of replicas can run it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use prometheus_client::metrics::counter::Counter;
use sqlx::PgPool;

use super::downtime;
use super::tick::{Outcome, tick};
use super::wake::Alarm;
use crate::clock::Clock;

/// How long the worker waits after finding nothing due (or after an error) before asking again,
/// unless woken sooner by a game falling due early (`wake`).
pub const IDLE_PAUSE: Duration = Duration::from_secs(2);

/// How often a worker that keeps finding due games leaves its heartbeat: far more often than the gap
/// that counts as downtime (`downtime::DOWNTIME_THRESHOLD`), far less than once a phase (the heartbeat
/// is one row every worker writes, so beating before each phase would make them queue on it).
pub const BEAT_EVERY: Duration = Duration::from_secs(5);

/// How a worker runs.
#[derive(Debug, Clone, Copy)]
pub struct WorkerSettings {
    /// Downtime extension (see `downtime`).
    pub downtime_extension: chrono::Duration,
    /// Phases processed at once, each in its own transaction and connection. Processing a phase is
    /// mostly waiting for PostgreSQL's answers, so several in flight keep both the server and the
    /// database busy; replicas add their own.
    pub concurrency: usize,
    /// The pause between polls when nothing is due ([`IDLE_PAUSE`] in production).
    pub idle_pause: Duration,
    /// The `/play` queue's waits: the worker forms games with bots, and ends musters.
    pub play: crate::play::Timing,
}

/// Processes due phases until `shutdown` resolves, leaving a heartbeat first and then every
/// [`BEAT_EVERY`] while it drains.
pub async fn run_worker(
    db: PgPool,
    clock: Arc<dyn Clock>,
    settings: WorkerSettings,
    shutdown: impl std::future::Future<Output = ()>,
) {
    run_worker_counting(db, clock, settings, shutdown, Counter::default()).await;
}

/// [`run_worker`], counting each processed phase in `processed` (the `/metrics` counter).
pub async fn run_worker_counting(
    db: PgPool,
    clock: Arc<dyn Clock>,
    settings: WorkerSettings,
    shutdown: impl std::future::Future<Output = ()>,
    processed: Counter,
) {
    tokio::pin!(shutdown);
    let mut alarm = Alarm::new(db.clone());
    alarm.listening().await;
    loop {
        match downtime::beat(&db, clock.now(), settings.downtime_extension).await {
            Ok(0) => {}
            Ok(games) => tracing::warn!(games, "the site was down past deadlines; they were extended"),
            Err(error) => tracing::error!(error = ?error, "the turn worker could not record its heartbeat"),
        }
        play_round(&db, clock.now(), settings.play).await;
        let pause = match drain(&db, clock.as_ref(), settings.concurrency, &processed).await {
            Ok(Drained::Busy) => continue,
            Ok(Drained::Idle) => settings.idle_pause,
            Err(error) => {
                tracing::error!(error = ?error, "the turn worker could not process a game");
                settings.idle_pause
            }
        };
        tokio::select! {
            () = &mut shutdown => return,
            () = alarm.wait(pause) => {},
        }
    }
}

/// Forms the `/play` games whose bots' wait has passed and starts those whose muster has ended.
async fn play_round(db: &PgPool, now: chrono::DateTime<chrono::Utc>, timing: crate::play::Timing) {
    match crate::play::form_waited(db, now, timing).await {
        Ok(formed) if formed.is_empty() => {}
        Ok(formed) => tracing::info!(games = formed.len(), "formed games on /play with bots"),
        Err(error) => tracing::error!(error = ?error, "the turn worker could not form /play games"),
    }
    match crate::play::muster::settle_ended(db, now).await {
        Ok(started) if started.is_empty() => {}
        Ok(started) => tracing::info!(games = started.len(), "started /play games at the end of their muster"),
        Err(error) => tracing::error!(error = ?error, "the turn worker could not end a /play muster"),
    }
}

/// How a drain ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drained {
    /// No game is due.
    Idle,
    /// Games may still be due, but it is time for a heartbeat.
    Busy,
}

/// Processes due games, `concurrency` at a time, until none is due or [`BEAT_EVERY`] has passed.
pub async fn drain(db: &PgPool, clock: &dyn Clock, concurrency: usize, processed: &Counter) -> anyhow::Result<Drained> {
    let started = Instant::now();
    let lane = || async {
        while started.elapsed() < BEAT_EVERY {
            match tick(db, clock.now()).await? {
                Outcome::Advanced(game_id) => {
                    tracing::info!(%game_id, "processed a phase");
                    processed.inc();
                }
                Outcome::Idle => return anyhow::Ok(Drained::Idle),
            }
        }
        Ok(Drained::Busy)
    };
    let lanes = futures_util::future::try_join_all((0..concurrency.max(1)).map(|_| lane())).await?;
    Ok(if lanes.contains(&Drained::Busy) { Drained::Busy } else { Drained::Idle })
}
