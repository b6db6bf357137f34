//! The order economy: couriers, receipt of new lines, and the choice of each player's daily batch.
//!
//! Sheet "Orders" and rulings CO.1, CO.2 and CO.8: 10 couriers on day 1 and 7 more each later day;
//! at most 100 new lines and 10 processed orders a day; the excess waits in the queue.

use rand::Rng;

use super::Day;
use super::Pending;
use crate::order::{LineError, Order, OrderError, parse_line};
use crate::report::{AdminEffect, MeaninglessReason, News, OrderOutcome, OrderReport};
use crate::rules::{MAX_NEW_LINES_PER_DAY, MAX_ORDERS_PER_DAY, ORDERS_PER_DAY};
use crate::state::PlayerId;

impl<R: Rng> Day<'_, R> {
    /// Opens the day: removes positions resigned on an earlier day and hands out new couriers.
    pub(super) fn start(&mut self) {
        self.state.day = self.number;
        self.remove_resigned_positions();
        if self.number > 1 {
            for player in self.state.players.iter_mut().filter(|player| player.is_active()) {
                player.orders_available = player.orders_available.saturating_add(ORDERS_PER_DAY);
            }
        }
        self.leaders_at_start = self.state.countries.iter().map(|country| country.leader).collect();
    }

    /// From the day after `RESIGN`, the player's influence, spies and queue are gone (CO.8).
    fn remove_resigned_positions(&mut self) {
        let today = self.number;
        let gone: Vec<PlayerId> = self
            .state
            .players
            .iter()
            .filter(|player| player.resigned_on.is_some_and(|day| day < today))
            .map(|player| player.id)
            .collect();
        if gone.is_empty() {
            return;
        }
        for country in &mut self.state.countries {
            for player in &gone {
                country.influence.remove(player);
                country.spies.remove(player);
            }
            country.update_leader();
        }
        for player in &gone {
            self.state.players[player.index()].queue.clear();
        }
    }

    /// Whether the player's queue runs today: active, or resigned today (removal starts tomorrow).
    pub(super) fn plays_today(&self, player: PlayerId) -> bool {
        self.state.players[player.index()].resigned_on.is_none_or(|day| day == self.number)
    }

    /// Takes a player's new lines: administrative orders act at once, the rest join the queue.
    pub(super) fn receive(&mut self, player: PlayerId, text: &str) {
        let mut received = 0;
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            received += 1;
            let refuse = |reason| LineError { line: number + 1, input: line.to_owned(), reason };
            if !self.state.players[player.index()].is_active() {
                self.players[player.index()].line_errors.push(refuse(OrderError::NotPlaying));
                continue;
            }
            if received > MAX_NEW_LINES_PER_DAY {
                self.players[player.index()].line_errors.push(refuse(OrderError::OverDailyLineLimit));
                continue;
            }
            match parse_line(line, self.map) {
                Ok(order) => self.accept(player, order),
                Err(reason) => self.players[player.index()].line_errors.push(refuse(reason)),
            }
        }
    }

    fn accept(&mut self, player: PlayerId, order: Order) {
        let position = &mut self.state.players[player.index()];
        let effect = match &order {
            Order::Email { contact } => {
                position.contact = contact.clone();
                AdminEffect::ContactChanged
            }
            Order::Code { code } => {
                position.access_code = code.clone();
                AdminEffect::AccessCodeChanged
            }
            Order::Discard => {
                let lines = position.queue.len();
                position.queue.clear();
                AdminEffect::Discarded { lines }
            }
            Order::Resign => {
                position.resigned_on = Some(self.number);
                let name = position.name.clone();
                self.news.push(News::PlayerResigned { player, name });
                AdminEffect::Resigned
            }
            _ => {
                position.queue.push(order);
                return;
            }
        };
        self.note_early(player, order, OrderOutcome::Administrative { effect });
    }

    fn note_early(&mut self, player: PlayerId, order: Order, outcome: OrderOutcome) {
        let report = OrderReport { order: order.to_string(), outcome };
        self.players[player.index()].early.push(report);
    }

    /// Moves up to ten orders per player (and no more than their couriers) from the queue into
    /// today's batch. STOP ends the walk and is used up; orders already meaningless are dropped
    /// without counting.
    pub(super) fn select_batches(&mut self) {
        for index in 0..self.state.players.len() {
            let player = self.state.players[index].id;
            if self.plays_today(player) {
                self.select_batch(player);
            }
        }
    }

    fn select_batch(&mut self, player: PlayerId) {
        let position = &mut self.state.players[player.index()];
        let limit = MAX_ORDERS_PER_DAY.min(position.orders_available) as usize;
        let queue = std::mem::take(&mut position.queue);
        let mut kept = Vec::new();
        let mut taken = 0;
        let mut stopped = false;
        for order in queue {
            if stopped || taken == limit {
                kept.push(order);
            } else if order == Order::Stop {
                stopped = true;
                let outcome = OrderOutcome::Administrative { effect: AdminEffect::Stopped };
                self.note_early(player, order, outcome);
            } else if let Some(reason) = self.meaningless_now(&order) {
                self.note_early(player, order, OrderOutcome::Meaningless { reason });
            } else {
                taken += 1;
                self.batch.push(Pending { player, order, outcome: None });
            }
        }
        self.state.players[player.index()].queue = kept;
    }

    /// CO.2's meaningless cases that depend on the day's state: `W` with no troops there and `M` to
    /// a country nobody leads. Both are already decided when the day begins.
    fn meaningless_now(&self, order: &Order) -> Option<MeaninglessReason> {
        match order {
            Order::Withdraw { home, from, .. } => {
                let host = &self.state.countries[self.country_index(*from)];
                (host.troops_of(*home) == 0).then_some(MeaninglessReason::NoTroopsThere)
            }
            Order::Message { country } => {
                self.leaders_at_start[self.country_index(*country)].is_none().then_some(MeaninglessReason::NoLeader)
            }
            _ => None,
        }
    }
}
