//! Properties of Cabinet Diplomacy II processing over generated sheets and GM actions: it never panics,
//! the same phase with the same sheets always gives the same result (rulings 0.4), and every state reads
//! back from its stored JSON.

use std::collections::BTreeMap;

use crate::support::cabinet::*;
use kinds::SeatIndex;
use proptest::prelude::*;

const LINES: [&str; 22] = [
    "RELIEVE general",
    "RELIEVE admiral WITH person 5",
    "RELIEVE Germany general",
    "APPOINT general WITH standby",
    "APPOINT admiral WITH person 6",
    "COUP WITH general",
    "COUP WITH admiral",
    "COUP WITH France",
    "COUP WITH Germany",
    "COUP WITH person 7",
    "COUP WITH standby",
    "SECEDE",
    "SIGN 1",
    "SIGN 2",
    "ACCEPT 3",
    "WITHDRAW 1",
    "A par - bur",
    "F bre - mao",
    "A mun - bur",
    "A bur D",
    "Build A par",
    "Remove A mun",
];

const GM_ACTIONS: [&str; 6] = [
    "UNSEAT France general",
    "UNSEAT Germany hos",
    "SEAT France general person 5",
    "AS person 7 ACCEPT 2",
    "AS person 5 SIGN 1",
    "SEAT Germany hos person 8",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![4 => prop::sample::select(LINES.to_vec()).prop_map(String::from), 1 => "\\PC{0,24}"]
}

fn phase_sheets() -> impl Strategy<Value = Vec<(u16, String)>> {
    prop::collection::vec((0u16..23, line()), 0..16)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn processing_never_panics_is_deterministic_and_reads_back(
        phases in prop::collection::vec((phase_sheets(), prop::option::of(prop::sample::select(GM_ACTIONS.to_vec()))), 1..6)
    ) {
        let mut game = new_game();
        for (sheets, action) in phases {
            if let Some(action) = action
                && let Ok((next, _)) = game.gm_action(action)
            {
                game = next;
            }
            let mut orders: BTreeMap<SeatIndex, String> = BTreeMap::new();
            for (seat, line) in sheets {
                let text = orders.entry(SeatIndex(seat)).or_default();
                text.push_str(&line);
                text.push('\n');
            }
            for (seat, text) in &orders {
                game.check_orders(*seat, text);
                game.order_form(*seat);
                game.seat_view(*seat);
                game.must_order(*seat);
            }
            let first = game.process(&orders, 3);
            let again = game.process(&orders, 3);
            prop_assert_eq!(&first.next, &again.next);
            prop_assert_eq!(&first.public, &again.public);
            prop_assert_eq!(&first.private, &again.private);
            let stored = kinds::AnyGame::from_json(first.next.to_json()).expect("reads back");
            prop_assert_eq!(&stored, &first.next);
            game = stored;
        }
    }
}

/// Plays `phases` phases with one random choice per form row for every seat (a relief or coup now and
/// then, as a player would pick them), checking on the way that every choice each form offers is
/// accepted when written on that seat's sheet.
#[test]
fn every_choice_a_seats_form_offers_is_accepted_from_that_seat() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut game = new_game();
    for _ in 0..8 {
        let mut orders = BTreeMap::new();
        for info in game.seats() {
            let form = game.order_form(info.id);
            for row in &form.rows {
                for choice in row.choices.iter().filter(|choice| !choice.value.is_empty()) {
                    let check = game.check_orders(info.id, &choice.value);
                    assert!(check.rejected.is_empty(), "{} in {}: {check:?}", info.title, game.phase().code);
                }
            }
            let lines: Vec<String> = form
                .rows
                .iter()
                .map(|row| row.choices[rng.random_range(0..row.choices.len())].value.clone())
                .filter(|value| !value.is_empty())
                .collect();
            orders.insert(info.id, lines.join("\n"));
        }
        game = game.process(&orders, 5).next;
    }
    assert_ne!(game.phase().code, "S1901M");
}
