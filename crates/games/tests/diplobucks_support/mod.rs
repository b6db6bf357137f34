//! Helpers for the Diplobucks tests: games set up at any position through the stored JSON form, and
//! phases processed through the `AnyGame` interface the server uses.

#![allow(dead_code)]

use std::collections::BTreeMap;

use games::{AnyGame, Kind, Processed, Report, SeatId};
use serde_json::{Value, json};

pub fn new_game() -> AnyGame {
    AnyGame::new(Kind::Diplobucks, &Value::Null, 1).expect("Diplobucks games can be created")
}

pub fn seat(game: &AnyGame, title: &str) -> SeatId {
    game.seats().into_iter().find(|s| s.title == title).expect("seat").id
}

/// A game at `phase` with exactly `units` (`France A par`), the standard home ownership changed by
/// `owners` (`("bel", "France")`, or `("par", "")` for unowned) and the given balances (others 1000).
pub fn game_at(phase: &str, units: &[&str], owners: &[(&str, &str)], balances: &[(&str, u32)]) -> AnyGame {
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
    for (power, amount) in balances {
        state["balances"][*power] = json!(amount);
    }
    AnyGame::from_json(value).expect("a valid state")
}

/// Changes the stored state directly (for year-start owners, double units and the like).
pub fn edit(game: &AnyGame, change: impl FnOnce(&mut Value)) -> AnyGame {
    let mut value = game.to_json();
    change(&mut value["state"]);
    AnyGame::from_json(value).expect("a valid state")
}

/// Processes the phase with each named power's sheet.
pub fn play(game: &AnyGame, sheets: &[(&str, &str)]) -> Processed<AnyGame> {
    let orders: BTreeMap<SeatId, String> =
        sheets.iter().map(|(power, text)| (seat(game, power), text.to_string())).collect();
    game.process(&orders, 9)
}

pub fn balance(game: &AnyGame, power: &str) -> u32 {
    let view = game.seat_view(seat(game, power));
    let (_, value) = view.facts.iter().find(|(label, _)| label == "Your balance").expect("balance shown");
    value.trim_end_matches(" DB").parse().unwrap()
}

pub fn private<'a>(processed: &'a Processed<AnyGame>, game: &AnyGame, power: &str) -> &'a Report {
    &processed.private[&seat(game, power)]
}

pub fn units(game: &AnyGame) -> Vec<String> {
    let board = game.public_view().board.unwrap();
    let mut units: Vec<String> = board.units.iter().map(|u| format!("{} {} {}", u.power, u.kind, u.region)).collect();
    units.sort();
    units
}

pub fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap()
}
