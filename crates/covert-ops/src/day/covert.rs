//! Steps 10 to 12: assassination, terrorism and revolution, decided by the seeded generator on
//! the secret parameters of rulings 5.2 and CO.7.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::Day;
use crate::order::Order;
use crate::report::{CovertResult, Effect, News};
use crate::state::{PlayerId, Stance, total};

/// The three covert actions, in step order.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Covert {
    Assassination,
    Terrorism,
    Revolution,
}

impl Covert {
    fn of(order: &Order) -> Option<Covert> {
        match order {
            Order::Kill { .. } => Some(Covert::Assassination),
            Order::Terrorism { .. } => Some(Covert::Terrorism),
            Order::Revolution { .. } => Some(Covert::Revolution),
            _ => None,
        }
    }
}

impl<R: Rng> Day<'_, R> {
    /// Step 10.
    pub(super) fn kill_leaders(&mut self) {
        self.run_covert(Covert::Assassination);
    }

    /// Step 11.
    pub(super) fn terrorist_attacks(&mut self) {
        self.run_covert(Covert::Terrorism);
    }

    /// Step 12.
    pub(super) fn revolutions(&mut self) {
        self.run_covert(Covert::Revolution);
    }

    /// Runs every order of one covert kind in seeded random order (CO.7). Cash is paid first; an
    /// order that cannot be paid fails and rolls nothing.
    fn run_covert(&mut self, kind: Covert) {
        let mut selected = self.pending_where(|order| Covert::of(order) == Some(kind));
        selected.shuffle(self.rng);
        for index in selected {
            let (country, amount) = match self.batch[index].order {
                Order::Kill { country, amount }
                | Order::Terrorism { country, amount }
                | Order::Revolution { country, amount } => (country, amount),
                _ => continue,
            };
            let player = self.batch[index].player;
            let target = self.country_index(country);
            let result = self.pay(player, amount).map(|()| match kind {
                Covert::Assassination => self.assassinate(player, target, amount),
                Covert::Terrorism => self.terrorise(player, target, amount),
                Covert::Revolution => self.revolt(player, target, amount),
            });
            self.settle(index, result);
        }
    }

    fn assassinate(&mut self, player: PlayerId, target: usize, spent: u32) -> Effect {
        let difficulty = self.state.params.covert.assassination_difficulty;
        let result = self.attempt_coup(player, target, spent, difficulty);
        if result == CovertResult::Succeeded {
            let loss = self.state.params.covert.assassination_security_loss;
            let country = &mut self.state.countries[target];
            country.clear_influence();
            country.security = country.security.saturating_sub(loss);
            self.news.push(News::LeaderAssassinated { country: self.map.code(target) });
        }
        Effect::Assassination { result }
    }

    fn revolt(&mut self, player: PlayerId, target: usize, spent: u32) -> Effect {
        let difficulty = self.state.params.covert.revolution_difficulty;
        let result = self.attempt_coup(player, target, spent, difficulty);
        if result == CovertResult::Succeeded {
            let loss = self.state.params.covert.revolution_security_loss;
            let country = &mut self.state.countries[target];
            country.clear_influence();
            // The financier's influence equals the amount spent (step 12).
            country.set_influence(player, spent);
            country.update_leader();
            country.security = country.security.saturating_sub(loss);
            self.news.push(News::GovernmentOverthrown { country: self.map.code(target) });
        }
        Effect::Revolution { result }
    }

    /// Assassination and revolution: a country whose government already fell today cannot fall
    /// again; the cash stays spent (CO.7).
    fn attempt_coup(&mut self, player: PlayerId, target: usize, spent: u32, difficulty: u32) -> CovertResult {
        if self.countries[target].government_changed {
            return CovertResult::GovernmentAlreadyFell;
        }
        if self.roll(player, target, spent, difficulty) {
            self.countries[target].government_changed = true;
            CovertResult::Succeeded
        } else {
            CovertResult::Failed
        }
    }

    /// Terrorism lowers security and the leader's influence even when caught; when not caught it
    /// also cuts today's industry income and may destroy one industry (step 11).
    fn terrorise(&mut self, player: PlayerId, target: usize, spent: u32) -> Effect {
        let params = self.state.params.covert.clone();
        let caught = !self.roll(player, target, spent, params.terrorism_difficulty);
        let country = &mut self.state.countries[target];
        country.security = country.security.saturating_sub(spent.div_ceil(params.terrorism_security_divisor));
        if let Some(leader) = country.leader {
            let loss = spent.div_ceil(params.terrorism_influence_divisor);
            let influence = country.influence_of(leader).saturating_sub(loss);
            country.set_influence(leader, influence);
            country.update_leader();
        }
        let mut industry_destroyed = false;
        if !caught {
            let today = &mut self.countries[target];
            today.income_loss = today.income_loss.saturating_add(spent.div_ceil(params.terrorism_income_divisor));
            let country = &mut self.state.countries[target];
            if country.industry > 0 && self.rng.random_range(0..100) < params.terrorism_destroy_industry_percent {
                country.industry -= 1;
                industry_destroyed = true;
            }
        }
        Effect::Terrorism { caught, industry_destroyed }
    }

    /// One seeded draw: success when a uniform number below `attack + resistance` falls below
    /// `attack` (see [`crate::CovertParameters`]).
    fn roll(&mut self, player: PlayerId, target: usize, spent: u32, difficulty: u32) -> bool {
        let attack = self.attack_strength(player, target, spent);
        let params = &self.state.params.covert;
        let security = u64::from(self.state.countries[target].security);
        let resistance = u64::from(difficulty) + security * u64::from(params.security_weight);
        self.rng.random_range(0..attack + resistance) < attack
    }

    /// Cash spent plus the sheet's helps: spy, superspy, troops of led countries, more troops than
    /// the defenders, led neighbours.
    fn attack_strength(&self, player: PlayerId, target: usize, spent: u32) -> u64 {
        let params = &self.state.params.covert;
        let country = &self.state.countries[target];
        let leads =
            |code| self.map.index_of(code).is_some_and(|index| self.state.countries[index].leader == Some(player));
        let mut attack = u64::from(spent);
        if country.spies.get(&player).is_some_and(|&value| value > 0) {
            attack += u64::from(params.spy_bonus);
        }
        if self.state.players[player.index()].superspy == country.code {
            attack += u64::from(params.superspy_bonus);
        }
        let (own, others): (Vec<_>, Vec<_>) =
            country.foreign_troops.iter().partition(|deployment| leads(deployment.from));
        let own_troops = total(own.iter().map(|deployment| deployment.troops));
        let other_defenders = total(
            others
                .iter()
                .filter(|deployment| deployment.stance == Stance::Defending)
                .map(|deployment| deployment.troops),
        )
        .saturating_add(country.home_troops);
        if own_troops > 0 {
            attack += u64::from(params.troops_bonus);
            if own_troops > other_defenders {
                attack += u64::from(params.more_troops_bonus);
            }
        }
        let led_neighbours = self
            .map
            .country(target)
            .neighbours
            .iter()
            .filter(|&&neighbour| self.state.countries[neighbour].leader == Some(player))
            .count() as u64;
        attack + led_neighbours * u64::from(params.adjacent_bonus)
    }
}
