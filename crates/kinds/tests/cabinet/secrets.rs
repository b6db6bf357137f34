//! Cabinet Diplomacy II secrets (sheet §4, rulings 0.5, 2.4, CAB.7, CAB.9): each secret is planted and
//! searched for, serialised to JSON, in the public view and report, the seat list, and every other seat's
//! views, form and report. A commander sees only his own cabinet; the public sees a gunboat game.

use crate::support::cabinet::*;
use kinds::AnyGame;
use serde_json::json;

const HOS: &str = "France: Head of State";
const GENERAL: &str = "France: General";
const ADMIRAL: &str = "France: Admiral";

const NONE: Vec<String> = Vec::new();

#[test]
fn a_relief_is_seen_only_by_the_head_of_state_and_the_commander_who_must_sign_it() {
    // See: rulings CAB.9, 2.4, 0.5; rules/cabinet-diplomacy-ii.txt §8
    let game = new_game();
    let processed = play(&game, &[(HOS, "RELIEVE general WITH person 4242")]);
    assert_eq!(leaks_beyond(&game, &processed, &[HOS, ADMIRAL], "4242"), NONE);
    assert_eq!(leaks_beyond(&game, &processed, &[HOS, ADMIRAL], "relieve France"), NONE);
    assert_eq!(leaks_beyond(&game, &processed, &[HOS, ADMIRAL], "Motion"), NONE);
    let admiral = processed.next.seat_view(seat(&game, ADMIRAL));
    assert!(admiral.notes.iter().any(|note| note.contains("relieve France: General")), "{admiral:?}");
}

#[test]
fn a_coup_is_seen_by_the_plot_and_the_head_of_state_it_would_depose_and_nobody_else() {
    // See: rulings CAB.9, 0.5; rules/cabinet-diplomacy-ii.txt §9
    let game = new_game();
    let processed = play(&game, &[(GENERAL, "COUP WITH person 5151")]);
    let told = [GENERAL, ADMIRAL, HOS];
    assert_eq!(leaks_beyond(&game, &processed, &told, "5151"), NONE);
    assert_eq!(leaks_beyond(&game, &processed, &told, "depose the Head of State of France"), NONE);
}

#[test]
fn a_head_of_states_unused_backup_orders_are_his_alone() {
    // See: rulings 0.5, 2.2; rules/cabinet-diplomacy-ii.txt §5
    let game = new_game();
    let processed = play(&game, &[(GENERAL, "A par - bur"), (HOS, "A par - pic")]);
    assert_eq!(leaks_beyond(&game, &processed, &[HOS], "A par - pic"), NONE);
    assert_eq!(leaks_beyond(&game, &processed, &[HOS], "Paris moves to Picardy"), NONE);
}

#[test]
fn who_holds_a_seat_is_never_in_a_view_a_report_or_the_seat_list() {
    // See: rules/cabinet-diplomacy-ii.txt §4 (a gunboat game to observers); rulings 2.4
    let game = gm(&gm(&new_game(), "UNSEAT France general"), "SEAT France general person 987654");
    let processed = play(&game, &[(GENERAL, "A par - bur"), (HOS, "A mar - spa")]);
    assert_eq!(leaks_beyond(&game, &processed, &[], "987654"), NONE);
}

#[test]
fn a_dual_monarchy_is_invisible_to_the_public_and_to_other_powers_commanders() {
    // See: rulings CAB.9, 2.4
    let plain = new_game();
    let monarchy = edit(&plain, |state| {
        let cabinet = &mut state["cabinets"]["Germany"];
        cabinet["previous_head"] = cabinet["head"]["person"].clone();
        cabinet["head"] = json!(null);
        cabinet["joined_to"] = json!("France");
    });
    let sheets = [(GENERAL, "A par - bur"), ("Germany: General", "A mun - ruh")];
    let (plain_next, monarchy_next) = (play(&plain, &sheets), play(&monarchy, &sheets));
    assert_eq!(plain_next.public, monarchy_next.public);
    assert_eq!(plain.public_view(), monarchy.public_view());
    assert_eq!(plain.seats(), monarchy.seats());
    for title in ["Italy: General", "Italy: Admiral", "Russia: General", GENERAL, ADMIRAL] {
        let id = seat(&plain, title);
        assert_eq!(plain.seat_view(id), monarchy.seat_view(id), "{title}");
        assert_eq!(plain_next.private[&id], monarchy_next.private[&id], "{title}");
    }
}

#[test]
fn a_commander_never_learns_the_other_cabinets_seats_or_motions() {
    // See: rules/cabinet-diplomacy-ii.txt §4; rulings 2.4, 0.5
    let game = new_game();
    let processed = play(&game, &[("Germany: Head of State", "RELIEVE admiral WITH person 3131")]);
    let general: &AnyGame = &processed.next;
    let view = json_text(&general.seat_view(seat(&game, GENERAL)));
    assert!(!view.contains("Germany:"), "{view}");
    assert!(!view.contains("3131"));
    assert_eq!(processed.private[&seat(&game, GENERAL)], kinds::Report::default());
}
