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
}

pub async fn insert_token(
    conn: &mut PgConnection,
    account_id: AccountId,
    name: &str,
    token_hash: &[u8],
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into api_token (account_id, name, token_hash) values ($1, $2, $3) returning api_token_id",
        account_id as AccountId,
        name,
        token_hash
    )
    .fetch_one(conn)
    .await
}

pub async fn tokens_of(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<TokenRow>, sqlx::Error> {
    sqlx::query_as!(
        TokenRow,
        r#"select api_token_id, name, created_at as "created_at: DateTime<Utc>",
            last_used_at as "last_used_at: DateTime<Utc>"
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

/// The token with this hash, stamped as used now: its id and account. `None` for an unknown or revoked
/// token.
pub async fn use_token(
    conn: &mut PgConnection,
    token_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<Option<(i64, AccountId)>, sqlx::Error> {
    sqlx::query!(
        r#"update api_token set last_used_at = $2 where token_hash = $1
         returning api_token_id, account_id as "account_id: AccountId""#,
        token_hash,
        now as _
    )
    .map(|row| (row.api_token_id, row.account_id))
    .fetch_optional(conn)
    .await
}

/// When the current window of a throttle counter began (for a refused request's `Retry-After`).
pub async fn window_started_at(
    conn: &mut PgConnection,
    scope: &str,
    key: &str,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select window_started_at as "window_started_at: DateTime<Utc>" from throttle_counter
         where scope = $1 and key = $2"#,
        scope,
        key
    )
    .fetch_optional(conn)
    .await
}
