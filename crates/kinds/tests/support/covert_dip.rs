//! Helpers for the Covert Dip tests, over the helpers shared with Diplobucks.

pub use super::intrigue::*;

use kinds::{AnyGame, Kind, Processed};
use serde_json::json;

pub fn new_game() -> AnyGame {
    AnyGame::new(Kind::CovertDip, &serde_json::Value::Null, 1).expect("Covert Dip games can be created")
}

/// A Covert Dip game at `phase` with exactly `units`, the home ownership changed by `owners` and the
/// given `(power, FDs, CIOs)` accounts.
pub fn game_at(phase: &str, units: &[&str], owners: &[(&str, &str)], accounts: &[(&str, u32, u32)]) -> AnyGame {
    super::intrigue::game_at(Kind::CovertDip, phase, units, owners, |state| {
        for (power, fds, cios) in accounts {
            state["accounts"][*power] = json!({"fds": fds, "cios": cios});
        }
    })
}

/// The power's private events of the phase, one a line.
pub fn events(processed: &Processed<AnyGame>, game: &AnyGame, power: &str) -> String {
    private(processed, game, power).events.join("\n")
}

/// `(FDs, CIOs)` as the seat's own view shows them.
pub fn account(game: &AnyGame, power: &str) -> (u32, u32) {
    let view = game.seat_view(seat(game, power));
    let fact = |label: &str| -> u32 {
        view.facts.iter().find(|(l, _)| l == label).expect("shown").1.parse().expect("a number")
    };
    (fact("Your FDs in Switzerland"), fact("Your CIOs"))
}

pub fn public_fact(game: &AnyGame, label: &str) -> Option<String> {
    game.public_view().facts.into_iter().find(|(l, _)| l == label).map(|(_, value)| value)
}
