//! SQL of the API: personal tokens and the throttle window of a refused request.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::ids::AccountId;

/// A token as its owner's tokens page lists it (never the token, which is not stored).
#[derive(Debug)]
pub struct TokenRow {
    pub api_token_id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// Stores a new token, working until `expires_at` (or until revoked, without one).
pub async fn insert_token(
    conn: &mut PgConnection,
    account_id: AccountId,
    name: &str,
    token_hash: &[u8],
    expires_at: Option<DateTime<Utc>>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into api_token (account_id, name, token_hash, expires_at) values ($1, $2, $3, $4)
         returning api_token_id",
        account_id as AccountId,
        name,
        token_hash,
        expires_at as _
    )
    .fetch_one(conn)
    .await
}

pub async fn tokens_of(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<TokenRow>, sqlx::Error> {
    sqlx::query_as!(
        TokenRow,
        r#"select api_token_id, name, created_at as "created_at: DateTime<Utc>",
             last_used_at as "last_used_at: DateTime<Utc>", expires_at as "expires_at: DateTime<Utc>"
         from api_token where account_id = $1
         order by created_at desc, api_token_id desc"#,
        account_id as AccountId
    )
    .fetch_all(conn)
    .await
}

/// Deletes one of the account's tokens; answers whether there was one (another account's is not).
pub async fn revoke_token(conn: &mut PgConnection, account_id: AccountId, token_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "delete from api_token where api_token_id = $1 and account_id = $2",
        token_id,
        account_id as AccountId
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The account of the token with this hash, which is stamped as used now. `None` for an unknown,
/// revoked or expired token.
pub async fn use_token(
    conn: &mut PgConnection,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<Option<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"update api_token set last_used_at = $2
         where token_hash = $1 and (expires_at is null or expires_at > $2)
         returning account_id as "account_id: AccountId""#,
        token_hash,
        now as _
    )
    .fetch_optional(conn)
    .await
}

/// When the current window of a throttle counter began (for a refused request's `Retry-After`).
pub async fn window_of(conn: &mut PgConnection, scope: &str, key: &str) -> Result<Option<Window>, sqlx::Error> {
    sqlx::query_as!(
        Window,
        r#"select window_started_at as "started_at: DateTime<Utc>", hits from throttle_counter
         where scope = $1 and key = $2"#,
        scope,
        key
    )
    .fetch_optional(conn)
    .await
}

/// A throttle counter's current window: when it started and how many requests it has counted.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub started_at: DateTime<Utc>,
    pub hits: i32,
}

/// Deletes every token of the account (a password reset, "log out everywhere else", a password change
/// that asks for it); answers their names, for the page that says so.
pub async fn revoke_all_tokens(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("delete from api_token where account_id = $1 returning name", account_id as AccountId)
        .fetch_all(conn)
        .await
}

/// One of the caller's seats with its game and, while a phase is open, its sheet there.
#[derive(Debug)]
pub struct MySeatLine {
    pub game_id: crate::ids::GameId,
    pub name: String,
    pub kind: kinds::Kind,
    pub status: crate::games::model::GameStatus,
    pub deadline_at: Option<DateTime<Utc>>,
    pub phase_index: Option<i32>,
    pub phase_code: Option<String>,
    pub must_order: Option<bool>,
    pub ready: Option<bool>,
    pub has_orders: Option<bool>,
}

/// Every game the account holds a seat in, with its open phase's sheet, in one statement (a bot polls
/// this): unfinished games first, the nearest deadline first.
pub async fn my_seats(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<MySeatLine>, sqlx::Error> {
    sqlx::query_as!(
        MySeatLine,
        r#"select g.game_id as "game_id: crate::ids::GameId", g.name,
            g.kind as "kind: crate::games::model::StoredKind", g.status as "status: crate::games::model::GameStatus",
            g.deadline_at as "deadline_at: DateTime<Utc>",
            p.phase_index as "phase_index?", p.code as "phase_code?",
            o.must_order as "must_order?", o.ready as "ready?", (o.orders <> '') as "has_orders?"
         from seat s
           join game g on g.game_id = s.game_id
           left join phase p on p.game_id = g.game_id and p.processed_at is null
           left join seat_order o on o.game_id = p.game_id and o.phase_index = p.phase_index and o.seat_id = s.seat_id
         where s.account_id = $1
         order by g.status = 'finished', g.deadline_at nulls last, g.game_id desc"#,
        account_id as AccountId
    )
    .fetch_all(conn)
    .await
}
