//! Small helpers shared by the judge's integration tests: positions and orders from short text.

#![allow(dead_code)] // Each test crate uses a different subset of these helpers.

use judge::{Adjudication, Extensions, Map, Phase, Position, Submission, Unit, UnitType, adjudicate, parse_order};

pub fn map() -> Map {
    Map::standard().expect("standard map")
}

/// `"England F nth"` → a unit.
pub fn unit(map: &Map, text: &str) -> Unit {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [power, kind, at] = words[..] else { panic!("`{text}` is `Power T loc`") };
    Unit {
        power: map.find_power(power).expect("power"),
        kind: if kind == "A" { UnitType::Army } else { UnitType::Fleet },
        region: map.find_region(at).expect("region"),
    }
}

/// A position in `phase` with these units and the 1901 center ownership.
pub fn position(map: &Map, phase: &str, units: &[&str]) -> Position {
    let mut position = Position::starting(map);
    position.phase = Phase::parse(phase).expect("phase");
    position.units = units.iter().map(|text| unit(map, text)).collect();
    position
}

/// `"England: F nth - pic"` → a submission.
pub fn order(map: &Map, text: &str) -> Submission {
    let (power, order) = parse_order(map, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    Submission { power, order }
}

pub fn run(map: &Map, position: &Position, orders: &[&str], extensions: &Extensions) -> Adjudication {
    let orders: Vec<Submission> = orders.iter().map(|text| order(map, text)).collect();
    adjudicate(map, position, &orders, extensions)
}

/// The units of a position as sorted `Power T loc` strings.
pub fn units(map: &Map, position: &Position) -> Vec<String> {
    let mut units: Vec<String> = position
        .units
        .iter()
        .map(|u| format!("{} {} {}", map.power_name(u.power), u.kind.letter(), map.region_key(u.region)))
        .collect();
    units.sort();
    units
}

pub fn province(map: &Map, key: &str) -> judge::ProvinceId {
    map.find_province(key).expect("province")
}
