//! How phases follow each other: empty phases skipped, centers changing hands only after the Fall,
//! missing orders (rulings 0.3), and the solo victory.

mod common;

use common::{map, position, province, run, units};
use judge::{Extensions, OrderStatus, Phase, Position};

#[test]
fn spring_movement_without_dislodgement_skips_the_retreat_phase() {
    let map = map();
    let start = Position::starting(&map);
    let result = run(&map, &start, &["France: A par - bur"], &Extensions::default());
    assert_eq!(result.next.phase, Phase::parse("F1901M").unwrap());
}

#[test]
fn a_dislodgement_with_somewhere_to_go_opens_the_retreat_phase() {
    let map = map();
    let start = position(&map, "S1901M", &["France A bur", "France A pic", "Germany A bel"]);
    let result = run(&map, &start, &["France: A pic - bel", "France: A bur S A pic - bel"], &Extensions::default());
    assert_eq!(result.next.phase, Phase::parse("S1901R").unwrap());
    let dislodged = &result.next.dislodged[0];
    assert_eq!(dislodged.attacked_from, province(&map, "pic"));
    let retreats: Vec<String> = dislodged.retreats.clone().unwrap().iter().map(|r| map.region_key(*r)).collect();
    assert_eq!(retreats, ["hol", "ruh"], "not back to pic where the attack came from, nor to occupied bur");
}

#[test]
fn centers_change_hands_only_after_the_fall() {
    let map = map();
    let spring = position(&map, "S1901M", &["France A bur"]);
    let after_spring = run(&map, &spring, &["France: A bur - bel"], &Extensions::default()).next;
    assert_eq!(after_spring.owner(province(&map, "bel")), None, "Spring moves change no ownership");
    let mut fall = after_spring.clone();
    fall.phase = Phase::parse("F1901M").unwrap();
    let after_fall = run(&map, &fall, &["France: A bel H"], &Extensions::default()).next;
    let france = map.find_power("France").unwrap();
    assert_eq!(after_fall.owner(province(&map, "bel")), Some(france));
    assert_eq!(after_fall.phase, Phase::parse("W1901A").unwrap(), "France has a build to decide");
}

#[test]
fn winter_with_nothing_to_decide_is_skipped() {
    let map = map();
    let start = Position { phase: Phase::parse("F1901M").unwrap(), ..Position::starting(&map) };
    let result = run(&map, &start, &[], &Extensions::default());
    assert_eq!(result.next.phase, Phase::parse("S1902M").unwrap(), "22 units on 22 centers: no adjustments");
}

#[test]
fn missing_movement_orders_hold() {
    let map = map();
    let start = position(&map, "S1901M", &["France A par", "Germany A mun"]);
    let result = run(&map, &start, &["Germany: A mun - bur"], &Extensions::default());
    assert_eq!(units(&map, &result.next), ["France A par", "Germany A bur"]);
}

#[test]
fn missing_retreat_orders_disband() {
    let map = map();
    let start = position(&map, "S1901M", &["France A bur", "France A pic", "Germany A bel"]);
    let retreat = run(&map, &start, &["France: A pic - bel", "France: A bur S A pic - bel"], &Extensions::default());
    let result = run(&map, &retreat.next, &[], &Extensions::default());
    assert_eq!(units(&map, &result.next), ["France A bel", "France A bur"]);
    assert_eq!(result.destroyed.len(), 1);
}

#[test]
fn two_retreats_to_one_province_both_disband() {
    let map = map();
    let start = position(
        &map,
        "S1901M",
        &["France A pic", "France A bur", "Germany A bel", "England F den", "England F hel", "Germany A kie"],
    );
    let orders =
        ["France: A pic - bel", "France: A bur S A pic - bel", "England: F den - kie", "England: F hel S F den - kie"];
    let retreat = run(&map, &start, &orders, &Extensions::default());
    assert_eq!(retreat.next.dislodged.len(), 2);
    let result = run(&map, &retreat.next, &["Germany: A bel - hol", "Germany: A kie - hol"], &Extensions::default());
    assert!(matches!(result.results[0].status, OrderStatus::Fails(judge::Failure::RetreatCollision { .. })));
    assert!(matches!(result.results[1].status, OrderStatus::Fails(judge::Failure::RetreatCollision { .. })));
    assert_eq!(units(&map, &result.next), ["England F hel", "England F kie", "France A bel", "France A bur"]);
}

#[test]
fn missing_removals_follow_civil_disorder_farthest_first() {
    let map = map();
    let mut start = position(&map, "W1901A", &["Russia A mos", "Russia A stp", "Russia A lvn", "Russia A swe"]);
    start.owners = vec![None; map.province_count()];
    for center in ["mos", "stp", "war"] {
        start.owners[province(&map, center).0 as usize] = map.find_power("Russia");
    }
    let result = run(&map, &start, &[], &Extensions::default());
    assert_eq!(units(&map, &result.next), ["Russia A lvn", "Russia A mos", "Russia A stp"], "Sweden is farthest");
}

#[test]
fn eighteen_centers_win_the_game() {
    let map = map();
    let mut start = position(&map, "F1905M", &["France A bur"]);
    let france = map.find_power("France").unwrap();
    let mut given = 0;
    for center in map.supply_centers() {
        if given < 17 && map.province_key(center) != "bel" {
            start.owners[center.0 as usize] = Some(france);
            given += 1;
        } else {
            start.owners[center.0 as usize] = None;
        }
    }
    let result = run(&map, &start, &["France: A bur - bel"], &Extensions::default());
    assert_eq!(result.winner, Some(france));
    let spring = Position { phase: Phase::parse("S1906M").unwrap(), ..start };
    assert_eq!(run(&map, &spring, &["France: A bur - bel"], &Extensions::default()).winner, None);
}
