//! SQL for the GM's actions on a game's status and deadline.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::ids::GameId;

/// Adds `seconds` to the deadline (or to the time left, while paused); returns the new deadline of a
/// running game.
pub async fn extend(
    conn: &mut PgConnection,
    game_id: GameId,
    seconds: i64,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"update game set
            deadline_at = deadline_at + make_interval(secs => $2::bigint),
            paused_remaining_seconds = paused_remaining_seconds + $2::bigint
         where game_id = $1 returning deadline_at as "deadline_at: DateTime<Utc>""#,
        game_id as GameId,
        seconds
    )
    .fetch_one(conn)
    .await
}
