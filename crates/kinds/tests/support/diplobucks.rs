//! Helpers for the Diplobucks tests, over the helpers shared with Covert Dip.

pub use super::intrigue::*;

use kinds::{AnyGame, Kind};
use serde_json::json;

pub fn new_game() -> AnyGame {
    AnyGame::new(Kind::Diplobucks, &serde_json::Value::Null, 1).expect("Diplobucks games can be created")
}

/// A Diplobucks game at `phase` with exactly `units`, the home ownership changed by `owners` and the given
/// balances (the others 1000 DB).
pub fn game_at(phase: &str, units: &[&str], owners: &[(&str, &str)], balances: &[(&str, u32)]) -> AnyGame {
    super::intrigue::game_at(Kind::Diplobucks, phase, units, owners, |state| {
        for (power, amount) in balances {
            state["balances"][*power] = json!(amount);
        }
    })
}

pub fn balance(game: &AnyGame, power: &str) -> u32 {
    let view = game.seat_view(seat(game, power));
    let (_, value) = view.facts.iter().find(|(label, _)| label == "Your balance").expect("balance shown");
    value.trim_end_matches(" DB").parse().expect("a number of DB")
}
