//! Every DATC case (v2.4, section 6) as a test: the position before, the orders, and the units and
//! dislodged units after. Case data: `tests/datc/cases.json`, derived from `shared/datc/datc.json`.
//!
//! Retreat cases give the movement orders that led to them; the harness adjudicates those first (and
//! checks that they give the case's position), so that each dislodged unit knows where its attacker came
//! from and which provinces were left empty by standoffs.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use judge::{Extensions, Map, Phase, PhaseKind, Position, Submission, Unit, UnitType, adjudicate, parse_order};

#[path = "datc/case.rs"]
mod case;

use case::{Case, UnitRow, all_cases};

fn fixtures() -> &'static (Map, Vec<Case>) {
    static FIXTURES: OnceLock<(Map, Vec<Case>)> = OnceLock::new();
    FIXTURES.get_or_init(|| (Map::standard().expect("standard map"), all_cases()))
}

fn unit(map: &Map, (power, kind, at): &UnitRow) -> Unit {
    Unit {
        power: map.find_power(power).unwrap_or_else(|| panic!("power {power}")),
        kind: if kind == "A" { UnitType::Army } else { UnitType::Fleet },
        region: map.find_region(at).unwrap_or_else(|| panic!("region {at}")),
    }
}

fn describe(map: &Map, unit: &Unit) -> String {
    format!("{} {} {}", map.power_name(unit.power), unit.kind.letter(), map.region_key(unit.region))
}

fn set(map: &Map, units: impl IntoIterator<Item = Unit>) -> BTreeSet<String> {
    units.into_iter().map(|u| describe(map, &u)).collect()
}

fn submissions(map: &Map, orders: &[(String, String)]) -> Vec<Submission> {
    orders
        .iter()
        .map(|(power, text)| {
            let (_, order) = parse_order(map, text).unwrap_or_else(|e| panic!("`{text}` should parse: {e}"));
            Submission { power: map.find_power(power), order }
        })
        .collect()
}

fn position(map: &Map, case: &Case) -> Position {
    let mut position = Position::starting(map);
    position.phase = Phase::parse(&case.phase).expect("phase");
    position.units = case.units.iter().map(|row| unit(map, row)).collect();
    if let Some(owners) = &case.sc_owners {
        position.owners = vec![None; map.province_count()];
        for (power, at) in owners {
            let province = map.find_province(at).expect("center");
            position.owners[province.0 as usize] = map.find_power(power);
        }
    }
    if position.phase.kind == PhaseKind::Retreat {
        position = replay_movement(map, case, position);
    }
    position
}

/// Rebuilds the movement phase that led to a retreat case and adjudicates it.
fn replay_movement(map: &Map, case: &Case, after: Position) -> Position {
    let mut before = after.clone();
    before.phase = Phase { kind: PhaseKind::Movement, ..after.phase };
    let dislodged: Vec<Unit> = case.dislodged.iter().map(|row| unit(map, row)).collect();
    let previous =
        submissions(map, &case.previous_orders.iter().map(|(p, t, _)| (p.clone(), t.clone())).collect::<Vec<_>>());
    let mut units: Vec<Unit> = Vec::new();
    for unit in &after.units {
        let moved_here = previous.iter().zip(&case.previous_orders).find_map(|(submission, (_, _, result))| {
            match submission.order {
                judge::Order::Move { unit: from, to, .. }
                    if result == "SUCCESS" && to.province == map.province_of(unit.region) =>
                {
                    Some(from)
                }
                _ => None,
            }
        });
        let mut original = *unit;
        if let Some(from) = moved_here {
            original.region = map.find_region(map.province_key(from.at.province)).expect("origin");
            if unit.kind == UnitType::Fleet && map.has_split_coasts(from.at.province) {
                original.region = map.region_with_coast(from.at.province, from.at.coast).expect("origin coast");
            }
        }
        units.push(original);
    }
    units.extend(dislodged.iter().copied());
    before.units = units;
    let result = adjudicate(map, &before, &previous, &Extensions::default());
    assert_eq!(
        set(map, result.next.units.iter().copied()),
        set(map, after.units.iter().copied()),
        "{}: replaying the movement orders gives the case's position",
        case.id
    );
    let mut next = result.next;
    next.phase = after.phase;
    // Keep every dislodged unit the case lists, even one our movement phase destroyed for lack of retreats.
    for unit in dislodged {
        if !next.dislodged.iter().any(|d| d.unit == unit) {
            next.dislodged.push(judge::Dislodged {
                unit,
                attacked_from: map.province_of(unit.region),
                by_convoy: false,
                retreats: Some(Vec::new()),
            });
        }
    }
    next
}

fn check(id: &str) {
    let (map, cases) = fixtures();
    let case = cases.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("case {id}"));
    let before = position(map, case);
    let orders = submissions(map, &case.orders);
    let result = adjudicate(map, &before, &orders, &Extensions::default());
    let report: Vec<String> = orders
        .iter()
        .zip(&result.results)
        .map(|(s, r)| format!("{} -> {} {}", s.order.notation(map), r.status.word(), r.status.reason(map)))
        .collect();
    assert_eq!(
        set(map, result.next.units.iter().copied()),
        set(map, case.expected_units.iter().map(|row| unit(map, row))),
        "{id}: units after the phase\n{}",
        report.join("\n")
    );
    if before.phase.kind == PhaseKind::Movement {
        assert_eq!(
            set(map, result.next.dislodged.iter().map(|d| d.unit)),
            set(map, case.expected_dislodged.iter().map(|row| unit(map, row))),
            "{id}: dislodged units\n{}",
            report.join("\n")
        );
    }
}

macro_rules! datc {
    ($($name:ident => $id:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($id);
            }
        )*
    };
}

datc! {
    t6a01_illegal_move_no_convoy_should_fail => "6.A.1",
    t6a02_army_cannot_move_to_sea => "6.A.2",
    t6a03_fleet_cannot_move_to_land => "6.A.3",
    t6a03_fleetsupportinland_fleet_cannot_support_inland => "6.A.3.fleet.support.inland",
    t6a04_move_to_same_sector_is_illegal => "6.A.4",
    t6a05_move_to_own_sector_with_convoy => "6.A.5",
    t6a05_old_nov_24_2001_datc => "6.A.5.old",
    t6a06_ordering_units_of_another_power_is_illegal => "6.A.6",
    t6a07_only_armies_can_convoy => "6.A.7",
    t6a07_modified_only_armies_can_convoy_this_is_similar_but => "6.A.7.modified",
    t6a08_army_cannot_get_an_additional_hold_power_by_supporting_itsel => "6.A.8",
    t6a09_fleets_must_follow_coasts_if_not_on_sea => "6.A.9",
    t6a10_support_on_unreachable_destination_is_not_possible => "6.A.10",
    t6a10_old_nov_24_2001_datc => "6.A.10.old",
    t6a11_simple_bounce => "6.A.11",
    t6a12_3_unit_bounce => "6.A.12",
    t6b01_moving_with_unspec_coast_when_a_coast_is_necessary => "6.B.1",
    t6b02_moving_with_unspecified_coast_when_coast_is_not_specified => "6.B.2",
    t6b03_moving_w_wrong_coast_when_coast_is_not_necessary => "6.B.3",
    t6b04_support_to_unreachable_coast_allowed => "6.B.4",
    t6b05_support_from_unreachable_coast_not_allowed => "6.B.5",
    t6b06_support_can_be_cut_with_other_coast => "6.B.6",
    t6b07_supporting_with_an_unspecified_coast => "6.B.7",
    t6b08_supporting_with_unspecified_coast_when_only_1_coast_is_possi => "6.B.8",
    t6b09_supporting_with_wrong_coast => "6.B.9",
    t6b10_unit_ordered_with_wrong_coast_but => "6.B.10",
    t6b11_coast_cannot_be_ordered_to_change => "6.B.11",
    t6b12_armies_may_not_move_to_coasts => "6.B.12",
    t6b13_coastal_crawl_cases => "6.B.13",
    t6b14_building_with_an_unspecified_coast => "6.B.14",
    t6c01_3_army_circular_movement => "6.C.1",
    t6c02_3_army_circular_movement_w_support => "6.C.2",
    t6c03_disrupted_3_army_circular_movement => "6.C.3",
    t6c04_circular_movement_w_attacked_convoy => "6.C.4",
    t6c05_disrupted_circular_movement_due_to_a_dislodged_convoy => "6.C.5",
    t6c06_two_armies_with_two_convoys => "6.C.6",
    t6c07_disrupted_unit_swap_lon_bel_bounces_off_bur_bel => "6.C.7",
    t6d01_supported_hold_can_prevent_dislodgement => "6.D.1",
    t6d02_move_cuts_support_on_hold => "6.D.2",
    t6d03_move_cuts_support_on_move => "6.D.3",
    t6d04_support_to_hold_on_unit_supporting_a_hold_is_allowed => "6.D.4",
    t6d05_support_to_hold_on_unit_supporting_a_move_is_allowed => "6.D.5",
    t6d06_support_to_hold_on_convoying_unit_is_allowed => "6.D.6",
    t6d07_support_to_hold_on_moving_unit_not_allowed => "6.D.7",
    t6d08_failed_convoy_cannot_receive_hold_support => "6.D.8",
    t6d09_support_to_move_on_holding_unit_is_not_allowed => "6.D.9",
    t6d10_self_dislodgement_prohibited => "6.D.10",
    t6d11_no_self_dislodgement_of_returning_unit => "6.D.11",
    t6d12_supporting_a_foreign_unit_to_dislodge_own_unit_is_prohibited => "6.D.12",
    t6d13_supporting_a_foreign_unit_to_dislodge_a_returning_own_unit_i => "6.D.13",
    t6d14_supporting_a_foreign_unit_is_not_enough_to_prevent_dislodgem => "6.D.14",
    t6d15_defender_cannot_cut_support_for_attack_on_itself => "6.D.15",
    t6d16_convoying_a_dislodging_unit_of => "6.D.16",
    t6d17_dislodgement_cuts_support => "6.D.17",
    t6d18_surviving_unit_will_sustain_support => "6.D.18",
    t6d19_even_when_surviving_is_in_an_alternative_way => "6.D.19",
    t6d20_unit_cannot_cut_support_of_its_own_country => "6.D.20",
    t6d21_dislodging_does_not_cancel_a_support_cut => "6.D.21",
    t6d22_impossible_fleet_move_cannot_be_supported => "6.D.22",
    t6d23_impossible_coast_move_cannot_be_supported => "6.D.23",
    t6d24_impossible_army_move_cannot_be_supported => "6.D.24",
    t6d25_failing_hold_support_can_be_supported => "6.D.25",
    t6d26_failing_move_support_can_be_supported => "6.D.26",
    t6d27_failing_convoy_support_can_be_supported => "6.D.27",
    t6d28_impossible_move_and_support => "6.D.28",
    t6d29_move_to_impossible_coast_and_support => "6.D.29",
    t6d30_move_without_coast_and_support => "6.D.30",
    t6d31_a_tricky_impossible_support => "6.D.31",
    t6d32_a_missing_fleet => "6.D.32",
    t6d33_unwanted_support_allowed => "6.D.33",
    t6d34_support_targeting_own_area_not_allowed => "6.D.34",
    t6e01_dislodged_unit_has_no_effect_on_attacker_s_area => "6.E.1",
    t6e02_no_self_dislodgement_in_head_to_head_battle => "6.E.2",
    t6e03_no_help_in_dislodging_own_unit => "6.E.3",
    t6e04_non_dislodged_loser_still_has_effect => "6.E.4",
    t6e05_loser_dislodged_by_another_army_still_has_effect => "6.E.5",
    t6e06_not_dislodged_because_of_own_support_still_has_effect => "6.E.6",
    t6e07_no_self_dislodgement_with_beleagured_garrison => "6.E.7",
    t6e08_no_self_dislodgement_with_beleagured_garrison => "6.E.8",
    t6e09_almost_self_dislodgement_with_beleagured_garrison => "6.E.9",
    t6e10_almost_circular_movement_with_no_self_dislodgement => "6.E.10",
    t6e11_no_self_dislodgement_with_beleaguered_garrison => "6.E.11",
    t6e12_support_on_attack_of_own_unit_can_be_used_for_other_means => "6.E.12",
    t6e13_3_way_beleagured_garrison => "6.E.13",
    t6e14_illegal_head_to_head_battle_can_still_defend => "6.E.14",
    t6e15_test_case_the_friendly_head_to_head_battle => "6.E.15",
    t6f01_no_convoy_in_coastal_areas => "6.F.1",
    t6f02_an_army_being_convoyed_can_bounce_as_nwymal => "6.F.2",
    t6f03_an_army_being_convoyed_can_receive_support => "6.F.3",
    t6f04_an_attacked_convoy_is_not_disrupted => "6.F.4",
    t6f05_a_beleagured_convoy_is_not_disrupted => "6.F.5",
    t6f06_dislodged_convoy_does_not_cut_support => "6.F.6",
    t6f07_dislodged_convoy_does_not_cause_contested_area => "6.F.7",
    t6f08_dislodged_convoy_does_not_cause_a_bounce => "6.F.8",
    t6f09_dislodge_of_multi_route_convoy => "6.F.9",
    t6f10_dislodge_of_multi_route_convoy_with_foreign_fleet => "6.F.10",
    t6f11_dislodge_of_multi_route_convoy_with_only_foreign_fleets => "6.F.11",
    t6f12_dislodged_convoying_fleet_not_on_route => "6.F.12",
    t6f13_the_unwanted_alternative => "6.F.13",
    t6f14_simple_convoy_paradox_preferred_results_2000_szykman => "6.F.14",
    t6f15_simple_convoy_paradox_with_additional_convoy => "6.F.15",
    t6f16_pandin_s_paradox => "6.F.16",
    t6f17_pandin_s_extended_paradox => "6.F.17",
    t6f18_betrayal_paradox_via_syzkman => "6.F.18",
    t6f19_multi_route_convoy_disruption_paradox => "6.F.19",
    t6f20_unwanted_multi_route_convoy_paradox => "6.F.20",
    t6f21_dad_s_army_convoy => "6.F.21",
    t6f22_second_order_paradox_w_2_resolutions_syzkman_preferred => "6.F.22",
    t6f22_extended_the_russian_move_from_st_petersbug_to_edinburgh_is_not_part => "6.F.22.extended",
    t6f23_second_order_paradox_with_two_exclusive_convoys => "6.F.23",
    t6f24_2nd_order_paradox_with_no_resolution_szykman_used => "6.F.24",
    t6g01_by_the_2000_rules_units_are_swapped_because_intent_of_englan => "6.G.1",
    t6g02_kidnapping_an_army => "6.G.2",
    t6g03_kidnapping_with_a_disrupted_convoy => "6.G.3",
    t6g04_kidnapping_with_a_disrupted_convoy_and => "6.G.4",
    t6g05_swapping_with_intent => "6.G.5",
    t6g06_swapping_with_unintended_intent => "6.G.6",
    t6g07_swapping_with_illegal_intent => "6.G.7",
    t6g08_explicit_convoy_that_isn_t_there => "6.G.8",
    t6g09_swapped_or_dislodged => "6.G.9",
    t6g10_swapped_or_a_head_to_head_battle => "6.G.10",
    t6g10_mod_we_remove_the_via_convoy_here_just_to_do => "6.G.10.mod",
    t6g11_paradox_resolution_is_by_szykman => "6.G.11",
    t6g11_mod_poststate_valid_for_2000_rules_syzkman_rule_for_paradoxes => "6.G.11.mod",
    t6g12_two_units_should_be_able_to_swap_if => "6.G.12",
    t6g13_support_cut_on_attack_on_itself_via_convoy => "6.G.13",
    t6g14_test_case_bounce_via_convoy_to_adjacent_place => "6.G.14",
    t6g15_test_case_bounce_and_dislodge_with_double_convoy => "6.G.15",
    t6g16_test_case_the_two_unit_in_one_area_bug_moving_via_convoy => "6.G.16",
    t6g17_test_case_the_two_unit_in_one_area_bug_moving_over_land => "6.G.17",
    t6g18_test_case_the_two_unit_in_one_area_bug_with_double_convoy => "6.G.18",
    t6h01_shows_illegality_of_support_orders_during_retreat_and_that => "6.H.1",
    t6h02_no_supports_from_retreating_unit => "6.H.2",
    t6h03_no_convoy_during_retreat => "6.H.3",
    t6h04_no_other_moves_during_retreat => "6.H.4",
    t6h05_legal_retreat_areas_for_ank_smy_arm => "6.H.5",
    t6h05_mod_modified_case_8_unit_cannot_retreat_to_occupied_area => "6.H.5.mod",
    t6h06_unit_may_not_retreat_to_a_contested_area => "6.H.6",
    t6h07_multiple_retreat_to_same_area_will_disband_units => "6.H.7",
    t6h08_triple_retreat_to_same_area_will_disband_units => "6.H.8",
    t6h09_dislodged_unit_will_not_make_attackers_area_contested => "6.H.9",
    t6h10_not_retreating_to_attacker_does_not_mean_contested => "6.H.10",
    t6h11_retreat_when_dislodged_by_adjacent_convoy => "6.H.11",
    t6h12_retreat_when_dislodged_by_adjacent_convoy_while => "6.H.12",
    t6h13_no_retreat_with_convoy_in_main_phase => "6.H.13",
    t6h14_no_retreat_with_support_in_main_phase => "6.H.14",
    t6h15_no_coastal_crawl_in_retreat => "6.H.15",
    t6h16_contested_for_both_coasts_if_one_coast_is => "6.H.16",
    t6i01_russia_has_1_supply_center_and_1_unit => "6.I.1",
    t6i02_russia_one_supply_center_one_build => "6.I.2",
    t6i03_supply_center_must_be_empty_for_building => "6.I.3",
    t6i04_both_coasts_must_be_empty_for_building => "6.I.4",
    t6i05_building_in_home_supply_center_that_is_not_owned_is_prohibit => "6.I.5",
    t6i06_building_in_owned_supply_center_that_is_not_a_home_supply_ce => "6.I.6",
    t6i07_only_one_build_in_a_home_supply_center => "6.I.7",
    t6j01_too_many_remove_orders => "6.J.1",
    t6j02_removing_the_same_unit_twice => "6.J.2",
    t6j03_civil_disorder_two_armies_with_different_distance => "6.J.3",
    t6j04_civil_disorder_two_armies_with_equal_distance => "6.J.4",
    t6j05_civil_disorder_two_fleets_with_different_distance => "6.J.5",
    t6j06_civil_disorder_two_fleets_with_equal_distance => "6.J.6",
    t6j07_note_this_depends_on_the_home_supply_center_info => "6.J.7",
    t6j08_civil_disorder_a_fleet_with_a_shorter_distance_than_the_army => "6.J.8",
    t6j09_part1_civil_disorder_must_be_counted_from_both_coasts => "6.J.9.part1",
    t6j09_part2_part_2 => "6.J.9.part2",
    t6j10_civil_disorder_counting_convoying_distance => "6.J.10",
    t6j11_civil_disorder_counting_distance_without_convoying_fleet => "6.J.11",
}
