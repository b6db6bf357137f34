//! Benchmark: standard phases processed per second by the turn worker's `tick`, for N due games on a
//! real PostgreSQL, with one worker and with two racing. Not a criterion bench: a phase cannot be
//! processed twice, so each figure times drains of N freshly inserted games (several when N is under
//! 1,000), after an untimed warm-up drain and a `vacuum analyze` of the new rows.
//!
//! Needs `DATABASE_URL` (a server where it may create and drop a scratch database); `BENCH_GAMES` sets N
//! (default 1000), `BENCH_CONCURRENCY` the phases each worker has in flight (default 4, as the server's
//! `TURN_WORKER_CONCURRENCY`). Run: `cargo bench -p server --bench turns`.

use std::str::FromStr;
use std::time::{Duration, Instant};

use prometheus_client::metrics::counter::Counter;
use server::clock::SystemClock;
use server::turns::worker::{self, Drained};
use sqlx::postgres::PgConnectOptions;
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
    let pool = server::pool_options(16, std::time::Duration::from_secs(30)).connect_with(options).await?;
    let result = run(&pool, games).await;
    pool.close().await;
    // Forced: the pool's connections may still be closing on the server side.
    admin.execute(format!("drop database {scratch} with (force)").as_str()).await?;
    result
}

async fn run(pool: &PgPool, games: usize) -> anyhow::Result<()> {
    server::MIGRATOR.run(pool).await?;
    let accounts = insert_players(pool, "").await?;
    let concurrency: usize = std::env::var("BENCH_CONCURRENCY").ok().and_then(|n| n.parse().ok()).unwrap_or(4);
    println!(
        "turns: {games} due standard games (Spring 1901, every unit ordered), release build, \
         {concurrency} phases in flight per worker"
    );
    // A running server's pool is open and each connection has prepared its statements: a first,
    // untimed drain does that here, so that short runs time phases, not connection set-up.
    insert_due_games(pool, &accounts, WARM_UP_GAMES).await?;
    drain(pool, 2, concurrency).await?;
    // A drain of a few hundred games lasts a fraction of a second; it is timed several times, so that
    // each figure covers at least `TIMED_PHASES` phases.
    let rounds = TIMED_PHASES.div_ceil(games.max(1));
    for workers in [1, 2] {
        let (mut processed, mut elapsed) = (0, Duration::ZERO);
        for _ in 0..rounds {
            insert_due_games(pool, &accounts, games).await?;
            // A site's due games were created over days, and autovacuum has long since counted them;
            // here they were inserted a moment ago, and its first counts would land mid-drain, each
            // making every connection plan its statements again.
            sqlx::query("vacuum analyze").execute(pool).await?;
            let started = Instant::now();
            let drained = drain(pool, workers, concurrency).await?;
            elapsed += started.elapsed();
            anyhow::ensure!(drained == games, "{workers} worker(s) processed {drained} of {games} phases");
            processed += drained;
        }
        report(workers, rounds, processed, elapsed);
    }
    Ok(())
}

/// The fewest phases one figure covers.
const TIMED_PHASES: usize = 1000;

/// Enough games for every lane of two workers to process several phases.
const WARM_UP_GAMES: usize = 64;

fn report(workers: usize, rounds: usize, processed: usize, elapsed: Duration) {
    let per_second = processed as f64 / elapsed.as_secs_f64();
    println!(
        "turns/{workers}_worker(s): {processed} phases in {rounds} drain(s), {:.2} s = {per_second:.0} phases/s \
         ({:.2} ms per phase)",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / processed as f64
    );
}

/// Runs `workers` workers side by side, each as the server runs its own (`worker::drain`, with
/// `concurrency` phases in flight), until no game is due; returns how many phases they processed.
async fn drain(pool: &PgPool, workers: usize, concurrency: usize) -> anyhow::Result<usize> {
    let processed = Counter::default();
    let loops = (0..workers).map(|_| {
        let (pool, processed) = (pool.clone(), processed.clone());
        tokio::spawn(async move {
            while worker::drain(&pool, &SystemClock, concurrency, &processed).await? == Drained::Busy {}
            anyhow::Ok(())
        })
    });
    for handle in loops.collect::<Vec<_>>() {
        handle.await??;
    }
    Ok(processed.get() as usize)
}
