//! Accounts: registration, login and logout with throttling, profile and password changes.

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
