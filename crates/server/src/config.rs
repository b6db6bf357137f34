//! Configuration from command-line flags and environment variables (`backchannel --help` lists them).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{ArgAction, Parser, ValueEnum};
use lettre::message::Mailbox;

/// Everything the server reads from its environment, parsed once in `main` and shared through `AppState`.
#[derive(Debug, Clone, Parser)]
#[command(name = "backchannel", version, about = "Backchannel: a web judge for Diplomacy")]
pub struct Config {
    /// PostgreSQL connection string.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: String,

    /// Address and port to listen on (port 0 picks a free one; the chosen address is logged).
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Mark cookies `Secure` and send HSTS: set this when the site is served over HTTPS.
    #[arg(long, env = "SECURE_COOKIES", action = ArgAction::Set, default_value_t = false)]
    pub secure_cookies: bool,

    /// Take the client address from `X-Forwarded-For` (only behind a reverse proxy that sets it).
    #[arg(long, env = "TRUST_FORWARDED_FOR", action = ArgAction::Set, default_value_t = false)]
    pub trust_forwarded_for: bool,

    /// Most connections the server opens to PostgreSQL, shared by page requests, the turn worker
    /// (`TURN_WORKER_CONCURRENCY` of them while it processes phases) and the mail worker (one). A
    /// request holds one only while it reads or writes (an order is committed before any page is
    /// drawn), so the default 16 leave 11 to pages while the worker runs flat out, enough for a few
    /// thousand requests a second on two cores; more connections than the database has cores mostly
    /// queue inside PostgreSQL. Replicas × this must stay under PostgreSQL's `max_connections` (100 by
    /// default).
    #[arg(long, env = "DATABASE_MAX_CONNECTIONS", default_value_t = 16)]
    pub database_max_connections: u32,

    /// Phases the turn worker of this process processes at once, each in its own transaction (see
    /// `DATABASE_MAX_CONNECTIONS`). At a deadline rush more in flight keep the database busy while
    /// each waits for its answers; every replica runs its own worker.
    #[arg(long, env = "TURN_WORKER_CONCURRENCY", default_value_t = 4)]
    pub turn_worker_concurrency: usize,

    /// Largest request body accepted, in bytes; larger ones get a 413 page.
    #[arg(long, env = "MAX_BODY_BYTES", default_value_t = 64 * 1024)]
    pub max_body_bytes: usize,

    /// Requests one account's API tokens together (or one address without a working token) may make
    /// per minute on `/api/v1/`; more are answered 429 with `Retry-After`. Counted in PostgreSQL, so
    /// shared by replicas.
    #[arg(long, env = "API_REQUESTS_PER_MINUTE", default_value_t = 120)]
    pub api_requests_per_minute: i32,

    /// Seconds a request may take before it is answered with 408.
    #[arg(long, env = "REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// Seconds a page waits for a database connection before answering 503 ("the site is down for a
    /// moment"), so a database outage shows at once instead of hanging every page.
    #[arg(long, env = "DATABASE_ACQUIRE_TIMEOUT_SECS", default_value_t = 3)]
    pub database_acquire_timeout_secs: u64,

    /// Seconds a connection has to send a request's headers, counted from when it opens and again from
    /// the end of each response (so it is also how long an idle keep-alive connection stays open).
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECS", default_value_t = 10)]
    pub header_read_timeout_secs: u64,

    /// Seconds a connection may stall, neither sending nor taking a byte while the server waits on it
    /// (a body sent too slowly, a response never read), before it is closed.
    #[arg(long, env = "IDLE_TIMEOUT_SECS", default_value_t = 60)]
    pub idle_timeout_secs: u64,

    /// Most client connections open at once; more wait to be accepted. At start the server raises its
    /// soft open-file limit to the hard one and lowers this cap (and logs it) to fit below that limit
    /// with room for the database pool and 64 other files.
    #[arg(long, env = "MAX_CONNECTIONS", default_value_t = 2048)]
    pub max_connections: usize,

    /// On first start (no accounts yet), create demo accounts and a demo game, printing the passwords once.
    #[arg(long, env = "SEED_DEMO_DATA", action = ArgAction::Set, default_value_t = false)]
    pub seed_demo_data: bool,

    /// Hours added to every deadline that passed while no server was running, so that players are not
    /// processed as missing orders after the site was down.
    #[arg(long, env = "DOWNTIME_EXTENSION_HOURS", default_value_t = 24)]
    pub downtime_extension_hours: u32,

    /// Minutes after the first player began waiting on `/play` at which bots take the seats still empty,
    /// if every waiting player allows them.
    #[arg(long, env = "PLAY_BOT_WAIT_MINUTES", default_value_t = 10)]
    pub play_bot_wait_minutes: u32,

    /// Minutes a game formed on `/play` gives its players to confirm they are there before it starts.
    #[arg(long, env = "PLAY_MUSTER_MINUTES", default_value_t = 5)]
    pub play_muster_minutes: u32,

    /// Where mail goes: `file` writes each mail as an `.eml` file under `MAIL_DIR` and lets every user
    /// read their own mails on the Mailbox page (the quick start); `smtp` sends through `SMTP_URL`.
    #[arg(long, env = "MAIL_TRANSPORT", value_enum, default_value_t = MailTransport::File)]
    pub mail_transport: MailTransport,

    /// Directory for mail files with `MAIL_TRANSPORT=file` (created if missing).
    #[arg(long, env = "MAIL_DIR", default_value = ".data/mail")]
    pub mail_dir: PathBuf,

    /// SMTP server for `MAIL_TRANSPORT=smtp`, as a URL: `smtps://user:password@smtp.example.org`
    /// (TLS), `smtp://user:password@smtp.example.org?tls=required` (STARTTLS) or `smtp://localhost:1025`
    /// (plain, e.g. a local mail catcher).
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// The sender of every mail.
    #[arg(long, env = "MAIL_FROM", default_value = "Backchannel <backchannel@localhost>")]
    pub mail_from: Mailbox,

    /// The site's address as players reach it, used for links in mails (`https://diplomacy.example.org`).
    /// Default: `http://` and the address the server listens on.
    #[arg(long, env = "PUBLIC_BASE_URL")]
    pub public_base_url: Option<PublicBaseUrl>,

    /// Log line format.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Serve Prometheus metrics at `/metrics` on the site's own address (anyone who reaches the site
    /// reads them). Off by default; prefer `METRICS_BIND`.
    #[arg(long, env = "METRICS", action = ArgAction::Set, default_value_t = false)]
    pub metrics: bool,

    /// Serve Prometheus metrics at `/metrics` on this separate address only (e.g. `127.0.0.1:9100`, for a
    /// scraper on the machine or a private network), and not on the site's address.
    #[arg(long, env = "METRICS_BIND")]
    pub metrics_bind: Option<SocketAddr>,

    /// The VAPID private key pushes are signed with: 32 bytes of a P-256 key, base64url without padding.
    /// Unset: one is generated once and kept in the database (shared by every replica).
    #[arg(long, env = "VAPID_PRIVATE_KEY", hide_env_values = true)]
    pub vapid_private_key: Option<String>,

    /// Who push services may contact about this site's pushes (`mailto:` or `https:`). Default: `mailto:`
    /// and `MAIL_FROM`'s address.
    #[arg(long, env = "VAPID_SUBJECT")]
    pub vapid_subject: Option<String>,
}

/// How log lines are written; filter them with `RUST_LOG` (default `info`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// How mail leaves the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MailTransport {
    /// Files under `MAIL_DIR`, and the Mailbox page: for development and the quick start.
    File,
    /// An SMTP server (`SMTP_URL`).
    Smtp,
}

/// An `http://` or `https://` address without a trailing slash, so paths can be appended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicBaseUrl(String);

impl PublicBaseUrl {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address of a server listening on `address` (loopback when it listens on every interface),
    /// for when `PUBLIC_BASE_URL` is not set.
    pub fn listening_on(address: SocketAddr) -> Self {
        let ip = address.ip();
        let host = match ip {
            _ if ip.is_unspecified() => "127.0.0.1".to_owned(),
            std::net::IpAddr::V4(v4) => v4.to_string(),
            std::net::IpAddr::V6(v6) => format!("[{v6}]"),
        };
        PublicBaseUrl(format!("http://{host}:{}", address.port()))
    }
}

impl std::str::FromStr for PublicBaseUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim().trim_end_matches('/');
        let host = trimmed.strip_prefix("https://").or_else(|| trimmed.strip_prefix("http://"));
        match host {
            Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => {
                Ok(PublicBaseUrl(trimmed.to_owned()))
            }
            Some(_) | None => Err(format!("{text:?} is not an http:// or https:// address")),
        }
    }
}

impl Config {
    /// The `/play` queue's waits.
    pub fn play_timing(&self) -> crate::play::Timing {
        crate::play::Timing {
            bot_wait: chrono::Duration::minutes(i64::from(self.play_bot_wait_minutes)),
            muster: chrono::Duration::minutes(i64::from(self.play_muster_minutes)),
        }
    }

    /// A configuration with every default, for tests and tools that bring their own pool.
    pub fn with_database_url(database_url: &str) -> Self {
        Config::parse_from(["backchannel", "--database-url", database_url])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_base_url_loses_its_trailing_slash_and_must_be_http_or_https() {
        assert_eq!("https://example.org/".parse::<PublicBaseUrl>().unwrap().as_str(), "https://example.org");
        assert_eq!("http://127.0.0.1:8080".parse::<PublicBaseUrl>().unwrap().as_str(), "http://127.0.0.1:8080");
        assert!("example.org".parse::<PublicBaseUrl>().is_err());
        assert!("https://".parse::<PublicBaseUrl>().is_err());
        assert!("ftp://example.org".parse::<PublicBaseUrl>().is_err());
        let any_interface: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(PublicBaseUrl::listening_on(any_interface).as_str(), "http://127.0.0.1:8080");
        let v6: SocketAddr = "[::1]:9000".parse().unwrap();
        assert_eq!(PublicBaseUrl::listening_on(v6).as_str(), "http://[::1]:9000");
    }
}
