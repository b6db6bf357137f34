//! Covert Operations: a pure engine for Flying Buffalo's world-domination game of bribery,
//! assassination, terrorism, military action and revolution.
//!
//! No I/O, no clock, no async: a day is `run_day(map, state, orders, rng)` with a seeded generator
//! (rulings 0.4). The map is data (`data/world.csv`) validated at load. Reports are per-player
//! projections so a page can show each player exactly their own turn result (rulings 0.5).

mod day;
mod map;
mod order;
mod params;
mod report;
pub mod rules;
pub mod simulation;
mod state;
mod view;

pub use day::{DayError, check_state, combat_losses, run_day};
pub use map::{Country, CountryCode, ISLANDS, MapError, WorldMap};
pub use order::{LineError, Order, OrderError, parse_line, parse_orders};
pub use params::{CovertParameters, ParameterError, Parameters};
pub use report::{
    AdminEffect, CombatReport, CovertResult, DayResult, Effect, FailReason, IncomeReport, InfluenceLevel,
    InvadingForce, LedCountry, MeaninglessReason, MessageReport, News, OrderOutcome, OrderReport, PlayerReport,
    PlayerValue, Position, SpyReport, SuperspyReport, TroopsAbroad,
};
pub use state::{
    CountryState, Deployment, GameState, GameStatus, NearWin, PlayerId, PlayerState, SetupError, Stance, VictoryReason,
};
pub use view::{OrderOptions, PlayerMap, PublicPlayer, PublicView, TroopMove, Withdrawal};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator for one day of a game: derived from the game's stored seed and the day number so
/// any day can be replayed on its own (rulings 0.4).
pub fn rng_for_day(seed: u64, day: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ u64::from(day).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}
