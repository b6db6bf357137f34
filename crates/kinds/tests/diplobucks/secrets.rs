//! Diplobucks secrets (sheet: "Only each player and the GM know how much DB he has"; bribes "ordinarily
//! remain secret"; rulings 0.5): each kind of secret is planted and searched for, serialised to JSON, in
//! the public view and report and in every other seat's view and report.

use crate::support::diplobucks::*;

#[test]
fn db_secret_a_balance_is_seen_only_by_its_power() {
    let game = game_at("S1902M", &["France A par", "Germany A mun"], &[], &[("France", 7777)]);
    let processed = play(&game, &[("France", "BRIBE learn Germany")]);
    for needle in ["7777", "7677", "7977"] {
        assert_eq!(leaks(&game, &processed, "France", needle), Vec::<String>::new(), "{needle}");
    }
    assert!(json_text(&game.seat_view(seat(&game, "France"))).contains("7777"), "France sees its own balance");
    assert!(json_text(&processed.private[&seat(&game, "France")]).contains("7977"));
    let plain = game_at("S1902M", &["France A par", "Germany A mun"], &[], &[]);
    for info in game.seats().into_iter().filter(|s| s.title != "France") {
        assert_eq!(game.seat_view(info.id), plain.seat_view(info.id), "{} sees nothing of it", info.title);
    }
}

#[test]
fn db_secret_a_bribe_is_seen_only_by_its_buyer() {
    let game = new_game();
    let processed = play(&game, &[("France", "BRIBE hold A mun"), ("Germany", "A mun - bur")]);
    assert_eq!(processed.public.orders[0].reason, "not executed: held by a bribe", "the effect is public");
    for needle in ["BRIBE", "Bribe 6"] {
        assert_eq!(leaks(&game, &processed, "France", needle), Vec::<String>::new(), "{needle}");
    }
    // The board names every power; the reports must not name the buyer.
    let reports: Vec<String> =
        leaks(&game, &processed, "France", "France").into_iter().filter(|place| place.ends_with("report")).collect();
    assert_eq!(reports, Vec::<String>::new());
    assert!(json_text(&processed.private[&seat(&game, "France")]).contains("BRIBE hold A mun"));
}

#[test]
fn db_secret_group_contributors_are_never_named() {
    let game = new_game();
    let sheet = "BRIBE nmr Turkey: France 800, Italy 700";
    let processed = play(&game, &[("France", sheet), ("Italy", sheet)]);
    assert!(processed.public.events.contains(&"Turkey missed its moves this phase (bribe)".to_string()));
    let report = json_text(&processed.public);
    assert!(!report.contains("France") && !report.contains("Italy") && !report.contains("800"), "{report}");
    for power in ["Turkey", "Germany", "England"] {
        let text = json_text(&processed.private[&seat(&game, power)]);
        assert!(!text.contains("France") && !text.contains("BRIBE"), "{power}: {text}");
    }
}

#[test]
fn db_secret_a_learned_balance_and_the_seen_bribes_go_only_to_the_buyer() {
    let game = game_at("S1902M", &["Turkey A con", "Germany A mun"], &[], &[("Turkey", 4321)]);
    let processed =
        play(&game, &[("Italy", "BRIBE learn Turkey"), ("Germany", "BRIBE see"), ("Turkey", "BRIBE double A con")]);
    assert!(processed.private[&seat(&game, "Italy")].events.contains(&"Turkey has 3821 DB".to_string()));
    let seen = processed.private[&seat(&game, "Germany")].events.join("\n");
    assert!(seen.contains("make Turkey's A con a double unit"), "{seen}");
    for (owner, needle) in [("Italy", "Turkey has"), ("Germany", "Every bribe of this phase")] {
        assert_eq!(leaks(&game, &processed, owner, needle), Vec::<String>::new(), "{needle}");
    }
    assert_eq!(
        leaks(&game, &processed, "Turkey", "3821")
            .into_iter()
            .filter(|place| place != "Italy's report")
            .collect::<Vec<_>>(),
        Vec::<String>::new()
    );
}

// See: sheet bribe 5 ("All players know where double units are … DA or DF"), bribes 6, 8 and 9, and
// rulings 0.5: the board marks double units and the results board the units held, destroyed or
// converted (bribe 4: army to fleet, only one's own unit), and none names who paid.
#[test]
fn db_secret_the_boards_marks_show_the_bribes_effects_and_never_their_buyers() {
    let rich = [("Germany", 2000), ("Italy", 2000), ("France", 2000)];
    let game = game_at("S1902M", &["France A par", "France A mar", "France A bre", "Russia A mos"], &[], &rich);
    let processed = play(
        &game,
        &[
            ("Germany", "BRIBE double A par\nBRIBE hold A mar"),
            ("Italy", "BRIBE destroy A mos"),
            ("France", "A mar - gas\nBRIBE convert A bre"),
        ],
    );
    let marks = &processed.public.unit_marks;
    let mark_of = |region: &str| marks.iter().find(|m| m.unit.region == region).map(|m| m.mark.clone());
    assert_eq!(mark_of("mar"), Some(kinds::kind::UnitMark::HeldByBribe), "{marks:?}");
    assert_eq!(mark_of("mos"), Some(kinds::kind::UnitMark::Destroyed), "{marks:?}");
    assert_eq!(mark_of("bre"), Some(kinds::kind::UnitMark::Converted { into: 'F' }), "{marks:?}");
    let board = processed.next.public_view().board.expect("a board");
    assert_eq!(board.marks, [kinds::kind::BoardMark::Double { region: "par".to_owned() }]);
    let text = format!("{} {}", json_text(marks), json_text(&board.marks));
    for buyer in ["Germany", "Italy"] {
        assert!(!text.contains(buyer), "{buyer} named by a mark: {text}");
    }
}
