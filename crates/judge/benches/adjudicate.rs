//! Movement-phase adjudication speed, compared in the same run with the `diplomacy` crate (0.2) on the
//! same phases. Results and how to reproduce them: `docs/performance.md`, section "Judge".
//!
//! A seeded generator builds realistic full-board Spring movement phases: about 30 units spread over the
//! seven powers (mostly near their home centers, so that fronts form), with holds, moves, supports to
//! hold and to move, and convoys carried by real fleets at sea. Each phase is built once as judge types
//! and once as `diplomacy` types before timing starts, so neither side pays for parsing; both sides pay
//! for building their internal structures from the position and the orders, and for results that say why.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use diplomacy::geo::{Coast as TheirCoast, ProvinceKey, RegionKey};
use diplomacy::judge::{MappedMainOrder, Rulebook, Submission as TheirSubmission};
use diplomacy::order::{ConvoyedMove, MainCommand, MoveCommand, SupportedOrder};
use diplomacy::{Nation, UnitPosition, UnitType as TheirUnitType};
use judge::{
    Coast, Extensions, Location, Map, Order, Position, ProvinceId, RegionId, Submission, Terrain, Unit, UnitRef,
    UnitType, adjudicate,
};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many distinct phases each measurement adjudicates; the figure reported is time per phase.
const PHASES: usize = 100;
const SEED: u64 = 1901;

/// One generated phase, as both adjudicators take it.
struct Phase {
    position: Position,
    orders: Vec<Submission>,
    their_units: Vec<UnitPosition<'static, RegionKey>>,
    their_orders: Vec<MappedMainOrder>,
}

fn phases(map: &Map) -> Vec<Phase> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let nearest_power = nearest_home_power(map);
    (0..PHASES)
        .map(|_| {
            let position = random_position(map, &nearest_power, &mut rng);
            let orders = random_orders(map, &position, &mut rng);
            let their_units = position.units.iter().map(|unit| their_unit_position(map, unit)).collect();
            let their_orders =
                orders.iter().map(|submission| their_order(map, &position, &orders, submission)).collect();
            Phase { position, orders, their_units, their_orders }
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

fn unit_ref(map: &Map, unit: &Unit) -> UnitRef {
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

fn their_region(map: &Map, region: RegionId) -> RegionKey {
    let region = map.region(region);
    let coast = region.coast.map(|coast| match coast {
        Coast::North => TheirCoast::North,
        Coast::South => TheirCoast::South,
        Coast::East => TheirCoast::East,
        Coast::West => TheirCoast::West,
    });
    RegionKey::new(ProvinceKey::new(map.province_key(region.province)), coast)
}

fn their_nation(map: &Map, power: judge::Power) -> Nation {
    let (_, info) = map.powers().nth(power.0 as usize).expect("the unit's power is on the map");
    Nation::from(info.abbreviation.as_str())
}

fn their_type(kind: UnitType) -> TheirUnitType {
    match kind {
        UnitType::Army => TheirUnitType::Army,
        UnitType::Fleet => TheirUnitType::Fleet,
    }
}

fn their_unit_position(map: &Map, unit: &Unit) -> UnitPosition<'static, RegionKey> {
    let owner = diplomacy::Unit::new(Cow::Owned(their_nation(map, unit.power)), their_type(unit.kind));
    UnitPosition::new(owner, their_region(map, unit.region))
}

/// The region a generated move goes to: fleets' moves name the coast where there is one to name.
fn destination(map: &Map, to: Location) -> RegionKey {
    their_region(map, map.region_with_coast(to.province, to.coast).expect("generated moves name real regions"))
}

/// The same order in `diplomacy`'s types. Orders there name exact regions (a supported move must name
/// the destination region of the move itself), so locations are taken from the units and their orders.
fn their_order(map: &Map, position: &Position, orders: &[Submission], submission: &Submission) -> MappedMainOrder {
    let unit_at = |location: Location| {
        position.unit_in(map, location.province).expect("generated orders name units on the board")
    };
    let order = submission.order;
    let unit = unit_at(order.unit().expect("movement orders name a unit").at);
    let command = match order {
        Order::Move { to, via_convoy: true, .. } => {
            MainCommand::Move(MoveCommand::with_mandatory_convoy(destination(map, to)))
        }
        Order::Move { to, via_convoy: false, .. } => MainCommand::Move(MoveCommand::new(destination(map, to))),
        Order::Support { supported, to: None, .. } => {
            let target = unit_at(supported.at);
            MainCommand::Support(SupportedOrder::Hold(their_type(target.kind), their_region(map, target.region)))
        }
        Order::Support { supported, to: Some(_), .. } => {
            let target = unit_at(supported.at);
            let target_destination = orders
                .iter()
                .find_map(|other| match other.order {
                    Order::Move { unit, to, .. } if unit.at.province == supported.at.province => Some(to),
                    _ => None,
                })
                .expect("move supports are generated for moves");
            MainCommand::Support(SupportedOrder::Move(
                their_type(target.kind),
                their_region(map, target.region),
                destination(map, target_destination),
            ))
        }
        Order::Convoy { army, to, .. } => {
            MainCommand::Convoy(ConvoyedMove::new(their_region(map, unit_at(army.at).region), destination(map, to)))
        }
        _ => MainCommand::Hold,
    };
    diplomacy::Order::new(their_nation(map, unit.power), their_type(unit.kind), their_region(map, unit.region), command)
}

/// Outside the timing: what the generated phases hold, and how often the two adjudicators agree on which
/// units are dislodged (they differ on a few borders and rule options, so full agreement is not expected).
fn describe(map: &Map, phases: &[Phase]) {
    let mut counts = [0usize; 5];
    let mut agreeing = 0;
    for phase in phases {
        for submission in &phase.orders {
            let kind = match submission.order {
                Order::Hold { .. } => 0,
                Order::Move { .. } => 1,
                Order::Support { to: None, .. } => 2,
                Order::Support { .. } => 3,
                _ => 4,
            };
            counts[kind] += 1;
        }
        let ours: BTreeSet<String> = adjudicate(map, &phase.position, &phase.orders, &Extensions::default())
            .next
            .dislodged
            .iter()
            .map(|dislodged| map.province_key(map.province_of(dislodged.unit.region)).to_string())
            .collect();
        let submission =
            TheirSubmission::new(diplomacy::geo::standard_map(), &phase.their_units, phase.their_orders.clone());
        let outcome = submission.adjudicate(Rulebook::edition_2023());
        let start = outcome.to_retreat_start();
        let theirs: BTreeSet<String> =
            start.dislodged().keys().map(|order| <&str>::from(order.region.province()).to_string()).collect();
        agreeing += usize::from(ours == theirs);
    }
    let units: usize = phases.iter().map(|phase| phase.position.units.len()).sum();
    eprintln!(
        "{} phases, {:.1} units each; orders: {} holds, {} moves, {} supports to hold, {} supports to move, {} convoys; \
         same dislodged units in {agreeing} of {} phases",
        phases.len(),
        units as f64 / phases.len() as f64,
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4],
        phases.len(),
    );
}

fn adjudication(c: &mut Criterion) {
    let map = Map::standard().expect("the standard map loads");
    let their_map = diplomacy::geo::standard_map();
    let phases = phases(&map);
    describe(&map, &phases);
    let mut group = c.benchmark_group("movement phase");
    // One iteration adjudicates every phase; `diplomacy` takes tens of milliseconds for that, and criterion's
    // default of 100 samples would need minutes of measurement on a shared 2-core machine.
    group.sample_size(20);
    group.throughput(Throughput::Elements(phases.len() as u64));
    group.bench_function("judge", |b| {
        b.iter(|| {
            for phase in &phases {
                black_box(adjudicate(&map, &phase.position, &phase.orders, &Extensions::default()));
            }
        })
    });
    // `diplomacy` takes its orders by value: cloning them is setup, outside the timing.
    let their_orders = || phases.iter().map(|phase| phase.their_orders.clone()).collect::<Vec<_>>();
    group.bench_function("diplomacy: outcomes and retreat start", |b| {
        b.iter_batched(
            their_orders,
            |orders| {
                for (phase, orders) in phases.iter().zip(orders) {
                    let submission = TheirSubmission::new(their_map, &phase.their_units, orders);
                    let outcome = submission.adjudicate(Rulebook::edition_2023());
                    black_box(outcome.to_retreat_start().dislodged().len());
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("diplomacy: outcomes only", |b| {
        b.iter_batched(
            their_orders,
            |orders| {
                for (phase, orders) in phases.iter().zip(orders) {
                    let submission = TheirSubmission::new(their_map, &phase.their_units, orders);
                    black_box(submission.adjudicate(Rulebook::edition_2023()).all_orders().count());
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, adjudication);
criterion_main!(benches);
