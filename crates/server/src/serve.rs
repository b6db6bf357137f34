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
    pub fn from_config(config: &Config) -> Self {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(config.header_read_timeout_secs),
            idle_timeout: Duration::from_secs(config.idle_timeout_secs),
            max_connections: config.max_connections.max(1),
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
