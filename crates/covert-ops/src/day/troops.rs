//! Steps 7 to 9: withdrawing troops home, sending them to defend or to conquer a neighbour.

use rand::Rng;

use super::Day;
use crate::map::CountryCode;
use crate::order::Order;
use crate::report::{Effect, FailReason, MeaninglessReason, OrderOutcome};
use crate::state::{PlayerId, Stance};

impl<R: Rng> Day<'_, R> {
    /// Step 7: troops abroad come home and may be sent out again the same day.
    pub(super) fn withdraw_troops(&mut self) {
        for index in self.pending_where(|order| matches!(order, Order::Withdraw { .. })) {
            let Order::Withdraw { home, from, troops } = self.batch[index].order else {
                continue;
            };
            let player = self.batch[index].player;
            let host = self.country_index(from);
            if self.state.countries[host].troops_of(home) == 0 {
                // An earlier withdrawal today already brought them all home (CO.2).
                let reason = MeaninglessReason::NoTroopsThere;
                self.batch[index].outcome = Some(OrderOutcome::Meaningless { reason });
                continue;
            }
            let result = self.withdraw(player, home, host, troops);
            self.settle(index, result);
        }
    }

    fn withdraw(
        &mut self,
        player: PlayerId,
        home: CountryCode,
        host: usize,
        troops: u32,
    ) -> Result<Effect, FailReason> {
        let homeland = self.country_index(home);
        self.require_leader(player, homeland)?;
        let present = self.state.countries[host].troops_of(home);
        if present < troops {
            return Err(FailReason::NotEnoughTroops { needed: troops, available: present });
        }
        // Defenders leave first: the invasion, if any, keeps going with what remains.
        let mut remaining = troops;
        for stance in [Stance::Defending, Stance::Invading] {
            for deployment in &mut self.state.countries[host].foreign_troops {
                if deployment.from == home && deployment.stance == stance {
                    let taken = deployment.troops.min(remaining);
                    deployment.troops -= taken;
                    remaining -= taken;
                }
            }
        }
        self.state.countries[host].drop_empty_deployments();
        let home = &mut self.state.countries[homeland].home_troops;
        *home = home.saturating_add(troops);
        Ok(Effect::TroopsWithdrawn)
    }

    /// Step 8: troops sent to defend a neighbour join its defence.
    pub(super) fn defend(&mut self) {
        self.send_troops(Stance::Defending);
    }

    /// Step 9: troops sent to conquer a neighbour become an invading force there.
    pub(super) fn conquer(&mut self) {
        self.send_troops(Stance::Invading);
    }

    fn send_troops(&mut self, stance: Stance) {
        let selected = self.pending_where(|order| match order {
            Order::Defend { .. } => stance == Stance::Defending,
            Order::Conquer { .. } => stance == Stance::Invading,
            _ => false,
        });
        for index in selected {
            let (from, to, troops) = match self.batch[index].order {
                Order::Defend { from, to, troops } | Order::Conquer { from, to, troops } => (from, to, troops),
                _ => continue,
            };
            let result = self.send(self.batch[index].player, from, to, troops, stance);
            self.settle(index, result);
        }
    }

    fn send(
        &mut self,
        player: PlayerId,
        from: CountryCode,
        to: CountryCode,
        troops: u32,
        stance: Stance,
    ) -> Result<Effect, FailReason> {
        let source = self.country_index(from);
        self.require_leader(player, source)?;
        let available = self.state.countries[source].home_troops;
        if available < troops {
            return Err(FailReason::NotEnoughTroops { needed: troops, available });
        }
        self.state.countries[source].home_troops -= troops;
        let target = self.country_index(to);
        self.state.countries[target].add_foreign_troops(from, stance, troops);
        // The sheet: a leader's influence drops when the country's troops are sent out (CO.5).
        let cost = self.state.params.troop_order_influence_cost;
        let country = &mut self.state.countries[source];
        let influence = country.influence_of(player).saturating_sub(cost);
        country.set_influence(player, influence);
        country.update_leader();
        Ok(Effect::TroopsSent { stance })
    }
}
