//! "Forgot your password?" and e-mail address confirmation: both mail a single-use link (`tokens`), and
//! both pages answer the same whatever the address, so nobody learns from them which addresses have
//! accounts.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use super::forms;
use super::queries;
use super::resets;
use super::throttle::{self, RESET_WINDOW};
use super::tokens::{self, Purpose};
use crate::api::queries as api_queries;
use crate::config::MailTransport;
use crate::error::{AppError, AppResult, FormErrors, invalid_form, violates};
use crate::extract::{ClientAddress, Form, Query, SignedIn, Viewer, set_flash};
use crate::pages::Nav;
use crate::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "accounts/forgot_password.html")]
pub struct ForgotPasswordPage {
    nav: Nav,
    email: String,
    errors: FormErrors,
    /// Shown after a request: the same words whether or not an account has the address.
    sent_to: Option<String>,
    /// Mail stays on the site's own machine (the quick start): say where a locked-out user finds it.
    mail_stays_here: bool,
}

pub async fn forgot_password_page(viewer: Viewer) -> ForgotPasswordPage {
    ForgotPasswordPage {
        nav: viewer.nav,
        email: String::new(),
        errors: FormErrors::default(),
        sent_to: None,
        mail_stays_here: false,
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ForgotPasswordForm {
    email: String,
}

/// Records the request for the mail worker, which mails a reset link if a live account has this
/// confirmed address (`resets`); answers the same, after the same writes, either way.
/// Throttled per address asked about and per client, like logins, so the form cannot flood an inbox or
/// probe addresses quickly.
pub async fn request_password_reset(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddress(client): ClientAddress,
    Form(form): Form<ForgotPasswordForm>,
) -> AppResult<Response> {
    let email = form.email.trim().to_owned();
    if !email.contains('@') || email.len() > 254 {
        let mut errors = FormErrors::default();
        errors.add("email", "Enter the e-mail address of your account.");
        return Ok(invalid_form(ForgotPasswordPage {
            nav: viewer.nav,
            email,
            errors,
            sent_to: None,
            mail_stays_here: false,
        }));
    }
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    if !throttle::take_slot(&mut tx, &throttle::reset_counters(&email, &client), RESET_WINDOW, now).await? {
        tx.commit().await?;
        let mut errors = FormErrors::default();
        errors.add("email", "Too many reset requests. Wait an hour and try again.");
        let page = ForgotPasswordPage { nav: viewer.nav, email, errors, sent_to: None, mail_stays_here: false };
        return Ok((StatusCode::TOO_MANY_REQUESTS, page).into_response());
    }
    resets::record_reset_request(&mut tx, &email, now).await?;
    tx.commit().await?;
    Ok(ForgotPasswordPage {
        nav: viewer.nav,
        email: String::new(),
        errors: FormErrors::default(),
        sent_to: Some(email),
        mail_stays_here: state.config.mail_transport == MailTransport::File,
    }
    .into_response())
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TokenQuery {
    token: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/reset_password.html")]
pub struct ResetPasswordPage {
    nav: Nav,
    token: String,
    errors: FormErrors,
}

/// The mailed link's page: a form for the new password, if the link still works.
pub async fn reset_password_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Query(query): Query<TokenQuery>,
) -> AppResult<ResetPasswordPage> {
    let mut conn = state.db.acquire().await?;
    if tokens::find_live(&mut conn, &query.token, Purpose::PasswordReset, state.clock.now()).await?.is_none() {
        return Err(dead_link());
    }
    Ok(ResetPasswordPage { nav: viewer.nav, token: query.token, errors: FormErrors::default() })
}

/// The same 404 page for a link that never existed, was used, expired or belongs to a changed address.
fn dead_link() -> AppError {
    AppError::Malformed {
        status: StatusCode::NOT_FOUND,
        message: "This link does not work (any more): links in our mails work once, and a password reset link \
                  only for an hour. Ask for a new one."
            .to_owned(),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ResetPasswordForm {
    token: String,
    new_password: String,
    new_password_confirm: String,
}

/// Sets the new password, uses the link up, ends every session of the account and revokes its API
/// tokens (whoever took the account over, the reason for many resets, loses both); the user then logs
/// in with the new password.
pub async fn reset_password(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddress(client): ClientAddress,
    Form(form): Form<ResetPasswordForm>,
) -> AppResult<Response> {
    let mut errors = FormErrors::default();
    forms::check_new_password_named(
        &form.new_password,
        &form.new_password_confirm,
        ("new_password", "new_password_confirm"),
        &mut errors,
    );
    if !errors.is_empty() {
        return Ok(invalid_form(ResetPasswordPage { nav: viewer.nav, token: form.token, errors }));
    }
    let now = state.clock.now();
    let mut conn = state.db.acquire().await?;
    if !throttle::take_slot(&mut conn, &[throttle::reset_use_counter(&client)], RESET_WINDOW, now).await? {
        return Err(AppError::TooManyRequests(
            "Too many new passwords were sent from your address. Wait an hour and try again.".to_owned(),
        ));
    }
    // The link is checked before the password is hashed, so a dead link costs a lookup, not a hash
    // (700 connections posting dead links once kept real logins waiting 5 to 10 s).
    if tokens::find_live(&mut conn, &form.token, Purpose::PasswordReset, now).await?.is_none() {
        return Err(dead_link());
    }
    drop(conn);
    // Hashed before the token is used up, so a slow hash never holds the token's row lock; a link used
    // meanwhile by another request is found dead below.
    let new_hash = state.password_hashing.hash(form.new_password).await?;
    let mut tx = state.db.begin().await?;
    let Some(live) = tokens::use_up(&mut tx, &form.token, Purpose::PasswordReset, state.clock.now()).await? else {
        return Err(dead_link());
    };
    queries::set_password_hash(&mut tx, live.account_id, &new_hash).await?;
    queries::bump_session_epoch(&mut tx, live.account_id).await?;
    crate::push::sessions::end_with_other_sessions(&mut tx, live.account_id, None).await?;
    let revoked = api_queries::revoke_all_tokens(&mut tx, live.account_id).await?;
    tx.commit().await?;
    let flash = format!(
        "Your new password is set, and every session of your account has ended{}. Log in with it.",
        revoked_tokens_clause(&revoked)
    );
    set_flash(&viewer.session, flash).await?;
    Ok(Redirect::to("/login").into_response())
}

/// ", and your API tokens were revoked: a, b" for a page that says what ended, or nothing without any.
pub fn revoked_tokens_clause(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [name] => format!(", and your API token {name:?} was revoked"),
        names => {
            let quoted: Vec<String> = names.iter().map(|name| format!("{name:?}")).collect();
            format!(", and your API tokens {} were revoked", quoted.join(", "))
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/confirm_email.html")]
pub struct ConfirmEmailPage {
    nav: Nav,
    token: String,
    email: String,
}

/// The confirmation link's page: one button, since a GET never changes anything (mail scanners open
/// links too).
pub async fn confirm_email_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Query(query): Query<TokenQuery>,
) -> AppResult<ConfirmEmailPage> {
    let mut conn = state.db.acquire().await?;
    let Some(live) = tokens::find_live(&mut conn, &query.token, Purpose::EmailConfirmation, state.clock.now()).await?
    else {
        return Err(dead_link());
    };
    Ok(ConfirmEmailPage { nav: viewer.nav, token: query.token, email: live.email })
}

pub async fn confirm_email(
    State(state): State<AppState>,
    viewer: Viewer,
    Form(form): Form<TokenQuery>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let Some(live) = tokens::use_up(&mut tx, &form.token, Purpose::EmailConfirmation, state.clock.now()).await? else {
        return Err(dead_link());
    };
    match queries::confirm_email(&mut tx, live.account_id, &live.email).await {
        Ok(()) => {}
        // The first account to confirm an address owns it; only the address's owner holds this link, so
        // saying so tells nobody else anything.
        Err(error) if violates(&error, queries::EMAIL_TAKEN) => {
            return Err(AppError::Conflict(format!(
                "Another account confirmed {} first, so this one cannot have it. Nothing was changed.",
                live.email
            )));
        }
        Err(error) => return Err(error.into()),
    }
    tx.commit().await?;
    set_flash(&viewer.session, format!("Thank you: {} is confirmed, and mail can go to it now.", live.email)).await?;
    Ok(Redirect::to(if viewer.user.is_some() { "/account" } else { "/games" }))
}

/// "Send the confirmation mail again", from the profile page; throttled per account.
pub async fn resend_confirmation(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<Response> {
    let account_id = signed_in.user.account_id;
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    let profile = queries::profile(&mut tx, account_id).await?;
    let Some(email) = profile.email.filter(|_| !profile.email_confirmed) else {
        return Err(AppError::Conflict("Your account has no address waiting for confirmation.".to_owned()));
    };
    let counter = throttle::confirmation_counter(account_id);
    if !throttle::take_slot(&mut tx, &[counter], RESET_WINDOW, now).await? {
        tx.commit().await?;
        return Err(AppError::TooManyRequests(
            "Several confirmation mails went out in the last hour. Wait for them, or an hour.".to_owned(),
        ));
    }
    tokens::create_and_mail(&mut tx, account_id, &email, Purpose::EmailConfirmation, now).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, format!("A new confirmation link is on its way to {email}.")).await?;
    Ok(Redirect::to("/account").into_response())
}
