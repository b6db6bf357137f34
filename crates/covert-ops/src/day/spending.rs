//! Steps 1 to 6 and 14: superspy moves, cash orders, bribes; plus the delivery of `M` messages.

use rand::Rng;

use super::Day;
use crate::order::Order;
use crate::report::{Effect, FailReason, MessageReport};
use crate::rules::{INVEST_COST, LIQUIDATE_VALUE, SPY_VALUE_PER_MILLION, arms_cost};

impl<R: Rng> Day<'_, R> {
    /// Step 1: superspies move to their new countries.
    pub(super) fn transfer_superspies(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Superspy { .. })) {
            let Order::Superspy { country } = self.batch[index].order else {
                continue;
            };
            let player = self.batch[index].player;
            self.state.players[player.index()].superspy = country;
            self.settle(index, Ok(Effect::SuperspyMoved));
        }
    }

    /// `M`: the sender's name and contact go to whoever led the country when the day began
    /// (rulings 5.4). Selection already dropped messages to countries nobody led.
    pub(super) fn deliver_messages(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Message { .. })) {
            let Order::Message { country } = self.batch[index].order else {
                continue;
            };
            let sender = &self.state.players[self.batch[index].player.index()];
            if let Some(recipient) = self.leaders_at_start[self.country_index(country)] {
                let message = MessageReport {
                    from: sender.id,
                    name: sender.name.clone(),
                    contact: sender.contact.clone(),
                    country,
                };
                self.players[recipient.index()].messages.push(message);
            }
            self.settle(index, Ok(Effect::MessageSent));
        }
    }

    /// Step 2: each `L` sells one industry for $3 million, usable the same day.
    pub(super) fn liquidate_assets(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Liquidate { .. })) {
            let Order::Liquidate { country } = self.batch[index].order else {
                continue;
            };
            let result = self.liquidate(self.batch[index].player, self.country_index(country));
            self.settle(index, result);
        }
    }

    fn liquidate(&mut self, player: crate::PlayerId, country: usize) -> Result<Effect, FailReason> {
        self.require_leader(player, country)?;
        let target = &mut self.state.countries[country];
        if target.industry == 0 {
            return Err(FailReason::NoIndustry);
        }
        target.industry -= 1;
        let cash = &mut self.state.players[player.index()].cash;
        *cash = cash.saturating_add(LIQUIDATE_VALUE);
        Ok(Effect::IndustrySold)
    }

    /// Step 3: arms smuggling by the sheet's table; new troops fight the same day (CO.3).
    pub(super) fn smuggle_arms(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Arms { .. })) {
            let Order::Arms { country, units } = self.batch[index].order else {
                continue;
            };
            let cost = arms_cost(units);
            let result = self.pay(self.batch[index].player, cost).map(|()| {
                let target = self.country_index(country);
                let troops = &mut self.state.countries[target].home_troops;
                *troops = troops.saturating_add(units);
                Effect::ArmsSmuggled { cost }
            });
            self.settle(index, result);
        }
    }

    /// Step 4: each $1 million raises security by one, at once.
    pub(super) fn guard(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Guard { .. })) {
            let Order::Guard { country, amount } = self.batch[index].order else {
                continue;
            };
            let result = self.pay(self.batch[index].player, amount).map(|()| {
                let target = self.country_index(country);
                let security = &mut self.state.countries[target].security;
                *security = security.saturating_add(amount);
                Effect::SecurityRaised
            });
            self.settle(index, result);
        }
    }

    /// Step 5: each $1 million adds five to the player's spy in the country.
    pub(super) fn send_spies(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Spy { .. })) {
            let Order::Spy { country, amount } = self.batch[index].order else {
                continue;
            };
            let player = self.batch[index].player;
            let result = self.pay(player, amount).map(|()| {
                let target = self.country_index(country);
                let spy = self.state.countries[target].spies.entry(player).or_default();
                *spy = spy.saturating_add(amount.saturating_mul(SPY_VALUE_PER_MILLION));
                Effect::SpyReinforced { value: *spy }
            });
            self.settle(index, result);
        }
    }

    /// Step 6: each `I` builds one industry for $4 million.
    pub(super) fn invest(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Invest { .. })) {
            let Order::Invest { country } = self.batch[index].order else {
                continue;
            };
            let result = self.pay(self.batch[index].player, INVEST_COST).map(|()| {
                let target = self.country_index(country);
                let industry = &mut self.state.countries[target].industry;
                *industry = industry.saturating_add(1);
                Effect::IndustryBuilt
            });
            self.settle(index, result);
        }
    }

    /// Step 14: bribes raise influence one point per $1 million; after a change of government that
    /// day they are cancelled: no cash spent, courier kept (CO.2). Leaders are recomputed once all
    /// bribes are in, so players' bribes in one country are simultaneous.
    pub(super) fn bribe(&mut self) {
        let mut touched = Vec::new();
        for index in self.pending_where(|order| matches!(order, Order::Bribe { .. })) {
            let Order::Bribe { country, amount } = self.batch[index].order else {
                continue;
            };
            let player = self.batch[index].player;
            let target = self.country_index(country);
            let result = if self.countries[target].government_changed {
                Err(FailReason::GovernmentChanged)
            } else {
                self.pay(player, amount).map(|()| {
                    let state = &mut self.state.countries[target];
                    let influence = state.influence_of(player).saturating_add(amount);
                    state.set_influence(player, influence);
                    touched.push(target);
                    Effect::Bribed { influence }
                })
            };
            self.settle(index, result);
        }
        for target in touched {
            self.state.countries[target].update_leader();
        }
    }
}
