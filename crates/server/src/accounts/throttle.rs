//! Throttling of logins and registrations: fixed-window counters in PostgreSQL (shared by replicas,
//! kept across restarts), each taken and checked in one statement.
//!
//! An attempt first takes a slot in every counter that applies to it; it goes ahead only if no counter
//! is then past its limit. The increment and the check are one `insert … on conflict do update`, which
//! locks each counter row, so parallel attempts are counted one after the other: of 40 wrong passwords
//! sent at once against a limit of 5, exactly 5 are checked. A login that succeeds gives its slots back
//! (a success is not a failure), so only failures stay counted.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgConnection;

/// One counter an attempt counts against, and how many attempts it allows per window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// What is counted (`login_account_address`, …); part of the counter's key.
    pub scope: &'static str,
    /// Whose attempts: a username, an address, or both.
    pub key: String,
    pub limit: i32,
}

/// The counters of one login: wrong passwords for this account from this address (the lock an
/// attacker can put on an account, which now binds only the attacker's own address), for this account
/// from anywhere (higher: the owner on another address still gets in unless the guessing comes from
/// many addresses), and from this address for any account (guessing across usernames).
pub fn login_counters(username: &str, address: &str) -> [Counter; 3] {
    let username = username.to_lowercase();
    [
        Counter { scope: "login_account", key: username.clone(), limit: MAX_LOGIN_FAILURES_PER_ACCOUNT },
        Counter {
            scope: LOGIN_ACCOUNT_AND_ADDRESS,
            key: format!("{username} {address}"),
            limit: MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        },
        Counter { scope: "login_address", key: address.to_owned(), limit: MAX_LOGIN_FAILURES_PER_ADDRESS },
    ]
}

/// The scope of an account's failures from one address, which a successful login from there clears.
pub const LOGIN_ACCOUNT_AND_ADDRESS: &str = "login_account_address";

/// The counter of registrations from one address.
pub fn registration_counter(address: &str) -> Counter {
    Counter { scope: "register_address", key: address.to_owned(), limit: MAX_REGISTRATIONS_PER_ADDRESS }
}

/// The counters of one "forgot your password?" request: per address asked about (so nobody floods an
/// inbox with reset mails) and per client (so nobody tries addresses quickly).
pub fn reset_counters(email: &str, client: &str) -> [Counter; 2] {
    [
        Counter { scope: "reset_email", key: email.to_lowercase(), limit: MAX_RESETS_PER_EMAIL },
        Counter { scope: "reset_address", key: client.to_owned(), limit: MAX_RESETS_PER_ADDRESS },
    ]
}

/// The counter of new passwords sent with reset links from one client address: each costs a token
/// lookup and, for a live link, a hash.
pub fn reset_use_counter(client: &str) -> Counter {
    Counter { scope: "reset_use_address", key: client.to_owned(), limit: MAX_RESETS_PER_ADDRESS }
}

/// The counters of a signed-in user's password check (changing the password, deleting the account):
/// per account, so a stolen session cannot guess the password there, and per address, across
/// accounts. Counted apart from logins, so guessing here never locks the owner's login.
pub fn password_check_counters(account_id: crate::ids::AccountId, address: &str) -> [Counter; 2] {
    [
        Counter {
            scope: PASSWORD_CHECK_ACCOUNT,
            key: account_id.to_string(),
            limit: MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        },
        Counter { scope: "password_check_address", key: address.to_owned(), limit: MAX_LOGIN_FAILURES_PER_ADDRESS },
    ]
}

/// The scope of a signed-in account's failed password checks, which a right password clears.
pub const PASSWORD_CHECK_ACCOUNT: &str = "password_check_account";

/// The counter of confirmation mails an account asks for again.
pub fn confirmation_counter(account_id: crate::ids::AccountId) -> Counter {
    Counter { scope: "confirmation_account", key: account_id.to_string(), limit: MAX_RESETS_PER_EMAIL }
}

/// Reset and confirmation requests are counted over this window.
pub const RESET_WINDOW: Duration = Duration::hours(1);
/// Reset mails to one address (and confirmation mails one account asks for) per window.
pub const MAX_RESETS_PER_EMAIL: i32 = 3;
/// Reset requests (and new passwords sent with reset links) from one client address per window.
pub const MAX_RESETS_PER_ADDRESS: i32 = 10;

/// Logins are counted over this window.
pub const LOGIN_WINDOW: Duration = Duration::minutes(15);
/// Wrong passwords for one account from one address per window.
pub const MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: i32 = 5;
/// Wrong passwords for one account from all addresses per window.
pub const MAX_LOGIN_FAILURES_PER_ACCOUNT: i32 = 50;
/// Wrong passwords from one address, whatever the account, per window.
pub const MAX_LOGIN_FAILURES_PER_ADDRESS: i32 = 30;
/// Registrations are counted over this window.
pub const REGISTRATION_WINDOW: Duration = Duration::hours(1);
/// Registrations (each an Argon2 hash) from one address per window.
pub const MAX_REGISTRATIONS_PER_ADDRESS: i32 = 10;

/// Takes one slot in each of `counters` (a counter whose window started `window` or more before `now`
/// starts a new window) and answers whether every one is still within its limit.
pub async fn take_slot(
    conn: &mut PgConnection,
    counters: &[Counter],
    window: Duration,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let (scopes, keys, limits) = columns(counters);
    // Rows are taken in (scope, key) order, so two attempts sharing counters never deadlock.
    sqlx::query_scalar!(
        r#"with taken as (
             insert into throttle_counter as counter (scope, key, window_started_at, hits)
             select scope, key, $4::timestamptz, 1 from unnest($1::text[], $2::text[]) as wanted (scope, key)
             order by scope, key
             on conflict (scope, key) do update
                 set hits = case when counter.window_started_at <= $4::timestamptz - $5::interval then 1 else counter.hits + 1 end,
                     window_started_at =
                         case when counter.window_started_at <= $4::timestamptz - $5::interval then $4 else counter.window_started_at end
             returning scope, key, hits
         )
         select coalesce(bool_and(taken.hits <= limits.hit_limit), true) as "within_limits!"
         from taken join unnest($1::text[], $2::text[], $3::int[]) as limits (scope, key, hit_limit)
             using (scope, key)"#,
        &scopes as _,
        &keys as _,
        &limits,
        now as _,
        window as _
    )
    .fetch_one(conn)
    .await
}

/// Gives back the slots `take_slot` took for an attempt that succeeded, and forgets every failure
/// counted in `counters` under `cleared_scope` (for a login: the account's failures from the address it
/// just logged in from).
pub async fn give_back(conn: &mut PgConnection, counters: &[Counter], cleared_scope: &str) -> Result<(), sqlx::Error> {
    let (scopes, keys, _) = columns(counters);
    sqlx::query!(
        "update throttle_counter set hits = case when scope = $3 then 0 else greatest(hits - 1, 0) end
         where (scope, key) in (select * from unnest($1::text[], $2::text[]))",
        &scopes as _,
        &keys,
        cleared_scope
    )
    .execute(conn)
    .await
    .map(drop)
}

fn columns(counters: &[Counter]) -> (Vec<&'static str>, Vec<String>, Vec<i32>) {
    let scopes = counters.iter().map(|counter| counter.scope).collect();
    let keys = counters.iter().map(|counter| counter.key.clone()).collect();
    let limits = counters.iter().map(|counter| counter.limit).collect();
    (scopes, keys, limits)
}

/// Forgets counters whose window ended more than a day ago.
pub async fn delete_stale_counters(db: &sqlx::PgPool) -> Result<u64, sqlx::Error> {
    sqlx::query!("delete from throttle_counter where window_started_at < now() - interval '1 day'")
        .execute(db)
        .await
        .map(|done| done.rows_affected())
}
