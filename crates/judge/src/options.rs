//! The legal orders of a power in a phase: for each unit it may command, every order the judge would
//! accept, and for adjustments the builds and removals open to it. Order forms are built from this.

use crate::UnitType;
use crate::adjudicate::{Extensions, adjustment_due, buildable_sites, retreat_options};
use crate::geo::{Map, Power, ProvinceId, RegionId, Set128, Terrain};
use crate::order::{Location, Order, UnitRef};
use crate::phase::PhaseKind;
use crate::position::{Position, Unit};

/// Every legal order for one unit, hold (or disband) first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitOptions {
    pub unit: Unit,
    pub orders: Vec<Order>,
}

/// What a power may do in an adjustment phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdjustmentOptions {
    /// Builds the power may make (0 when it must remove units).
    pub builds_allowed: usize,
    /// Units the power must remove (0 when it may build).
    pub removals_due: usize,
    /// One order per possible build (each unit type, each coast), then `Waive`; or one `Remove` per unit.
    pub orders: Vec<Order>,
}

/// The legal orders of one power for the position's phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalOrders {
    /// Movement and retreat phases: one entry per unit the power commands.
    pub units: Vec<UnitOptions>,
    /// Adjustment phases only.
    pub adjustment: Option<AdjustmentOptions>,
}

/// The legal orders of `power` for the phase of `position`, honouring the variant's extensions (units it
/// may command, units forced to hold, closed build sites and center counts).
pub fn legal_orders(map: &Map, position: &Position, power: Power, extensions: &Extensions) -> LegalOrders {
    match position.phase.kind {
        PhaseKind::Movement => LegalOrders {
            units: position
                .units
                .iter()
                .filter(|unit| commands(extensions, power, map, unit))
                .map(|unit| UnitOptions { unit: *unit, orders: movement_orders(map, position, unit, extensions) })
                .collect(),
            adjustment: None,
        },
        PhaseKind::Retreat => LegalOrders {
            units: position
                .dislodged
                .iter()
                .filter(|dislodged| commands(extensions, power, map, &dislodged.unit))
                .map(|dislodged| {
                    let unit_ref = unit_ref(map, &dislodged.unit);
                    let mut orders = vec![Order::Disband { unit: unit_ref }];
                    orders.extend(
                        retreat_options(map, position, dislodged)
                            .into_iter()
                            .map(|region| Order::Retreat { unit: unit_ref, to: location(map, region) }),
                    );
                    UnitOptions { unit: dislodged.unit, orders }
                })
                .collect(),
            adjustment: None,
        },
        PhaseKind::Adjustment => {
            LegalOrders { units: Vec::new(), adjustment: Some(adjustment_orders(map, position, power, extensions)) }
        }
    }
}

/// Whether `power` has anything to order in the phase of `position`: exactly when [`legal_orders`] would
/// offer a unit or a build or removal, without listing every order (a turn worker asks this of every
/// seat of every due game).
pub fn has_orders_to_give(map: &Map, position: &Position, power: Power, extensions: &Extensions) -> bool {
    match position.phase.kind {
        PhaseKind::Movement => position.units.iter().any(|unit| commands(extensions, power, map, unit)),
        PhaseKind::Retreat => {
            position.dislodged.iter().any(|dislodged| commands(extensions, power, map, &dislodged.unit))
        }
        PhaseKind::Adjustment => {
            let adjustment = adjustment_orders(map, position, power, extensions);
            adjustment.builds_allowed > 0 || adjustment.removals_due > 0
        }
    }
}

fn commands(extensions: &Extensions, power: Power, map: &Map, unit: &Unit) -> bool {
    match &extensions.command_grants {
        Some(grants) => grants.contains(&(power, map.province_of(unit.region))),
        None => unit.power == power,
    }
}

fn unit_ref(map: &Map, unit: &Unit) -> UnitRef {
    UnitRef { kind: Some(unit.kind), at: location(map, unit.region) }
}

fn location(map: &Map, region: RegionId) -> Location {
    Location { province: map.province_of(region), coast: map.region(region).coast }
}

fn movement_orders(map: &Map, position: &Position, unit: &Unit, extensions: &Extensions) -> Vec<Order> {
    let me = unit_ref(map, unit);
    let mut orders = vec![Order::Hold { unit: me }];
    let here = map.province_of(unit.region);
    if extensions.forced_hold.contains(&here) {
        return orders;
    }
    let fleets_at_sea = fleets_at_sea(map, position);
    for (to, via_convoy) in destinations(map, unit, fleets_at_sea) {
        orders.push(Order::Move { unit: me, to, via_convoy });
    }
    for other in position.units.iter().filter(|other| *other != unit) {
        let other_ref = unit_ref(map, other);
        let there = map.province_of(other.region);
        if map.can_reach(unit.kind, unit.region, there) {
            orders.push(Order::Support { unit: me, supported: other_ref, to: None });
        }
        let mut supported_into: Vec<ProvinceId> = destinations(map, other, fleets_at_sea)
            .into_iter()
            .map(|(to, _)| to.province)
            .filter(|&to| to != here && map.can_reach(unit.kind, unit.region, to))
            .collect();
        supported_into.sort();
        supported_into.dedup();
        for to in supported_into {
            orders.push(Order::Support { unit: me, supported: other_ref, to: Some(Location::province(to)) });
        }
    }
    if unit.kind == UnitType::Fleet && map.is_sea(here) {
        orders.extend(convoy_orders(map, position, me, here, fleets_at_sea));
    }
    orders
}

/// The convoys a fleet in the sea `here` could take part in: an army on a coast carried to another coast
/// along a chain of seas that all hold fleets now, `here` among them. Any fleets, not only this power's:
/// another power's fleets may convoy too. A convoy no such chain can make is never a successful
/// order, and listing every coast the open sea touches (the whole board) drowned the forms.
fn convoy_orders(map: &Map, position: &Position, me: UnitRef, here: ProvinceId, fleets: Set128) -> Vec<Order> {
    let chain = fleet_chain(map, here, fleets);
    let touches_chain = |province: ProvinceId| map.seas_touching(province).0 & chain.0 != 0;
    let mut orders = Vec::new();
    for army in position.units.iter().filter(|unit| unit.kind == UnitType::Army) {
        let from = map.province_of(army.region);
        if map.province(from).terrain != Terrain::Coast || !touches_chain(from) {
            continue;
        }
        for (to, _) in map.provinces().filter(|(to, p)| p.terrain == Terrain::Coast && *to != from) {
            if touches_chain(to) {
                orders.push(Order::Convoy { unit: me, army: unit_ref(map, army), to: Location::province(to) });
            }
        }
    }
    orders
}

/// The seas holding fleets that connect to `sea` through seas holding fleets (`sea` included): every
/// chain a convoy through `sea` could use lies within it.
fn fleet_chain(map: &Map, sea: ProvinceId, fleets: Set128) -> Set128 {
    let mut chain = Set128::default();
    let mut frontier = vec![sea.0];
    while let Some(next) = frontier.pop() {
        if chain.contains(next) {
            continue;
        }
        chain.insert(next);
        frontier.extend(Set128(map.sea_neighbours(ProvinceId(next)).0 & fleets.0 & !chain.0).iter());
    }
    chain
}

fn fleets_at_sea(map: &Map, position: &Position) -> Set128 {
    let mut seas = Set128::default();
    for unit in &position.units {
        let province = map.province_of(unit.region);
        if unit.kind == UnitType::Fleet && map.is_sea(province) {
            seas.insert(province.0);
        }
    }
    seas
}

/// Where a unit may be ordered to move: each adjacent region (each coast for fleets), and for armies each
/// coastal province a chain of fleets now at sea could carry it to (adjacent ones marked via convoy).
fn destinations(map: &Map, unit: &Unit, fleets_at_sea: Set128) -> Vec<(Location, bool)> {
    let here = map.province_of(unit.region);
    match unit.kind {
        UnitType::Fleet => {
            map.region(unit.region).fleet_neighbours.iter().map(|r| (location(map, RegionId(r)), false)).collect()
        }
        UnitType::Army => {
            let mut moves: Vec<(Location, bool)> =
                map.province(here).army_neighbours.iter().map(|p| (Location::province(ProvinceId(p)), false)).collect();
            if map.province(here).terrain == Terrain::Coast {
                let reached = seas_reached(map, here, fleets_at_sea);
                for (to, province) in map.provinces() {
                    if province.terrain == Terrain::Coast && to != here && map.seas_touching(to).0 & reached.0 != 0 {
                        moves.push((Location::province(to), map.army_adjacent(here, to)));
                    }
                }
            }
            moves
        }
    }
}

/// Seas with fleets that a chain of fleets starting next to `from` reaches.
fn seas_reached(map: &Map, from: ProvinceId, fleets: Set128) -> Set128 {
    let mut reached = Set128::default();
    let mut frontier: Vec<u8> = Set128(map.seas_touching(from).0 & fleets.0).iter().collect();
    while let Some(sea) = frontier.pop() {
        if reached.contains(sea) {
            continue;
        }
        reached.insert(sea);
        frontier.extend(Set128(map.sea_neighbours(ProvinceId(sea)).0 & fleets.0 & !reached.0).iter());
    }
    reached
}

fn adjustment_orders(map: &Map, position: &Position, power: Power, extensions: &Extensions) -> AdjustmentOptions {
    let due = adjustment_due(position, power, extensions);
    let mut options = AdjustmentOptions::default();
    if due > 0 {
        let sites = buildable_sites(map, position, power, extensions);
        options.builds_allowed = (due as usize).min(sites.len());
        for site in sites {
            let province = map.province(site);
            options.orders.push(Order::Build { kind: UnitType::Army, at: Location::province(site) });
            if province.terrain == Terrain::Coast {
                for &region in
                    map.coasts(site).iter().chain(map.coasts(site).is_empty().then_some(&province.regions[0]))
                {
                    options.orders.push(Order::Build { kind: UnitType::Fleet, at: location(map, region) });
                }
            }
        }
        if options.builds_allowed > 0 {
            options.orders.push(Order::Waive);
        }
    } else if due < 0 {
        options.removals_due = due.unsigned_abs() as usize;
        options.orders = position
            .units
            .iter()
            .filter(|unit| unit.power == power)
            .map(|unit| Order::Remove { unit: unit_ref(map, unit) })
            .collect();
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phase::Phase;

    fn unit(map: &Map, power: &str, kind: UnitType, at: &str) -> Unit {
        Unit { power: map.find_power(power).unwrap(), kind, region: map.find_region(at).unwrap() }
    }

    fn convoys_of(map: &Map, position: &Position, fleet: &Unit) -> Vec<Order> {
        legal_orders(map, position, fleet.power, &Extensions::default())
            .units
            .into_iter()
            .find(|options| options.unit == *fleet)
            .map(|options| options.orders.into_iter().filter(|order| matches!(order, Order::Convoy { .. })).collect())
            .unwrap_or_default()
    }

    #[test]
    fn a_fleet_offers_only_convoys_a_chain_of_fleets_could_make() {
        let map = Map::standard().unwrap();
        let mut position = Position::starting(&map);
        position.phase = Phase::parse("S1901M").unwrap();
        let north_sea = unit(&map, "England", UnitType::Fleet, "nth");
        let ionian = unit(&map, "Italy", UnitType::Fleet, "ion");
        position.units = vec![
            unit(&map, "England", UnitType::Army, "lon"),
            north_sea,
            ionian,
            unit(&map, "Italy", UnitType::Army, "nap"),
        ];
        let to = |order: &Order| match order {
            Order::Convoy { to, .. } => map.province(to.province).name.clone(),
            _ => String::new(),
        };
        let north: Vec<String> = convoys_of(&map, &position, &north_sea).iter().map(to).collect();
        // London's army to every coast of the North Sea, Naples' army nowhere (no chain reaches it).
        assert!(north.iter().any(|name| name.eq_ignore_ascii_case("norway")), "{north:?}");
        assert!(!north.iter().any(|name| name.eq_ignore_ascii_case("tunis")), "{north:?}");
        assert_eq!(north.len(), 6, "{north:?}");
        let ionian_convoys = convoys_of(&map, &position, &ionian);
        assert!(ionian_convoys.iter().all(|order| matches!(order, Order::Convoy { army, .. }
            if map.province(army.at.province).name.eq_ignore_ascii_case("naples"))));
    }
}
