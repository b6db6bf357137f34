//! The HTTP/1.1 accept loop: hyper's connection builder instead of `axum::serve`, because slow clients
//! must be bounded at the connection level, where axum offers no settings.
//!
//! Three limits keep a flood of connections that never finish (slowloris) from exhausting the server:
//! a header-read timeout (hyper closes a connection that has not sent a whole request head within it,
//! counted from the open and again after each response, so it also ends idle keep-alive connections),
//! an idle timeout on the socket (no byte read or written for that long while the server waits on the
//! client: a body dribbled in, a response never read) and a cap on open connections (past it, new
//! connections wait in the kernel's backlog instead of taking file descriptors).

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_io_timeout::TimeoutStream;
use tower::ServiceExt;

use crate::config::Config;

/// The connection limits, from `HEADER_READ_TIMEOUT_SECS`, `IDLE_TIMEOUT_SECS` and `MAX_CONNECTIONS`.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub idle_timeout: Duration,
    pub max_connections: usize,
}

impl ConnectionLimits {
    /// The limits the configuration asks for, with `MAX_CONNECTIONS` clamped to what `open_files` (the
    /// process's open-file limit, if known) leaves once the database pool and [`RESERVED_FILES`] are
    /// counted: past the limit, `accept` fails and the whole site stops answering, `/healthz` included.
    pub fn from_config(config: &Config, open_files: Option<u64>) -> Self {
        let requested = config.max_connections.max(1);
        let max_connections = match open_files {
            Some(open_files) => connection_cap(requested, open_files, config.database_max_connections),
            None => requested,
        };
        if max_connections < requested {
            tracing::warn!(
                requested,
                max_connections,
                open_files,
                pool = config.database_max_connections,
                reserved = RESERVED_FILES,
                "MAX_CONNECTIONS lowered to fit the open-file limit (raise the hard limit, e.g. LimitNOFILE=, to allow more)"
            );
        }
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(config.header_read_timeout_secs),
            idle_timeout: Duration::from_secs(config.idle_timeout_secs),
            max_connections,
        }
    }
}

/// Descriptors kept for everything but client connections and the database pool: standard streams,
/// the site's and the metrics listeners, tokio's event queue and its wakers, a mail file being written,
/// the mail worker's SMTP connection, and room for a few more.
pub const RESERVED_FILES: u64 = 64;

/// The most client connections that fit `open_files` descriptors beside `pool` database connections and
/// [`RESERVED_FILES`]: `requested`, or fewer (at least one) when the limit is too low for it.
pub fn connection_cap(requested: usize, open_files: u64, pool: u32) -> usize {
    let room = open_files.saturating_sub(u64::from(pool)).saturating_sub(RESERVED_FILES).max(1);
    usize::try_from(room).map_or(requested, |room| requested.min(room))
}

/// Raises the soft open-file limit to the hard one (the soft limit is often 1,024, the systemd default,
/// far below the 2,048 connections the server may hold) and answers the limit now in force; `None`, with
/// a warning, when it cannot be read.
pub fn raise_open_file_limit() -> Option<u64> {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(open_files) => {
            tracing::info!(open_files, "open-file limit");
            Some(open_files)
        }
        Err(error) => {
            tracing::warn!(%error, "could not read or raise the open-file limit; MAX_CONNECTIONS is not checked against it");
            None
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        // A free slot first, then the connection: at the cap nothing more is accepted.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.map_err(io::Error::other)?,
            () = &mut shutdown => break,
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        match accepted {
            Ok((stream, address)) => serve_connection(stream, address, &app, limits, &graceful, slot),
            Err(error) => pause_after_accept_error(error).await,
        }
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Serves one connection on its own task, holding its slot until the connection closes.
fn serve_connection(
    stream: TcpStream,
    address: SocketAddr,
    app: &Router,
    limits: ConnectionLimits,
    graceful: &GracefulShutdown,
    slot: OwnedSemaphorePermit,
) {
    // Without TCP_NODELAY small responses can stall ~40 ms behind delayed ACKs.
    if let Err(error) = stream.set_nodelay(true) {
        tracing::warn!(%error, "could not set TCP_NODELAY");
    }
    let mut stream = TimeoutStream::new(stream);
    stream.set_read_timeout(Some(limits.idle_timeout));
    stream.set_write_timeout(Some(limits.idle_timeout));
    let app = app.clone();
    // What `into_make_service_with_connect_info` gives handlers: the client's address (`ClientAddress`).
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(address));
        app.clone().oneshot(request)
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .serve_connection(TokioIo::new(Box::pin(stream)), service);
    let connection = graceful.watch(connection);
    tokio::spawn(async move {
        // Timeouts and clients going away end connections with errors that are nobody's fault here.
        if let Err(error) = connection.await {
            tracing::debug!(%error, %address, "connection ended");
        }
        drop(slot);
    });
}

/// Too many open files (or a connection reset before it was accepted): wait a little rather than spin,
/// as `axum::serve` does.
async fn pause_after_accept_error(error: io::Error) {
    if !matches!(error.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset) {
        tracing::error!(%error, "accepting a connection failed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use axum::routing::{get, post};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// Serves a small router with `limits` on a free port, until the test ends.
    async fn serving(limits: ConnectionLimits) -> SocketAddr {
        let app =
            Router::new().route("/", get(|| async { "ok" })).route("/echo", post(|body: String| async move { body }));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(serve(listener, app, limits, std::future::pending()));
        address
    }

    fn limits(header_read_timeout: u64, idle_timeout: u64, max_connections: usize) -> ConnectionLimits {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(header_read_timeout),
            idle_timeout: Duration::from_secs(idle_timeout),
            max_connections,
        }
    }

    /// A connection that sent `bytes` and then nothing more.
    async fn stalled(address: SocketAddr, bytes: &str) -> TcpStream {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream.write_all(bytes.as_bytes()).await.unwrap();
        stream
    }

    /// Reads until the server closes the connection (or 10 s pass); returns what was read and when the
    /// connection closed.
    async fn until_closed(stream: &mut TcpStream) -> (String, Option<Duration>) {
        let started = Instant::now();
        let mut read = Vec::new();
        let closed = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut read)).await;
        (String::from_utf8_lossy(&read).into_owned(), closed.is_ok().then(|| started.elapsed()))
    }

    /// One request on its own connection; the response's text.
    async fn get_root(address: SocketAddr) -> String {
        let mut stream = stalled(address, "GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").await;
        until_closed(&mut stream).await.0
    }

    #[test]
    fn the_connection_cap_leaves_room_for_the_pool_and_other_files_under_the_open_file_limit() {
        // The systemd default soft limit: 1,024 less 16 pooled connections less the reserve.
        assert_eq!(connection_cap(2048, 1024, 16), 1024 - 16 - 64);
        // Enough room: the configured cap stands.
        assert_eq!(connection_cap(2048, 524_288, 16), 2048);
        assert_eq!(connection_cap(2048, 2048 + 16 + 64, 16), 2048);
        assert_eq!(connection_cap(2048, 2048 + 16 + 63, 16), 2047);
        // A limit below the pool and the reserve still serves one connection at a time.
        assert_eq!(connection_cap(2048, 50, 16), 1);
        assert_eq!(connection_cap(2048, 0, u32::MAX), 1);
        assert_eq!(connection_cap(100, u64::MAX, 16), 100);
    }

    #[test]
    fn the_configured_cap_is_clamped_to_the_open_file_limit_and_kept_when_it_is_unknown() {
        let config = Config::with_database_url("postgres://unused");
        assert_eq!(config.max_connections, 2048);
        assert_eq!(ConnectionLimits::from_config(&config, Some(1024)).max_connections, 944);
        assert_eq!(ConnectionLimits::from_config(&config, None).max_connections, 2048);
    }

    const HALF_A_HEAD: &str = "GET / HTTP/1.1\r\nHost: test\r\n";

    #[tokio::test]
    async fn a_connection_that_never_finishes_its_headers_is_closed_after_the_header_read_timeout() {
        let address = serving(limits(1, 60, 100)).await;
        let mut slow = stalled(address, HALF_A_HEAD).await;
        let (_, closed_after) = until_closed(&mut slow).await;
        let closed_after = closed_after.expect("still open after 10 s");
        assert!(closed_after >= Duration::from_millis(900), "closed after {closed_after:?}");
    }

    #[tokio::test]
    async fn an_idle_keep_alive_connection_is_closed_after_the_header_read_timeout() {
        let address = serving(limits(1, 60, 100)).await;
        let mut idle = stalled(address, "GET / HTTP/1.1\r\nHost: test\r\n\r\n").await;
        let (response, closed_after) = until_closed(&mut idle).await;
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        assert!(closed_after.is_some(), "an idle connection stayed open for 10 s");
    }

    #[tokio::test]
    async fn a_body_that_stops_arriving_is_cut_by_the_idle_timeout() {
        let address = serving(limits(60, 1, 100)).await;
        let head = "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\nonly ten b";
        let mut dribbling = stalled(address, head).await;
        let (response, closed_after) = until_closed(&mut dribbling).await;
        assert!(closed_after.is_some(), "a stalled body kept its connection for 10 s");
        assert!(!response.contains("only ten b"), "{response}");
    }

    #[tokio::test]
    async fn past_the_connection_cap_a_new_connection_waits_until_a_slot_frees() {
        let address = serving(limits(2, 60, 2)).await;
        let _first = stalled(address, HALF_A_HEAD).await;
        let _second = stalled(address, HALF_A_HEAD).await;
        let started = Instant::now();
        let response = get_root(address).await;
        let waited = started.elapsed();
        assert!(response.ends_with("ok"), "{response}");
        // The slow two hold both slots until their header-read timeout (2 s) closes them.
        assert!(waited >= Duration::from_millis(1500), "answered after {waited:?}, beside two held slots");
    }

    #[tokio::test]
    async fn a_page_answers_within_two_seconds_while_three_hundred_slow_connections_are_open() {
        let address = serving(limits(10, 60, 2048)).await;
        let mut slow = Vec::new();
        for _ in 0..300 {
            slow.push(stalled(address, HALF_A_HEAD).await);
        }
        let started = Instant::now();
        let response = get_root(address).await;
        assert!(response.ends_with("ok"), "{response}");
        assert!(started.elapsed() < Duration::from_secs(2), "answered after {:?}", started.elapsed());
    }
}
