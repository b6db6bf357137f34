//! SQL for accounts and their sessions' epoch (the throttle's is in `throttle.rs`).

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
    sqlx::query_scalar!(
        r#"insert into account (username, display_name, email, password_hash, time_zone, is_site_admin)
         values ($1, $2, $3, $4, $5, $6) returning account_id as "account_id: AccountId""#,
        account.username,
        account.display_name,
        account.email,
        account.password_hash,
        account.time_zone,
        account.is_site_admin
    )
    .fetch_one(conn)
    .await
}

#[derive(sqlx::FromRow)]
pub struct Credentials {
    pub account_id: AccountId,
    pub password_hash: String,
    pub session_epoch: i32,
}

pub async fn credentials_by_username(
    conn: &mut PgConnection,
    username: &str,
) -> Result<Option<Credentials>, sqlx::Error> {
    sqlx::query_as("select account_id, password_hash, session_epoch from account where lower(username) = lower($1)")
        .bind(username)
        .fetch_optional(conn)
        .await
}

pub async fn password_hash_of(conn: &mut PgConnection, account_id: AccountId) -> Result<String, sqlx::Error> {
    sqlx::query_scalar!("select password_hash from account where account_id = $1", account_id as AccountId)
        .fetch_one(conn)
        .await
}

pub async fn set_password_hash(
    conn: &mut PgConnection,
    account_id: AccountId,
    password_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!("update account set password_hash = $2 where account_id = $1", account_id as AccountId, password_hash)
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
    sqlx::query!(
        "update account set display_name = $2, email = $3, time_zone = $4, notify_new_phase = $5,
                notify_deadline = $6, notify_game_start_end = $7, notify_press = $8,
                deadline_reminder_hours = $9, press_mail_minutes = $10
         where account_id = $1",
        account_id as AccountId,
        &profile.display_name,
        profile.email.as_deref(),
        &profile.time_zone,
        profile.notify_new_phase,
        profile.notify_deadline,
        profile.notify_game_start_end,
        profile.notify_press,
        profile.deadline_reminder_hours,
        profile.press_mail_minutes
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Ends every session of the account but the caller's: sessions remember the epoch of their login, and
/// `extract::Viewer` treats a session whose epoch is not the account's as logged out. Returns the new
/// epoch, for the caller's own session.
pub async fn bump_session_epoch(conn: &mut PgConnection, account_id: AccountId) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar!(
        "update account set session_epoch = session_epoch + 1 where account_id = $1 returning session_epoch",
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}
