//! The variants' extension points, each through the public API: double units, forced holds, who may
//! command which unit, supplied center counts and closed build sites (issue 2, item 6).

mod common;

use common::{map, position, province, run, units};
use judge::{Extensions, Failure, Invalid, OrderStatus};

fn doubled(map: &judge::Map, key: &str) -> Extensions {
    Extensions { strengths: vec![(province(map, key), 2)], ..Extensions::default() }
}

#[test]
fn double_unit_attacks_with_two_and_dislodges_a_lone_holder() {
    let map = map();
    let start = position(&map, "S1901M", &["France A bur", "Germany A mun"]);
    let result = run(&map, &start, &["France: A bur - mun", "Germany: A mun H"], &doubled(&map, "bur"));
    assert_eq!(result.results[0].status, OrderStatus::Succeeds);
    assert_eq!(result.next.dislodged.len(), 1, "the German army is dislodged");
    let plain = run(&map, &start, &["France: A bur - mun", "Germany: A mun H"], &Extensions::default());
    assert!(matches!(plain.results[0].status, OrderStatus::Fails(Failure::Bounced { .. })));
}

#[test]
fn double_unit_holds_with_two_against_a_supported_attack() {
    let map = map();
    let start = position(&map, "S1901M", &["France A bur", "France A ruh", "Germany A mun"]);
    let orders = ["France: A bur - mun", "France: A ruh S A bur - mun", "Germany: A mun H"];
    let result = run(&map, &start, &orders, &doubled(&map, "mun"));
    match &result.results[0].status {
        OrderStatus::Fails(Failure::Bounced { strength, opposition, .. }) => {
            assert_eq!(*strength, 2);
            assert_eq!(opposition[0].1, 2, "the double unit holds with 2");
        }
        other => panic!("expected a bounce, got {other:?}"),
    }
}

#[test]
fn double_unit_support_counts_two_for_the_one_order_it_supports() {
    let map = map();
    let start = position(&map, "S1901M", &["France A bur", "France A ruh", "Germany A mun", "Germany A boh"]);
    let orders = ["France: A bur - mun", "France: A ruh S A bur - mun", "Germany: A mun H", "Germany: A boh S A mun"];
    let plain = run(&map, &start, &orders, &Extensions::default());
    assert!(matches!(plain.results[0].status, OrderStatus::Fails(_)), "2 against 2 bounces");
    let doubled_support = run(&map, &start, &orders, &doubled(&map, "ruh"));
    assert_eq!(doubled_support.results[0].status, OrderStatus::Succeeds, "1 + 2 beats 2");
}

#[test]
fn single_attack_cuts_one_of_a_double_units_two_supports() {
    let map = map();
    let start =
        position(&map, "S1901M", &["France A bur", "France A ruh", "Germany A mun", "Germany A boh", "Germany A kie"]);
    let orders = [
        "France: A bur - mun",
        "France: A ruh S A bur - mun",
        "Germany: A mun H",
        "Germany: A boh S A mun",
        "Germany: A kie - ruh",
    ];
    let result = run(&map, &start, &orders, &doubled(&map, "ruh"));
    // The double support is cut to 1: 1 + 1 against 1 + 1 bounces.
    assert!(matches!(result.results[0].status, OrderStatus::Fails(Failure::Bounced { strength: 2, .. })));
    assert_eq!(result.results[1].status, OrderStatus::Succeeds, "half the support still stands");
}

#[test]
fn double_attack_cuts_both_of_a_double_units_supports() {
    let map = map();
    let start = position(&map, "S1901M", &["France A bur", "France A ruh", "Germany A mun", "Germany A kie"]);
    let orders = ["France: A bur - mun", "France: A ruh S A bur - mun", "Germany: A mun H", "Germany: A kie - ruh"];
    let extensions =
        Extensions { strengths: vec![(province(&map, "ruh"), 2), (province(&map, "kie"), 2)], ..Extensions::default() };
    let result = run(&map, &start, &orders, &extensions);
    assert!(matches!(result.results[1].status, OrderStatus::Fails(Failure::SupportCut { .. })));
    assert!(matches!(result.results[0].status, OrderStatus::Fails(_)), "1 against 1 bounces");
}

#[test]
fn forced_hold_unit_holds_whatever_it_was_ordered() {
    let map = map();
    let start = position(&map, "S1901M", &["France A par"]);
    let extensions = Extensions { forced_hold: vec![province(&map, "par")], ..Extensions::default() };
    let result = run(&map, &start, &["France: A par - bur"], &extensions);
    assert_eq!(result.results[0].status, OrderStatus::Fails(Failure::ForcedToHold));
    assert_eq!(units(&map, &result.next), ["France A par"]);
}

#[test]
fn command_grants_decide_which_units_an_order_sheet_may_command() {
    let map = map();
    let start = position(&map, "S1901M", &["France A par", "Germany A mun"]);
    let france = map.find_power("France").unwrap();
    let extensions =
        Extensions { command_grants: Some(vec![(france, province(&map, "mun"))]), ..Extensions::default() };
    let result = run(&map, &start, &["France: A mun - ruh", "France: A par - bur"], &extensions);
    assert_eq!(result.results[0].status, OrderStatus::Succeeds, "France may command the granted unit");
    assert_eq!(result.results[1].status, OrderStatus::Invalid(Invalid::NotCommandable), "but not its own here");
    let plain = run(&map, &start, &["France: A mun - ruh"], &Extensions::default());
    assert!(matches!(plain.results[0].status, OrderStatus::Invalid(Invalid::ForeignUnit { .. })));
}

#[test]
fn supplied_center_counts_decide_builds_and_removals() {
    let map = map();
    let mut start = position(&map, "W1901A", &["France A bur"]);
    let france = map.find_power("France").unwrap();
    // France owns three centers and has one unit: two builds, unless the caller says it counts only one.
    let counted_as_one = Extensions { center_counts: Some(vec![(france, 1)]), ..Extensions::default() };
    let result = run(&map, &start, &["France: Build A par", "France: Build A mar"], &counted_as_one);
    assert_eq!(result.results[0].status, OrderStatus::Invalid(Invalid::NoBuildsLeft));
    let result = run(&map, &start, &["France: Build A par", "France: Build A mar"], &Extensions::default());
    assert_eq!(result.results[1].status, OrderStatus::Succeeds);
    start.units.push(common::unit(&map, "France A pic"));
    let counted_as_zero = Extensions { center_counts: Some(vec![(france, 0)]), ..Extensions::default() };
    let result = run(&map, &start, &[], &counted_as_zero);
    assert!(result.next.units.is_empty(), "two units, zero centers: both removed in civil disorder");
}

#[test]
fn forbidden_build_sites_are_refused() {
    let map = map();
    let start = position(&map, "W1901A", &[]);
    let extensions = Extensions { forbidden_builds: vec![province(&map, "par")], ..Extensions::default() };
    let result = run(&map, &start, &["France: Build A par", "France: Build A mar"], &extensions);
    assert_eq!(result.results[0].status, OrderStatus::Invalid(Invalid::BuildForbidden { at: province(&map, "par") }));
    assert_eq!(result.results[1].status, OrderStatus::Succeeds);
}

#[test]
fn extra_powers_are_named_and_can_hold_units_that_other_sheets_command() {
    let map = map().with_extra_powers(["Free Picardy"]);
    assert_eq!(map.power_count(), 8);
    let nation = map.find_power("Free Picardy").expect("the new power");
    let france = map.find_power("France").unwrap();
    let mut start = position(&map, "S1902M", &["France A par"]);
    start.units.push(judge::Unit {
        power: nation,
        kind: judge::UnitType::Army,
        region: map.find_region("pic").unwrap(),
    });
    let extensions =
        Extensions { command_grants: Some(vec![(france, province(&map, "pic"))]), ..Extensions::default() };
    let result = run(&map, &start, &["France: A pic - bel"], &extensions);
    assert_eq!(result.results[0].status, OrderStatus::Succeeds);
    assert_eq!(units(&map, &result.next), ["France A par", "Free Picardy A bel"]);
}

#[test]
fn orders_for_a_power_the_map_lacks_are_refused_not_a_panic() {
    let map = map();
    let stranger = judge::Power(42);
    assert_eq!(map.power_name(stranger), "unknown power");
    let start = position(&map, "W1901A", &[]);
    let waive = judge::Submission { power: Some(stranger), order: judge::Order::Waive };
    let result = judge::adjudicate(&map, &start, &[waive], &Extensions::default());
    assert_eq!(result.results[0].status, OrderStatus::Invalid(Invalid::NoBuildsLeft));
}

#[test]
fn unit_distances_count_armies_across_any_border_and_fleets_by_water() {
    let map = map();
    let mut naples = judge::geo::Set128::default();
    naples.insert(province(&map, "nap").0);
    let greece = map.find_region("gre").unwrap();
    assert_eq!(map.unit_distance(judge::UnitType::Army, greece, naples), Some(2), "through the Ionian Sea");
    let moscow = map.find_province("mos").unwrap();
    assert_eq!(
        map.unit_distance(judge::UnitType::Fleet, map.find_region("bla").unwrap(), {
            let mut set = judge::geo::Set128::default();
            set.insert(moscow.0);
            set
        }),
        None,
        "no fleet reaches Moscow"
    );
    assert_eq!(map.province_distances(province(&map, "par"))[province(&map, "mun").0 as usize], 2);
}
