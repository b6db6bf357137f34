//! Provinces and regions stored by their keys (`bur`, `stp/nc`), and the map facts Terrorism I adds to
//! the judge's map: every home province (centers or not, rule 3) and the seven original capitals (rule 2).

use std::fmt;

use judge::{Map, ProvinceId, RegionId, Terrain, UnitType};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub(crate) use crate::intrigue::map;
use crate::standard::standard_map;

/// A province, stored by its key (`bur`) so stored games do not depend on the map's internal order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Province(pub ProvinceId);

/// A region (a province or one of its coasts), stored by its key (`stp/nc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region(pub RegionId);

/// Where a unit stands, stored with its kind as `A bur` or `F stp/nc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: UnitType,
    pub region: RegionId,
}

impl Province {
    pub fn find(text: &str) -> Option<Province> {
        map().find_province(text.trim()).map(Province)
    }

    pub fn key(self) -> &'static str {
        map().province_key(self.0)
    }

    pub fn name(self) -> &'static str {
        &map().province(self.0).name
    }

    pub fn is_center(self) -> bool {
        map().province(self.0).supply_center
    }

    pub fn is_sea(self) -> bool {
        map().province(self.0).terrain == Terrain::Sea
    }

    /// Whether this is one of the seven original capitals, which never host a group (TER.2).
    pub fn is_original_capital(self) -> bool {
        CAPITALS.iter().any(|(_, key)| *key == self.key())
    }
}

impl Piece {
    pub fn province(self) -> Province {
        Province(map().province_of(self.region))
    }
}

impl fmt::Display for Province {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.letter(), map().region_key(self.region))
    }
}

impl Serialize for Province {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Province {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        standard_map().map_err(D::Error::custom)?;
        Province::find(&text).ok_or_else(|| D::Error::custom(format!("unknown province `{text}`")))
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&map().region_key(self.0))
    }
}

impl Serialize for Region {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Region {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let map = standard_map().map_err(D::Error::custom)?;
        map.find_region(&text).map(Region).ok_or_else(|| D::Error::custom(format!("unknown region `{text}`")))
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let map = standard_map().map_err(D::Error::custom)?;
        read_piece(map, &text).ok_or_else(|| D::Error::custom(format!("bad unit `{text}`")))
    }
}

fn read_piece(map: &Map, text: &str) -> Option<Piece> {
    let (kind, region) = text.trim().split_once(' ')?;
    let kind = match kind {
        "A" => UnitType::Army,
        "F" => UnitType::Fleet,
        _ => return None,
    };
    let region = map.find_region(region)?;
    map.can_occupy(kind, region).then_some(Piece { kind, region })
}

/// Each Great Power's home provinces, supply centers or not, as the 1971 rulebook colours them.
const HOME_PROVINCES: [(&str, &[&str]); 7] = [
    ("Austria", &["boh", "bud", "gal", "tri", "tyr", "vie"]),
    ("England", &["cly", "edi", "lon", "lvp", "wal", "yor"]),
    ("France", &["bre", "bur", "gas", "mar", "par", "pic"]),
    ("Germany", &["ber", "kie", "mun", "pru", "ruh", "sil"]),
    ("Italy", &["apu", "nap", "pie", "rom", "tus", "ven"]),
    ("Russia", &["fin", "lvn", "mos", "sev", "stp", "ukr", "war"]),
    ("Turkey", &["ank", "arm", "con", "smy", "syr"]),
];

/// Rule 2: where each Great Power keeps its treasury at the start.
const CAPITALS: [(&str, &str); 7] = [
    ("Austria", "vie"),
    ("England", "lon"),
    ("France", "par"),
    ("Germany", "ber"),
    ("Italy", "rom"),
    ("Russia", "stp"),
    ("Turkey", "con"),
];

/// The names of the seven Great Powers, in the judge's (alphabetical) order.
pub fn great_powers() -> impl Iterator<Item = &'static str> {
    HOME_PROVINCES.iter().map(|(power, _)| *power)
}

/// The keys of a Great Power's home provinces (`vie`, `bud`...): public in the rules, for bots.
pub fn home_province_keys(power: &str) -> &'static [&'static str] {
    HOME_PROVINCES.iter().find(|(name, _)| *name == power).map_or(&[], |(_, keys)| keys)
}

pub fn home_provinces(power: &str) -> Vec<Province> {
    HOME_PROVINCES
        .iter()
        .filter(|(name, _)| *name == power)
        .flat_map(|(_, keys)| keys.iter().filter_map(|key| Province::find(key)))
        .collect()
}

pub fn original_capital(power: &str) -> Option<Province> {
    CAPITALS.iter().find(|(name, _)| *name == power).and_then(|(_, key)| Province::find(key))
}

/// Provinces in increasing number of steps from `start` (any border, army or fleet), ties by key.
pub fn by_distance_from(start: Province) -> Vec<(u32, Province)> {
    let map = map();
    let distance = map.province_distances(start.0);
    let mut all: Vec<(u32, Province)> =
        map.provinces().map(|(id, _)| (distance[id.0 as usize], Province(id))).collect();
    all.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.key().cmp(b.1.key())));
    all
}

/// Steps a unit of this kind needs from its region to the nearest of `homes`, counted as the judge's
/// civil disorder counts them.
pub fn distance_home(piece: Piece, homes: &[Province]) -> u32 {
    let mut targets = judge::geo::Set128::default();
    for home in homes {
        targets.insert(home.0.0);
    }
    map().unit_distance(piece.kind, piece.region, targets).unwrap_or(u32::MAX)
}
