//! A scripted Terrorism I game over three years, played only through `AnyGame` as the server plays it:
//! a group is founded and levies, an agency funds it and takes control, Paris falls and is plundered,
//! France names a new capital and cedes Picardy, the new nation is auctioned, builds and marches. Then
//! seeded random games, checking that every turn replays, reads back from JSON and keeps one unit a
//! province.

use crate::support::terrorism::*;
use kinds::{AnyGame, ResultWord};

fn turn(game: &AnyGame, orders: &[(&str, &str)], seed: u64) -> kinds::Processed<AnyGame> {
    for (power, text) in orders {
        let check = game.check_orders(seat(power), text);
        assert!(check.rejected.is_empty(), "{power}'s orders at {}: {:?}", game.phase().code, check.rejected);
    }
    play(game, orders, seed)
}

#[test]
fn a_three_year_game_founds_levies_captures_cedes_auctions_and_uses_agencies() {
    let game = new_game();

    let s1901 = turn(
        &game,
        &[
            ("Germany", "A mun - bur\nFOUND 6 IN pic AS Picard League"),
            ("England", "OPEN CIA\nTRANSFER 3 TO CIA"),
            ("France", "A par - gas"),
        ],
        101,
    );
    let game = s1901.next;
    assert_eq!(game.phase().code, "F1901M");
    assert_eq!(group(&game, "pic").unwrap()["controller"], "Germany");
    assert_eq!(owner(&game, "bur").as_deref(), Some("Germany"));
    assert_eq!((treasury(&game, "Germany"), treasury(&game, "England")), (0, 3));
    assert_eq!(agency(&game, "CIA").unwrap()["balance"], 3);

    let f1901 = turn(&game, &[("Germany", "A bur - par"), ("England", "CIA: CONTRIBUTE 3 TO pic")], 102);
    let events = texts(&f1901.public);
    assert!(has(&events, "France pays a levy of 3 for Picard League in Picardy"), "{events:?}");
    assert!(has(&events, "Germany captures Paris, France's capital, and plunders its treasury of 9"));
    let game = f1901.next;
    assert_eq!((treasury(&game, "France"), treasury(&game, "Germany")), (0, 6 + 9));
    assert_eq!(group(&game, "pic").unwrap()["controller"], "England");
    assert_eq!(group(&game, "pic").unwrap()["treasury"], 9);

    let s1902 = turn(&game, &[("France", "CAPITAL mar\nCEDE pic")], 103);
    let game = s1902.next;
    assert_eq!(state(&game)["powers"]["France"]["capital"], "mar");
    assert_eq!(treasury(&game, "France"), 2 * 2 - 3, "two centers at 2 while Paris is lost, three units' upkeep");
    assert_eq!(nation(&game, "Free Picardy")["treasury"], 9);
    assert_eq!(owner(&game, "pic").as_deref(), Some("Free Picardy"));

    let f1902 = turn(
        &game,
        &[("Italy", "BID 2 FOR Free Picardy\nFree Picardy: BUILD A pic"), ("Austria", "BID 1 FOR Free Picardy")],
        104,
    );
    assert!(has(&private_texts(&f1902, "Austria"), "outbid"));
    let game = f1902.next;
    assert_eq!(nation(&game, "Free Picardy")["controller"], "Italy");
    assert!(units(&game).contains(&"Free Picardy A pic".to_string()));
    assert_eq!(treasury(&game, "Free Picardy"), 9 - 3);

    let s1903 = turn(&game, &[("Italy", "A pic - bel")], 105);
    let line = s1903.public.orders.iter().find(|line| line.order == "A pic - bel").unwrap();
    assert_eq!((line.by.as_str(), line.result), ("Free Picardy", ResultWord::Succeeds));
    let game = s1903.next;
    assert_eq!(treasury(&game, "Free Picardy"), 6 - 1);

    let f1903 = turn(&game, &[], 106);
    let game = f1903.next;
    assert_eq!(game.phase().code, "S1904M");
    assert_eq!(treasury(&game, "Free Picardy"), 5 + 3 - 1, "Belgium's income, one unit's upkeep");
    assert!(game.outcome().is_none());

    let replayed =
        play(&play(&new_game(), &[("Germany", "A mun - bur\nFOUND 6 IN pic AS Picard League")], 101).next, &[], 102);
    assert_eq!(
        replayed.next,
        play(&play(&new_game(), &[("Germany", "A mun - bur\nFOUND 6 IN pic AS Picard League")], 101).next, &[], 102)
            .next
    );
}

/// Orders for every seat drawn from its order form, plus money lines of every kind, from `rng`.
fn random_orders(game: &AnyGame, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<(&'static str, String)> {
    use rand::RngExt;
    use rand::seq::IndexedRandom;
    let provinces = ["bur", "pic", "gas", "ruh", "boh", "gal", "ukr", "tus", "apu", "syr", "arm", "wal", "yor", "sil"];
    POWERS
        .iter()
        .map(|power| {
            let form = game.order_form(seat(power));
            let mut lines: Vec<String> =
                form.rows.iter().filter_map(|row| row.choices.choose(rng).map(|c| c.value.clone())).collect();
            let at = provinces.choose(rng).unwrap();
            let amount: u32 = rng.random_range(1..=8);
            let money = [
                format!("FOUND {amount} IN {at} AS {power} Cell {at}"),
                format!("CONTRIBUTE {amount} TO {at}"),
                format!("OPEN {power} Fund"),
                format!("TRANSFER {amount} TO {power} Fund"),
                format!("{power} Fund: CONTRIBUTE {amount} TO {at}"),
                format!("CEDE {at}"),
                format!("PERMIT {at}"),
                format!("BUILD A {at}"),
                format!("BID {amount} FOR Free Burgundy"),
                format!("DEMOB A {at}"),
            ];
            for _ in 0..rng.random_range(0..5) {
                lines.push(money.choose(rng).unwrap().clone());
            }
            (*power, lines.join("\n"))
        })
        .collect()
}

#[test]
fn seeded_random_games_keep_their_invariants_store_by_name_and_replay_identically() {
    use rand::SeedableRng;
    let mut seen = [0usize; 3];
    for game_seed in 0..6 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(game_seed);
        let mut game = new_game();
        for step in 0..24 {
            let orders = random_orders(&game, &mut rng);
            let borrowed: Vec<(&str, &str)> = orders.iter().map(|(p, o)| (*p, o.as_str())).collect();
            let seed = game_seed * 100 + step;
            let next = play(&game, &borrowed, seed);
            assert_eq!(next.next, play(&game, &borrowed, seed).next, "replays identically");
            game = next.next;
            assert_eq!(AnyGame::from_json(game.to_json()).as_ref(), Ok(&game), "reads back from its JSON");
            let all = units(&game);
            let mut places: Vec<String> = all.iter().map(|u| u.rsplit(' ').next().unwrap()[..3].to_string()).collect();
            places.sort();
            places.dedup();
            assert_eq!(places.len(), all.len(), "one unit per province: {all:?}");
            for (count, key) in seen.iter_mut().zip(["groups", "agencies", "nations"]) {
                *count += state(&game)[key].as_array().unwrap().len();
            }
            if game.outcome().is_some() {
                break;
            }
        }
    }
    assert!(seen.iter().all(|count| *count > 0), "the random games found groups, agencies and nations: {seen:?}");
}

#[test]
fn the_money_rows_offer_contributions_and_transfers_as_chains_that_the_sheet_check_accepts() {
    let rich = edit(&new_game(), |state| state["powers"]["France"]["treasury"] = serde_json::json!(5));
    let game = add_agency(&add_group(&rich, "Red Hand", "bur", 2, "Germany"), "CIA", "France", 0);
    let form = game.order_form(seat("France"));
    let row = form.rows.iter().find(|row| row.label == "Money order 1").expect("money rows");
    let contribution = row.choices.iter().find(|choice| choice.value == "CONTRIBUTE 2 TO bur").expect("offered");
    let steps: Vec<&str> = contribution.steps.iter().map(|step| step.label.as_str()).collect();
    assert_eq!(steps, ["Contribute to a group", "Red Hand in Burgundy", "2"]);
    for choice in row.choices.iter().filter(|choice| !choice.value.is_empty()) {
        let check = game.check_orders(seat("France"), &choice.value);
        assert!(check.rejected.is_empty(), "{} is offered but refused: {:?}", choice.value, check.rejected);
    }
    assert!(row.choices.iter().any(|choice| choice.value.starts_with("TRANSFER 1 TO CIA")));
    let germany = game.order_form(seat("Germany"));
    assert!(
        germany
            .rows
            .iter()
            .filter(|row| row.label.starts_with("Money order"))
            .all(|row| { !row.choices.iter().any(|choice| choice.value.contains("TO CIA")) }),
        "only the owner transfers to its agency"
    );
}

// Issue 29 item 9: money orders are carried out after step 1's income and upkeep (rule 15), so a
// treasury of 0 before the first income still offers the amounts that income will pay for, and the
// form says where the sum comes from rather than a bare 0.
#[test]
fn the_money_rows_count_step_one_s_income_and_upkeep_and_the_note_says_so() {
    let game = add_group(&new_game(), "Red Hand", "bur", 2, "Germany");
    assert_eq!(treasury(&game, "France"), 0);
    let form = game.order_form(seat("France"));
    let note = form.notes.iter().find(|note| note.starts_with("France's treasury")).expect("a treasury note");
    assert_eq!(
        note,
        "France's treasury: 0 now, + 9 income − 3 upkeep at step 1 of the turn: about 6 to spend on money orders \
         (before cedes and levies)"
    );
    let row = form.rows.iter().find(|row| row.label == "Money order 1").expect("money rows at a treasury of 0");
    assert!(row.choices.iter().any(|choice| choice.value == "CONTRIBUTE 6 TO bur"));
    assert!(!row.choices.iter().any(|choice| choice.value == "CONTRIBUTE 7 TO bur"), "no more than 6");
}

// Issue 29 item 9: founding a group and opening an agency by rows, without typing. The founding row
// offers other players' provinces that are not capitals (rule 4, TER.4) with amounts over 2; the agency
// row offers names nobody holds while the player holds fewer than four (rule 12).
#[test]
fn the_founding_and_agency_rows_offer_only_what_the_rules_allow_and_the_sheet_check_accepts() {
    let game = add_agency(&add_group(&new_game(), "Red Hand", "kie", 2, "Italy"), "Falcon", "Italy", 0);
    let form = game.order_form(seat("France"));
    let found = form.rows.iter().find(|row| row.label == "Found a group").expect("a founding row");
    let open = form.rows.iter().find(|row| row.label == "Open an agency").expect("an agency row");
    for choice in found.choices.iter().chain(&open.choices).filter(|choice| !choice.value.is_empty()) {
        let check = game.check_orders(seat("France"), &choice.value);
        assert!(check.rejected.is_empty(), "{} is offered but refused: {:?}", choice.value, check.rejected);
    }
    let founding = found.choices.iter().find(|choice| choice.value.contains(" IN ruh ")).expect("Ruhr is Germany's");
    assert_eq!(founding.value, "FOUND 3 IN ruh AS Ruhr Liberation Front");
    let steps: Vec<&str> = founding.steps.iter().map(|step| step.label.as_str()).collect();
    assert_eq!(steps, ["Found a group", "Ruhr", "3"]);
    let offered = |needle: &str| found.choices.iter().any(|choice| choice.value.contains(needle));
    assert!(!offered(" IN ber ") && !offered(" IN kie ") && !offered(" IN pic "), "a capital, a group, France's own");
    assert!(!offered("FOUND 2 ") && offered("FOUND 6 ") && !offered("FOUND 7 "), "over 2, up to the 6 France has");
    let names: Vec<&str> = open.choices.iter().map(|choice| choice.value.as_str()).collect();
    assert!(names.contains(&"OPEN Condor") && !names.contains(&"OPEN Falcon"), "Italy holds Falcon: {names:?}");

    let full =
        ["Condor", "Heron", "Kestrel", "Merlin"].iter().fold(game, |game, name| add_agency(&game, name, "France", 0));
    assert!(full.order_form(seat("France")).rows.iter().all(|row| row.label != "Open an agency"), "four at most");
}

// Rule 9: no levy is due while the owner's unit stands in the group's province, so no levy row is
// offered then; a player out of the game gives no more orders, so gets no money rows at all.
#[test]
fn a_levy_row_is_offered_only_while_a_levy_is_due_and_never_to_a_player_out_of_the_game() {
    let levy_rows =
        |game: &AnyGame| game.order_form(seat("Italy")).rows.iter().filter(|row| row.key == "levy-bur").count();
    let guarded = add_group(&arranged(&["France A bur"], &[]), "Red Hand", "bur", 4, "Italy");
    assert_eq!(levy_rows(&guarded), 0, "France's army in Burgundy stops the levy");
    let passing = add_group(&arranged(&["Germany A bur"], &[]), "Red Hand", "bur", 4, "Italy");
    assert_eq!(levy_rows(&passing), 1, "another power's army does not");
    let out = edit(&passing, |state| state["powers"]["Italy"]["eliminated"] = serde_json::json!(true));
    assert!(out.order_form(seat("Italy")).rows.is_empty(), "{:?}", out.order_form(seat("Italy")).rows);
}
