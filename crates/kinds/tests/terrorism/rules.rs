//! Terrorism I, clause by clause: each test is named after the rule-sheet clause (`ter_rule_N_…`) or the
//! ruling (`ter_3_N_…` for rulings §3, `ter_gap_N_…` for the settled gap TER.N) it checks, and drives
//! the game only through `AnyGame`. See: shared/rules/terrorism-i.txt and shared/rulings.md.

use crate::support::terrorism::*;
use kinds::{AnyGame, Outcome, ResultWord};
use serde_json::json;

fn france_bur_group(treasury: u32) -> AnyGame {
    add_group(&new_game(), "Burgundian Front", "bur", treasury, "Germany")
}

// See: rule 1.
#[test]
fn ter_rule_1_a_regular_board_with_seven_seats_and_the_standard_units() {
    let game = new_game();
    assert_eq!(game.seats().len(), 7);
    assert_eq!(units(&game).len(), 22);
    assert!(units(&game).contains(&"Russia F stp/sc".to_string()));
    assert_eq!(game.phase().code, "S1901M");
}

// See: rule 2, rule 15.
#[test]
fn ter_rule_2_two_turns_a_year_spring_and_autumn() {
    let autumn = play(&new_game(), &[], 1).next;
    assert_eq!((autumn.phase().code.as_str(), autumn.phase().label.as_str()), ("F1901M", "Autumn 1901 Movement"));
    assert_eq!(play(&autumn, &[], 2).next.phase().code, "S1902M");
}

// See: TER.1, rulings 3.1.
#[test]
fn ter_gap_1_spring_1901_pays_income_then_upkeep_from_empty_treasuries() {
    let spring = play(&new_game(), &[], 1);
    assert_eq!(treasury(&spring.next, "England"), 9 - 3);
    assert_eq!(treasury(&spring.next, "Russia"), 12 - 4);
    let events = texts(&spring.public);
    assert!(has(&events, "England receives 9 in income"), "{events:?}");
    assert!(has(&events, "England pays 3 in upkeep for 3 units"));
}

// See: rule 2, TER.2.
#[test]
fn ter_rule_2_capturing_a_capital_plunders_its_treasury() {
    let game = arranged(&["France A wal"], &[("England", 5)]);
    let turn = play(&game, &[("France", "A wal - lon")], 1);
    // England 5 + 9 income = 14, all taken; France 9 - 1 upkeep + 14 = 22, less 2 attrition.
    assert_eq!(treasury(&turn.next, "England"), 0);
    assert_eq!(treasury(&turn.next, "France"), 20);
    assert!(state(&turn.next)["powers"]["England"]["capital"].is_null());
    assert!(has(&texts(&turn.public), "France captures London, England's capital, and plunders its treasury of 14"));
}

fn england_lost_london() -> AnyGame {
    play(&arranged(&["France A wal", "England A yor", "England F nth"], &[]), &[("France", "A wal - lon")], 1).next
}

// See: rule 2, TER.2.
#[test]
fn ter_rule_2_the_victim_names_a_new_capital_and_earns_two_per_center() {
    let game = england_lost_london();
    let before = treasury(&game, "England");
    let check = game.check_orders(seat("England"), "CAPITAL lvp");
    assert_eq!(check.accepted.len(), 1, "{check:?}");
    let turn = play(&game, &[("England", "CAPITAL lvp")], 2);
    assert!(has(&private_texts(&turn, "England"), "CAPITAL lvp | Succeeds | Liverpool is your capital"));
    let next = turn.next;
    assert_eq!(state(&next)["powers"]["England"]["capital"], "lvp");
    // Two centers (lvp, edi) at 2 each while London is lost, less 2 upkeep.
    assert_eq!(treasury(&next, "England"), before + 4 - 2);
}

// See: TER.2.
#[test]
fn ter_gap_2_without_a_named_capital_the_owned_center_nearest_the_old_one_is_chosen() {
    let next = play(&england_lost_london(), &[], 2).next;
    assert_eq!(state(&next)["powers"]["England"]["capital"], "edi");
}

// See: rule 2.
#[test]
fn ter_rule_2_recapture_moves_the_treasury_back_to_the_original_capital() {
    let game = england_lost_london();
    let attack = play(&game, &[("England", "A yor - lon\nF nth S A yor - lon")], 2);
    assert_eq!(attack.next.phase().code, "F1901R", "France's army is dislodged");
    let next = play(&attack.next, &[], 3).next;
    assert_eq!(state(&next)["powers"]["England"]["capital"], "lon");
    assert_eq!(owner(&next, "lon").as_deref(), Some("England"));
}

// See: rule 2 ("Treasury details should be revealed each turn"), rulings 3.6.
#[test]
fn ter_rule_2_every_treasury_of_nations_and_groups_is_published_each_turn() {
    let turn = play(&france_bur_group(4), &[], 1);
    let events = texts(&turn.public);
    for power in POWERS {
        assert!(has(&events, &format!("Treasury of {power}: ")), "{power}");
    }
    assert!(has(&events, "Treasury of Burgundian Front (bur): 4"));
    let facts = turn.next.public_view().facts;
    assert!(facts.iter().any(|(name, text)| name == "England" && text.starts_with("treasury 6")), "{facts:?}");
}

// See: rule 3, rulings 3.1.
#[test]
fn ter_rule_3_units_cost_three_on_home_provinces_centers_or_not() {
    let game = arranged(&[], &[("England", 10)]);
    let next = play(&game, &[("England", "BUILD A yor\nBUILD F lon")], 1).next;
    assert_eq!(units(&next), ["England A yor", "England F lon"]);
    assert_eq!(treasury(&next, "England"), 10 + 9 - 6);
}

// See: rule 3.
#[test]
fn ter_rule_3_no_build_where_a_group_is_or_another_power_owns_the_province() {
    let game = add_group(&arranged(&[], &[("England", 10)]), "Yorkshire Front", "yor", 4, "France");
    let game = set_owner(&game, "wal", "France");
    let refused = game.check_orders(seat("England"), "BUILD A par");
    assert!(refused.rejected[0].reason.contains("not a home province of England"), "{refused:?}");
    let turn = play(&game, &[("England", "BUILD A yor\nBUILD A wal\nBUILD A edi")], 1);
    assert_eq!(units(&turn.next), ["England A edi"]);
    let check = game.check_orders(seat("England"), "BUILD A yor\nBUILD A wal");
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["yor is subject to terrorism", "wal is owned by another power"], "refused when typed");
    let private = private_texts(&turn, "England");
    assert!(has(&private, "yor is subject to terrorism"), "{private:?}");
    assert!(has(&private, "wal is owned by another power"));
    // 10 + 9 income - 2 levy - 3 for the one build.
    assert_eq!(treasury(&turn.next, "England"), 14);
}

fn england_short_of_upkeep() -> AnyGame {
    let game = arranged(&["England A yor", "England A wal", "England F nth", "England A cly"], &[]);
    set_owner(&set_owner(&game, "lvp", "France"), "edi", "France")
}

// See: rulings 3.1, rule 8.
#[test]
fn ter_3_1_upkeep_that_cannot_be_paid_forces_demobs_by_civil_disorder() {
    let next = play(&england_short_of_upkeep(), &[], 1).next;
    // Income 3 (London), upkeep 4: one unit goes for 2, the fleet farthest from home first.
    assert_eq!(units(&next), ["England A yor", "England A wal", "England A cly"]);
    assert_eq!(treasury(&next, "England"), 1);
}

// See: rule 8, TER.5.
#[test]
fn ter_rule_8_named_demobs_go_first() {
    let turn = play(&england_short_of_upkeep(), &[("England", "DEMOB A cly\nDEMOB A wal")], 1);
    assert_eq!(units(&turn.next), ["England A yor", "England A wal", "England F nth"]);
    let private = private_texts(&turn, "England");
    assert!(has(&private, "DEMOB cly | Succeeds"), "{private:?}");
    assert!(has(&private, "DEMOB wal | Fails | not needed"));
}

// See: rulings 3.2, TER.1.
#[test]
fn ter_3_2_every_province_and_sea_belongs_to_its_last_occupant() {
    let next = play(&new_game(), &[("Germany", "A mun - tyr"), ("England", "F lon - eng")], 1).next;
    assert_eq!(owner(&next, "tyr").as_deref(), Some("Germany"));
    assert_eq!(owner(&next, "mun").as_deref(), Some("Germany"));
    assert_eq!(owner(&next, "eng").as_deref(), Some("England"));
    assert_eq!(owner(&next, "lon").as_deref(), Some("England"));
}

// See: rulings 3.2, TER.8.
#[test]
fn ter_3_2_victory_at_eighteen_centers_checked_after_the_retreats() {
    let mut game = arranged(&["England A bel"], &[]);
    for center in ["par", "bre", "mar", "ber", "kie", "mun", "rom", "nap", "ven", "vie", "bud", "tri", "con", "ank"] {
        game = set_owner(&game, center, "England");
    }
    let next = play(&game, &[("England", "A bel - hol")], 1).next;
    assert!(matches!(next.outcome(), Some(Outcome::Victory { winners, .. }) if winners == vec![seat("England")]));
    assert!(!next.must_order(seat("France")));
}

fn germany_founds(order: &str, seed: u64) -> kinds::Processed<AnyGame> {
    play(&new_game(), &[("Germany", order)], seed)
}

// See: rule 4.
#[test]
fn ter_rule_4_a_group_is_founded_when_the_die_is_at_most_the_amount() {
    let turn = germany_founds("FOUND 6 IN bur AS Burgundian Front", 1);
    let founded = group(&turn.next, "bur").expect("founded");
    assert_eq!((founded["name"].as_str(), founded["treasury"].as_u64()), (Some("Burgundian Front"), Some(6)));
    assert_eq!(founded["controller"], "Germany");
    assert_eq!(treasury(&turn.next, "Germany"), 0);
    assert!(has(&texts(&turn.public), "A terrorist group, Burgundian Front, is founded in Burgundy"));
}

// See: rule 4, rulings 3.3.
#[test]
fn ter_3_3_dice_are_six_sided_and_a_failed_founding_spends_the_money() {
    let outcomes = |amount: u32| -> Vec<bool> {
        (0..60)
            .map(|seed| group(&germany_founds(&format!("FOUND {amount} IN bur AS Front"), seed).next, "bur").is_some())
            .collect()
    };
    assert!(outcomes(6).iter().all(|founded| *founded), "a six-sided die never beats 6");
    let five = outcomes(5);
    assert!(five.iter().any(|f| !f) && five.iter().filter(|f| **f).count() > 40, "only a 6 beats 5: {five:?}");
    let three = outcomes(3);
    assert!(three.iter().any(|f| *f) && three.iter().any(|f| !f));
    let failed = (0..60)
        .map(|seed| germany_founds("FOUND 3 IN bur AS Front", seed))
        .find(|t| group(&t.next, "bur").is_none())
        .unwrap();
    assert_eq!(treasury(&failed.next, "Germany"), 6 - 3);
    assert!(has(&private_texts(&failed, "Germany"), "the money is spent"));
}

// See: TER.4.
#[test]
fn ter_gap_4_invalid_foundings_cost_nothing_and_roll_no_die() {
    let own = germany_founds("FOUND 6 IN kie AS Home Front", 1);
    assert!(group(&own.next, "kie").is_none());
    assert_eq!(treasury(&own.next, "Germany"), 6);
    assert!(has(&private_texts(&own, "Germany"), "kie is a founder's own province"), "refused, as on the order page");
    let small = germany_founds("FOUND 2 IN bur AS Tiny Front", 1);
    assert!(group(&small.next, "bur").is_none());
    assert_eq!(treasury(&small.next, "Germany"), 6);
    assert!(has(&private_texts(&small, "Germany"), "paid 2 in all, not more than 2: void, the money is returned"));
}

// See: rule 4, rule 2, TER.2.
#[test]
fn ter_rule_4_never_in_a_capital() {
    let check = new_game().check_orders(seat("Germany"), "FOUND 5 IN par AS Commune");
    assert!(check.rejected[0].reason.contains("par is a capital"), "{check:?}");
}

// See: rule 4, TER.4.
#[test]
fn ter_rule_4_a_unit_in_the_province_needs_its_owners_permission() {
    let game = arranged(&["France A bur"], &[("Germany", 6)]);
    let refused = play(&game, &[("Germany", "FOUND 6 IN bur AS Front")], 1);
    assert!(group(&refused.next, "bur").is_none());
    assert!(has(&private_texts(&refused, "Germany"), "gave no permission"));
    let permitted =
        play(&game, &[("Germany", "FOUND 6 IN bur AS Front"), ("France", "PERMIT GROUPS IN bur THIS TURN")], 1);
    assert!(group(&permitted.next, "bur").is_some());
}

// See: rule 4, TER.4.
#[test]
fn ter_rule_4_a_combine_founds_with_more_than_two_in_all_and_a_member_drawn_to_control() {
    let mut controllers = Vec::new();
    for seed in 0..40 {
        let turn =
            play(&new_game(), &[("Germany", "FOUND 2 IN bur AS Front"), ("Italy", "FOUND 2 IN bur AS front")], seed);
        assert_eq!((treasury(&turn.next, "Germany"), treasury(&turn.next, "Italy")), (4, 4), "both paid");
        if let Some(founded) = group(&turn.next, "bur") {
            assert_eq!(founded["treasury"], 4);
            controllers.push(founded["controller"].as_str().unwrap().to_string());
        }
    }
    assert!(
        controllers.contains(&"Germany".to_string()) && controllers.contains(&"Italy".to_string()),
        "{controllers:?}"
    );
}

// See: rule 4, TER.4.
#[test]
fn ter_rule_4_one_group_per_province_and_the_later_attempt_costs_nothing() {
    let turn = play(&new_game(), &[("Germany", "FOUND 6 IN bur AS Red"), ("Italy", "FOUND 6 IN bur AS Black")], 3);
    let groups = state(&turn.next)["groups"].as_array().unwrap().len();
    assert_eq!(groups, 1);
    assert_eq!(treasury(&turn.next, "Germany") + treasury(&turn.next, "Italy"), 6, "one paid 6, the other nothing");
}

// See: rule 4 ("can do nothing in the turn in which it is established"), rule 7.
#[test]
fn ter_rule_4_a_group_does_nothing_in_its_first_turn() {
    let spring = germany_founds("FOUND 6 IN bur AS Front", 1);
    assert_eq!(treasury(&spring.next, "France"), 6, "no levy in the founding turn");
    let autumn = play(&spring.next, &[], 2);
    assert!(has(&texts(&autumn.public), "France pays a levy of 3 for Front in Burgundy"));
    assert_eq!(treasury(&autumn.next, "France"), 6 + 9 - 3 - 3);
}

// See: rule 4 (groups are named), TER.8 (the controller may rename).
#[test]
fn ter_rule_4_groups_are_named_and_their_controller_may_rename_them() {
    let game = france_bur_group(4);
    assert!(game.public_view().facts.iter().any(|(name, text)| name == "Burgundian Front" && text.contains("bur")));
    let next = play(&game, &[("Germany", "RENAME bur AS Army of Burgundy")], 1).next;
    assert_eq!(group(&next, "bur").unwrap()["name"], "Army of Burgundy");
    let refused = game.check_orders(seat("Italy"), "RENAME bur AS Mine");
    assert!(refused.rejected[0].reason.contains("do not control"));
}

// See: rule 5.
#[test]
fn ter_rule_5_contributions_go_in_full_and_the_largest_contributor_takes_control() {
    let game = france_bur_group(4);
    let turn = play(&game, &[("Italy", "CONTRIBUTE 5 TO bur"), ("Germany", "CONTRIBUTE 2 TO bur")], 1);
    let founded = group(&turn.next, "bur").unwrap();
    assert_eq!(founded["treasury"], 4 + 7);
    assert_eq!(founded["controller"], "Italy");
    assert_eq!(treasury(&turn.next, "Italy"), 1);
    assert!(has(&private_texts(&turn, "Italy"), "You control Burgundian Front in Burgundy from now on"));
    assert!(!has(&private_texts(&turn, "Germany"), "You control"));
}

// See: rule 5 ("In the event of a tie … the GM decides by a random method").
#[test]
fn ter_rule_5_a_tie_is_drawn_at_random() {
    let game = france_bur_group(4);
    let controllers: Vec<String> = (0..30)
        .map(|seed| {
            let next = play(&game, &[("Italy", "CONTRIBUTE 3 TO bur"), ("Austria", "CONTRIBUTE 3 TO bur")], seed).next;
            group(&next, "bur").unwrap()["controller"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(controllers.contains(&"Italy".to_string()) && controllers.contains(&"Austria".to_string()));
}

// See: rule 5 ("In the event of no contributions, last turns controller retains control").
#[test]
fn ter_rule_5_control_stays_when_nobody_contributes() {
    let next = play(&france_bur_group(4), &[], 1).next;
    assert_eq!(group(&next, "bur").unwrap()["controller"], "Germany");
}

// See: rule 5, rule 12, TER.7.
#[test]
fn ter_rule_5_a_contribution_through_an_agency_counts_for_its_owner() {
    let game = add_agency(&france_bur_group(4), "Gladio", "Italy", 10);
    let next = play(&game, &[("Italy", "Gladio: CONTRIBUTE 5 TO bur")], 1).next;
    assert_eq!(group(&next, "bur").unwrap()["controller"], "Italy");
    assert_eq!(agency(&next, "Gladio").unwrap()["balance"], 5);
    assert_eq!(treasury(&next, "Italy"), 6, "the agency paid, not Italy's treasury");
}

// See: rule 6, rulings 3.7, TER.8.
#[test]
fn ter_rule_6_and_3_7_the_gm_awards_0_to_20_for_press_with_a_note() {
    let game = france_bur_group(4);
    let (next, report) = game.gm_action("AWARD bur 15 a stirring pamphlet").expect("an award");
    assert_eq!(group(&next, "bur").unwrap()["treasury"], 19);
    assert_eq!(report.events, ["The treasury of Burgundian Front (bur) goes from 4 to 19"]);
    assert!(!serde_json::to_string(&report).unwrap().contains("pamphlet"), "the note is not published");
    assert_eq!(state(&next)["awards"][0]["note"], "a stirring pamphlet");
    assert!(game.gm_action("AWARD Burgundian Front 0 dull").is_ok());
    assert!(game.gm_action("AWARD bur 21 too much").is_err());
    assert!(game.gm_action("AWARD pic 5 nobody there").is_err());
}

// See: rule 7, rule 14, rulings 3.5.
#[test]
fn ter_rule_7_the_owner_pays_half_the_groups_treasury_rounded_up_which_the_group_does_not_keep() {
    let turn = play(&france_bur_group(5), &[], 1);
    assert_eq!(treasury(&turn.next, "France"), 6 - 3);
    assert_eq!(group(&turn.next, "bur").unwrap()["treasury"], 5, "the levy is not added to the group");
}

// See: rule 7, TER.5.
#[test]
fn ter_rule_7_the_controller_may_decree_less_but_never_more() {
    let less = play(&france_bur_group(5), &[("Germany", "LEVY 2 IN bur\nLEVY 1 IN bur")], 1);
    let answers = private_texts(&less, "Germany");
    assert!(has(&answers, "LEVY 2 IN bur | Fails | replaced by a later LEVY line"), "{answers:?}");
    assert!(has(&answers, "LEVY 1 IN bur | Succeeds | France pays 1"));
    let less = less.next;
    assert_eq!(treasury(&less, "France"), 5);
    let more = play(&france_bur_group(5), &[("Germany", "LEVY 9 IN bur")], 1).next;
    assert_eq!(treasury(&more, "France"), 3);
}

// See: TER.5.
#[test]
fn ter_gap_5_all_levies_on_a_power_are_paid_together() {
    let game = add_group(&france_bur_group(6), "Picard League", "pic", 4, "England");
    let turn = play(&game, &[], 1);
    assert_eq!(treasury(&turn.next, "France"), 6 - 3 - 2);
}

// See: rule 8, TER.5.
#[test]
fn ter_rule_8_a_short_treasury_demobilises_units_at_two_each() {
    let turn = play(&france_bur_group(20), &[], 1);
    // France has 6 after upkeep, owes 10: two units go (the fleet first, then by name), 6 + 4 - 10 = 0.
    assert_eq!(treasury(&turn.next, "France"), 0);
    let french: Vec<String> = units(&turn.next).into_iter().filter(|u| u.starts_with("France")).collect();
    assert_eq!(french, ["France A par"]);
    let named = play(&france_bur_group(20), &[("France", "DEMOB A par")], 1).next;
    let french: Vec<String> = units(&named).into_iter().filter(|u| u.starts_with("France")).collect();
    assert_eq!(french, ["France A mar"]);
}

// See: rule 8, TER.5.
#[test]
fn ter_rule_8_a_power_that_cannot_pay_leaves_and_its_terrorised_provinces_are_ceded() {
    let game = add_agency(&france_bur_group(40), "Deuxieme", "France", 3);
    let turn = play(&game, &[], 1);
    assert_eq!(state(&turn.next)["powers"]["France"]["eliminated"], true);
    assert!(units(&turn.next).iter().all(|u| !u.starts_with("France")));
    assert_eq!(owner(&turn.next, "bur").as_deref(), Some("Free Burgundy"));
    assert_eq!(owner(&turn.next, "par"), None);
    assert!(agency(&turn.next, "Deuxieme").is_none());
    assert_eq!(nation(&turn.next, "Free Burgundy")["treasury"], 40 - 6, "the group's treasury, less attrition");
    assert!(!turn.next.must_order(seat("France")));
}

// See: rule 9.
#[test]
fn ter_rule_9_the_owners_unit_in_the_province_stops_the_levy_while_it_stays() {
    let game = add_group(&arranged(&["France A bur"], &[]), "Burgundian Front", "bur", 6, "Germany");
    let guarded = play(&game, &[], 1);
    assert!(!has(&texts(&guarded.public), "pays a levy"));
    let away = play(&guarded.next, &[("France", "A bur - par")], 2);
    assert!(!has(&texts(&away.public), "pays a levy"), "the levy is step 3, before the move");
    let back = play(&away.next, &[], 3);
    assert!(has(&texts(&back.public), "France pays a levy of 3"));
}

// See: rule 10, TER.3.
#[test]
fn ter_rule_10_a_captor_pays_the_levy_once_its_unit_leaves() {
    let game = france_bur_group(6);
    let captured = play(&game, &[("Germany", "A mun - bur")], 1).next;
    assert_eq!(owner(&captured, "bur").as_deref(), Some("Germany"));
    let stays = play(&captured, &[("Germany", "A bur - mun")], 2);
    assert!(!has(&texts(&stays.public), "pays a levy"));
    let levied = play(&stays.next, &[], 3);
    assert!(has(&texts(&levied.public), "Germany pays a levy of 3 for Burgundian Front"));
}

// See: rule 10, rule 11, TER.3.
#[test]
fn ter_gap_3_a_captor_may_move_out_and_cede_in_the_turn_after_capture() {
    let captured = play(&france_bur_group(6), &[("Germany", "A mun - bur")], 1).next;
    let check = captured.check_orders(seat("Germany"), "A bur - mun\nCEDE bur");
    assert_eq!(check.accepted.len(), 2, "{check:?}");
    let turn = play(&captured, &[("Germany", "A bur - mun\nCEDE bur")], 2);
    assert_eq!(owner(&turn.next, "bur").as_deref(), Some("Free Burgundy"));
    assert!(has(&private_texts(&turn, "Germany"), "CEDE bur | Succeeds"));
}

fn ceded_burgundy() -> kinds::Processed<AnyGame> {
    play(&france_bur_group(8), &[("France", "CEDE bur")], 1)
}

// See: rule 11.
#[test]
fn ter_rule_11_a_ceded_province_becomes_a_nation_with_the_groups_treasury() {
    let turn = ceded_burgundy();
    let nation = nation(&turn.next, "Free Burgundy");
    assert_eq!((nation["treasury"].as_u64(), nation["controller"].is_null()), (Some(8), true));
    assert!(group(&turn.next, "bur").is_none());
    assert_eq!(treasury(&turn.next, "France"), 6, "no levy: the group is gone before step 3");
    assert!(
        turn.next
            .public_view()
            .facts
            .iter()
            .any(|(name, text)| name == "Free Burgundy" && text.contains("up for auction"))
    );
}

// See: rule 11 ("provided the country has no units in that province").
#[test]
fn ter_rule_11_no_cede_while_the_owners_unit_stays_there() {
    let game = add_group(&arranged(&["France A bur"], &[]), "Burgundian Front", "bur", 6, "Germany");
    let turn = play(&game, &[("France", "CEDE bur")], 1);
    assert!(group(&turn.next, "bur").is_some());
    assert!(has(&private_texts(&turn, "France"), "France still has a unit in bur"));
}

// See: rule 11, TER.6.
#[test]
fn ter_rule_11_the_highest_concealed_bid_wins_and_the_ceder_may_not_bid() {
    let game = ceded_burgundy().next;
    let refused = game.check_orders(seat("France"), "BID 9 FOR Free Burgundy");
    assert!(refused.rejected[0].reason.contains("ceding player"));
    let italy_before = treasury(&game, "Italy");
    let turn = play(&game, &[("Germany", "BID 4 FOR Free Burgundy"), ("Italy", "BID 5 FOR Free Burgundy")], 2);
    assert_eq!(nation(&turn.next, "Free Burgundy")["controller"], "Italy");
    assert_eq!(treasury(&turn.next, "Italy"), italy_before - 5 + 9 - 3);
    assert!(has(&private_texts(&turn, "Italy"), "you won Free Burgundy for 5"));
    assert!(has(&private_texts(&turn, "Germany"), "outbid"));
    assert!(
        turn.next.seat_view(seat("Italy")).notes.iter().any(|n| n.contains("You control the nation Free Burgundy"))
    );
}

// See: TER.6.
#[test]
fn ter_gap_6_without_bids_the_nation_stays_unclaimed_and_is_auctioned_again() {
    let turn = play(&ceded_burgundy().next, &[], 2);
    assert!(nation(&turn.next, "Free Burgundy")["controller"].is_null());
    assert!(has(&texts(&turn.public), "Nobody bought Free Burgundy"));
}

fn italy_owns_burgundy() -> AnyGame {
    play(&ceded_burgundy().next, &[("Italy", "BID 1 FOR Free Burgundy")], 2).next
}

// See: rule 11 ("The new nation may then build units, establish its own terrorist groups").
#[test]
fn ter_rule_11_a_bought_nation_builds_and_its_buyer_orders_its_units() {
    let built = play(&italy_owns_burgundy(), &[("Italy", "Free Burgundy: BUILD A bur")], 3).next;
    assert!(units(&built).contains(&"Free Burgundy A bur".to_string()));
    assert_eq!(treasury(&built, "Free Burgundy"), 8 - 3);
    let check = built.check_orders(seat("Italy"), "A bur - gas");
    assert_eq!(check.accepted.len(), 1, "{check:?}");
    assert_eq!(built.check_orders(seat("Germany"), "A bur - gas").accepted.len(), 0);
    let form = built.order_form(seat("Italy"));
    assert!(
        form.rows
            .iter()
            .any(|row| row.label == "Free Burgundy: A bur" && row.choices.iter().any(|c| c.value == "A bur - gas"))
    );
    assert!(built.order_form(seat("Germany")).rows.iter().all(|row| row.key != "bur"));
    let moved = play(&built, &[("Italy", "A bur - gas")], 4);
    let line = moved.public.orders.iter().find(|l| l.order == "A bur - gas").unwrap();
    assert_eq!((line.by.as_str(), line.result), ("Free Burgundy", ResultWord::Succeeds));
    assert_eq!(owner(&moved.next, "gas").as_deref(), Some("Free Burgundy"));
    let richer = edit(&moved.next, |state| state["nations"][0]["treasury"] = json!(10));
    let founded = play(&richer, &[("Italy", "Free Burgundy: FOUND 6 IN pic AS Picard Cells")], 1).next;
    assert_eq!(treasury(&founded, "Free Burgundy"), 10 - 1 - 6, "upkeep, then the founding from its treasury");
    assert_eq!(group(&founded, "pic").unwrap()["controller"], "Italy");
}

// See: rule 11 ("Should the new nation ever be conquered … revert to the status of a terrorist group").
#[test]
fn ter_rule_11_a_conquered_nation_reverts_to_a_group() {
    let turn = play(&italy_owns_burgundy(), &[("France", "A par - bur")], 3);
    let reverted = group(&turn.next, "bur").expect("a group again");
    assert_eq!((reverted["name"].as_str(), reverted["treasury"].as_u64()), (Some("Burgundian Front"), Some(8)));
    assert_eq!(reverted["controller"], "Italy");
    assert!(state(&turn.next)["nations"].as_array().unwrap().is_empty());
}

// See: rule 12, TER.7.
#[test]
fn ter_rule_12_agencies_open_and_move_money_that_only_their_owner_sees() {
    let turn = play(&new_game(), &[("England", "OPEN CIA\nOPEN KGB\nTRANSFER 5 TO CIA\nCIA: TRANSFER 2 TO KGB")], 1);
    assert_eq!(agency(&turn.next, "CIA").unwrap()["balance"], 3);
    assert_eq!(agency(&turn.next, "KGB").unwrap()["balance"], 2);
    assert_eq!(treasury(&turn.next, "England"), 1);
    let own = turn.next.seat_view(seat("England"));
    assert!(own.facts.contains(&("Your agency CIA".to_string(), "3".to_string())));
    assert!(!serde_json::to_string(&turn.next.seat_view(seat("France"))).unwrap().contains("CIA"));
}

// See: rule 12 ("up to 4 such agencies at one time").
#[test]
fn ter_rule_12_at_most_four_agencies_at_a_time() {
    let check = new_game().check_orders(seat("England"), "OPEN A1\nOPEN A2\nOPEN A3\nOPEN A4\nOPEN A5");
    assert_eq!(check.accepted.len(), 4);
    assert!(check.rejected[0].reason.contains("at most 4"));
}

// See: rule 12 ("the GM decides, randomly, who succeeds, and informs the failed player").
#[test]
fn ter_rule_12_a_name_clash_is_settled_at_random() {
    let owners: Vec<String> = (0..30)
        .map(|seed| {
            let turn = play(&new_game(), &[("England", "OPEN Bureau"), ("France", "OPEN bureau")], seed);
            let winner = agency(&turn.next, "Bureau").or(agency(&turn.next, "bureau")).unwrap()["owner"]
                .as_str()
                .unwrap()
                .to_string();
            let loser = if winner == "England" { "France" } else { "England" };
            assert!(has(&private_texts(&turn, loser), "is taken"));
            winner
        })
        .collect();
    assert!(owners.contains(&"England".to_string()) && owners.contains(&"France".to_string()));
}

// See: rule 12 ("No-one except their creator can ever effect such agencies, except to add money").
#[test]
fn ter_rule_12_only_the_owner_spends_from_an_agency_but_anyone_may_pay_in() {
    let game = add_agency(&france_bur_group(4), "CIA", "England", 5);
    let refused = game.check_orders(seat("France"), "CIA: CONTRIBUTE 1 TO bur");
    assert!(refused.rejected[0].reason.contains("not one of your powers or agencies"));
    let next = play(&game, &[("France", "TRANSFER 2 TO CIA")], 1).next;
    assert_eq!(agency(&next, "CIA").unwrap()["balance"], 7);
}

// See: TER.7.
#[test]
fn ter_gap_7_closing_an_agency_returns_its_balance_to_its_owner() {
    let game = add_agency(&new_game(), "CIA", "England", 5);
    let next = play(&game, &[("England", "CLOSE CIA")], 1).next;
    assert!(agency(&next, "CIA").is_none());
    assert_eq!(treasury(&next, "England"), 6 + 5);
}

// See: rule 13, rulings 3.4.
#[test]
fn ter_rule_13_and_3_4_attrition_thirty_five_loses_four() {
    let next = play(&add_agency(&new_game(), "Fund", "England", 35), &[], 1).next;
    assert_eq!(agency(&next, "Fund").unwrap()["balance"], 31);
}

// See: rule 13, rulings 3.4.
#[test]
fn ter_3_4_attrition_sixty_loses_thirteen() {
    let game = add_group(&add_agency(&new_game(), "Fund", "England", 60), "Sea Wolves", "nwy", 60, "England");
    let next = play(&game, &[], 1).next;
    assert_eq!(agency(&next, "Fund").unwrap()["balance"], 47);
    assert_eq!(group(&next, "nwy").unwrap()["treasury"], 47, "groups too");
    let power = play(&arranged(&[], &[("England", 51)]), &[], 1).next;
    assert_eq!(treasury(&power, "England"), 60 - 13, "and nations: 51 + 9 income");
}

// See: rule 15.
#[test]
fn ter_rule_15_steps_run_in_the_sheets_order_whatever_the_order_of_the_lines() {
    let game = add_group(&arranged(&[], &[]), "Burgundian Front", "bur", 0, "Germany");
    let turn = play(&game, &[("England", "CONTRIBUTE 9 TO bur\nBUILD A yor")], 1);
    let private = private_texts(&turn, "England");
    assert!(has(&private, "BUILD A yor | Succeeds"), "{private:?}");
    assert!(
        has(&private, "CONTRIBUTE 9 TO bur | Fails | not enough money"),
        "builds (6) come before contributions (7)"
    );
}

// See: TER.8.
#[test]
fn ter_gap_8_money_orders_run_in_order_and_a_refused_one_does_not_stop_the_rest() {
    let game = france_bur_group(4);
    let turn = play(&game, &[("England", "CONTRIBUTE 4 TO bur\nCONTRIBUTE 3 TO bur\nCONTRIBUTE 2 TO bur")], 1);
    assert_eq!(group(&turn.next, "bur").unwrap()["treasury"], 4 + 6);
    assert_eq!(treasury(&turn.next, "England"), 0);
    assert!(has(&private_texts(&turn, "England"), "CONTRIBUTE 3 TO bur | Fails"));
}

#[test]
fn ter_orders_bad_lines_are_refused_with_reasons_and_good_lines_kept() {
    let sheet = "F lon - nth\nFOUND 3 IN lon AS X\nCONTRIBUTE 5 TO bur\nBID 3 FOR Nowhere\nTRANSFER x TO CIA\nOPEN CIA\nCIA: TRANSFER 2 TO KGB\nF edi - xyz";
    let check = new_game().check_orders(seat("England"), sheet);
    let accepted: Vec<&str> = check.accepted.iter().map(|a| a.text.as_str()).collect();
    assert_eq!(accepted, ["F lon - nth", "OPEN CIA"]);
    let rejected: Vec<(usize, &str)> = check.rejected.iter().map(|r| (r.line, r.reason.as_str())).collect();
    assert_eq!(
        rejected,
        [
            (2, "lon is a capital: no group can be founded there"),
            (3, "no terrorist group is based in bur"),
            (4, "there is no nation called Nowhere"),
            (5, "`x` is not a whole amount: write TRANSFER 6 TO KGB"),
            (7, "no agency is called KGB"),
            (8, "`xyz` is not a province"),
        ]
    );
}

#[test]
fn ter_retreat_stage_takes_only_retreats() {
    let game = england_lost_london();
    let retreat = play(&game, &[("England", "A yor - lon\nF nth S A yor - lon")], 2).next;
    assert!(retreat.must_order(seat("France")));
    assert!(!retreat.must_order(seat("Italy")));
    let check = retreat.check_orders(seat("France"), "A lon - wal\nCONTRIBUTE 1 TO bur");
    assert_eq!(check.accepted.len(), 1, "{check:?}");
    assert!(check.rejected[0].reason.contains("only retreats"));
}

#[test]
fn ter_processing_is_deterministic_with_the_seed() {
    let game = new_game();
    let orders = [("Germany", "FOUND 3 IN bur AS Front"), ("England", "OPEN X"), ("France", "OPEN x")];
    assert_eq!(play(&game, &orders, 11).next, play(&game, &orders, 11).next);
}

#[test]
fn ter_the_stored_state_names_things_by_name_and_reads_back() {
    let game = play(&france_bur_group(4), &[], 1).next;
    let json = game.to_json();
    assert_eq!(json["kind"], "terrorism_i");
    assert_eq!(json["state"]["units"][0], json!({"power": "Austria", "piece": "A bud"}));
    assert_eq!(json["state"]["owners"]["bur"], "France");
    assert_eq!(AnyGame::from_json(json).unwrap(), game);
    let broken = edit(&new_game(), |_| {}).to_json();
    let mut broken = broken;
    broken["state"]["units"][0]["piece"] = json!("F mos");
    assert!(AnyGame::from_json(broken).is_err(), "a fleet inland is refused");
}

// See: TER.6 (the auction is settled before step 1 of the turn the bids come with).
#[test]
fn ter_gap_6_bidders_may_order_for_the_nation_in_the_auction_turn_and_only_the_winners_lines_count() {
    let game = ceded_burgundy().next;
    let orders = [
        ("Italy", "BID 2 FOR Free Burgundy\nFree Burgundy: BUILD A bur"),
        ("Germany", "BID 1 FOR Free Burgundy\nFree Burgundy: BUILD A bur"),
    ];
    let turn = play(&game, &orders, 2);
    assert!(units(&turn.next).contains(&"Free Burgundy A bur".to_string()));
    assert!(has(
        &private_texts(&turn, "Germany"),
        "Free Burgundy | BUILD A bur | Fails | you do not control Free Burgundy"
    ));
}

// See: TER.2 ("Only the seven original capitals are closed to groups").
#[test]
fn ter_gap_2_only_the_original_capitals_are_closed_to_groups() {
    let game = england_lost_london();
    assert_eq!(state(&play(&game, &[], 2).next)["powers"]["England"]["capital"], "edi");
    let next = play(&play(&game, &[], 2).next, &[("Germany", "FOUND 6 IN edi AS Scottish Cells")], 3).next;
    assert!(group(&next, "edi").is_some(), "a new capital may host a group");
}

// See: TER.1 ("Seas … can host no terrorist group"), TER.6 (a nation may host no group).
#[test]
fn ter_gap_6_seas_and_nations_host_no_group() {
    let sea = new_game().check_orders(seat("Germany"), "FOUND 6 IN nth AS Pirates");
    assert!(sea.rejected[0].reason.contains("no group can be based at sea"));
    let game = edit(&ceded_burgundy().next, |state| state["powers"]["Germany"]["treasury"] = json!(20));
    let nation = game.check_orders(seat("Germany"), "FOUND 6 IN bur AS Second Front");
    assert_eq!(nation.rejected[0].reason, "bur is an independent nation", "refused when typed (TER.4)");
    let turn = play(&game, &[("Germany", "FOUND 6 IN bur AS Second Front")], 2);
    assert!(group(&turn.next, "bur").is_none());
    assert_eq!(treasury(&turn.next, "Germany"), treasury(&play(&game, &[], 2).next, "Germany"), "it cost nothing");
}

#[test]
fn ter_a_stored_state_that_contradicts_itself_is_refused() {
    let json = new_game().to_json();
    let mut unknown = json.clone();
    unknown["state"]["units"][0]["power"] = json!("Narnia");
    assert!(AnyGame::from_json(unknown).is_err());
    let mut doubled = json.clone();
    doubled["state"]["units"][1] = doubled["state"]["units"][0].clone();
    assert!(AnyGame::from_json(doubled).is_err());
    let twice = add_agency(&new_game(), "CIA", "England", 1).to_json();
    let mut twice = twice;
    twice["state"]["agencies"].as_array_mut().unwrap().push(json!({"name": "cia", "owner": "France", "balance": 0}));
    assert!(AnyGame::from_json(twice).is_err());
}

// See: rule 6: a group's name may hold a number.
#[test]
fn ter_rule_6_an_award_finds_a_group_whose_name_holds_a_number() {
    let game = add_group(&new_game(), "Group 17 November", "gre", 2, "Turkey");
    let (next, _) = game.gm_action("AWARD Group 17 November 5 brave leaflets").expect("an award");
    assert_eq!(group(&next, "gre").unwrap()["treasury"], 7);
    assert_eq!(state(&next)["awards"][0]["note"], "brave leaflets");
}

// See: rule 15: a turn with retreats runs steps 6 to 9 after them, from the lines given with the moves,
// and answers each line once.
#[test]
fn ter_rule_15_a_turn_with_retreats_finishes_its_steps_after_them() {
    let game = add_group(&england_lost_london(), "Burgundian Front", "bur", 4, "Germany");
    let orders =
        [("England", "A yor - lon\nF nth S A yor - lon\nCONTRIBUTE 1 TO bur\nOPEN MI6"), ("France", "CEDE bur")];
    let moves = play(&game, &orders, 2);
    assert_eq!(moves.next.phase().code, "F1901R");
    assert!(agency(&moves.next, "MI6").is_none(), "step 7 waits for the retreats");
    let retreats = play(&moves.next, &[("France", "A lon R wal")], 3);
    assert!(agency(&retreats.next, "MI6").is_some());
    let england = private_texts(&retreats, "England");
    let answers: Vec<&String> = england.iter().filter(|line| line.contains("CONTRIBUTE 1 TO bur")).collect();
    assert_eq!(answers.len(), 1, "{england:?}");
    assert!(answers[0].contains("Fails | no terrorist group is based in bur"), "the group became a nation at step 2");
    assert!(units(&retreats.next).contains(&"France A wal".to_string()));
}

// See: rule 14, rulings 3.5 ("No fractions … 1/2 going upwards").
#[test]
fn ter_rule_14_and_3_5_no_fractions_halves_round_up() {
    for (group_treasury, levy) in [(1, 1), (7, 4), (8, 4)] {
        let turn = play(&france_bur_group(group_treasury), &[], 1);
        assert!(has(&texts(&turn.public), &format!("France pays a levy of {levy} for")), "{group_treasury}");
        assert_eq!(treasury(&turn.next, "France"), 6 - levy as u64);
    }
}

#[test]
fn ter_orders_a_players_own_orders_take_no_prefix() {
    let game = add_agency(&new_game(), "CIA", "England", 5);
    let check = game
        .check_orders(seat("England"), "CIA: OPEN KGB\nCIA: BID 3 FOR Free Picardy\nOPEN MI6\nCIA: TRANSFER 1 TO MI6");
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["you give this order yourself: write it without a prefix"; 2]);
    assert_eq!(check.accepted[1].text, "CIA: TRANSFER 1 TO MI6", "to an agency opened on the same sheet");
}

#[test]
fn ter_orders_hostile_lines_are_refused_without_a_panic() {
    let lines = [
        ":",
        "CIA:",
        "build",
        "BUILD",
        "BUILD F",
        "BUILD A xyz",
        "BUILD F mos",
        "BUILD F stp",
        "DEMOB",
        "DEMOB A",
        "capital",
        "CEDE",
        "PERMIT groups in",
        "PERMIT this turn",
        "FOUND",
        "FOUND 3",
        "FOUND 3 IN",
        "FOUND 3 IN bur AS",
        "FOUND AS",
        "FOUND 99999999999 IN bur AS X",
        "CONTRIBUTE",
        "CONTRIBUTE 1 TO",
        "LEVY -1 IN bur",
        "RENAME AS",
        "OPEN",
        "CLOSE",
        "TRANSFER",
        "TRANSFER 1 TO",
        "BID",
        "BID 1 FOR",
        "Ünïcødé: OPEN ✓",
        "England: ::: OPEN",
        "England: BUILD A lon",
        "Germany: OPEN X",
        "open england",
        "TRANSFER 4294967295 TO CIA",
    ];
    let game = add_agency(&france_bur_group(4), "CIA", "England", 5);
    let sheet = lines.join("\n");
    for power in POWERS {
        let check = game.check_orders(seat(power), &sheet);
        assert_eq!(check.accepted.len() + check.rejected.len(), lines.len(), "{power}: {check:?}");
    }
    let orders: Vec<(&str, &str)> = POWERS.iter().map(|power| (*power, sheet.as_str())).collect();
    let next = play(&game, &orders, 5).next;
    assert_eq!(next.phase().code, "F1901M");
}

// See: rulings 0.2, TER.6 (an unbought nation's units hold, and nobody retreats them).
#[test]
fn ter_gap_6_an_unbought_nations_dislodged_unit_disbands_without_a_retreat_stage() {
    let game = edit(&ceded_burgundy().next, |state| {
        state["units"].as_array_mut().unwrap().push(json!({"power": "Free Burgundy", "piece": "A bur"}))
    });
    let turn = play(&game, &[("France", "A par - bur\nA mar S A par - bur")], 2);
    assert_eq!(turn.next.phase().code, "S1902M");
    assert!(has(&texts(&turn.public), "Free Burgundy's A bur was destroyed"), "{:?}", texts(&turn.public));
    assert!(has(&texts(&turn.public), "Free Burgundy is conquered"));
    let removed: Vec<(&str, &str)> =
        turn.public.removed.iter().map(|unit| (unit.power.as_str(), unit.region.as_str())).collect();
    assert_eq!(removed, [("Free Burgundy", "bur")], "the map crosses the destroyed unit out");
}

// See: TER.7 ("every transfer (… agency to group or founding) happens in step 7 in the order given").
#[test]
fn ter_gap_7_a_foundings_money_is_taken_in_step_7_in_the_order_given() {
    let game = add_agency(&add_agency(&new_game(), "CIA", "Germany", 7), "KGB", "Germany", 0);
    let turn = play(&game, &[("Germany", "CIA: FOUND 6 IN bur AS Front\nCIA: TRANSFER 3 TO KGB")], 1);
    assert!(has(&private_texts(&turn, "Germany"), "CIA | TRANSFER 3 TO KGB | Fails | not enough money"));
    assert!(group(&turn.next, "bur").is_some());
    assert_eq!(agency(&turn.next, "CIA").unwrap()["balance"], 1);
}

// See: rule 7 (the controller's decree), TER.2 (naming a new capital): the order form offers both.
#[test]
fn ter_orders_the_form_offers_levy_decrees_and_a_new_capital() {
    let form = france_bur_group(5).order_form(seat("Germany"));
    let levy = form.rows.iter().find(|row| row.key == "levy-bur").expect("a levy row");
    let values: Vec<&str> = levy.choices.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(values, ["LEVY 3 IN bur", "LEVY 2 IN bur", "LEVY 1 IN bur", "LEVY 0 IN bur"]);
    assert!(france_bur_group(5).order_form(seat("Italy")).rows.iter().all(|row| row.key != "levy-bur"));
    let lost = england_lost_london().order_form(seat("England"));
    let capital = lost.rows.iter().find(|row| row.key == "capital").expect("a capital row");
    let values: Vec<&str> = capital.choices.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(values, ["CAPITAL edi", "CAPITAL lvp"]);
    for value in values {
        assert_eq!(england_lost_london().check_orders(seat("England"), value).accepted.len(), 1);
    }
}

fn france_out_of_the_game() -> AnyGame {
    edit(&arranged(&["Germany A mun"], &[("France", 9)]), |state| state["powers"]["France"]["eliminated"] = json!(true))
}

// See: rule 8 and TER.5 ("its treasury and agencies vanish"): an eliminated power's lines would be dropped
// before step 1, so the order page refuses them with the same reason.
#[test]
fn ter_5_an_eliminated_powers_builds_foundings_and_agencies_are_refused_at_entry() {
    let game = france_out_of_the_game();
    let check = game.check_orders(seat("France"), "BUILD A par\nFOUND 3 IN mun AS Maquis\nOPEN Gladio");
    assert_eq!(check.accepted, Vec::new(), "{check:?}");
    assert_eq!(check.rejected.len(), 3);
    for line in &check.rejected {
        assert_eq!(line.reason, "France is out of the game: it gives no more orders", "{line:?}");
    }
}

// See: TER.4 ("Invalid founding orders (a capital, one's own province, …) cost nothing"): a founding in the
// founder's own province is refused when typed, with the reason step 8 would give.
#[test]
fn ter_4_a_founding_in_ones_own_province_is_refused_at_entry() {
    let check = new_game().check_orders(seat("Austria"), "FOUND 4 IN bud AS Magyar Front");
    assert_eq!(check.accepted, Vec::new());
    assert_eq!(check.rejected[0].reason, "bud is a founder's own province: groups are founded in another player's");
    let nation_home = italy_owns_burgundy().check_orders(seat("Germany"), "FOUND 4 IN bur AS Front");
    assert_eq!(nation_home.rejected[0].reason, "bur is an independent nation");
    let grouped = france_bur_group(6).check_orders(seat("Germany"), "FOUND 4 IN bur AS Second Front");
    assert_eq!(grouped.rejected[0].reason, "a group is already based in bur");
}

// See: rule 11 ("The new nation may then build units"): the order page invites `Nation:` before a line, so
// a nation's unit order may carry it too.
#[test]
fn ter_11_a_nations_unit_order_may_name_the_nation_first() {
    let built = play(&italy_owns_burgundy(), &[("Italy", "Free Burgundy: BUILD A bur")], 3).next;
    let check = built.check_orders(seat("Italy"), "Free Burgundy: A bur - gas");
    assert_eq!(check.rejected, Vec::new(), "{check:?}");
    assert_eq!(check.accepted.len(), 1);
    let moved = play(&built, &[("Italy", "Free Burgundy: A bur - gas")], 4);
    assert_eq!(owner(&moved.next, "gas").as_deref(), Some("Free Burgundy"));
    let refused = built.check_orders(seat("Germany"), "Free Burgundy: A bur - gas");
    assert_eq!(refused.accepted, Vec::new(), "only its buyer orders its units");
}

// See: rule 11: a nation's own lines are reported under its name, once.
#[test]
fn ter_11_private_results_name_the_acting_nation_once() {
    let turn = play(&italy_owns_burgundy(), &[("Italy", "Free Burgundy: BUILD A bur")], 3);
    let italy = private_texts(&turn, "Italy");
    assert!(has(&italy, "Free Burgundy | BUILD A bur | Succeeds"), "{italy:?}");
    assert!(!has(&italy, "Free Burgundy: "), "{italy:?}");
}

// See: TER.7 (transfers go to agencies; agency names are the owner's): step 7 refuses a transfer to no
// agency and an agency name already taken, so the order page does too, in the same words.
#[test]
fn ter_7_a_transfer_to_no_agency_and_a_taken_agency_name_are_refused_at_entry() {
    let game = add_agency(&new_game(), "CIA", "England", 5);
    let check = game.check_orders(seat("France"), "TRANSFER 2 TO Nowhere\nOPEN CIA");
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["no agency is called Nowhere", "the name CIA is taken"]);
}

// See: rule 9 (the owner's unit in the province stops the levy) and rule 3 (builds on home provinces not
// subject to terrorism): known before the turn's moves, so refused at entry.
#[test]
fn ter_9_a_levy_the_owners_unit_stops_and_a_build_under_terrorism_are_refused_at_entry() {
    let guarded = add_group(&arranged(&["France A bur"], &[]), "Burgundian Front", "bur", 6, "Germany");
    let levy = guarded.check_orders(seat("Germany"), "LEVY 2 IN bur");
    assert_eq!(levy.rejected[0].reason, "France's unit stands in bur: no levy");
    let terrorised = add_group(&arranged(&[], &[("France", 9)]), "Commune", "mar", 3, "Germany");
    let build = terrorised.check_orders(seat("France"), "BUILD A mar");
    assert_eq!(build.rejected[0].reason, "mar is subject to terrorism");
}
