//! Cabinet Diplomacy II, clause by clause: `rules/cabinet-diplomacy-ii.txt` (`rule_N`), rulings §2
//! (`rulings_2_N`) and the settled gaps CAB.1–CAB.10 (`cab_N`), each through the `AnyGame` interface.

use std::collections::BTreeSet;

use crate::support::cabinet::*;
use kinds::cabinet::{self, PersonId, SeatStatus};
use kinds::{AnyGame, Correspondent, Recipients};
use serde_json::json;

const HOS: &str = "France: Head of State";
const GENERAL: &str = "France: General";
const ADMIRAL: &str = "France: Admiral";

/// Makes `junior` the junior power of a dual monarchy under `head`'s Head of State, as a coup naming him
/// would (its Head of State becomes the previous head).
fn joined(game: &AnyGame, junior: &str, head: &str) -> AnyGame {
    edit(game, |state| {
        let cabinet = &mut state["cabinets"][junior];
        let deposed = cabinet["head"]["person"].clone();
        cabinet["head"] = json!(null);
        cabinet["joined_to"] = json!(head);
        cabinet["previous_head"] = deposed;
    })
}

/// Whether the seat's form offers only motions (no unit orders, builds or removals).
fn only_motion_rows(game: &AnyGame, title: &str) -> bool {
    game.order_form(seat(game, title)).rows.iter().all(|row| row.key.starts_with("motion-"))
}

fn has(units: &[String], unit: &str) -> bool {
    units.iter().any(|u| u == unit)
}

#[test]
fn rule_2_each_power_is_run_by_a_head_of_state_a_general_and_an_admiral() {
    // See: rules/cabinet-diplomacy-ii.txt §2; rulings 2.1
    let game = new_game();
    let titles: Vec<String> = game.seats().into_iter().map(|s| s.title).collect();
    assert_eq!(titles.len(), 21);
    assert_eq!(&titles[6..9], [HOS, GENERAL, ADMIRAL]);
    assert!(game.seats().iter().all(|s| s.powers.len() == 1));
}

#[test]
fn rulings_2_1_a_person_holds_at_most_one_seat() {
    // See: rulings 2.1; rules/cabinet-diplomacy-ii.txt §11
    let game = new_game();
    let held = game.gm_action("SEAT France general person 999").unwrap_err().to_string();
    assert!(held.contains("is held"), "{held}");
    let game = gm(&game, "UNSEAT France general");
    let twice = game.gm_action(&format!("SEAT France general person {}", person(seat(&game, ADMIRAL)).0));
    assert!(twice.unwrap_err().to_string().contains("already holds France: Admiral"));
    let game = gm(&game, "SEAT France general person 999");
    assert_eq!(holder(&game, GENERAL), Some(PersonId(999)));
}

#[test]
fn rule_6_the_general_orders_only_his_powers_armies() {
    // See: rules/cabinet-diplomacy-ii.txt §6; rulings 2.2
    let game = new_game();
    assert_eq!(accepted(&game, GENERAL, "A par - bur\nA mar - spa"), "A par - bur\nA mar - spa");
    assert!(refusal(&game, GENERAL, "F bre - mao").contains("command"), "a fleet is the Admiral's");
    assert!(refusal(&game, GENERAL, "A mun - ruh").contains("command"), "Germany's army is not his");
    let rows: Vec<String> = game.order_form(seat(&game, GENERAL)).rows.into_iter().map(|r| r.label).collect();
    assert_eq!(rows[..2], ["A mar", "A par"]);
}

#[test]
fn rule_7_the_admiral_orders_only_his_powers_fleets() {
    // See: rules/cabinet-diplomacy-ii.txt §7; rulings 2.2
    let game = new_game();
    assert_eq!(accepted(&game, ADMIRAL, "F bre - mao"), "F bre - mao");
    assert!(refusal(&game, ADMIRAL, "A par - bur").contains("command"));
    let rows: Vec<String> = game.order_form(seat(&game, ADMIRAL)).rows.into_iter().map(|r| r.label).collect();
    assert_eq!(rows[0], "F bre");
}

#[test]
fn rule_5_a_commanders_order_supersedes_the_head_of_states_backup() {
    // See: rules/cabinet-diplomacy-ii.txt §5; rulings 2.2
    let game = new_game();
    let (next, processed) = step(
        &game,
        &[(GENERAL, "A par - bur"), (HOS, "A par - pic\nA mar - spa\nF bre - mao"), (ADMIRAL, "F bre - eng")],
    );
    let units = units(&next);
    assert!(has(&units, "France A bur") && has(&units, "France F eng"), "{units:?}");
    assert!(has(&units, "France A spa"), "the backup moved the army the General left without orders");
    let hos = events(&processed, &game, HOS);
    assert!(hos.contains("Your backup order `A mar - spa` was used: France: General gave none"), "{hos}");
    assert!(!hos.contains("A par - pic"), "the superseded backup was not used");
}

#[test]
fn cab_10_backup_orders_apply_unit_by_unit() {
    // See: rulings CAB.10, 2.2
    let game = new_game();
    let (next, _) = step(&game, &[(GENERAL, "A mar - bur"), (HOS, "A par - pic\nA mar - gas")]);
    let units = units(&next);
    assert!(has(&units, "France A bur"), "the General's own order: {units:?}");
    assert!(has(&units, "France A pic"), "the backup for the unit he did not order: {units:?}");
}

#[test]
fn rule_5_without_a_commanders_order_or_a_backup_a_unit_holds() {
    // See: rules/cabinet-diplomacy-ii.txt §5; rulings 2.2, 0.3
    let game = new_game();
    let (next, _) = step(&game, &[]);
    assert!(has(&units(&next), "France A par"));
}

/// Spring 1901 with France's army in Burgundy dislodged by Germany, retreating in Spring's retreat phase.
fn dislodged_in_burgundy() -> AnyGame {
    let game = game_at("S1901M", &["France A bur", "France A par", "Germany A mun", "Germany A ruh"], &[]);
    let (game, _) =
        step(&game, &[("France: General", "A bur H"), ("Germany: General", "A mun - bur\nA ruh S A mun - bur")]);
    assert_eq!(game.phase().code, "S1901R");
    game
}

#[test]
fn rule_5_the_head_of_state_may_disband_a_retreating_unit_over_its_commanders_order() {
    // See: rules/cabinet-diplomacy-ii.txt §5; rulings 2.2
    let game = dislodged_in_burgundy();
    let (next, processed) = step(&game, &[(GENERAL, "A bur R pic"), (HOS, "A bur D")]);
    assert!(!units(&next).iter().any(|u| u.starts_with("France A pic")), "disbanded: {:?}", units(&next));
    assert!(events(&processed, &game, HOS).contains("Your disband overrode France: General's retreat order"));
}

#[test]
fn rule_5_a_head_of_states_retreat_backup_does_not_override_the_commander() {
    // See: rules/cabinet-diplomacy-ii.txt §5 ("but nothing else")
    let game = dislodged_in_burgundy();
    let (next, _) = step(&game, &[(GENERAL, "A bur R pic"), (HOS, "A bur R gas")]);
    assert!(has(&units(&next), "France A pic"));
    let (next, _) = step(&game, &[(HOS, "A bur R gas")]);
    assert!(has(&units(&next), "France A gas"), "used as a backup when the General gives none");
}

/// Winter 1901 where France owns Belgium too: one build, on a free home center.
fn french_build() -> AnyGame {
    game_at("W1901A", &["France A bel", "France A pic", "France F mao"], &[("bel", "France")])
}

#[test]
fn rule_5_builds_and_removals_are_the_head_of_states() {
    // See: rules/cabinet-diplomacy-ii.txt §5; rulings 2.2
    let game = french_build();
    assert_eq!(refusal(&game, GENERAL, "Build A par"), "builds and removals are the Head of State's");
    assert!(only_motion_rows(&game, GENERAL));
    assert!(!game.must_order(seat(&game, GENERAL)));
    assert!(game.must_order(seat(&game, HOS)));
    assert_eq!(accepted(&game, HOS, "Build A par"), "Build A par");
    let (next, _) = step(&game, &[(GENERAL, "Build A mar"), (HOS, "Build A par")]);
    assert!(has(&units(&next), "France A par"));
    assert!(!has(&units(&next), "France A mar"));
}

#[test]
fn rulings_2_3_a_vacant_commander_seat_is_ordered_by_the_head_of_state() {
    // See: rulings 2.3; rules/cabinet-diplomacy-ii.txt §8 (the Head of State assumes the duties)
    let game = gm(&new_game(), "UNSEAT France general");
    assert!(game.must_order(seat(&game, HOS)), "he must now order the armies");
    assert!(!game.must_order(seat(&game, GENERAL)));
    let labels: Vec<String> = game.order_form(seat(&game, HOS)).rows.into_iter().map(|r| r.label).collect();
    assert!(labels.contains(&"A par (for the vacant France: General)".to_string()), "{labels:?}");
    assert!(labels.contains(&"Backup: F bre".to_string()), "{labels:?}");
    let (next, processed) = step(&game, &[(HOS, "A par - bur"), (GENERAL, "A par - pic")]);
    assert!(has(&units(&next), "France A bur"), "a vacant seat's sheet counts for nothing");
    assert!(!events(&processed, &game, HOS).contains("backup order"), "not a backup: he is the acting General");
}

#[test]
fn rule_8_a_relief_needs_the_other_commanders_signature_and_takes_effect_next_phase() {
    // See: rules/cabinet-diplomacy-ii.txt §8; rulings 2.3
    let game = new_game();
    let general = holder(&game, GENERAL).unwrap();
    let (game, processed) = step(&game, &[(HOS, "RELIEVE general"), (GENERAL, "A par - bur")]);
    assert!(events(&processed, &game, ADMIRAL).contains("Motion 1 proposed by France: Head of State"));
    assert_eq!(holder(&game, GENERAL), Some(general), "unsigned: nothing happens");
    assert!(has(&units(&game), "France A bur"), "his orders of the phase still count");
    assert_eq!(accepted(&game, ADMIRAL, "sign 1"), "SIGN 1");
    let (game, processed) = step(&game, &[(ADMIRAL, "SIGN 1")]);
    assert_eq!(status(&game, GENERAL), SeatStatus::Vacant);
    assert!(events(&processed, &game, HOS).contains("Motion 1 took effect: France: General relieved"));
    assert!(state(&game).standby_requests.iter().any(|s| s.to_string() == GENERAL));
    assert_eq!(state(&game).seat_of(general), None);
}

#[test]
fn cab_8_a_relieved_post_is_a_vacancy_the_gm_fills_from_standby_and_an_unseated_one_is_not_asked_for() {
    // See: rulings CAB.8 (the GM seats a standby player); rules/cabinet-diplomacy-ii.txt §8
    assert!(new_game().vacancies().is_empty(), "every post is held at the start");
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general"), (ADMIRAL, "RELIEVE general")]);
    let general = seat(&game, GENERAL);
    assert_eq!(game.vacancies(), vec![kinds::Vacancy { seat: general, standby_asked: true }]);
    let unseated = gm(&new_game(), "UNSEAT France general");
    assert_eq!(unseated.vacancies(), vec![kinds::Vacancy { seat: general, standby_asked: false }]);
    let filled = gm(&game, "SEAT France general person 700");
    assert!(filled.vacancies().is_empty(), "a seated standby player fills it");
}

#[test]
fn rule_8_the_same_relief_line_from_the_other_commander_is_his_signature() {
    // See: rules/cabinet-diplomacy-ii.txt §8 ("signed by both himself and his other military commander")
    let game = new_game();
    assert!(game.check_orders(seat(&game, ADMIRAL), "RELIEVE general").rejected.is_empty());
    let foreign = refusal(&game, "Germany: General", "RELIEVE France admiral");
    assert_eq!(foreign, "only the Head of State proposes a relief; its commanders sign it");
    let (game, _) = step(&game, &[(ADMIRAL, "RELIEVE general"), (HOS, "RELIEVE general")]);
    assert_eq!(status(&game, GENERAL), SeatStatus::Vacant);
}

#[test]
fn rule_8_a_head_of_state_may_not_relieve_both_commanders_at_the_same_time() {
    // See: rules/cabinet-diplomacy-ii.txt §8, §11 (at least one military officer)
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general")]);
    assert!(refusal(&game, HOS, "RELIEVE admiral").contains("not both commanders at the same time"));
    let vacant = gm(&new_game(), "UNSEAT France general");
    assert!(refusal(&vacant, HOS, "RELIEVE admiral").contains("at least one commander"));
}

#[test]
fn cab_3_a_named_replacement_takes_the_seat_the_phase_after_accepting() {
    // See: rulings CAB.3; rules/cabinet-diplomacy-ii.txt §8
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general WITH person 500"), (ADMIRAL, "RELIEVE general")]);
    assert_eq!(status(&game, GENERAL), SeatStatus::Vacant, "until he accepts, the Head of State acts");
    let appointment = state(&game).motions[0].clone();
    assert_eq!(appointment.kind.describe(), "fill France: General with person 500");
    let refused = game.gm_action(&format!("AS person 501 ACCEPT {}", appointment.id)).unwrap_err();
    assert!(refused.to_string().contains("nothing to agree to"));
    let game = gm(&game, &format!("AS person 500 ACCEPT {}", appointment.id));
    assert_eq!(status(&game, GENERAL), SeatStatus::Vacant, "accepting takes effect with the next phase");
    let (game, processed) = step(&game, &[]);
    assert_eq!(holder(&game, GENERAL), Some(PersonId(500)));
    assert_eq!(events(&processed, &game, GENERAL), "You now hold France: General");
    match status(&game, GENERAL) {
        SeatStatus::Held(holder) => assert_eq!(holder.since, game.phase().code),
        other => panic!("{other:?}"),
    }
}

#[test]
fn cab_3_a_named_replacement_may_decline_and_the_relief_then_asks_for_a_standby_player() {
    // See: rulings CAB.3; rules/cabinet-diplomacy-ii.txt §8 ("If a replacement is not available, the Head of
    // State assumes the duties")
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general WITH person 500")]);
    let relief = state(&game).motions[0].clone();
    assert!(game.gm_action(&format!("AS person 501 DECLINE {}", relief.id)).is_err(), "only the named person");
    let game = gm(&game, &format!("AS person 500 DECLINE {}", relief.id));
    assert_eq!(
        state(&game).motions[0].kind.describe(),
        "relieve France: General, replaced by a player from the GM's standby list"
    );
    let (game, _) = step(&game, &[(ADMIRAL, &format!("SIGN {}", relief.id))]);
    assert_eq!(status(&game, GENERAL), SeatStatus::Vacant);
    assert!(
        cabinet::gm_view(state(&game))
            .notes
            .iter()
            .any(|note| note.contains("Seat a standby player as France: General"))
    );
}

#[test]
fn rule_9_a_coups_requirements_name_both_commanders_and_the_named_person_until_each_is_met() {
    // See: rules/cabinet-diplomacy-ii.txt §9; rulings CAB.3, CAB.8
    let game = new_game();
    let (game, _) = step(&game, &[(GENERAL, "COUP WITH person 600")]);
    let coup = state(&game).motions[0].clone();
    let needs = cabinet::motions::requirements(state(&game), &coup);
    assert_eq!(needs.len(), 2);
    assert!(needs[0].words.contains("France: General") && needs[0].words.contains("France: Admiral"));
    assert!(!needs[0].met && !needs[1].met);
    assert_eq!(cabinet::motions::person_named(state(&game), &coup), Some(PersonId(600)));
    let (game, _) = step(&game, &[(ADMIRAL, &format!("SIGN {}", coup.id))]);
    let game = gm(&game, &format!("AS person 600 ACCEPT {}", coup.id));
    let coup = state(&game).motions[0].clone();
    assert!(cabinet::motions::requirements(state(&game), &coup).iter().all(|need| need.met));
    assert!(cabinet::motions::lapses_with(state(&game), &coup).contains(&kinds::cabinet::SeatRef::parse(HOS).unwrap()));
}

#[test]
fn cab_3_a_coup_whose_named_head_declines_is_dropped() {
    // See: rulings CAB.3, CAB.5
    let game = new_game();
    let (game, _) = step(&game, &[(GENERAL, "COUP WITH person 600")]);
    let coup = state(&game).motions[0].id;
    let game = gm(&game, &format!("AS person 600 DECLINE {coup}"));
    assert!(state(&game).motions.is_empty());
    assert!(holder(&game, HOS).is_some(), "the Head of State stays");
}

#[test]
fn cab_1_a_relieved_holder_loses_the_seat_and_everything_it_could_see() {
    // See: rulings CAB.1
    let game = new_game();
    let general = holder(&game, GENERAL).unwrap();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general"), (ADMIRAL, "RELIEVE general")]);
    assert_ne!(holder(&game, GENERAL), Some(general));
    let view = game.seat_view(seat(&game, GENERAL));
    assert_eq!(view, game.public_view(), "a vacant seat's view is the public one");
    assert!(game.order_form(seat(&game, GENERAL)).rows.is_empty());
    let to_hos =
        Recipients::private(Correspondent::Seat(seat(&game, GENERAL)), [Correspondent::Seat(seat(&game, HOS))]);
    assert!(game.may_send(Correspondent::Seat(seat(&game, GENERAL)), &to_hos).is_err());
}

#[test]
fn rule_9_a_coup_needs_both_commanders_and_may_make_one_of_them_head_of_state() {
    // See: rules/cabinet-diplomacy-ii.txt §9; rulings 2.3
    let game = new_game();
    let (old_head, general) = (holder(&game, HOS).unwrap(), holder(&game, GENERAL).unwrap());
    assert_eq!(refusal(&game, HOS, "COUP WITH general"), "only the realm's commanders make a coup");
    let (game, processed) = step(&game, &[(GENERAL, "COUP WITH general")]);
    assert!(
        events(&processed, &game, HOS).contains("depose the Head of State of France"),
        "the Head of State is told of the coup against him"
    );
    assert_eq!(holder(&game, HOS), Some(old_head), "one commander is not enough");
    let (game, _) = step(&game, &[(ADMIRAL, "COUP WITH general")]);
    assert_eq!(holder(&game, HOS), Some(general));
    assert_eq!(status(&game, GENERAL), SeatStatus::Vacant, "he names a replacement for his old seat");
    assert_eq!(state(&game).seat_of(old_head), None);
    assert!(accepted(&game, HOS, "APPOINT general WITH person 77").contains("APPOINT France general WITH person 77"));
}

#[test]
fn rule_9_a_coup_naming_another_head_of_state_makes_a_dual_monarchy_once_he_signs() {
    // See: rules/cabinet-diplomacy-ii.txt §9, §10; rulings CAB.4
    let game = new_game();
    let german_head = holder(&game, "Germany: Head of State").unwrap();
    let (game, processed) =
        step(&game, &[("Germany: General", "COUP WITH France"), ("Germany: Admiral", "COUP WITH France")]);
    assert!(events(&processed, &game, HOS).contains("Motion 1 proposed by Germany: General"), "France is asked");
    assert!(state(&game).cabinet(judge_power("Germany")).joined_to.is_none(), "not without his signature");
    let (game, _) = step(&game, &[(HOS, "SIGN 1")]);
    assert_eq!(status(&game, "Germany: Head of State"), SeatStatus::Joined { head: seat(&game, HOS) });
    assert_eq!(state(&game).cabinet(judge_power("Germany")).previous_head, Some(german_head));
    assert_eq!(accepted(&game, HOS, "Germany: A mun - ruh\nA par - bur"), "A mun - ruh\nA par - bur", "for both");
    assert!(refusal(&game, HOS, "Italy: A rom - apu").contains("not Italy's"));
    assert!(refusal(&game, "Germany: Head of State", "A mun - ruh").contains("nobody holds"));
}

fn judge_power(name: &str) -> judge::Power {
    judge::Map::standard().unwrap().find_power(name).unwrap()
}

#[test]
fn rule_10_triple_monarchies_are_not_allowed() {
    // See: rules/cabinet-diplomacy-ii.txt §10
    let game = joined(&new_game(), "Germany", "France");
    assert!(refusal(&game, "Italy: General", "COUP WITH France").contains("cannot take on another power"));
    assert!(refusal(&game, "Germany: General", "COUP WITH Italy").contains("triple monarchies"));
}

#[test]
fn cab_4_a_dual_monarchy_pools_its_builds_on_either_powers_home_centers() {
    // See: rulings CAB.4; rules/cabinet-diplomacy-ii.txt §10
    let game = game_at(
        "W1901A",
        &["France A par", "France A mar", "France F bre", "Germany A ruh", "Germany A sil", "Germany F kie"],
        &[("bel", "France"), ("spa", "France")],
    );
    let game = joined(&game, "Germany", "France");
    let form = game.order_form(seat(&game, HOS));
    assert_eq!(form.rows.iter().filter(|r| r.label.starts_with("Build")).count(), 2, "{form:?}");
    let check = game.check_orders(seat(&game, HOS), "Build A ber\nBuild A mun\nBuild A kie");
    assert_eq!(check.sheet(), "Build A ber\nBuild A mun");
    let (next, _) = step(&game, &[(HOS, "Build A ber\nBuild A mun")]);
    let units = units(&next);
    assert!(has(&units, "Germany A ber") && has(&units, "Germany A mun"), "{units:?}");
}

#[test]
fn cab_4_a_dual_monarchys_removals_are_pooled_and_civil_disorder_looks_across_both_powers() {
    // See: rulings CAB.4, 0.3; rules/cabinet-diplomacy-ii.txt §10
    let start = ["France A par", "France A mar", "France F bre", "Germany A kie", "Germany A ber", "Germany A mos"];
    let game = joined(&game_at("W1901A", &start, &[("mun", "")]), "Germany", "France");
    let (next, _) = step(&game, &[(HOS, "Remove A par")]);
    assert!(!has(&units(&next), "France A par"), "France's unit goes for Germany's lost center");
    assert!(has(&units(&next), "Germany A mos"));
    let (next, _) = step(&game, &[]);
    assert!(!has(&units(&next), "Germany A mos"), "the farthest unit of the realm: {:?}", units(&next));
    assert_eq!(units(&next).iter().filter(|u| u.starts_with("France")).count(), 3);
}

#[test]
fn cab_4_a_dual_monarchy_relief_needs_two_of_the_other_three_commanders() {
    // See: rulings CAB.4; rules/cabinet-diplomacy-ii.txt §10
    let game = joined(&new_game(), "Germany", "France");
    let (game, _) = step(&game, &[(HOS, "RELIEVE Germany general"), (GENERAL, "RELIEVE Germany general")]);
    assert!(holder(&game, "Germany: General").is_some(), "one signature of three is not enough");
    let (game, _) = step(&game, &[("Germany: Admiral", "SIGN 1")]);
    assert_eq!(status(&game, "Germany: General"), SeatStatus::Vacant);
}

#[test]
fn cab_4_a_dual_monarchy_coup_needs_three_commanders_and_the_monarchy_continues() {
    // See: rulings CAB.4; rules/cabinet-diplomacy-ii.txt §10
    let game = joined(&new_game(), "Germany", "France");
    let sheets = [(GENERAL, "COUP WITH person 700"), ("Germany: General", "COUP WITH person 700")];
    let (game, _) = step(&game, &sheets);
    let game = gm(&game, "AS person 700 ACCEPT 1");
    let (game, _) = step(&game, &[]);
    assert_ne!(holder(&game, HOS), Some(PersonId(700)), "two of four is not enough");
    let (game, _) = step(&game, &[("Germany: Admiral", "SIGN 1")]);
    assert_eq!(holder(&game, HOS), Some(PersonId(700)));
    assert_eq!(status(&game, "Germany: Head of State"), SeatStatus::Joined { head: seat(&game, HOS) });
}

#[test]
fn cab_4_a_secession_needs_the_junior_commanders_and_its_previous_head_who_leads_it_again() {
    // See: rulings CAB.4; rules/cabinet-diplomacy-ii.txt §10
    let game = new_game();
    let previous = holder(&game, "Germany: Head of State").unwrap();
    let game = joined(&game, "Germany", "France");
    assert_eq!(refusal(&game, GENERAL, "SECEDE"), "France is not the junior power of a dual monarchy");
    let (game, _) = step(&game, &[("Germany: General", "SECEDE"), ("Germany: Admiral", "SECEDE")]);
    assert!(matches!(status(&game, "Germany: Head of State"), SeatStatus::Joined { .. }), "not without him");
    let game = gm(&game, &format!("AS person {} SIGN 1", previous.0));
    let (game, _) = step(&game, &[]);
    assert_eq!(holder(&game, "Germany: Head of State"), Some(previous));
    assert_eq!(state(&game).realm(judge_power("France")).len(), 1);
}

#[test]
fn cab_2_without_a_head_of_state_no_builds_are_made_and_removals_follow_civil_disorder() {
    // See: rulings CAB.2, 0.3
    let game = gm(&french_build(), "UNSEAT France hos");
    assert!(only_motion_rows(&game, GENERAL));
    let (next, _) = step(&game, &[(GENERAL, "Build A par")]);
    assert_eq!(units(&next).iter().filter(|u| u.starts_with("France")).count(), 3, "no build");
    let short = gm(
        &game_at("W1901A", &["France A par", "France A mar", "France F bre", "France A mos"], &[]),
        "UNSEAT France hos",
    );
    let (next, _) = step(&short, &[]);
    assert!(!has(&units(&next), "France A mos"), "the farthest unit is removed");
}

#[test]
fn cab_5_commanders_without_a_head_of_state_name_one_by_a_signed_motion() {
    // See: rulings CAB.5, CAB.3; rules/cabinet-diplomacy-ii.txt §9
    let game = gm(&new_game(), "UNSEAT France hos");
    let (game, _) = step(&game, &[(GENERAL, "COUP WITH person 600"), (ADMIRAL, "COUP WITH person 600")]);
    assert_eq!(status(&game, HOS), SeatStatus::Vacant, "he has not accepted yet");
    let (game, _) = step(&gm(&game, "AS person 600 ACCEPT 1"), &[]);
    assert_eq!(holder(&game, HOS), Some(PersonId(600)));
    let standby = gm(&gm(&new_game(), "UNSEAT France hos"), "SEAT France hos person 601");
    assert_eq!(holder(&standby, HOS), Some(PersonId(601)), "or the GM seats a standby player");
}

#[test]
fn cab_8_a_motion_lapses_when_a_seat_it_names_changes_hands_or_is_withdrawn() {
    // See: rulings CAB.8
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general")]);
    assert_eq!(state(&game).motions.len(), 1);
    let replaced = gm(&gm(&game, "UNSEAT France admiral"), "SEAT France admiral person 800");
    assert!(state(&replaced).motions.is_empty(), "the signer's seat changed hands");
    assert!(refusal(&replaced, ADMIRAL, "SIGN 1").contains("no open motion 1"));
    assert_eq!(refusal(&game, GENERAL, "WITHDRAW 1"), "this seat has no motion 1 to withdraw");
    let (withdrawn, processed) = step(&game, &[(HOS, "WITHDRAW 1"), (ADMIRAL, "SIGN 1")]);
    assert!(state(&withdrawn).motions.is_empty());
    assert!(holder(&withdrawn, GENERAL).is_some());
    assert!(events(&processed, &game, ADMIRAL).contains("Motion 1 withdrawn"));
}

#[test]
fn rule_12_a_dual_monarchy_with_a_majority_of_centers_wins_and_all_its_seats_share_it() {
    // See: rules/cabinet-diplomacy-ii.txt §12; rulings 2.6, CAB.9
    let french = ["bel", "hol", "spa", "por", "lon", "edi", "lvp"].map(|c| (c, "France"));
    let german = ["den", "swe", "nwy", "war"].map(|c| (c, "Germany"));
    let owners: Vec<(&str, &str)> = french.into_iter().chain(german).collect();
    let game = game_at("F1901M", &["France A par", "Germany A war"], &owners);
    let (alone, _) = step(&game, &[("Germany: General", "A war - mos")]);
    assert_eq!(alone.outcome(), None, "France 10 and Germany 8 are two powers");
    let game = joined(&game, "Germany", "France");
    let (won, processed) = step(&game, &[("Germany: General", "A war - mos")]);
    assert!(
        processed.public.events.contains(&"The dual monarchy of France and Germany wins with 18 centers".to_string())
    );
    let Some(kinds::Outcome::Victory { winners, summary }) = won.outcome() else { panic!("a win") };
    assert_eq!(summary, "The dual monarchy of France and Germany wins");
    let titles: BTreeSet<String> = winners.iter().map(|id| game.seats()[usize::from(id.0)].title.clone()).collect();
    let expected = [HOS, GENERAL, ADMIRAL, "Germany: General", "Germany: Admiral"].map(String::from);
    assert_eq!(titles, expected.into_iter().collect());
    assert!(won.seats().iter().all(|s| !won.must_order(s.id)));
}

fn correspondent(game: &AnyGame, title: &str) -> Correspondent {
    Correspondent::Seat(seat(game, title))
}

fn may_write(game: &AnyGame, from: &str, to: &[&str]) -> bool {
    let from = correspondent(game, from);
    let members =
        to.iter().map(|title| if *title == "GM" { Correspondent::GameMaster } else { correspondent(game, title) });
    game.may_send(from, &Recipients::private(from, members)).is_ok()
}

#[test]
fn rulings_2_5_a_commander_writes_only_to_his_head_of_state_his_counterpart_and_the_gm() {
    // See: rulings 2.5; rules/cabinet-diplomacy-ii.txt §4
    let game = new_game();
    assert!(may_write(&game, GENERAL, &[HOS]));
    assert!(may_write(&game, GENERAL, &[ADMIRAL]));
    assert!(may_write(&game, GENERAL, &["GM"]));
    assert!(may_write(&game, GENERAL, &[HOS, ADMIRAL, "GM"]));
    assert!(!may_write(&game, GENERAL, &["Germany: Head of State"]));
    assert!(!may_write(&game, GENERAL, &["Germany: General"]));
    assert!(!may_write(&game, GENERAL, &[HOS, "Germany: General"]), "one forbidden member spoils the group");
    let public = game.may_send(correspondent(&game, GENERAL), &Recipients::Public).unwrap_err();
    assert!(public.to_string().contains("may not write public press"));
    let vacant = gm(&game, "UNSEAT France admiral");
    assert!(!may_write(&vacant, GENERAL, &[ADMIRAL]), "nobody would read it but the next holder");
    // The refusal reads as English for either commander (issue 26 point 7: not "a Admiral").
    let to = Recipients::private(correspondent(&game, ADMIRAL), [correspondent(&game, "Germany: General")]);
    let refusal = game.may_send(correspondent(&game, ADMIRAL), &to).unwrap_err().to_string();
    assert!(refusal.starts_with("an Admiral writes only"), "{refusal}");
}

#[test]
fn rulings_2_5_a_head_of_state_writes_to_other_heads_of_state_his_cabinet_the_gm_and_the_public() {
    // See: rulings 2.5; rules/cabinet-diplomacy-ii.txt §4, §9 (no Head of State: isolated)
    let game = new_game();
    assert!(may_write(&game, HOS, &["Germany: Head of State", "Italy: Head of State"]));
    assert!(may_write(&game, HOS, &[GENERAL, ADMIRAL, "GM"]));
    assert!(!may_write(&game, HOS, &["Germany: General"]));
    assert!(game.may_send(correspondent(&game, HOS), &Recipients::Public).is_ok());
    assert!(game.may_send(Correspondent::GameMaster, &Recipients::Public).is_ok());
    let headless = gm(&game, "UNSEAT Germany hos");
    assert!(!may_write(&headless, HOS, &["Germany: Head of State"]));
}

#[test]
fn cab_7_in_a_dual_monarchy_a_commanders_counterpart_is_his_own_powers_other_commander() {
    // See: rulings CAB.7, 2.5
    let game = joined(&new_game(), "Germany", "France");
    assert!(may_write(&game, "Germany: General", &["Germany: Admiral", HOS]));
    assert!(!may_write(&game, "Germany: General", &[ADMIRAL]));
    assert!(!may_write(&game, "Germany: General", &["Germany: Head of State"]), "the unused seat");
    assert!(may_write(&game, HOS, &["Germany: General", GENERAL]), "his cabinet is both powers'");
}

#[test]
fn cab_7_the_head_of_state_reads_his_commanders_pending_orders() {
    // See: rulings CAB.7
    let game = new_game();
    let readable = |title: &str| -> Vec<String> {
        cabinet::readable_sheets(state(&game), seat(&game, title))
            .into_iter()
            .map(|id| game.seats()[usize::from(id.0)].title.clone())
            .collect()
    };
    assert_eq!(readable(HOS), [GENERAL, ADMIRAL]);
    assert!(readable(GENERAL).is_empty());
    assert_eq!(game.readable_sheets(seat(&game, HOS)).len(), 2, "the site asks through `Rules`");
    let dual = joined(&new_game(), "Germany", "France");
    assert_eq!(dual.readable_sheets(seat(&dual, HOS)).len(), 4, "a dual monarch reads both cabinets' commanders");
}

#[test]
fn rulings_2_4_heads_of_state_know_each_other_and_commanders_know_only_their_own_cabinet() {
    // See: rulings 2.4; rules/cabinet-diplomacy-ii.txt §4
    let game = gm(&new_game(), "UNSEAT Italy hos");
    let known = |title: &str| -> Vec<String> {
        cabinet::known_holders(state(&game), seat(&game, title))
            .into_iter()
            .map(|(id, _)| game.seats()[usize::from(id.0)].title.clone())
            .collect()
    };
    assert_eq!(known(GENERAL), [HOS, GENERAL, ADMIRAL]);
    let heads = known(HOS);
    assert_eq!(heads.len(), 9, "his cabinet and the six other Heads of State: {heads:?}");
    assert!(heads.contains(&"Italy: Head of State".to_string()), "a vacancy is known too");
    let statuses = cabinet::known_holders(state(&game), seat(&game, HOS));
    assert!(statuses.contains(&(seat(&game, "Italy: Head of State"), SeatStatus::Vacant)));
    let view = game.seat_view(seat(&game, GENERAL));
    assert!(view.facts.contains(&(HOS.to_string(), "held".to_string())));
    assert!(!view.facts.iter().any(|(label, _)| label.starts_with("Germany:")), "{view:?}");
}

#[test]
fn rulings_2_4_identities_are_revealed_at_the_end_unless_the_gm_chose_otherwise() {
    // See: rulings 2.4
    let game = edit(&new_game(), |state| state["winner"] = json!(["France"]));
    assert_eq!(cabinet::known_holders(state(&game), seat(&game, GENERAL)).len(), 21);
    let secret = edit(&game, |state| state["settings"]["reveal_identities_at_end"] = json!(false));
    assert_eq!(cabinet::known_holders(state(&secret), seat(&secret, GENERAL)).len(), 3);
}

#[test]
fn cab_6_draw_and_concession_votes_are_the_heads_of_state() {
    // See: rulings CAB.6
    let game = joined(&gm(&new_game(), "UNSEAT Italy hos"), "Germany", "France");
    let voters: Vec<String> = state(&game).voting_seats().into_iter().map(|s| s.to_string()).collect();
    assert_eq!(voters.len(), 5, "{voters:?}");
    assert!(
        voters.contains(&HOS.to_string()) && !voters.iter().any(|v| v.starts_with("Italy") || v.starts_with("Germany"))
    );
    // The site asks the kind, through the `Rules` interface, who votes.
    let site_voters = game.draw_voters().expect("Cabinet says who votes");
    assert_eq!(site_voters.len(), 5);
    assert!(site_voters.contains(&seat(&game, HOS)) && !site_voters.contains(&seat(&game, GENERAL)));
}

#[test]
fn cab_6_a_realm_out_of_the_game_does_not_vote() {
    // See: rulings CAB.6 (the votes of the powers still in the game)
    let game = game_at("S1901M", &["France A par"], &[("rom", "France"), ("nap", "France"), ("ven", "France")]);
    let voters = game.draw_voters().expect("Cabinet says who votes");
    assert_eq!(voters.len(), 6, "Italy has no center and no unit left: {voters:?}");
    assert!(!voters.contains(&seat(&game, "Italy: Head of State")));
}

#[test]
fn cab_1_a_successor_reads_press_from_his_own_tenure_only() {
    // See: rulings CAB.1 (extended to the successor, docs/variants.md)
    let game = new_game();
    assert_eq!(game.tenure_start(seat(&game, GENERAL)).as_deref(), Some("S1901M"));
    let (game, _) = step(&game, &[]);
    let game = gm(&gm(&game, "UNSEAT France general"), "SEAT France general person 999");
    assert_eq!(game.tenure_start(seat(&game, GENERAL)).as_deref(), Some("F1901M"), "the successor's tenure");
    assert_eq!(game.tenure_start(seat(&game, ADMIRAL)).as_deref(), Some("S1901M"), "the others keep theirs");
}

#[test]
fn cab_9_reliefs_and_coups_are_not_announced_to_the_public() {
    // See: rulings CAB.9; rules/cabinet-diplomacy-ii.txt §4 (a gunboat game to observers)
    let game = new_game();
    let (_, quiet) = step(&game, &[(GENERAL, "A par - bur")]);
    let (_, relief) = step(&game, &[(GENERAL, "A par - bur"), (HOS, "RELIEVE general"), (ADMIRAL, "RELIEVE general")]);
    assert_eq!(relief.public, quiet.public);
    assert_eq!(relief.next.public_view(), quiet.next.public_view());
    assert_eq!(relief.next.seats(), quiet.next.seats());
}

#[test]
fn rule_8_a_standby_request_waits_in_the_gm_view_until_the_gm_seats_a_player() {
    // See: rules/cabinet-diplomacy-ii.txt §8 (a military commander from a standby list); rulings 2.3
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE admiral WITH standby"), (GENERAL, "RELIEVE admiral")]);
    let notes = cabinet::gm_view(state(&game)).notes;
    assert!(
        notes.contains(&"Seat a standby player as France: Admiral (`SEAT France admiral person <number>`)".to_string())
    );
    let hos = game.seat_view(seat(&game, HOS)).notes;
    assert!(hos.contains(&"The GM was asked to seat a standby player as France: Admiral".to_string()), "{hos:?}");
    let game = gm(&game, "SEAT France admiral person 321");
    assert!(state(&game).standby_requests.is_empty());
    assert!(
        cabinet::gm_view(state(&game)).facts.contains(&(ADMIRAL.to_string(), "person 321 since F1901M".to_string()))
    );
}

#[test]
fn rule_8_the_head_of_state_appoints_a_named_person_to_a_vacant_commander_seat_once_he_accepts() {
    // See: rules/cabinet-diplomacy-ii.txt §8, §9 (he names a replacement for his previous position); CAB.3
    let game = gm(&new_game(), "UNSEAT France admiral");
    assert!(refusal(&game, HOS, "APPOINT general WITH person 55").contains("is held: relieve its holder first"));
    let taken = format!("APPOINT admiral WITH person {}", person(seat(&game, GENERAL)).0);
    assert!(refusal(&game, HOS, &taken).contains("already holds a seat"));
    let (game, _) = step(&game, &[(HOS, "APPOINT admiral WITH person 55")]);
    assert_eq!(status(&game, ADMIRAL), SeatStatus::Vacant);
    let (game, _) = step(&gm(&game, "AS person 55 ACCEPT 1"), &[]);
    assert_eq!(holder(&game, ADMIRAL), Some(PersonId(55)));
}

#[test]
fn cab_4_only_the_seceding_powers_previous_head_of_state_agrees_for_it() {
    // See: rulings CAB.4
    let game = joined(&joined(&new_game(), "Germany", "France"), "Austria", "Italy");
    let (game, _) = step(&game, &[("Germany: General", "SECEDE"), ("Germany: Admiral", "SECEDE")]);
    let austrian = person(seat(&game, "Austria: Head of State"));
    let refused = game.gm_action(&format!("AS person {} SIGN 1", austrian.0)).unwrap_err();
    assert!(refused.to_string().contains("nothing to agree to in motion 1"), "{refused}");
}

/// Fall 1901 from the standard position, France owning Belgium besides, Germany's Munich ownership
/// changed by `munich`.
fn fall_with_belgium(munich: &str) -> AnyGame {
    let start = units(&new_game());
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    game_at("F1901M", &start, &[("bel", "France"), ("mun", munich)])
}

#[test]
fn cab_4_a_winter_is_held_for_a_pooled_build_neither_power_could_make_alone() {
    // See: rulings CAB.4, 0.2
    let sheets = [("Germany: General", "A mun - bur")];
    let (alone, _) = step(&fall_with_belgium("Germany"), &sheets);
    assert_eq!(alone.phase().code, "S1902M", "France has no free home center: nothing to decide");
    let (pooled, _) = step(&joined(&fall_with_belgium("Germany"), "Germany", "France"), &sheets);
    assert_eq!(pooled.phase().code, "W1901A");
    let (next, _) = step(&pooled, &[(HOS, "Build A mun")]);
    assert!(has(&units(&next), "Germany A mun"));
}

#[test]
fn cab_4_a_winter_is_skipped_when_the_realms_gains_and_losses_cancel_out() {
    // See: rulings CAB.4, 0.2
    let sheets = [(GENERAL, "A par - pic"), ("Germany: General", "A mun - boh")];
    let (alone, _) = step(&fall_with_belgium(""), &sheets);
    assert_eq!(alone.phase().code, "W1901A", "France builds, Germany removes");
    let (pooled, _) = step(&joined(&fall_with_belgium(""), "Germany", "France"), &sheets);
    assert_eq!(pooled.phase().code, "S1902M");
}

#[test]
fn cab_2_a_winter_with_only_a_headless_powers_builds_is_skipped() {
    // See: rulings CAB.2, 0.2
    let sheets = [(GENERAL, "A par - pic")];
    let (headed, _) = step(&fall_with_belgium("Germany"), &sheets);
    assert_eq!(headed.phase().code, "W1901A");
    let (headless, _) = step(&gm(&fall_with_belgium("Germany"), "UNSEAT France hos"), &sheets);
    assert_eq!(headless.phase().code, "S1902M");
}

#[test]
fn rulings_2_2_a_unit_takes_its_commanders_order_else_the_backup_else_it_holds() {
    // See: rulings 2.2
    let game = new_game();
    let (next, processed) = step(&game, &[(ADMIRAL, "F bre - mao"), (HOS, "F bre - eng\nA mar - bur")]);
    let units = units(&next);
    assert!(has(&units, "France F mao") && has(&units, "France A bur") && has(&units, "France A par"), "{units:?}");
    let mut orders: Vec<String> =
        processed.public.orders.iter().filter(|o| o.by == "France").map(|o| o.order.clone()).collect();
    orders.sort();
    assert_eq!(orders, ["A mar - bur", "F bre - mao"], "one order per unit reaches the judge; A par holds");
}

#[test]
fn rule_3_the_gm_seats_the_players_in_the_positions_of_their_choice_or_at_random() {
    // See: rules/cabinet-diplomacy-ii.txt §3
    let game = kinds::AnyGame::new(kinds::Kind::CabinetDiplomacy, &serde_json::Value::Null, 1).unwrap();
    assert!(game.seats().iter().all(|info| status(&game, &info.title) == SeatStatus::Vacant));
    assert!(game.gm_action_syntax().unwrap().contains("SEAT France general person 42"));
    let game = gm(&game, "SEAT France: Head of State person 1");
    assert_eq!(holder(&game, HOS), Some(PersonId(1)));
    assert!(game.gm_action("SEAT France marshal person 2").unwrap_err().to_string().contains("is not a seat"));
}

#[test]
fn rule_1_moves_are_adjudicated_by_the_standard_rules() {
    // See: rules/cabinet-diplomacy-ii.txt §1; rulings 0.1
    let game = new_game();
    let (next, processed) = step(&game, &[(GENERAL, "A par - bur"), ("Germany: General", "A mun - bur")]);
    assert!(has(&units(&next), "France A par") && has(&units(&next), "Germany A mun"), "a standoff");
    assert!(processed.public.orders.iter().all(|o| o.result == kinds::ResultWord::Fails));
}

#[test]
fn a_stored_state_that_contradicts_itself_is_refused() {
    // See: rulings 2.1 (one seat per person), rules/cabinet-diplomacy-ii.txt §10 (no triple monarchies)
    let game = new_game();
    let mut twice = game.to_json();
    twice["state"]["cabinets"]["France"]["general"]["person"] = json!(person(seat(&game, HOS)).0);
    assert!(AnyGame::from_json(twice).unwrap_err().to_string().contains("holds two seats"));
    let mut chain = joined(&game, "Germany", "France").to_json();
    chain["state"]["cabinets"]["France"]["joined_to"] = json!("Italy");
    chain["state"]["cabinets"]["France"]["head"] = json!(null);
    assert!(AnyGame::from_json(chain).unwrap_err().to_string().contains("cannot be joined"));
    let mut motions = game.to_json();
    motions["state"]["motions"] = json!([{"id": 4, "kind": {"secede": {"power": "Italy"}}, "by": {"power": "Italy", "role": "general"}, "signed": []}]);
    assert!(AnyGame::from_json(motions).unwrap_err().to_string().contains("motion numbers"));
}

#[test]
fn cab_3_the_old_head_of_state_stays_until_the_person_a_coup_names_accepts() {
    // See: rulings CAB.3; rules/cabinet-diplomacy-ii.txt §9
    let game = new_game();
    let old_head = holder(&game, HOS);
    let (game, _) = step(&game, &[(GENERAL, "COUP WITH person 4040"), (ADMIRAL, "COUP WITH person 4040")]);
    assert_eq!(holder(&game, HOS), old_head, "signed but not accepted");
    assert!(game.must_order(seat(&game, GENERAL)), "the commanders go on ordering");
    let (game, processed) = step(&gm(&game, "AS person 4040 ACCEPT 1"), &[]);
    assert_eq!(holder(&game, HOS), Some(PersonId(4040)));
    assert_eq!(events(&processed, &game, HOS), "You now hold France: Head of State");
    assert!(events(&processed, &game, GENERAL).contains("Motion 1 took effect: person 4040 is the new Head of State"));
}

#[test]
fn rule_8_a_second_relief_of_the_same_commander_changes_the_replacement_and_keeps_the_signatures() {
    // See: rules/cabinet-diplomacy-ii.txt §8 ("The Head of State names a replacement ... this does not
    // require the signature of his other military commander")
    let game = new_game();
    let sheet = "RELIEVE general WITH standby\nRELIEVE general WITH person 900";
    let check = game.check_orders(seat(&game, HOS), sheet);
    assert!(check.rejected.is_empty(), "{check:?}");
    assert!(check.accepted[1].plain.contains("changes motion 1 to relieve France: General, replaced by person 900"));
    let (game, processed) = step(&game, &[(HOS, sheet)]);
    assert_eq!(state(&game).motions.len(), 1, "one relief, not two");
    assert!(events(&processed, &game, ADMIRAL).contains("Motion 1 changed"));
    let (game, _) = step(&game, &[(ADMIRAL, "SIGN 1")]);
    let (game, processed) = step(&game, &[(HOS, "RELIEVE general WITH person 901")]);
    assert!(events(&processed, &game, HOS).contains("void: nobody holds France: General"), "it took effect");
    let appointment = &state(&game).motions[0];
    assert_eq!(appointment.kind.describe(), "fill France: General with person 900", "the later name counts");
}

#[test]
fn rule_8_the_head_of_state_renames_the_replacement_of_an_open_relief_without_new_signatures() {
    // See: rules/cabinet-diplomacy-ii.txt §8; rulings CAB.3, CAB.8
    let game = new_game();
    let (game, _) = step(&game, &[(HOS, "RELIEVE general WITH person 500"), (ADMIRAL, "RELIEVE general")]);
    let id = state(&game).motions[0].id;
    let game = gm(&game, &format!("AS person 500 ACCEPT {id}"));
    let (game, _) = step(&game, &[(HOS, "APPOINT general WITH person 501")]);
    let appointment = state(&game).motions.iter().find(|m| m.id == id).expect("the appointment stays open");
    assert!(appointment.agreed.is_empty(), "the first nominee's acceptance does not carry over");
    assert_eq!(appointment.kind.describe(), "fill France: General with person 501");
}

#[test]
fn rule_8_relieving_the_other_commander_on_the_same_sheet_is_refused_for_its_true_reason() {
    // See: rules/cabinet-diplomacy-ii.txt §8 ("but not both at the same time")
    let game = new_game();
    let sheet = "RELIEVE general\nRELIEVE admiral";
    let reason = game.check_orders(seat(&game, HOS), sheet).rejected[0].reason.clone();
    assert_eq!(reason, "France: General is being relieved: not both commanders at the same time");
    let (game, processed) = step(&game, &[(HOS, sheet)]);
    let told = events(&processed, &game, HOS);
    assert!(told.contains("`RELIEVE France admiral WITH standby` void: France: General is being relieved"), "{told}");
    assert!(!told.contains("nobody proposed it"));
}

fn asks_of(before: &AnyGame, after: &AnyGame) -> Vec<(kinds::Addressee, String)> {
    before.asks(after).into_iter().map(|ask| (ask.to, ask.text)).collect()
}

#[test]
fn rule_8_a_relief_asks_the_commander_who_must_sign_it_and_the_named_replacement() {
    // See: rules/cabinet-diplomacy-ii.txt §8; rulings CAB.3
    let game = new_game();
    let (next, _) = step(&game, &[(HOS, "RELIEVE general WITH person 500")]);
    let asks = asks_of(&game, &next);
    assert_eq!(asks.len(), 2, "{asks:?}");
    assert_eq!(asks[0].0, kinds::Addressee::Seat(seat(&game, ADMIRAL)));
    assert!(asks[0].1.starts_with("Motion 1 asks for your signature as France: Admiral"));
    assert_eq!(asks[1].0, kinds::Addressee::Person(PersonId(500)));
    assert!(asks[1].1.contains("replaced by you"), "{}", asks[1].1);
    let (later, _) = step(&next, &[]);
    assert!(asks_of(&next, &later).is_empty(), "asked once, when the motion is made");
}

#[test]
fn rule_9_a_coup_asks_the_other_commander_and_tells_the_head_of_state_it_would_depose() {
    // See: rules/cabinet-diplomacy-ii.txt §9; rulings CAB.9 (nobody else is told)
    let game = new_game();
    let (next, _) = step(&game, &[(GENERAL, "COUP WITH standby")]);
    let asks = asks_of(&game, &next);
    let to: Vec<kinds::Addressee> = asks.iter().map(|(to, _)| *to).collect();
    assert_eq!(to, vec![kinds::Addressee::Seat(seat(&game, ADMIRAL)), kinds::Addressee::Seat(seat(&game, HOS))]);
    assert!(asks[1].1.starts_with("Your commanders propose a coup against you"));
    let (both, _) = step(&game, &[(GENERAL, "COUP WITH standby"), (ADMIRAL, "COUP WITH standby")]);
    assert!(asks_of(&game, &both).is_empty(), "a coup complete at once asks nobody: the deposed is told he left");
}
