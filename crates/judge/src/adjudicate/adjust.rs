//! Adjustment phases: builds on vacant owned home centers up to the power's surplus of centers, removals
//! down to its center count, and civil-disorder removals when a power orders too few.

use super::movement::commanded_unit;
use super::outcome::{Invalid, OrderStatus};
use super::{Adjudication, Extensions, OrderResult, Submission};
use crate::UnitType;
use crate::geo::{Map, Power, ProvinceId, RegionId, Set128, Terrain};
use crate::order::{Location, Order};
use crate::position::{Position, Unit};

/// Whether any power has a build it could make or a removal it must make.
pub(super) fn has_anything_to_decide(map: &Map, position: &Position, extensions: &Extensions) -> bool {
    map.powers().any(|(power, _)| {
        let centers = extensions.centers_for_adjustment(position, power);
        let units = position.units_of(power);
        units > centers || (centers > units && !buildable_sites(map, position, power, extensions).is_empty())
    })
}

/// Home centers where `power` could build now: owned, vacant and not closed by the variant.
pub fn buildable_sites(map: &Map, position: &Position, power: Power, extensions: &Extensions) -> Vec<ProvinceId> {
    map.home_centers(power)
        .filter(|&center| position.owner(center) == Some(power))
        .filter(|&center| position.unit_in(map, center).is_none())
        .filter(|center| !extensions.forbidden_builds.contains(center))
        .collect()
}

/// Builds (positive) or removals (negative) due for a power.
pub fn adjustment_due(position: &Position, power: Power, extensions: &Extensions) -> i32 {
    extensions.centers_for_adjustment(position, power) as i32 - position.units_of(power) as i32
}

pub(super) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[Submission],
    extensions: &Extensions,
) -> Adjudication {
    let mut results: Vec<OrderResult> =
        orders.iter().map(|s| OrderResult { power: s.power, status: OrderStatus::Succeeds }).collect();
    // Indexed by every possible power number, so that an order naming a power the map lacks is simply
    // refused (no builds or removals due) instead of reaching past the end.
    let mut due = vec![0i32; usize::from(u8::MAX) + 1];
    for (power, _) in map.powers() {
        due[power.0 as usize] = adjustment_due(position, power, extensions);
    }
    let mut used = vec![0i32; due.len()];
    let mut built: Vec<Unit> = Vec::new();
    let mut removed: Vec<usize> = Vec::new();
    let occupant = occupants(map, position);
    for (k, submission) in orders.iter().enumerate() {
        let outcome = match submission.order {
            Order::Build { kind, at } => {
                build(map, position, submission.power, kind, at, extensions, &due, &used, &built).map(|unit| {
                    built.push(unit);
                    unit.power
                })
            }
            Order::Waive => match submission.power {
                None => Err(Invalid::NoPower),
                Some(power) if used[power.0 as usize] < due[power.0 as usize] => Ok(power),
                Some(_) => Err(Invalid::NoBuildsLeft),
            },
            Order::Remove { unit } | Order::Disband { unit } => {
                commanded_unit(&position.units, &occupant, submission.power, unit, extensions).and_then(|index| {
                    let power = position.units[index].power;
                    if removed.contains(&index) {
                        Err(Invalid::AlreadyRemoved)
                    } else if used[power.0 as usize] >= -due[power.0 as usize] {
                        Err(Invalid::NoRemovalsDue)
                    } else {
                        removed.push(index);
                        Ok(power)
                    }
                })
            }
            Order::Hold { .. }
            | Order::Move { .. }
            | Order::Support { .. }
            | Order::Convoy { .. }
            | Order::Retreat { .. } => Err(Invalid::WrongPhase),
        };
        match outcome {
            Ok(power) => {
                results[k].power = Some(power);
                used[power.0 as usize] += 1;
            }
            Err(invalid) => results[k].status = OrderStatus::Invalid(invalid),
        }
    }
    let mut destroyed = Vec::new();
    for (power, _) in map.powers() {
        let missing = (-due[power.0 as usize] - used[power.0 as usize]).max(0) as usize;
        for index in civil_disorder_removals(map, position, power, &removed, missing) {
            removed.push(index);
            destroyed.push(position.units[index]);
        }
    }
    let mut next = position.clone();
    next.units = position
        .units
        .iter()
        .enumerate()
        .filter(|(index, _)| !removed.contains(index))
        .map(|(_, unit)| *unit)
        .chain(built)
        .collect();
    Adjudication { results, next, destroyed, winner: None }
}

fn occupants(map: &Map, position: &Position) -> Vec<Option<usize>> {
    let mut occupant = vec![None; map.province_count()];
    for (index, unit) in position.units.iter().enumerate() {
        occupant[map.province_of(unit.region).0 as usize] = Some(index);
    }
    occupant
}

#[allow(clippy::too_many_arguments)]
fn build(
    map: &Map,
    position: &Position,
    sheet: Option<Power>,
    kind: UnitType,
    at: Location,
    extensions: &Extensions,
    due: &[i32],
    used: &[i32],
    built: &[Unit],
) -> Result<Unit, Invalid> {
    let site = at.province;
    let home_of = map.province(site).home_of.filter(|_| map.province(site).supply_center);
    let power = sheet.or(home_of).ok_or(Invalid::NotHomeCenter { at: site })?;
    if home_of != Some(power) {
        return Err(Invalid::NotHomeCenter { at: site });
    }
    if position.owner(site) != Some(power) {
        return Err(Invalid::CenterNotOwned { at: site });
    }
    if position.unit_in(map, site).is_some() {
        return Err(Invalid::SiteOccupied { at: site });
    }
    if built.iter().any(|u| map.province_of(u.region) == site) {
        return Err(Invalid::BuildAlreadyOrdered { at: site });
    }
    if extensions.forbidden_builds.contains(&site) {
        return Err(Invalid::BuildForbidden { at: site });
    }
    if used[power.0 as usize] >= due[power.0 as usize] {
        return Err(Invalid::NoBuildsLeft);
    }
    let region = build_region(map, kind, at)?;
    Ok(Unit { power, kind, region })
}

fn build_region(map: &Map, kind: UnitType, at: Location) -> Result<RegionId, Invalid> {
    let site = at.province;
    match kind {
        UnitType::Army => Ok(map.main_region(site)),
        UnitType::Fleet if map.province(site).terrain != Terrain::Coast => Err(Invalid::CannotEnter { to: site }),
        UnitType::Fleet if map.has_split_coasts(site) => match at.coast {
            None => Err(Invalid::CoastNeeded { to: site }),
            Some(coast) => map.region_with_coast(site, Some(coast)).ok_or(Invalid::CoastUnreachable { to: site }),
        },
        UnitType::Fleet => Ok(map.main_region(site)),
    }
}

/// The rulebook's civil disorder: remove the units farthest from home (armies may count through seas,
/// fleets only by water), fleets before armies at equal distance, then by province name.
fn civil_disorder_removals(
    map: &Map,
    position: &Position,
    power: Power,
    removed: &[usize],
    count: usize,
) -> Vec<usize> {
    if count == 0 {
        return Vec::new();
    }
    let mut candidates: Vec<(u32, UnitType, &str, usize)> = position
        .units
        .iter()
        .enumerate()
        .filter(|(index, unit)| unit.power == power && !removed.contains(index))
        .map(|(index, unit)| {
            let distance = distance_home(map, power, unit);
            (distance, unit.kind, map.province_key(map.province_of(unit.region)), index)
        })
        .collect();
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    candidates.into_iter().take(count).map(|(_, _, _, index)| index).collect()
}

/// Moves from the unit to the nearest of its power's home centers.
fn distance_home(map: &Map, power: Power, unit: &Unit) -> u32 {
    let mut homes = Set128::default();
    for center in map.home_centers(power) {
        homes.insert(center.0);
    }
    map.unit_distance(unit.kind, unit.region, homes).unwrap_or(u32::MAX)
}
