//! The board as the seat's view shows it, placed on the standard map: whose unit stands where, who owns
//! each center. Built from [`kinds::Board`] only (public in every kind on the standard map).

use std::collections::BTreeMap;

use judge::{Map, ProvinceId, RegionId, UnitType};

use crate::knowledge::SeatKnowledge;

/// A unit on the board, as the bot sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenUnit {
    pub power: String,
    pub mine: bool,
    pub kind: UnitType,
    pub region: RegionId,
}

/// Who owns a supply center, from the seat's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Mine,
    Neutral,
    /// Another power, with how many centers it owns (its strength).
    Enemy {
        centers: usize,
    },
}

/// The board from one seat's side.
#[derive(Clone, Debug)]
pub struct Picture<'m> {
    pub map: &'m Map,
    pub units: Vec<SeenUnit>,
    /// Indexed by province: the holder of each supply center; `None` for provinces that are not centers.
    pub holders: Vec<Option<Holder>>,
    /// Indexed by province: the unit standing there.
    occupant: Vec<Option<usize>>,
}

impl<'m> Picture<'m> {
    /// The board of the seat's view. Units of the seat's powers are its own, and so are the units its
    /// form lets it order (a Terrorism I nation it bought, which the board names by the nation).
    pub fn of(map: &'m Map, knowledge: &SeatKnowledge, ordered: &[ProvinceId]) -> Picture<'m> {
        let board = knowledge.view.board.clone().unwrap_or_default();
        let units: Vec<SeenUnit> = board
            .units
            .iter()
            .filter_map(|unit| {
                let region = map.find_region(&unit.region)?;
                let kind = UnitType::parse(&unit.kind.to_string())?;
                let mine = knowledge.plays_for(&unit.power) || ordered.contains(&map.province_of(region));
                Some(SeenUnit { power: unit.power.clone(), mine, kind, region })
            })
            .collect();
        let holders = center_holders(map, knowledge, &board.owners);
        let mut occupant = vec![None; map.province_count()];
        for (index, unit) in units.iter().enumerate() {
            occupant[usize::from(map.province_of(unit.region).0)] = Some(index);
        }
        Picture { map, units, holders, occupant }
    }

    pub fn unit_in(&self, province: ProvinceId) -> Option<&SeenUnit> {
        self.occupant.get(usize::from(province.0)).copied().flatten().map(|index| &self.units[index])
    }

    pub fn holder(&self, province: ProvinceId) -> Option<Holder> {
        self.holders.get(usize::from(province.0)).copied().flatten()
    }

    /// Enemy units that could move into `province` this phase.
    pub fn enemies_reaching(&self, province: ProvinceId) -> usize {
        self.units
            .iter()
            .filter(|unit| !unit.mine && self.map.province_of(unit.region) != province)
            .filter(|unit| self.map.can_reach(unit.kind, unit.region, province))
            .count()
    }
}

fn center_holders(map: &Map, knowledge: &SeatKnowledge, owners: &BTreeMap<String, String>) -> Vec<Option<Holder>> {
    let mut strength: BTreeMap<&str, usize> = BTreeMap::new();
    for owner in owners.values() {
        *strength.entry(owner.as_str()).or_default() += 1;
    }
    map.provinces()
        .map(|(id, province)| {
            if !province.supply_center {
                return None;
            }
            let owner = owners.get(map.province_key(id));
            Some(match owner {
                None => Holder::Neutral,
                Some(owner) if knowledge.plays_for(owner) => Holder::Mine,
                Some(owner) => Holder::Enemy { centers: strength.get(owner.as_str()).copied().unwrap_or(0) },
            })
        })
        .collect()
}
