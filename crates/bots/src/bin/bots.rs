//! `bots arena`: seeded games played in-process between the bots and random players, with a JSON
//! summary on stdout. The only part of the crate with a clock: it times each bot decision.
//!
//! ```text
//! cargo run --release -p bots --bin bots -- arena --kind standard --games 100 --seed 1 --mode one-vs-random
//! ```

use std::time::Instant;

use bots::Player;
use bots::arena::{self, Mode, Record, Setup, Summary};
use clap::{Parser, Subcommand, ValueEnum};
use kinds::{AnyGame, Kind, SeatIndex};

#[derive(Parser)]
#[command(about = "Bots for every game kind, measured in seeded games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays seeded games and prints a JSON summary.
    Arena {
        /// The kind's slug: standard, diplobucks, covert_dip, terrorism_i, cabinet_diplomacy, covert_operations.
        #[arg(long, default_value = "standard")]
        kind: String,
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The first game's seed; game n plays with seed + n.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, value_enum, default_value_t = ModeArg::OneVsRandom)]
        mode: ModeArg,
        /// The last game year played (Diplomacy kinds; default 1910, or 1950 with all bots), or the last
        /// day (Covert Operations; default 40).
        #[arg(long)]
        last: Option<u16>,
        /// Also print every game's record.
        #[arg(long)]
        records: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    OneVsRandom,
    AllBots,
    AllRandom,
}

impl From<ModeArg> for Mode {
    fn from(mode: ModeArg) -> Mode {
        match mode {
            ModeArg::OneVsRandom => Mode::OneVsRandom,
            ModeArg::AllBots => Mode::AllBots,
            ModeArg::AllRandom => Mode::AllRandom,
        }
    }
}

/// Bot decision times, in milliseconds, with the number of units on the board.
#[derive(Default)]
struct Timings {
    all: Vec<f64>,
    full_board: Vec<f64>,
}

/// Boards with at least this many units count as full (34 centers, so 34 units at most).
const FULL_BOARD: usize = 32;

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::Arena { kind, games, seed, mode, last, records } => {
            let Ok(kind) = kind.parse::<Kind>() else {
                eprintln!("unknown kind {kind:?}: use one of {}", slugs());
                std::process::exit(2);
            };
            arena_command(kind, games, seed, mode.into(), last, records);
        }
    }
}

fn slugs() -> String {
    Kind::ALL.iter().map(|kind| kind.slug()).collect::<Vec<_>>().join(", ")
}

fn default_last(kind: Kind, mode: Mode) -> u16 {
    match (kind, mode) {
        (Kind::CovertOperations, _) => 40,
        (_, Mode::AllBots) => 1950,
        (_, Mode::OneVsRandom | Mode::AllRandom) => 1910,
    }
}

fn arena_command(kind: Kind, games: u64, seed: u64, mode: Mode, last: Option<u16>, print_records: bool) {
    let last = last.unwrap_or_else(|| default_last(kind, mode));
    let mut timings = Timings::default();
    let mut write = |game: &AnyGame, seat: SeatIndex, player: Player, seed: u64| match player {
        Player::Random => bots::random_orders_for(game, seat, seed),
        Player::Bot => {
            let started = Instant::now();
            let sheet = bots::orders_for(game, seat, seed);
            let took = started.elapsed().as_secs_f64() * 1000.0;
            timings.all.push(took);
            let units = game.public_view().board.map_or(0, |board| board.units.len());
            if units >= FULL_BOARD {
                timings.full_board.push(took);
            }
            sheet
        }
    };
    let started = Instant::now();
    let mut records: Vec<Record> = Vec::new();
    for game in 0..games {
        let setup = Setup { kind, mode, seed: seed + game, last };
        match arena::play(setup, &mut write) {
            Ok(record) => records.push(record),
            Err(error) => {
                eprintln!("game {} could not be played: {error}", seed + game);
                std::process::exit(1);
            }
        }
    }
    let summary = Summary::of(&records);
    let mut output = serde_json::json!({
        "kind": kind.slug(),
        "mode": mode,
        "first_seed": seed,
        "last": last,
        "summary": summary,
        "bot_decision_ms": {
            "count": timings.all.len(),
            "median": median(&mut timings.all),
            "p90": percentile(&mut timings.all, 0.9),
            "full_board_count": timings.full_board.len(),
            "full_board_median": median(&mut timings.full_board),
        },
        "wall_seconds": started.elapsed().as_secs_f64(),
    });
    if print_records {
        output["records"] = serde_json::to_value(&records).unwrap_or_default();
    }
    println!("{}", serde_json::to_string_pretty(&output).unwrap_or_default());
}

fn median(values: &mut [f64]) -> f64 {
    percentile(values, 0.5)
}

fn percentile(values: &mut [f64], share: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let index = ((values.len() - 1) as f64 * share).round() as usize;
    values[index]
}
