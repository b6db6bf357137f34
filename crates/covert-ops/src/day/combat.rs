//! Step 13: combat resolution by the sheet's loss table, and conquest (rulings CO.6).

use rand::Rng;

use super::Day;
use crate::map::CountryCode;
use crate::report::{CombatReport, InvadingForce, News};
use crate::rules::CONQUEST_INFLUENCE;
use crate::state::{PlayerId, Stance};

/// Units a force loses against the largest force on the field: the largest (and any force within
/// 50% of it) loses one; outnumbered by 50% up to 100% loses two; by 100% or more loses three.
/// "Outnumbered by x%" compares the largest to this force: `largest ÷ force` (CO.6).
pub fn combat_losses(force: u32, largest: u32) -> u32 {
    let (force, largest) = (u64::from(force), u64::from(largest));
    let loss = if largest >= 2 * force {
        3
    } else if 2 * largest >= 3 * force {
        2
    } else {
        1
    };
    loss.min(force) as u32
}

impl<R: Rng> Day<'_, R> {
    /// Step 13: every country with invaders fights, every day until it falls, they die or leave.
    pub(super) fn resolve_combat(&mut self) {
        for target in 0..self.state.countries.len() {
            if self.state.countries[target].troops_with_stance(Stance::Invading) > 0 {
                self.fight(target);
            }
        }
    }

    fn fight(&mut self, target: usize) {
        let concerned_before = self.players_concerned(target);
        let country = &self.state.countries[target];
        let defenders_before = country.defenders();
        let invaders: Vec<(CountryCode, u32)> = country
            .foreign_troops
            .iter()
            .filter(|deployment| deployment.stance == Stance::Invading && deployment.troops > 0)
            .map(|deployment| (deployment.from, deployment.troops))
            .collect();
        let largest_invader = invaders.iter().map(|&(_, troops)| troops).max().unwrap_or(0);
        let unopposed_winner =
            defenders_before == 0 && invaders.iter().filter(|&&(_, troops)| troops == largest_invader).count() == 1;
        let mut report = CombatReport {
            country: country.code,
            defenders_before,
            defenders_lost: 0,
            invaders: invaders.iter().map(|&(from, before)| InvadingForce { from, before, lost: 0 }).collect(),
            conquered_by: None,
        };
        // A country with no defenders falls to a single largest invader without a fight (CO.6).
        if !unopposed_winner {
            let largest = defenders_before.max(largest_invader);
            report.defenders_lost = combat_losses(defenders_before, largest);
            self.take_defence_losses(target, report.defenders_lost);
            for force in &mut report.invaders {
                force.lost = combat_losses(force.before, largest);
                self.take_invader_losses(target, force.from, force.lost);
            }
        }
        if self.state.countries[target].defenders() == 0 {
            report.conquered_by = self.largest_single_invader(target);
            if let Some(conqueror) = report.conquered_by {
                self.conquer_country(target, conqueror);
            }
        }
        self.state.countries[target].drop_empty_deployments();
        let mut concerned = concerned_before;
        concerned.extend(self.players_concerned(target));
        concerned.sort_unstable();
        concerned.dedup();
        self.combat.push((report, concerned));
    }

    /// A combined defence loses home troops first, then foreign defenders in arrival order (CO.6).
    fn take_defence_losses(&mut self, target: usize, losses: u32) {
        let country = &mut self.state.countries[target];
        let from_home = losses.min(country.home_troops);
        country.home_troops -= from_home;
        let mut remaining = losses - from_home;
        for deployment in &mut country.foreign_troops {
            if deployment.stance == Stance::Defending {
                let taken = deployment.troops.min(remaining);
                deployment.troops -= taken;
                remaining -= taken;
            }
        }
    }

    fn take_invader_losses(&mut self, target: usize, from: CountryCode, losses: u32) {
        for deployment in &mut self.state.countries[target].foreign_troops {
            if deployment.stance == Stance::Invading && deployment.from == from {
                deployment.troops -= losses.min(deployment.troops);
            }
        }
    }

    /// The remaining invader with strictly the most troops; a tie for most conquers nothing.
    fn largest_single_invader(&self, target: usize) -> Option<CountryCode> {
        let invaders: Vec<(CountryCode, u32)> = self.state.countries[target]
            .foreign_troops
            .iter()
            .filter(|deployment| deployment.stance == Stance::Invading && deployment.troops > 0)
            .map(|deployment| (deployment.from, deployment.troops))
            .collect();
        let most = invaders.iter().map(|&(_, troops)| troops).max()?;
        match invaders.iter().filter(|&&(_, troops)| troops == most).collect::<Vec<_>>().as_slice() {
            [(from, _)] => Some(*from),
            _ => None,
        }
    }

    /// Conquest: influence wiped, the conquering country's leader gets 10, the conquering troops
    /// become the home troops, foreign defenders are gone, other invaders stay (CO.6).
    fn conquer_country(&mut self, target: usize, conqueror: CountryCode) {
        let conqueror_index = self.country_index(conqueror);
        let new_leader = self.state.countries[conqueror_index].leader;
        let country = &mut self.state.countries[target];
        let troops = country.troops_of_stance_from(conqueror, Stance::Invading);
        country
            .foreign_troops
            .retain(|deployment| deployment.stance == Stance::Invading && deployment.from != conqueror);
        country.home_troops = troops;
        country.clear_influence();
        if let Some(player) = new_leader {
            country.set_influence(player, CONQUEST_INFLUENCE);
            country.update_leader();
        }
        let today = &mut self.countries[target];
        today.government_changed = true;
        today.conquered = true;
        self.news.push(News::Conquered { country: self.map.code(target), by: conqueror });
    }

    /// Leaders of the country and of every country with troops in it.
    fn players_concerned(&self, target: usize) -> Vec<PlayerId> {
        let country = &self.state.countries[target];
        let mut concerned: Vec<PlayerId> = country.leader.into_iter().collect();
        for deployment in &country.foreign_troops {
            let home = self.country_index(deployment.from);
            concerned.extend(self.state.countries[home].leader);
        }
        concerned
    }
}
