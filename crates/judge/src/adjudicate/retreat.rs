//! Retreat phases: each dislodged unit retreats or disbands; two retreats to one province both disband.

use super::movement::fleet_destination;
use super::outcome::{Failure, Invalid, OrderStatus};
use super::{Adjudication, Extensions, OrderResult, Submission, dislodged_label};
use crate::UnitType;
use crate::geo::{Map, RegionId, Set128};
use crate::order::{Location, Order};
use crate::position::{Dislodged, Position, Unit};

/// Where a dislodged unit may retreat: adjacent, empty, not left empty by a standoff, and not the province
/// the attack came from (unless that attack was convoyed).
pub fn retreat_options(map: &Map, position: &Position, dislodged: &Dislodged) -> Vec<RegionId> {
    if let Some(retreats) = &dislodged.retreats {
        return retreats.clone();
    }
    let mut occupied = Set128::default();
    for unit in &position.units {
        occupied.insert(map.province_of(unit.region).0);
    }
    let unit = &dislodged.unit;
    let here = map.province_of(unit.region);
    let candidates: Vec<RegionId> = match unit.kind {
        UnitType::Army => {
            map.province(here).army_neighbours.iter().map(|p| map.main_region(crate::ProvinceId(p))).collect()
        }
        UnitType::Fleet => map.region(unit.region).fleet_neighbours.iter().map(RegionId).collect(),
    };
    candidates
        .into_iter()
        .filter(|&region| {
            let province = map.province_of(region);
            !occupied.contains(province.0)
                && !position.contested.contains(&province)
                && (dislodged.by_convoy || province != dislodged.attacked_from)
        })
        .collect()
}

pub(super) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[Submission],
    extensions: &Extensions,
) -> Adjudication {
    let mut results: Vec<OrderResult> =
        orders.iter().map(|s| OrderResult { power: s.power, status: OrderStatus::Succeeds }).collect();
    // For each dislodged unit: the submission that orders it and where it goes (None: disband).
    let mut chosen: Vec<Option<(usize, Option<RegionId>)>> = vec![None; position.dislodged.len()];
    for (k, submission) in orders.iter().enumerate() {
        match retreat_choice(map, position, submission, extensions) {
            Ok((index, destination)) => {
                results[k].power = Some(submission.power.unwrap_or(position.dislodged[index].unit.power));
                if let Some((previous, _)) = chosen[index].replace((k, destination)) {
                    results[previous].status = OrderStatus::Invalid(Invalid::Replaced);
                }
            }
            Err(invalid) => results[k].status = OrderStatus::Invalid(invalid),
        }
    }
    let mut next = Position { dislodged: Vec::new(), contested: Vec::new(), ..position.clone() };
    let mut destroyed = Vec::new();
    for (index, dislodged) in position.dislodged.iter().enumerate() {
        let retreat = chosen[index].and_then(|(k, destination)| destination.map(|region| (k, region)));
        let Some((k, region)) = retreat else {
            destroyed.push(dislodged.unit);
            continue;
        };
        let province = map.province_of(region);
        let rivals: Vec<usize> = (0..position.dislodged.len())
            .filter(|&other| other != index)
            .filter(|&other| matches!(chosen[other], Some((_, Some(r))) if map.province_of(r) == province))
            .collect();
        if rivals.is_empty() {
            next.units.push(Unit { region, ..dislodged.unit });
        } else {
            let with = rivals.iter().map(|&r| dislodged_label(map, &position.dislodged[r])).collect();
            results[k].status = OrderStatus::Fails(Failure::RetreatCollision { with });
            destroyed.push(dislodged.unit);
        }
    }
    Adjudication { results, next, destroyed, winner: None }
}

/// Which dislodged unit a retreat-phase order is for, and where it retreats (`None` to disband).
fn retreat_choice(
    map: &Map,
    position: &Position,
    submission: &Submission,
    extensions: &Extensions,
) -> Result<(usize, Option<RegionId>), Invalid> {
    let (unit_ref, to) = match submission.order {
        Order::Retreat { unit, to } | Order::Move { unit, to, via_convoy: false } => (unit, Some(to)),
        Order::Disband { unit } | Order::Remove { unit } => (unit, None),
        Order::Move { .. }
        | Order::Hold { .. }
        | Order::Support { .. }
        | Order::Convoy { .. }
        | Order::Build { .. }
        | Order::Waive => {
            return Err(Invalid::WrongPhase);
        }
    };
    let at = unit_ref.at.province;
    let index = position
        .dislodged
        .iter()
        .position(|d| map.province_of(d.unit.region) == at)
        .ok_or(Invalid::NotDislodged { at })?;
    let dislodged = &position.dislodged[index];
    let unit = dislodged.unit;
    if let Some(kind) = unit_ref.kind
        && kind != unit.kind
    {
        return Err(Invalid::WrongUnitType { at, actual: unit.kind });
    }
    let sheet = submission.power.unwrap_or(unit.power);
    if !extensions.may_command(sheet, unit.power, at) {
        return Err(match extensions.command_grants {
            Some(_) => Invalid::NotCommandable,
            None => Invalid::ForeignUnit { owner: unit.power },
        });
    }
    let Some(to) = to else { return Ok((index, None)) };
    let region = retreat_destination(map, position, dislodged, to)?;
    Ok((index, Some(region)))
}

fn retreat_destination(
    map: &Map,
    position: &Position,
    dislodged: &Dislodged,
    to: Location,
) -> Result<RegionId, Invalid> {
    let unit = &dislodged.unit;
    let destination = to.province;
    let region = match unit.kind {
        UnitType::Army => {
            if !map.army_adjacent(map.province_of(unit.region), destination) {
                return Err(Invalid::NotAdjacent { to: destination });
            }
            map.main_region(destination)
        }
        UnitType::Fleet => fleet_destination(map, unit.region, to)?,
    };
    if retreat_options(map, position, dislodged).contains(&region) {
        return Ok(region);
    }
    Err(if position.units.iter().any(|u| map.province_of(u.region) == destination) {
        Invalid::RetreatOccupied { to: destination }
    } else if position.contested.contains(&destination) {
        Invalid::RetreatToStandoff { to: destination }
    } else if destination == dislodged.attacked_from {
        Invalid::RetreatToAttackerOrigin { to: destination }
    } else {
        Invalid::NotAdjacent { to: destination }
    })
}
