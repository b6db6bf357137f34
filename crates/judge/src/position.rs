//! A position: the units on the board, the units waiting to retreat, and who owns each supply center.

use crate::UnitType;
use crate::geo::{Map, Power, ProvinceId, RegionId, Set128, Terrain};
use crate::phase::{Phase, PhaseKind};

/// Why a position cannot exist on its map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("impossible unit {unit}: {reason}")]
    CannotStand { unit: String, reason: String },
    #[error("two units in {0}")]
    TwoUnits(String),
    #[error("two dislodged units in {0}")]
    TwoDislodged(String),
    #[error("`{0}` is only allowed in a retreat phase")]
    OnlyInRetreats(&'static str),
    #[error("`{0}` is not a supply center and cannot have an owner")]
    OwnerOfNonCenter(String),
    #[error("the owners list has {found} entries for {expected} provinces")]
    OwnersLength { found: usize, expected: usize },
}

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

impl Position {
    /// Checks that the position could exist: each unit where its kind can stand, one unit (and one
    /// dislodged unit) per province, dislodged units and standoffs only in retreat phases, owners only
    /// of supply centers.
    pub fn validate(&self, map: &Map) -> Result<(), PositionError> {
        for unit in self.units.iter().chain(self.dislodged.iter().map(|d| &d.unit)) {
            if !map.can_occupy(unit.kind, unit.region) {
                return Err(PositionError::CannotStand {
                    unit: format!("{} {}", unit.kind.letter(), map.region_key(unit.region)),
                    reason: why_not_here(map, unit.kind, unit.region),
                });
            }
        }
        if let Some(province) = shared_province(map, self.units.iter()) {
            return Err(PositionError::TwoUnits(map.province_key(province).to_string()));
        }
        if let Some(province) = shared_province(map, self.dislodged.iter().map(|d| &d.unit)) {
            return Err(PositionError::TwoDislodged(map.province_key(province).to_string()));
        }
        if self.phase.kind != PhaseKind::Retreat {
            if !self.dislodged.is_empty() {
                return Err(PositionError::OnlyInRetreats("dislodged"));
            }
            if !self.contested.is_empty() {
                return Err(PositionError::OnlyInRetreats("contested"));
            }
        }
        if self.owners.len() != map.province_count() {
            return Err(PositionError::OwnersLength { found: self.owners.len(), expected: map.province_count() });
        }
        for (province, info) in map.provinces() {
            if self.owners[province.0 as usize].is_some() && !info.supply_center {
                return Err(PositionError::OwnerOfNonCenter(info.key.clone()));
            }
        }
        Ok(())
    }
}

/// Why a unit of this kind cannot stand in this region (which `Map::can_occupy` refused).
fn why_not_here(map: &Map, kind: UnitType, region: RegionId) -> String {
    let province = map.province_of(region);
    match (kind, map.province(province).terrain) {
        (UnitType::Fleet, Terrain::Land) => "a fleet cannot stand inland".to_string(),
        (UnitType::Fleet, _) => {
            let coasts: Vec<String> = map.coasts(province).iter().map(|&coast| map.region_key(coast)).collect();
            format!("a fleet there must name its coast ({})", coasts.join(" or "))
        }
        (UnitType::Army, Terrain::Sea) => "an army cannot stand at sea".to_string(),
        (UnitType::Army, _) => {
            format!("an army stands in the province, not on a coast: write {}", map.province_key(province))
        }
    }
}

/// The first province that holds two of these units, if any.
fn shared_province<'a>(map: &Map, units: impl Iterator<Item = &'a Unit>) -> Option<ProvinceId> {
    let mut seen = Set128::default();
    units.map(|unit| map.province_of(unit.region)).find(|province| {
        let repeated = seen.contains(province.0);
        seen.insert(province.0);
        repeated
    })
}

/// Each power owns its home centers; the rest are neutral.
pub fn home_ownership(map: &Map) -> Vec<Option<Power>> {
    map.provinces().map(|(_, province)| if province.supply_center { province.home_of } else { None }).collect()
}
