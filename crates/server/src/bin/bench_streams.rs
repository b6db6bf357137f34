//! Measured run (issue 30 item 5): many event-stream clients on real server processes.
//!
//! 1. One replica, `STREAM_CLIENTS` (default 10,000) clients of one game's `/games/{id}/events`: the
//!    server's RSS once all are connected, and for each of `STREAM_EVENTS` (default 5) events the delay
//!    from the start of the raising transaction to each client's receipt (p50, p99, max, the share
//!    within 1 s).
//! 2. Two replicas (two processes on two ports, one database), the clients split between them: the same
//!    figures, each event reaching the clients of both through PostgreSQL's `NOTIFY`.
//! 3. Replica A is killed (SIGKILL), `STREAM_EVENTS` events are raised while it is down, and it is
//!    started again on its port; its clients reconnect (every 200 ms) with `Last-Event-ID`. Counted: the
//!    clients that then hold every event raised since they connected (none lost).
//!
//! Events are raised as the site raises them (`live::raise` in a transaction, then commit). Clients
//! are plain HTTP/1.1 over tokio sockets, one task each; both this process and the servers raise their
//! soft open-file limit to the hard one.
//!
//! A binary of the server's package (not a cargo bench: it builds with the site's own features, so it
//! reuses the release build). Needs `DATABASE_URL` (a server where it may create and drop a scratch
//! database) and the release server beside it (or `BACKCHANNEL_BIN`). Run:
//! `cargo build --release -p server --bins && DATABASE_URL=... target/release/bench-streams`.

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use server::ids::GameId;
use server::live::{Event, GameChange, raise};
use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, Executor, PgConnection, PgPool};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

/// One client's receipt of one event.
struct Receipt {
    client: usize,
    id: i64,
    at: Instant,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("streams benchmark skipped: set DATABASE_URL to a PostgreSQL server it may create a database on");
        return Ok(());
    };
    let limit = rlimit::increase_nofile_limit(u64::MAX)?;
    let clients: usize = env_number("STREAM_CLIENTS", 10_000);
    let events: usize = env_number("STREAM_EVENTS", 5);
    println!("clients {clients}, events {events}, open-file limit {limit}, load average {}", load_average());
    let scratch = format!("bench_streams_{}", std::process::id());
    let mut admin = PgConnection::connect(&url).await?;
    admin.execute(format!("create database {scratch}").as_str()).await?;
    let options = PgConnectOptions::from_str(&url)?.database(&scratch);
    let scratch_url = format!("{}/{scratch}", url.rsplit_once('/').map_or(url.as_str(), |(base, _)| base));
    let pool = server::pool_options(4, Duration::from_secs(30)).connect_with(options).await?;
    let result = run(&pool, &scratch_url, clients, events).await;
    pool.close().await;
    admin.execute(format!("drop database {scratch} with (force)").as_str()).await?;
    result
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|n| n.parse().ok()).unwrap_or(default)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split(' ').take(3).collect::<Vec<_>>().join(" ")
}

async fn run(pool: &PgPool, database_url: &str, clients: usize, events: usize) -> anyhow::Result<()> {
    server::MIGRATOR.run(pool).await?;
    server::seed::seed_demo_data_once(pool).await?;
    let game_id: GameId =
        sqlx::query_scalar("select game_id from game order by game_id limit 1").fetch_one(pool).await?;
    let (port_a, port_b) = (free_port()?, free_port()?);
    let replica_a = Replica::start(database_url, port_a).await?;

    println!("-- one replica");
    let mut crowd = Crowd::connect(&[port_a], game_id, clients).await;
    println!("connected {} clients; server RSS {} MB", crowd.connected(), replica_a.rss_mb());
    crowd.measure(pool, game_id, events, clients).await?;
    println!("server RSS after the events {} MB", replica_a.rss_mb());
    crowd.stop();

    println!("-- two replicas");
    let replica_b = Replica::start(database_url, port_b).await?;
    let mut crowd = Crowd::connect(&[port_a, port_b], game_id, clients).await;
    println!("connected {} clients; RSS A {} MB, B {} MB", crowd.connected(), replica_a.rss_mb(), replica_b.rss_mb());
    crowd.measure(pool, game_id, events, clients).await?;

    println!("-- replica A killed and restarted; its clients resume with Last-Event-ID");
    let before = crowd.received_ids();
    replica_a.kill();
    let mut raised = Vec::new();
    for _ in 0..events {
        raised.push(raise_one(pool, game_id).await?.0);
    }
    let replica_a = Replica::start(database_url, port_a).await?;
    raised.push(raise_one(pool, game_id).await?.0);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        crowd.collect();
        let complete = crowd.clients_holding(&raised);
        if complete == clients || Instant::now() > deadline {
            let lost: usize = clients - complete;
            println!(
                "{complete} of {clients} clients hold all {} events raised across the restart ({} had {} before); {lost} lost any",
                raised.len(),
                before.len(),
                before.values().map(Vec::len).max().unwrap_or(0)
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    crowd.stop();
    drop((replica_a, replica_b));
    println!("load average {}", load_average());
    Ok(())
}

/// Raises one event and returns its id and when its transaction began.
async fn raise_one(pool: &PgPool, game_id: GameId) -> anyhow::Result<(i64, Instant)> {
    let began = Instant::now();
    let mut tx = pool.begin().await?;
    raise(&mut tx, game_id, Event::Game { change: GameChange::Extended }).await?;
    let id: i64 = sqlx::query_scalar("select max(event_id) from game_event").fetch_one(&mut *tx).await?;
    tx.commit().await?;
    Ok((id, began))
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// A server process.
struct Replica {
    child: Child,
    pid: u32,
}

impl Replica {
    async fn start(database_url: &str, port: u16) -> anyhow::Result<Replica> {
        let binary = std::env::var("BACKCHANNEL_BIN").unwrap_or_else(|_| {
            let beside = std::env::current_exe().ok().and_then(|me| Some(me.parent()?.join("backchannel")));
            beside.map_or_else(|| "backchannel".to_owned(), |path| path.display().to_string())
        });
        let child = Command::new(&binary)
            .env("DATABASE_URL", database_url)
            .env("BIND", format!("127.0.0.1:{port}"))
            .env("MAX_CONNECTIONS", "15000")
            .env("DATABASE_ACQUIRE_TIMEOUT_SECS", "30")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .map_err(|error| anyhow::anyhow!("starting {binary}: {error}"))?;
        let pid = child.id();
        for _ in 0..300 {
            if TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return Ok(Replica { child, pid });
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        anyhow::bail!("the server on port {port} never listened")
    }

    fn rss_mb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid)).unwrap_or_default();
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    }

    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The clients: one task each, reconnecting with `Last-Event-ID` until stopped.
struct Crowd {
    connected: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    receipts: mpsc::UnboundedReceiver<Receipt>,
    received: HashMap<usize, Vec<i64>>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Crowd {
    async fn connect(ports: &[u16], game_id: GameId, clients: usize) -> Crowd {
        let connected = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, receipts) = mpsc::unbounded_channel();
        let mut tasks = Vec::with_capacity(clients);
        for client in 0..clients {
            let port = ports[client % ports.len()];
            let task = follow(client, port, game_id, connected.clone(), stop.clone(), sender.clone());
            tasks.push(tokio::spawn(task));
            // Opened in waves, as a crowd arrives; each opening costs the server three queries.
            if client % 200 == 199 {
                while connected.load(Ordering::Relaxed) + 400 < client {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
        }
        let deadline = Instant::now() + Duration::from_secs(120);
        while connected.load(Ordering::Relaxed) < clients && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Crowd { connected, stop, receipts, received: HashMap::new(), tasks }
    }

    fn connected(&self) -> usize {
        self.connected.load(Ordering::Relaxed)
    }

    fn collect(&mut self) -> Vec<Receipt> {
        let mut fresh = Vec::new();
        while let Ok(receipt) = self.receipts.try_recv() {
            self.received.entry(receipt.client).or_default().push(receipt.id);
            fresh.push(receipt);
        }
        fresh
    }

    fn received_ids(&mut self) -> HashMap<usize, Vec<i64>> {
        self.collect();
        self.received.clone()
    }

    fn clients_holding(&self, ids: &[i64]) -> usize {
        self.received.values().filter(|got| ids.iter().all(|id| got.contains(id))).count()
    }

    /// Raises `events` events a second apart and prints how long each took to reach the clients.
    async fn measure(&mut self, pool: &PgPool, game_id: GameId, events: usize, clients: usize) -> anyhow::Result<()> {
        for _ in 0..events {
            let (id, began) = raise_one(pool, game_id).await?;
            let mut delays = Vec::with_capacity(clients);
            let deadline = Instant::now() + Duration::from_secs(5);
            while delays.len() < clients && Instant::now() < deadline {
                for receipt in self.collect() {
                    if receipt.id == id {
                        delays.push(receipt.at.saturating_duration_since(began));
                    }
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            delays.sort_unstable();
            let at = |share: f64| {
                delays.get(((delays.len() as f64 * share) as usize).min(delays.len().saturating_sub(1))).copied()
            };
            let within = delays.iter().filter(|delay| **delay <= Duration::from_secs(1)).count();
            println!(
                "event {id}: reached {} of {clients}; p50 {:?}, p99 {:?}, max {:?}; within 1 s: {:.2} %",
                delays.len(),
                at(0.5).unwrap_or_default(),
                at(0.99).unwrap_or_default(),
                delays.last().copied().unwrap_or_default(),
                100.0 * within as f64 / clients as f64
            );
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        Ok(())
    }

    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        for task in self.tasks {
            task.abort();
        }
    }
}

/// One client: opens the stream, reports each `game` event, and after a lost connection opens it again
/// with the last id it received.
async fn follow(
    client: usize,
    port: u16,
    game_id: GameId,
    connected: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    sender: mpsc::UnboundedSender<Receipt>,
) {
    let mut last_id: Option<i64> = None;
    let mut counted = false;
    while !stop.load(Ordering::Relaxed) {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)).await {
            let resume = last_id.map(|id| format!("Last-Event-ID: {id}\r\n")).unwrap_or_default();
            let request = format!("GET /games/{game_id}/events HTTP/1.1\r\nHost: bench\r\n{resume}\r\n");
            if write_all(&stream, request.as_bytes()).await.is_ok() {
                let mut buffer = Vec::with_capacity(1024);
                let mut chunk = [0u8; 2048];
                while let Some(read) = read_some(&stream, &mut chunk).await {
                    buffer.extend_from_slice(&chunk[..read]);
                    while let Some(end) = find(&buffer, b"\n\n") {
                        let block: Vec<u8> = buffer.drain(..end + 2).collect();
                        let text = String::from_utf8_lossy(&block);
                        if !counted && text.contains("event: state") {
                            counted = true;
                            connected.fetch_add(1, Ordering::Relaxed);
                        }
                        let id = text
                            .lines()
                            .find_map(|line| line.strip_prefix("id:"))
                            .and_then(|id| id.trim().parse().ok());
                        if let (Some(id), true) = (id, text.contains("event: game")) {
                            last_id = Some(id);
                            let _ = sender.send(Receipt { client, id, at: Instant::now() });
                        }
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Writes all of `bytes` (the site's features of tokio have no `io-util`).
async fn write_all(stream: &TcpStream, mut bytes: &[u8]) -> std::io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(written) => bytes = &bytes[written..],
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// Reads what has arrived; `None` at the end of the stream or on an error.
async fn read_some(stream: &TcpStream, chunk: &mut [u8]) -> Option<usize> {
    loop {
        stream.readable().await.ok()?;
        match stream.try_read(chunk) {
            Ok(0) => return None,
            Ok(read) => return Some(read),
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => return None,
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}
