//! Movement phases: Kruijswijk's guess-and-check resolution of the DATC decisions (move, support, convoy),
//! with the Szykman rule for convoy paradoxes and "all move" for circular movement.
//!
//! See the DATC (Diplomacy Adjudicator Test Cases) section 5 for the definitions of attack, hold, defend
//! and prevent strength used here, and section 4.A.3 for convoy intent (2000 rules, preferred option).

use smallvec::SmallVec;

use super::outcome::{Failure, Invalid, OrderStatus, UnitLabel};
use super::retreat::retreat_options;
use super::{Adjudication, Extensions, OrderResult, Submission, label};
use crate::UnitType;
use crate::geo::{Coast, Map, Power, ProvinceId, RegionId, Set128, Terrain};
use crate::order::{Location, Order};
use crate::position::{Dislodged, Position, Unit};

/// What a unit does, once its order has been checked (an illegal order becomes `Hold`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Hold,
    Move {
        to: ProvinceId,
        region: RegionId,
        explicit_convoy: bool,
    },
    SupportHold {
        target: usize,
    },
    /// `coast`: the coast the support names, if any; it must match the move's (DATC 6.B.9).
    SupportMove {
        target: usize,
        to: ProvinceId,
        coast: Option<Coast>,
    },
    Convoy {
        army: usize,
        to: ProvinceId,
    },
}

/// The decision the resolver makes for a unit's order, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision {
    None,
    Move,
    Support,
    Convoy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

pub(super) fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[Submission],
    extensions: &Extensions,
) -> Adjudication {
    let units = &position.units;
    let mut occupant = vec![None; map.province_count()];
    for (index, unit) in units.iter().enumerate() {
        occupant[map.province_of(unit.region).0 as usize] = Some(index);
    }
    let mut results: Vec<OrderResult> =
        orders.iter().map(|s| OrderResult { power: s.power, status: OrderStatus::Succeeds }).collect();
    let given = attach_orders(units, &occupant, orders, extensions, &mut results);

    let mut plans = vec![Plan::Hold; units.len()];
    for (index, submission) in given.iter().enumerate() {
        let Some(k) = *submission else { continue };
        match plan_for(map, units, &occupant, index, &orders[k].order) {
            Ok(plan) => plans[index] = plan,
            Err(invalid) => results[k].status = OrderStatus::Invalid(invalid),
        }
        let province = map.province_of(units[index].region);
        if plans[index] != Plan::Hold && extensions.forced_hold.contains(&province) {
            plans[index] = Plan::Hold;
            results[k].status = OrderStatus::Fails(Failure::ForcedToHold);
        }
    }

    let mut board = Board::new(map, units, occupant, plans, extensions);
    for (index, submission) in given.iter().enumerate() {
        if let Some(k) = *submission
            && results[k].status == OrderStatus::Succeeds
        {
            results[k].status = board.status_of(index);
        }
    }
    let (next, destroyed) = board.next_position(position);
    Adjudication { results, next, destroyed, winner: None }
}

/// Matches each submission to the unit it commands. Returns, per unit, the submission that commands it
/// (the last one, if several do; the earlier ones are marked replaced).
fn attach_orders(
    units: &[Unit],
    occupant: &[Option<usize>],
    orders: &[Submission],
    extensions: &Extensions,
    results: &mut [OrderResult],
) -> Vec<Option<usize>> {
    let mut given: Vec<Option<usize>> = vec![None; units.len()];
    for (k, submission) in orders.iter().enumerate() {
        let unit_ref = match submission.order {
            Order::Hold { unit }
            | Order::Move { unit, .. }
            | Order::Support { unit, .. }
            | Order::Convoy { unit, .. } => unit,
            _ => {
                results[k].status = OrderStatus::Invalid(Invalid::WrongPhase);
                continue;
            }
        };
        match commanded_unit(units, occupant, submission.power, unit_ref, extensions) {
            Ok(index) => {
                results[k].power = Some(submission.power.unwrap_or(units[index].power));
                if let Some(previous) = given[index].replace(k) {
                    results[previous].status = OrderStatus::Invalid(Invalid::Replaced);
                }
            }
            Err(invalid) => results[k].status = OrderStatus::Invalid(invalid),
        }
    }
    given
}

/// The unit an order names, if it is there and the order sheet may command it.
pub(super) fn commanded_unit(
    units: &[Unit],
    occupant: &[Option<usize>],
    sheet: Option<Power>,
    unit_ref: crate::order::UnitRef,
    extensions: &Extensions,
) -> Result<usize, Invalid> {
    let at = unit_ref.at.province;
    let index = occupant[at.0 as usize].ok_or(Invalid::NoUnit { at })?;
    let unit = &units[index];
    if let Some(kind) = unit_ref.kind
        && kind != unit.kind
    {
        return Err(Invalid::WrongUnitType { at, actual: unit.kind });
    }
    let sheet = sheet.unwrap_or(unit.power);
    if !extensions.may_command(sheet, unit.power, at) {
        return Err(match extensions.command_grants {
            Some(_) => Invalid::NotCommandable,
            None => Invalid::ForeignUnit { owner: unit.power },
        });
    }
    Ok(index)
}

/// Checks an order against the map and the position, and turns it into a plan.
fn plan_for(
    map: &Map,
    units: &[Unit],
    occupant: &[Option<usize>],
    index: usize,
    order: &Order,
) -> Result<Plan, Invalid> {
    let unit = &units[index];
    let here = map.province_of(unit.region);
    match *order {
        Order::Hold { .. } => Ok(Plan::Hold),
        Order::Move { to, via_convoy, .. } => {
            let region = move_destination(map, unit, to)?;
            Ok(Plan::Move { to: to.province, region, explicit_convoy: via_convoy })
        }
        Order::Support { supported, to, .. } => {
            let target_province = supported.at.province;
            if target_province == here {
                return Err(Invalid::SupportsItself);
            }
            let target = occupant[target_province.0 as usize].ok_or(Invalid::NoUnit { at: target_province })?;
            let into = to.map_or(target_province, |to| to.province);
            if !map.can_reach(unit.kind, unit.region, into) {
                return Err(Invalid::CannotReachSupportTarget { to: into });
            }
            Ok(match to {
                None => Plan::SupportHold { target },
                Some(to) => Plan::SupportMove { target, to: to.province, coast: to.coast },
            })
        }
        Order::Convoy { army, to, .. } => {
            if unit.kind != UnitType::Fleet || !map.is_sea(here) {
                return Err(Invalid::ConvoyNotFromSea);
            }
            let from = army.at.province;
            let army = occupant[from.0 as usize].ok_or(Invalid::NoUnit { at: from })?;
            if units[army].kind != UnitType::Army {
                return Err(Invalid::ConvoyedUnitNotArmy);
            }
            if !on_possible_route(map, here, from, to.province) {
                return Err(Invalid::ConvoyOffRoute);
            }
            Ok(Plan::Convoy { army, to: to.province })
        }
        _ => Err(Invalid::WrongPhase),
    }
}

/// The region a move goes to, or why it cannot go there at all.
pub(super) fn move_destination(map: &Map, unit: &Unit, to: Location) -> Result<RegionId, Invalid> {
    let here = map.province_of(unit.region);
    let destination = to.province;
    if destination == here {
        return Err(Invalid::MoveToOwnProvince);
    }
    match unit.kind {
        UnitType::Army => {
            if map.province(destination).terrain == Terrain::Sea {
                return Err(Invalid::CannotEnter { to: destination });
            }
            let convoyable =
                map.province(here).terrain == Terrain::Coast && map.province(destination).terrain == Terrain::Coast;
            if map.army_adjacent(here, destination) || convoyable {
                Ok(map.main_region(destination))
            } else {
                Err(Invalid::NoConvoyPossible { to: destination })
            }
        }
        UnitType::Fleet => fleet_destination(map, unit.region, to),
    }
}

/// The region of `to` a fleet in `from` moves to: the named coast, or the only reachable one.
pub(super) fn fleet_destination(map: &Map, from: RegionId, to: Location) -> Result<RegionId, Invalid> {
    let destination = to.province;
    if map.province(destination).terrain == Terrain::Land {
        return Err(Invalid::CannotEnter { to: destination });
    }
    let mut reachable = map.fleet_destinations(from, destination);
    if map.has_split_coasts(destination) {
        if let Some(coast) = to.coast {
            let region =
                map.region_with_coast(destination, Some(coast)).ok_or(Invalid::CoastUnreachable { to: destination })?;
            return if map.fleet_adjacent(from, region) {
                Ok(region)
            } else {
                Err(Invalid::CoastUnreachable { to: destination })
            };
        }
        return match (reachable.next(), reachable.next()) {
            (None, _) => Err(Invalid::NotAdjacent { to: destination }),
            (Some(only), None) => Ok(only),
            (Some(_), Some(_)) => Err(Invalid::CoastNeeded { to: destination }),
        };
    }
    reachable.next().ok_or(Invalid::NotAdjacent { to: destination })
}

/// Whether a fleet in `sea` could be part of some chain of seas from `from` to `to`.
pub(crate) fn on_possible_route(map: &Map, sea: ProvinceId, from: ProvinceId, to: ProvinceId) -> bool {
    let waters = map.connected_seas(sea);
    waters.0 & map.seas_touching(from).0 != 0 && waters.0 & map.seas_touching(to).0 != 0
}

/// The resolver's view of the board: plans, who attacks where, who supports whom, and the decisions.
struct Board<'a> {
    map: &'a Map,
    units: &'a [Unit],
    occupant: Vec<Option<usize>>,
    plans: Vec<Plan>,
    province: Vec<ProvinceId>,
    strength: Vec<u8>,
    decision: Vec<Decision>,
    /// Whether the unit's move goes by convoy (decided before resolution, by the intent rules).
    convoyed: Vec<bool>,
    /// Why a move that looked legal became a hold once all orders were known.
    invalidated: Vec<Option<Invalid>>,
    /// The unit it meets head to head, moving the opposite way over land.
    head_to_head: Vec<Option<usize>>,
    /// Units moving into each province.
    attackers: Groups,
    /// Matching supports for each unit's order (support to hold for a staying unit, to move for a mover).
    supporters: Groups,
    /// Provinces of the fleets whose convoy order matches each convoyed army's move.
    convoy_fleets: Vec<Set128>,
    state: Vec<State>,
    value: Vec<u8>,
    dependencies: Vec<usize>,
}

impl<'a> Board<'a> {
    fn new(
        map: &'a Map,
        units: &'a [Unit],
        occupant: Vec<Option<usize>>,
        plans: Vec<Plan>,
        extensions: &Extensions,
    ) -> Board<'a> {
        let count = units.len();
        let province: Vec<ProvinceId> = units.iter().map(|u| map.province_of(u.region)).collect();
        let strength = province.iter().map(|&p| extensions.strength_of(p)).collect();
        let mut board = Board {
            map,
            units,
            occupant,
            plans,
            province,
            strength,
            decision: vec![Decision::None; count],
            convoyed: vec![false; count],
            invalidated: vec![None; count],
            head_to_head: vec![None; count],
            attackers: Groups::default(),
            supporters: Groups::default(),
            convoy_fleets: vec![Set128::default(); count],
            state: vec![State::Unresolved; count],
            value: vec![0; count],
            dependencies: Vec::new(),
        };
        board.decide_convoy_intent();
        board.link_convoys();
        board.drop_moves_without_convoy_route();
        board.link_orders();
        board
    }

    /// A move goes by convoy when the army cannot walk there, or (DATC 4.A.3, 2000 rules) when it could but
    /// its own power convoys it, or it said "via convoy" and some fleet does.
    fn decide_convoy_intent(&mut self) {
        let mut convoys: Vec<(usize, ProvinceId, Power)> = Vec::new();
        for (fleet, plan) in self.plans.iter().enumerate() {
            if let Plan::Convoy { army, to } = *plan {
                convoys.push((army, to, self.units[fleet].power));
            }
        }
        for index in 0..self.units.len() {
            let Plan::Move { to, explicit_convoy, .. } = self.plans[index] else { continue };
            if self.units[index].kind != UnitType::Army {
                continue;
            }
            let walkable = self.map.army_adjacent(self.province[index], to);
            let mut matching = convoys.iter().filter(|(army, dest, _)| *army == index && *dest == to);
            self.convoyed[index] = !walkable
                || (explicit_convoy && matching.clone().next().is_some())
                || matching.any(|(_, _, power)| *power == self.units[index].power);
        }
    }

    /// Fills in decisions, attackers, head-to-head pairs, matching supports and convoys.
    fn link_orders(&mut self) {
        let mut pairs = Vec::with_capacity(self.units.len());
        for index in 0..self.units.len() {
            if let Plan::Move { to, .. } = self.plans[index] {
                self.decision[index] = Decision::Move;
                pairs.push((to.0 as usize, index));
            }
        }
        self.attackers = Groups::new(self.map.province_count(), &pairs);
        for index in 0..self.units.len() {
            let Plan::Move { to, .. } = self.plans[index] else { continue };
            if self.convoyed[index] {
                continue;
            }
            if let Some(other) = self.occupant[to.0 as usize]
                && let Plan::Move { to: back, .. } = self.plans[other]
                && back == self.province[index]
                && !self.convoyed[other]
            {
                self.head_to_head[index] = Some(other);
            }
        }
        pairs.clear();
        for index in 0..self.units.len() {
            match self.plans[index] {
                Plan::SupportHold { target } if !matches!(self.plans[target], Plan::Move { .. }) => {
                    self.decision[index] = Decision::Support;
                    pairs.push((target, index));
                }
                Plan::SupportMove { target, to, coast } if self.support_matches(target, to, coast) => {
                    self.decision[index] = Decision::Support;
                    pairs.push((target, index));
                }
                Plan::Convoy { army, .. } if self.convoy_fleets[army].contains(self.province[index].0) => {
                    self.decision[index] = Decision::Convoy;
                }
                _ => {}
            }
        }
        self.supporters = Groups::new(self.units.len(), &pairs);
    }

    fn support_matches(&self, target: usize, to: ProvinceId, coast: Option<Coast>) -> bool {
        match self.plans[target] {
            Plan::Move { to: destination, region, .. } => {
                let move_coast = self.map.region(region).coast;
                destination == to && (coast.is_none() || move_coast.is_none() || coast == move_coast)
            }
            _ => false,
        }
    }

    /// Records, for each army going by convoy, the fleets whose convoy orders match its move.
    fn link_convoys(&mut self) {
        for index in 0..self.units.len() {
            if let Plan::Convoy { army, to } = self.plans[index]
                && self.convoyed[army]
                && self.destination(army) == Some(to)
            {
                self.convoy_fleets[army].insert(self.province[index].0);
            }
        }
    }

    /// An army that could walk but has no chain of convoy orders walks (DATC 6.G.8). An army that could not
    /// walk and has no chain of fleets at sea at all is an illegal order and holds (DATC 6.D.32); with
    /// fleets there but not convoying, its move is legal and simply fails (DATC 6.D.8).
    fn drop_moves_without_convoy_route(&mut self) {
        let mut fleets_at_sea = Set128::default();
        for (index, unit) in self.units.iter().enumerate() {
            if unit.kind == UnitType::Fleet && self.map.is_sea(self.province[index]) {
                fleets_at_sea.insert(self.province[index].0);
            }
        }
        for army in 0..self.units.len() {
            let Plan::Move { to, .. } = self.plans[army] else { continue };
            if !self.convoyed[army] {
                continue;
            }
            if self.map.army_adjacent(self.province[army], to) {
                if !self.route_through(army, self.convoy_fleets[army], false) {
                    self.convoy_fleets[army] = Set128::default();
                    self.convoyed[army] = false;
                }
            } else if !self.route_through(army, fleets_at_sea, false) {
                self.convoy_fleets[army] = Set128::default();
                self.convoyed[army] = false;
                self.plans[army] = Plan::Hold;
                self.invalidated[army] = Some(Invalid::NoFleetsToConvoy { to });
            }
        }
    }

    fn destination(&self, index: usize) -> Option<ProvinceId> {
        match self.plans[index] {
            Plan::Move { to, .. } => Some(to),
            _ => None,
        }
    }

    /// Kruijswijk's resolve: guess, check, and fall back on the backup rule for cycles.
    fn resolve(&mut self, index: usize) -> u8 {
        match self.state[index] {
            State::Resolved => return self.value[index],
            State::Guessing => {
                // Recorded even when already listed, so that every caller that read a guess knows it did.
                self.dependencies.push(index);
                return self.value[index];
            }
            State::Unresolved => {}
        }
        let old = self.dependencies.len();
        self.value[index] = 0;
        self.state[index] = State::Guessing;
        let first = self.adjudicate(index);
        if self.dependencies.len() == old {
            if self.state[index] != State::Resolved {
                self.value[index] = first;
                self.state[index] = State::Resolved;
            }
            return first;
        }
        if self.dependencies[old] != index {
            self.dependencies.push(index);
            self.value[index] = first;
            return first;
        }
        // This decision depends on its own guess: try the other guess.
        self.forget_dependencies(old);
        self.value[index] = self.max_value(index);
        self.state[index] = State::Guessing;
        let second = self.adjudicate(index);
        if first == second {
            self.forget_dependencies(old);
            self.value[index] = first;
            self.state[index] = State::Resolved;
            return first;
        }
        self.backup_rule(old);
        self.resolve(index)
    }

    fn forget_dependencies(&mut self, old: usize) {
        while self.dependencies.len() > old {
            let dependency = self.dependencies.pop().expect("longer than old");
            self.state[dependency] = State::Unresolved;
        }
    }

    /// Two or no consistent outcomes: a convoy paradox fails the convoys in it (Szykman rule), and a
    /// circular movement lets every move in it succeed.
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<usize> = self.dependencies.drain(old..).collect();
        let convoy_paradox = cycle.iter().any(|&d| self.decision[d] == Decision::Convoy);
        for d in cycle {
            match (convoy_paradox, self.decision[d]) {
                (true, Decision::Convoy) => {
                    self.value[d] = 0;
                    self.state[d] = State::Resolved;
                }
                (false, Decision::Move) => {
                    self.value[d] = 1;
                    self.state[d] = State::Resolved;
                }
                _ => self.state[d] = State::Unresolved,
            }
        }
    }

    fn max_value(&self, index: usize) -> u8 {
        match self.decision[index] {
            Decision::Support => self.strength[index],
            _ => 1,
        }
    }

    fn adjudicate(&mut self, index: usize) -> u8 {
        match self.decision[index] {
            Decision::Move => u8::from(self.move_succeeds(index)),
            Decision::Support => self.support_given(index),
            Decision::Convoy => u8::from(!self.is_dislodged(index)),
            Decision::None => 1,
        }
    }

    fn moves_successfully(&mut self, index: usize) -> bool {
        self.decision[index] == Decision::Move && self.resolve(index) == 1
    }

    /// Whether a convoyed army has an unbroken chain of convoying fleets; always true over land.
    fn path_exists(&mut self, army: usize) -> bool {
        !self.convoyed[army] || self.route_through(army, self.convoy_fleets[army], true)
    }

    /// Whether fleets in the seas `fleets` form a chain from the army's province to its destination; with
    /// `only_successful`, counting only fleets whose convoy succeeds.
    fn route_through(&mut self, army: usize, fleets: Set128, only_successful: bool) -> bool {
        let Some(to) = self.destination(army) else { return false };
        let start = self.map.seas_touching(self.province[army]);
        let end = self.map.seas_touching(to);
        let mut reached = Set128::default();
        // On the stack: resolution asks again at every guess, and chains of fleets are short.
        let mut frontier: SmallVec<[u8; 16]> = Set128(fleets.0 & start.0).iter().collect();
        while let Some(sea) = frontier.pop() {
            if reached.contains(sea) {
                continue;
            }
            let fleet = self.occupant[sea as usize].expect("a convoying fleet stands in its sea");
            if only_successful && self.resolve(fleet) == 0 {
                continue;
            }
            reached.insert(sea);
            if end.contains(sea) {
                return true;
            }
            frontier.extend(Set128(self.map.sea_neighbours(ProvinceId(sea)).0 & fleets.0 & !reached.0).iter());
        }
        false
    }

    fn support_total(&mut self, index: usize, excluding: Option<Power>) -> u8 {
        let mut total = 0u8;
        for k in 0..self.supporters[index].len() {
            let supporter = self.supporters[index][k];
            if Some(self.units[supporter].power) != excluding {
                total = total.saturating_add(self.resolve(supporter));
            }
        }
        total
    }

    fn attack_strength(&mut self, index: usize) -> u8 {
        if !self.path_exists(index) {
            return 0;
        }
        let to = self.destination(index).expect("attacks are moves");
        match self.occupant[to.0 as usize] {
            None => self.strength[index] + self.support_total(index, None),
            Some(defender) => {
                let leaves = self.head_to_head[index] != Some(defender) && self.moves_successfully(defender);
                if leaves {
                    self.strength[index] + self.support_total(index, None)
                } else if self.units[defender].power == self.units[index].power {
                    0
                } else {
                    self.strength[index] + self.support_total(index, Some(self.units[defender].power))
                }
            }
        }
    }

    fn hold_strength(&mut self, province: ProvinceId) -> u8 {
        match self.occupant[province.0 as usize] {
            None => 0,
            Some(unit) if self.decision[unit] == Decision::Move => {
                if self.resolve(unit) == 1 {
                    0
                } else {
                    self.strength[unit]
                }
            }
            Some(unit) => self.strength[unit] + self.support_total(unit, None),
        }
    }

    fn defend_strength(&mut self, index: usize) -> u8 {
        self.strength[index] + self.support_total(index, None)
    }

    fn prevent_strength(&mut self, index: usize) -> u8 {
        if !self.path_exists(index) {
            return 0;
        }
        if let Some(opponent) = self.head_to_head[index]
            && self.resolve(opponent) == 1
        {
            return 0;
        }
        self.strength[index] + self.support_total(index, None)
    }

    fn move_succeeds(&mut self, index: usize) -> bool {
        let attack = self.attack_strength(index);
        let to = self.destination(index).expect("a move");
        let resistance = match self.head_to_head[index] {
            Some(opponent) => self.defend_strength(opponent),
            None => self.hold_strength(to),
        };
        if attack <= resistance {
            return false;
        }
        for k in 0..self.attackers[to.0 as usize].len() {
            let rival = self.attackers[to.0 as usize][k];
            if rival != index && attack <= self.prevent_strength(rival) {
                return false;
            }
        }
        true
    }

    /// Units that cut this unit's support: attackers of another power, with a route, not coming from the
    /// province the support is aimed at.
    fn cutters(&mut self, index: usize) -> Vec<usize> {
        let here = self.province[index].0 as usize;
        let mut cutters = Vec::new();
        for k in 0..self.attackers[here].len() {
            let attacker = self.attackers[here][k];
            if self.cuts(attacker, index) {
                cutters.push(attacker);
            }
        }
        cutters
    }

    /// Whether `attacker`, moving into the province of `index`, cuts its support.
    fn cuts(&mut self, attacker: usize, index: usize) -> bool {
        let aimed_at = match self.plans[index] {
            Plan::SupportMove { to, .. } => Some(to),
            _ => None,
        };
        self.units[attacker].power != self.units[index].power
            && Some(self.province[attacker]) != aimed_at
            && self.path_exists(attacker)
    }

    /// The summed strength of the units that cut this unit's support, counted without listing them:
    /// resolution asks for it at every guess.
    fn cut_strength(&mut self, index: usize) -> u8 {
        let here = self.province[index].0 as usize;
        let mut cut = 0u8;
        for k in 0..self.attackers[here].len() {
            let attacker = self.attackers[here][k];
            if self.cuts(attacker, index) {
                cut += self.strength[attacker];
            }
        }
        cut
    }

    fn support_given(&mut self, index: usize) -> u8 {
        let cut = self.cut_strength(index);
        let remaining = self.strength[index].saturating_sub(cut);
        if remaining == 0 || self.is_dislodged(index) {
            return 0;
        }
        remaining
    }

    fn dislodger(&mut self, index: usize) -> Option<usize> {
        if self.moves_successfully(index) {
            return None;
        }
        let here = self.province[index].0 as usize;
        for k in 0..self.attackers[here].len() {
            let attacker = self.attackers[here][k];
            if self.resolve(attacker) == 1 {
                return Some(attacker);
            }
        }
        None
    }

    fn is_dislodged(&mut self, index: usize) -> bool {
        self.dislodger(index).is_some()
    }

    fn label(&self, index: usize) -> UnitLabel {
        label(self.map, &self.units[index])
    }

    /// The result of the order of a unit whose order was legal.
    fn status_of(&mut self, index: usize) -> OrderStatus {
        if let Some(invalid) = self.invalidated[index].clone() {
            return OrderStatus::Invalid(invalid);
        }
        if let Some(by) = self.dislodger(index)
            && (self.decision[index] != Decision::Support || self.cutters(index).is_empty())
        {
            return OrderStatus::Fails(Failure::Dislodged { by: self.label(by) });
        }
        match (self.plans[index], self.decision[index]) {
            (Plan::Move { .. }, _) => {
                if self.resolve(index) == 1 {
                    OrderStatus::Succeeds
                } else if !self.path_exists(index) {
                    OrderStatus::Fails(Failure::NoConvoyRoute)
                } else {
                    OrderStatus::Fails(self.bounce(index))
                }
            }
            (Plan::SupportHold { .. } | Plan::SupportMove { .. }, Decision::Support) => {
                if self.resolve(index) > 0 {
                    OrderStatus::Succeeds
                } else {
                    let by = self.cutters(index).iter().map(|&c| self.label(c)).collect();
                    OrderStatus::Fails(Failure::SupportCut { by })
                }
            }
            (Plan::SupportHold { .. } | Plan::SupportMove { .. }, _) => {
                OrderStatus::Fails(Failure::SupportedUnitDidOtherwise)
            }
            (Plan::Convoy { .. }, Decision::Convoy) => OrderStatus::Succeeds,
            (Plan::Convoy { .. }, _) => OrderStatus::Fails(Failure::ArmyDidNotFollowConvoy),
            (Plan::Hold, _) => OrderStatus::Succeeds,
        }
    }

    /// Who stopped a failed move, with their strengths.
    fn bounce(&mut self, index: usize) -> Failure {
        let destination = self.destination(index).expect("a move");
        let strength = self.attack_strength(index);
        let mut opposition = Vec::new();
        if let Some(opponent) = self.head_to_head[index] {
            let defend = self.defend_strength(opponent);
            opposition.push((self.label(opponent), defend));
        } else if let Some(defender) = self.occupant[destination.0 as usize] {
            let hold = self.hold_strength(destination);
            if hold > 0 || !self.moves_successfully(defender) {
                opposition.push((self.label(defender), hold));
            }
        }
        for k in 0..self.attackers[destination.0 as usize].len() {
            let rival = self.attackers[destination.0 as usize][k];
            if rival != index {
                let prevent = self.prevent_strength(rival);
                if prevent >= strength && prevent > 0 {
                    opposition.push((self.label(rival), prevent));
                }
            }
        }
        Failure::Bounced { destination, strength, opposition }
    }

    /// The position after the moves: units moved, dislodged units waiting to retreat (or destroyed if they
    /// have nowhere to go), and provinces left empty by standoffs.
    fn next_position(&mut self, position: &Position) -> (Position, Vec<Unit>) {
        let mut next = Position {
            units: Vec::with_capacity(self.units.len()),
            dislodged: Vec::new(),
            contested: Vec::new(),
            ..position.clone()
        };
        for index in 0..self.units.len() {
            let mut unit = self.units[index];
            if self.moves_successfully(index) {
                let Plan::Move { region, .. } = self.plans[index] else { unreachable!("a successful move") };
                unit.region = region;
                next.units.push(unit);
            } else if let Some(by) = self.dislodger(index) {
                next.dislodged.push(Dislodged {
                    unit,
                    attacked_from: self.province[by],
                    by_convoy: self.convoyed[by],
                    retreats: None,
                });
            } else {
                next.units.push(unit);
            }
        }
        let mut occupied = Set128::default();
        for unit in &next.units {
            occupied.insert(self.map.province_of(unit.region).0);
        }
        for province in 0..self.map.province_count() {
            // A standoff: a move that failed although it kept its power to prevent (one beaten head to
            // head, or without a convoy route, leaves no standoff behind; DATC 6.H.9).
            // By index, as elsewhere: resolving needs `&mut self`, and a copy of the list would cost an
            // allocation per contested province per phase.
            let bounced = (0..self.attackers[province].len()).any(|k| {
                let attacker = self.attackers[province][k];
                !self.moves_successfully(attacker) && self.prevent_strength(attacker) > 0
            });
            if bounced && !occupied.contains(province as u8) {
                next.contested.push(ProvinceId(province as u8));
            }
        }
        let mut destroyed = Vec::new();
        let waiting = std::mem::take(&mut next.dislodged);
        for mut dislodged in waiting {
            let options = retreat_options(self.map, &next, &dislodged);
            if options.is_empty() {
                destroyed.push(dislodged.unit);
            } else {
                dislodged.retreats = Some(options);
                next.dislodged.push(dislodged);
            }
        }
        (next, destroyed)
    }
}

/// Lists of unit indexes by key (a province or a unit), all in one vector: made once from `(key, unit)`
/// pairs, then only read. A vector per key cost an allocation for every key with a member, each phase.
#[derive(Default)]
struct Groups {
    /// Key `k`'s members are `members[starts[k]..starts[k + 1]]`.
    starts: Vec<usize>,
    members: Vec<usize>,
}

impl Groups {
    /// Groups the members of `pairs` by key, each key's members in the order of `pairs`.
    fn new(keys: usize, pairs: &[(usize, usize)]) -> Groups {
        // Counting sort: each key's count, summed so that `starts[k]` is where key `k`'s range ends, then
        // filled from the back, each placement moving `starts[k]` down to where the range begins.
        let mut starts = vec![0; keys + 1];
        for &(key, _) in pairs {
            starts[key] += 1;
        }
        let mut total = 0;
        for start in &mut starts {
            total += *start;
            *start = total;
        }
        let mut members = vec![0; pairs.len()];
        for &(key, member) in pairs.iter().rev() {
            starts[key] -= 1;
            members[starts[key]] = member;
        }
        Groups { starts, members }
    }
}

impl std::ops::Index<usize> for Groups {
    type Output = [usize];

    fn index(&self, key: usize) -> &[usize] {
        &self.members[self.starts[key]..self.starts[key + 1]]
    }
}
