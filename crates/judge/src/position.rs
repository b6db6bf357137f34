//! A position: the units on the board, the units waiting to retreat, and who owns each supply center.

use crate::UnitType;
use crate::geo::{Map, Power, ProvinceId, RegionId};
use crate::phase::Phase;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Unit {
    pub power: Power,
    pub kind: UnitType,
    pub region: RegionId,
}

/// A unit dislodged in the movement phase, waiting for its retreat order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dislodged {
    pub unit: Unit,
    /// Province the successful attack came from. A retreat may not go there unless the attack was convoyed.
    pub attacked_from: ProvinceId,
    pub by_convoy: bool,
    /// The legal retreats, as the judge computed them after the movement phase. When `None`, they are
    /// computed from the position (adjacent, empty, not contested, not where the attack came from).
    pub retreats: Option<Vec<RegionId>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position {
    pub phase: Phase,
    pub units: Vec<Unit>,
    /// Retreat phases only.
    pub dislodged: Vec<Dislodged>,
    /// Retreat phases only: provinces left empty by a standoff, closed to retreats.
    pub contested: Vec<ProvinceId>,
    /// Owner of each supply center, indexed by province; `None` for unowned centers and other provinces.
    pub owners: Vec<Option<Power>>,
}

impl Position {
    /// Spring 1901 with the map's starting units, each power owning its home centers.
    pub fn starting(map: &Map) -> Position {
        Position {
            phase: Phase::first(),
            units: map
                .starting_units()
                .iter()
                .map(|start| Unit { power: start.power, kind: start.kind, region: start.region })
                .collect(),
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners: home_ownership(map),
        }
    }

    /// The unit standing in a province, if any.
    pub fn unit_in(&self, map: &Map, province: ProvinceId) -> Option<&Unit> {
        self.units.iter().find(|unit| map.province_of(unit.region) == province)
    }

    pub fn owner(&self, province: ProvinceId) -> Option<Power> {
        self.owners.get(province.0 as usize).copied().flatten()
    }

    pub fn centers_of(&self, power: Power) -> usize {
        self.owners.iter().filter(|owner| **owner == Some(power)).count()
    }

    pub fn units_of(&self, power: Power) -> usize {
        self.units.iter().filter(|unit| unit.power == power).count()
    }
}

/// Each power owns its home centers; the rest are neutral.
pub fn home_ownership(map: &Map) -> Vec<Option<Power>> {
    map.provinces().map(|(_, province)| if province.supply_center { province.home_of } else { None }).collect()
}
