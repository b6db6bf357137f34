//! SQL of the players' votes.

use sqlx::PgConnection;

use super::Motion;
use crate::ids::{GameId, SeatId};

pub async fn set_vote(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    motion: Motion,
    yes: bool,
) -> Result<(), sqlx::Error> {
    let done = if yes {
        sqlx::query!(
            "insert into player_vote (game_id, seat_id, motion) values ($1, $2, $3) on conflict do nothing",
            game_id as GameId,
            seat_id as SeatId,
            motion as Motion
        )
        .execute(conn)
        .await
    } else {
        sqlx::query!(
            "delete from player_vote where game_id = $1 and seat_id = $2 and motion = $3",
            game_id as GameId,
            seat_id as SeatId,
            motion as Motion
        )
        .execute(conn)
        .await
    };
    done.map(drop)
}

/// The seats voting for the motion.
pub async fn votes_for(conn: &mut PgConnection, game_id: GameId, motion: Motion) -> Result<Vec<SeatId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select seat_id as "seat_id: SeatId" from player_vote where game_id = $1 and motion = $2"#,
        game_id as GameId,
        motion as Motion
    )
    .fetch_all(conn)
    .await
}

/// The motions one seat votes for.
pub async fn seat_votes(conn: &mut PgConnection, game_id: GameId, seat_id: SeatId) -> Result<Vec<Motion>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select motion as "motion: Motion" from player_vote where game_id = $1 and seat_id = $2 order by motion"#,
        game_id as GameId,
        seat_id as SeatId
    )
    .fetch_all(conn)
    .await
}

pub async fn clear_votes(conn: &mut PgConnection, game_id: GameId, motion: Motion) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from player_vote where game_id = $1 and motion = $2", game_id as GameId, motion as Motion)
        .execute(conn)
        .await
        .map(drop)
}

pub async fn mark_cancelled(conn: &mut PgConnection, game_id: GameId) -> Result<(), sqlx::Error> {
    sqlx::query!("update game set cancelled = true where game_id = $1", game_id as GameId).execute(conn).await.map(drop)
}
