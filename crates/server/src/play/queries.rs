//! The queue's table and the account that runs the games it forms.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::ids::{AccountId, GameId, SeatId};

/// One player waiting, as forming reads him.
#[derive(Debug, Clone)]
pub struct Waiting {
    pub account_id: AccountId,
    pub allows_bots: bool,
    pub joined_at: DateTime<Utc>,
}

/// Serialises every change to the queue (joining, leaving, forming) across replicas until the caller's
/// transaction ends: two joins that would each complete a game meet one after the other.
pub async fn lock_queue(conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query!("select pg_advisory_xact_lock(hashtext('backchannel play queue'))").execute(conn).await.map(drop)
}

/// The players waiting for `choice`, the longest waiting first.
pub async fn waiting(conn: &mut PgConnection, choice: &str) -> Result<Vec<Waiting>, sqlx::Error> {
    sqlx::query_as!(
        Waiting,
        r#"select account_id as "account_id: AccountId", allows_bots, joined_at as "joined_at: DateTime<Utc>" from play_queue
           where choice = $1 order by joined_at, account_id"#,
        choice
    )
    .fetch_all(conn)
    .await
}

/// What `account_id` waits for, if anything: the choice's slug and whether he allows bots.
pub async fn waiting_for(
    conn: &mut PgConnection,
    account_id: AccountId,
) -> Result<Option<(String, bool)>, sqlx::Error> {
    let row = sqlx::query!("select choice, allows_bots from play_queue where account_id = $1", account_id as AccountId)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|row| (row.choice, row.allows_bots)))
}

/// Puts `account_id` in the queue for `choice`: moving from another choice puts him at its back, asking
/// again for the same keeps his place.
pub async fn enqueue(
    conn: &mut PgConnection,
    account_id: AccountId,
    choice: &str,
    allows_bots: bool,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into play_queue (account_id, choice, allows_bots, joined_at) values ($1, $2, $3, $4)
         on conflict (account_id) do update set choice = excluded.choice, allows_bots = excluded.allows_bots,
             joined_at = case when play_queue.choice = excluded.choice then play_queue.joined_at
                              else excluded.joined_at end",
        account_id as AccountId,
        choice,
        allows_bots,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Takes the accounts out of the queue; answers how many were waiting.
pub async fn dequeue(conn: &mut PgConnection, accounts: &[AccountId]) -> Result<u64, sqlx::Error> {
    let ids: Vec<i64> = accounts.iter().map(|account| account.0).collect();
    let done = sqlx::query!("delete from play_queue where account_id = any($1)", &ids).execute(conn).await?;
    Ok(done.rows_affected())
}

/// How many wait for each choice: (slug, count).
pub async fn counts(conn: &mut PgConnection) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows =
        sqlx::query!(r#"select choice, count(*) as "count!" from play_queue group by choice"#).fetch_all(conn).await?;
    Ok(rows.into_iter().map(|row| (row.choice, row.count)).collect())
}

/// The GM account of the games the queue forms, created the first time (under the queue's lock, so once):
/// a deleted account without password, so nobody signs in as it.
pub async fn site_gm(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<AccountId, sqlx::Error> {
    let existing = sqlx::query_scalar!(r#"select account_id as "account_id: AccountId" from play_site_gm"#)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some(account_id) = existing {
        return Ok(account_id);
    }
    let account_id = sqlx::query_scalar!(
        r#"insert into account (username, display_name, password_hash, email_confirmed, deleted_at)
           values ('site-' || substr(md5(random()::text), 1, 12), 'Backchannel (the site)', '!', false, $1)
           returning account_id as "account_id: AccountId""#,
        now as _
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query!("insert into play_site_gm (account_id) values ($1)", account_id as AccountId).execute(conn).await?;
    Ok(account_id)
}

/// Marks `game_id` as formed from `choice`, mustering until `until`.
pub async fn open_muster(
    conn: &mut PgConnection,
    game_id: GameId,
    choice: &str,
    until: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set play_choice = $2, muster_until = $3 where game_id = $1",
        game_id as GameId,
        choice,
        until as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The game's muster: its end and the choice it was formed from; `None` when it is not mustering.
pub async fn muster_of(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Option<(DateTime<Utc>, String)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select muster_until as "muster_until!: DateTime<Utc>", play_choice as "play_choice!" from game
           where game_id = $1 and muster_until is not null and play_choice is not null and status = 'forming'"#,
        game_id as GameId
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|row| (row.muster_until, row.play_choice)))
}

/// Ends the game's muster (it starts now).
pub async fn close_muster(conn: &mut PgConnection, game_id: GameId) -> Result<(), sqlx::Error> {
    sqlx::query!("update game set muster_until = null where game_id = $1", game_id as GameId)
        .execute(conn)
        .await
        .map(drop)
}

/// A mustering game whose muster has ended, locked for this transaction; skips games another worker holds.
pub async fn claim_ended_muster(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<Option<GameId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select game_id as "game_id: GameId" from game
           where muster_until <= $1 and status = 'forming' order by muster_until limit 1 for update skip locked"#,
        now as _
    )
    .fetch_optional(conn)
    .await
}

/// Records that the seat's holder confirmed he is there.
pub async fn confirm_seat(conn: &mut PgConnection, seat_id: SeatId, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat set mustered_at = coalesce(mustered_at, $2) where seat_id = $1",
        seat_id as SeatId,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The game's seats held by people: each one's id, holder and whether he confirmed.
pub async fn mustered(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<(SeatId, AccountId, bool)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select seat_id as "seat_id: SeatId", account_id as "account_id!: AccountId", mustered_at is not null as "confirmed!"
           from seat where game_id = $1 and account_id is not null order by seat_id"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|row| (row.seat_id, row.account_id, row.confirmed)).collect())
}

/// Records that `account_id` did not confirm at the game's muster.
pub async fn record_muster_miss(
    conn: &mut PgConnection,
    account_id: AccountId,
    game_id: GameId,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into muster_miss (account_id, game_id, missed_at) values ($1, $2, $3) on conflict do nothing",
        account_id as AccountId,
        game_id as GameId,
        now as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// How many musters `account_id` did not confirm at.
pub async fn musters_missed(conn: &mut PgConnection, account_id: AccountId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) as "count!" from muster_miss where account_id = $1"#,
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}

/// Who did not confirm at the game's muster.
pub async fn lapsed_in(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select account_id as "account_id: AccountId" from muster_miss where game_id = $1"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}
