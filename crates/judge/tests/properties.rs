//! Properties over generated positions and order sheets: the judge never panics, the order in which
//! orders are given does not matter, and the same input always gives the same output.

mod common;

use judge::{
    Extensions, Location, Map, Order, Phase, Position, ProvinceId, Submission, Terrain, Unit, UnitRef, UnitType,
    adjudicate, has_orders_to_give, legal_orders, parse_orders,
};
use proptest::prelude::*;

/// SplitMix64: a tiny seeded generator, so that proptest's seed alone decides the whole position.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A movement position with roughly `density` of the provinces occupied by random powers' units.
fn random_position(map: &Map, dice: &mut Dice, density: usize) -> Position {
    let mut position = Position::starting(map);
    position.phase = if dice.below(2) == 0 { Phase::parse("S1903M").unwrap() } else { Phase::parse("F1903M").unwrap() };
    position.units.clear();
    for (province, _) in map.provinces() {
        if dice.below(100) >= density {
            continue;
        }
        let power = judge::Power(dice.below(map.power_count()) as u8);
        let kind = if dice.below(2) == 0 { UnitType::Army } else { UnitType::Fleet };
        let regions = &map.province(province).regions;
        let region = regions[dice.below(regions.len())];
        if map.can_occupy(kind, region) {
            position.units.push(Unit { power, kind, region });
        }
    }
    position
}

/// One order per unit, mostly legal ones, some of them hopeless.
fn random_orders(map: &Map, position: &Position, dice: &mut Dice) -> Vec<Submission> {
    let mut orders = Vec::new();
    for (power, _) in map.powers() {
        for unit in legal_orders(map, position, power, &Extensions::default()).units {
            let order = if dice.below(10) == 0 {
                // An illegal order for this very unit, so that each unit still gets one order.
                let Order::Hold { unit: me } = unit.orders[0] else { unreachable!("hold comes first") };
                Order::Move { unit: me, to: me.at, via_convoy: false }
            } else {
                unit.orders[dice.below(unit.orders.len())]
            };
            if !matches!(order, Order::Move { .. }) || dice.below(8) != 0 {
                orders.push(Submission { power: Some(power), order });
            }
        }
    }
    orders
}

/// Every order the legal-order tree offers `unit` (the tree of the unit's own power).
fn offered(map: &Map, position: &Position, unit: &Unit) -> Vec<Order> {
    let legal = legal_orders(map, position, unit.power, &Extensions::default());
    legal.units.into_iter().find(|options| options.unit == *unit).map(|options| options.orders).unwrap_or_default()
}

fn unit_ref(map: &Map, unit: &Unit) -> UnitRef {
    UnitRef {
        kind: Some(unit.kind),
        at: Location { province: map.province_of(unit.region), coast: map.region(unit.region).coast },
    }
}

/// Whether `army` ends the phase in `to`: it moved there (it held nothing else, so nothing else could
/// have put it there).
fn arrived(map: &Map, next: &Position, army: &Unit, to: ProvinceId) -> bool {
    next.units
        .iter()
        .any(|unit| unit.power == army.power && unit.kind == UnitType::Army && map.province_of(unit.region) == to)
}

/// The army's move to `to` by convoy, with a convoy order from each fleet `convoys` picks; every other
/// unit holds.
fn convoy_attempt(
    map: &Map,
    position: &Position,
    army: &Unit,
    to: ProvinceId,
    convoys: impl Fn(&Unit) -> bool,
) -> Vec<Submission> {
    let army_ref = unit_ref(map, army);
    let destination = Location::province(to);
    let mut orders = vec![Submission {
        power: Some(army.power),
        order: Order::Move { unit: army_ref, to: destination, via_convoy: true },
    }];
    for fleet in position.units.iter().filter(|unit| unit.kind == UnitType::Fleet && convoys(unit)) {
        let order = Order::Convoy { unit: unit_ref(map, fleet), army: army_ref, to: destination };
        orders.push(Submission { power: Some(fleet.power), order });
    }
    orders
}

fn canonical(map: &Map, position: &Position) -> Vec<String> {
    let mut units = common::units(map, position);
    units.extend(position.dislodged.iter().map(|d| format!("dislodged {:?}", d.unit)));
    units.sort();
    units
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn parsing_any_text_never_panics(text in "\\PC{0,200}") {
        let map = common::map();
        let (orders, errors) = parse_orders(&map, &text);
        prop_assert!(orders.len() + errors.len() <= text.lines().count());
    }

    #[test]
    fn parsing_order_like_text_never_panics(words in proptest::collection::vec(
        prop::sample::select(vec!["A", "F", "par", "-", "S", "C", "H", "stp", "/", "nc", "(", ")", "via", "convoy",
            "Build", "Remove", "England:", "spa", "mid-atlantic", "->", "D", "R", "Waive", "x", "", "bul/ec"]), 0..12)) {
        let map = common::map();
        let _ = parse_orders(&map, &words.join(" "));
    }

    #[test]
    fn adjudicating_any_position_never_panics_and_every_order_gets_a_result(seed in any::<u64>()) {
        let map = common::map();
        let mut dice = Dice(seed);
        let position = random_position(&map, &mut dice, 45);
        let orders = random_orders(&map, &position, &mut dice);
        let movement = adjudicate(&map, &position, &orders, &Extensions::default());
        prop_assert_eq!(movement.results.len(), orders.len());
        // Carry on through the retreat and adjustment phases with no orders at all.
        let mut next = movement.next;
        for _ in 0..3 {
            next = adjudicate(&map, &next, &[], &Extensions::default()).next;
        }
        let total = next.units.len();
        prop_assert!(total <= map.province_count());
    }

    #[test]
    fn a_power_has_orders_to_give_exactly_when_its_legal_orders_offer_something(seed in any::<u64>()) {
        let map = common::map();
        let mut dice = Dice(seed);
        let position = random_position(&map, &mut dice, 45);
        let orders = random_orders(&map, &position, &mut dice);
        // The movement phase, the retreat phase after it and the Winter after that.
        let mut phases = vec![position.clone()];
        let mut next = adjudicate(&map, &position, &orders, &Extensions::default()).next;
        for _ in 0..2 {
            phases.push(next.clone());
            next = adjudicate(&map, &next, &[], &Extensions::default()).next;
        }
        for phase in &phases {
            for (power, _) in map.powers() {
                let legal = legal_orders(&map, phase, power, &Extensions::default());
                let offered = !legal.units.is_empty()
                    || legal.adjustment.is_some_and(|a| a.builds_allowed > 0 || a.removals_due > 0);
                prop_assert_eq!(has_orders_to_give(&map, phase, power, &Extensions::default()), offered);
            }
        }
    }

    /// The trees offer a convoy only where fleets could chain from the army's coast to the destination;
    /// no convoy the judge would carry is lost (see [`convoys_carried_are_offered`]).
    #[test]
    fn every_convoy_the_judge_carries_is_offered_whole_by_the_order_trees(seed in any::<u64>()) {
        convoys_carried_are_offered(seed)?;
    }

    #[test]
    fn the_outcome_does_not_depend_on_the_order_orders_are_given_in(seed in any::<u64>()) {
        let map = common::map();
        let mut dice = Dice(seed);
        let position = random_position(&map, &mut dice, 45);
        let orders = random_orders(&map, &position, &mut dice);
        let forward = adjudicate(&map, &position, &orders, &Extensions::default());
        let mut reversed_orders = orders.clone();
        reversed_orders.reverse();
        let reversed = adjudicate(&map, &position, &reversed_orders, &Extensions::default());
        prop_assert_eq!(canonical(&map, &forward.next), canonical(&map, &reversed.next));
        let mut reversed_results = reversed.results.clone();
        reversed_results.reverse();
        prop_assert_eq!(forward.results, reversed_results);
    }

    #[test]
    fn the_same_input_always_gives_the_same_output(seed in any::<u64>()) {
        let map = common::map();
        let mut dice = Dice(seed);
        let position = random_position(&map, &mut dice, 45);
        let orders = random_orders(&map, &position, &mut dice);
        let first = adjudicate(&map, &position, &orders, &Extensions::default());
        let second = adjudicate(&map, &position, &orders, &Extensions::default());
        prop_assert_eq!(first, second);
    }
}

/// Whenever every fleet at sea convoying an army gets it to an empty coast, the army's own tree offers
/// that move, and the convoys the fleets' trees offer are enough on their own to carry it there.
/// Answers how many such convoys the position had.
fn convoys_carried_are_offered(seed: u64) -> Result<usize, TestCaseError> {
    let map = common::map();
    let mut dice = Dice(seed);
    let position = random_position(&map, &mut dice, 45);
    let occupied = |province: ProvinceId| position.units.iter().any(|unit| map.province_of(unit.region) == province);
    let coastal_armies = position.units.iter().filter(|unit| {
        unit.kind == UnitType::Army && map.province(map.province_of(unit.region)).terrain == Terrain::Coast
    });
    let mut carried = 0;
    for army in coastal_armies {
        let from = map.province_of(army.region);
        for (to, _) in map.provinces().filter(|(to, p)| p.terrain == Terrain::Coast && *to != from && !occupied(*to)) {
            let everyone = convoy_attempt(&map, &position, army, to, |fleet| map.is_sea(map.province_of(fleet.region)));
            if !arrived(&map, &adjudicate(&map, &position, &everyone, &Extensions::default()).next, army, to) {
                continue;
            }
            carried += 1;
            let army_moves = offered(&map, &position, army);
            prop_assert!(
                army_moves.iter().any(|order| matches!(order, Order::Move { to: there, .. } if there.province == to)),
                "the army's move is offered"
            );
            let army_ref = unit_ref(&map, army);
            let offered_convoy = |fleet: &Unit| {
                offered(&map, &position, fleet).iter().any(|order| {
                    matches!(order, Order::Convoy { army: carried, to: there, .. } if *carried == army_ref && there.province == to)
                })
            };
            let lean = convoy_attempt(&map, &position, army, to, offered_convoy);
            prop_assert!(
                arrived(&map, &adjudicate(&map, &position, &lean, &Extensions::default()).next, army, to),
                "the offered convoys carry the army"
            );
        }
    }
    Ok(carried)
}

/// The property above is not vacuous: random positions hold many convoys the judge carries.
#[test]
fn random_positions_hold_convoys_for_the_property_to_check() {
    let carried: usize = (0..24).map(|seed| convoys_carried_are_offered(seed).expect("the property holds")).sum();
    assert!(carried >= 24, "only {carried} convoys carried in 24 positions");
}
