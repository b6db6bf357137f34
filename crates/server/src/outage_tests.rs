//! A database outage: pages answer at once with a 503 that says nothing was lost, and the site recovers
//! on its own. PostgreSQL is reached through a TCP proxy the test stops and starts again.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use sqlx::{Connection, PgPool};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};

use crate::config::Config;
use crate::state::AppState;
use crate::test_support::{Client, account};

/// Forwards connections from `listen` to `target` until aborted; aborting closes every forwarded one.
async fn proxy(listen: SocketAddr, target: SocketAddr) -> (SocketAddr, JoinHandle<()>) {
    let listener = TcpListener::bind(listen).await.unwrap();
    let address = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        let mut forwarded = JoinSet::new();
        while let Ok((mut client, _)) = listener.accept().await {
            forwarded.spawn(async move {
                if let Ok(mut server) = TcpStream::connect(target).await {
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                }
            });
        }
    });
    (address, task)
}

#[sqlx::test(migrations = "../../migrations")]
async fn with_the_database_down_pages_answer_503_within_five_seconds_and_recover_when_it_returns(pool: PgPool) {
    account(&pool, "bob", false).await;
    let direct = pool.connect_options();
    let target: SocketAddr = format!("127.0.0.1:{}", direct.get_port()).parse().unwrap();
    let (address, running) = proxy("127.0.0.1:0".parse().unwrap(), target).await;
    let config = Config::with_database_url("postgres://unused");
    // The server's own pool settings: a connection used a moment ago is lent out without a check.
    let proxied =
        crate::pool_options(config.database_max_connections, Duration::from_secs(config.database_acquire_timeout_secs))
            .connect_lazy_with(direct.as_ref().clone().host("127.0.0.1").port(address.port()));
    let mut client = Client::with_app(crate::app(AppState::new(proxied, config)));
    client.log_in("bob").await;
    client.get("/account").await.assert_status(StatusCode::OK);

    running.abort();
    let _ = running.await;
    for path in ["/account", "/games", "/healthz"] {
        let started = Instant::now();
        let page = client.get(path).await;
        assert!(started.elapsed() < Duration::from_secs(5), "{path} took {:?}", started.elapsed());
        page.assert_status(StatusCode::SERVICE_UNAVAILABLE)
            .assert_contains("The site is down for a moment: nothing you sent is lost.");
    }
    let started = Instant::now();
    client
        .post("/account", &[("display_name", "Bob"), ("deadline_reminder_hours", "6"), ("press_mail_minutes", "30")])
        .await
        .assert_status(StatusCode::SERVICE_UNAVAILABLE);
    assert!(started.elapsed() < Duration::from_secs(5));

    let (_, _restarted) = proxy(address, target).await;
    client.get("/account").await.assert_status(StatusCode::OK).assert_contains("bob display");
}

/// What `pg_ctl stop -m fast` does to every session: the server ends each backend with SQLSTATE 57P01
/// ("terminating connection due to administrator command"), which a signed-in request first meets in the
/// session store, which hands sqlx's errors on only as text.
#[sqlx::test(migrations = "../../migrations")]
async fn signed_in_pages_answer_503_not_500_when_postgresql_terminates_their_connections(pool: PgPool) {
    account(&pool, "carol", false).await;
    let config = Config::with_database_url("postgres://unused");
    // The server's own pool settings: a connection used a moment ago is lent out without a check.
    let site_pool =
        crate::pool_options(config.database_max_connections, Duration::from_secs(config.database_acquire_timeout_secs))
            .connect_lazy_with(pool.connect_options().as_ref().clone());
    let mut client = Client::with_app(crate::app(AppState::new(site_pool, config)));
    client.log_in("carol").await;
    for _ in 0..3 {
        client.get("/account").await.assert_status(StatusCode::OK);
    }
    let mut outside = sqlx::PgConnection::connect_with(&pool.connect_options()).await.unwrap();
    let terminated: i64 = sqlx::query_scalar(
        "select count(*) from (select pg_terminate_backend(pid) from pg_stat_activity
                               where datname = current_database() and pid <> pg_backend_pid()) ended",
    )
    .fetch_one(&mut outside)
    .await
    .unwrap();
    assert!(terminated >= 1, "the pool had no connection to end");
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(client.get("/account").await.status);
    }
    assert!(
        statuses.iter().all(|status| [StatusCode::SERVICE_UNAVAILABLE, StatusCode::OK].contains(status)),
        "{statuses:?}"
    );
    assert!(statuses.contains(&StatusCode::SERVICE_UNAVAILABLE), "no request met an ended connection: {statuses:?}");
    assert_eq!(statuses.last(), Some(&StatusCode::OK), "the site did not recover: {statuses:?}");
}
