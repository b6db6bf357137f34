//! The `backchannel` binary: parse the configuration, set up logging, run the server.

use clap::Parser;
use server::config::{Config, LogFormat};
use tracing_subscriber::EnvFilter;

/// mimalloc instead of the C library's allocator: a page is built from many short-lived strings and a
/// body of up to 100 KB, and glibc's malloc took about a sixth of the server's CPU time serving them
/// (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    init_logging(config.log_format);
    server::run(config).await
}

fn init_logging(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
