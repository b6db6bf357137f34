//! Accounts: registration, login and logout with throttling, profile and password changes, e-mail
//! address confirmation, password reset by mail, and deleting one's account.
//!
//! # How it is built
//!
//! register (throttled: 10 per address an hour), login (throttled: 5 failures per account and address, 50 per
//! account, 30 per address in 15 minutes; `next` followed only if, parsed by the `url` crate's WHATWG rules
//! against the site's origin, it stays there, and written back re-encoded), logout, profile, password (a
//! change ends the account's other sessions, as does "log out everywhere else"). `throttle.rs`: fixed-window
//! counters in `throttle_counter`, taken and checked in one `insert … on conflict do update` (parallel
//! attempts are counted one after the other; a successful login gives its slots back). `password.rs`:
//! Argon2id off the async threads behind `PasswordHashing`; unknown usernames still cost one verification.
//! `tokens.rs`: single-use tokens mailed to an address (`account_token`: only their SHA-256, the purpose,
//! the address, expiry; used up by one `update … returning`, which also uses up the account's other tokens
//! of that purpose and takes the links out of their mails). `recovery.rs`: "Forgot your password?" (same
//! answer whatever the address, throttled per address and client, mailed only to confirmed addresses; the
//! new password ends every session) and address confirmation (a GET shows a button, the POST confirms; a
//! new or changed address is unconfirmed and gets a link). `deletion.rs`: "Delete my account" (password;
//! refused while the account is GM of an unfinished game; seats given up under each game's row lock,
//! audited in running games; the row kept but erased: placeholder name, no address, unusable password, new
//! session epoch).

mod deletion;
mod forms;
pub(crate) mod pages;
pub(crate) mod password;
pub(crate) mod queries;
mod recovery;
pub mod resets;
pub(crate) mod throttle;
pub(crate) mod tokens;

use axum::Router;
use axum::routing::{get, post};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/register", get(pages::register_page).post(pages::register))
        .route("/login", get(pages::login_page).post(pages::login))
        .route("/logout", post(pages::logout))
        .route("/account", get(pages::profile_page).post(pages::update_profile))
        .route("/account/password", get(pages::password_page).post(pages::change_password))
        .route("/account/sessions/end-others", post(pages::log_out_elsewhere))
        .route("/password-reset", get(recovery::forgot_password_page).post(recovery::request_password_reset))
        .route("/password-reset/new", get(recovery::reset_password_page).post(recovery::reset_password))
        .route("/account/confirm-email", get(recovery::confirm_email_page).post(recovery::confirm_email))
        .route("/account/confirm-email/resend", post(recovery::resend_confirmation))
        .route("/account/delete", get(deletion::delete_page).post(deletion::delete_account))
}

pub use password::hash_password;
pub use queries::{NewAccount, insert_account};

#[cfg(test)]
mod recovery_tests;
#[cfg(test)]
mod tests;
