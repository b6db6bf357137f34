//! The whole game state between days: countries, players, order queues, the near-win tracker.
//!
//! This is the crate's storage format (serialised as JSON). It holds every secret, so it is never
//! shown to players directly: pages show a [`crate::PlayerReport`] or the public news.

use std::collections::BTreeMap;
use std::fmt;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use crate::map::{CountryCode, WorldMap};
use crate::order::Order;
use crate::params::{ParameterError, Parameters};
use crate::rules::{MAX_NAME_LENGTH, START_ORDERS};

/// A player's seat number in one game, starting at 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u16);

impl PlayerId {
    /// The position of this player in [`GameState::players`].
    pub fn index(self) -> usize {
        usize::from(self.0).saturating_sub(1)
    }

    fn from_index(index: usize) -> PlayerId {
        PlayerId(u16::try_from(index + 1).unwrap_or(u16::MAX))
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Whether foreign troops in a country defend it or invade it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    Defending,
    Invading,
}

/// Troops of one country standing in another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deployment {
    /// The troops' homeland; they stay its troops whoever leads it (CO.6).
    pub from: CountryCode,
    pub stance: Stance,
    pub troops: u32,
}

/// One country's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountryState {
    pub code: CountryCode,
    /// Influence per player; players at zero are absent.
    pub influence: BTreeMap<PlayerId, u32>,
    /// The player who gives this country orders (CO.4).
    pub leader: Option<PlayerId>,
    pub security: u32,
    pub industry: u32,
    pub home_troops: u32,
    /// Foreign troops present, at most one entry per homeland and stance.
    pub foreign_troops: Vec<Deployment>,
    /// Spy values per player; caught spies are removed.
    pub spies: BTreeMap<PlayerId, u32>,
}

impl CountryState {
    pub fn influence_of(&self, player: PlayerId) -> u32 {
        self.influence.get(&player).copied().unwrap_or(0)
    }

    /// Sets a player's influence, dropping zero entries so the map only lists real influence.
    pub fn set_influence(&mut self, player: PlayerId, value: u32) {
        if value == 0 {
            self.influence.remove(&player);
        } else {
            self.influence.insert(player, value);
        }
    }

    /// Recomputes the leader: the single highest influence; a tie keeps the previous leader if it is
    /// among the tied, else nobody leads (CO.4).
    pub fn update_leader(&mut self) {
        let Some(&highest) = self.influence.values().max() else {
            self.leader = None;
            return;
        };
        let tied: Vec<PlayerId> =
            self.influence.iter().filter(|&(_, &value)| value == highest).map(|(&player, _)| player).collect();
        self.leader = match tied.as_slice() {
            [only] => Some(*only),
            _ => self.leader.filter(|previous| tied.contains(previous)),
        };
    }

    /// Wipes all influence after a change of government.
    pub fn clear_influence(&mut self) {
        self.influence.clear();
        self.leader = None;
    }

    /// Home troops plus foreign defenders: the combined defence of step 13.
    pub fn defenders(&self) -> u32 {
        self.home_troops.saturating_add(self.troops_with_stance(Stance::Defending))
    }

    pub fn troops_with_stance(&self, stance: Stance) -> u32 {
        self.troops_where(|deployment| deployment.stance == stance)
    }

    /// Troops of `from` in this country with either stance.
    pub fn troops_of(&self, from: CountryCode) -> u32 {
        self.troops_where(|deployment| deployment.from == from)
    }

    /// Troops of `from` here with the given stance.
    pub fn troops_of_stance_from(&self, from: CountryCode, stance: Stance) -> u32 {
        self.troops_where(|deployment| deployment.from == from && deployment.stance == stance)
    }

    fn troops_where(&self, select: impl Fn(&Deployment) -> bool) -> u32 {
        total(self.foreign_troops.iter().filter(|deployment| select(deployment)).map(|deployment| deployment.troops))
    }

    /// Adds troops to the deployment of `from` with `stance`, creating it when needed.
    pub fn add_foreign_troops(&mut self, from: CountryCode, stance: Stance, troops: u32) {
        match self.foreign_troops.iter_mut().find(|deployment| deployment.from == from && deployment.stance == stance) {
            Some(deployment) => deployment.troops = deployment.troops.saturating_add(troops),
            None => self.foreign_troops.push(Deployment { from, stance, troops }),
        }
    }

    pub fn drop_empty_deployments(&mut self) {
        self.foreign_troops.retain(|deployment| deployment.troops > 0);
    }
}

/// Adds troop counts without overflowing on hostile input.
pub(crate) fn total(troops: impl Iterator<Item = u32>) -> u32 {
    troops.fold(0, u32::saturating_add)
}

/// One player's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub id: PlayerId,
    /// The chosen position name (up to 40 characters).
    pub name: String,
    /// What `M` shows to a country's leader; set by `EMAIL`.
    pub contact: String,
    /// Game-specific access code set by `CODE` (the site's login replaces it for identification).
    pub access_code: String,
    pub cash: u32,
    pub fixed_income: u32,
    /// Couriers left: orders that can still be executed.
    pub orders_available: u32,
    pub superspy: CountryCode,
    /// The day `RESIGN` was received; from the next day the position is removed (CO.8).
    pub resigned_on: Option<u32>,
    /// Orders received but not yet processed, oldest first.
    pub queue: Vec<Order>,
}

impl PlayerState {
    /// Still a player: not resigned. A resignation counts at once (CO.8).
    pub fn is_active(&self) -> bool {
        self.resigned_on.is_none()
    }
}

/// A player who led more than half the countries at the end of `day` (sheet "Winning the Game").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NearWin {
    pub player: PlayerId,
    pub day: u32,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VictoryReason {
    /// Led more than half of the countries at the end of two consecutive days.
    Majority,
    /// Every other player resigned.
    LastPlayerLeft,
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum GameStatus {
    InProgress,
    Won {
        player: PlayerId,
        reason: VictoryReason,
    },
    /// Every player resigned.
    Abandoned,
}

/// The complete game between two days.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Days processed so far; the next day to run is `day + 1`.
    pub day: u32,
    /// The game's seed, from which [`crate::rng_for_day`] derives each day's generator (rulings 0.4).
    pub seed: u64,
    pub params: Parameters,
    /// One entry per map country, in map order.
    pub countries: Vec<CountryState>,
    pub players: Vec<PlayerState>,
    pub near_win: Option<NearWin>,
    pub status: GameStatus,
}

/// Why a new game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs 1 to 1000 players, not {0}")]
    PlayerCount(usize),
    #[error("position name {0:?} must have 1 to {MAX_NAME_LENGTH} characters")]
    BadName(String),
    #[error(transparent)]
    Parameters(#[from] ParameterError),
}

impl GameState {
    /// A fresh game: every country at the starting values, every player with the starting cash and
    /// ten orders and a superspy placed at random.
    pub fn new<R: Rng>(
        map: &WorldMap,
        params: Parameters,
        names: &[String],
        seed: u64,
        rng: &mut R,
    ) -> Result<GameState, SetupError> {
        params.validate()?;
        if names.is_empty() || names.len() > 1000 {
            return Err(SetupError::PlayerCount(names.len()));
        }
        if let Some(bad) = names.iter().find(|name| name.trim().is_empty() || name.chars().count() > MAX_NAME_LENGTH) {
            return Err(SetupError::BadName(bad.clone()));
        }
        let countries = map
            .countries()
            .iter()
            .map(|country| CountryState {
                code: country.code,
                influence: BTreeMap::new(),
                leader: None,
                security: params.start_security,
                industry: params.start_industry,
                home_troops: params.start_troops,
                foreign_troops: Vec::new(),
                spies: BTreeMap::new(),
            })
            .collect();
        let players = names
            .iter()
            .enumerate()
            .map(|(index, name)| PlayerState {
                id: PlayerId::from_index(index),
                name: name.trim().to_owned(),
                contact: String::new(),
                access_code: String::new(),
                cash: params.start_cash,
                fixed_income: params.fixed_income,
                orders_available: START_ORDERS,
                superspy: map.code(rng.random_range(0..map.len())),
                resigned_on: None,
                queue: Vec::new(),
            })
            .collect();
        Ok(GameState { day: 0, seed, params, countries, players, near_win: None, status: GameStatus::InProgress })
    }

    pub fn player(&self, id: PlayerId) -> Option<&PlayerState> {
        self.players.get(id.index()).filter(|player| player.id == id)
    }

    /// Number of countries each player leads, indexed by player position.
    pub fn countries_led(&self) -> Vec<usize> {
        let mut counts = vec![0; self.players.len()];
        for leader in self.countries.iter().filter_map(|country| country.leader) {
            if let Some(count) = counts.get_mut(leader.index()) {
                *count += 1;
            }
        }
        counts
    }
}
