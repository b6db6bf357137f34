//! Handler tests for accounts: each route's happy path and its refusals, on a fresh database.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sqlx::PgPool;

use crate::test_support::{Client, PASSWORD, account, logged_in};

fn registration(username: &str) -> Vec<(&str, &str)> {
    vec![
        ("username", username),
        ("display_name", "Alice Liddell"),
        ("email", "alice@example.org"),
        ("time_zone", "Europe/Paris"),
        ("password", "a long password"),
        ("password_confirm", "a long password"),
    ]
}

#[sqlx::test(migrations = "../../migrations")]
async fn registering_logs_the_new_user_in_and_greets_them(pool: PgPool) {
    let mut client = Client::new(pool);
    client.post("/register", &registration("alice")).await.assert_redirect_to("/games");
    client
        .get("/games")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Alice Liddell")
        .assert_contains("Welcome, Alice Liddell!");
    client.get("/account").await.assert_status(StatusCode::OK).assert_contains("Europe/Paris\" selected");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_registration_with_bad_fields_is_shown_again_with_each_error_and_what_was_typed(pool: PgPool) {
    let mut client = Client::new(pool);
    let page = client
        .post(
            "/register",
            &[
                ("username", "x"),
                ("display_name", "Kept Name"),
                ("email", "not-an-address"),
                ("time_zone", "Mars/Olympus"),
                ("password", "short"),
                ("password_confirm", "short"),
            ],
        )
        .await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-username\"")
        .assert_contains("id=\"error-email\"")
        .assert_contains("id=\"error-time_zone\"")
        .assert_contains("id=\"error-password\"")
        .assert_contains("value=\"Kept Name\"")
        .assert_contains("value=\"not-an-address\"")
        .assert_lacks("short\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_taken_username_is_refused_whatever_its_case(pool: PgPool) {
    account(&pool, "alice", false).await;
    let mut client = Client::new(pool);
    client
        .post("/register", &registration("ALICE"))
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("That username is taken");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_missing_form_field_is_a_form_error_not_a_crash(pool: PgPool) {
    let mut client = Client::new(pool);
    client
        .post("/register", &[("username", "alice")])
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-display_name\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn logging_in_sets_an_http_only_lax_session_cookie_and_lands_on_next(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut client = Client::new(pool);
    let page = client.post("/login", &[("username", "Bob"), ("password", PASSWORD), ("next", "/account")]).await;
    page.assert_redirect_to("/account");
    let cookie = page.set_cookie.clone().unwrap();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(!cookie.contains("Secure"), "plain-HTTP configuration must not mark cookies Secure: {cookie}");
    client.get("/account").await.assert_status(StatusCode::OK).assert_contains("bob display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn cookies_are_secure_when_the_site_runs_behind_https(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.secure_cookies = true;
    let app = crate::app(crate::state::AppState::new(pool, config));
    let request = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!("username=bob&password={}", PASSWORD.replace(' ', "+"))))
        .unwrap();
    let response = tower::ServiceExt::oneshot(app, request).await.unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let cookie = response.headers()[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.contains("Secure"), "{cookie}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_wrong_password_is_refused_and_keeps_the_username(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut client = Client::new(pool);
    client
        .post("/login", &[("username", "bob"), ("password", "wrong password")])
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("do not match an account")
        .assert_contains("value=\"bob\"")
        .assert_lacks("wrong password");
}

#[sqlx::test(migrations = "../../migrations")]
async fn after_five_failures_an_account_is_throttled_even_with_the_right_password(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut client = Client::new(pool);
    for _ in 0..5 {
        client
            .post("/login", &[("username", "bob"), ("password", "wrong password")])
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    client
        .post("/login", &[("username", "bob"), ("password", PASSWORD)])
        .await
        .assert_status(StatusCode::TOO_MANY_REQUESTS)
        .assert_contains("Too many failed logins");
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_address_with_many_failures_is_throttled_for_every_username(pool: PgPool) {
    account(&pool, "carol", false).await;
    // Thirty failures from this address on other names (tests have no socket, so the address is "unknown").
    sqlx::query(
        "insert into login_attempt (username, address, succeeded)
         select 'guess' || n, 'unknown', false from generate_series(1, 30) n",
    )
    .execute(&pool)
    .await
    .unwrap();
    let mut client = Client::new(pool);
    client
        .post("/login", &[("username", "carol"), ("password", PASSWORD)])
        .await
        .assert_status(StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../../migrations")]
async fn logging_out_ends_the_session(pool: PgPool) {
    let mut client = logged_in(&pool, "dave").await;
    client.post("/logout", &[]).await.assert_redirect_to("/games");
    client.get("/account").await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn account_pages_refuse_visitors_with_a_401_page(pool: PgPool) {
    let mut client = Client::new(pool);
    client.get("/account").await.assert_error_page(StatusCode::UNAUTHORIZED).assert_contains("Log in");
    client.post("/account", &[("display_name", "x")]).await.assert_error_page(StatusCode::UNAUTHORIZED);
    client.get("/account/password").await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_profile_saves_zone_email_and_opt_ins(pool: PgPool) {
    let mut client = logged_in(&pool, "erin").await;
    client
        .post(
            "/account",
            &[
                ("display_name", "Erin E."),
                ("email", "erin@example.org"),
                ("time_zone", "America/New_York"),
                ("notify_press", "on"),
                ("deadline_reminder_hours", "6"),
                ("press_mail_minutes", "45"),
            ],
        )
        .await
        .assert_redirect_to("/account");
    let (zone, press, phase, hours): (String, bool, bool, i32) = sqlx::query_as(
        "select time_zone, notify_press, notify_new_phase, deadline_reminder_hours from account where username = 'erin'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((zone.as_str(), press, phase, hours), ("America/New_York", true, false, 6));
    client.get("/account").await.assert_contains("Your profile is saved.").assert_contains("Erin E.");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_bad_profile_is_shown_again_with_what_was_typed(pool: PgPool) {
    let mut client = logged_in(&pool, "erin").await;
    client
        .post(
            "/account",
            &[("display_name", "Typed Name"), ("time_zone", "Nowhere/Land"), ("deadline_reminder_hours", "500")],
        )
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("value=\"Typed Name\"")
        .assert_contains("id=\"error-time_zone\"")
        .assert_contains("id=\"error-deadline_reminder_hours\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn changing_the_password_needs_the_current_one_and_the_new_one_then_works(pool: PgPool) {
    let mut client = logged_in(&pool, "frank").await;
    let new = "a brand new password";
    client
        .post(
            "/account/password",
            &[("current_password", "not it"), ("new_password", new), ("new_password_confirm", new)],
        )
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-current_password\"");
    client
        .post(
            "/account/password",
            &[("current_password", PASSWORD), ("new_password", new), ("new_password_confirm", new)],
        )
        .await
        .assert_redirect_to("/account");
    let mut fresh = Client::new(pool);
    fresh.post("/login", &[("username", "frank"), ("password", new)]).await.assert_status(StatusCode::SEE_OTHER);
}

#[sqlx::test(migrations = "../../migrations")]
async fn no_page_ever_shows_a_password_hash(pool: PgPool) {
    let mut client = logged_in(&pool, "grace").await;
    for path in ["/account", "/games", "/account/password", "/games/new"] {
        client.get(path).await.assert_status(StatusCode::OK).assert_lacks("$argon2");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_cross_site_form_post_is_refused_with_a_403_page(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut client = Client::new(pool);
    let forged = |fetch_site: Option<&str>, origin: Option<&str>| {
        let mut request = Request::post("/login")
            .header(header::HOST, "judge.example")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(site) = fetch_site {
            request = request.header("sec-fetch-site", site);
        }
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        request.body(Body::from("username=bob&password=x")).unwrap()
    };
    client.send(forged(Some("cross-site"), None)).await.assert_error_page(StatusCode::FORBIDDEN);
    client.send(forged(None, Some("https://evil.example"))).await.assert_error_page(StatusCode::FORBIDDEN);
    // The same form sent from the site itself goes through (to the password check).
    client
        .send(forged(Some("same-origin"), Some("http://judge.example")))
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../../migrations")]
async fn malformed_and_oversized_bodies_get_4xx_pages(pool: PgPool) {
    let mut client = Client::new(pool);
    let huge = "a".repeat(200 * 1024);
    client.post("/register", &[("username", &huge)]).await.assert_error_page(StatusCode::PAYLOAD_TOO_LARGE);
    let json = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"username\":\"x\"}"))
        .unwrap();
    client.send(json).await.assert_error_page(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let bad_checkbox = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(vec![0xff, 0xfe, b'=', 0xff]))
        .unwrap();
    let status = client.send(bad_checkbox).await.status;
    assert!(status.is_client_error(), "got {status}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn unknown_pages_and_wrong_methods_get_error_pages(pool: PgPool) {
    let mut client = Client::new(pool);
    client.get("/no/such/page").await.assert_error_page(StatusCode::NOT_FOUND);
    client
        .send(Request::delete("/login").body(Body::empty()).unwrap())
        .await
        .assert_error_page(StatusCode::METHOD_NOT_ALLOWED);
    client.get("/healthz").await.assert_status(StatusCode::OK).assert_contains("ok");
}

#[sqlx::test(migrations = "../../migrations")]
async fn login_attempts_older_than_a_day_are_forgotten_and_recent_ones_kept(pool: PgPool) {
    sqlx::query(
        "insert into login_attempt (username, address, succeeded, attempted_at)
         values ('old', 'x', false, now() - interval '25 hours'), ('new', 'x', false, now() - interval '1 hour')",
    )
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(super::queries::delete_old_login_attempts(&pool).await.unwrap(), 1);
    let left: Vec<String> = sqlx::query_scalar("select username from login_attempt").fetch_all(&pool).await.unwrap();
    assert_eq!(left, ["new"]);
}
