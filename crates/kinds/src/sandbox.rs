//! The what-if board: a private copy of a standard-map position on which anyone orders every power's
//! units and sees the judge's results, phase after phase.
//!
//! A sandbox is built from a [`JudgePosition`] only, the public position every board already shows, so
//! nothing a kind keeps secret (treasuries, bribes, covert units, cabinets) can enter it; it is then
//! played by the Standard rules alone. Each order line belongs to the power whose unit it orders (or
//! whose center it builds on), or to the power it names (`England: F lon - nth`).

use std::collections::BTreeMap;

use judge::{Map, Order, ParsedLine, PhaseKind, Position, Power, ProvinceId, parse_orders};

use crate::judge_position::JudgePosition;
use crate::kind::{AcceptedLine, Board, FormRow, RejectedLine, Report, Rules, StateError};
use crate::registry::{AnyGame, Kind};
use crate::standard::{Standard, State, check_sheet, form_for, power_seat, standard_map};

/// A standard position to play with, every power's orders at once.
#[derive(Clone, Debug)]
pub struct Sandbox {
    state: State,
}

/// One power's rows of the order form, as the order page shows a seat's.
pub struct PowerRows {
    pub power: String,
    pub rows: Vec<FormRow>,
}

/// An accepted order line and the power it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerLine {
    pub power: String,
    pub line: AcceptedLine,
}

/// A sandbox sheet checked: the good lines kept (the last order of a unit wins), each bad line with why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SandboxCheck {
    pub accepted: Vec<PowerLine>,
    pub rejected: Vec<RejectedLine>,
}

impl SandboxCheck {
    /// The accepted orders, one canonical line each: what a link to this sandbox carries.
    pub fn sheet(&self) -> String {
        self.accepted.iter().map(|line| line.line.text.as_str()).collect::<Vec<_>>().join("\n")
    }
}

/// A sandbox phase resolved: the position it leads to and the judge's public report, with reasons.
pub struct Resolution {
    pub next: Sandbox,
    pub report: Report,
}

impl Sandbox {
    /// The kind whose rules a sandbox plays by, and whose words its reports are read in.
    pub const RULES: Kind = Kind::Standard;

    /// Whether a game of `kind` is played in its sandbox by its own rules; a variant's sandbox leaves
    /// out its own orders and secrets.
    pub fn plays_by_the_rules_of(kind: Kind) -> bool {
        kind == Self::RULES
    }

    /// The sandbox of a public position; an inconsistent position is refused.
    pub fn from_position(position: &JudgePosition) -> Result<Sandbox, StateError> {
        let owners: BTreeMap<&str, &str> = position
            .supply_centers
            .iter()
            .flat_map(|(power, centers)| centers.iter().map(move |center| (center.as_str(), power.as_str())))
            .collect();
        let stored = serde_json::json!({
            "kind": "standard",
            "state": {
                "phase": position.phase,
                "units": position.units.iter().map(|unit| format!("{} {} {}", unit.power, unit.kind, unit.at)).collect::<Vec<_>>(),
                "dislodged": position.dislodged.iter().map(|dislodged| serde_json::json!({
                    "unit": format!("{} {} {}", dislodged.power, dislodged.kind, dislodged.at),
                    "attacked_from": dislodged.attacked_from,
                    "by_convoy": dislodged.by_convoy,
                    "retreats": dislodged.retreats,
                })).collect::<Vec<_>>(),
                "contested": position.contested,
                "owners": owners,
            }
        });
        match AnyGame::from_json(stored)? {
            AnyGame::Standard(state) => Ok(Sandbox { state }),
            _ => Err(StateError("a sandbox is a standard position".to_owned())),
        }
    }

    /// `Spring 1901 Movement`.
    pub fn phase_label(&self) -> String {
        self.state.position.phase.long_name()
    }

    /// The position in judge notation, to carry on to the next phase.
    pub fn position(&self) -> Option<JudgePosition> {
        AnyGame::Standard(self.state.clone()).judge_position()
    }

    pub fn board(&self) -> Option<Board> {
        Standard::public_view(&self.state).board
    }

    /// Every power's rows of the order form, powers in the map's order; powers with nothing to order
    /// are left out.
    pub fn rows(&self) -> Vec<PowerRows> {
        let map = map();
        map.powers()
            .map(|(power, _)| PowerRows {
                power: map.power_name(power).to_string(),
                rows: form_for(map, &self.state.position, power, &Default::default()).rows,
            })
            .filter(|power| !power.rows.is_empty())
            .collect()
    }

    /// Checks a sheet of any powers' orders, line by line: each line as its own power's sheet would.
    pub fn check(&self, text: &str) -> SandboxCheck {
        let map = map();
        let position = &self.state.position;
        let (parsed, errors) = parse_orders(map, text);
        let mut check = SandboxCheck::default();
        check.rejected.extend(errors.into_iter().map(|error| RejectedLine {
            line: error.line,
            text: error.input,
            reason: error.error.to_string(),
        }));
        let mut ordered: BTreeMap<ProvinceId, usize> = BTreeMap::new();
        for line in parsed {
            let Some(power) = line.power.or_else(|| owner_of_line(map, position, &line)) else {
                check.rejected.push(RejectedLine {
                    line: line.line,
                    reason: format!("no power has a unit there or owns {}", line_place(map, &line.order)),
                    text: line.input,
                });
                continue;
            };
            let single = check_sheet(map, position, power, &line.input, &Default::default());
            check
                .rejected
                .extend(single.rejected.into_iter().map(|rejected| RejectedLine { line: line.line, ..rejected }));
            for accepted in single.accepted {
                let accepted = PowerLine {
                    power: map.power_name(power).to_string(),
                    line: AcceptedLine { line: line.line, ..accepted },
                };
                match ordered.get(&order_province(&line.order)) {
                    Some(&earlier) => check.accepted[earlier] = accepted,
                    None => {
                        ordered.insert(order_province(&line.order), check.accepted.len());
                        check.accepted.push(accepted);
                    }
                }
            }
        }
        check.rejected.sort_by_key(|rejected| rejected.line);
        check
    }

    /// Adjudicates the accepted orders (units without one hold, retreat-less units disband, missing
    /// removals follow the civil disorder rule).
    pub fn resolve(&self, check: &SandboxCheck) -> Resolution {
        let map = map();
        let mut sheets: BTreeMap<crate::kind::SeatIndex, String> = BTreeMap::new();
        for line in &check.accepted {
            if let Some(power) = map.find_power(&line.power) {
                let sheet = sheets.entry(power_seat(power)).or_default();
                sheet.push_str(&line.line.text);
                sheet.push('\n');
            }
        }
        let processed = Standard::process(&self.state, &sheets, 0);
        Resolution { next: Sandbox { state: processed.next }, report: processed.public }
    }
}

fn map() -> &'static Map {
    standard_map().expect("a sandbox exists only once the standard map loaded")
}

/// The province an order is about: its unit's, or where it builds.
fn order_province(order: &Order) -> ProvinceId {
    match (order.unit(), order) {
        (Some(unit), _) => unit.at.province,
        (None, Order::Build { at, .. }) => at.province,
        (None, _) => ProvinceId(u8::MAX),
    }
}

fn line_place(map: &Map, order: &Order) -> String {
    map.province_key(order_province(order)).to_string()
}

/// The power a line orders for: the owner of the unit it orders (the dislodged one in a retreat
/// phase), or of the center it builds on.
fn owner_of_line(map: &Map, position: &Position, line: &ParsedLine) -> Option<Power> {
    let province = order_province(&line.order);
    if matches!(line.order, Order::Build { .. }) {
        return position.owner(province);
    }
    match position.phase.kind {
        PhaseKind::Retreat => position
            .dislodged
            .iter()
            .find(|dislodged| map.province_of(dislodged.unit.region) == province)
            .map(|dislodged| dislodged.unit.power),
        _ => position.unit_in(map, province).map(|unit| unit.power),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening() -> Sandbox {
        Sandbox { state: State { position: Position::starting(map()), winner: None } }
    }

    fn resolved(sandbox: &Sandbox, text: &str) -> Resolution {
        sandbox.resolve(&sandbox.check(text))
    }

    #[test]
    fn every_power_orders_on_one_sheet_and_each_line_is_its_units_owners() {
        let sandbox = opening();
        let check = sandbox.check("A par - bur\nA mun - bur\nF lon - nth");
        let powers: Vec<&str> = check.accepted.iter().map(|line| line.power.as_str()).collect();
        assert_eq!(powers, ["France", "Germany", "England"]);
        assert!(check.rejected.is_empty());
    }

    #[test]
    fn bad_lines_are_reported_with_their_number_and_reason_and_good_ones_kept() {
        let check = opening().check("A par - bur\nA par - mos\nA ber - kie\nnonsense\nA tun - nap");
        let lines: Vec<usize> = check.rejected.iter().map(|line| line.line).collect();
        assert_eq!(lines, [2, 4, 5]);
        assert!(check.rejected.iter().all(|line| !line.reason.is_empty()));
        assert!(check.rejected[2].reason.contains("tun"), "{}", check.rejected[2].reason);
        assert_eq!(check.accepted.len(), 2);
    }

    #[test]
    fn a_later_order_for_the_same_unit_replaces_the_earlier_one() {
        let check = opening().check("A par - bur\nA par - pic");
        assert_eq!(check.sheet(), "A par - pic");
    }

    #[test]
    fn a_supported_attack_dislodges_and_the_next_phase_is_the_retreat() {
        let sandbox = opening();
        let first = resolved(&sandbox, "A par - bur\nA mar S A par - bur\nA mun - bur");
        let bounce = first.report.orders.iter().find(|line| line.order.contains("mun")).unwrap();
        assert!(!bounce.reason.is_empty(), "the losing move says why");
        let spring = resolved(&sandbox, "A ber - pru\nA mun - sil");
        let fall = resolved(&spring.next, "A pru - war\nA sil S A pru - war");
        assert!(fall.next.phase_label().starts_with("Fall 1901"), "{}", fall.next.phase_label());
        assert_eq!(fall.next.position().unwrap().phase, "F1901R");
        assert!(!fall.next.rows().is_empty(), "the dislodged Russian army has a retreat to order");
    }

    #[test]
    fn a_judge_position_round_trips_through_a_sandbox() {
        let position = opening().position().unwrap();
        assert_eq!(Sandbox::from_position(&position).unwrap().position().unwrap(), position);
    }
}
