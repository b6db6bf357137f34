//! The map: provinces, coasts, regions, adjacency and powers, loaded from data files and validated.
//!
//! A *province* is a named space on the board; a *region* is where a unit can stand: a province, or one
//! coast of a province with split coasts (`stp/nc`). Armies move between provinces, fleets between regions.

mod load;
mod lookup;

pub use load::{MapError, MapFiles};
pub(crate) use lookup::coast_named;

use std::fmt;

/// Index of a province in its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ProvinceId(pub u8);

/// Index of a region (a province or one of its coasts) in its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RegionId(pub u8);

/// A great power (or, in variants, any other power the map declares), by index into the map's powers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Power(pub u8);

/// What a province is made of, which decides who may enter it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    /// Inland: armies only.
    Land,
    /// Coastal land: armies and fleets.
    Coast,
    /// Water: fleets only; the only place a fleet can convoy from.
    Sea,
}

/// One coast of a province with split coasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Coast {
    North,
    South,
    East,
    West,
}

impl Coast {
    /// The two-letter abbreviation used in order notation (`nc`).
    pub fn abbreviation(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
            Coast::West => "wc",
        }
    }

    /// `north`, `south`, `east`, `west`.
    pub fn name(self) -> &'static str {
        match self {
            Coast::North => "north",
            Coast::South => "south",
            Coast::East => "east",
            Coast::West => "west",
        }
    }

    /// Reads `nc`, `north`, `n` and the like.
    pub fn parse(text: &str) -> Option<Coast> {
        match text {
            "nc" | "north" | "n" => Some(Coast::North),
            "sc" | "south" | "s" => Some(Coast::South),
            "ec" | "east" | "e" => Some(Coast::East),
            "wc" | "west" | "w" => Some(Coast::West),
            _ => None,
        }
    }
}

/// A set of provinces or regions as a bitmask; maps have at most 128 regions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Set128(pub u128);

impl Set128 {
    pub fn contains(self, index: u8) -> bool {
        self.0 & (1u128 << index) != 0
    }
    pub fn insert(&mut self, index: u8) {
        self.0 |= 1u128 << index;
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The members in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(index)
        })
    }
}

#[derive(Clone, Debug)]
pub struct Province {
    pub key: String,
    pub name: String,
    pub terrain: Terrain,
    pub supply_center: bool,
    pub home_of: Option<Power>,
    /// The province's own region followed by its coast regions, if any.
    pub regions: Vec<RegionId>,
    /// Provinces an army here can move to directly.
    pub army_neighbours: Set128,
}

#[derive(Clone, Debug)]
pub struct Region {
    pub province: ProvinceId,
    pub coast: Option<Coast>,
    /// Regions a fleet here can move to directly.
    pub fleet_neighbours: Set128,
}

#[derive(Clone, Debug)]
pub struct PowerInfo {
    pub name: String,
    pub abbreviation: String,
}

/// A starting unit as the map data gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartingUnit {
    pub power: Power,
    pub kind: crate::UnitType,
    pub region: RegionId,
}

/// A validated map. Build one with [`Map::standard`] or [`Map::from_data`].
#[derive(Clone, Debug)]
pub struct Map {
    provinces: Vec<Province>,
    regions: Vec<Region>,
    powers: Vec<PowerInfo>,
    starting_units: Vec<StartingUnit>,
    names: lookup::NameIndex,
    /// Provinces an army can reach by some chain of seas (coastal provinces touching a sea).
    sea_provinces: Set128,
    /// For each province, the sea provinces next to it: convoy routes ask for them at every step, so
    /// they are worked out once, when the map loads.
    seas_touching: Vec<Set128>,
    /// For each sea province, the seas joined to it by some chain of seas (itself included; empty for
    /// other provinces): every convoy order asks whether its fleet's waters reach both ends.
    connected_seas: Vec<Set128>,
}

impl Map {
    pub fn provinces(&self) -> impl ExactSizeIterator<Item = (ProvinceId, &Province)> {
        self.provinces.iter().enumerate().map(|(index, province)| (ProvinceId(index as u8), province))
    }
    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.0 as usize]
    }
    pub fn province_count(&self) -> usize {
        self.provinces.len()
    }
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.0 as usize]
    }
    pub fn region_count(&self) -> usize {
        self.regions.len()
    }
    pub fn regions(&self) -> impl ExactSizeIterator<Item = (RegionId, &Region)> {
        self.regions.iter().enumerate().map(|(index, region)| (RegionId(index as u8), region))
    }
    pub fn province_of(&self, region: RegionId) -> ProvinceId {
        self.region(region).province
    }
    /// The province's own (coastless) region.
    pub fn main_region(&self, province: ProvinceId) -> RegionId {
        self.province(province).regions[0]
    }
    /// The coast regions of a province with split coasts; empty for the others.
    pub fn coasts(&self, province: ProvinceId) -> &[RegionId] {
        &self.province(province).regions[1..]
    }
    pub fn has_split_coasts(&self, province: ProvinceId) -> bool {
        self.province(province).regions.len() > 1
    }
    pub fn powers(&self) -> impl ExactSizeIterator<Item = (Power, &PowerInfo)> {
        self.powers.iter().enumerate().map(|(index, info)| (Power(index as u8), info))
    }
    pub fn power_count(&self) -> usize {
        self.powers.len()
    }
    /// The power's name; a power the map does not know (a caller's mistake) reads as `unknown power`
    /// rather than bringing a page down.
    pub fn power_name(&self, power: Power) -> &str {
        self.powers.get(power.0 as usize).map_or("unknown power", |info| info.name.as_str())
    }
    pub fn starting_units(&self) -> &[StartingUnit] {
        &self.starting_units
    }
    pub fn supply_centers(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        self.provinces().filter(|(_, province)| province.supply_center).map(|(id, _)| id)
    }
    pub fn supply_center_count(&self) -> usize {
        self.provinces.iter().filter(|p| p.supply_center).count()
    }
    /// Centers needed for a solo victory: more than half of all centers (18 on the standard map).
    pub fn victory_threshold(&self) -> usize {
        self.supply_center_count() / 2 + 1
    }
    pub fn home_centers(&self, power: Power) -> impl Iterator<Item = ProvinceId> + '_ {
        self.provinces()
            .filter(move |(_, province)| province.supply_center && province.home_of == Some(power))
            .map(|(id, _)| id)
    }

    /// Whether an army can move from one province to the other without a convoy.
    pub fn army_adjacent(&self, from: ProvinceId, to: ProvinceId) -> bool {
        self.province(from).army_neighbours.contains(to.0)
    }
    /// Whether a fleet can move from one region to the other.
    pub fn fleet_adjacent(&self, from: RegionId, to: RegionId) -> bool {
        self.region(from).fleet_neighbours.contains(to.0)
    }
    /// The regions of `to` a fleet in `from` can move to.
    pub fn fleet_destinations_in(&self, from: RegionId, to: ProvinceId) -> Vec<RegionId> {
        self.fleet_destinations(from, to).collect()
    }
    /// [`Map::fleet_destinations_in`], one by one (every fleet's move and support asks, and rarely needs
    /// more than the first).
    pub fn fleet_destinations(&self, from: RegionId, to: ProvinceId) -> impl Iterator<Item = RegionId> + '_ {
        self.province(to).regions.iter().copied().filter(move |&region| self.fleet_adjacent(from, region))
    }
    /// Whether a unit of this kind standing in `from` could move into province `to` (any coast).
    /// This is the reach that decides whether it may support into `to`.
    pub fn can_reach(&self, kind: crate::UnitType, from: RegionId, to: ProvinceId) -> bool {
        match kind {
            crate::UnitType::Army => self.army_adjacent(self.province_of(from), to),
            crate::UnitType::Fleet => self.fleet_destinations(from, to).next().is_some(),
        }
    }
    /// Whether a unit of this kind may stand in this region.
    pub fn can_occupy(&self, kind: crate::UnitType, region: RegionId) -> bool {
        let province = self.province(self.province_of(region));
        match kind {
            crate::UnitType::Army => region == province.regions[0] && province.terrain != Terrain::Sea,
            crate::UnitType::Fleet => {
                province.terrain != Terrain::Land && (province.regions.len() == 1 || region != province.regions[0])
            }
        }
    }
    /// Sea provinces, the only ones a fleet can convoy from.
    pub fn is_sea(&self, province: ProvinceId) -> bool {
        self.sea_provinces.contains(province.0)
    }
    /// Sea provinces adjacent (by fleet) to any region of `province`.
    pub fn seas_touching(&self, province: ProvinceId) -> Set128 {
        self.seas_touching[province.0 as usize]
    }
    fn find_seas_touching(&self, province: ProvinceId) -> Set128 {
        let mut seas = Set128::default();
        for &region in &self.province(province).regions {
            for neighbour in self.region(region).fleet_neighbours.iter() {
                let neighbour_province = self.province_of(RegionId(neighbour));
                if self.is_sea(neighbour_province) {
                    seas.insert(neighbour_province.0);
                }
            }
        }
        seas
    }
    /// The seas joined to a sea province by some chain of seas, itself included.
    pub fn connected_seas(&self, sea: ProvinceId) -> Set128 {
        self.connected_seas[sea.0 as usize]
    }
    fn find_connected_seas(&self, sea: ProvinceId) -> Set128 {
        let mut seen = Set128::default();
        if !self.is_sea(sea) {
            return seen;
        }
        seen.insert(sea.0);
        let mut frontier = vec![sea];
        while let Some(current) = frontier.pop() {
            for next in self.sea_neighbours(current).iter() {
                if !seen.contains(next) {
                    seen.insert(next);
                    frontier.push(ProvinceId(next));
                }
            }
        }
        seen
    }
    /// Sea provinces adjacent to a sea province.
    pub fn sea_neighbours(&self, sea: ProvinceId) -> Set128 {
        self.seas_touching(sea)
    }

    /// Provinces next to `province` across any border, army or fleet.
    pub fn any_neighbours(&self, province: ProvinceId) -> Set128 {
        let mut found = self.province(province).army_neighbours;
        for &region in &self.province(province).regions {
            for neighbour in self.region(region).fleet_neighbours.iter() {
                found.insert(self.province_of(RegionId(neighbour)).0);
            }
        }
        found
    }

    /// Steps from `from` to every province across any border (`u32::MAX` where unreachable).
    pub fn province_distances(&self, from: ProvinceId) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.province_count()];
        distance[from.0 as usize] = 0;
        let mut frontier = vec![from];
        let mut step = 0;
        while !frontier.is_empty() {
            step += 1;
            let mut next = Vec::new();
            for province in frontier {
                for neighbour in self.any_neighbours(province).iter() {
                    if distance[neighbour as usize] == u32::MAX {
                        distance[neighbour as usize] = step;
                        next.push(ProvinceId(neighbour));
                    }
                }
            }
            frontier = next;
        }
        distance
    }

    /// Moves a unit of this kind in `from` needs to reach any of `targets`, counted as the rulebook's civil
    /// disorder counts them: armies across any border (as if convoyed), fleets only by water, and either
    /// coast of a split-coast target counts. `None` when no target can be reached.
    pub fn unit_distance(&self, kind: crate::UnitType, from: RegionId, targets: Set128) -> Option<u32> {
        let mut seen = Set128::default();
        seen.insert(from.0);
        let mut frontier = vec![from];
        let mut distance = 0;
        while !frontier.is_empty() {
            if frontier.iter().any(|&region| targets.contains(self.province_of(region).0)) {
                return Some(distance);
            }
            let mut next = Vec::new();
            for region in frontier {
                let neighbours: Vec<RegionId> = match kind {
                    crate::UnitType::Fleet => self.region(region).fleet_neighbours.iter().map(RegionId).collect(),
                    crate::UnitType::Army => self
                        .any_neighbours(self.province_of(region))
                        .iter()
                        .map(|p| self.main_region(ProvinceId(p)))
                        .collect(),
                };
                for neighbour in neighbours {
                    if !seen.contains(neighbour.0) {
                        seen.insert(neighbour.0);
                        next.push(neighbour);
                    }
                }
            }
            frontier = next;
            distance += 1;
        }
        None
    }

    /// A copy of this map with more powers after the map's own, for variants whose games create powers
    /// (Terrorism I's new nations). Their abbreviations are their first three letters.
    pub fn with_extra_powers<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> Map {
        let mut map = self.clone();
        for name in names {
            map.powers.push(PowerInfo {
                name: name.to_string(),
                abbreviation: name.chars().take(3).collect::<String>().to_ascii_uppercase(),
            });
        }
        map
    }

    /// Canonical short name of a region: `lon`, `stp/sc`.
    pub fn region_key(&self, region: RegionId) -> String {
        let info = self.region(region);
        let province = &self.province(info.province).key;
        match info.coast {
            Some(coast) => format!("{province}/{}", coast.abbreviation()),
            None => province.clone(),
        }
    }
    pub fn province_key(&self, province: ProvinceId) -> &str {
        &self.province(province).key
    }
    /// The region of `province` with `coast` (or the province's own region for `None`).
    pub fn region_with_coast(&self, province: ProvinceId, coast: Option<Coast>) -> Option<RegionId> {
        self.province(province).regions.iter().copied().find(|&region| self.region(region).coast == coast)
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Terrain::Land => "land",
            Terrain::Coast => "coast",
            Terrain::Sea => "sea",
        })
    }
}
