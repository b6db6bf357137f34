//! A standard game driven only through the game-kind interface, as the server drives it.

use std::collections::BTreeMap;

use kinds::{AnyGame, Kind, ResultWord, SeatIndex};

fn seat(game: &AnyGame, title: &str) -> SeatIndex {
    game.seats().into_iter().find(|s| s.title == title).expect("seat").id
}

fn new_game() -> AnyGame {
    AnyGame::new(Kind::Standard, &serde_json::Value::Null, 7).expect("standard games can be created")
}

#[test]
fn a_new_standard_game_has_seven_seats_and_starts_in_spring_1901() {
    let game = new_game();
    let titles: Vec<String> = game.seats().into_iter().map(|s| s.title).collect();
    assert_eq!(titles, ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]);
    assert_eq!(game.phase().code, "S1901M");
    assert_eq!(game.phase().label, "Spring 1901 Movement");
    assert!(game.seats().iter().all(|s| game.must_order(s.id)));
}

#[test]
fn checking_orders_keeps_good_lines_and_explains_bad_ones() {
    let game = new_game();
    let france = seat(&game, "France");
    let check = game.check_orders(france, "A par - bur\nF bre - xyz\nA mar - spa\nA mun - ruh\nGermany: A ber - kie");
    let accepted: Vec<&str> = check.accepted.iter().map(|a| a.text.as_str()).collect();
    assert_eq!(accepted, ["A par - bur", "A mar - spa"]);
    assert_eq!(check.accepted[0].plain, "Army Paris moves to Burgundy");
    let rejected: Vec<(usize, &str)> = check.rejected.iter().map(|r| (r.line, r.reason.as_str())).collect();
    assert_eq!(
        rejected,
        [
            (2, "`xyz` is not a province"),
            (4, "the unit belongs to Germany"),
            (5, "this sheet gives France's orders, not Germany's"),
        ]
    );
}

#[test]
fn the_order_form_offers_every_legal_order_per_unit() {
    let game = new_game();
    let form = game.order_form(seat(&game, "Russia"));
    let labels: Vec<&str> = form.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["A mos", "F sev", "F stp/sc", "A war"]);
    let fleet = &form.rows[2];
    assert!(fleet.choices.iter().any(|c| c.value == "F stp/sc - bot" && c.label.contains("Gulf of Bothnia")));
}

#[test]
fn a_year_is_played_through_the_interface_with_public_results_and_a_build() {
    let mut game = new_game();
    let france = seat(&game, "France");
    let germany = seat(&game, "Germany");
    let orders =
        BTreeMap::from([(france, "A par - bur\nA mar - spa".to_string()), (germany, "A mun - bur".to_string())]);
    let spring = game.process(&orders, 1);
    assert!(spring.private.is_empty(), "standard games have no private results");
    let bounce = spring.public.orders.iter().find(|l| l.order == "A par - bur").unwrap();
    assert_eq!(bounce.result, ResultWord::Fails);
    assert_eq!(bounce.by, "France");
    assert!(bounce.reason.contains("Germany's A mun"), "{}", bounce.reason);
    game = spring.next;
    assert_eq!(game.phase().code, "F1901M");
    let fall = game.process(&BTreeMap::from([(france, "A spa H".to_string())]), 2);
    assert!(fall.public.events.iter().any(|e| e == "France takes Spain"), "{:?}", fall.public.events);
    game = fall.next;
    assert_eq!(game.phase().code, "W1901A");
    assert!(game.must_order(france));
    assert!(!game.must_order(germany));
    let form = game.order_form(france);
    assert_eq!(form.rows.len(), 1, "one build");
    let winter = game.process(&BTreeMap::from([(france, "Build F mar".to_string())]), 3);
    game = winter.next;
    assert_eq!(game.phase().code, "S1902M");
    let board = game.public_view().board.unwrap();
    assert!(board.units.iter().any(|u| u.power == "France" && u.kind == 'F' && u.region == "mar"));
    assert_eq!(board.owners.get("spa").map(String::as_str), Some("France"));
}

#[test]
fn the_stored_state_reads_back_the_same_and_names_things_by_name() {
    let game = new_game();
    let json = game.to_json();
    assert_eq!(json["kind"], "standard");
    assert!(json["state"]["units"].as_array().unwrap().iter().any(|u| u == "Russia F stp/sc"));
    assert_eq!(AnyGame::from_json(json).unwrap(), game);
    assert!(AnyGame::from_json(serde_json::json!({"kind": "standard", "state": {"phase": "S1901M", "units": ["Russia F mos"], "owners": {}}})).is_err(),
        "a fleet inland is refused");
}

#[test]
fn processing_is_deterministic() {
    let game = new_game();
    let orders = BTreeMap::from([(seat(&game, "Italy"), "A ven - tyr\nF nap - ion".to_string())]);
    assert_eq!(game.process(&orders, 9).next, game.process(&orders, 9).next);
}

#[test]
fn a_removal_in_civil_disorder_is_listed_for_the_map_and_an_ordered_one_is_not() {
    // Austria holds two units on one center and orders nothing: civil disorder removes the farther one.
    // France orders its own removal, which the results already show.
    let game = AnyGame::from_json(serde_json::json!({"kind": "standard", "state": {
        "phase": "W1901A",
        "units": ["Austria A vie", "Austria A gal", "France A par", "France A mar"],
        "owners": {"vie": "Austria", "par": "France"},
    }}))
    .unwrap();
    let france = seat(&game, "France");
    let winter = game.process(&BTreeMap::from([(france, "Remove A mar".to_string())]), 1);
    let removed: Vec<(&str, &str)> =
        winter.public.removed.iter().map(|unit| (unit.power.as_str(), unit.region.as_str())).collect();
    assert_eq!(removed, [("Austria", "gal")]);
    let ordered: Vec<(&str, ResultWord)> =
        winter.public.orders.iter().map(|line| (line.by.as_str(), line.result)).collect();
    assert_eq!(ordered, [("France", ResultWord::Succeeds)], "France's own removal is a result line");
}

fn position(phase: &str, units: &[&str], owners: &[(&str, &str)]) -> AnyGame {
    let owners: serde_json::Map<String, serde_json::Value> =
        owners.iter().map(|(center, power)| ((*center).to_owned(), (*power).into())).collect();
    let state = serde_json::json!({"kind": "standard", "state": {"phase": phase, "units": units, "owners": owners}});
    AnyGame::from_json(state).expect("a valid position")
}

#[test]
fn a_second_build_in_the_same_province_says_a_build_is_already_ordered_there_and_one_build_is_singular() {
    let game = position("W1901A", &["France A par"], &[("par", "France"), ("bre", "France"), ("mar", "France")]);
    let france = seat(&game, "France");
    assert_eq!(game.order_form(france).notes, ["2 builds allowed this Winter"]);
    let check = game.check_orders(france, "Build F bre\nBuild A bre");
    assert_eq!(check.rejected.len(), 1);
    assert_eq!(check.rejected[0].reason, "a build is already ordered in Brest");
    assert!(game.check_orders(france, "Build A par").rejected[0].reason.contains("par is occupied"));
    let one = position(
        "W1901A",
        &["France A par", "France A mar"],
        &[("par", "France"), ("bre", "France"), ("mar", "France")],
    );
    assert_eq!(one.order_form(france).notes, ["1 build allowed this Winter"]);
}

#[test]
fn a_dislodgement_says_whose_unit_was_dislodged_and_by_whose_unit_from_where() {
    let game = position("S1901M", &["Turkey A bul", "Russia A rum", "Russia A ser"], &[]);
    let mut orders = BTreeMap::new();
    orders.insert(seat(&game, "Russia"), "A rum - bul\nA ser S A rum - bul".to_owned());
    let processed = game.process(&orders, 1);
    assert!(
        processed.public.events.iter().any(|event| event == "Turkey's A bul was dislodged by Russia's A rum"),
        "{:?}",
        processed.public.events
    );
}
