//! Backchannel's web server: accounts, games, the GM panel, orders and turns, over axum, askama and
//! PostgreSQL.
//!
//! `app(state)` builds the whole router (tests drive it with `oneshot`); `run(config)` connects to the
//! database, applies migrations, optionally seeds demo data, and serves (with the turn worker beside it)
//! until a shutdown signal.

pub mod accounts;
pub mod admin;
pub mod api;
pub mod archive;
pub mod bot_seats;
pub mod cabinet;
pub mod clock;
pub mod config;
pub mod error;
pub mod extract;
pub mod feeds;
pub mod games;
pub mod gm;
pub mod guide;
pub mod ids;
pub mod live;
pub mod metrics;
pub mod notices;
pub mod notify;
pub mod orders;
pub mod pages;
pub mod play;
pub mod press;
pub mod push;
pub mod reliability;
pub mod revalidate;
pub mod sandbox;
pub mod seed;
pub mod serve;
pub mod standby;
pub mod state;
pub mod turns;
pub mod user;
pub mod votes;

#[cfg(test)]
mod control_characters_tests;
#[cfg(test)]
mod outage_tests;
#[cfg(test)]
mod startup_tests;
#[cfg(test)]
mod test_support;

use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sqlx::postgres::PgPoolOptions;
use sqlx::{Connection, PgPool};
use tower_http::csrf::CsrfLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use tower_sessions::cookie::SameSite;
use tower_sessions::{ExpiredDeletion, Expiry, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

use crate::config::Config;
use crate::error::AppError;
use crate::state::AppState;

/// Migrations from the top-level `migrations/`. sqlx holds a PostgreSQL advisory lock while it applies
/// them, so replicas starting at once apply each migration exactly once.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");

/// Sessions last this long without a visit.
const SESSION_INACTIVITY: time::Duration = time::Duration::days(30);

/// Pages load scripts, styles and images only from this site, and no inline script runs: even if
/// player text ever slipped past askama's escaping, it could not execute. Inline SVG maps need no
/// exception (they use presentation attributes, not `style`).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Browsers that have seen the site over HTTPS refuse plain HTTP to it for a year (sent only when
/// `SECURE_COOKIES` says the site is served over HTTPS).
const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// The whole site as one router.
pub fn app(state: AppState) -> Router {
    let store = PostgresStore::new(state.db.clone());
    let sessions = SessionManagerLayer::new(store)
        .with_name("backchannel_session")
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(state.config.secure_cookies)
        .with_expiry(Expiry::OnInactivity(SESSION_INACTIVITY));
    let csrf = CsrfLayer::new().with_rejection_response(|_| {
        AppError::Forbidden(
            "This form was sent from another site, so it was refused (cross-site request forgery protection)."
                .to_owned(),
        )
        .into_response()
    });
    let metrics_on = state.config.metrics || state.config.metrics_bind.is_some();
    let mut pages = Router::new();
    if state.config.metrics && state.config.metrics_bind.is_none() {
        pages = pages.route("/metrics", get(metrics::exposition));
    }
    // The API takes tokens, never cookies: it is nested outside the session and CSRF layers, which
    // wrap only the pages (and their fallbacks).
    let pages = pages
        .route("/healthz", get(healthz))
        .route("/static/site.css", get(stylesheet))
        .route("/static/js/orders.js", get(order_script))
        .merge(accounts::router())
        .merge(archive::router())
        .merge(feeds::router())
        .merge(bot_seats::router())
        .merge(games::router())
        .merge(guide::router())
        .merge(admin::router())
        .merge(gm::router())
        .merge(standby::router())
        .merge(orders::router())
        .merge(turns::router())
        .merge(notify::router())
        .merge(notices::router())
        .merge(push::router())
        .merge(live::router())
        .merge(press::router())
        .merge(api::pages_router())
        .merge(cabinet::router())
        .merge(reliability::router())
        .merge(votes::router())
        .merge(play::router())
        .merge(sandbox::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(sessions)
        .layer(csrf);
    Router::new()
        .nest("/api/v1", api::router())
        .merge(pages)
        // Applied with `Router::layer`, which wraps every route (the API's too), so the route template
        // (`MatchedPath`) is known; no layer at all when metrics are off.
        .layer(tower::util::option_layer(
            metrics_on.then(|| middleware::from_fn_with_state(state.metrics.clone(), metrics::record)),
        ))
        .layer(DefaultBodyLimit::max(state.config.max_body_bytes))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            header::HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            header::HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(middleware::from_fn(revalidate::revalidate))
        // Browsers must not guess a type other than the one sent (a player's text served as a script).
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            header::HeaderValue::from_static("nosniff"),
        ))
        // Links to other sites must not carry our URLs, which hold game ids and invite codes.
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            header::HeaderValue::from_static("same-origin"),
        ))
        .layer(strict_transport_security(state.config.secure_cookies))
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// HSTS on every response when the site is served over HTTPS, nothing otherwise.
fn strict_transport_security(
    over_https: bool,
) -> SetResponseHeaderLayer<impl Fn(&Response) -> Option<header::HeaderValue> + Clone> {
    let value = over_https.then(|| header::HeaderValue::from_static(STRICT_TRANSPORT_SECURITY));
    SetResponseHeaderLayer::overriding(header::STRICT_TRANSPORT_SECURITY, move |_: &Response| value.clone())
}

async fn healthz(State(db): State<PgPool>) -> Result<&'static str, AppError> {
    sqlx::query!("select 1 as alive").fetch_one(&db).await?;
    Ok("ok")
}

async fn stylesheet() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], include_str!("../../../static/site.css"))
}

/// The order page's map script (progressive enhancement), compiled in like the stylesheet.
async fn order_script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../../../static/js/orders.js"))
}

/// Answers requests slower than `REQUEST_TIMEOUT_SECS` with a 408 error page (dropping the handler,
/// which rolls back any open transaction).
async fn time_limit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let limit = Duration::from_secs(state.config.request_timeout_secs);
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::TimedOut.into_response(),
    }
}

async fn not_found() -> AppError {
    AppError::NotFound
}

async fn method_not_allowed() -> AppError {
    AppError::Malformed {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "That action is not available here.".to_owned(),
    }
}

/// A pooled connection idle longer than this is checked with a round trip before it is lent out.
const PING_CONNECTIONS_IDLE_FOR: Duration = Duration::from_secs(10);

/// The pool the server, the workers and the benchmarks use. sqlx checks every connection with a round trip
/// each time it is lent out, by default: on a busy site that is one more round trip per request than the
/// request's own statements. A connection busy within the last few seconds is lent out unchecked; should
/// the database have restarted meanwhile, the one request that finds the connection broken answers 503
/// ("nothing you sent is lost") and the broken connection is dropped.
pub fn pool_options(max_connections: u32, acquire_timeout: Duration) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(acquire_timeout)
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for > PING_CONNECTIONS_IDLE_FOR {
                    connection.ping().await?;
                }
                Ok(true)
            })
        })
}

/// Connects, migrates, seeds if asked, and serves until Ctrl-C or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let db = pool_options(config.database_max_connections, Duration::from_secs(config.database_acquire_timeout_secs))
        .connect(&config.database_url)
        .await
        .context("connecting to PostgreSQL")?;
    MIGRATOR.run(&db).await.context("applying migrations")?;
    spawn_hourly_cleanup(db.clone());
    if config.seed_demo_data {
        seed::seed_demo_data_once(&db).await.context("seeding demo data")?;
    }
    let listener =
        tokio::net::TcpListener::bind(config.bind).await.with_context(|| format!("binding {}", config.bind))?;
    let address = listener.local_addr()?;
    tracing::info!("listening on http://{address}");
    println!("Backchannel is running at http://{address}");
    let mut config = config;
    config.public_base_url.get_or_insert_with(|| config::PublicBaseUrl::listening_on(address));
    let mailer = notify::Transport::from_config(&config).context("setting up mail")?;
    if config.mail_transport == config::MailTransport::File {
        println!("Mail is written to {} and shown to each user on /mailbox", config.mail_dir.display());
    }
    let mail_settings = notify::MailSettings::from_config(&config);
    let push_settings = push_settings(&config)?;
    let limits = serve::ConnectionLimits::from_config(&config, serve::raise_open_file_limit());
    let state = AppState::new(db, config);
    let mail_worker = notify::worker::run_mail_worker(
        state.db.clone(),
        state.clock.clone(),
        mailer,
        mail_settings,
        (push::WebPusher::default(), push_settings),
        std::future::pending(),
    );
    let worker_settings = turns::worker::WorkerSettings {
        downtime_extension: chrono::Duration::hours(i64::from(state.config.downtime_extension_hours)),
        concurrency: state.config.turn_worker_concurrency,
        idle_pause: turns::worker::IDLE_PAUSE,
        play: state.config.play_timing(),
    };
    let worker = turns::worker::run_worker_counting(
        state.db.clone(),
        state.clock.clone(),
        worker_settings,
        std::future::pending(),
        state.metrics.phases_processed.clone(),
    );
    if let Some(metrics_address) = state.config.metrics_bind {
        spawn_metrics_listener(metrics_address, state.clone()).await?;
    }
    let server = serve::serve(listener, app(state), limits, shutdown_signal());
    // The turn and mail workers run beside the server and stop with it; a phase being processed or a
    // mail being sent is rolled back (one transaction each) and taken up by the next worker to run.
    tokio::select! {
        served = server => served.context("serving")?,
        () = worker => {},
        () = mail_worker => {},
    }
    tracing::info!("shut down cleanly");
    Ok(())
}

/// How the mail worker signs pushes; a configured key that is no key stops the start.
fn push_settings(config: &Config) -> anyhow::Result<notify::worker::PushSettings> {
    if let Some(configured) = &config.vapid_private_key {
        push::VapidKeys::from_private(configured)?;
    }
    Ok(notify::worker::PushSettings {
        configured_key: config.vapid_private_key.clone(),
        subject: push::keys::subject(config),
    })
}

/// Serves `/metrics` alone on `METRICS_BIND`, beside the site, for as long as the process runs.
async fn spawn_metrics_listener(address: std::net::SocketAddr, state: AppState) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("binding the metrics address {address}"))?;
    tracing::info!("metrics at http://{}/metrics", listener.local_addr()?);
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, metrics::router(state)).await {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(())
}

/// Every hour, deletes expired sessions, throttle counters too old to count and mails older
/// than `notify::MAIL_RETENTION`, and takes expired reset and confirmation links out of mails.
/// Harmless with several replicas: each runs the same idempotent deletes.
fn spawn_hourly_cleanup(db: PgPool) {
    let store = PostgresStore::new(db.clone());
    tokio::spawn(async move {
        let mut hourly = tokio::time::interval(Duration::from_secs(3600));
        loop {
            hourly.tick().await;
            if let Err(error) = store.delete_expired().await {
                tracing::warn!(%error, "could not delete expired sessions");
            }
            if let Err(error) = live::queries::prune(&db).await {
                tracing::warn!(%error, "could not prune old live events");
            }
            if let Err(error) = accounts::throttle::delete_stale_counters(&db).await {
                tracing::warn!(%error, "could not delete stale throttle counters");
            }
            let mail_horizon = chrono::Utc::now() - notify::MAIL_RETENTION;
            if let Err(error) = notify::queries::delete_old_mails(&db, mail_horizon).await {
                tracing::warn!(%error, "could not delete old mails");
            }
            if let Err(error) = notify::queries::forget_expired_mail_links(&db, chrono::Utc::now()).await {
                tracing::warn!(%error, "could not take expired links out of mails");
            }
        }
    });
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutdown signal received; finishing requests in flight");
}
