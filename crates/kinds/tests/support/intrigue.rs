//! Helpers shared by the Diplobucks and Covert Dip tests: games set up at any position through their
//! stored JSON form, phases processed through the `AnyGame` interface the server uses, and the search for
//! a planted secret in everything that other viewers may read.

use std::collections::BTreeMap;

use kinds::{AnyGame, Kind, Processed, Report, SeatIndex};
use serde_json::{Value, json};

pub fn seat(game: &AnyGame, title: &str) -> SeatIndex {
    game.seats().into_iter().find(|s| s.title == title).expect("seat").id
}

/// A new game of `kind` at `phase` with exactly `units` (`France A par`), the standard home ownership
/// changed by `owners` (`("bel", "France")`, or `("par", "")` for unowned), then `change` to the stored
/// state for the kind's own fields.
pub fn game_at(
    kind: Kind,
    phase: &str,
    units: &[&str],
    owners: &[(&str, &str)],
    change: impl FnOnce(&mut Value),
) -> AnyGame {
    let game = AnyGame::new(kind, &Value::Null, 1).expect("the kind is playable");
    edit(&game, |state| {
        state["game"]["phase"] = json!(phase);
        state["game"]["units"] = json!(units);
        let centers = state["game"]["owners"].as_object_mut().expect("owners are stored by center");
        for (center, owner) in owners {
            if owner.is_empty() {
                centers.remove(*center);
            } else {
                centers.insert(center.to_string(), json!(owner));
            }
        }
        change(state);
    })
}

/// Changes the stored state directly (for fields no order reaches in one phase).
pub fn edit(game: &AnyGame, change: impl FnOnce(&mut Value)) -> AnyGame {
    let mut value = game.to_json();
    change(&mut value["state"]);
    AnyGame::from_json(value).expect("a valid state")
}

/// Processes the phase with each named power's sheet.
pub fn play(game: &AnyGame, sheets: &[(&str, &str)]) -> Processed<AnyGame> {
    let orders: BTreeMap<SeatIndex, String> =
        sheets.iter().map(|(power, text)| (seat(game, power), text.to_string())).collect();
    game.process(&orders, 9)
}

pub fn private<'a>(processed: &'a Processed<AnyGame>, game: &AnyGame, power: &str) -> &'a Report {
    &processed.private[&seat(game, power)]
}

pub fn units(game: &AnyGame) -> Vec<String> {
    let board = game.public_view().board.expect("a board");
    let mut units: Vec<String> = board.units.iter().map(|u| format!("{} {} {}", u.power, u.kind, u.region)).collect();
    units.sort();
    units
}

pub fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("views and reports serialise")
}

/// Where `needle` shows up outside what `owner` may read: the public views and report, and the other
/// seats' views (before and after) and private reports.
pub fn leaks(before: &AnyGame, processed: &Processed<AnyGame>, owner: &str, needle: &str) -> Vec<String> {
    let mut places = vec![
        ("public report".to_string(), json_text(&processed.public)),
        ("public view before".to_string(), json_text(&before.public_view())),
        ("public view after".to_string(), json_text(&processed.next.public_view())),
    ];
    for info in before.seats().into_iter().filter(|s| s.title != owner) {
        places.push((format!("{}'s report", info.title), json_text(&processed.private[&info.id])));
        places.push((format!("{}'s view before", info.title), json_text(&before.seat_view(info.id))));
        places.push((format!("{}'s view after", info.title), json_text(&processed.next.seat_view(info.id))));
    }
    places.into_iter().filter(|(_, text)| text.contains(needle)).map(|(place, _)| place).collect()
}

/// Plays a game of `kind` from its start until `last_phase` with orders drawn from each seat's order form
/// by a generator seeded with `seed`, checking at every phase that the stored state reads back, that the
/// phase replays to the same result, and that `never_public` (order words that are secrets) appears in no
/// public report. Returns the last game.
pub fn random_game(kind: Kind, seed: u64, last_phase: &str, never_public: &[&str]) -> AnyGame {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut game = AnyGame::new(kind, &Value::Null, seed).expect("the kind is playable");
    while game.phase().code != last_phase && game.outcome().is_none() {
        let mut orders = BTreeMap::new();
        for info in game.seats() {
            let form = game.order_form(info.id);
            let lines: Vec<String> = form
                .rows
                .iter()
                .map(|row| row.choices[rng.random_range(0..row.choices.len())].value.clone())
                .filter(|value| !value.is_empty())
                .collect();
            orders.insert(info.id, lines.join("\n"));
        }
        let processed = game.process(&orders, seed);
        let again = game.process(&orders, seed);
        assert_eq!(
            (&processed.next, &processed.public, &processed.private),
            (&again.next, &again.public, &again.private)
        );
        let public = json_text(&processed.public);
        for word in never_public {
            assert!(!public.contains(word), "`{word}` in the public report of {}: {public}", game.phase().code);
        }
        assert_eq!(processed.private.len(), game.seats().len(), "every seat gets its own report");
        let stored = AnyGame::from_json(processed.next.to_json()).expect("the stored state reads back");
        assert_eq!(stored, processed.next);
        assert_ne!(stored.phase().code, game.phase().code, "the game moves on");
        game = stored;
    }
    game
}
