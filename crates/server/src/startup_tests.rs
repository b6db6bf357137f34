//! Tests of what happens at start-up and around every request: migrations under concurrency, demo
//! seeding, the time limit, and error pages that keep internal details secret.

use axum::response::IntoResponse;
use http_body_util::BodyExt;
use sqlx::PgPool;

use crate::MIGRATOR;
use crate::error::AppError;
use crate::seed::seed_demo_data_once;

#[sqlx::test(migrations = false)]
async fn replicas_applying_migrations_at_once_apply_each_exactly_once(pool: PgPool) {
    let (first, second) = tokio::join!(MIGRATOR.run(&pool), MIGRATOR.run(&pool));
    first.unwrap();
    second.unwrap();
    let applied: i64 = sqlx::query_scalar("select count(*) from _sqlx_migrations").fetch_one(&pool).await.unwrap();
    assert_eq!(applied, MIGRATOR.iter().count() as i64);
}

#[sqlx::test(migrations = "../../migrations")]
async fn demo_data_is_seeded_once_with_an_admin_players_a_waiting_game_and_a_played_year(pool: PgPool) {
    seed_demo_data_once(&pool).await.unwrap();
    seed_demo_data_once(&pool).await.unwrap();
    let (accounts, admins): (i64, i64) =
        sqlx::query_as("select count(*), count(*) filter (where is_site_admin) from account")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((accounts, admins), (8, 1));
    let games: Vec<(String, i64)> = sqlx::query_as(
        "select g.status::text, (select count(*) from seat s where s.game_id = g.game_id) from game g order by game_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(games, [("forming".to_owned(), 4), ("running".to_owned(), 7)]);
    let phases: Vec<(String, bool)> =
        sqlx::query_as("select code, processed_at is not null from phase where game_id = 2 order by phase_index")
            .fetch_all(&pool)
            .await
            .unwrap();
    let codes: Vec<(&str, bool)> = phases.iter().map(|(code, done)| (code.as_str(), *done)).collect();
    assert_eq!(codes, [("S1901M", true), ("F1901M", true), ("W1901A", true), ("S1902M", false)]);
    let mut observer = crate::test_support::Client::new(pool.clone());
    let spring = observer.get("/games/2/phases/0").await;
    spring.assert_contains("F lon - nth").assert_contains("A war - gal");
    let winter = observer.get("/games/2/phases/2").await;
    winter.assert_status(axum::http::StatusCode::OK).assert_contains("Build");
    let deadline: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("select deadline_at from game where game_id = 2").fetch_one(&pool).await.unwrap();
    assert!(deadline > chrono::Utc::now(), "the demo's current phase is not due at once: {deadline}");
    let (created, started, first_processed): (
        chrono::DateTime<chrono::Utc>,
        chrono::DateTime<chrono::Utc>,
        chrono::DateTime<chrono::Utc>,
    ) = sqlx::query_as(
        "select g.created_at, g.started_at, (select min(processed_at) from phase p where p.game_id = g.game_id)
             from game g where game_id = 2",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(created < started && started < first_processed, "{created} {started} {first_processed}");
}

#[tokio::test]
async fn an_internal_error_page_shows_none_of_the_error_text() {
    let response = AppError::Internal(anyhow::anyhow!("password_hash column of account 42")).into_response();
    assert_eq!(response.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let body = String::from_utf8_lossy(&body);
    assert!(body.contains("Something went wrong on our side"));
    assert!(!body.contains("password_hash"), "{body}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_request_over_the_time_limit_gets_a_408_page(pool: PgPool) {
    // A one-connection pool whose connection this test holds: /healthz cannot finish, so only the time
    // limit can answer it.
    let starved = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect_with(pool.connect_options().as_ref().clone())
        .await
        .unwrap();
    let _held = starved.acquire().await.unwrap();
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.request_timeout_secs = 0;
    let app = crate::app(crate::state::AppState::new(starved.clone(), config));
    let request = axum::http::Request::get("/healthz").body(axum::body::Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app, request).await.unwrap();
    assert_eq!(response.status(), axum::http::StatusCode::REQUEST_TIMEOUT);
    let body = response.into_body().collect().await.unwrap().to_bytes();
    assert!(String::from_utf8_lossy(&body).contains("took too long"));
}

async fn headers_of(config: crate::config::Config, pool: PgPool, path: &str) -> axum::http::HeaderMap {
    let app = crate::app(crate::state::AppState::new(pool, config));
    let request = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
    tower::ServiceExt::oneshot(app, request).await.unwrap().headers().clone()
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_response_forbids_sniffing_and_sends_referrers_only_to_this_site(pool: PgPool) {
    for path in ["/games", "/static/site.css", "/no/such/page", "/login"] {
        let headers =
            headers_of(crate::config::Config::with_database_url("postgres://unused"), pool.clone(), path).await;
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
        assert!(!headers.contains_key("strict-transport-security"), "plain HTTP must not send HSTS on {path}");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn hsts_is_sent_on_every_response_when_the_site_runs_behind_https(pool: PgPool) {
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.secure_cookies = true;
    for path in ["/games", "/no/such/page"] {
        let headers = headers_of(config.clone(), pool.clone(), path).await;
        assert_eq!(headers["strict-transport-security"], "max-age=31536000", "{path}");
    }
}
