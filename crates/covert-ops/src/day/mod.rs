//! One day (turn): receive orders, pick each player's batch, run the sheet's 16 steps, report.
//!
//! Each step is its own function in a submodule, named after the sheet's step. Orders of different
//! players in one step are simultaneous where they cannot conflict; where they can (K, T, R on one
//! country) they run in seeded random order (CO.7). A player's own orders run in queue order.

mod combat;
mod covert;
mod queue;
mod reports;
mod spending;
mod troops;
mod upkeep;

pub use combat::combat_losses;

use std::collections::BTreeMap;

use rand::Rng;

use crate::map::{CountryCode, WorldMap};
use crate::order::{LineError, Order, parse_line};
use crate::report::{
    CombatReport, DayResult, Effect, FailReason, IncomeReport, MessageReport, News, OrderOutcome, OrderReport,
    SpyReport,
};
use crate::state::{GameState, GameStatus, PlayerId};

/// Why a day could not run. The state is left untouched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DayError {
    #[error("the game is over")]
    GameOver,
    #[error("orders for player {0}, who is not in this game")]
    UnknownPlayer(PlayerId),
    #[error("the state does not fit the map: {0}")]
    CorruptState(String),
}

/// Runs the next day of the game. `orders` maps players to everything they sent since the last day,
/// as one text: the day's 100-line cap applies to it (CO.1).
pub fn run_day<R: Rng>(
    map: &WorldMap,
    state: &mut GameState,
    orders: &BTreeMap<PlayerId, String>,
    rng: &mut R,
) -> Result<DayResult, DayError> {
    if state.status != GameStatus::InProgress {
        return Err(DayError::GameOver);
    }
    check_state(map, state)?;
    if let Some(&unknown) = orders.keys().find(|&&id| state.player(id).is_none()) {
        return Err(DayError::UnknownPlayer(unknown));
    }
    let mut day = Day::new(map, state, rng);
    day.start();
    for (&player, text) in orders {
        day.receive(player, text);
    }
    day.select_batches();
    day.run_steps();
    Ok(day.finish())
}

/// An order taken into today's batch, with its outcome once its step ran.
struct Pending {
    player: PlayerId,
    order: Order,
    outcome: Option<OrderOutcome>,
}

/// Per-country conditions that last only for the day.
#[derive(Clone, Default)]
struct CountryToday {
    /// Assassination, revolution or conquest happened: cancels bribes, foils later K and R.
    government_changed: bool,
    /// No industry income today (step 13).
    conquered: bool,
    /// Industry income lost to terrorism today (step 11).
    income_loss: u32,
}

/// Per-player notes collected during the day for the report.
#[derive(Default)]
struct PlayerToday {
    line_errors: Vec<LineError>,
    /// Outcomes decided before the steps: administrative orders and orders meaningless on selection.
    early: Vec<OrderReport>,
    spies: Vec<SpyReport>,
    messages: Vec<MessageReport>,
    income: IncomeReport,
}

struct Day<'a, R> {
    map: &'a WorldMap,
    state: &'a mut GameState,
    rng: &'a mut R,
    number: u32,
    /// Leaders when the day began, for `M` (sheet: "at the beginning of the turn").
    leaders_at_start: Vec<Option<PlayerId>>,
    batch: Vec<Pending>,
    countries: Vec<CountryToday>,
    players: Vec<PlayerToday>,
    /// Combat reports with the players they concern.
    combat: Vec<(CombatReport, Vec<PlayerId>)>,
    news: Vec<News>,
}

impl<'a, R: Rng> Day<'a, R> {
    fn new(map: &'a WorldMap, state: &'a mut GameState, rng: &'a mut R) -> Self {
        let number = state.day + 1;
        let countries = vec![CountryToday::default(); state.countries.len()];
        let players = state.players.iter().map(|_| PlayerToday::default()).collect();
        Day {
            map,
            state,
            rng,
            number,
            leaders_at_start: Vec::new(),
            batch: Vec::new(),
            countries,
            players,
            combat: Vec::new(),
            news: Vec::new(),
        }
    }

    /// The sheet's sixteen steps, in order.
    fn run_steps(&mut self) {
        self.transfer_superspies();
        self.deliver_messages();
        self.liquidate_assets();
        self.smuggle_arms();
        self.guard();
        self.send_spies();
        self.invest();
        self.withdraw_troops();
        self.defend();
        self.conquer();
        self.kill_leaders();
        self.terrorist_attacks();
        self.revolutions();
        self.resolve_combat();
        self.bribe();
        self.catch_spies();
        self.pay_income();
    }

    fn country_index(&self, code: CountryCode) -> usize {
        // Orders are checked against the map when parsed, so every code resolves.
        self.map.index_of(code).unwrap_or_default()
    }

    /// Indices of today's batch orders accepted by `select`, in batch order.
    fn pending_where(&self, select: impl Fn(&Order) -> bool) -> Vec<usize> {
        (0..self.batch.len()).filter(|&i| self.batch[i].outcome.is_none() && select(&self.batch[i].order)).collect()
    }

    fn settle(&mut self, index: usize, result: Result<Effect, FailReason>) {
        self.batch[index].outcome = Some(match result {
            Ok(effect) => OrderOutcome::Executed { effect },
            Err(reason) => OrderOutcome::Failed { reason },
        });
    }

    /// Takes `cost` from the player's cash, or fails for lack of cash (CO.2).
    fn pay(&mut self, player: PlayerId, cost: u32) -> Result<(), FailReason> {
        let cash = &mut self.state.players[player.index()].cash;
        if *cash < cost {
            return Err(FailReason::NotEnoughCash { needed: cost, available: *cash });
        }
        *cash -= cost;
        Ok(())
    }

    /// C, D, W and L need the player to lead the country when the step runs (CO.4).
    fn require_leader(&self, player: PlayerId, country: usize) -> Result<(), FailReason> {
        if self.state.countries[country].leader == Some(player) {
            Ok(())
        } else {
            Err(FailReason::NotLeader { country: self.map.code(country) })
        }
    }
}

/// Refuses a state whose countries or players do not line up with the map, so no step can index
/// out of bounds on hostile input. Public so that a stored state can be checked when it is read back.
pub fn check_state(map: &WorldMap, state: &GameState) -> Result<(), DayError> {
    let corrupt = |text: String| Err(DayError::CorruptState(text));
    if let Err(error) = state.params.validate() {
        return corrupt(error.to_string());
    }
    if state.day == u32::MAX {
        return corrupt("the day counter is exhausted".to_owned());
    }
    if state.countries.len() != map.len() {
        return corrupt(format!("{} countries, the map has {}", state.countries.len(), map.len()));
    }
    let known_player = |id: PlayerId| state.player(id).is_some();
    for (index, player) in state.players.iter().enumerate() {
        if player.id.index() != index || player.id.0 == 0 {
            return corrupt(format!("player {} is out of place", player.id));
        }
        if map.index_of(player.superspy).is_none() {
            return corrupt(format!("superspy of player {} is off the map", player.id));
        }
        // Queued orders come from the stored JSON, not the parser: each must read back as itself.
        if let Some(order) =
            player.queue.iter().find(|order| parse_line(&order.to_string(), map).as_ref() != Ok(*order))
        {
            return corrupt(format!("player {} has an invalid queued order {order}", player.id));
        }
    }
    for (index, country) in state.countries.iter().enumerate() {
        if country.code != map.code(index) {
            return corrupt(format!("country {} where the map has {}", country.code, map.code(index)));
        }
        let players_known = country.influence.keys().chain(country.spies.keys()).all(|&id| known_player(id))
            && country.leader.is_none_or(known_player);
        if !players_known {
            return corrupt(format!("country {} names an unknown player", country.code));
        }
        for deployment in &country.foreign_troops {
            if map.index_of(deployment.from).is_none() || deployment.from == country.code {
                return corrupt(format!("country {} hosts troops from {}", country.code, deployment.from));
            }
        }
    }
    if state.near_win.is_some_and(|near| !known_player(near.player)) {
        return corrupt("near win names an unknown player".to_owned());
    }
    Ok(())
}
