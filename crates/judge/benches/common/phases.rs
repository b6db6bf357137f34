//! The seeded generator of realistic full-board Spring movement phases shared by the criterion bench
//! (`benches/adjudicate.rs`) and the whole-process batch input (`examples/batch_phases.rs`): about 30
//! units spread over the seven powers (mostly near their home centers, so that fronts form), with holds,
//! moves, supports to hold and to move, and convoys carried by real fleets at sea.

use judge::{Location, Map, Order, Position, ProvinceId, RegionId, Submission, Terrain, Unit, UnitRef, UnitType};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `count` phases from `seed`: the same seed and count always give the same phases, and a longer run
/// starts with the phases of a shorter one.
pub fn generate(map: &Map, count: usize, seed: u64) -> Vec<(Position, Vec<Submission>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let nearest_power = nearest_home_power(map);
    (0..count)
        .map(|_| {
            let position = random_position(map, &nearest_power, &mut rng);
            let orders = random_orders(map, &position, &mut rng);
            (position, orders)
        })
        .collect()
}

/// For each province, the power whose home center is fewest steps away (by any unit's moves).
fn nearest_home_power(map: &Map) -> Vec<judge::Power> {
    map.provinces()
        .map(|(start, _)| {
            let mut seen = vec![false; map.province_count()];
            let mut frontier = vec![start];
            seen[start.0 as usize] = true;
            loop {
                if let Some(power) = frontier.iter().find_map(|&p| map.province(p).home_of) {
                    return power;
                }
                let mut next = Vec::new();
                for &province in &frontier {
                    for neighbour in neighbours(map, province) {
                        if !std::mem::replace(&mut seen[neighbour.0 as usize], true) {
                            next.push(neighbour);
                        }
                    }
                }
                frontier = next;
            }
        })
        .collect()
}

fn neighbours(map: &Map, province: ProvinceId) -> Vec<ProvinceId> {
    let mut all = map.province(province).army_neighbours;
    for &region in &map.province(province).regions {
        for neighbour in map.region(region).fleet_neighbours.iter() {
            all.insert(map.province_of(RegionId(neighbour)).0);
        }
    }
    all.iter().map(ProvinceId).collect()
}

fn random_position(map: &Map, nearest_power: &[judge::Power], rng: &mut ChaCha8Rng) -> Position {
    let mut provinces: Vec<ProvinceId> = map.provinces().map(|(id, _)| id).collect();
    provinces.shuffle(rng);
    let count = rng.random_range(26..=34);
    let units = provinces
        .into_iter()
        .take(count)
        .map(|province| {
            let power = if rng.random_bool(0.75) {
                nearest_power[province.0 as usize]
            } else {
                judge::Power(rng.random_range(0..map.power_count() as u8))
            };
            let (kind, region) = random_unit_in(map, province, rng);
            Unit { power, kind, region }
        })
        .collect();
    let mut position = Position::starting(map);
    position.units = units;
    position
}

fn random_unit_in(map: &Map, province: ProvinceId, rng: &mut ChaCha8Rng) -> (UnitType, RegionId) {
    let fleet = match map.province(province).terrain {
        Terrain::Sea => true,
        Terrain::Land => false,
        Terrain::Coast => rng.random_bool(0.35),
    };
    if !fleet {
        return (UnitType::Army, map.main_region(province));
    }
    let region = match map.coasts(province).choose(rng) {
        Some(&coast) => coast,
        None => map.main_region(province),
    };
    (UnitType::Fleet, region)
}

pub fn unit_ref(map: &Map, unit: &Unit) -> UnitRef {
    let region = map.region(unit.region);
    UnitRef { kind: Some(unit.kind), at: Location { province: region.province, coast: region.coast } }
}

fn location_of(map: &Map, region: RegionId) -> Location {
    let region = map.region(region);
    Location { province: region.province, coast: region.coast }
}

/// Convoys first (they need an army and its fleets free), then moves, then supports for what others do.
fn random_orders(map: &Map, position: &Position, rng: &mut ChaCha8Rng) -> Vec<Submission> {
    let units = &position.units;
    let mut orders: Vec<Option<Order>> = vec![None; units.len()];
    let mut indexes: Vec<usize> = (0..units.len()).collect();
    indexes.shuffle(rng);
    for &army in &indexes {
        if rng.random_bool(0.4) {
            plan_convoy(map, units, army, &mut orders, rng);
        }
    }
    for &index in &indexes {
        if orders[index].is_none() && rng.random_bool(0.45) {
            orders[index] = random_move(map, &units[index], rng);
        }
    }
    for &index in &indexes {
        if orders[index].is_none() && rng.random_bool(0.75) {
            orders[index] = random_support(map, units, index, &orders, rng);
        }
    }
    units
        .iter()
        .zip(orders)
        .map(|(unit, order)| Submission {
            power: Some(unit.power),
            order: order.unwrap_or(Order::Hold { unit: unit_ref(map, unit) }),
        })
        .collect()
}

/// An army on the coast convoyed by an unordered fleet at sea next to it (and sometimes a second fleet
/// further on) to a coastal province beside the last fleet.
fn plan_convoy(map: &Map, units: &[Unit], army: usize, orders: &mut [Option<Order>], rng: &mut ChaCha8Rng) {
    let unit = &units[army];
    let from = map.province_of(unit.region);
    if unit.kind != UnitType::Army || orders[army].is_some() || map.province(from).terrain != Terrain::Coast {
        return;
    }
    let free_fleet_at_sea = |sea: ProvinceId, orders: &[Option<Order>]| {
        units
            .iter()
            .position(|u| u.kind == UnitType::Fleet && map.province_of(u.region) == sea && map.is_sea(sea))
            .filter(|&fleet| orders[fleet].is_none())
    };
    let seas: Vec<ProvinceId> = map
        .seas_touching(from)
        .iter()
        .map(ProvinceId)
        .filter(|&sea| free_fleet_at_sea(sea, orders).is_some())
        .collect();
    let Some(&first_sea) = seas.choose(rng) else { return };
    let mut route = vec![first_sea];
    let onward: Vec<ProvinceId> = map
        .sea_neighbours(first_sea)
        .iter()
        .map(ProvinceId)
        .filter(|&sea| free_fleet_at_sea(sea, orders).is_some())
        .collect();
    if let Some(&second_sea) = onward.choose(rng)
        && rng.random_bool(0.3)
    {
        route.push(second_sea);
    }
    let last_sea = route[route.len() - 1];
    let landings: Vec<ProvinceId> = map
        .provinces()
        .filter(|(id, province)| {
            province.terrain == Terrain::Coast && *id != from && map.seas_touching(*id).contains(last_sea.0)
        })
        .map(|(id, _)| id)
        .collect();
    let Some(&to) = landings.choose(rng) else { return };
    let army_ref = unit_ref(map, unit);
    orders[army] = Some(Order::Move { unit: army_ref, to: Location::province(to), via_convoy: rng.random_bool(0.5) });
    for sea in route {
        if let Some(fleet) = free_fleet_at_sea(sea, orders) {
            orders[fleet] =
                Some(Order::Convoy { unit: unit_ref(map, &units[fleet]), army: army_ref, to: Location::province(to) });
        }
    }
}

fn random_move(map: &Map, unit: &Unit, rng: &mut ChaCha8Rng) -> Option<Order> {
    let destinations: Vec<Location> = match unit.kind {
        UnitType::Army => map
            .province(map.province_of(unit.region))
            .army_neighbours
            .iter()
            .map(|p| Location::province(ProvinceId(p)))
            .collect(),
        UnitType::Fleet => {
            map.region(unit.region).fleet_neighbours.iter().map(|r| location_of(map, RegionId(r))).collect()
        }
    };
    let &to = destinations.choose(rng)?;
    Some(Order::Move { unit: unit_ref(map, unit), to, via_convoy: false })
}

/// Support for a neighbour's move into a province this unit can reach, or else for a neighbour to hold.
fn random_support(
    map: &Map,
    units: &[Unit],
    index: usize,
    orders: &[Option<Order>],
    rng: &mut ChaCha8Rng,
) -> Option<Order> {
    let unit = &units[index];
    let here = map.province_of(unit.region);
    let mut move_supports = Vec::new();
    let mut hold_supports = Vec::new();
    for (other, other_unit) in units.iter().enumerate().filter(|(other, _)| *other != index) {
        let supported = unit_ref(map, other_unit);
        match orders[other] {
            Some(Order::Move { to, .. })
                if to.province != here && map.can_reach(unit.kind, unit.region, to.province) =>
            {
                move_supports.push(Order::Support {
                    unit: unit_ref(map, unit),
                    supported,
                    to: Some(Location::province(to.province)),
                })
            }
            Some(Order::Move { .. }) => {}
            _ if map.can_reach(unit.kind, unit.region, map.province_of(other_unit.region)) => {
                hold_supports.push(Order::Support { unit: unit_ref(map, unit), supported, to: None })
            }
            _ => {}
        }
    }
    let preferred = if !move_supports.is_empty() && rng.random_bool(0.7) { &move_supports } else { &hold_supports };
    preferred.choose(rng).copied()
}
