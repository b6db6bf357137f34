//! Projections of the state for pages between days: what observers may see, a player's own
//! position, and the options that drive a player's order form.

use serde::{Deserialize, Serialize};

use crate::map::{CountryCode, WorldMap};
use crate::report::{PlayerReport, Position};
use crate::state::{CountryState, GameState, GameStatus, PlayerId};

/// What anyone may see of a game: its day, status and players' names (rulings 0.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub day: u32,
    pub status: GameStatus,
    pub players: Vec<PublicPlayer>,
    /// The player warned of leading more than half the countries, if the warning stands (CO.9).
    pub majority_warning: Option<PlayerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub id: PlayerId,
    pub name: String,
    pub resigned: bool,
}

impl GameState {
    pub fn public_view(&self) -> PublicView {
        PublicView {
            day: self.day,
            status: self.status,
            players: self
                .players
                .iter()
                .map(|player| PublicPlayer { id: player.id, name: player.name.clone(), resigned: !player.is_active() })
                .collect(),
            majority_warning: self.near_win.map(|near| near.player),
        }
    }

    /// The player's own position as it stands now; `None` for a player not in the game.
    pub fn position_of(&self, player: PlayerId) -> Option<Position> {
        self.player(player).map(Position::of)
    }
}

/// What a player can usefully order now, to build order forms (conventions 4). A guide, not a
/// validator: leadership and troops are judged again when the day runs (CO.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderOptions {
    /// Every country, for the orders that may name any of them (A B G I K M R S T X).
    pub countries: Vec<CountryCode>,
    /// Countries the player leads that have home troops, with the neighbours they can enter (C, D).
    pub troop_moves: Vec<TroopMove>,
    /// Troops of led countries standing abroad (W).
    pub withdrawals: Vec<Withdrawal>,
    /// Led countries with industry to sell (L).
    pub liquidations: Vec<CountryCode>,
    pub cash: u32,
    pub orders_available: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TroopMove {
    pub from: CountryCode,
    pub home_troops: u32,
    pub neighbours: Vec<CountryCode>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    pub home: CountryCode,
    pub from: CountryCode,
    pub troops: u32,
}

impl GameState {
    /// The order options of `player`; `None` for a player not in the game.
    pub fn order_options(&self, map: &WorldMap, player: PlayerId) -> Option<OrderOptions> {
        let position = self.player(player)?;
        let led = |country: &CountryState| country.leader == Some(player);
        let troop_moves = self
            .countries
            .iter()
            .enumerate()
            .filter(|(_, country)| led(country) && country.home_troops > 0)
            .map(|(index, country)| TroopMove {
                from: country.code,
                home_troops: country.home_troops,
                neighbours: map.country(index).neighbours.iter().map(|&n| map.code(n)).collect(),
            })
            .collect();
        let led_codes: Vec<CountryCode> = self.countries.iter().filter(|c| led(c)).map(|c| c.code).collect();
        let withdrawals = self
            .countries
            .iter()
            .flat_map(|host| host.foreign_troops.iter().map(move |deployment| (host.code, deployment)))
            .filter(|(_, deployment)| led_codes.contains(&deployment.from))
            .map(|(from, deployment)| Withdrawal { home: deployment.from, from, troops: deployment.troops })
            .collect();
        Some(OrderOptions {
            countries: map.countries().iter().map(|country| country.code).collect(),
            troop_moves,
            withdrawals,
            liquidations: self.countries.iter().filter(|c| led(c) && c.industry > 0).map(|c| c.code).collect(),
            cash: position.cash,
            orders_available: position.orders_available,
        })
    }
}

/// What one player knows of the world map, for drawing it: who leads the countries whose leader he can
/// see (those he leads, and his superspy's country, CO.8), his own influence, his own spies and where
/// his superspy is. Nothing of any other player's influence or spies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerMap {
    pub player: PlayerId,
    /// Countries whose leader this player knows, with that leader (`None`: nobody leads it).
    pub known_leaders: Vec<(CountryCode, Option<PlayerId>)>,
    /// This player's influence wherever it is above zero.
    pub influence: Vec<(CountryCode, u32)>,
    /// This player's spies still in place, with their values.
    pub spies: Vec<(CountryCode, u32)>,
    pub superspy: CountryCode,
}

impl GameState {
    /// The player's map as it stands now; `None` for a player not in the game.
    pub fn player_map(&self, player: PlayerId) -> Option<PlayerMap> {
        let superspy = self.player(player)?.superspy;
        let known_leaders = self
            .countries
            .iter()
            .filter(|country| country.leader == Some(player) || country.code == superspy)
            .map(|country| (country.code, country.leader))
            .collect();
        Some(PlayerMap {
            player,
            known_leaders,
            influence: self
                .countries
                .iter()
                .filter(|country| country.influence_of(player) > 0)
                .map(|country| (country.code, country.influence_of(player)))
                .collect(),
            spies: self.countries.iter().filter_map(|c| c.spies.get(&player).map(|&value| (c.code, value))).collect(),
            superspy,
        })
    }
}

impl PlayerMap {
    /// The same map as a day's turn result leaves it: read from the player's own report only.
    pub fn from_report(report: &PlayerReport) -> PlayerMap {
        let mut known_leaders: Vec<(CountryCode, Option<PlayerId>)> =
            report.countries.iter().map(|led| (led.code, Some(report.player))).collect();
        if !known_leaders.iter().any(|(code, _)| *code == report.superspy.country) {
            known_leaders.push((report.superspy.country, report.superspy.leader));
        }
        PlayerMap {
            player: report.player,
            known_leaders,
            influence: report.influence.iter().map(|level| (level.country, level.influence)).collect(),
            spies: report
                .spies
                .iter()
                .filter(|spy| !spy.caught && spy.value > 0)
                .map(|s| (s.country, s.value))
                .collect(),
            superspy: report.superspy.country,
        }
    }
}
