//! Handler tests for e-mail confirmation, "forgot your password?" and deleting an account.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::test_support::{Client, PASSWORD, account, create_game, logged_in, started_game, table};

/// The newest mail of `kind` queued for `username`, with the link it holds (if any).
async fn newest_link(pool: &PgPool, username: &str, kind: &str) -> Option<String> {
    sqlx::query_scalar(
        "select m.content->>'link_path' from outbox_mail m join account a using (account_id)
         where a.username = $1 and m.kind::text = $2 order by m.mail_id desc limit 1",
    )
    .bind(username)
    .bind(kind)
    .fetch_optional(pool)
    .await
    .unwrap()
    .flatten()
}

/// What the mail worker does each round: answers the waiting reset requests.
async fn answer_requests(pool: &PgPool) -> usize {
    crate::accounts::resets::answer_reset_requests(pool, chrono::Utc::now()).await.unwrap()
}

async fn mails_of_kind(pool: &PgPool, kind: &str) -> i64 {
    sqlx::query_scalar("select count(*) from outbox_mail where kind::text = $1")
        .bind(kind)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Gives `username` the address `<username>@example.test`, confirmed as the demo data's are.
async fn confirmed_address(pool: &PgPool, username: &str) {
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true where username = $1")
        .bind(username)
        .execute(pool)
        .await
        .unwrap();
}

fn registration<'a>(username: &'a str, email: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("username", username),
        ("display_name", username),
        ("email", email),
        ("time_zone", "UTC"),
        ("password", PASSWORD),
        ("password_confirm", PASSWORD),
    ]
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_new_address_gets_only_its_confirmation_until_the_link_is_followed(pool: PgPool) {
    let mut client = Client::new(pool.clone());
    client.post("/register", &registration("rita", "rita@example.test")).await.assert_redirect_to("/games");
    client.get("/account").await.assert_contains("id=\"email-unconfirmed\"");
    let link = newest_link(&pool, "rita", "email_confirmation").await.expect("a confirmation link");
    let (confirmed_before,): (bool,) =
        sqlx::query_as("select email_confirmed from account where username = 'rita'").fetch_one(&pool).await.unwrap();
    assert!(!confirmed_before);

    // Opening the link changes nothing (mail scanners open links); the button does.
    let page = client.get(&link).await;
    page.assert_status(StatusCode::OK).assert_contains("rita@example.test");
    let token = link.split("token=").nth(1).unwrap();
    client.post("/account/confirm-email", &[("token", token)]).await.assert_redirect_to("/account");
    client.get("/account").await.assert_lacks("id=\"email-unconfirmed\"");
    // Used once: the link is dead, and its mail no longer holds it.
    client.post("/account/confirm-email", &[("token", token)]).await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(newest_link(&pool, "rita", "email_confirmation").await, None);
}

#[sqlx::test(migrations = "../../migrations")]
async fn game_mail_to_an_unconfirmed_address_is_never_queued_and_never_sent(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "mail").await;
    sqlx::query("update account set email = username || '@example.test', email_confirmed = false")
        .execute(&pool)
        .await
        .unwrap();
    started_game(&mut gm, &mut players, "Quiet game").await;
    assert_eq!(mails_of_kind(&pool, "game_start").await, 0, "a game-start mail was queued to an unconfirmed address");
    // A mail queued before the address changed is refused when its turn comes.
    let mut conn = pool.acquire().await.unwrap();
    let content = crate::notify::MailContent::PasswordReset { link_path: Some("/x".to_owned()) };
    let some_account = account(&pool, "late", false).await;
    sqlx::query("update account set email = 'late@example.test' where account_id = $1")
        .bind(some_account)
        .execute(&pool)
        .await
        .unwrap();
    crate::notify::queries::insert_account_mail(&mut conn, some_account, &content, chrono::Utc::now()).await.unwrap();
    let dir = std::env::temp_dir().join(format!("backchannel-unconfirmed-{}", some_account));
    let mailer = crate::notify::MailDirectory::new(dir.clone());
    let outcome = crate::notify::drain_once(&pool, &mailer, &mail_settings(), chrono::Utc::now()).await.unwrap();
    assert!(matches!(outcome, crate::notify::DrainOutcome::Abandoned(_)), "{outcome:?}");
    assert!(!dir.exists(), "a mail was written for an unconfirmed address");
}

fn mail_settings() -> crate::notify::MailSettings {
    crate::notify::MailSettings { from: "Backchannel <judge@example.test>".parse().unwrap(), base_url: String::new() }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_reset_link_sets_a_new_password_once_and_ends_every_session(pool: PgPool) {
    let mut elsewhere = logged_in(&pool, "rosa").await;
    confirmed_address(&pool, "rosa").await;
    let mut client = Client::new(pool.clone());
    client.get("/login").await.assert_contains("href=\"/password-reset\"");
    client
        .post("/password-reset", &[("email", "ROSA@example.test")])
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("id=\"reset-sent\"");
    // Issue 27 item 11: the request only records the address, as for an unknown one, so its timing
    // tells nothing; the mail worker's next round mails the link.
    assert_eq!(newest_link(&pool, "rosa", "password_reset").await, None, "looked up on the request path");
    assert_eq!(answer_requests(&pool).await, 1);
    let link = newest_link(&pool, "rosa", "password_reset").await.expect("a reset link");
    client.get(&link).await.assert_status(StatusCode::OK).assert_contains("id=\"reset-password-form\"");
    let token = link.split("token=").nth(1).unwrap().to_owned();
    let new_password = "a fresh new password";
    let form = [("token", token.as_str()), ("new_password", new_password), ("new_password_confirm", new_password)];
    client.post("/password-reset/new", &form).await.assert_redirect_to("/login");

    // The old session is over, the old password is refused, the new one works.
    elsewhere.get("/account").await.assert_status(StatusCode::UNAUTHORIZED);
    client
        .post("/login", &[("username", "rosa"), ("password", PASSWORD)])
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    client.post("/login", &[("username", "rosa"), ("password", new_password)]).await.assert_redirect_to("/games");
    // The link worked once; the mail no longer holds it; the table holds only its SHA-256.
    let again =
        [("token", token.as_str()), ("new_password", "another password"), ("new_password_confirm", "another password")];
    client.post("/password-reset/new", &again).await.assert_status(StatusCode::NOT_FOUND);
    client.get(&link).await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(newest_link(&pool, "rosa", "password_reset").await, None);
    let stored: i64 =
        sqlx::query_scalar("select count(*) from account_token where token_hash = sha256(convert_to($1, 'UTF8'))")
            .bind(&token)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, 1);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_reset_form_answers_the_same_for_unknown_and_unconfirmed_addresses_and_mails_nobody(pool: PgPool) {
    account(&pool, "una", false).await;
    sqlx::query("update account set email = 'una@example.test', email_confirmed = false where username = 'una'")
        .execute(&pool)
        .await
        .unwrap();
    let mut client = Client::new(pool.clone());
    let unknown = client.post("/password-reset", &[("email", "nobody@example.test")]).await;
    let unconfirmed = client.post("/password-reset", &[("email", "una@example.test")]).await;
    unknown.assert_status(StatusCode::OK);
    unconfirmed.assert_status(StatusCode::OK);
    assert_eq!(answer_requests(&pool).await, 2);
    assert_eq!(
        unknown.body.replace("nobody@example.test", "ADDRESS"),
        unconfirmed.body.replace("una@example.test", "ADDRESS"),
        "the page tells whether an account has the address"
    );
    assert_eq!(mails_of_kind(&pool, "password_reset").await, 0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn reset_requests_are_throttled_per_address(pool: PgPool) {
    account(&pool, "tess", false).await;
    confirmed_address(&pool, "tess").await;
    let mut client = Client::new(pool.clone());
    for _ in 0..crate::accounts::throttle::MAX_RESETS_PER_EMAIL {
        client.post("/password-reset", &[("email", "tess@example.test")]).await.assert_status(StatusCode::OK);
    }
    client
        .post("/password-reset", &[("email", "tess@example.test")])
        .await
        .assert_status(StatusCode::TOO_MANY_REQUESTS);
    answer_requests(&pool).await;
    assert_eq!(
        i64::from(crate::accounts::throttle::MAX_RESETS_PER_EMAIL),
        mails_of_kind(&pool, "password_reset").await
    );
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_expired_or_made_up_reset_link_gets_a_404_page(pool: PgPool) {
    account(&pool, "old", false).await;
    confirmed_address(&pool, "old").await;
    let mut client = Client::new(pool.clone());
    client.post("/password-reset", &[("email", "old@example.test")]).await.assert_status(StatusCode::OK);
    answer_requests(&pool).await;
    let link = newest_link(&pool, "old", "password_reset").await.unwrap();
    sqlx::query("update account_token set expires_at = now() - interval '1 second'").execute(&pool).await.unwrap();
    client.get(&link).await.assert_error_page(StatusCode::NOT_FOUND);
    client.get("/password-reset/new?token=made-up").await.assert_error_page(StatusCode::NOT_FOUND);
    client.get("/password-reset/new").await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn deleting_an_account_needs_the_password_empties_running_seats_and_ends_its_sessions(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "del").await;
    let game_id = started_game(&mut gm, &mut players, "Left behind").await;
    let waiting = create_game(&mut gm, "Not started", &[]).await;
    let leaver = &mut players[0];
    leaver.get(&format!("/games/{waiting}")).await.assert_status(StatusCode::OK);
    leaver.post(&format!("/games/{waiting}/join"), &[("power", "england")]).await;
    let mut other_session = Client::new(pool.clone());
    other_session.log_in("delplayer0").await;

    leaver.post("/account/delete", &[("password", "wrong")]).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    leaver.post("/account/delete", &[("password", PASSWORD)]).await.assert_redirect_to("/games");

    other_session.get("/account").await.assert_status(StatusCode::UNAUTHORIZED);
    let (running_holder, waiting_seats): (Option<i64>, i64) = sqlx::query_as(
        "select (select s.account_id from seat s join seat_power p using (seat_id)
                 where s.game_id = $1 and p.power = 'austria'),
                (select count(*) from seat s join account a using (account_id)
                 where s.game_id = $2 and a.deleted_at is not null)",
    )
    .bind(game_id)
    .bind(waiting)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(running_holder, None, "the running game's seat still has its player");
    assert_eq!(waiting_seats, 0, "the deleted account still sits in the waiting game");
    let row: (String, Option<String>) =
        sqlx::query_as("select username, email from account where deleted_at is not null")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(row.0.starts_with("deleted-") && row.1.is_none(), "{row:?}");
    let mut client = Client::new(pool.clone());
    client
        .post("/login", &[("username", "delplayer0"), ("password", PASSWORD)])
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    gm.get(&format!("/games/{game_id}/log")).await.assert_contains("A player deleted their account: Austria is empty");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_gm_of_a_running_game_cannot_delete_the_account_until_it_ends(pool: PgPool) {
    let mut gm = logged_in(&pool, "keeper").await;
    create_game(&mut gm, "Still forming", &[]).await;
    gm.post("/account/delete", &[("password", PASSWORD)]).await.assert_error_page(StatusCode::CONFLICT);
    gm.get("/account").await.assert_status(StatusCode::OK);
}

/// A state whose password hashing has no permit free (as when every core is hashing), so any request
/// that hashes answers 503 after 200 ms.
fn state_without_hashing_permits(pool: &PgPool) -> crate::state::AppState {
    let mut state =
        crate::state::AppState::new(pool.clone(), crate::config::Config::with_database_url("postgres://unused"));
    state.password_hashing = crate::state::PasswordHashing {
        permits: std::sync::Arc::new(tokio::sync::Semaphore::new(0)),
        queue_timeout: std::time::Duration::from_millis(200),
        ..crate::state::PasswordHashing::per_core()
    };
    state
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_dead_reset_link_is_refused_before_any_password_is_hashed_and_new_passwords_are_throttled_per_address(
    pool: PgPool,
) {
    let mut client = Client::with_app(crate::app(state_without_hashing_permits(&pool)));
    let form =
        [("token", "dead"), ("new_password", "a fresh new password"), ("new_password_confirm", "a fresh new password")];
    for _ in 0..crate::accounts::throttle::MAX_RESETS_PER_ADDRESS {
        client.post("/password-reset/new", &form).await.assert_error_page(StatusCode::NOT_FOUND);
    }
    client.post("/password-reset/new", &form).await.assert_error_page(StatusCode::TOO_MANY_REQUESTS);
}

/// A token for `username` made as the tokens page makes one.
async fn api_token_named(pool: &PgPool, username: &str, name: &str) -> String {
    let account_id: crate::ids::AccountId = sqlx::query_scalar("select account_id from account where username = $1")
        .bind(username)
        .fetch_one(pool)
        .await
        .unwrap();
    let token = crate::api::auth::new_token();
    let mut conn = pool.acquire().await.unwrap();
    crate::api::queries::insert_token(&mut conn, account_id, name, &crate::api::auth::token_hash(&token), None)
        .await
        .unwrap();
    token
}

async fn api_status(pool: &PgPool, token: &str) -> StatusCode {
    let request = axum::http::Request::get("/api/v1/games")
        .header(axum::http::header::AUTHORIZATION, format!("Bearer {token}"))
        .body(axum::body::Body::empty())
        .unwrap();
    tower::ServiceExt::oneshot(crate::test_support::app(pool.clone()), request).await.unwrap().status()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_password_reset_revokes_the_account_s_api_tokens_and_names_them(pool: PgPool) {
    account(&pool, "rex", false).await;
    confirmed_address(&pool, "rex").await;
    let token = api_token_named(&pool, "rex", "intruder's bot").await;
    assert_eq!(api_status(&pool, &token).await, StatusCode::OK);
    let mut client = Client::new(pool.clone());
    client.post("/password-reset", &[("email", "rex@example.test")]).await.assert_status(StatusCode::OK);
    answer_requests(&pool).await;
    let link = newest_link(&pool, "rex", "password_reset").await.expect("a reset link");
    let token_value = link.split("token=").nth(1).unwrap().to_owned();
    let form = [
        ("token", token_value.as_str()),
        ("new_password", "a fresh new password"),
        ("new_password_confirm", "a fresh new password"),
    ];
    client
        .submit("/password-reset/new", &form)
        .await
        .assert_contains("your API token &#34;intruder&#39;s bot&#34; was revoked");
    assert_eq!(api_status(&pool, &token).await, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn logging_out_everywhere_else_revokes_the_api_tokens(pool: PgPool) {
    let mut owner = logged_in(&pool, "ola").await;
    let token = api_token_named(&pool, "ola", "bot").await;
    owner.submit("/account/sessions/end-others", &[]).await.assert_contains("your API token &#34;bot&#34; was revoked");
    assert_eq!(api_status(&pool, &token).await, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_password_change_revokes_the_api_tokens_only_when_asked(pool: PgPool) {
    let mut owner = logged_in(&pool, "pia").await;
    let token = api_token_named(&pool, "pia", "bot").await;
    let change = |old: &'static str, new: &'static str, revoke: bool| {
        let mut form = vec![("current_password", old), ("new_password", new), ("new_password_confirm", new)];
        if revoke {
            form.push(("revoke_tokens", "on"));
        }
        form
    };
    owner.submit("/account/password", &change(PASSWORD, "second password", false)).await.assert_lacks("revoked");
    assert_eq!(api_status(&pool, &token).await, StatusCode::OK);
    owner.get("/account/password").await.assert_contains("name=\"revoke_tokens\"");
    owner
        .submit("/account/password", &change("second password", "third password", true))
        .await
        .assert_contains("your API token &#34;bot&#34; was revoked");
    assert_eq!(api_status(&pool, &token).await, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn wrong_passwords_on_the_password_and_delete_forms_are_throttled_per_account(pool: PgPool) {
    let mut session = logged_in(&pool, "vic").await;
    let limit = crate::accounts::throttle::MAX_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS;
    let guess = [
        ("current_password", "a wrong guess"),
        ("new_password", "new password"),
        ("new_password_confirm", "new password"),
    ];
    for attempt in 0..limit {
        let page = if attempt % 2 == 0 {
            session.post("/account/password", &guess).await
        } else {
            session.post("/account/delete", &[("password", "a wrong guess")]).await
        };
        page.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    // Past the limit even the right password is not checked, on either form.
    session.post("/account/delete", &[("password", PASSWORD)]).await.assert_error_page(StatusCode::TOO_MANY_REQUESTS);
    let right =
        [("current_password", PASSWORD), ("new_password", "new password"), ("new_password_confirm", "new password")];
    session.post("/account/password", &right).await.assert_error_page(StatusCode::TOO_MANY_REQUESTS);
    // The login is counted apart: the owner still logs in.
    let mut owner = Client::new(pool.clone());
    owner.log_in("vic").await;
}

fn profile_with_email(email: &str) -> Vec<(&str, &str)> {
    vec![
        ("display_name", "Someone"),
        ("email", email),
        ("time_zone", "UTC"),
        ("deadline_reminder_hours", "6"),
        ("press_mail_minutes", "30"),
    ]
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_unconfirmed_address_squats_nothing_and_the_first_confirmation_wins(pool: PgPool) {
    let mut squatter = logged_in(&pool, "squatter").await;
    squatter.post("/account", &profile_with_email("owner@example.test")).await.assert_redirect_to("/account");
    let squatter_link = newest_link(&pool, "squatter", "email_confirmation").await.expect("a confirmation link");
    let mut owner = Client::new(pool.clone());
    owner.post("/register", &registration("owner", "OWNER@example.test")).await.assert_redirect_to("/games");
    let owner_link = newest_link(&pool, "owner", "email_confirmation").await.expect("a confirmation link");
    let token = |link: &str| link.split("token=").nth(1).unwrap().to_owned();
    owner.post("/account/confirm-email", &[("token", &token(&owner_link))]).await.assert_redirect_to("/account");
    // The squatter's link reaches the owner's inbox only; following it cannot take the address.
    owner
        .post("/account/confirm-email", &[("token", &token(&squatter_link))])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("Another account confirmed owner@example.test first");
    let confirmed: Vec<String> =
        sqlx::query_scalar("select username from account where email_confirmed").fetch_all(&pool).await.unwrap();
    assert_eq!(confirmed, ["owner"]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_profile_answers_the_same_whether_or_not_another_account_has_the_address(pool: PgPool) {
    account(&pool, "holder", false).await;
    confirmed_address(&pool, "holder").await;
    let mut prober = logged_in(&pool, "prober").await;
    let free = prober.submit("/account", &profile_with_email("free@example.test")).await;
    let taken = prober.submit("/account", &profile_with_email("holder@example.test")).await;
    free.assert_status(StatusCode::OK);
    taken.assert_status(StatusCode::OK);
    let flash = |page: &crate::test_support::Page, email: &str| {
        let start = page.body.find("class=\"flash\"").expect("a flash");
        let end = start + page.body[start..].find("</p>").expect("the flash's end");
        page.body[start..end].replace(email, "ADDRESS")
    };
    assert_eq!(flash(&free, "free@example.test"), flash(&taken, "holder@example.test"));
    // The holder of the address gets no mail about an account that cannot have it.
    assert_eq!(mails_of_kind(&pool, "email_confirmation").await, 1);
}

#[sqlx::test(migrations = "../../migrations")]
async fn where_mail_stays_on_the_machine_the_reset_page_says_where_a_locked_out_user_finds_it(pool: PgPool) {
    let mut client = Client::new(pool.clone());
    let page = client.post("/password-reset", &[("email", "nobody@example.test")]).await;
    page.assert_status(StatusCode::OK).assert_contains("id=\"mail-stays-here\"").assert_contains("MAIL_DIR");
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.mail_transport = crate::config::MailTransport::Smtp;
    let mut smtp = Client::with_app(crate::app(crate::state::AppState::new(pool, config)));
    smtp.post("/password-reset", &[("email", "nobody@example.test")]).await.assert_lacks("mail-stays-here");
}
