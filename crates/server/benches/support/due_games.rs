//! Due games for the turn benchmark and the drills (`scripts/drills`): accounts and running standard
//! games whose first phase is due, each seat with a full order sheet, inserted straight into the
//! database. Included by `benches/turns.rs` and `examples/drill.rs` with `#[path]`.

use kinds::{AnyGame, Kind, SeatIndex};
use sqlx::PgPool;

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// A GM and seven players (`{prefix}benchgm_player`, `{prefix}austria_player`, …); returns their ids.
pub async fn insert_players(pool: &PgPool, prefix: &str) -> anyhow::Result<Vec<i64>> {
    let mut accounts = Vec::new();
    for name in ["benchgm"].into_iter().chain(POWERS) {
        let id: i64 = sqlx::query_scalar(
            "insert into account (username, display_name, password_hash, time_zone)
             values ($1, $1, 'benchmark accounts never log in', 'UTC') returning account_id",
        )
        .bind(format!("{prefix}{name}_player"))
        .fetch_one(pool)
        .await?;
        accounts.push(id);
    }
    Ok(accounts)
}

/// Inserts `count` running standard games whose first phase is due, each seat with a full order sheet.
pub async fn insert_due_games(pool: &PgPool, accounts: &[i64], count: usize) -> anyhow::Result<()> {
    let state =
        AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).map_err(|error| anyhow::anyhow!("{error}"))?;
    let phase = state.phase();
    let sheets: Vec<String> = (0..7u16)
        .map(|seat| {
            let form = state.order_form(SeatIndex(seat));
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
