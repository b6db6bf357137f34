//! SQL for the GM's actions on a game's status and deadline.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::ids::GameId;

/// Stops the clock: keeps the time left so `resume` can give it back.
pub async fn pause(conn: &mut PgConnection, game_id: GameId, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update game set status = 'paused',
            paused_remaining_seconds = greatest(0, extract(epoch from deadline_at - $2))::bigint,
            deadline_at = null
         where game_id = $1",
    )
    .bind(game_id)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Restarts the clock with the time that was left when the game was paused.
pub async fn resume(
    conn: &mut PgConnection,
    game_id: GameId,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, sqlx::Error> {
    sqlx::query_scalar(
        "update game set status = 'running',
            deadline_at = $2 + make_interval(secs => coalesce(paused_remaining_seconds, 0)),
            paused_remaining_seconds = null
         where game_id = $1 returning deadline_at",
    )
    .bind(game_id)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Adds `seconds` to the deadline (or to the time left, while paused); returns the new deadline of a
/// running game.
pub async fn extend(
    conn: &mut PgConnection,
    game_id: GameId,
    seconds: i64,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar(
        "update game set
            deadline_at = deadline_at + make_interval(secs => $2),
            paused_remaining_seconds = paused_remaining_seconds + $2
         where game_id = $1 returning deadline_at",
    )
    .bind(game_id)
    .bind(seconds)
    .fetch_one(conn)
    .await
}

pub async fn finish(conn: &mut PgConnection, game_id: GameId, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update game set status = 'finished', finished_at = $2, deadline_at = null, paused_remaining_seconds = null
         where game_id = $1",
    )
    .bind(game_id)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}
