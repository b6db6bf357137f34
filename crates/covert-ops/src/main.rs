//! The `covert-ops` command line: `new` prints a starting state, `day` plays one day from stdin.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use covert_ops::{DayResult, GameState, News, Parameters, PlayerId, PlayerReport, WorldMap, rng_for_day, run_day};
use serde::{Deserialize, Serialize};

#[derive(Parser)]
#[command(
    name = "covert-ops",
    about = "Covert Operations judge: start a game, play it day by day (JSON on stdin/stdout)"
)]
struct Cli {
    /// Pretty-print the JSON output.
    #[arg(long, global = true)]
    pretty: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print a new game's starting state as JSON.
    New {
        /// Number of players (named "Player 1", "Player 2", ... unless --names is given).
        #[arg(long, required_unless_present = "names")]
        players: Option<usize>,
        /// Comma-separated position names, up to 40 characters each.
        #[arg(long, value_delimiter = ',')]
        names: Vec<String>,
        /// The game's seed; every day's dice derive from it.
        #[arg(long)]
        seed: u64,
        /// Game parameters as JSON, e.g. '{"start_cash": 30, "covert": {"spy_bonus": 5}}'; fields left
        /// out keep their defaults (see the crate README).
        #[arg(long)]
        params: Option<String>,
    },
    /// Read {"state": ..., "orders": {"<player>": "<lines>"}} on stdin; print the next day's
    /// {"state": ..., "reports": {"<player>": ...}, "news": [...]}.
    Day,
    /// Print the world map (codes, names, neighbours) as JSON.
    Map,
}

#[derive(Deserialize)]
struct DayInput {
    state: GameState,
    #[serde(default)]
    orders: BTreeMap<PlayerId, String>,
}

#[derive(Serialize)]
struct DayOutput {
    state: GameState,
    reports: BTreeMap<PlayerId, PlayerReport>,
    news: Vec<News>,
}

#[derive(Serialize)]
struct MapEntry<'a> {
    code: String,
    name: &'a str,
    includes: &'a [String],
    neighbours: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(json) => {
            let mut stdout = std::io::stdout().lock();
            if writeln!(stdout, "{json}").is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("covert-ops: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<String, String> {
    let map = WorldMap::world().map_err(|error| format!("map data: {error}"))?;
    match &cli.command {
        Command::New { players, names, seed, params } => {
            let names = position_names(*players, names)?;
            let params: Parameters = match params {
                Some(json) => serde_json::from_str(json).map_err(|error| format!("bad --params JSON: {error}"))?,
                None => Parameters::default(),
            };
            let mut rng = rng_for_day(*seed, 0);
            let state = GameState::new(&map, params, &names, *seed, &mut rng).map_err(|error| error.to_string())?;
            to_json(&state, cli.pretty)
        }
        Command::Day => {
            let mut input = String::new();
            std::io::stdin().read_to_string(&mut input).map_err(|error| format!("reading stdin: {error}"))?;
            let DayInput { mut state, orders } =
                serde_json::from_str(&input).map_err(|error| format!("bad input JSON: {error}"))?;
            let mut rng = rng_for_day(state.seed, state.day.saturating_add(1));
            let DayResult { reports, news, .. } =
                run_day(&map, &mut state, &orders, &mut rng).map_err(|error| error.to_string())?;
            let reports = reports.into_iter().map(|report| (report.player, report)).collect();
            to_json(&DayOutput { state, reports, news }, cli.pretty)
        }
        Command::Map => {
            let entries: Vec<MapEntry> = map
                .countries()
                .iter()
                .map(|country| MapEntry {
                    code: country.code.to_string(),
                    name: &country.name,
                    includes: &country.includes,
                    neighbours: country.neighbours.iter().map(|&n| map.code(n).to_string()).collect(),
                })
                .collect();
            to_json(&entries, cli.pretty)
        }
    }
}

fn position_names(players: Option<usize>, names: &[String]) -> Result<Vec<String>, String> {
    match (players, names.is_empty()) {
        (Some(count), true) => Ok((1..=count).map(|n| format!("Player {n}")).collect()),
        (None, false) => Ok(names.to_vec()),
        (Some(count), false) if count == names.len() => Ok(names.to_vec()),
        (Some(count), false) => Err(format!("--players {count} but {} names given", names.len())),
        (None, true) => Err("give --players or --names".to_owned()),
    }
}

fn to_json<T: Serialize>(value: &T, pretty: bool) -> Result<String, String> {
    let json = if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) };
    json.map_err(|error| format!("writing JSON: {error}"))
}
