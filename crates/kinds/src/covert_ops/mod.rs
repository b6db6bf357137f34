//! Covert Operations (`rules/covert-operations.txt`, rulings §5 and CO.1–CO.9) as a [`Rules`] over
//! the `covert-ops` engine: one seat per player, no powers and no standard board; a phase is one day.
//! The engine owns every rule; this module translates between the site's seats, order text, reports
//! and views and the engine's players, orders, `PlayerReport`s and `News`, in plain words.
//!
//! # How it is built
//!
//! `src/covert_ops/` is Covert Operations over the `covert-ops` engine (the kinds crate takes it with
//! `default-features = false`): `Settings` is the number of players (2 to 30) and the engine's `Parameters`;
//! the `State` is the engine's `GameState`, checked against the world map whenever it is read back
//! (`covert_ops::check_state`), so a corrupt stored state is a `StateError`, never a half-run day. Seat *n*
//! is the engine's player *n + 1*, titled `Player n+1`, with no powers (account names stay with the server);
//! a phase is one day (`D0001`, `PhaseStage::Day`). `process` runs `run_day` with a ChaCha8 generator seeded
//! from the given `seed`. `describe.rs` words every order, line error, outcome, effect, report section and
//! news item; `form.rs` builds the order form from the engine's `OrderOptions`; `views.rs` the player's own
//! position and the public facts (`board: None`); `world.rs` the world map as each reader may know it
//! (`kind::WorldBoard`: per country the leader he can see, his own influence, spy and superspy, the day's
//! coups, revolutions and conquests), built only from the engine's per-player `PlayerMap` (from the state
//! between days, or from a day's `PlayerReport`) and the public `News`, never from the whole state.
//! `View::world` and `Report::world` carry it (the public one holds no leader at all: who leads a country is
//! nobody's business but its leader's and superspies'). The public report is the day's `News` only; each
//! private report is that player's `PlayerReport`.

mod describe;
mod form;
mod views;
mod world;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use covert_ops::{DayError, GameState, GameStatus, OrderError, PlayerId, PlayerMap, VictoryReason, WorldMap, rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

pub use covert_ops::Parameters;

use crate::facts::{Facts, Notation, SeatPlan};
use crate::kind::{
    AcceptedLine, OrderCheck, OrderForm, Outcome, PhaseInfo, PhaseStage, Processed, RejectedLine, Report, Rules,
    SeatIndex, SeatInfo, SeatRole, SetupError, View, WorldBoard,
};

/// The GM's settings: the number of players and the engine's parameters (the secret odds and starting
/// values of rulings 5.2). Both have defaults, so `{}` is a valid setting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub players: u16,
    pub parameters: Parameters,
}

/// The fewest and most players a game may have: a game of one is won before it starts, and the site
/// seats at most thirty.
pub const PLAYERS: std::ops::RangeInclusive<u16> = 2..=30;

impl Default for Settings {
    fn default() -> Self {
        Settings { players: 12, parameters: Parameters::default() }
    }
}

/// A Covert Operations game: the engine's whole state, secrets included. It is checked against the map
/// whenever it is read back, so a corrupt stored state is refused on reading, never half-processed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameState", into = "GameState")]
pub struct State(GameState);

impl TryFrom<GameState> for State {
    type Error = String;

    fn try_from(game: GameState) -> Result<Self, Self::Error> {
        let map = world().map_err(|error| error.to_string())?;
        covert_ops::check_state(map, &game).map_err(|error| error.to_string())?;
        Ok(State(game))
    }
}

impl From<State> for GameState {
    fn from(state: State) -> Self {
        state.0
    }
}

impl State {
    /// The engine's state, for tests and tools that need to look inside (never for pages).
    pub fn engine(&self) -> &GameState {
        &self.0
    }

    /// Wraps an engine state after checking it against the map.
    pub fn from_engine(game: GameState) -> Result<State, String> {
        State::try_from(game)
    }

    /// The day the next processing runs (the engine counts days already run).
    fn next_day(&self) -> u32 {
        self.0.day.saturating_add(1)
    }

    fn player(&self, seat: SeatIndex) -> Option<&covert_ops::PlayerState> {
        self.0.player(player_of(seat))
    }

    fn is_active(&self, seat: SeatIndex) -> bool {
        self.0.status == GameStatus::InProgress && self.player(seat).is_some_and(|player| player.is_active())
    }
}

/// The Covert Operations game kind.
pub struct CovertOperations;

/// The engine numbers players from 1; seats are numbered from 0 in the same order.
fn player_of(seat: SeatIndex) -> PlayerId {
    PlayerId(seat.0.saturating_add(1))
}

fn seat_of(player: PlayerId) -> SeatIndex {
    SeatIndex(player.0.saturating_sub(1))
}

/// What a player is called everywhere in the game: the position name the engine holds (`Player 3`).
fn player_title(player: PlayerId) -> String {
    format!("Player {}", player.0)
}

/// The shipped world map, loaded and validated once.
fn world() -> Result<&'static WorldMap, SetupError> {
    static MAP: OnceLock<Result<WorldMap, covert_ops::MapError>> = OnceLock::new();
    MAP.get_or_init(WorldMap::world).as_ref().map_err(|error| SetupError::Data(error.to_string()))
}

fn map() -> &'static WorldMap {
    world().expect("the world map was validated when the state was created or read")
}

impl Rules for CovertOperations {
    type State = State;
    type Settings = Settings;

    fn guide() -> crate::guide::Guide {
        crate::guide::COVERT_OPERATIONS
    }

    fn facts() -> Facts {
        Facts {
            name: "Covert Operations",
            seats: SeatPlan::PlayersOnly { allowed: PLAYERS, default_players: Settings::default().players },
            notation: Notation::CommaLines,
            victory_centers: None,
        }
    }

    fn new_game(settings: &Settings, seed: u64) -> Result<State, SetupError> {
        if !PLAYERS.contains(&settings.players) {
            return Err(SetupError::Settings(format!(
                "a game has {} to {} players, not {}",
                PLAYERS.start(),
                PLAYERS.end(),
                settings.players
            )));
        }
        let names: Vec<String> = (1..=settings.players).map(|number| player_title(PlayerId(number))).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = GameState::new(world()?, settings.parameters.clone(), &names, seed, &mut rng)
            .map_err(|error| SetupError::Settings(error.to_string()))?;
        Ok(State(game))
    }

    fn seats(state: &State) -> Vec<SeatInfo> {
        state
            .0
            .players
            .iter()
            .map(|player| SeatInfo {
                id: seat_of(player.id),
                title: player_title(player.id),
                powers: Vec::new(),
                role: SeatRole::Player,
            })
            .collect()
    }

    fn phase(state: &State) -> PhaseInfo {
        let day = state.next_day();
        PhaseInfo { code: format!("D{day:04}"), label: format!("Day {day}"), stage: PhaseStage::Day }
    }

    fn must_order(state: &State, seat: SeatIndex) -> bool {
        state.is_active(seat)
    }

    fn check_orders(state: &State, seat: SeatIndex, text: &str) -> OrderCheck {
        let map = map();
        let playing = state.is_active(seat);
        let mut check = OrderCheck::default();
        let lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty());
        for (received, (index, line)) in lines.enumerate() {
            let refused = if !playing {
                Err(OrderError::NotPlaying)
            } else if received >= rules::MAX_NEW_LINES_PER_DAY {
                Err(OrderError::OverDailyLineLimit)
            } else {
                covert_ops::parse_line(line, map)
            };
            match refused {
                Ok(order) => check.accepted.push(AcceptedLine {
                    line: index + 1,
                    text: order.to_string(),
                    plain: describe::order_for(map, &state.0, player_of(seat), &order),
                }),
                Err(reason) => check.rejected.push(RejectedLine {
                    line: index + 1,
                    text: line.trim().to_owned(),
                    reason: describe::line_error(map, &reason),
                }),
            }
        }
        check
    }

    fn order_form(state: &State, seat: SeatIndex) -> OrderForm {
        match state.0.order_options(map(), player_of(seat)) {
            Some(options) if state.is_active(seat) => form::order_form(map(), &state.0, player_of(seat), &options),
            _ => OrderForm::default(),
        }
    }

    fn process(state: &State, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<State> {
        let mut next = state.0.clone();
        // Sheets of seats the game does not have cannot come from the server; they are left out rather
        // than failing the whole day.
        let orders: BTreeMap<PlayerId, String> = orders
            .iter()
            .map(|(seat, text)| (player_of(*seat), text.clone()))
            .filter(|(player, _)| state.0.player(*player).is_some())
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        match covert_ops::run_day(map(), &mut next, &orders, &mut rng) {
            Ok(day) => Processed {
                public: Report {
                    events: describe::public_events(map(), &day.news),
                    world: Some(world::mark_news(WorldBoard::default(), &day.news)),
                    ..Report::default()
                },
                private: day
                    .reports
                    .iter()
                    .map(|report| {
                        let known = world::player_world(&PlayerMap::from_report(report));
                        let world = Some(world::mark_news(known, &day.news));
                        (seat_of(report.player), Report { world, ..describe::player_report(map(), report) })
                    })
                    .collect(),
                next: State(next),
            },
            Err(error) => unprocessed(state, &error),
        }
    }

    fn seat_view(state: &State, seat: SeatIndex) -> View {
        views::seat_view(map(), &state.0, player_of(seat))
    }

    fn public_view(state: &State) -> View {
        views::public_view(&state.0)
    }

    fn gm_view(state: &State) -> View {
        views::gm_view(map(), &state.0)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        match state.0.status {
            GameStatus::InProgress => None,
            GameStatus::Won { player, reason } => Some(Outcome::Victory {
                winners: vec![seat_of(player)],
                summary: match reason {
                    VictoryReason::Majority => format!(
                        "{} wins, leading more than half of the countries for two days in a row.",
                        player_title(player)
                    ),
                    VictoryReason::LastPlayerLeft => {
                        format!("{} wins as the last player left in the game.", player_title(player))
                    }
                },
            }),
            GameStatus::Abandoned => {
                Some(Outcome::Victory { winners: Vec::new(), summary: "Every player resigned: nobody won.".to_owned() })
            }
        }
    }
}

/// A day the engine refused to run (the game is already over, or the state is corrupt): the game stays
/// as it was and the public report says why.
fn unprocessed(state: &State, error: &DayError) -> Processed<State> {
    let reason = match error {
        DayError::GameOver => "The game is over; no day was run.".to_owned(),
        DayError::UnknownPlayer(_) | DayError::CorruptState(_) => {
            "The game's stored state could not be processed; no day was run.".to_owned()
        }
    };
    Processed {
        next: state.clone(),
        public: Report { events: vec![reason], ..Report::default() },
        private: BTreeMap::new(),
    }
}
