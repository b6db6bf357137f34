//! The `game_event` table and its notifications.

use sqlx::PgConnection;

use super::{EVENT_CHANNEL, EventKind, KEPT_FOR, StoredEvent};
use crate::ids::{AccountId, GameId};

pub async fn insert_event(
    conn: &mut PgConnection,
    game_id: GameId,
    kind: EventKind,
    audience: Option<&[i64]>,
    data: &serde_json::Value,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into game_event (game_id, kind, audience, data, created_at) values ($1, $2, $3, $4, now())
         returning event_id",
        game_id as GameId,
        kind.as_str(),
        audience as _,
        data
    )
    .fetch_one(conn)
    .await
}

pub async fn notify(conn: &mut PgConnection, payload: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("select pg_notify($1, $2)", EVENT_CHANNEL, payload).execute(conn).await.map(drop)
}

/// The game's stored events a reader who had event `after` may lack, oldest first: those with a higher
/// id, and those whose transaction was still running when `after` was written (they may have committed
/// after it with a lower id), less the earlier events of `after`'s own transaction. The second kind may
/// include events the reader already had, which committed before `after` in a transaction still running
/// when `after` was written.
pub async fn events_after(
    conn: &mut PgConnection,
    game_id: GameId,
    after: i64,
) -> Result<Vec<StoredEvent>, sqlx::Error> {
    let rows = sqlx::query!(
        "select event_id, kind, audience, data from game_event
         where game_id = $1 and (event_id > $2 or (xact_id >= (select horizon from game_event where event_id = $2)
                                                   and xact_id <> (select xact_id from game_event where event_id = $2)))
         order by event_id limit 1000",
        game_id as GameId,
        after
    )
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let kind = EventKind::parse(&row.kind)?;
            Some(StoredEvent { id: row.event_id, game_id, kind, audience: row.audience, data: row.data })
        })
        .collect())
}

/// The accounts that read a conversation: its seats' holders, and the GM when the GM is a member.
pub async fn conversation_members(
    conn: &mut PgConnection,
    conversation_id: i64,
) -> Result<Vec<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select s.account_id as "account_id!: AccountId" from conversation c
             join seat s on s.seat_id = any(c.member_seat_ids)
           where c.conversation_id = $1 and s.account_id is not null
           union
           select g.gm_account_id from conversation c join game g on g.game_id = c.game_id
           where c.conversation_id = $1 and c.with_game_master
           order by 1"#,
        conversation_id
    )
    .fetch_all(conn)
    .await
}

/// Deletes events older than [`KEPT_FOR`].
pub async fn prune(db: &sqlx::PgPool) -> Result<u64, sqlx::Error> {
    let seconds = KEPT_FOR.num_seconds();
    sqlx::query!("delete from game_event where created_at < now() - make_interval(secs => $1::bigint)", seconds)
        .execute(db)
        .await
        .map(|done| done.rows_affected())
}

/// Where a new stream starts: the game's latest event id (0 when it has none), and the ids of the
/// committed events a resync after it would read again (see [`events_after`]), which the stream has not
/// to send. One statement, so both are of one snapshot.
pub async fn stream_start(conn: &mut PgConnection, game_id: GameId) -> Result<(i64, Vec<i64>), sqlx::Error> {
    let row = sqlx::query!(
        r#"with latest as (select coalesce(max(event_id), 0) as id from game_event where game_id = $1)
           select latest.id as "latest!",
                  array(select e.event_id from game_event e
                        where e.game_id = $1
                          and e.xact_id >= (select horizon from game_event where event_id = latest.id)) as "seen!"
           from latest"#,
        game_id as GameId
    )
    .fetch_one(conn)
    .await?;
    Ok((row.latest, row.seen))
}

/// The game's latest phase (none before the start).
pub async fn current_phase_index(conn: &mut PgConnection, game_id: GameId) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar!("select max(phase_index) from phase where game_id = $1", game_id as GameId)
        .fetch_one(conn)
        .await
}
