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

/// Deletes every token of the account (a password reset, "log out everywhere else", a password change
/// that asks for it); answers their names, for the page that says so.
pub async fn revoke_all_tokens(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("delete from api_token where account_id = $1 returning name", account_id as AccountId)
        .fetch_all(conn)
        .await
}
