//! The bridge to the judge: a Terrorism I state as a judge [`Position`], with new nations as judge powers
//! numbered after the seven Great Powers, and the judge's results read back by name.
//!
//! The judge's map knows only the seven Great Powers, so nothing here asks it for the name of a power:
//! units, reasons and report lines are named from [`Bridge::name`].

use judge::{
    Extensions, Failure, OrderStatus, Phase, PhaseKind, Position, Power, ProvinceId, Submission, UnitLabel,
    parse_orders,
};

use super::names::{Piece, Province, Region, great_powers, map};
use super::state::{Dislodged, Stage, State, Unit};

pub struct Bridge {
    /// Judge power index to name: the Great Powers in the judge's order, then the nations.
    names: Vec<String>,
}

impl Bridge {
    pub fn new(state: &State) -> Bridge {
        let mut names: Vec<String> = great_powers().map(str::to_string).collect();
        names.extend(state.nations.iter().map(|nation| nation.name.clone()));
        Bridge { names }
    }

    pub fn power(&self, name: &str) -> Option<Power> {
        self.names.iter().position(|known| known == name).map(|index| Power(index as u8))
    }

    pub fn name(&self, power: Power) -> &str {
        &self.names[power.0 as usize]
    }

    pub fn position(&self, state: &State) -> Position {
        let kind = match state.stage {
            Stage::Orders => PhaseKind::Movement,
            Stage::Retreats { .. } => PhaseKind::Retreat,
        };
        let map = map();
        let mut owners = vec![None; map.province_count()];
        for (province, owner) in &state.owners {
            if province.is_center() {
                owners[province.0.0 as usize] = self.power(owner);
            }
        }
        Position {
            phase: Phase::new(state.turn.year, state.turn.judge_season(), kind),
            units: state.units.iter().filter_map(|unit| self.judge_unit(&unit.power, unit.piece)).collect(),
            dislodged: state
                .dislodged
                .iter()
                .filter_map(|d| {
                    Some(judge::Dislodged {
                        unit: self.judge_unit(&d.power, d.piece)?,
                        attacked_from: d.attacked_from.0,
                        by_convoy: d.by_convoy,
                        retreats: Some(d.retreats.iter().map(|region| region.0).collect()),
                    })
                })
                .collect(),
            contested: state.contested.iter().map(|province| province.0).collect(),
            owners,
        }
    }

    fn judge_unit(&self, power: &str, piece: Piece) -> Option<judge::Unit> {
        Some(judge::Unit { power: self.power(power)?, kind: piece.kind, region: piece.region })
    }

    /// Which order sheet commands which unit: each unit is ordered on its controller's sheet, so a player
    /// orders the units of the nations he bought on his own sheet; nobody orders an unbought nation's.
    pub fn extensions(&self, state: &State) -> Extensions {
        let ordered: Vec<(&str, ProvinceId)> = match state.stage {
            Stage::Orders => state.units.iter().map(|u| (u.power.as_str(), u.piece.province().0)).collect(),
            Stage::Retreats { .. } => {
                state.dislodged.iter().map(|d| (d.power.as_str(), d.piece.province().0)).collect()
            }
        };
        let grants = ordered
            .into_iter()
            .filter_map(|(power, province)| Some((self.power(state.controller_of(power)?)?, province)))
            .collect();
        Extensions { command_grants: Some(grants), ..Extensions::default() }
    }

    /// The unit orders on one player's sheet, as judge submissions under the player's Great Power.
    pub fn submissions(&self, player: &str, unit_text: &str) -> Vec<Submission> {
        let Some(sheet) = self.power(player) else { return Vec::new() };
        let (parsed, _) = parse_orders(map(), unit_text);
        parsed
            .into_iter()
            .filter(|line| line.power.is_none_or(|named| named == sheet))
            .map(|line| Submission { power: Some(sheet), order: line.order })
            .collect()
    }

    pub fn read_units(&self, units: &[judge::Unit]) -> Vec<Unit> {
        units
            .iter()
            .map(|unit| Unit {
                power: self.name(unit.power).to_string(),
                piece: Piece { kind: unit.kind, region: unit.region },
            })
            .collect()
    }

    pub fn read_dislodged(&self, position: &Position) -> Vec<Dislodged> {
        position
            .dislodged
            .iter()
            .map(|d| Dislodged {
                power: self.name(d.unit.power).to_string(),
                piece: Piece { kind: d.unit.kind, region: d.unit.region },
                attacked_from: Province(d.attacked_from),
                by_convoy: d.by_convoy,
                retreats: judge::retreat_options(map(), position, d).into_iter().map(Region).collect(),
            })
            .collect()
    }

    /// An order's result in words, naming units by this game's powers.
    pub fn describe(&self, status: &OrderStatus) -> String {
        let map = map();
        let label = |unit: &UnitLabel| {
            format!("{}'s {} {}", self.name(unit.power), unit.kind.letter(), map.province_key(unit.province))
        };
        let labels = |units: &[UnitLabel]| units.iter().map(label).collect::<Vec<_>>().join(", ");
        match status {
            OrderStatus::Fails(Failure::Bounced { destination, strength, opposition }) => {
                let against = opposition
                    .iter()
                    .map(|(unit, strength)| format!("{} ({strength})", label(unit)))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("bounced at {} with strength {strength} against {against}", map.province_key(*destination))
            }
            OrderStatus::Fails(Failure::Dislodged { by }) => format!("dislodged by {}", label(by)),
            OrderStatus::Fails(Failure::SupportCut { by }) => format!("support cut by {}", labels(by)),
            OrderStatus::Fails(Failure::RetreatCollision { with }) => {
                format!("retreated to the same province as {}: disbanded", labels(with))
            }
            // The remaining reasons name no power (command grants are always given, so the judge never
            // answers `ForeignUnit`), and the judge words them itself.
            other => other.reason(map),
        }
    }
}
