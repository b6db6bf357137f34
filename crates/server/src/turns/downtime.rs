//! After the site was down: deadlines that passed while no turn worker ran are extended (by
//! `DOWNTIME_EXTENSION_HOURS`) and the players told, instead of everyone being processed as missing
//! orders. Workers leave a heartbeat in the database; a gap in it is the downtime.

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use sqlx::{PgConnection, PgPool};

use super::queries;
use crate::games::queries as game_queries;
use crate::ids::GameId;
use crate::notify;

/// A gap between heartbeats longer than this means no worker ran (a running worker beats every few
/// seconds).
pub const DOWNTIME_THRESHOLD: Duration = Duration::minutes(10);

/// Records that a worker is running at `now`. If none ran for longer than [`DOWNTIME_THRESHOLD`], first
/// extends every deadline that has passed to `now + extension`. Returns how many games were extended.
pub async fn beat(pool: &PgPool, now: DateTime<Utc>, extension: Duration) -> anyhow::Result<u64> {
    let mut tx = pool.begin().await?;
    let last = queries::swap_heartbeat(&mut tx, now).await?;
    let extended = match last {
        Some(last) if now - last > DOWNTIME_THRESHOLD => {
            let notice = format!(
                "The site was down when this phase's deadline passed, so the deadline was extended by {} hours.",
                extension.num_hours()
            );
            let games = queries::extend_passed_deadlines(&mut tx, now, now + extension, &notice).await?;
            for game_id in &games {
                keep_off_no_process_days(&mut tx, *game_id).await?;
                notify::enqueue_deadline_extended(&mut tx, *game_id, extension, now).await?;
            }
            games.len() as u64
        }
        Some(_) | None => 0,
    };
    tx.commit().await?;
    Ok(extended)
}

/// An extended deadline that falls on one of the game's no-process weekdays moves on past it.
async fn keep_off_no_process_days(conn: &mut PgConnection, game_id: GameId) -> anyhow::Result<()> {
    let game = game_queries::game(conn, game_id).await?.context("an extended game has a row")?;
    if let Some(deadline) = game.deadline_at {
        let allowed = game.settings().deadlines.on_a_processing_day(deadline);
        if allowed != deadline {
            queries::move_deadline(conn, game_id, allowed).await?;
        }
    }
    Ok(())
}
