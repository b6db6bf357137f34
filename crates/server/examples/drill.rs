//! The client side of `scripts/drills` (issue 14): attacks and loads against a running server, each
//! printing one line of figures. The script starts the servers and the database, measures memory and
//! checks the database afterwards.
//!
//! - `slow-clients ADDRESS N`: opens N connections that send half a request head and then nothing,
//!   times `/healthz` beside them, then counts how many the server closed.
//! - `register-flood ADDRESS N AT_ONCE [--one-address]`: N registrations, AT_ONCE in flight, each from
//!   its own `X-Forwarded-For` address (or all from one); counts the answers by status.
//! - `due-games DATABASE_URL N PREFIX`: inserts N running standard games whose first phase is due.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

#[path = "../benches/support/due_games.rs"]
mod due_games;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg =
        |index: usize| args.get(index).with_context(|| format!("missing argument {index}; see the file's header"));
    match arg(0)?.as_str() {
        "slow-clients" => slow_clients(arg(1)?.parse()?, arg(2)?.parse()?).await,
        "register-flood" => {
            let one_address = args.iter().any(|arg| arg == "--one-address");
            register_flood(arg(1)?.parse()?, arg(2)?.parse()?, arg(3)?.parse()?, one_address).await
        }
        "due-games" => due_games(arg(1)?, arg(2)?.parse()?, arg(3)?).await,
        other => anyhow::bail!("unknown drill {other:?}"),
    }
}

const HALF_A_HEAD: &str = "GET /healthz HTTP/1.1\r\nHost: drill\r\n";

async fn slow_clients(address: SocketAddr, count: usize) -> anyhow::Result<()> {
    let mut held = Vec::with_capacity(count);
    for _ in 0..count {
        let mut stream = TcpStream::connect(address).await.context("opening a slow connection")?;
        stream.write_all(HALF_A_HEAD.as_bytes()).await?;
        held.push(stream);
    }
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(30), request(address, "GET", "/healthz", &[], "")).await;
    let healthz = match answer {
        Ok(Ok(status)) => format!("/healthz {status} in {:.1} ms", started.elapsed().as_secs_f64() * 1000.0),
        Ok(Err(error)) => format!("/healthz failed after {} ms: {error}", started.elapsed().as_millis()),
        Err(_) => "/healthz no answer in 30 s".to_owned(),
    };
    let closed_within = Duration::from_secs(20);
    let closing = Instant::now();
    let closed = count_closed(held, closed_within).await;
    println!(
        "slow clients: {count} connections held open without finishing their headers; {healthz}; \
         {closed} of {count} closed by the server within {:.1} s",
        closing.elapsed().as_secs_f64().min(closed_within.as_secs_f64())
    );
    Ok(())
}

/// How many of `streams` the server closes (EOF or reset) within `limit`.
async fn count_closed(streams: Vec<TcpStream>, limit: Duration) -> usize {
    let waits = streams.into_iter().map(|mut stream| async move {
        let mut buffer = [0u8; 512];
        loop {
            match tokio::time::timeout(limit, stream.read(&mut buffer)).await {
                Ok(Ok(0) | Err(_)) => return true,
                Ok(Ok(_)) => continue,
                Err(_) => return false,
            }
        }
    });
    futures_util::future::join_all(waits).await.into_iter().filter(|closed| *closed).count()
}

async fn register_flood(address: SocketAddr, count: usize, at_once: usize, one_address: bool) -> anyhow::Result<()> {
    let slots = Arc::new(Semaphore::new(at_once));
    let run = std::process::id();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for index in 0..count {
        let permit = slots.clone().acquire_owned().await?;
        let client = if one_address {
            "198.51.100.1".to_owned()
        } else {
            format!("10.{}.{}.{}", index / 65536 % 256, index / 256 % 256, index % 256)
        };
        tasks.push(tokio::spawn(async move {
            let body = format!(
                "username=flood{run}x{index}&display_name=Flood+{index}&email=&time_zone=UTC\
                 &password=a+long+password&password_confirm=a+long+password"
            );
            let status = request(address, "POST", "/register", &[("x-forwarded-for", &client)], &body).await;
            drop(permit);
            status.unwrap_or(0)
        }));
    }
    let mut statuses = BTreeMap::new();
    for task in tasks {
        *statuses.entry(task.await?).or_insert(0usize) += 1;
    }
    let statuses: Vec<String> = statuses.iter().map(|(status, n)| format!("{n}×{status}")).collect();
    let from = if one_address { "one address" } else { "each from its own address" };
    println!(
        "registration flood: {count} registrations, {at_once} at a time, {from}, in {:.1} s: {}",
        started.elapsed().as_secs_f64(),
        statuses.join(", ")
    );
    Ok(())
}

/// One request on its own connection; the response's status (0 if it had none).
async fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> anyhow::Result<u16> {
    let mut stream = TcpStream::connect(address).await?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: drill\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if method == "POST" {
        head.push_str(&format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    head.push_str(body);
    stream.write_all(head.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    Ok(text.split_whitespace().nth(1).and_then(|status| status.parse().ok()).unwrap_or(0))
}

async fn due_games(database_url: &str, count: usize, prefix: &str) -> anyhow::Result<()> {
    let pool = sqlx::PgPool::connect(database_url).await?;
    let accounts = due_games::insert_players(&pool, prefix).await?;
    due_games::insert_due_games(&pool, &accounts, count).await?;
    Ok(())
}
