//! Steps 15 and 16 and the end of the day: spies caught, income, and the victory check (CO.9).

use rand::Rng;

use super::Day;
use crate::report::{News, SpyReport};
use crate::rules::INDUSTRY_INCOME;
use crate::state::{GameStatus, NearWin, PlayerId, VictoryReason};

impl<R: Rng> Day<'_, R> {
    /// Step 15: every spy loses one point; a spy at or below the country's security is caught.
    /// Owners learn their spy's value or its capture (CO.8).
    pub(super) fn catch_spies(&mut self) {
        for country in &mut self.state.countries {
            let security = country.security;
            let code = country.code;
            country.spies.retain(|&player, value| {
                *value = value.saturating_sub(1);
                let caught = *value <= security;
                let report = SpyReport { country: code, value: if caught { 0 } else { *value }, caught };
                if let Some(today) = self.players.get_mut(player.index()) {
                    today.spies.push(report);
                }
                !caught
            });
        }
    }

    /// Step 16: fixed income, plus each led country's industry income unless it was conquered
    /// today, less what terrorism took today.
    pub(super) fn pay_income(&mut self) {
        for index in 0..self.state.players.len() {
            let player = self.state.players[index].id;
            if self.plays_today(player) {
                let fixed = self.state.players[index].fixed_income;
                self.players[index].income.fixed = fixed;
            }
        }
        for (index, country) in self.state.countries.iter().enumerate() {
            let Some(leader) = country.leader else {
                continue;
            };
            let today = &self.countries[index];
            if today.conquered {
                continue;
            }
            let income = country.industry.saturating_mul(INDUSTRY_INCOME).saturating_sub(today.income_loss);
            let earned = &mut self.players[leader.index()].income.industry;
            *earned = earned.saturating_add(income);
        }
        for (player, today) in self.state.players.iter_mut().zip(&self.players) {
            player.cash = player.cash.saturating_add(today.income.fixed).saturating_add(today.income.industry);
        }
    }

    /// End of day: more than half the countries led at the end of two consecutive days wins; the
    /// first such day is announced (CO.9). The last player left wins; nobody left ends the game.
    pub(super) fn check_victory(&mut self) {
        let led = self.state.countries_led();
        let total = self.state.countries.len();
        let majority: Option<PlayerId> = self
            .state
            .players
            .iter()
            .find(|player| player.is_active() && led[player.id.index()] * 2 > total)
            .map(|player| player.id);
        let previous = self.state.near_win;
        self.state.near_win = majority.map(|player| NearWin { player, day: self.number });
        if let Some(player) = majority {
            if previous == Some(NearWin { player, day: self.number - 1 }) {
                self.state.status = GameStatus::Won { player, reason: VictoryReason::Majority };
            } else {
                let name = self.state.players[player.index()].name.clone();
                self.news.push(News::MajorityWarning { player, name, countries: led[player.index()] });
            }
        }
        let active: Vec<PlayerId> =
            self.state.players.iter().filter(|player| player.is_active()).map(|player| player.id).collect();
        if self.state.status == GameStatus::InProgress {
            match active.as_slice() {
                [] => self.state.status = GameStatus::Abandoned,
                [last] if self.state.players.len() > 1 => {
                    self.state.status = GameStatus::Won { player: *last, reason: VictoryReason::LastPlayerLeft };
                }
                _ => {}
            }
        }
        if self.state.status != GameStatus::InProgress {
            self.news.push(News::GameOver { status: self.state.status });
        }
    }
}
