//! A standard-map game's position in the JSON of `shared/specs/judge-cli.md`, so that a bot reading it
//! from the site can feed it, with orders, to `judge adjudicate`.
//!
//! Only what every board already shows goes in: units, dislodged units with where the attack came from
//! (public in the previous phase's results), provinces left empty by a standoff, and center owners. A
//! kind's secrets (balances, funds, cabinets) live beside the position in its state and never reach it.

use std::collections::BTreeMap;

use judge::{Map, Position, Unit};
use serde::{Deserialize, Serialize};

use crate::registry::AnyGame;
use crate::standard::standard_map;

/// A position as `judge adjudicate` reads it (without `orders`) and writes it (`next`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgePosition {
    /// `S1901M`, `F1901R`, `W1901A`.
    pub phase: String,
    pub units: Vec<JudgeUnit>,
    pub dislodged: Vec<JudgeDislodged>,
    pub contested: Vec<String>,
    /// Each power's owned centers (always given: the judge assumes 1901's owners when it is missing).
    pub supply_centers: BTreeMap<String, Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeUnit {
    pub power: String,
    /// `A` or `F`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Canonical region key: `stp/sc`.
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeDislodged {
    pub power: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub at: String,
    pub attacked_from: String,
    pub by_convoy: bool,
    pub retreats: Vec<String>,
}

impl AnyGame {
    /// The position in judge notation, for kinds played by the seven powers on the standard map
    /// (Standard, Diplobucks, Covert Dip, Cabinet Diplomacy II); `None` for the others, whose boards the
    /// judge's notation cannot name (Terrorism I's nations) or which have no board (Covert Operations).
    pub fn judge_position(&self) -> Option<JudgePosition> {
        let position = match self {
            AnyGame::Standard(state) => &state.position,
            AnyGame::Diplobucks(state) => &state.game.position,
            AnyGame::CovertDip(state) => &state.game.position,
            AnyGame::CabinetDiplomacy(state) => &state.game.position,
            AnyGame::TerrorismI(_) | AnyGame::CovertOperations(_) => return None,
        };
        standard_map().ok().map(|map| judge_position(map, position))
    }
}

fn judge_unit(map: &Map, unit: &Unit) -> JudgeUnit {
    JudgeUnit {
        power: map.power_name(unit.power).to_string(),
        kind: unit.kind.letter().to_string(),
        at: map.region_key(unit.region),
    }
}

fn judge_position(map: &Map, position: &Position) -> JudgePosition {
    let mut supply_centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for center in map.supply_centers() {
        if let Some(owner) = position.owner(center) {
            supply_centers
                .entry(map.power_name(owner).to_string())
                .or_default()
                .push(map.province_key(center).to_string());
        }
    }
    JudgePosition {
        phase: position.phase.code(),
        units: position.units.iter().map(|unit| judge_unit(map, unit)).collect(),
        dislodged: position
            .dislodged
            .iter()
            .map(|dislodged| {
                let unit = judge_unit(map, &dislodged.unit);
                JudgeDislodged {
                    power: unit.power,
                    kind: unit.kind,
                    at: unit.at,
                    attacked_from: map.province_key(dislodged.attacked_from).to_string(),
                    by_convoy: dislodged.by_convoy,
                    retreats: judge::retreat_options(map, position, dislodged)
                        .iter()
                        .map(|region| map.region_key(*region))
                        .collect(),
                }
            })
            .collect(),
        contested: position.contested.iter().map(|province| map.province_key(*province).to_string()).collect(),
        supply_centers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn a_new_standard_game_is_the_1901_position_in_judge_notation() {
        let game = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).unwrap();
        let position = game.judge_position().unwrap();
        assert_eq!(position.phase, "S1901M");
        assert_eq!(position.units.len(), 22);
        assert!(position.units.contains(&JudgeUnit { power: "Russia".into(), kind: "F".into(), at: "stp/sc".into() }));
        assert_eq!(position.supply_centers["England"], ["edi", "lon", "lvp"]);
        assert!(position.dislodged.is_empty() && position.contested.is_empty());
    }

    #[test]
    fn only_kinds_of_the_seven_powers_on_the_standard_map_have_a_judge_position() {
        for &kind in Kind::ALL {
            let Ok(game) = AnyGame::new(kind, &serde_json::Value::Null, 1) else { continue };
            let expected = !matches!(kind, Kind::TerrorismI | Kind::CovertOperations);
            assert_eq!(game.judge_position().is_some(), expected, "{kind:?}");
        }
    }
}
