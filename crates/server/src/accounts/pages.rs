//! Account pages and their handlers.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use url::Url;

use super::forms::{LoginForm, PasswordForm, ProfileForm, RegisterForm};
use super::queries::{self, NewAccount, Profile, USERNAME_TAKEN};
use super::recovery::revoked_tokens_clause;
use super::throttle::{self, LOGIN_WINDOW, REGISTRATION_WINDOW};
use super::tokens::{self, Purpose};
use crate::api::queries as api_queries;
use crate::config::{Config, MailTransport};
use crate::error::{AppError, AppResult, FormErrors, invalid_form, violates};
use crate::extract::{ClientAddress, Form, Query, SignedIn, Viewer, log_in, log_out, set_flash};
use crate::ids::AccountId;
use crate::pages::Nav;
use crate::pages::TIME_ZONES;
use crate::push;
use crate::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "accounts/register.html")]
pub struct RegisterPage {
    nav: Nav,
    form: RegisterForm,
    errors: FormErrors,
    zones: &'static [&'static str],
}

pub async fn register_page(viewer: Viewer) -> RegisterPage {
    let form = RegisterForm { time_zone: "UTC".to_owned(), ..RegisterForm::default() };
    RegisterPage { nav: viewer.nav, form, errors: FormErrors::default(), zones: &TIME_ZONES }
}

pub async fn register(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddress(address): ClientAddress,
    Form(form): Form<RegisterForm>,
) -> AppResult<Response> {
    let valid = match form.validate() {
        Ok(valid) => valid,
        Err(errors) => {
            return Ok(invalid_form(RegisterPage { nav: viewer.nav, form, errors, zones: &TIME_ZONES }));
        }
    };
    let mut conn = state.db.acquire().await?;
    let counter = throttle::registration_counter(&address);
    if !throttle::take_slot(&mut conn, &[counter], REGISTRATION_WINDOW, state.clock.now()).await? {
        let mut errors = FormErrors::default();
        errors.add("username", "Too many accounts were registered from your address. Try again in an hour.");
        let page = RegisterPage { nav: viewer.nav, form: without_passwords(form), errors, zones: &TIME_ZONES };
        return Ok((StatusCode::TOO_MANY_REQUESTS, page).into_response());
    }
    // The connection goes back to the pool while the hash waits for its turn and runs.
    drop(conn);
    let password_hash = state.password_hashing.hash(valid.password).await?;
    let mut tx = state.db.begin().await?;
    let inserted = queries::insert_account(
        &mut tx,
        &NewAccount {
            username: &valid.username,
            display_name: &valid.display_name,
            email: valid.email.as_deref(),
            password_hash: &password_hash,
            time_zone: valid.time_zone.name(),
            is_site_admin: false,
            email_confirmed: false,
        },
    )
    .await;
    let account_id = match inserted {
        Ok(account_id) => account_id,
        Err(error) => {
            let mut errors = FormErrors::default();
            if !violates(&error, USERNAME_TAKEN) {
                return Err(error.into());
            }
            errors.add("username", "That username is taken; choose another.");
            return Ok(invalid_form(RegisterPage { nav: viewer.nav, form, errors, zones: &TIME_ZONES }));
        }
    };
    if let Some(email) = &valid.email {
        mail_confirmation_unless_taken(&mut tx, account_id, email, state.clock.now()).await?;
    }
    push::sessions::end_with_session(&mut tx, &viewer.session).await?;
    tx.commit().await?;
    // A new account starts at session epoch 0.
    log_in(&viewer.session, account_id, 0).await?;
    let welcome = match &valid.email {
        Some(email) => format!(
            "Welcome, {}! Your account is ready. To get mail, open the link we sent to {email}.",
            valid.display_name
        ),
        None => format!("Welcome, {}! Your account is ready.", valid.display_name),
    };
    set_flash(&viewer.session, welcome).await?;
    Ok(Redirect::to("/games").into_response())
}

/// Passwords are never sent back to the browser.
fn without_passwords(form: RegisterForm) -> RegisterForm {
    RegisterForm { password: String::new(), password_confirm: String::new(), ..form }
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/login.html")]
pub struct LoginPage {
    nav: Nav,
    form: LoginForm,
    errors: FormErrors,
}

#[derive(serde::Deserialize)]
pub struct LoginQuery {
    #[serde(default)]
    next: String,
}

pub async fn login_page(viewer: Viewer, Query(query): Query<LoginQuery>) -> LoginPage {
    let form = LoginForm { next: query.next, ..LoginForm::default() };
    LoginPage { nav: viewer.nav, form, errors: FormErrors::default() }
}

pub async fn login(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddress(address): ClientAddress,
    Form(form): Form<LoginForm>,
) -> AppResult<Response> {
    if let Err(errors) = form.validate() {
        return Ok(invalid_form(LoginPage { nav: viewer.nav, form: without_password(form), errors }));
    }
    let username = form.username.trim().to_owned();
    let counters = throttle::login_counters(&username, &address);
    let mut conn = state.db.acquire().await?;
    if !throttle::take_slot(&mut conn, &counters, LOGIN_WINDOW, state.clock.now()).await? {
        let mut errors = FormErrors::default();
        errors.add("username", "Too many failed logins. Wait 15 minutes and try again.");
        let page = LoginPage { nav: viewer.nav, form: without_password(form), errors };
        return Ok((StatusCode::TOO_MANY_REQUESTS, page).into_response());
    }
    let credentials = queries::credentials_by_username(&mut conn, &username).await?;
    drop(conn);
    let stored_hash = credentials.as_ref().map(|found| found.password_hash.clone());
    let verified = state.password_hashing.verify(form.password.clone(), stored_hash).await?;
    match credentials.filter(|_| verified) {
        Some(found) => {
            let mut conn = state.db.acquire().await?;
            // This address proved itself: its failures for the account are forgotten.
            throttle::give_back(&mut conn, &counters, throttle::LOGIN_ACCOUNT_AND_ADDRESS).await?;
            // Another account signed in here never logged out: its devices' push ends now.
            if viewer.user.as_ref().is_none_or(|user| user.account_id != found.account_id) {
                push::sessions::end_with_session(&mut conn, &viewer.session).await?;
            }
            log_in(&viewer.session, found.account_id, found.session_epoch).await?;
            Ok(Redirect::to(&form.landing_page(&site_origin(&state.config))).into_response())
        }
        None => {
            let mut errors = FormErrors::default();
            errors.add("password", "That username and password do not match an account.");
            Ok(invalid_form(LoginPage { nav: viewer.nav, form: without_password(form), errors }))
        }
    }
}

/// The origin `next` must stay on: the public address when set (it always is once serving), else any
/// fixed origin, since `local_path` hands back only a path.
fn site_origin(config: &Config) -> Url {
    let base = config.public_base_url.as_ref().map_or("http://localhost", |base| base.as_str());
    Url::parse(base).unwrap_or_else(|_| Url::parse("http://localhost").expect("a valid constant URL"))
}

/// Passwords are never sent back to the browser, even to the page that asked for them.
fn without_password(form: LoginForm) -> LoginForm {
    LoginForm { password: String::new(), ..form }
}

/// Logs out, and has the browser drop what the site kept on it for this account: the pages the service
/// worker keeps offline, and the worker itself with this device's push subscription, which the site
/// forgets first (the browser may never tell the push service).
pub async fn logout(State(state): State<AppState>, viewer: Viewer) -> AppResult<impl IntoResponse> {
    let mut conn = state.db.acquire().await?;
    push::sessions::end_with_session(&mut conn, &viewer.session).await?;
    drop(conn);
    log_out(&viewer.session).await?;
    let clear = (header::HeaderName::from_static("clear-site-data"), r#""cache", "storage""#);
    Ok(([clear], Redirect::to("/games")))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/profile.html")]
pub struct ProfilePage {
    nav: Nav,
    username: String,
    form: ProfileForm,
    errors: FormErrors,
    zones: &'static [&'static str],
    /// Whether mail stays on this machine, so the page links to the Mailbox.
    local_mailbox: bool,
    /// Whether the account's address waits for its owner to confirm it.
    email_waiting: bool,
    /// Which kinds of notification are mailed (`notices`).
    notice_mail: Vec<crate::notices::MailChoice>,
}

fn checkbox(checked: bool) -> Option<String> {
    checked.then(|| "on".to_owned())
}

pub async fn profile_page(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<ProfilePage> {
    let mut conn = state.db.acquire().await?;
    let profile = queries::profile(&mut conn, signed_in.user.account_id).await?;
    let email_waiting = profile.email.is_some() && !profile.email_confirmed;
    let form = ProfileForm {
        display_name: profile.display_name,
        email: profile.email.unwrap_or_default(),
        time_zone: profile.time_zone,
        notify_new_phase: checkbox(profile.notify_new_phase),
        notify_deadline: checkbox(profile.notify_deadline),
        notify_game_start_end: checkbox(profile.notify_game_start_end),
        notify_press: checkbox(profile.notify_press),
        deadline_reminder_hours: profile.deadline_reminder_hours.to_string(),
        press_mail_minutes: profile.press_mail_minutes.to_string(),
    };
    let notice_mail = crate::notices::mail_choices(&mut conn, signed_in.user.account_id).await?;
    Ok(ProfilePage {
        nav: signed_in.nav,
        username: signed_in.user.username,
        form,
        errors: FormErrors::default(),
        zones: &TIME_ZONES,
        local_mailbox: state.config.mail_transport == MailTransport::File,
        email_waiting,
        notice_mail,
    })
}

pub async fn update_profile(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<ProfileForm>,
) -> AppResult<Response> {
    let page = |form, errors| ProfilePage {
        nav: signed_in.nav.clone(),
        username: signed_in.user.username.clone(),
        form,
        errors,
        zones: &TIME_ZONES,
        local_mailbox: state.config.mail_transport == MailTransport::File,
        email_waiting: false,
        notice_mail: Vec::new(),
    };
    let valid = match form.validate() {
        Ok(valid) => valid,
        Err(errors) => return Ok(invalid_form(page(form, errors))),
    };
    let profile = Profile {
        display_name: valid.display_name,
        email: valid.email,
        time_zone: valid.time_zone.name().to_owned(),
        notify_new_phase: valid.notify_new_phase,
        notify_deadline: valid.notify_deadline,
        notify_game_start_end: valid.notify_game_start_end,
        notify_press: valid.notify_press,
        deadline_reminder_hours: valid.deadline_reminder_hours,
        press_mail_minutes: valid.press_mail_minutes,
        email_confirmed: false,
    };
    let account_id = signed_in.user.account_id;
    let mut tx = state.db.begin().await?;
    // A new address is unconfirmed, so it never meets another account's: saving answers the same
    // whoever has the address, and only its owner's confirmation can make it this account's.
    let address_changed = queries::update_profile(&mut tx, account_id, &profile).await?;
    let mut flash = "Your profile is saved.".to_owned();
    if let Some(email) = profile.email.as_deref().filter(|_| address_changed) {
        mail_confirmation_unless_taken(&mut tx, account_id, email, state.clock.now()).await?;
        flash = format!("Your profile is saved. To get mail at {email}, open the link we sent there.");
    }
    tx.commit().await?;
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to("/account").into_response())
}

/// Mails a confirmation link to a new address, unless another account confirmed it already: its owner
/// gets no mail about an account that cannot have it, and the page says the same either way.
async fn mail_confirmation_unless_taken(
    conn: &mut sqlx::PgConnection,
    account_id: AccountId,
    email: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    if !queries::email_confirmed_by_another(conn, account_id, email).await? {
        tokens::create_and_mail(conn, account_id, email, Purpose::EmailConfirmation, now).await?;
    }
    Ok(())
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/password.html")]
pub struct PasswordPage {
    nav: Nav,
    errors: FormErrors,
}

pub async fn password_page(signed_in: SignedIn) -> PasswordPage {
    PasswordPage { nav: signed_in.nav, errors: FormErrors::default() }
}

pub async fn change_password(
    State(state): State<AppState>,
    signed_in: SignedIn,
    ClientAddress(client): ClientAddress,
    Form(form): Form<PasswordForm>,
) -> AppResult<Response> {
    if let Err(errors) = form.validate() {
        return Ok(invalid_form(PasswordPage { nav: signed_in.nav, errors }));
    }
    let account_id = signed_in.user.account_id;
    if !check_own_password(&state, account_id, &client, form.current_password).await? {
        let mut errors = FormErrors::default();
        errors.add("current_password", "That is not your current password.");
        return Ok(invalid_form(PasswordPage { nav: signed_in.nav, errors }));
    }
    let new_hash = state.password_hashing.hash(form.new_password).await?;
    let mut tx = state.db.begin().await?;
    queries::set_password_hash(&mut tx, account_id, &new_hash).await?;
    // Whoever knew the old password may hold a session: every other one ends with it.
    let epoch = queries::bump_session_epoch(&mut tx, account_id).await?;
    push::sessions::end_with_other_sessions(&mut tx, account_id, Some(&signed_in.session)).await?;
    // Tokens only when asked: a password change is often routine, and bots would stop with it.
    let revoked = match form.revoke_tokens {
        Some(_) => api_queries::revoke_all_tokens(&mut tx, account_id).await?,
        None => Vec::new(),
    };
    tx.commit().await?;
    // A new session id too, so this session's old id stops working as well.
    log_in(&signed_in.session, account_id, epoch).await?;
    let flash = format!(
        "Your password is changed, and every other session of your account has ended{}.",
        revoked_tokens_clause(&revoked)
    );
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to("/account").into_response())
}

/// Checks a signed-in user's own password (changing it, deleting the account): `Ok(false)` when it is
/// wrong, a 429 before any hash past the limits. Throttled per account and per address apart from
/// logins, so a stolen session cannot guess the password here, and guessing here never locks the login.
pub(super) async fn check_own_password(
    state: &AppState,
    account_id: AccountId,
    client: &str,
    password: String,
) -> AppResult<bool> {
    let counters = throttle::password_check_counters(account_id, client);
    let mut conn = state.db.acquire().await?;
    if !throttle::take_slot(&mut conn, &counters, LOGIN_WINDOW, state.clock.now()).await? {
        return Err(AppError::TooManyRequests(
            "Too many wrong passwords were tried. Wait 15 minutes and try again.".to_owned(),
        ));
    }
    let current_hash = queries::password_hash_of(&mut conn, account_id).await?;
    drop(conn);
    let right = !password.is_empty() && state.password_hashing.verify(password, Some(current_hash)).await?;
    if right {
        let mut conn = state.db.acquire().await?;
        throttle::give_back(&mut conn, &counters, throttle::PASSWORD_CHECK_ACCOUNT).await?;
    }
    Ok(right)
}

/// "Log out everywhere else": ends every session of the account but this one (a forgotten public
/// computer, a lost phone), which continues under a new id, and revokes the account's API tokens, which
/// whoever held another session may have made.
pub async fn log_out_elsewhere(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<Redirect> {
    let account_id = signed_in.user.account_id;
    let mut tx = state.db.begin().await?;
    let epoch = queries::bump_session_epoch(&mut tx, account_id).await?;
    push::sessions::end_with_other_sessions(&mut tx, account_id, Some(&signed_in.session)).await?;
    let revoked = api_queries::revoke_all_tokens(&mut tx, account_id).await?;
    tx.commit().await?;
    log_in(&signed_in.session, account_id, epoch).await?;
    let flash = format!("Every other session of your account has ended{}.", revoked_tokens_clause(&revoked));
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to("/account"))
}
