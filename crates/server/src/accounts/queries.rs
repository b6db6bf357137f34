//! SQL for accounts and the login throttle.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::ids::AccountId;

/// An account about to be created (already validated, password already hashed).
pub struct NewAccount<'a> {
    pub username: &'a str,
    pub display_name: &'a str,
    pub email: Option<&'a str>,
    pub password_hash: &'a str,
    pub time_zone: &'a str,
    pub is_site_admin: bool,
}

/// Unique index on `lower(username)`.
pub const USERNAME_TAKEN: &str = "account_username_key";
/// Unique index on `lower(email)`.
pub const EMAIL_TAKEN: &str = "account_email_key";

pub async fn insert_account(conn: &mut PgConnection, account: &NewAccount<'_>) -> Result<AccountId, sqlx::Error> {
    sqlx::query_scalar(
        "insert into account (username, display_name, email, password_hash, time_zone, is_site_admin)
         values ($1, $2, $3, $4, $5, $6) returning account_id",
    )
    .bind(account.username)
    .bind(account.display_name)
    .bind(account.email)
    .bind(account.password_hash)
    .bind(account.time_zone)
    .bind(account.is_site_admin)
    .fetch_one(conn)
    .await
}

#[derive(sqlx::FromRow)]
pub struct Credentials {
    pub account_id: AccountId,
    pub password_hash: String,
}

pub async fn credentials_by_username(
    conn: &mut PgConnection,
    username: &str,
) -> Result<Option<Credentials>, sqlx::Error> {
    sqlx::query_as("select account_id, password_hash from account where lower(username) = lower($1)")
        .bind(username)
        .fetch_optional(conn)
        .await
}

pub async fn password_hash_of(conn: &mut PgConnection, account_id: AccountId) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("select password_hash from account where account_id = $1").bind(account_id).fetch_one(conn).await
}

pub async fn set_password_hash(
    conn: &mut PgConnection,
    account_id: AccountId,
    password_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update account set password_hash = $2 where account_id = $1")
        .bind(account_id)
        .bind(password_hash)
        .execute(conn)
        .await
        .map(drop)
}

#[derive(sqlx::FromRow)]
pub struct Profile {
    pub display_name: String,
    pub email: Option<String>,
    pub time_zone: String,
    pub notify_new_phase: bool,
    pub notify_deadline: bool,
    pub notify_game_start_end: bool,
    pub notify_press: bool,
    pub deadline_reminder_hours: i32,
    pub press_mail_minutes: i32,
}

pub async fn profile(conn: &mut PgConnection, account_id: AccountId) -> Result<Profile, sqlx::Error> {
    sqlx::query_as(
        "select display_name, email, time_zone, notify_new_phase, notify_deadline,
                notify_game_start_end, notify_press, deadline_reminder_hours, press_mail_minutes
         from account where account_id = $1",
    )
    .bind(account_id)
    .fetch_one(conn)
    .await
}

pub async fn update_profile(
    conn: &mut PgConnection,
    account_id: AccountId,
    profile: &Profile,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update account set display_name = $2, email = $3, time_zone = $4, notify_new_phase = $5,
                notify_deadline = $6, notify_game_start_end = $7, notify_press = $8,
                deadline_reminder_hours = $9, press_mail_minutes = $10
         where account_id = $1",
    )
    .bind(account_id)
    .bind(&profile.display_name)
    .bind(&profile.email)
    .bind(&profile.time_zone)
    .bind(profile.notify_new_phase)
    .bind(profile.notify_deadline)
    .bind(profile.notify_game_start_end)
    .bind(profile.notify_press)
    .bind(profile.deadline_reminder_hours)
    .bind(profile.press_mail_minutes)
    .execute(conn)
    .await
    .map(drop)
}

/// Failed attempts since `since` for this username and for this address.
pub struct RecentFailures {
    pub for_username: i64,
    pub for_address: i64,
}

pub async fn recent_failures(
    conn: &mut PgConnection,
    username: &str,
    address: &str,
    since: DateTime<Utc>,
) -> Result<RecentFailures, sqlx::Error> {
    let (for_username, for_address): (i64, i64) = sqlx::query_as(
        "select
            (select count(*) from login_attempt
              where username = lower($1) and not succeeded and attempted_at > $3),
            (select count(*) from login_attempt
              where address = $2 and not succeeded and attempted_at > $3)",
    )
    .bind(username)
    .bind(address)
    .bind(since)
    .fetch_one(conn)
    .await?;
    Ok(RecentFailures { for_username, for_address })
}

pub async fn record_login_attempt(
    conn: &mut PgConnection,
    username: &str,
    address: &str,
    succeeded: bool,
    at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into login_attempt (username, address, succeeded, attempted_at)
         values (lower($1), $2, $3, $4)",
    )
    .bind(username)
    .bind(address)
    .bind(succeeded)
    .bind(at)
    .execute(conn)
    .await
    .map(drop)
}

/// Forgets login attempts older than a day: throttling only looks at the last 15 minutes.
pub async fn delete_old_login_attempts(db: &sqlx::PgPool) -> Result<u64, sqlx::Error> {
    sqlx::query("delete from login_attempt where attempted_at < now() - interval '1 day'")
        .execute(db)
        .await
        .map(|done| done.rows_affected())
}
