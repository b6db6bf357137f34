//! Helpers for the Covert Dip tests: games set up at any position through the stored JSON form, and
//! phases processed through the `AnyGame` interface the server uses.

#![allow(dead_code)]

use std::collections::BTreeMap;

use games::{AnyGame, Kind, Processed, Report, SeatId};
use serde_json::{Value, json};

pub fn new_game() -> AnyGame {
    AnyGame::new(Kind::CovertDip, &Value::Null, 1).expect("Covert Dip games can be created")
}

pub fn seat(game: &AnyGame, title: &str) -> SeatId {
    game.seats().into_iter().find(|s| s.title == title).expect("seat").id
}

/// A game at `phase` with exactly `units`, the standard home ownership changed by `owners` (an empty
/// owner makes the center unowned) and the given `(power, fds, cios)` accounts.
pub fn game_at(phase: &str, units: &[&str], owners: &[(&str, &str)], accounts: &[(&str, u32, u32)]) -> AnyGame {
    let mut value = new_game().to_json();
    let state = &mut value["state"];
    state["game"]["phase"] = json!(phase);
    state["game"]["units"] = json!(units);
    for (center, owner) in owners {
        let owners = state["game"]["owners"].as_object_mut().unwrap();
        if owner.is_empty() {
            owners.remove(*center);
        } else {
            owners.insert(center.to_string(), json!(owner));
        }
    }
    for (power, fds, cios) in accounts {
        state["accounts"][*power] = json!({"fds": fds, "cios": cios});
    }
    AnyGame::from_json(value).expect("a valid state")
}

pub fn edit(game: &AnyGame, change: impl FnOnce(&mut Value)) -> AnyGame {
    let mut value = game.to_json();
    change(&mut value["state"]);
    AnyGame::from_json(value).expect("a valid state")
}

pub fn play(game: &AnyGame, sheets: &[(&str, &str)]) -> Processed<AnyGame> {
    let orders: BTreeMap<SeatId, String> =
        sheets.iter().map(|(power, text)| (seat(game, power), text.to_string())).collect();
    game.process(&orders, 3)
}

pub fn private<'a>(processed: &'a Processed<AnyGame>, game: &AnyGame, power: &str) -> &'a Report {
    &processed.private[&seat(game, power)]
}

pub fn events(processed: &Processed<AnyGame>, game: &AnyGame, power: &str) -> String {
    private(processed, game, power).events.join("\n")
}

/// `(FDs, CIOs)` as the seat's own view shows them.
pub fn account(game: &AnyGame, power: &str) -> (u32, u32) {
    let view = game.seat_view(seat(game, power));
    let fact = |label: &str| -> u32 { view.facts.iter().find(|(l, _)| l == label).expect("shown").1.parse().unwrap() };
    (fact("Your FDs in Switzerland"), fact("Your CIOs"))
}

pub fn public_fact(game: &AnyGame, label: &str) -> Option<String> {
    game.public_view().facts.into_iter().find(|(l, _)| l == label).map(|(_, value)| value)
}

pub fn units(game: &AnyGame) -> Vec<String> {
    let board = game.public_view().board.unwrap();
    let mut units: Vec<String> = board.units.iter().map(|u| format!("{} {} {}", u.power, u.kind, u.region)).collect();
    units.sort();
    units
}
