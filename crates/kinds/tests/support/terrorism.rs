//! Helpers for the Terrorism I tests: games driven through `AnyGame`, and positions arranged by editing
//! the stored JSON state, as a GM's database row would hold it.

use std::collections::BTreeMap;

use kinds::{AnyGame, Kind, Processed, Report, SeatIndex};
use serde_json::{Value, json};

pub const POWERS: [&str; 7] = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

pub fn new_game() -> AnyGame {
    AnyGame::new(Kind::TerrorismI, &Value::Null, 7).expect("Terrorism I games can be created")
}

pub fn seat(power: &str) -> SeatIndex {
    SeatIndex(POWERS.iter().position(|p| *p == power).expect("a Great Power") as u16)
}

/// Rewrites the stored state and reads it back, as the server would load it.
pub fn edit(game: &AnyGame, change: impl FnOnce(&mut Value)) -> AnyGame {
    let mut json = game.to_json();
    change(&mut json["state"]);
    AnyGame::from_json(json).expect("the edited state reads back")
}

/// A game with only the given units (`"France A wal"`), treasuries as given, everything else as at start.
pub fn arranged(units: &[&str], treasuries: &[(&str, u32)]) -> AnyGame {
    edit(&new_game(), |state| {
        state["units"] = Value::Array(
            units
                .iter()
                .map(|text| {
                    let (power, piece) = text.split_once(' ').expect("`Power A xxx`");
                    json!({"power": power, "piece": piece})
                })
                .collect(),
        );
        for (power, amount) in treasuries {
            state["powers"][*power]["treasury"] = json!(amount);
        }
    })
}

pub fn set_owner(game: &AnyGame, province: &str, power: &str) -> AnyGame {
    edit(game, |state| state["owners"][province] = json!(power))
}

pub fn add_group(game: &AnyGame, name: &str, province: &str, treasury: u32, controller: &str) -> AnyGame {
    edit(game, |state| {
        state["groups"].as_array_mut().unwrap().push(json!({
            "name": name, "province": province, "treasury": treasury,
            "founded": {"year": 1900, "season": "Autumn"}, "controller": controller,
        }))
    })
}

pub fn add_agency(game: &AnyGame, name: &str, owner: &str, balance: u32) -> AnyGame {
    edit(game, |state| {
        state["agencies"].as_array_mut().unwrap().push(json!({"name": name, "owner": owner, "balance": balance}))
    })
}

pub fn play(game: &AnyGame, orders: &[(&str, &str)], seed: u64) -> Processed<AnyGame> {
    let orders: BTreeMap<SeatIndex, String> =
        orders.iter().map(|(power, text)| (seat(power), text.to_string())).collect();
    game.process(&orders, seed)
}

pub fn state(game: &AnyGame) -> Value {
    game.to_json()["state"].clone()
}

pub fn treasury(game: &AnyGame, power: &str) -> u64 {
    let state = state(game);
    if let Some(amount) = state["powers"][power]["treasury"].as_u64() {
        return amount;
    }
    nation(game, power)["treasury"].as_u64().expect("a power or nation")
}

pub fn group(game: &AnyGame, province: &str) -> Option<Value> {
    state(game)["groups"].as_array().unwrap().iter().find(|g| g["province"] == province).cloned()
}

pub fn nation(game: &AnyGame, name: &str) -> Value {
    state(game)["nations"].as_array().unwrap().iter().find(|n| n["name"] == name).cloned().expect("a nation")
}

pub fn agency(game: &AnyGame, name: &str) -> Option<Value> {
    state(game)["agencies"].as_array().unwrap().iter().find(|a| a["name"] == name).cloned()
}

pub fn units(game: &AnyGame) -> Vec<String> {
    state(game)["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| format!("{} {}", u["power"].as_str().unwrap(), u["piece"].as_str().unwrap()))
        .collect()
}

pub fn owner(game: &AnyGame, province: &str) -> Option<String> {
    state(game)["owners"][province].as_str().map(str::to_string)
}

/// Every text of a report, one string per line or event.
pub fn texts(report: &Report) -> Vec<String> {
    let mut all: Vec<String> = report
        .orders
        .iter()
        .map(|line| format!("{} | {} | {:?} | {}", line.by, line.order, line.result, line.reason))
        .collect();
    all.extend(report.events.iter().cloned());
    all
}

pub fn private_texts(processed: &Processed<AnyGame>, power: &str) -> Vec<String> {
    processed.private.get(&seat(power)).map(texts).unwrap_or_default()
}

pub fn has(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|line| line.contains(needle))
}

/// Every string inside a JSON value (a view or a report serialised), one by one, with each object's
/// fields and each labelled pair joined, so a pairing split across fields (`by` and `order`) is caught too.
pub fn strings_in(value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    collect(value, &mut found);
    found
}

fn collect(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::String(text) => found.push(text.clone()),
        Value::Array(items) => {
            // A pair is a labelled fact (`name`, `text`); longer arrays are lists of separate lines.
            if let [Value::String(label), Value::String(text)] = items.as_slice() {
                found.push(format!("{label} | {text}"));
            }
            items.iter().for_each(|item| collect(item, found));
        }
        Value::Object(fields) => {
            let joined: Vec<String> = fields.values().filter_map(|item| item.as_str().map(str::to_string)).collect();
            found.push(joined.join(" | "));
            fields.values().for_each(|item| collect(item, found));
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}
