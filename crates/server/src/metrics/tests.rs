//! `/metrics`: off by default, route templates rather than paths, the mail queue read from the
//! database, and a separate address when `METRICS_BIND` is set.

use axum::http::StatusCode;
use clap::Parser;
use sqlx::PgPool;

use crate::config::Config;
use crate::state::AppState;
use crate::test_support::{Client, create_game, logged_in};

fn state_with(pool: &PgPool, flags: &[&str]) -> AppState {
    let mut args = vec!["backchannel", "--database-url", "postgres://unused"];
    args.extend_from_slice(flags);
    AppState::new(pool.clone(), Config::parse_from(args))
}

/// The value of the exposition line that starts with `series` (name and labels).
fn value_of(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
}

#[sqlx::test(migrations = "../../migrations")]
async fn metrics_are_off_unless_configured(pool: PgPool) {
    let mut client = Client::new(pool);
    client.get("/metrics").await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn requests_are_counted_by_route_template_and_status_and_the_mail_queue_comes_from_the_database(pool: PgPool) {
    let mut gm = logged_in(&pool, "metricgm").await;
    let game_id = create_game(&mut gm, "Counted game", &[]).await;
    let mut conn = pool.acquire().await.unwrap();
    let account: crate::ids::AccountId =
        sqlx::query_scalar("select account_id from account limit 1").fetch_one(&mut *conn).await.unwrap();
    let content = crate::notify::MailContent::PasswordReset { link_path: None };
    for _ in 0..3 {
        crate::notify::queries::insert_account_mail(&mut conn, account, &content, chrono::Utc::now()).await.unwrap();
    }
    let mut client = Client::with_app(crate::app(state_with(&pool, &["--metrics", "true"])));
    client.get(&format!("/games/{game_id}")).await.assert_status(StatusCode::OK);
    client.get(&format!("/games/{game_id}")).await.assert_status(StatusCode::OK);
    client.get("/games/424242").await.assert_status(StatusCode::NOT_FOUND);
    client.get("/no/such/page").await.assert_status(StatusCode::NOT_FOUND);

    let page = client.get("/metrics").await;
    page.assert_status(StatusCode::OK);
    let text = &page.body;
    let ok = r#"backchannel_http_requests_total{method="GET",route="/games/{game_id}",status="200"}"#;
    let missing = r#"backchannel_http_requests_total{method="GET",route="/games/{game_id}",status="404"}"#;
    let unmatched = r#"backchannel_http_requests_total{method="GET",route="unmatched",status="404"}"#;
    assert_eq!(value_of(text, ok), Some(2.0), "{text}");
    assert_eq!(value_of(text, missing), Some(1.0), "{text}");
    assert_eq!(value_of(text, unmatched), Some(1.0), "{text}");
    let bucket = r#"backchannel_http_request_duration_seconds_count{method="GET",route="/games/{game_id}"}"#;
    assert_eq!(value_of(text, bucket), Some(3.0), "{text}");
    assert!(!text.contains("424242"), "a path, not its template, made a series:\n{text}");
    assert_eq!(value_of(text, "backchannel_mail_queue_pending"), Some(3.0), "{text}");
    assert_eq!(value_of(text, "backchannel_mail_queue_due"), Some(3.0), "{text}");
    assert_eq!(value_of(text, "backchannel_phases_processed_total"), Some(0.0), "{text}");
    assert!(value_of(text, "backchannel_db_pool_max_connections").is_some_and(|max| max >= 1.0), "{text}");
    assert!(text.ends_with("# EOF\n"), "not a complete exposition");
}

#[sqlx::test(migrations = "../../migrations")]
async fn with_a_separate_address_the_site_itself_serves_no_metrics(pool: PgPool) {
    let state = state_with(&pool, &["--metrics-bind", "127.0.0.1:0"]);
    let mut site = Client::with_app(crate::app(state.clone()));
    site.get("/games").await.assert_status(StatusCode::OK);
    site.get("/metrics").await.assert_error_page(StatusCode::NOT_FOUND);
    let mut scraper = Client::with_app(super::router(state));
    let page = scraper.get("/metrics").await;
    page.assert_status(StatusCode::OK);
    let lobby = r#"backchannel_http_requests_total{method="GET",route="/games",status="200"}"#;
    assert_eq!(value_of(&page.body, lobby), Some(1.0), "{}", page.body);
}

#[sqlx::test(migrations = "../../migrations")]
async fn made_up_methods_share_one_label_so_the_metrics_stay_bounded(pool: PgPool) {
    let mut client = Client::with_app(crate::app(state_with(&pool, &["--metrics", "true"])));
    for n in 0..50 {
        let method = axum::http::Method::from_bytes(format!("M{n:05}").as_bytes()).unwrap();
        let request = axum::http::Request::builder().method(method).uri("/healthz").body(axum::body::Body::empty());
        client.send(request.unwrap()).await;
    }
    let page = client.get("/metrics").await;
    page.assert_status(StatusCode::OK).assert_lacks("M00001");
    let other = r#"backchannel_http_requests_total{method="other",route="/healthz",status="405"}"#;
    assert_eq!(value_of(&page.body, other), Some(50.0), "{}", page.body);
}
