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
use judge::{Coast, Extensions, Location, Map, Order, Position, RegionId, Submission, Unit, UnitType, adjudicate};

mod common;

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
    common::phases::generate(map, PHASES, SEED)
        .into_iter()
        .map(|(position, orders)| {
            let their_units = position.units.iter().map(|unit| their_unit_position(map, unit)).collect();
            let their_orders =
                orders.iter().map(|submission| their_order(map, &position, &orders, submission)).collect();
            Phase { position, orders, their_units, their_orders }
        })
        .collect()
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
