//! A scripted three-year Diplobucks game through the `AnyGame` interface, as the server runs it: every
//! phase's state stored as JSON and read back, every one of the nine bribes bought (alone and in groups,
//! one reneged), the extra unit's upkeep paid, a destroyed unit's Winter wait, and each power's ledger.

use crate::support::diplobucks::*;
use kinds::{AnyGame, Correspondent, Processed, Recipients, ResultWord};

/// Processes the phase and stores the next state as the server would: to JSON and back.
fn step(game: &AnyGame, sheets: &[(&str, &str)]) -> (AnyGame, Processed<AnyGame>) {
    let processed = play(game, sheets);
    let stored = AnyGame::from_json(processed.next.to_json()).expect("the stored state reads back");
    assert_eq!(stored, processed.next);
    (stored, processed)
}

fn public_line<'a>(processed: &'a Processed<AnyGame>, order: &str) -> &'a kinds::ReportLine {
    processed.public.orders.iter().find(|line| line.order == order).unwrap_or_else(|| panic!("no line {order}"))
}

#[test]
fn a_three_year_diplobucks_game_uses_every_bribe() {
    let game = new_game();

    // Spring 1901: press right (1), a balance learned (2), every bribe seen (3), and a group NMR (9).
    let (game, spring) = step(
        &game,
        &[
            ("France", "A par - bur\nA mar - spa\nF bre - mao\nBRIBE press"),
            ("Germany", "A mun - ruh\nA ber - kie\nF kie - den\nBRIBE see"),
            ("England", "F lon - nth\nF edi - nwg\nA lvp - yor\nBRIBE learn France"),
            ("Austria", "BRIBE nmr Turkey: Austria 800, Russia 700\nA vie - gal"),
            ("Russia", "BRIBE nmr Turkey: Austria 800, Russia 700\nA war - ukr"),
            ("Turkey", "F ank - bla\nA con - bul\nA smy - arm"),
        ],
    );
    assert_eq!(public_line(&spring, "A con - bul").reason, "not executed: this power's moves were missed by a bribe");
    assert!(units(&game).contains(&"Turkey A con".to_string()));
    assert!(private(&spring, &game, "England").events.contains(&"France has 900 DB".to_string()));
    let seen = private(&spring, &game, "Germany").events.join("\n");
    assert!(seen.contains("Bribe 9 (1500 DB): make Turkey miss its moves"), "{seen}");
    assert!(seen.contains("Bribe 1 (100 DB)"), "{seen}");
    assert!(game.may_send(Correspondent::Seat(seat(&game, "France")), &Recipients::Public).is_ok());
    assert!(game.may_send(Correspondent::Seat(seat(&game, "Italy")), &Recipients::Public).is_err());
    assert_eq!(game.phase().code, "F1901M");
    assert_eq!(balance(&game, "Austria"), 1000 - 800 + 300);
    assert_eq!(balance(&game, "Turkey"), 1300);

    // Fall 1901: a double unit takes Munich (5), a group hold reneged by Italy (half back), a conversion (4)
    // and a destroyed unit (8).
    let (game, fall) = step(
        &game,
        &[
            ("France", "BRIBE double A bur\nA bur - mun\nA spa H\nF mao - por"),
            ("Germany", "BRIBE hold A ruh: Germany 300, Italy 200\nA ruh - mun\nA kie - hol\nF den H"),
            ("Italy", "BRIBE convert A ven\nF ven - adr\nA rom - apu\nF nap - ion"),
            ("Turkey", "BRIBE destroy A ukr\nA con - bul\nF ank - bla"),
            ("England", "F nth - nwy\nF nwg H\nA yor H"),
        ],
    );
    assert_eq!(public_line(&fall, "DA bur - mun").result, ResultWord::Succeeds);
    assert!(fall.public.events.contains(&"Russia's A ukr was destroyed (bribe)".to_string()));
    assert!(fall.public.events.contains(&"Italy's A ven became F ven (bribe)".to_string()));
    assert!(units(&game).contains(&"Italy F adr".to_string()));
    let reneged = &private(&fall, &game, "Germany").orders[0];
    assert!(reneged.reason.contains("Italy did not pay; you get 150 DB back"), "{}", reneged.reason);
    assert_eq!(game.phase().code, "W1901A");
    let russia = seat(&game, "Russia");
    assert!(!game.must_order(russia), "Russia's rebuild waits: its one build is taken by the destroyed unit");

    // Winter 1901: England buys an extra unit (7) and builds it beside its normal build.
    let (game, _) = step(
        &game,
        &[
            ("England", "BRIBE extra\nBuild F lon\nBuild F edi"),
            ("France", "Build A par\nBuild F bre\nBuild A mar"),
            ("Turkey", "Build F smy"),
        ],
    );
    assert_eq!(units(&game).iter().filter(|u| u.starts_with("England")).count(), 5, "four centers, one extra unit");
    assert_eq!(balance(&game, "England"), 1000 - 100 + 300 - 1000 + 200 + 200, "a gain earns the 200 bonus");
    assert_eq!(game.phase().code, "S1902M");

    // Spring 1902: a forced hold (6) supported in place; the double unit's second and last movement phase.
    let (game, spring) = step(
        &game,
        &[
            ("Russia", "BRIBE hold F nwy: Russia 250, Austria 250"),
            ("Austria", "BRIBE hold F nwy: Russia 250, Austria 250"),
            ("England", "F nwy - stp/nc\nF nth S F nwy"),
            ("France", "A mun H"),
        ],
    );
    assert_eq!(public_line(&spring, "F nwy - stp/nc").reason, "not executed: held by a bribe");
    assert_eq!(public_line(&spring, "DA mun H").result, ResultWord::Succeeds);
    assert!(game.public_view().facts.iter().all(|(label, _)| label != "Double units"), "a year is over");

    // Fall 1902 and Winter 1902: England pays its extra unit's first upkeep; Russia builds normally again.
    let (game, _) = step(&game, &[]);
    let mut game = game;
    let before_winter = balance(&game, "England");
    let mut rounds = 0;
    while game.phase().code != "S1903M" {
        game = step(&game, &[("Russia", "Build A war")]).0;
        rounds += 1;
    }
    assert!(rounds <= 2);
    assert_eq!(balance(&game, "England"), before_winter + 200 + 200 - 300, "income, bonus, upkeep");
    assert_eq!(units(&game).iter().filter(|u| u.starts_with("England")).count(), 5, "the extra unit is kept");
    assert!(units(&game).contains(&"Russia A war".to_string()), "the second Winter builds normally");
    for _ in 0..2 {
        game = step(&game, &[]).0;
    }
    assert!(
        game.may_send(Correspondent::Seat(seat(&game, "France")), &Recipients::Public).is_err(),
        "four movement phases of press are over"
    );
}

#[test]
fn random_diplobucks_games_run_for_years_and_replay_exactly() {
    for seed in 1..=3 {
        let game = random_game(kinds::Kind::Diplobucks, seed, "S1905M", &["BRIBE", "Bribe "]);
        assert!(game.outcome().is_some() || game.phase().code == "S1905M");
    }
}

#[test]
fn the_bribe_rows_offer_each_bribe_as_a_chain_of_which_bribe_then_its_unit_or_power() {
    let game = new_game();
    let form = game.order_form(seat(&game, "France"));
    let row = form.rows.iter().find(|row| row.label == "Bribe 1").expect("a bribe row");
    assert_eq!(row.choices[0].value, "", "the row's own way of saying no bribe");
    assert_eq!(row.choices[0].label, "No bribe");
    let values: Vec<&str> = row.choices.iter().map(|choice| choice.value.as_str()).collect();
    let hold = row
        .choices
        .iter()
        .find(|choice| choice.value == "BRIBE hold A vie")
        .unwrap_or_else(|| panic!("no hold among {values:?}"));
    let steps: Vec<(&str, &str)> = hold.steps.iter().map(|s| (s.value.as_str(), s.label.as_str())).collect();
    assert_eq!(steps, [("bribe-hold", "6. Make a unit hold (500 DB)"), ("vie", "Austria's A Vienna")]);
    let kinds: std::collections::BTreeSet<&str> =
        row.choices.iter().filter_map(|choice| choice.steps.first()).map(|step| step.value.as_str()).collect();
    assert!(kinds.len() <= 9, "one first choice per bribe: {kinds:?}");
    let holdable = row.choices.iter().filter(|choice| choice.value.starts_with("BRIBE hold")).count();
    assert!((22..=34).contains(&holdable), "a unit per line of the second select: {holdable}");
}

// Issue 29 item 9: the bribe row's first list follows the sheet's numbering, 1 to 9.
#[test]
fn the_bribe_rows_list_the_bribes_in_the_sheet_s_order() {
    let game = new_game();
    let form = game.order_form(seat(&game, "France"));
    let row = form.rows.iter().find(|row| row.label == "Bribe 1").expect("a bribe row");
    let mut firsts: Vec<&str> = Vec::new();
    for step in row.choices.iter().filter_map(|choice| choice.steps.first()) {
        if !firsts.contains(&step.label.as_str()) {
            firsts.push(step.label.as_str());
        }
    }
    let numbers: Vec<&str> = firsts.iter().map(|label| label.split('.').next().unwrap_or_default()).collect();
    let mut sorted = numbers.clone();
    sorted.sort();
    assert_eq!(numbers, sorted, "{firsts:?}");
    assert_eq!(numbers.first(), Some(&"1"));
}
