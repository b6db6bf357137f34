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
async fn after_five_failures_an_account_is_throttled_from_that_address_even_with_the_right_password(pool: PgPool) {
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

/// The app trusting `X-Forwarded-For`, so a test can speak from several addresses.
fn app_behind_a_proxy(pool: PgPool) -> axum::Router {
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.trust_forwarded_for = true;
    crate::app(crate::state::AppState::new(pool, config))
}

fn login_from(address: &str, username: &str, password: &str) -> Request<Body> {
    let body = format!("username={username}&password={}", password.replace(' ', "+"));
    Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header("x-forwarded-for", address)
        .body(Body::from(body))
        .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_attacker_s_five_failures_lock_only_their_own_address_and_the_owner_still_logs_in(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut client = Client::with_app(app_behind_a_proxy(pool));
    for _ in 0..5 {
        client
            .send(login_from("203.0.113.9", "bob", "wrong password"))
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    client.send(login_from("203.0.113.9", "bob", PASSWORD)).await.assert_status(StatusCode::TOO_MANY_REQUESTS);
    client.send(login_from("198.51.100.7", "bob", PASSWORD)).await.assert_status(StatusCode::SEE_OTHER);
}

#[sqlx::test(migrations = "../../migrations")]
async fn forty_wrong_passwords_sent_at_once_are_checked_five_times_and_the_rest_refused(pool: PgPool) {
    account(&pool, "bob", false).await;
    let app = app_behind_a_proxy(pool);
    let attempts =
        (0..40).map(|_| tower::ServiceExt::oneshot(app.clone(), login_from("203.0.113.9", "bob", "wrong password")));
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(attempts).await.into_iter().map(|response| response.unwrap().status()).collect();
    let checked = statuses.iter().filter(|status| **status == StatusCode::UNPROCESSABLE_ENTITY).count();
    let refused = statuses.iter().filter(|status| **status == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((checked, refused), (5, 35), "{statuses:?}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn fifty_failures_from_many_addresses_lock_the_account_for_every_address(pool: PgPool) {
    account(&pool, "carol", false).await;
    // Fifty failures within the window, as if from ten addresses (five each).
    sqlx::query("insert into throttle_counter (scope, key, window_started_at, hits) values ('login_account', 'carol', now(), 50)")
        .execute(&pool)
        .await
        .unwrap();
    let mut client = Client::with_app(app_behind_a_proxy(pool));
    client.send(login_from("198.51.100.7", "carol", PASSWORD)).await.assert_status(StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_address_with_many_failures_is_throttled_for_every_username(pool: PgPool) {
    account(&pool, "carol", false).await;
    // Thirty failures from this address on other names (tests have no socket, so the address is "unknown").
    sqlx::query("insert into throttle_counter (scope, key, window_started_at, hits) values ('login_address', 'unknown', now(), 30)")
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
async fn failures_older_than_the_window_no_longer_count(pool: PgPool) {
    account(&pool, "carol", false).await;
    sqlx::query(
        "insert into throttle_counter (scope, key, window_started_at, hits)
         values ('login_account_address', 'carol unknown', now() - interval '16 minutes', 5)",
    )
    .execute(&pool)
    .await
    .unwrap();
    let mut client = Client::new(pool);
    client.post("/login", &[("username", "carol"), ("password", PASSWORD)]).await.assert_status(StatusCode::SEE_OTHER);
}

#[sqlx::test(migrations = "../../migrations")]
async fn logging_in_successfully_again_and_again_never_locks_the_owner_out(pool: PgPool) {
    account(&pool, "bob", false).await;
    let mut client = Client::new(pool);
    client.post("/login", &[("username", "bob"), ("password", "wrong password")]).await;
    for _ in 0..8 {
        client
            .post("/login", &[("username", "bob"), ("password", PASSWORD)])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_login_whose_next_leaves_the_site_lands_on_the_lobby(pool: PgPool) {
    account(&pool, "bob", false).await;
    for next in ["/\t/evil.example/", "//evil.example", "/\\evil.example", "https://evil.example", "/.//evil.example"] {
        let mut client = Client::new(pool.clone());
        client
            .post("/login", &[("username", "bob"), ("password", PASSWORD), ("next", next)])
            .await
            .assert_redirect_to("/games");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_login_whose_next_holds_a_line_break_or_control_character_is_a_redirect_not_a_500(pool: PgPool) {
    account(&pool, "bob", false).await;
    let cases =
        [("/\n/x", "/games"), ("/\r\n/x", "/games"), ("/games\n", "/games"), ("/a\u{1}b", "/ab"), ("/a b", "/a%20b")];
    for (next, landing) in cases {
        let mut client = Client::new(pool.clone());
        client
            .post("/login", &[("username", "bob"), ("password", PASSWORD), ("next", next)])
            .await
            .assert_redirect_to(landing);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn changing_the_password_ends_every_other_session_of_the_account_and_keeps_this_one(pool: PgPool) {
    account(&pool, "frank", false).await;
    let mut here = Client::new(pool.clone());
    here.log_in("frank").await;
    let mut elsewhere = Client::new(pool.clone());
    elsewhere.log_in("frank").await;
    let new = "a brand new password";
    here.post(
        "/account/password",
        &[("current_password", PASSWORD), ("new_password", new), ("new_password_confirm", new)],
    )
    .await
    .assert_redirect_to("/account");
    here.get("/account")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("every other session of your account has ended");
    elsewhere.get("/account").await.assert_error_page(StatusCode::UNAUTHORIZED);
    // The ended session stays ended: it is not revived by later visits.
    elsewhere.get("/games").await.assert_status(StatusCode::OK).assert_lacks("frank display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn logging_out_everywhere_else_ends_every_other_session_and_keeps_this_one(pool: PgPool) {
    account(&pool, "grace", false).await;
    let mut here = Client::new(pool.clone());
    here.log_in("grace").await;
    let mut phone = Client::new(pool.clone());
    phone.log_in("grace").await;
    here.get("/account").await.assert_contains("Log out everywhere else");
    here.post("/account/sessions/end-others", &[]).await.assert_redirect_to("/account");
    here.get("/account")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Every other session of your account has ended.");
    phone.get("/account").await.assert_error_page(StatusCode::UNAUTHORIZED);
    // Logging in again on the phone works as before.
    phone.log_in("grace").await;
    phone.get("/account").await.assert_status(StatusCode::OK);
}

#[sqlx::test(migrations = "../../migrations")]
async fn registrations_from_one_address_are_throttled_after_ten_in_an_hour(pool: PgPool) {
    let mut client = Client::new(pool.clone());
    for index in 0..10 {
        let username = format!("user{index}");
        let mut form = registration(&username);
        form.retain(|(field, _)| *field != "email");
        client.post("/register", &form).await.assert_redirect_to("/games");
    }
    let mut form = registration("user10");
    form.retain(|(field, _)| *field != "email");
    client
        .post("/register", &form)
        .await
        .assert_status(StatusCode::TOO_MANY_REQUESTS)
        .assert_contains("Too many accounts were registered from your address")
        .assert_lacks("a long password");
    let accounts: i64 = sqlx::query_scalar("select count(*) from account").fetch_one(&pool).await.unwrap();
    assert_eq!(accounts, 10);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_registration_that_cannot_get_a_hashing_permit_in_time_gets_a_503_and_creates_nothing(pool: PgPool) {
    let mut state =
        crate::state::AppState::new(pool.clone(), crate::config::Config::with_database_url("postgres://unused"));
    // No permit free (as when every core is hashing), and a short queue.
    state.password_hashing = crate::state::PasswordHashing {
        permits: std::sync::Arc::new(tokio::sync::Semaphore::new(0)),
        queue_timeout: std::time::Duration::from_millis(200),
        ..crate::state::PasswordHashing::per_core()
    };
    let mut client = Client::with_app(crate::app(state));
    client
        .post("/register", &registration("alice"))
        .await
        .assert_status(StatusCode::SERVICE_UNAVAILABLE)
        .assert_contains("busy checking passwords");
    let accounts: i64 = sqlx::query_scalar("select count(*) from account").fetch_one(&pool).await.unwrap();
    assert_eq!(accounts, 0);
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
async fn throttle_counters_older_than_a_day_are_forgotten_and_recent_ones_kept(pool: PgPool) {
    sqlx::query(
        "insert into throttle_counter (scope, key, window_started_at, hits)
         values ('login_address', 'old', now() - interval '25 hours', 3), ('login_address', 'new', now() - interval '1 hour', 3)",
    )
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(super::throttle::delete_stale_counters(&pool).await.unwrap(), 1);
    let left: Vec<String> = sqlx::query_scalar("select key from throttle_counter").fetch_all(&pool).await.unwrap();
    assert_eq!(left, ["new"]);
}

/// The session's stored expiry, as the store keeps it.
async fn stored_session_expiries(pool: &PgPool) -> Vec<time::OffsetDateTime> {
    sqlx::query_scalar::<_, time::OffsetDateTime>("select expiry_date from tower_sessions.session order by id")
        .fetch_all(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_signed_in_page_view_reads_the_session_without_writing_it_again(pool: PgPool) {
    account(&pool, "alice", false).await;
    let mut client = Client::new(pool.clone());
    client.log_in("alice").await;
    client.get("/games").await.assert_status(StatusCode::OK);
    let after_first_page = stored_session_expiries(&pool).await;
    assert_eq!(after_first_page.len(), 1);
    for path in ["/games", "/account", "/games/new"] {
        let page = client.get(path).await;
        page.assert_status(StatusCode::OK);
        assert!(page.set_cookie.is_none(), "{path}: an unchanged session sends no cookie again");
    }
    assert_eq!(stored_session_expiries(&pool).await, after_first_page, "no page view wrote the session");
    client.get("/account").await.assert_contains("alice display");
}
