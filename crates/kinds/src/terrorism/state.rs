//! The stored state of a Terrorism I game: the board, every treasury, group, nation and agency, all by
//! name (power names, province keys), never by the judge's internal indices.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::names::{Piece, Province, Region, great_powers, home_provinces, original_capital};
use super::treasury::income_per_center;

/// Rule 2: two turns a year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Season {
    Spring,
    Autumn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub year: u16,
    pub season: Season,
}

impl Turn {
    pub const FIRST: Turn = Turn { year: 1901, season: Season::Spring };

    pub fn next(self) -> Turn {
        match self.season {
            Season::Spring => Turn { year: self.year, season: Season::Autumn },
            Season::Autumn => Turn { year: self.year + 1, season: Season::Spring },
        }
    }

    /// `S1901`, `F1901`: the phase-code prefix the other kinds use too.
    pub fn code(self) -> String {
        let letter = match self.season {
            Season::Spring => 'S',
            Season::Autumn => 'F',
        };
        format!("{letter}{}", self.year)
    }

    /// `Spring 1901`, `Autumn 1901`.
    pub fn label(self) -> String {
        format!("{:?} {}", self.season, self.year)
    }

    pub fn judge_season(self) -> judge::Season {
        match self.season {
            Season::Spring => judge::Season::Spring,
            Season::Autumn => judge::Season::Fall,
        }
    }
}

/// Where a turn stands: waiting for the turn's orders, or for retreats in the middle of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Orders,
    /// Step 5. The extra lines each player's sheet had accepted (by the player's Great Power) wait here,
    /// unseen by anyone, because steps 6 to 9 run from them once the retreats are in.
    Retreats {
        sheets: BTreeMap<String, String>,
        /// Cede lines (player, line number) waiting for the end of the retreats (TER.3).
        held_cedes: Vec<(String, usize)>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub power: String,
    pub piece: Piece,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dislodged {
    pub power: String,
    pub piece: Piece,
    pub attacked_from: Province,
    pub by_convoy: bool,
    pub retreats: Vec<Region>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreatPower {
    pub treasury: u32,
    /// Where the treasury is; `None` between the capture of the capital and the naming of a new one.
    pub capital: Option<Province>,
    pub eliminated: bool,
}

/// Rule 11: a province ceded to its group, now an independent power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nation {
    pub name: String,
    pub province: Province,
    /// The group it grew from, which it becomes again if conquered.
    pub group_name: String,
    pub treasury: u32,
    /// The player (a Great Power's name) who won its auction; `None` while it is up for auction.
    pub controller: Option<String>,
    /// The ceding player may not bid for it.
    pub ceded_by: String,
}

/// Rule 4: a terrorist group, based in one province.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub name: String,
    pub province: Province,
    pub treasury: u32,
    pub founded: Turn,
    /// The player (a Great Power's name) who writes its orders (rule 5); `None` for a group that was a
    /// nation nobody had bought.
    pub controller: Option<String>,
}

/// Rule 12: a money-handling agency.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agency {
    pub name: String,
    /// The Great Power that opened it.
    pub owner: String,
    pub balance: u32,
}

/// A GM press award (rule 6), kept with its note for the game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    pub turn: Turn,
    pub group: String,
    pub amount: u32,
    pub note: String,
}

/// Read back through [`State::checked`], so a stored state that contradicts itself is refused rather
/// than played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub turn: Turn,
    pub stage: Stage,
    pub units: Vec<Unit>,
    pub dislodged: Vec<Dislodged>,
    pub contested: Vec<Province>,
    /// Rulings 3.2: every province's last occupant (Great Power or nation).
    pub owners: BTreeMap<Province, String>,
    pub powers: BTreeMap<String, GreatPower>,
    pub nations: Vec<Nation>,
    pub groups: Vec<Group>,
    pub agencies: Vec<Agency>,
    pub awards: Vec<Award>,
    pub winner: Option<String>,
}

impl Serialize for State {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        State::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        State::deserialize(deserializer)?.checked().map_err(D::Error::custom)
    }
}

/// Anything that holds money.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Purse {
    /// A Great Power's or a nation's treasury.
    Power(String),
    Agency(String),
    Group(Province),
}

impl State {
    /// The state, if every name in it refers to something that exists and no province holds two units
    /// or two groups.
    fn checked(self) -> Result<State, String> {
        if self.powers.len() != 7 || !great_powers().all(|power| self.powers.contains_key(power)) {
            return Err("the seven Great Powers are not all there".to_string());
        }
        let is_power = |name: &str| self.is_great_power(name) || self.nation(name).is_some();
        let unit_powers = self.units.iter().map(|u| &u.power).chain(self.dislodged.iter().map(|d| &d.power));
        if let Some(unknown) = unit_powers.chain(self.owners.values()).find(|name| !is_power(name)) {
            return Err(format!("unknown power `{unknown}`"));
        }
        let players = self
            .nations
            .iter()
            .filter_map(|n| n.controller.as_ref())
            .chain(self.groups.iter().filter_map(|g| g.controller.as_ref()))
            .chain(self.agencies.iter().map(|a| &a.owner));
        if let Some(unknown) = players.into_iter().find(|name| !self.is_great_power(name)) {
            return Err(format!("unknown player `{unknown}`"));
        }
        let mut provinces: Vec<_> = self.units.iter().map(|unit| unit.piece.province()).collect();
        let mut bases: Vec<_> = self.groups.iter().map(|group| group.province).collect();
        let mut names: Vec<String> = self.agencies.iter().map(|agency| agency.name.to_lowercase()).collect();
        for list in [&mut provinces, &mut bases] {
            let count = list.len();
            list.sort();
            list.dedup();
            if list.len() != count {
                return Err("two units or two groups share a province".to_string());
            }
        }
        let count = names.len();
        names.sort();
        names.dedup();
        if names.len() != count {
            return Err("two agencies share a name".to_string());
        }
        Ok(self)
    }

    /// TER.1: treasuries at 0, each power owning its home provinces, the standard starting units.
    pub fn starting(units: Vec<Unit>) -> State {
        let mut owners = BTreeMap::new();
        let mut powers = BTreeMap::new();
        for power in great_powers() {
            for province in home_provinces(power) {
                owners.insert(province, power.to_string());
            }
            powers.insert(
                power.to_string(),
                GreatPower { treasury: 0, capital: super::names::original_capital(power), eliminated: false },
            );
        }
        State {
            turn: Turn::FIRST,
            stage: Stage::Orders,
            units,
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners,
            powers,
            nations: Vec::new(),
            groups: Vec::new(),
            agencies: Vec::new(),
            awards: Vec::new(),
            winner: None,
        }
    }

    pub fn owner(&self, province: Province) -> Option<&str> {
        self.owners.get(&province).map(String::as_str)
    }

    pub fn unit_in(&self, province: Province) -> Option<&Unit> {
        self.units.iter().find(|unit| unit.piece.province() == province)
    }

    pub fn group_at(&self, province: Province) -> Option<&Group> {
        self.groups.iter().find(|group| group.province == province)
    }

    pub fn nation(&self, name: &str) -> Option<&Nation> {
        self.nations.iter().find(|nation| nation.name.eq_ignore_ascii_case(name))
    }

    pub fn agency(&self, name: &str) -> Option<&Agency> {
        self.agencies.iter().find(|agency| agency.name.eq_ignore_ascii_case(name))
    }

    pub fn is_great_power(&self, name: &str) -> bool {
        self.powers.contains_key(name)
    }

    /// The player who orders for a power: a Great Power itself (while in the game), a nation's buyer.
    pub fn controller_of<'a>(&'a self, power: &'a str) -> Option<&'a str> {
        match self.powers.get(power) {
            Some(great) => (!great.eliminated).then_some(power),
            None => self.nation(power).and_then(|nation| nation.controller.as_deref()),
        }
    }

    /// Why `player` may not give orders for `power`: the one wording for the order page and for the turn
    /// that drops such lines, so both say the same.
    pub fn why_not_controlled(&self, power: &str) -> String {
        match self.powers.get(power) {
            Some(great) if great.eliminated => format!("{power} is out of the game: it gives no more orders"),
            _ => format!("you do not control {power}"),
        }
    }

    /// The player a purse's money is credited to when it contributes: its controller or owner.
    pub fn player_of(&self, purse: &Purse) -> Option<String> {
        match purse {
            Purse::Power(power) => self.controller_of(power).map(str::to_string),
            Purse::Agency(name) => self.agency(name).map(|agency| agency.owner.clone()),
            Purse::Group(province) => self.group_at(*province).and_then(|group| group.controller.clone()),
        }
    }

    /// The powers a player orders for: its own Great Power and the nations it bought.
    pub fn powers_of(&self, player: &str) -> Vec<String> {
        let mut powers = Vec::new();
        if self.powers.get(player).is_some_and(|great| !great.eliminated) {
            powers.push(player.to_string());
        }
        powers.extend(self.nations.iter().filter(|n| n.controller.as_deref() == Some(player)).map(|n| n.name.clone()));
        powers
    }

    /// The home provinces a power builds on: a Great Power's (rule 3), a nation's own province (rule 11).
    pub fn homes_of(&self, power: &str) -> Vec<Province> {
        match self.nation(power) {
            Some(nation) => vec![nation.province],
            None => home_provinces(power),
        }
    }

    pub fn balance(&self, purse: &Purse) -> Option<u32> {
        match purse {
            Purse::Power(name) => match self.powers.get(name) {
                Some(great) => Some(great.treasury),
                None => self.nation(name).map(|nation| nation.treasury),
            },
            Purse::Agency(name) => self.agency(name).map(|agency| agency.balance),
            Purse::Group(province) => self.group_at(*province).map(|group| group.treasury),
        }
    }

    pub fn balance_mut(&mut self, purse: &Purse) -> Option<&mut u32> {
        match purse {
            Purse::Power(name) => match self.powers.get_mut(name) {
                Some(great) => Some(&mut great.treasury),
                None => self.nations.iter_mut().find(|n| n.name.eq_ignore_ascii_case(name)).map(|n| &mut n.treasury),
            },
            Purse::Agency(name) => {
                self.agencies.iter_mut().find(|a| a.name.eq_ignore_ascii_case(name)).map(|a| &mut a.balance)
            }
            Purse::Group(province) => self.groups.iter_mut().find(|g| g.province == *province).map(|g| &mut g.treasury),
        }
    }

    /// Takes `amount` from a purse if it holds that much (TER.8: what does not fit is refused).
    pub fn debit(&mut self, purse: &Purse, amount: u32) -> bool {
        match self.balance_mut(purse) {
            Some(balance) if *balance >= amount => {
                *balance -= amount;
                true
            }
            _ => false,
        }
    }

    pub fn credit(&mut self, purse: &Purse, amount: u32) {
        if let Some(balance) = self.balance_mut(purse) {
            *balance += amount;
        }
    }

    pub fn centers_of(&self, power: &str) -> usize {
        self.owners.iter().filter(|(province, owner)| province.is_center() && owner.as_str() == power).count()
    }

    /// What a power (or nation) receives at step 1 of the turn (rule 2): its rate per center, lower for a
    /// Great Power that has lost its original capital.
    pub fn income_of(&self, power: &str) -> u32 {
        let rate = match self.powers.get(power) {
            Some(_) => income_per_center(original_capital(power).is_some_and(|c| self.owner(c) == Some(power))),
            None => income_per_center(true),
        };
        rate * self.centers_of(power) as u32
    }

    pub fn units_of(&self, power: &str) -> usize {
        self.units.iter().filter(|unit| unit.power == power).count()
    }

    /// Every purse, for attrition and the published treasuries.
    pub fn purses(&self) -> Vec<Purse> {
        let mut purses: Vec<Purse> = self
            .powers
            .iter()
            .filter(|(_, great)| !great.eliminated)
            .map(|(name, _)| Purse::Power(name.clone()))
            .collect();
        purses.extend(self.nations.iter().map(|nation| Purse::Power(nation.name.clone())));
        purses.extend(self.agencies.iter().map(|agency| Purse::Agency(agency.name.clone())));
        purses.extend(self.groups.iter().map(|group| Purse::Group(group.province)));
        purses
    }
}
