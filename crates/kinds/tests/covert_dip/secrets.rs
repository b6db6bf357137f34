//! Covert Dip secrets (sheet: "All FD's ... are confidential", "All CIO's are confidential"; rulings 0.5,
//! 1.5, CD.7): each kind of secret is planted and searched for, serialised to JSON, in the public view and
//! report and in every other seat's view and report.

use crate::support::covert_dip::*;
use kinds::AnyGame;

fn fall_1902(accounts: &[(&str, u32, u32)]) -> AnyGame {
    game_at("F1902M", &["Russia A mos", "Turkey A con", "Italy A rom", "Austria A vie"], &[], accounts)
}

const NONE: Vec<String> = Vec::new();

#[test]
fn cd_secret_a_balance_is_seen_only_by_its_power() {
    let game = fall_1902(&[("Russia", 3, 2)]);
    let plain = fall_1902(&[]);
    assert_eq!(game.public_view(), plain.public_view());
    for info in game.seats().into_iter().filter(|s| s.title != "Russia") {
        assert_eq!(game.seat_view(info.id), plain.seat_view(info.id), "{} sees nothing of it", info.title);
    }
    let processed = play(&game, &[]);
    let plain_processed = play(&plain, &[]);
    assert_eq!(processed.public, plain_processed.public);
    for info in game.seats().into_iter().filter(|s| s.title != "Russia") {
        assert_eq!(processed.private[&info.id], plain_processed.private[&info.id], "{}", info.title);
        assert_eq!(processed.next.seat_view(info.id), plain_processed.next.seat_view(info.id), "{}", info.title);
    }
    assert_eq!(account(&game, "Russia"), (3, 2));
}

#[test]
fn cd_secret_a_diversion_names_no_power_and_reaches_no_other_seat() {
    let game = fall_1902(&[("Russia", 1, 0)]);
    let processed = play(&game, &[("Russia", "FD ser")]);
    assert!(processed.public.events.contains(&"Counter-insurgencies this Winter: Serbia".to_string()));
    assert_eq!(leaks(&game, &processed, "Russia", "FD ser"), NONE);
    assert!(!json_text(&processed.public).contains("Russia"));
}

#[test]
fn cd_secret_a_question_and_its_answer_reach_only_the_asker() {
    let game = fall_1902(&[("Russia", 2, 0), ("Turkey", 0, 1)]);
    let processed = play(&game, &[("Turkey", "CIO ask c Russia")]);
    assert!(events(&processed, &game, "Turkey").contains("Answer to `CIO ask c Russia`: Russia holds 3 FD(s)"));
    for needle in ["CIO ask", "Russia holds"] {
        assert_eq!(leaks(&game, &processed, "Turkey", needle), NONE, "{needle}");
    }
}

#[test]
fn cd_secret_a_block_reaches_no_other_seat() {
    let game = fall_1902(&[("Russia", 0, 1), ("Turkey", 0, 1)]);
    let processed = play(&game, &[("Russia", "CIO block Turkey"), ("Turkey", "CIO ask c Russia")]);
    assert_eq!(leaks(&game, &processed, "Russia", "block"), NONE);
    assert!(events(&processed, &game, "Turkey").contains("no response"), "the asker learns only that");
}

#[test]
fn cd_secret_a_vote_reaches_no_other_seat_and_the_winner_learns_only_its_influence() {
    let game = fall_1902(&[("Russia", 1, 0)]);
    let processed = play(&game, &[("Russia", "VOTE Italy 2")]);
    assert!(events(&processed, &game, "Italy").contains("You hold influence in Switzerland"));
    assert_eq!(leaks(&game, &processed, "Russia", "VOTE"), NONE);
    assert!(!json_text(&processed.private[&seat(&game, "Italy")]).contains("Russia"));
    assert!(!json_text(&processed.public).contains("influence"));
}

#[test]
fn cd_secret_orders_waiting_through_a_fall_retreat_are_seen_only_by_their_power() {
    let game = game_at(
        "F1902M",
        &["Austria A ser", "Austria A bud", "Russia F rum", "Russia A mos"],
        &[],
        &[("Russia", 1, 1)],
    );
    let processed =
        play(&game, &[("Austria", "A ser - rum\nA bud S A ser - rum"), ("Russia", "FD bul\nCIO block Austria")]);
    assert_eq!(processed.next.phase().code, "F1902R");
    assert!(processed.next.seat_view(seat(&game, "Russia")).notes.join(" ").contains("FD bul; CIO block Austria"));
    for needle in ["FD bul", "block"] {
        assert_eq!(leaks(&game, &processed, "Russia", needle), NONE, "{needle}");
    }
}

// See: sheet "The GM will report, with the fall results, those centers that have counter-insurgencies"
// and rulings 0.5: the Winter board marks the center, never the power that paid for it.
#[test]
fn cd_secret_the_winter_board_marks_a_counter_insurgency_without_its_funder() {
    let game = fall_1902(&[("Russia", 1, 0)]);
    let processed = play(&game, &[("Russia", "FD ser")]);
    let marks = processed.next.public_view().board.expect("a board").marks;
    assert_eq!(marks, [kinds::kind::BoardMark::Insurgency { province: "ser".to_owned() }]);
    assert!(!json_text(&marks).contains("Russia"));
    assert!(game.public_view().board.expect("a board").marks.is_empty(), "nothing before the Fall is processed");
}
