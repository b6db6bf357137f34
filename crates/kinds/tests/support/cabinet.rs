//! Helpers for the Cabinet Diplomacy II tests, over the helpers shared with the other intrigue kinds:
//! games with every seat held (seat `n` by person `100 + n`), phases played by seat title, and the
//! search for a planted secret in everything that other seats and the public may read.

pub use super::intrigue::*;

use kinds::cabinet::{self, PersonId, SeatStatus};
use kinds::{AnyGame, Kind, Processed, SeatIndex};

/// The person the helpers seat in `seat` at the start.
pub fn person(seat: SeatIndex) -> PersonId {
    PersonId(100 + i64::from(seat.0))
}

/// Seats every seat of `game` with its person.
pub fn seat_everyone(game: &AnyGame) -> AnyGame {
    let mut game = game.clone();
    for info in game.seats() {
        game = gm(&game, &format!("SEAT {} person {}", info.title, person(info.id).0));
    }
    game
}

/// A new Cabinet game with every seat held.
pub fn new_game() -> AnyGame {
    seat_everyone(
        &AnyGame::new(Kind::CabinetDiplomacy, &serde_json::Value::Null, 1).expect("Cabinet games can be created"),
    )
}

/// A Cabinet game at `phase` with exactly `units` and the home ownership changed by `owners`, every seat
/// held.
pub fn game_at(phase: &str, units: &[&str], owners: &[(&str, &str)]) -> AnyGame {
    seat_everyone(&super::intrigue::game_at(Kind::CabinetDiplomacy, phase, units, owners, |_| {}))
}

/// Applies a GM action that must succeed.
pub fn gm(game: &AnyGame, action: &str) -> AnyGame {
    game.gm_action(action).unwrap_or_else(|error| panic!("`{action}`: {error}")).0
}

pub fn state(game: &AnyGame) -> &cabinet::State {
    match game {
        AnyGame::CabinetDiplomacy(state) => state,
        other => panic!("not a Cabinet game: {:?}", other.kind()),
    }
}

/// Who holds the seat now (CAB.1: the server lets only this person in).
pub fn holder(game: &AnyGame, title: &str) -> Option<PersonId> {
    match cabinet::status_of(state(game), seat(game, title)) {
        Some(SeatStatus::Held(holder)) => Some(holder.person),
        _ => None,
    }
}

pub fn status(game: &AnyGame, title: &str) -> SeatStatus {
    cabinet::status_of(state(game), seat(game, title)).expect("a seat")
}

/// Plays a phase, checking that the stored state reads back.
pub fn step(game: &AnyGame, sheets: &[(&str, &str)]) -> (AnyGame, Processed<AnyGame>) {
    let processed = play(game, sheets);
    let stored = AnyGame::from_json(processed.next.to_json()).expect("the stored state reads back");
    assert_eq!(stored, processed.next);
    (stored, processed)
}

/// The seat's private events of the phase, one a line.
pub fn events(processed: &Processed<AnyGame>, game: &AnyGame, title: &str) -> String {
    private(processed, game, title).events.join("\n")
}

/// The accepted lines of a seat's sheet, as the server saves them.
pub fn accepted(game: &AnyGame, title: &str, text: &str) -> String {
    game.check_orders(seat(game, title), text).sheet()
}

/// The refusal reason of the first rejected line of a seat's sheet.
pub fn refusal(game: &AnyGame, title: &str, text: &str) -> String {
    let check = game.check_orders(seat(game, title), text);
    check.rejected.first().unwrap_or_else(|| panic!("`{text}` from {title} is refused: {check:?}")).reason.clone()
}

/// Where `needle` shows up outside what the `readers` seats may read: the public views and report, and
/// every other seat's views (before and after) and private report.
pub fn leaks_beyond(before: &AnyGame, processed: &Processed<AnyGame>, readers: &[&str], needle: &str) -> Vec<String> {
    let mut places = vec![
        ("public report".to_string(), json_text(&processed.public)),
        ("public view before".to_string(), json_text(&before.public_view())),
        ("public view after".to_string(), json_text(&processed.next.public_view())),
        ("seats".to_string(), json_text(&processed.next.seats())),
    ];
    for info in before.seats().into_iter().filter(|s| !readers.contains(&s.title.as_str())) {
        places.push((format!("{}'s report", info.title), json_text(&processed.private[&info.id])));
        places.push((format!("{}'s view before", info.title), json_text(&before.seat_view(info.id))));
        places.push((format!("{}'s view after", info.title), json_text(&processed.next.seat_view(info.id))));
        places.push((format!("{}'s form", info.title), json_text(&processed.next.order_form(info.id))));
    }
    places.into_iter().filter(|(_, text)| text.contains(needle)).map(|(place, _)| place).collect()
}
