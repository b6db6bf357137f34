//! Helpers for the Covert Operations tests: games set up through their stored JSON form (the engine's
//! `GameState`) and days processed through the `AnyGame` interface the server uses, over the helpers
//! shared with the Diplomacy variants (`seat`, `edit`, `play`, `leaks`).

use std::collections::BTreeMap;

pub use super::intrigue::*;

use kinds::{AnyGame, Kind, Processed, Report, SeatIndex};
use serde_json::{Value, json};

pub fn new_game(players: u16) -> AnyGame {
    AnyGame::new(Kind::CovertOperations, &json!({ "players": players }), 7).expect("Covert Operations is playable")
}

/// The stored entry of one country, by code.
pub fn country<'a>(state: &'a mut Value, code: &str) -> &'a mut Value {
    state["countries"]
        .as_array_mut()
        .expect("countries are a list")
        .iter_mut()
        .find(|c| c["code"] == code)
        .unwrap_or_else(|| panic!("no country {code}"))
}

/// Makes `player` (numbered from 1) the leader of `code` with `influence`.
pub fn lead(state: &mut Value, code: &str, player: u16, influence: u32) {
    let entry = country(state, code);
    entry["influence"] = json!({ player.to_string(): influence });
    entry["leader"] = json!(player);
}

/// Sets one player's stored fields (numbered from 1).
pub fn player(state: &mut Value, number: u16) -> &mut Value {
    &mut state["players"][usize::from(number - 1)]
}

pub fn play_seeded(game: &AnyGame, sheets: &[(&str, &str)], seed: u64) -> Processed<AnyGame> {
    let orders: BTreeMap<SeatIndex, String> =
        sheets.iter().map(|(title, text)| (seat(game, title), text.to_string())).collect();
    game.process(&orders, seed)
}

/// The result line of `order` in a player's report.
pub fn line<'a>(report: &'a Report, order: &str) -> &'a kinds::ReportLine {
    report.orders.iter().find(|l| l.order == order).unwrap_or_else(|| panic!("no line {order} in {report:#?}"))
}

pub fn fact(view: &kinds::View, label: &str) -> String {
    view.facts.iter().find(|(l, _)| l == label).unwrap_or_else(|| panic!("no fact {label}")).1.clone()
}
