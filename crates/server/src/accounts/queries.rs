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
    /// Whether the address is known to be the owner's (demo and test accounts); registration says no and
    /// mails a confirmation link.
    pub email_confirmed: bool,
}

/// Unique index on `lower(username)`.
pub const USERNAME_TAKEN: &str = "account_username_key";
/// Unique index on `lower(email)` of confirmed addresses: the first account to confirm an address owns it.
pub const EMAIL_TAKEN: &str = "account_email_key";

pub async fn insert_account(conn: &mut PgConnection, account: &NewAccount<'_>) -> Result<AccountId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into account (username, display_name, email, password_hash, time_zone, is_site_admin,
                              email_confirmed)
         values ($1, $2, $3, $4, $5, $6, $7 and $3::text is not null) returning account_id as "account_id: AccountId""#,
        account.username,
        account.display_name,
        account.email,
        account.password_hash,
        account.time_zone,
        account.is_site_admin,
        account.email_confirmed
    )
    .fetch_one(conn)
    .await
}

pub struct Credentials {
    pub account_id: AccountId,
    pub password_hash: String,
    pub session_epoch: i32,
}

pub async fn credentials_by_username(
    conn: &mut PgConnection,
    username: &str,
) -> Result<Option<Credentials>, sqlx::Error> {
    sqlx::query_as!(
        Credentials,
        r#"select account_id as "account_id: AccountId", password_hash, session_epoch from account
         where lower(username) = lower($1)"#,
        username
    )
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
    /// Read only: an address change always un-confirms it (`update_profile`).
    pub email_confirmed: bool,
}

pub async fn profile(conn: &mut PgConnection, account_id: AccountId) -> Result<Profile, sqlx::Error> {
    sqlx::query_as!(
        Profile,
        "select display_name, email, time_zone, notify_new_phase, notify_deadline,
                notify_game_start_end, notify_press, deadline_reminder_hours, press_mail_minutes,
                email_confirmed
         from account where account_id = $1",
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}

/// Saves the profile. A new address is not confirmed until its owner follows the mailed link; returns
/// whether the address changed (to another address: the caller mails it a confirmation link).
pub async fn update_profile(
    conn: &mut PgConnection,
    account_id: AccountId,
    profile: &Profile,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"update account new set display_name = $2, email = $3, time_zone = $4, notify_new_phase = $5,
                notify_deadline = $6, notify_game_start_end = $7, notify_press = $8,
                deadline_reminder_hours = $9, press_mail_minutes = $10,
                email_confirmed = new.email_confirmed and lower(new.email) is not distinct from lower($3)
         from account old
         where new.account_id = $1 and old.account_id = new.account_id
         returning $3::text is not null and lower(old.email) is distinct from lower($3) as "email_changed!""#,
        account_id as AccountId,
        profile.display_name,
        profile.email.as_deref(),
        profile.time_zone,
        profile.notify_new_phase,
        profile.notify_deadline,
        profile.notify_game_start_end,
        profile.notify_press,
        profile.deadline_reminder_hours,
        profile.press_mail_minutes
    )
    .fetch_one(conn)
    .await
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

/// The live account whose confirmed address is `email`, if there is one.
pub async fn account_with_confirmed_email(
    conn: &mut PgConnection,
    email: &str,
) -> Result<Option<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select account_id as "account_id: AccountId" from account
         where lower(email) = lower($1) and email_confirmed and deleted_at is null"#,
        email
    )
    .fetch_optional(conn)
    .await
}

/// Marks the account's address confirmed, if it is still `email`.
pub async fn confirm_email(conn: &mut PgConnection, account_id: AccountId, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update account set email_confirmed = true where account_id = $1 and lower(email) = lower($2)",
        account_id as AccountId,
        email
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The names of the games the account runs as GM that have not ended.
pub async fn unfinished_games_run_by(
    conn: &mut PgConnection,
    account_id: AccountId,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select name from game where gm_account_id = $1 and status <> 'finished' order by game_id",
        account_id as AccountId
    )
    .fetch_all(conn)
    .await
}

/// The games not yet finished where the account holds a seat, in id order (the order their rows are
/// locked in, as everywhere).
pub async fn unfinished_games_seating(
    conn: &mut PgConnection,
    account_id: AccountId,
) -> Result<Vec<crate::ids::GameId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select distinct g.game_id as "game_id: crate::ids::GameId" from seat s join game g using (game_id)
         where s.account_id = $1 and g.status <> 'finished' order by g.game_id"#,
        account_id as AccountId
    )
    .fetch_all(conn)
    .await
}

/// Empties the account of everything personal and ends its sessions (a new epoch), keeping the row that
/// games, audit lines and press refer to. Its mail still waiting, its links, its read markers and its
/// devices' push subscriptions go.
pub async fn erase_account(
    conn: &mut PgConnection,
    account_id: AccountId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update account set username = 'deleted-' || account_id, display_name = 'A deleted account',
                email = null, email_confirmed = false, password_hash = '!', is_site_admin = false,
                notify_new_phase = false, notify_deadline = false, notify_game_start_end = false,
                notify_press = false, session_epoch = session_epoch + 1, deleted_at = $2
         where account_id = $1",
        account_id as AccountId,
        now as _
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("delete from outbox_mail where account_id = $1", account_id as AccountId).execute(&mut *conn).await?;
    sqlx::query!("delete from account_token where account_id = $1", account_id as AccountId)
        .execute(&mut *conn)
        .await?;
    sqlx::query!("delete from press_reader where account_id = $1", account_id as AccountId).execute(&mut *conn).await?;
    sqlx::query!("delete from push_subscription where account_id = $1", account_id as AccountId)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Whether another account has confirmed `email`: the address is taken, so no confirmation is mailed to
/// it, while the page answers as if one were (a form must not tell who has an address).
pub async fn email_confirmed_by_another(
    conn: &mut PgConnection,
    account_id: AccountId,
    email: &str,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from account where lower(email) = lower($2) and email_confirmed
                                               and account_id <> $1) as "taken!""#,
        account_id as AccountId,
        email
    )
    .fetch_one(conn)
    .await
}
