//! The end of the day: build each player's own turn result and the public news.

use std::collections::HashMap;

use rand::Rng;

use super::Day;
use crate::map::CountryCode;
use crate::report::{
    DayResult, InfluenceLevel, LedCountry, OrderReport, PlayerReport, PlayerValue, Position, SuperspyReport,
    TroopsAbroad,
};
use crate::state::{CountryState, PlayerId, PlayerState};

impl<R: Rng> Day<'_, R> {
    /// Spends couriers, checks victory and writes the reports.
    pub(super) fn finish(mut self) -> DayResult {
        self.use_couriers();
        self.check_victory();
        let abroad = self.troops_abroad();
        let reports = (0..self.state.players.len()).map(|index| self.report_for(index, &abroad)).collect();
        DayResult { day: self.number, reports, news: self.news }
    }

    /// Only executed orders use a courier; failed ones keep it for a later day (CO.2).
    fn use_couriers(&mut self) {
        for pending in &self.batch {
            if matches!(pending.outcome, Some(crate::report::OrderOutcome::Executed { .. })) {
                let player = &mut self.state.players[pending.player.index()];
                player.orders_available = player.orders_available.saturating_sub(1);
            }
        }
    }

    fn troops_abroad(&self) -> HashMap<CountryCode, Vec<TroopsAbroad>> {
        let mut abroad: HashMap<CountryCode, Vec<TroopsAbroad>> = HashMap::new();
        for country in &self.state.countries {
            for deployment in &country.foreign_troops {
                abroad.entry(deployment.from).or_default().push(TroopsAbroad {
                    country: country.code,
                    stance: deployment.stance,
                    troops: deployment.troops,
                });
            }
        }
        abroad
    }

    fn report_for(&self, index: usize, abroad: &HashMap<CountryCode, Vec<TroopsAbroad>>) -> PlayerReport {
        let player = &self.state.players[index];
        let today = &self.players[index];
        let mut orders = today.early.clone();
        orders.extend(self.batch.iter().filter(|pending| pending.player == player.id).filter_map(|pending| {
            let outcome = pending.outcome.clone()?;
            Some(OrderReport { order: pending.order.to_string(), outcome })
        }));
        let countries = self
            .state
            .countries
            .iter()
            .filter(|country| country.leader == Some(player.id))
            .map(|country| led_country(country, player.id, abroad))
            .collect();
        let combat = self
            .combat
            .iter()
            .filter(|(_, concerned)| concerned.contains(&player.id))
            .map(|(report, _)| report.clone())
            .collect();
        PlayerReport {
            day: self.number,
            player: player.id,
            position: Position::of(player),
            line_errors: today.line_errors.clone(),
            orders,
            countries,
            influence: self.influence_of(player.id),
            spies: today.spies.clone(),
            superspy: self.superspy_report(player),
            combat,
            income: today.income.clone(),
            messages: today.messages.clone(),
            news: self.news.clone(),
        }
    }

    fn influence_of(&self, player: PlayerId) -> Vec<InfluenceLevel> {
        self.state
            .countries
            .iter()
            .filter_map(|country| {
                let influence = country.influence_of(player);
                (influence > 0).then(|| InfluenceLevel {
                    country: country.code,
                    influence,
                    leader: country.leader == Some(player),
                })
            })
            .collect()
    }

    /// The superspy sees everything in its country at the end of the day (CO.8).
    fn superspy_report(&self, player: &PlayerState) -> SuperspyReport {
        let index = self.country_index(player.superspy);
        let country = &self.state.countries[index];
        let values = |values: &std::collections::BTreeMap<PlayerId, u32>| {
            values.iter().map(|(&player, &value)| PlayerValue { player, value }).collect()
        };
        SuperspyReport {
            country: country.code,
            leader: country.leader,
            influence: values(&country.influence),
            spies: values(&country.spies),
            security: country.security,
            industry: country.industry,
            home_troops: country.home_troops,
            foreign_troops: country.foreign_troops.clone(),
            other_superspies: self
                .state
                .players
                .iter()
                .filter(|other| other.id != player.id && other.is_active() && other.superspy == country.code)
                .map(|other| other.id)
                .collect(),
            combat: self
                .combat
                .iter()
                .find(|(report, _)| report.country == country.code)
                .map(|(report, _)| report.clone()),
        }
    }
}

fn led_country(
    country: &CountryState,
    player: PlayerId,
    abroad: &HashMap<CountryCode, Vec<TroopsAbroad>>,
) -> LedCountry {
    LedCountry {
        code: country.code,
        influence: country.influence_of(player),
        security: country.security,
        industry: country.industry,
        home_troops: country.home_troops,
        foreign_troops: country.foreign_troops.clone(),
        troops_abroad: abroad.get(&country.code).cloned().unwrap_or_default(),
    }
}
