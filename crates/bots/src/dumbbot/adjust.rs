//! Winter orders: builds where the new unit is worth most (an army or a fleet, whichever reaches more
//! worth), removals of the units worth least.

use judge::{Location, Map, Order, ProvinceId, RegionId, UnitType};

use super::values::Values;
use crate::rows::Offer;

/// A fleet is built over an army when worth this share of the army or more, so that a power keeps
/// some fleets (armies always see more centers, counting convoys as if they were free).
const FLEET_PREFERENCE: f64 = 1.25;

/// One order per adjustment row: each row offers the same builds (or removals), and no two rows may
/// name one province.
pub fn adjustment_orders(map: &Map, values: &Values<'_, '_>, rows: &[Vec<Offer>]) -> Vec<String> {
    let mut used: Vec<ProvinceId> = Vec::new();
    rows.iter()
        .map(|offers| {
            let best = offers
                .iter()
                .filter_map(|offer| worth(map, values, &offer.order).map(|(province, worth)| (province, worth, offer)))
                .filter(|(province, _, _)| !used.contains(province))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            match best {
                Some((province, _, offer)) => {
                    used.push(province);
                    offer.text.clone()
                }
                None => waive(offers),
            }
        })
        .collect()
}

/// How much an adjustment order is worth, with the province it uses: a build is worth its new unit; a
/// removal is worth more the less its unit is worth.
fn worth(map: &Map, values: &Values<'_, '_>, order: &Order) -> Option<(ProvinceId, f64)> {
    match *order {
        Order::Build { kind, at } => {
            let bias = if kind == UnitType::Fleet { FLEET_PREFERENCE } else { 1.0 };
            Some((at.province, values.of(kind, region(map, at)) * bias))
        }
        Order::Remove { unit } => {
            let kind = unit.kind.unwrap_or(UnitType::Army);
            Some((unit.at.province, -values.of(kind, region(map, unit.at))))
        }
        Order::Hold { .. }
        | Order::Move { .. }
        | Order::Support { .. }
        | Order::Convoy { .. }
        | Order::Retreat { .. }
        | Order::Disband { .. }
        | Order::Waive => None,
    }
}

fn region(map: &Map, at: Location) -> RegionId {
    map.region_with_coast(at.province, at.coast).unwrap_or_else(|| map.main_region(at.province))
}

/// The row's waive, or nothing when it has none (a removal row always finds a unit before this).
fn waive(offers: &[Offer]) -> String {
    offers.iter().find(|offer| offer.order == Order::Waive).map(|offer| offer.text.clone()).unwrap_or_default()
}
