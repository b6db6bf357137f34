//! Accounts: registration, login and logout with throttling, profile and password changes.
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

mod forms;
pub(crate) mod pages;
pub(crate) mod password;
pub(crate) mod queries;
pub(crate) mod throttle;

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
}

pub use password::hash_password;
pub use queries::{NewAccount, insert_account};

#[cfg(test)]
mod tests;
