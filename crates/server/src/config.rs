//! Configuration from command-line flags and environment variables (`backchannel --help` lists them).

use std::net::SocketAddr;

use clap::{ArgAction, Parser, ValueEnum};

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

    /// Mark cookies `Secure`: set this when the site is served over HTTPS.
    #[arg(long, env = "SECURE_COOKIES", action = ArgAction::Set, default_value_t = false)]
    pub secure_cookies: bool,

    /// Take the client address from `X-Forwarded-For` (only behind a reverse proxy that sets it).
    #[arg(long, env = "TRUST_FORWARDED_FOR", action = ArgAction::Set, default_value_t = false)]
    pub trust_forwarded_for: bool,

    /// Most connections the server opens to PostgreSQL.
    #[arg(long, env = "DATABASE_MAX_CONNECTIONS", default_value_t = 10)]
    pub database_max_connections: u32,

    /// Largest request body accepted, in bytes; larger ones get a 413 page.
    #[arg(long, env = "MAX_BODY_BYTES", default_value_t = 64 * 1024)]
    pub max_body_bytes: usize,

    /// Seconds a request may take before it is answered with 408.
    #[arg(long, env = "REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// On first start (no accounts yet), create demo accounts and a demo game, printing the passwords once.
    #[arg(long, env = "SEED_DEMO_DATA", action = ArgAction::Set, default_value_t = false)]
    pub seed_demo_data: bool,

    /// Hours added to every deadline that passed while no server was running, so that players are not
    /// processed as missing orders after the site was down.
    #[arg(long, env = "DOWNTIME_EXTENSION_HOURS", default_value_t = 24)]
    pub downtime_extension_hours: u32,

    /// Log line format.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// How log lines are written; filter them with `RUST_LOG` (default `info`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

impl Config {
    /// A configuration with every default, for tests and tools that bring their own pool.
    pub fn with_database_url(database_url: &str) -> Self {
        Config::parse_from(["backchannel", "--database-url", database_url])
    }
}
