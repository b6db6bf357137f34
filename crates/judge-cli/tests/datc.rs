//! Every DATC position through the `judge` binary in batch mode: each case becomes the spec's JSON input,
//! and the units after the phase must be the case's expected units.
//!
//! Movement and adjustment cases go in one batch. A retreat case needs the movement phase that led to it
//! (its dislodged units' attackers and the standoffs come from there), so its movement phase goes in that
//! first batch too, and the retreat orders go in a second batch on the `next` position it returned.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use judge::{Map, Order, UnitType, parse_order};
use judge_cli::wire::{Response, WirePosition};
use serde_json::{Value, json};

#[path = "../../judge/tests/datc/case.rs"]
mod case;

use case::{Case, UnitRow, all_cases};

fn unit_json((power, kind, at): &UnitRow) -> Value {
    json!({"power": power, "type": kind, "at": at})
}

/// Order lines as the spec writes them, each with its power.
fn order_lines<'a>(orders: impl Iterator<Item = (&'a String, &'a String)>) -> Vec<String> {
    orders.map(|(power, text)| format!("{power}: {text}")).collect()
}

fn input(
    id: &str,
    phase: &str,
    units: &[UnitRow],
    sc_owners: &Option<Vec<(String, String)>>,
    orders: Vec<String>,
) -> Value {
    let mut input = json!({
        "id": id,
        "phase": phase,
        "units": units.iter().map(unit_json).collect::<Vec<_>>(),
        "orders": orders,
    });
    if let Some(owners) = sc_owners {
        let mut by_power: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (power, center) in owners {
            by_power.entry(power).or_default().push(center);
        }
        input["supply_centers"] = json!(by_power);
    }
    input
}

/// The units before the movement phase that led to a retreat case: the case's units, with each unit that
/// moved (by a successful move order) put back where it came from, plus the units it dislodged.
fn units_before_retreat(map: &Map, case: &Case) -> Vec<UnitRow> {
    let moves: Vec<Order> = case
        .previous_orders
        .iter()
        .filter(|(_, _, result)| result == "SUCCESS")
        .map(|(_, text, _)| parse_order(map, text).unwrap_or_else(|e| panic!("{}: `{text}`: {e}", case.id)).1)
        .collect();
    let origin = |at: &str| {
        let province = map.find_location(at).expect("case province").0;
        moves.iter().find_map(|order| match *order {
            Order::Move { unit, to, .. } if to.province == province => Some(judge::order::location(map, unit.at)),
            _ => None,
        })
    };
    case.units
        .iter()
        .map(|(power, kind, at)| (power.clone(), kind.clone(), origin(at).unwrap_or_else(|| at.clone())))
        .chain(case.dislodged.iter().cloned())
        .collect()
}

/// `England F stp/sc`, in the canonical names, from a case's row.
fn canonical(map: &Map, (power, kind, at): &UnitRow) -> String {
    let power = map.find_power(power).expect("case power");
    let region = map.find_region(at).expect("case region");
    format!("{} {kind} {}", map.power_name(power), map.region_key(region))
}

fn expected(map: &Map, rows: &[UnitRow]) -> BTreeSet<String> {
    rows.iter().map(|row| canonical(map, row)).collect()
}

fn units_after(next: &WirePosition) -> BTreeSet<String> {
    next.units.iter().map(|unit| format!("{} {} {}", unit.power, unit.kind, unit.at)).collect()
}

fn dislodged_after(next: &WirePosition) -> BTreeSet<String> {
    next.dislodged.iter().map(|unit| format!("{} {} {}", unit.power, unit.kind, unit.at)).collect()
}

fn response(answer: Value) -> Response {
    serde_json::from_value(answer.clone()).unwrap_or_else(|e| panic!("not a result ({e}): {answer}"))
}

#[test]
fn every_datc_position_gives_the_expected_units_through_the_binary() {
    let map = Map::standard().expect("standard map");
    let cases = all_cases();
    assert_eq!(cases.len(), 167, "every DATC case is here");

    let first_steps: Vec<Value> = cases
        .iter()
        .map(|case| {
            if case.is_retreat() {
                let previous = order_lines(case.previous_orders.iter().map(|(power, text, _)| (power, text)));
                input(&case.id, "S1901M", &units_before_retreat(&map, case), &case.sc_owners, previous)
            } else {
                let orders = order_lines(case.orders.iter().map(|(power, text)| (power, text)));
                input(&case.id, &case.phase, &case.units, &case.sc_owners, orders)
            }
        })
        .collect();
    let answers: Vec<Response> = common::batch(&first_steps).into_iter().map(response).collect();
    assert_eq!(answers.len(), cases.len(), "one answer per case");

    let mut retreat_steps = Vec::new();
    let mut failures = Vec::new();
    for (case, answer) in cases.iter().zip(&answers) {
        assert_eq!(answer.id, Some(json!(case.id)), "answers come in input order");
        if case.is_retreat() {
            if units_after(&answer.next) != expected(&map, &case.units) {
                failures.push(format!("{}: the movement phase before it does not give its units", case.id));
            }
            let mut retreat = serde_json::to_value(&answer.next).expect("next serialises");
            retreat["id"] = json!(case.id);
            retreat["orders"] = json!(order_lines(case.orders.iter().map(|(power, text)| (power, text))));
            retreat_steps.push((case, retreat));
            continue;
        }
        assert_eq!(answer.results.len(), case.orders.len(), "{}: one result per order", case.id);
        if units_after(&answer.next) != expected(&map, &case.expected_units) {
            failures.push(format!("{}: units {:?}", case.id, units_after(&answer.next)));
        }
        if case.phase.ends_with('M') && dislodged_after(&answer.next) != expected(&map, &case.expected_dislodged) {
            failures.push(format!("{}: dislodged {:?}", case.id, dislodged_after(&answer.next)));
        }
    }

    let inputs: Vec<Value> = retreat_steps.iter().map(|(_, input)| input.clone()).collect();
    let answers: Vec<Response> = common::batch(&inputs).into_iter().map(response).collect();
    assert_eq!(answers.len(), retreat_steps.len(), "one answer per retreat case");
    for ((case, _), answer) in retreat_steps.iter().zip(&answers) {
        assert_eq!(answer.results.len(), case.orders.len(), "{}: one result per order", case.id);
        if units_after(&answer.next) != expected(&map, &case.expected_units) {
            failures.push(format!("{} (retreats): units {:?}", case.id, units_after(&answer.next)));
        }
    }
    assert!(failures.is_empty(), "{} cases differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_dislodged_unit_in_next_lists_its_legal_retreats() {
    let map = Map::standard().expect("standard map");
    let case = all_cases().into_iter().find(|case| case.id == "6.H.5").expect("6.H.5");
    let previous = order_lines(case.previous_orders.iter().map(|(power, text, _)| (power, text)));
    let answer =
        response(common::adjudicate(&input(&case.id, "S1901M", &units_before_retreat(&map, &case), &None, previous)));
    assert_eq!(answer.next.phase, "S1901R");
    assert!(!answer.next.dislodged.is_empty());
    for dislodged in &answer.next.dislodged {
        let retreats = dislodged.retreats.as_ref().expect("retreats are always written");
        assert!(!retreats.is_empty(), "a unit with no retreat is removed, not listed: {dislodged:?}");
        assert!(!retreats.contains(&dislodged.attacked_from), "never back to where the attack came from");
        let kind = if dislodged.kind == "A" { UnitType::Army } else { UnitType::Fleet };
        for retreat in retreats {
            let region = map.find_region(retreat).expect("retreats are regions");
            assert_eq!(map.region_key(region), *retreat, "retreats are in canonical spelling");
            assert!(map.can_occupy(kind, region), "{retreat} is a region the unit can stand in");
        }
    }
}
