//! Every change of a game's status, in one place: forming → running (start), running ⇄ paused (the GM's
//! pause and resume), and → finished (a win, a draw, a concession or the GM's "end"). Each runs inside the
//! caller's transaction, which holds the game row's lock.
//!
//! Invariant: only a running game has a deadline; a finished game also carries no deadline notice and no
//! turn retry, so no worker or reminder looks at it again.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::ids::GameId;
use crate::live::GameChange;

/// Marks the game running from `now` with its first deadline.
pub async fn start(
    conn: &mut PgConnection,
    game_id: GameId,
    now: DateTime<Utc>,
    deadline_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set status = 'running', started_at = $2, deadline_at = $3 where game_id = $1",
        game_id as GameId,
        now as _,
        deadline_at as _
    )
    .execute(&mut *conn)
    .await?;
    told(conn, game_id, GameChange::Started).await
}

/// Stops the clock: keeps the time left so [`resume`] can give it back.
pub async fn pause(conn: &mut PgConnection, game_id: GameId, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set status = 'paused',
            paused_remaining_seconds = greatest(0, extract(epoch from deadline_at - $2))::bigint,
            deadline_at = null
         where game_id = $1",
        game_id as GameId,
        now as _
    )
    .execute(&mut *conn)
    .await?;
    told(conn, game_id, GameChange::Paused).await
}

/// Restarts the clock with the time that was left when the game was paused; returns the new deadline.
pub async fn resume(
    conn: &mut PgConnection,
    game_id: GameId,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, sqlx::Error> {
    let deadline = sqlx::query_scalar!(
        r#"update game set status = 'running',
            deadline_at = $2::timestamptz + make_interval(secs => coalesce(paused_remaining_seconds, 0)),
            paused_remaining_seconds = null
         where game_id = $1 returning deadline_at as "deadline_at!: DateTime<Utc>""#,
        game_id as GameId,
        now as _
    )
    .fetch_one(&mut *conn)
    .await?;
    told(conn, game_id, GameChange::Resumed).await?;
    Ok(deadline)
}

/// Ends the game. `result_summary` says how in words (`France wins`, `Draw between ...`); the GM's "end"
/// gives none.
pub async fn finish(
    conn: &mut PgConnection,
    game_id: GameId,
    now: DateTime<Utc>,
    result_summary: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set status = 'finished', finished_at = $2, deadline_at = null, paused_remaining_seconds = null,
            deadline_notice = null, turn_retry_at = null, result_summary = coalesce($3, result_summary)
         where game_id = $1",
        game_id as GameId,
        now as _,
        result_summary
    )
    .execute(&mut *conn)
    .await?;
    told(conn, game_id, GameChange::Ended).await
}

/// Tells the game's live pages (`live`) of the change, in the same transaction.
async fn told(conn: &mut PgConnection, game_id: GameId, change: GameChange) -> Result<(), sqlx::Error> {
    crate::live::raise(conn, game_id, crate::live::Event::Game { change }).await
}
