//! A scripted three-year Covert Dip game through the `AnyGame` interface, as the server runs it: every
//! phase's state stored as JSON and read back; FDs and CIOs credited, a counter-insurgency forcing a
//! removal, all five CIO forms, votes giving influence, a Public Disclosure, the disclosed power unable to
//! spend, and covert orders waiting through a Fall retreat.

use crate::support::covert_dip::*;
use kinds::{AnyGame, Processed};

fn step(game: &AnyGame, sheets: &[(&str, &str)]) -> (AnyGame, Processed<AnyGame>) {
    let processed = play(game, sheets);
    let stored = AnyGame::from_json(processed.next.to_json()).expect("the stored state reads back");
    assert_eq!(stored, processed.next);
    (stored, processed)
}

fn has_line(text: &str, line: &str) -> bool {
    text.lines().any(|l| l == line)
}

#[test]
fn a_three_year_covert_dip_game_uses_every_covert_action() {
    let game = new_game();
    let (game, _) = step(&game, &[("Turkey", "A con - bul"), ("Austria", "A bud - ser"), ("Russia", "F sev - rum")]);
    let check = game.check_orders(seat(&game, "Russia"), "FD bul");
    assert_eq!(check.rejected[0].reason, "you have no FD left to spend", "no funds in 1901");

    // Fall 1901: the first credit.
    let (game, _) = step(&game, &[]);
    assert_eq!(game.phase().code, "W1901A");
    assert_eq!(account(&game, "Russia"), (1, 4));
    assert_eq!(account(&game, "Turkey"), (1, 3));
    let (game, _) = step(&game, &[("Turkey", "Build A con"), ("Austria", "Build A bud"), ("Russia", "Build F sev")]);
    let (game, _) = step(&game, &[]);
    assert_eq!(game.phase().code, "F1902M");

    // Fall 1902: FDs on Bulgaria from two powers, a block, every question form, votes.
    let (game, fall) = step(
        &game,
        &[
            ("Russia", "FD bul\nCIO block Turkey\nCIO ask c Turkey\nVOTE Russia 1"),
            ("Austria", "FD bul\nCIO ask b Russia\nVOTE Turkey 1"),
            ("Turkey", "CIO ask a Russia\nCIO ask d bul\nCIO ask c Austria\nVOTE Turkey 2"),
        ],
    );
    let turkey = events(&fall, &game, "Turkey");
    assert!(has_line(&turkey, "Answer to `CIO ask a Russia`: no response"), "{turkey}");
    assert!(has_line(&turkey, "Answer to `CIO ask d bul`: Austria"), "{turkey}");
    assert!(has_line(&turkey, "Answer to `CIO ask c Austria`: Austria holds 1 FD(s)"), "{turkey}");
    assert!(turkey.contains("You hold influence in Switzerland"), "3 of 4 votes");
    let austria = events(&fall, &game, "Austria");
    assert!(has_line(&austria, "Answer to `CIO ask b Russia`: none"), "{austria}");
    assert!(has_line(&events(&fall, &game, "Russia"), "Answer to `CIO ask c Turkey`: Turkey holds 2 FD(s)"));
    assert!(fall.public.events.contains(&"Counter-insurgencies this Winter: Bulgaria".to_string()));

    // Winter 1902: the counter-insurgency in Turkish Bulgaria costs Turkey a unit.
    assert_eq!(game.phase().code, "W1902A");
    assert_eq!(game.order_form(seat(&game, "Turkey")).notes, ["1 removal due this Winter"]);
    let (game, _) = step(&game, &[("Turkey", "Remove A smy")]);
    assert_eq!(units(&game).iter().filter(|u| u.starts_with("Turkey")).count(), 3);
    assert_eq!(public_fact(&game, "Counter-insurgencies this Winter"), None, "over with the Winter");

    // Spring 1903: Turkey, with influence, names Russia; its last Fall's FD and CIO orders are published.
    let (game, spring) = step(&game, &[("Turkey", "DISCLOSE Russia")]);
    assert!(
        spring.public.events.contains(
            &"Public Disclosure of Russia: 1 FD(s) in Switzerland; its FD and CIO orders last Fall: FD bul; CIO block \
          Turkey; CIO ask c Turkey"
                .to_string()
        )
    );
    assert_eq!(public_fact(&game, "Under Public Disclosure").as_deref(), Some("Russia"));

    // Fall 1903: Russia cannot spend but may vote; Austria's question waits through the Fall retreat.
    let russia = seat(&game, "Russia");
    let check = game.check_orders(russia, "FD ser\nVOTE Russia 1");
    assert!(check.rejected[0].reason.contains("Public Disclosure"));
    let (game, _) = step(
        &game,
        &[("Russia", "FD ser\nVOTE Russia 1"), ("Austria", "A ser - rum\nA bud S A ser - rum\nCIO ask c Turkey")],
    );
    assert_eq!(game.phase().code, "F1903R");
    let waiting = game.seat_view(seat(&game, "Austria")).notes.join("\n");
    assert!(waiting.contains("CIO ask c Turkey"), "{waiting}");
    assert!(!game.seat_view(seat(&game, "Turkey")).notes.join("\n").contains("CIO ask"));
    let (game, retreat) = step(&game, &[("Russia", "F rum D")]);
    assert!(has_line(&events(&retreat, &game, "Austria"), "Answer to `CIO ask c Turkey`: Turkey holds 3 FD(s)"));
    assert!(events(&retreat, &game, "Russia").contains("You hold influence"), "the disclosed power may vote");
    assert_eq!(public_fact(&game, "Under Public Disclosure"), None, "the disclosure ends after the Fall");
    assert_eq!(account(&game, "Russia"), (2, 4 - 2 + 4 + 4), "credited though disclosed");
}

// FD and CIO orders reach the public only through a disclosure; votes, influence and answers never.
#[test]
fn random_covert_dip_games_run_for_years_and_replay_exactly() {
    for seed in 1..=3 {
        let game = random_game(
            kinds::Kind::CovertDip,
            seed,
            "S1905M",
            &["VOTE", "DISCLOSE", "influence", "Answer to", "designated"],
        );
        assert!(game.outcome().is_some() || game.phase().code == "S1905M");
    }
}
