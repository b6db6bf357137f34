//! Adjudication: a position and its orders in, every order's result and the next position out.
//!
//! The entry point is [`adjudicate`]. Variants change the rules through [`Extensions`], plain data that
//! the caller fills in: double-strength units, units forced to hold, which units an order sheet may
//! command, the center counts used for adjustments and build sites that are closed.

mod adjust;
mod movement;
pub mod outcome;
mod retreat;

use crate::geo::{Map, Power, ProvinceId};
use crate::order::Order;
use crate::phase::{PhaseKind, Season};
use crate::position::{Dislodged, Position, Unit};

pub use adjust::{adjustment_due, buildable_sites};
pub use outcome::{Failure, Invalid, OrderStatus, UnitLabel};
pub use retreat::retreat_options;

/// One order as given, with the power whose order sheet it is on, if known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Submission {
    pub power: Option<Power>,
    pub order: Order,
}

/// The variants' changes to the standard rules, as plain inputs. The default changes nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extensions {
    /// Units of strength other than 1, by province: a double unit (strength 2) holds, moves and supports
    /// with 2; an attack cuts as much of its support as the attacker's strength.
    pub strengths: Vec<(ProvinceId, u8)>,
    /// Units that hold whatever they were ordered.
    pub forced_hold: Vec<ProvinceId>,
    /// When given, an order sheet of power P may command the unit in province X only if (P, X) is listed,
    /// whoever owns the unit. When `None`, each power commands its own units.
    pub command_grants: Option<Vec<(Power, ProvinceId)>>,
    /// When given, the number of centers each listed power counts for adjustments, instead of those it owns.
    pub center_counts: Option<Vec<(Power, usize)>>,
    /// Home centers where nobody may build this adjustment phase.
    pub forbidden_builds: Vec<ProvinceId>,
}

impl Extensions {
    fn strength_of(&self, province: ProvinceId) -> u8 {
        self.strengths.iter().find(|(p, _)| *p == province).map_or(1, |(_, strength)| *strength)
    }

    /// Whether `sheet` may command the unit in `province` owned by `owner`.
    fn may_command(&self, sheet: Power, owner: Power, province: ProvinceId) -> bool {
        match &self.command_grants {
            Some(grants) => grants.contains(&(sheet, province)),
            None => sheet == owner,
        }
    }

    fn centers_for_adjustment(&self, position: &Position, power: Power) -> usize {
        self.center_counts
            .as_ref()
            .and_then(|counts| counts.iter().find(|(p, _)| *p == power).map(|(_, count)| *count))
            .unwrap_or_else(|| position.centers_of(power))
    }
}

/// The result of one order, with the power it was counted for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderResult {
    /// The power the order belongs to: as given, or inferred from the unit or build site.
    pub power: Option<Power>,
    pub status: OrderStatus,
}

/// Everything a phase's adjudication decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// One result per submission, in the order given.
    pub results: Vec<OrderResult>,
    /// The position after this phase, with phases that have nothing to decide skipped.
    pub next: Position,
    /// Units removed without an order of their own: dislodged units with no retreat, units that got no
    /// retreat order, and civil-disorder removals.
    pub destroyed: Vec<Unit>,
    /// A power that owns enough centers to win, if any (checked when centers change hands).
    pub winner: Option<Power>,
}

/// Adjudicates the phase of `position` with the given orders.
pub fn adjudicate(map: &Map, position: &Position, orders: &[Submission], extensions: &Extensions) -> Adjudication {
    let mut adjudication = match position.phase.kind {
        PhaseKind::Movement => movement::adjudicate(map, position, orders, extensions),
        PhaseKind::Retreat => retreat::adjudicate(map, position, orders, extensions),
        PhaseKind::Adjustment => adjust::adjudicate(map, position, orders, extensions),
    };
    advance(map, position, &mut adjudication, extensions);
    adjudication
}

/// Moves `next` on to the next phase that has something to decide, updating center ownership after the
/// Fall (retreats) and checking for a solo victory.
fn advance(map: &Map, position: &Position, adjudication: &mut Adjudication, extensions: &Extensions) {
    let next = &mut adjudication.next;
    next.phase = position.phase.following();
    if next.phase.kind == PhaseKind::Retreat && !next.dislodged.is_empty() {
        return;
    }
    if next.phase.kind == PhaseKind::Retreat {
        next.phase = next.phase.following();
    }
    if next.phase.season == Season::Winter && position.phase.season == Season::Fall {
        update_ownership(map, next);
        adjudication.winner = winner(map, next);
        if !adjust::has_anything_to_decide(map, next, extensions) {
            next.phase = next.phase.following();
        }
    }
    next.contested.clear();
}

/// After the Fall retreats, every center with a unit in it belongs to that unit's power.
fn update_ownership(map: &Map, position: &mut Position) {
    for unit in &position.units {
        let province = map.province_of(unit.region);
        if map.province(province).supply_center {
            position.owners[province.0 as usize] = Some(unit.power);
        }
    }
}

fn winner(map: &Map, position: &Position) -> Option<Power> {
    map.powers().map(|(power, _)| power).find(|&power| position.centers_of(power) >= map.victory_threshold())
}

fn label(map: &Map, unit: &Unit) -> UnitLabel {
    UnitLabel { power: unit.power, kind: unit.kind, province: map.province_of(unit.region) }
}

fn dislodged_label(map: &Map, dislodged: &Dislodged) -> UnitLabel {
    label(map, &dislodged.unit)
}
