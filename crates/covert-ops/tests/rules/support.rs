//! A small harness: a game on the real world map with helpers to arrange positions and play days.

use std::collections::BTreeMap;

use covert_ops::{
    CountryCode, CountryState, DayResult, GameState, OrderOutcome, Parameters, PlayerId, PlayerReport, PlayerState,
    WorldMap, rng_for_day, run_day,
};

pub struct Game {
    pub map: WorldMap,
    pub state: GameState,
}

pub fn code(text: &str) -> CountryCode {
    CountryCode::parse(text).expect("test country code")
}

impl Game {
    pub fn new(players: usize) -> Game {
        Game::with_params(players, Parameters::default())
    }

    pub fn with_params(players: usize, params: Parameters) -> Game {
        let map = WorldMap::world().expect("world map");
        let names: Vec<String> = (1..=players).map(|n| format!("Player {n}")).collect();
        let mut rng = rng_for_day(1, 0);
        let mut state = GameState::new(&map, params, &names, 1, &mut rng).expect("new game");
        // Park every superspy on an island nobody fights over, so no test gets its bonus by accident.
        for player in &mut state.players {
            player.superspy = code("MIC");
        }
        Game { map, state }
    }

    pub fn country(&self, text: &str) -> &CountryState {
        let index = self.map.index_of(code(text)).expect("country on map");
        &self.state.countries[index]
    }

    pub fn country_mut(&mut self, text: &str) -> &mut CountryState {
        let index = self.map.index_of(code(text)).expect("country on map");
        &mut self.state.countries[index]
    }

    pub fn player(&self, n: u16) -> &PlayerState {
        &self.state.players[PlayerId(n).index()]
    }

    pub fn player_mut(&mut self, n: u16) -> &mut PlayerState {
        &mut self.state.players[PlayerId(n).index()]
    }

    /// Gives player `n` this influence in a country and recomputes its leader.
    pub fn set_influence(&mut self, n: u16, country: &str, influence: u32) {
        let state = self.country_mut(country);
        state.set_influence(PlayerId(n), influence);
        state.update_leader();
    }

    pub fn play(&mut self, orders: &[(u16, &str)]) -> DayResult {
        self.try_play(orders).expect("day runs")
    }

    pub fn try_play(&mut self, orders: &[(u16, &str)]) -> Result<DayResult, covert_ops::DayError> {
        let orders: BTreeMap<PlayerId, String> =
            orders.iter().map(|&(n, text)| (PlayerId(n), text.to_owned())).collect();
        let mut rng = rng_for_day(self.state.seed, self.state.day + 1);
        run_day(&self.map, &mut self.state, &orders, &mut rng)
    }
}

pub fn report(result: &DayResult, n: u16) -> &PlayerReport {
    result.reports.iter().find(|report| report.player == PlayerId(n)).expect("report for player")
}

/// The outcome of the report's order written exactly as `order` (canonical form).
pub fn outcome(result: &DayResult, n: u16, order: &str) -> OrderOutcome {
    report(result, n)
        .orders
        .iter()
        .find(|report| report.order == order)
        .unwrap_or_else(|| panic!("no outcome for {order}"))
        .outcome
        .clone()
}

pub fn executed(outcome: &OrderOutcome) -> bool {
    matches!(outcome, OrderOutcome::Executed { .. })
}

/// Parameters under which every covert attempt with a large spend succeeds and security never
/// resists, for tests of what success does.
pub fn sure_success() -> Parameters {
    let mut params = Parameters::default();
    params.covert.security_weight = 0;
    params.covert.terrorism_difficulty = 0;
    params.covert.assassination_difficulty = 1;
    params.covert.revolution_difficulty = 2;
    params
}

/// Parameters under which a small covert spend essentially never succeeds.
pub fn sure_failure() -> Parameters {
    let mut params = Parameters::default();
    params.covert.terrorism_difficulty = 1_000_000_000;
    params.covert.assassination_difficulty = 1_000_000_001;
    params.covert.revolution_difficulty = 1_000_000_002;
    params
}
