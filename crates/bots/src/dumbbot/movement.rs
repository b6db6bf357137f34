//! Movement orders: each unit takes the most valuable place it can reach (no two units to one place),
//! armies cross the sea where one of the power's fleets can convoy them, and units with nothing better
//! to do support the attacks and the threatened centers that need them.

use judge::{Location, Map, Order, ProvinceId, RegionId};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::picture::{Holder, Picture};
use super::values::Values;
use crate::rows::{Offer, UnitRow};

/// Random spread of a candidate's score, so that equal positions do not always play the same way.
const NOISE: f64 = 0.15;
/// A unit whose own move is worth less than this share of an attack may give up its move to support it.
const SUPPORT_RATHER_THAN_MOVE: f64 = 0.6;
/// Supports an attack asks for at most.
const MAX_SUPPORTS: usize = 2;

/// One unit the planner orders, with where it stands.
struct Mover<'r> {
    row: &'r UnitRow,
    region: RegionId,
}

/// What the planner decided for one unit.
#[derive(Clone, Debug)]
enum Plan {
    Hold { text: String },
    Move { text: String, to: ProvinceId, score: f64 },
    Aid { text: String },
}

/// One possible order with its worth.
struct Candidate {
    unit: usize,
    text: String,
    /// Where the unit ends up if it succeeds.
    to: ProvinceId,
    moves: bool,
    score: f64,
    /// Needs one of the power's fleets to convoy it.
    convoyed: bool,
}

/// The orders for every unit row, in the rows' order.
pub fn movement_orders(
    picture: &Picture<'_>,
    values: &Values<'_, '_>,
    rows: &[UnitRow],
    rng: &mut ChaCha8Rng,
) -> Vec<String> {
    let movers: Vec<Mover<'_>> = rows.iter().map(|row| Mover { row, region: region_of(picture, row) }).collect();
    let mut plans = assign_destinations(picture, values, &movers, rng);
    add_attack_supports(picture, &movers, &mut plans);
    add_defence_supports(picture, &movers, &mut plans);
    plans
        .into_iter()
        .zip(&movers)
        .map(|(plan, mover)| match plan {
            Some(Plan::Hold { text } | Plan::Move { text, .. } | Plan::Aid { text }) => text,
            None => first_offer(mover.row),
        })
        .collect()
}

fn first_offer(row: &UnitRow) -> String {
    row.offers.first().map(|offer| offer.text.clone()).unwrap_or_default()
}

/// The region the row's unit stands in: the board's unit there, or the province itself.
fn region_of(picture: &Picture<'_>, row: &UnitRow) -> RegionId {
    picture
        .unit_in(row.province)
        .filter(|unit| unit.kind == row.kind)
        .map_or_else(|| picture.map.main_region(row.province), |unit| unit.region)
}

fn target_region(map: &Map, to: Location) -> RegionId {
    map.region_with_coast(to.province, to.coast).unwrap_or_else(|| map.main_region(to.province))
}

fn candidates(
    picture: &Picture<'_>,
    values: &Values<'_, '_>,
    movers: &[Mover<'_>],
    rng: &mut ChaCha8Rng,
) -> Vec<Candidate> {
    let map = picture.map;
    let mut found = Vec::new();
    for (unit, mover) in movers.iter().enumerate() {
        for offer in &mover.row.offers {
            let (to, moves, region, convoyed) = match offer.order {
                Order::Hold { .. } => (mover.row.province, false, mover.region, false),
                Order::Move { to, .. } => {
                    let adjacent = map.can_reach(mover.row.kind, mover.region, to.province);
                    (to.province, true, target_region(map, to), !adjacent)
                }
                _ => continue,
            };
            let noise = 1.0 + rng.random_range(0.0..NOISE);
            let score = values.of(mover.row.kind, region) * noise;
            found.push(Candidate { unit, text: offer.text.clone(), to, moves, score, convoyed });
        }
    }
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
    found
}

/// Gives each unit its best destination, best candidates first: a place is taken once, an own unit's
/// place only once that unit has moved out (and not by swapping with it).
fn assign_destinations(
    picture: &Picture<'_>,
    values: &Values<'_, '_>,
    movers: &[Mover<'_>],
    rng: &mut ChaCha8Rng,
) -> Vec<Option<Plan>> {
    let mut plans: Vec<Option<Plan>> = vec![None; movers.len()];
    let mut taken: Vec<ProvinceId> = Vec::new();
    for candidate in candidates(picture, values, movers, rng) {
        if plans[candidate.unit].is_some() || taken.contains(&candidate.to) {
            continue;
        }
        if candidate.moves && !may_enter(movers, &plans, candidate.unit, candidate.to) {
            continue;
        }
        if candidate.moves && stands_unordered(picture, movers, candidate.to) {
            continue;
        }
        if candidate.convoyed {
            let Some((fleet, text)) = free_convoy(movers, &plans, &movers[candidate.unit], candidate.to) else {
                continue;
            };
            plans[fleet] = Some(Plan::Aid { text });
        }
        taken.push(candidate.to);
        plans[candidate.unit] = Some(if candidate.moves {
            Plan::Move { text: candidate.text, to: candidate.to, score: candidate.score }
        } else {
            Plan::Hold { text: candidate.text }
        });
    }
    plans
}

/// Whether a unit may plan to enter `to`: free of the power's units, or left by one that moves
/// elsewhere than where this unit stands.
fn may_enter(movers: &[Mover<'_>], plans: &[Option<Plan>], unit: usize, to: ProvinceId) -> bool {
    let Some(resident) = movers.iter().position(|mover| mover.row.province == to) else {
        return true;
    };
    match &plans[resident] {
        Some(Plan::Move { to: going, .. }) => *going != movers[unit].row.province,
        Some(Plan::Hold { .. } | Plan::Aid { .. }) | None => false,
    }
}

/// Whether one of the power's units this seat does not order stands in `to` (a Cabinet commander's
/// counterpart's unit): it may well stay, so entering would only bounce.
fn stands_unordered(picture: &Picture<'_>, movers: &[Mover<'_>], to: ProvinceId) -> bool {
    picture.unit_in(to).is_some_and(|unit| unit.mine) && !movers.iter().any(|mover| mover.row.province == to)
}

/// A fleet of the power with no plan yet that can carry the army alone, and its convoy order.
fn free_convoy(
    movers: &[Mover<'_>],
    plans: &[Option<Plan>],
    army: &Mover<'_>,
    to: ProvinceId,
) -> Option<(usize, String)> {
    movers.iter().enumerate().filter(|(index, _)| plans[*index].is_none()).find_map(|(index, fleet)| {
        fleet
            .row
            .offers
            .iter()
            .find(|offer| match offer.order {
                Order::Convoy { army: carried, to: there, .. } => {
                    carried.at.province == army.row.province && there.province == to
                }
                _ => false,
            })
            .map(|offer| (index, offer.text.clone()))
    })
}

/// How many supports a move into `to` wants: an enemy standing there, and enemies that could contest it.
fn supports_wanted(picture: &Picture<'_>, to: ProvinceId) -> usize {
    let defended = picture.unit_in(to).is_some_and(|unit| !unit.mine);
    let contested = picture.enemies_reaching(to) > 0;
    (usize::from(defended) + usize::from(contested)).min(MAX_SUPPORTS)
}

/// Whether a unit may leave its plan to support: it holds on a place nobody threatens, or its move is
/// worth much less than `worth`; and no other unit of the power plans to enter where it stands.
fn is_free(picture: &Picture<'_>, movers: &[Mover<'_>], plans: &[Option<Plan>], unit: usize, worth: f64) -> bool {
    let here = movers[unit].row.province;
    let awaited = plans.iter().any(|plan| matches!(plan, Some(Plan::Move { to, .. }) if *to == here));
    if awaited {
        return false;
    }
    match &plans[unit] {
        Some(Plan::Hold { .. }) => !defends(picture, here),
        Some(Plan::Move { score, .. }) => *score < worth * SUPPORT_RATHER_THAN_MOVE,
        Some(Plan::Aid { .. }) | None => false,
    }
}

/// Whether a unit holding here defends one of the power's centers from a possible attack.
fn defends(picture: &Picture<'_>, province: ProvinceId) -> bool {
    picture.holder(province) == Some(Holder::Mine) && picture.enemies_reaching(province) > 0
}

/// The support order in a unit's row for `supported` (standing in `from`) into `to` (`None`: to hold).
fn support_offer(row: &UnitRow, from: ProvinceId, to: Option<ProvinceId>) -> Option<&Offer> {
    row.offers.iter().find(|offer| match offer.order {
        Order::Support { supported, to: target, .. } => {
            supported.at.province == from && target.map(|at| at.province) == to
        }
        _ => false,
    })
}

/// The most valuable attacks first, each gets the supports it wants from units that are free.
fn add_attack_supports(picture: &Picture<'_>, movers: &[Mover<'_>], plans: &mut [Option<Plan>]) {
    let mut attacks: Vec<(usize, ProvinceId, f64)> = plans
        .iter()
        .enumerate()
        .filter_map(|(unit, plan)| match plan {
            Some(Plan::Move { to, score, .. }) => Some((unit, *to, *score)),
            _ => None,
        })
        .collect();
    attacks.sort_by(|a, b| b.2.total_cmp(&a.2));
    for (attacker, to, worth) in attacks {
        let from = movers[attacker].row.province;
        for _ in 0..supports_wanted(picture, to) {
            let helper = (0..movers.len()).find_map(|unit| {
                let offer = support_offer(movers[unit].row, from, Some(to))?;
                (unit != attacker && is_free(picture, movers, plans, unit, worth)).then(|| (unit, offer.text.clone()))
            });
            let Some((unit, text)) = helper else { break };
            plans[unit] = Some(Plan::Aid { text });
        }
    }
}

/// Units holding on a threatened center of the power get a support to hold from a free unit.
fn add_defence_supports(picture: &Picture<'_>, movers: &[Mover<'_>], plans: &mut [Option<Plan>]) {
    for holder in 0..movers.len() {
        let here = movers[holder].row.province;
        if !matches!(plans[holder], Some(Plan::Hold { .. })) || !defends(picture, here) {
            continue;
        }
        let helper = (0..movers.len()).find_map(|unit| {
            let offer = support_offer(movers[unit].row, here, None)?;
            (unit != holder && is_free(picture, movers, plans, unit, f64::INFINITY)).then(|| (unit, offer.text.clone()))
        });
        if let Some((unit, text)) = helper {
            plans[unit] = Some(Plan::Aid { text });
        }
    }
}

/// Retreats: each dislodged unit to its most valuable open place (never two to one), or disbands.
pub fn retreat_orders(picture: &Picture<'_>, values: &Values<'_, '_>, rows: &[UnitRow]) -> Vec<String> {
    let map = picture.map;
    let mut taken: Vec<ProvinceId> = Vec::new();
    rows.iter()
        .map(|row| {
            let best = row
                .offers
                .iter()
                .filter_map(|offer| match offer.order {
                    Order::Retreat { to, .. } if !taken.contains(&to.province) => {
                        Some((values.of(row.kind, target_region(map, to)), to.province, offer))
                    }
                    _ => None,
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            match best {
                Some((_, to, offer)) => {
                    taken.push(to);
                    offer.text.clone()
                }
                None => disband_or_first(row),
            }
        })
        .collect()
}

fn disband_or_first(row: &UnitRow) -> String {
    row.offers
        .iter()
        .find(|offer| matches!(offer.order, Order::Disband { .. }))
        .map_or_else(|| first_offer(row), |offer| offer.text.clone())
}
