//! Accounts: registration, login and logout with throttling, profile and password changes, e-mail
//! address confirmation, password reset by mail, and deleting one's account.

mod deletion;
mod forms;
pub(crate) mod pages;
pub(crate) mod password;
pub(crate) mod queries;
mod recovery;
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
