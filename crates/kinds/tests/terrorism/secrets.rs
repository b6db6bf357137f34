//! Terrorism I secrets (rulings 0.5 and 3.6, TER.6, TER.7): each test (`ter_3_6_…`, `ter_secret_…`)
//! plants one secret, processes a turn through `AnyGame`, and searches every other seat's view and
//! private report, the public view, the public report and the seat list (serialised to JSON) for it.
//! The owner's own view must show it, so the search can fail.

use crate::support::terrorism::*;
use kinds::{AnyGame, Processed};
use serde_json::Value;

/// Everything `viewer` may read after a turn: its view and its private report.
fn seen_by(processed: &Processed<AnyGame>, viewer: &str) -> Value {
    let view = serde_json::to_value(processed.next.seat_view(seat(viewer))).unwrap();
    let report = serde_json::to_value(processed.private.get(&seat(viewer)).cloned().unwrap_or_default()).unwrap();
    serde_json::json!([view, report])
}

fn seen_by_public(processed: &Processed<AnyGame>) -> Value {
    let view = serde_json::to_value(processed.next.public_view()).unwrap();
    let report = serde_json::to_value(&processed.public).unwrap();
    let seats = serde_json::to_value(processed.next.seats()).unwrap();
    serde_json::json!([view, report, seats])
}

/// The strings of `value` that contain every one of `needles` (case-insensitive).
fn found(value: &Value, needles: &[&str]) -> Vec<String> {
    strings_in(value)
        .into_iter()
        .filter(|text| needles.iter().all(|needle| text.to_lowercase().contains(&needle.to_lowercase())))
        .collect()
}

/// Asserts that only `owner` (and no other seat, nor the public) sees a string with all of `needles`.
fn only_owner_sees(processed: &Processed<AnyGame>, owner: &str, needles: &[&str]) {
    assert!(!found(&seen_by(processed, owner), needles).is_empty(), "{owner} should see {needles:?}");
    for viewer in POWERS.into_iter().filter(|p| *p != owner) {
        let leaked = found(&seen_by(processed, viewer), needles);
        assert!(leaked.is_empty(), "{viewer} sees {needles:?}: {leaked:?}");
    }
    let leaked = found(&seen_by_public(processed), needles);
    assert!(leaked.is_empty(), "the public sees {needles:?}: {leaked:?}");
}

fn france_bur_group() -> AnyGame {
    add_group(&new_game(), "Burgundian Front", "bur", 4, "Germany")
}

// See: rule 4, rule 5, rulings 3.6 (who contributed is secret).
#[test]
fn ter_3_6_who_contributed_to_a_group_is_seen_only_by_the_contributor() {
    let turn = play(&france_bur_group(), &[("Italy", "CONTRIBUTE 2 TO bur")], 1);
    only_owner_sees(&turn, "Italy", &["CONTRIBUTE 2 TO bur"]);
    for viewer in POWERS.into_iter().filter(|p| *p != "Italy") {
        assert!(found(&seen_by(&turn, viewer), &["Italy", "Burgundian"]).is_empty(), "{viewer}");
    }
    assert!(found(&seen_by_public(&turn), &["Italy", "Burgundian"]).is_empty());
}

// See: rule 5 ("The controller … should be informed of his control privately"), rulings 0.5.
#[test]
fn ter_secret_who_controls_a_group_is_seen_only_by_the_controller() {
    let turn = play(&france_bur_group(), &[("Italy", "CONTRIBUTE 3 TO bur")], 1);
    only_owner_sees(&turn, "Italy", &["You control Burgundian Front"]);
    for viewer in POWERS.into_iter().filter(|p| *p != "Italy") {
        assert!(found(&seen_by(&turn, viewer), &["control", "Burgundian"]).is_empty(), "{viewer}");
    }
    let turn = play(&france_bur_group(), &[], 1);
    only_owner_sees(&turn, "Germany", &["You control Burgundian Front"]);
}

// See: rule 4 (founders stay anonymous), TER.4.
#[test]
fn ter_secret_the_founders_of_a_group_are_not_named() {
    let turn = play(&new_game(), &[("Germany", "FOUND 6 IN bur AS Ghost Front")], 1);
    assert!(!found(&seen_by_public(&turn), &["Ghost Front"]).is_empty(), "the group itself is public");
    only_owner_sees(&turn, "Germany", &["FOUND 6 IN bur"]);
    for viewer in POWERS.into_iter().filter(|p| *p != "Germany") {
        assert!(found(&seen_by(&turn, viewer), &["Germany", "Ghost"]).is_empty(), "{viewer}");
    }
}

// See: rule 12, TER.7 (agency names and balances are their owner's alone).
#[test]
fn ter_3_6_agency_names_and_balances_are_seen_only_by_their_owner() {
    let turn = play(
        &france_bur_group(),
        &[("England", "OPEN Zeta Cell\nTRANSFER 4 TO Zeta Cell\nZeta Cell: CONTRIBUTE 1 TO bur")],
        1,
    );
    only_owner_sees(&turn, "England", &["Zeta Cell"]);
    assert!(
        turn.next.seat_view(seat("England")).facts.contains(&("Your agency Zeta Cell".to_string(), "3".to_string()))
    );
}

// See: rule 12 ("instructs CIA to transfer 6 to KGB; this would not be printed").
#[test]
fn ter_secret_transfers_between_agencies_are_not_printed() {
    let game = add_agency(&add_agency(&new_game(), "Kappa", "England", 9), "Lambda", "England", 0);
    let turn = play(&game, &[("England", "Kappa: TRANSFER 6 TO Lambda")], 1);
    only_owner_sees(&turn, "England", &["TRANSFER 6"]);
    only_owner_sees(&turn, "England", &["Lambda"]);
}

// See: rule 11 ("a concealed bid"), TER.6 (the winner is told privately).
#[test]
fn ter_secret_bids_and_the_buyer_of_a_nation_are_concealed() {
    let ceded =
        play(&add_group(&new_game(), "Burgundian Front", "bur", 8, "Germany"), &[("France", "CEDE bur")], 1).next;
    let turn = play(&ceded, &[("Germany", "BID 4 FOR Free Burgundy"), ("Italy", "BID 5 FOR Free Burgundy")], 2);
    only_owner_sees(&turn, "Italy", &["BID 5"]);
    only_owner_sees(&turn, "Germany", &["BID 4"]);
    only_owner_sees(&turn, "Italy", &["You control the nation Free Burgundy"]);
    for viewer in ["Austria", "England", "France", "Russia", "Turkey"] {
        assert!(found(&seen_by(&turn, viewer), &["Italy", "Free Burgundy"]).is_empty(), "{viewer}");
    }
    assert!(found(&seen_by_public(&turn), &["Italy", "Free Burgundy"]).is_empty());
    assert!(!found(&seen_by_public(&turn), &["Free Burgundy has been sold"]).is_empty());
}

// See: TER.6: the buyer orders the nation's units, and the results name the nation, not the buyer.
#[test]
fn ter_secret_a_nations_orders_are_published_under_the_nation() {
    let ceded =
        play(&add_group(&new_game(), "Burgundian Front", "bur", 8, "Germany"), &[("France", "CEDE bur")], 1).next;
    let bought = play(&ceded, &[("Italy", "BID 1 FOR Free Burgundy")], 2).next;
    let built = play(&bought, &[("Italy", "Free Burgundy: BUILD A bur")], 3);
    only_owner_sees(&built, "Italy", &["BUILD A bur"]);
    let moved = play(&built.next, &[("Italy", "A bur - gas")], 4);
    let line = moved.public.orders.iter().find(|line| line.order == "A bur - gas").expect("published");
    assert_eq!(line.by, "Free Burgundy");
    assert!(found(&seen_by_public(&moved), &["Italy", "Free Burgundy"]).is_empty());
}

// See: rulings 0.5: an invalid unit order goes only to its writer, so a buyer's order for a lost unit
// never shows under its name, and another player's order never shows under the nation's.
#[test]
fn ter_secret_invalid_unit_orders_are_reported_only_to_their_writer() {
    let ceded =
        play(&add_group(&new_game(), "Burgundian Front", "bur", 8, "Germany"), &[("France", "CEDE bur")], 1).next;
    let bought = play(&ceded, &[("Italy", "BID 1 FOR Free Burgundy")], 2).next;
    let built = play(&bought, &[("Italy", "Free Burgundy: BUILD A bur")], 3).next;
    let turn = play(&built, &[("Germany", "A bur - gas"), ("Italy", "A gas H")], 4);
    assert!(
        turn.public.orders.iter().all(|line| line.result != kinds::ResultWord::Invalid),
        "{:?}",
        turn.public.orders
    );
    only_owner_sees(&turn, "Germany", &["A bur - gas", "may not command"]);
    only_owner_sees(&turn, "Italy", &["A gas H", "no unit"]);
}

// See: TER.6 ("the winner is told privately") and rule 5 (contributions are anonymous): the board draws a
// nation in its own colour once bought and each group's base and name, never a buyer or a controller.
#[test]
fn ter_secret_the_boards_nations_and_groups_name_no_buyer_or_controller() {
    let ceded =
        play(&add_group(&new_game(), "Burgundian Front", "bur", 8, "Germany"), &[("France", "CEDE bur")], 1).next;
    let auction = ceded.public_view().board.expect("a board").marks;
    assert_eq!(
        auction,
        [kinds::kind::BoardMark::Nation { province: "bur".into(), name: "Free Burgundy".into(), bought: false }]
    );
    let bought = play(&ceded, &[("Italy", "BID 1 FOR Free Burgundy")], 2).next;
    let with_group = add_group(&bought, "Picard Cells", "pic", 3, "Turkey");
    let marks = with_group.public_view().board.expect("a board").marks;
    assert!(marks.contains(&kinds::kind::BoardMark::Nation {
        province: "bur".into(),
        name: "Free Burgundy".into(),
        bought: true
    }));
    assert!(marks.contains(&kinds::kind::BoardMark::Group { province: "pic".into(), name: "Picard Cells".into() }));
    let text = serde_json::to_string(&marks).unwrap();
    for secret in ["Italy", "Turkey"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
}
