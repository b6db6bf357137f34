//! Benchmark: standard phases processed per second by the turn worker's `tick`, for N due games on a
//! real PostgreSQL, with one worker and with two racing. Not a criterion bench: each measurement drains
//! a queue of games once (a phase cannot be processed twice), so it reports one timed run per setup.
//!
//! Needs `DATABASE_URL` (a server where it may create and drop a scratch database); `BENCH_GAMES` sets N
//! (default 1000). Run: `cargo bench -p server --bench turns`.

use std::str::FromStr;
use std::time::{Duration, Instant};

use chrono::Utc;
use games::{AnyGame, Kind, SeatId};
use server::turns::{Outcome, tick};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor, PgConnection, PgPool};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

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
    let accounts = insert_players(pool).await?;
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

async fn insert_players(pool: &PgPool) -> anyhow::Result<Vec<i64>> {
    let mut accounts = Vec::new();
    for name in ["benchgm"].into_iter().chain(POWERS) {
        let id: i64 = sqlx::query_scalar(
            "insert into account (username, display_name, password_hash, time_zone)
             values ($1, $1, 'benchmark accounts never log in', 'UTC') returning account_id",
        )
        .bind(format!("{name}_player"))
        .fetch_one(pool)
        .await?;
        accounts.push(id);
    }
    Ok(accounts)
}

/// Inserts `count` running standard games whose first phase is due, each seat with a full order sheet.
async fn insert_due_games(pool: &PgPool, accounts: &[i64], count: usize) -> anyhow::Result<()> {
    let state =
        AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).map_err(|error| anyhow::anyhow!("{error}"))?;
    let phase = state.phase();
    let sheets: Vec<String> = (0..7u16)
        .map(|seat| {
            let form = state.order_form(SeatId(seat));
            form.rows
                .iter()
                .filter_map(|row| row.choices.last().map(|choice| choice.value.clone()))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    let mut tx = pool.begin().await?;
    for index in 0..count {
        let game_id: i64 = sqlx::query_scalar(
            "insert into game (kind, name, gm_account_id, status, invite_code, seat_count, rng_seed, deadline_at,
                started_at)
             values ('standard', 'Benchmark', $1, 'running', gen_random_uuid()::text, 7, $2,
                now() - interval '1 minute', now())
             returning game_id",
        )
        .bind(accounts[0])
        .bind(index as i64)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "insert into phase (game_id, phase_index, code, label, stage, state, started_at)
             values ($1, 0, $2, $3, 'movement', $4, now())",
        )
        .bind(game_id)
        .bind(&phase.code)
        .bind(&phase.label)
        .bind(state.to_json())
        .execute(&mut *tx)
        .await?;
        for (number, (power, sheet)) in POWERS.iter().zip(&sheets).enumerate() {
            let seat_id: i64 = sqlx::query_scalar(
                "insert into seat (game_id, account_id, game_seat) values ($1, $2, $3) returning seat_id",
            )
            .bind(game_id)
            .bind(accounts[number + 1])
            .bind(number as i16)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query("insert into seat_power (seat_id, game_id, power) values ($1, $2, $3::power)")
                .bind(seat_id)
                .bind(game_id)
                .bind(power)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "insert into seat_order (game_id, phase_index, seat_id, orders, must_order) values ($1, 0, $2, $3, true)",
            )
            .bind(game_id)
            .bind(seat_id)
            .bind(sheet)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
