//! Measured run: how long after the last seat marks ready the turn worker has processed the phase, with
//! the real worker loop (`run_worker`, polling every `IDLE_PAUSE` = 2 s) woken through `LISTEN/NOTIFY`.
//! Each round makes one game's every seat ready in one transaction (as the order page's "ready" does,
//! through `bring_deadline_forward_if_all_ready`), commits, and times until the phase's `processed_at`
//! is set (read every millisecond). Rounds start at random offsets from the worker's poll, so a worker
//! that only polled would average about 1 s.
//!
//! Needs `DATABASE_URL` (a server where it may create and drop a scratch database); `BENCH_ROUNDS` sets
//! the number of rounds (default 50). Run: `cargo bench -p server --bench wake`.

use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;
use server::clock::SystemClock;
use server::ids::GameId;
use server::turns::worker::{self, WorkerSettings};
use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, Executor, PgConnection, PgPool};

#[path = "support/due_games.rs"]
mod due_games;

use due_games::{insert_due_games, insert_players};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("wake benchmark skipped: set DATABASE_URL to a PostgreSQL server it may create a database on");
        return Ok(());
    };
    let rounds: usize = std::env::var("BENCH_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(50);
    let scratch = format!("bench_wake_{}", std::process::id());
    let mut admin = PgConnection::connect(&url).await?;
    admin.execute(format!("create database {scratch}").as_str()).await?;
    let options = PgConnectOptions::from_str(&url)?.database(&scratch);
    let pool = server::pool_options(16, Duration::from_secs(30)).connect_with(options).await?;
    let result = run(&pool, rounds).await;
    pool.close().await;
    admin.execute(format!("drop database {scratch} with (force)").as_str()).await?;
    result
}

async fn run(pool: &PgPool, rounds: usize) -> anyhow::Result<()> {
    server::MIGRATOR.run(pool).await?;
    let accounts = insert_players(pool, "").await?;
    insert_due_games(pool, &accounts, rounds).await?;
    // Not due: each waits for its seats to be ready.
    sqlx::query("update game set deadline_at = now() + interval '1 day', process_when_ready = true")
        .execute(pool)
        .await?;
    let games: Vec<GameId> = sqlx::query_scalar("select game_id from game order by game_id").fetch_all(pool).await?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let settings = WorkerSettings {
        downtime_extension: chrono::Duration::hours(24),
        concurrency: 4,
        idle_pause: worker::IDLE_PAUSE,
        play: server::play::Timing { bot_wait: chrono::Duration::minutes(10), muster: chrono::Duration::minutes(5) },
    };
    let running = tokio::spawn(worker::run_worker(pool.clone(), Arc::new(SystemClock), settings, async {
        stopped.await.ok();
    }));
    let mut latencies = Vec::with_capacity(games.len());
    for game_id in games {
        let offset = rand::rng().random_range(0..2000);
        tokio::time::sleep(Duration::from_millis(offset)).await;
        latencies.push(ready_and_wait(pool, game_id).await?);
    }
    let _ = stop.send(());
    running.await?;
    latencies.sort();
    let at = |share: f64| latencies[((latencies.len() - 1) as f64 * share).round() as usize];
    println!(
        "wake: {} rounds, ready to processed: median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
        latencies.len(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.9).as_secs_f64() * 1000.0,
        at(1.0).as_secs_f64() * 1000.0
    );
    Ok(())
}

/// Marks every seat of the game ready in one transaction, as the last player's "ready" does, and times
/// until the worker has processed the phase.
async fn ready_and_wait(pool: &PgPool, game_id: GameId) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let mut tx = pool.begin().await?;
    sqlx::query("update seat_order set ready = true where game_id = $1").bind(game_id).execute(&mut *tx).await?;
    let due =
        server::turns::queries::bring_deadline_forward_if_all_ready(&mut tx, game_id, 0, chrono::Utc::now()).await?;
    anyhow::ensure!(due, "game {game_id} was not brought forward");
    tx.commit().await?;
    let processed = "select processed_at is not null from phase where game_id = $1 and phase_index = 0";
    while !sqlx::query_scalar::<_, bool>(processed).bind(game_id).fetch_one(pool).await? {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    Ok(started.elapsed())
}
