//! Benchmark: standard phases processed per second by the turn worker's `tick`, for N due games on a
//! real PostgreSQL, with one worker and with two racing. Not a criterion bench: each measurement drains
//! a queue of games once (a phase cannot be processed twice), so it reports one timed run per setup.
//!
//! Needs `DATABASE_URL` (a server where it may create and drop a scratch database); `BENCH_GAMES` sets N
//! (default 1000). Run: `cargo bench -p server --bench turns`.

use std::str::FromStr;
use std::time::{Duration, Instant};

use chrono::Utc;
use server::turns::{Outcome, tick};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor, PgConnection, PgPool};

#[path = "support/due_games.rs"]
mod due_games;

use due_games::{insert_due_games, insert_players};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("turns benchmark skipped: set DATABASE_URL to a PostgreSQL server it may create a database on");
        return Ok(());
    };
    let games: usize = std::env::var("BENCH_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let scratch = format!("bench_turns_{}", std::process::id());
    let mut admin = PgConnection::connect(&url).await?;
    admin.execute(format!("create database {scratch}").as_str()).await?;
    let options = PgConnectOptions::from_str(&url)?.database(&scratch);
    let pool = PgPoolOptions::new().max_connections(4).connect_with(options).await?;
    let result = run(&pool, games).await;
    pool.close().await;
    // Forced: the pool's connections may still be closing on the server side.
    admin.execute(format!("drop database {scratch} with (force)").as_str()).await?;
    result
}

async fn run(pool: &PgPool, games: usize) -> anyhow::Result<()> {
    server::MIGRATOR.run(pool).await?;
    let accounts = insert_players(pool, "").await?;
    println!("turns: {games} due standard games (Spring 1901, every unit ordered), release build");
    for workers in [1, 2] {
        insert_due_games(pool, &accounts, games).await?;
        let started = Instant::now();
        let processed = drain(pool, workers).await?;
        report(workers, processed, started.elapsed());
        anyhow::ensure!(processed == games, "{workers} worker(s) processed {processed} of {games} phases");
    }
    Ok(())
}

fn report(workers: usize, processed: usize, elapsed: Duration) {
    let per_second = processed as f64 / elapsed.as_secs_f64();
    println!(
        "turns/{workers}_worker(s): {processed} phases in {:.2} s = {per_second:.0} phases/s ({:.2} ms per phase)",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / processed as f64
    );
}

/// Runs `workers` tick loops side by side until no game is due; returns how many phases they processed.
async fn drain(pool: &PgPool, workers: usize) -> anyhow::Result<usize> {
    let loops = (0..workers).map(|_| {
        let pool = pool.clone();
        tokio::spawn(async move {
            let mut processed = 0;
            while let Outcome::Advanced(_) = tick(&pool, Utc::now()).await? {
                processed += 1;
            }
            anyhow::Ok(processed)
        })
    });
    let mut total = 0;
    for handle in loops.collect::<Vec<_>>() {
        total += handle.await??;
    }
    Ok(total)
}
