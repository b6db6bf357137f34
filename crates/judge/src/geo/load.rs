//! Reads the map's CSV files into a [`Map`] and checks that they describe a consistent board.

use super::lookup::NameIndex;
use super::{Coast, Map, Power, PowerInfo, Province, ProvinceId, Region, RegionId, Set128, StartingUnit, Terrain};
use crate::UnitType;

/// Why a map's data files were rejected. Every variant names the file and, where there is one, the line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    #[error("{file} line {line}: {reason}")]
    Syntax { file: &'static str, line: usize, reason: String },
    #[error("{file}: unknown {what} `{name}`")]
    Unknown { file: &'static str, what: &'static str, name: String },
    #[error("name `{0}` is used by two provinces")]
    DuplicateName(String),
    #[error("name `{0}` is longer than the {max} bytes a province name may have", max = super::lookup::MAX_NAME_BYTES)]
    NameTooLong(String),
    #[error("the map gives {0} names; at most 65,534 are supported")]
    TooManyNames(usize),
    #[error("adjacency is not symmetric: {from} lists {to} as {kind} neighbour but not the other way round")]
    Asymmetric { from: String, to: String, kind: &'static str },
    #[error("{region}: {reason}")]
    Inconsistent { region: String, reason: String },
    #[error("supply center {0} cannot be reached from any home center")]
    UnreachableCenter(String),
    #[error("the map has {0} regions; at most 128 are supported")]
    TooLarge(usize),
}

/// The four data files of a map, as text.
#[derive(Clone, Copy, Debug)]
pub struct MapFiles<'a> {
    pub provinces: &'a str,
    pub coasts: &'a str,
    pub adjacency: &'a str,
    pub units: &'a str,
}

const STANDARD: MapFiles<'static> = MapFiles {
    provinces: include_str!("../../data/maps/standard/provinces.csv"),
    coasts: include_str!("../../data/maps/standard/coasts.csv"),
    adjacency: include_str!("../../data/maps/standard/adjacency.csv"),
    units: include_str!("../../data/maps/standard/units.csv"),
};

impl Map {
    /// The standard map of Diplomacy, from the data files compiled into the crate.
    pub fn standard() -> Result<Map, MapError> {
        Map::from_data(STANDARD)
    }

    /// Builds and validates a map from its data files.
    pub fn from_data(files: MapFiles<'_>) -> Result<Map, MapError> {
        let mut builder = Builder::default();
        builder.read_provinces(files.provinces)?;
        builder.read_coasts(files.coasts)?;
        builder.read_adjacency(files.adjacency)?;
        builder.read_units(files.units)?;
        let map = builder.finish()?;
        validate(&map)?;
        Ok(map)
    }
}

#[derive(Default)]
struct Builder {
    provinces: Vec<Province>,
    aliases: Vec<(String, ProvinceId)>,
    regions: Vec<Region>,
    powers: Vec<PowerInfo>,
    /// For each region: its army and fleet neighbour names, resolved once every row is known.
    adjacency_rows: Vec<Option<(usize, String, String)>>,
    starting_units: Vec<StartingUnit>,
}

/// Data lines of a CSV file: skips the header, blank lines and `#` comments, and checks the field count.
fn rows<'a>(file: &'static str, text: &'a str, header: &str) -> Result<Vec<(usize, Vec<&'a str>)>, MapError> {
    let mut lines = text.lines().enumerate().filter(|(_, line)| {
        let line = line.trim();
        !line.is_empty() && !line.starts_with('#')
    });
    let width = header.split(',').count();
    match lines.next() {
        Some((_, first)) if first.trim() == header => {}
        _ => {
            return Err(MapError::Syntax { file, line: 1, reason: format!("expected header `{header}`") });
        }
    }
    lines
        .map(|(index, line)| {
            let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
            if fields.len() == width {
                Ok((index + 1, fields))
            } else {
                Err(MapError::Syntax {
                    file,
                    line: index + 1,
                    reason: format!("expected {width} fields, found {}", fields.len()),
                })
            }
        })
        .collect()
}

fn list(field: &str) -> impl Iterator<Item = &str> {
    field.split(';').map(str::trim).filter(|item| !item.is_empty())
}

impl Builder {
    fn province_by_key(&self, file: &'static str, key: &str) -> Result<ProvinceId, MapError> {
        self.provinces
            .iter()
            .position(|p| p.key == key)
            .map(|index| ProvinceId(index as u8))
            .ok_or_else(|| MapError::Unknown { file, what: "province", name: key.to_string() })
    }

    fn region_by_key(&self, file: &'static str, key: &str) -> Result<RegionId, MapError> {
        let unknown = || MapError::Unknown { file, what: "region", name: key.to_string() };
        let (province_key, coast) = match key.split_once('/') {
            Some((province, coast)) => (province, Some(Coast::parse(coast).ok_or_else(unknown)?)),
            None => (key, None),
        };
        let province = self.province_by_key(file, province_key)?;
        self.provinces[province.0 as usize]
            .regions
            .iter()
            .copied()
            .find(|&region| self.regions[region.0 as usize].coast == coast)
            .ok_or_else(unknown)
    }

    fn read_provinces(&mut self, text: &str) -> Result<(), MapError> {
        const FILE: &str = "provinces.csv";
        let mut homes: Vec<(ProvinceId, String)> = Vec::new();
        for (line, fields) in rows(FILE, text, "key,name,terrain,supply_center,home,aliases")? {
            let syntax = |reason: String| MapError::Syntax { file: FILE, line, reason };
            let [key, name, terrain, center, home, aliases] = fields[..] else {
                unreachable!("rows() checked the field count")
            };
            let terrain = match terrain {
                "land" => Terrain::Land,
                "coast" => Terrain::Coast,
                "sea" => Terrain::Sea,
                other => return Err(syntax(format!("unknown terrain `{other}`"))),
            };
            let supply_center = match center {
                "sc" => true,
                "" => false,
                other => return Err(syntax(format!("supply_center must be `sc` or empty, not `{other}`"))),
            };
            let id = ProvinceId(self.provinces.len() as u8);
            if !home.is_empty() {
                if !supply_center {
                    return Err(syntax(format!("{key} is a home of {home} but not a supply center")));
                }
                homes.push((id, home.to_string()));
            }
            if self.provinces.len() >= 128 {
                return Err(MapError::TooLarge(self.provinces.len() + 1));
            }
            self.regions.push(Region { province: id, coast: None, fleet_neighbours: Set128::default() });
            self.provinces.push(Province {
                key: key.to_ascii_lowercase(),
                name: name.to_string(),
                terrain,
                supply_center,
                home_of: None,
                regions: vec![RegionId(self.regions.len() as u8 - 1)],
                army_neighbours: Set128::default(),
            });
            self.aliases.push((key.to_ascii_lowercase(), id));
            self.aliases.extend(list(aliases).map(|alias| (alias.to_ascii_lowercase(), id)));
        }
        // Powers are the owners of home centers, numbered alphabetically.
        let mut names: Vec<String> = homes.iter().map(|(_, name)| name.clone()).collect();
        names.sort();
        names.dedup();
        self.powers = names
            .into_iter()
            .map(|name| PowerInfo { abbreviation: name.chars().take(3).collect::<String>().to_ascii_uppercase(), name })
            .collect();
        for (province, name) in homes {
            let index = self.powers.iter().position(|p| p.name == name).expect("collected above");
            self.provinces[province.0 as usize].home_of = Some(Power(index as u8));
        }
        Ok(())
    }

    fn read_coasts(&mut self, text: &str) -> Result<(), MapError> {
        const FILE: &str = "coasts.csv";
        for (line, fields) in rows(FILE, text, "province,coasts")? {
            let province = self.province_by_key(FILE, fields[0])?;
            if self.provinces[province.0 as usize].terrain != Terrain::Coast {
                return Err(MapError::Syntax { file: FILE, line, reason: format!("{} is not coastal", fields[0]) });
            }
            for coast in list(fields[1]) {
                let coast = Coast::parse(coast).ok_or_else(|| MapError::Syntax {
                    file: FILE,
                    line,
                    reason: format!("unknown coast `{coast}`"),
                })?;
                if self.regions.len() >= 128 {
                    return Err(MapError::TooLarge(self.regions.len() + 1));
                }
                self.regions.push(Region { province, coast: Some(coast), fleet_neighbours: Set128::default() });
                let region = RegionId(self.regions.len() as u8 - 1);
                self.provinces[province.0 as usize].regions.push(region);
            }
        }
        Ok(())
    }

    fn read_adjacency(&mut self, text: &str) -> Result<(), MapError> {
        const FILE: &str = "adjacency.csv";
        self.adjacency_rows = vec![None; self.regions.len()];
        for (line, fields) in rows(FILE, text, "region,army,fleet")? {
            let region = self.region_by_key(FILE, fields[0])?;
            let slot = &mut self.adjacency_rows[region.0 as usize];
            if slot.is_some() {
                return Err(MapError::Syntax { file: FILE, line, reason: format!("{} listed twice", fields[0]) });
            }
            *slot = Some((line, fields[1].to_string(), fields[2].to_string()));
        }
        for index in 0..self.regions.len() {
            let Some((_, army, fleet)) = self.adjacency_rows[index].clone() else {
                continue;
            };
            let province = self.regions[index].province;
            for neighbour in list(&army) {
                let neighbour = self.province_by_key(FILE, neighbour)?;
                self.provinces[province.0 as usize].army_neighbours.insert(neighbour.0);
            }
            for neighbour in list(&fleet) {
                let neighbour = self.region_by_key(FILE, neighbour)?;
                self.regions[index].fleet_neighbours.insert(neighbour.0);
            }
        }
        Ok(())
    }

    fn read_units(&mut self, text: &str) -> Result<(), MapError> {
        const FILE: &str = "units.csv";
        for (line, fields) in rows(FILE, text, "power,type,region")? {
            let power = self
                .powers
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(fields[0]))
                .map(|index| Power(index as u8))
                .ok_or_else(|| MapError::Unknown { file: FILE, what: "power", name: fields[0].to_string() })?;
            let kind = match fields[1] {
                "A" => UnitType::Army,
                "F" => UnitType::Fleet,
                other => {
                    return Err(MapError::Syntax { file: FILE, line, reason: format!("unknown unit type `{other}`") });
                }
            };
            let region = self.region_by_key(FILE, fields[2])?;
            self.starting_units.push(StartingUnit { power, kind, region });
        }
        Ok(())
    }

    fn finish(self) -> Result<Map, MapError> {
        let names = NameIndex::new(self.aliases)?;
        let sea_provinces = {
            let mut seas = Set128::default();
            for (index, province) in self.provinces.iter().enumerate() {
                if province.terrain == Terrain::Sea {
                    seas.insert(index as u8);
                }
            }
            seas
        };
        let mut map = Map {
            provinces: self.provinces,
            regions: self.regions,
            powers: self.powers,
            starting_units: self.starting_units,
            names,
            sea_provinces,
            seas_touching: Vec::new(),
            connected_seas: Vec::new(),
        };
        map.seas_touching = map.provinces().map(|(province, _)| map.find_seas_touching(province)).collect();
        map.connected_seas = map.provinces().map(|(province, _)| map.find_connected_seas(province)).collect();
        Ok(map)
    }
}

/// Checks the rules every playable map must obey.
fn validate(map: &Map) -> Result<(), MapError> {
    for (id, province) in map.provinces() {
        for neighbour in province.army_neighbours.iter() {
            let other = map.province(ProvinceId(neighbour));
            if !other.army_neighbours.contains(id.0) {
                return Err(MapError::Asymmetric { from: province.key.clone(), to: other.key.clone(), kind: "army" });
            }
            if province.terrain == Terrain::Sea || other.terrain == Terrain::Sea {
                return Err(inconsistent(&province.key, format!("army border with {} touches a sea", other.key)));
            }
        }
        if map.has_split_coasts(id) && !map.region(province.regions[0]).fleet_neighbours.is_empty() {
            return Err(inconsistent(&province.key, "a province with split coasts lists fleet borders on a coast"));
        }
    }
    for (id, region) in map.regions() {
        let key = map.region_key(id);
        let fleets_stand_here = map.can_occupy(UnitType::Fleet, id);
        if fleets_stand_here && region.fleet_neighbours.is_empty() {
            return Err(inconsistent(&key, "a fleet can stand here but has no fleet border"));
        }
        for neighbour in region.fleet_neighbours.iter() {
            let neighbour = RegionId(neighbour);
            if !fleets_stand_here || !map.can_occupy(UnitType::Fleet, neighbour) {
                return Err(inconsistent(
                    &key,
                    format!("fleet border with {} where no fleet can stand", map.region_key(neighbour)),
                ));
            }
            if !map.fleet_adjacent(neighbour, id) {
                return Err(MapError::Asymmetric { from: key, to: map.region_key(neighbour), kind: "fleet" });
            }
        }
    }
    let mut occupied = Set128::default();
    for unit in map.starting_units() {
        let key = map.region_key(unit.region);
        if !map.can_occupy(unit.kind, unit.region) {
            return Err(inconsistent(&key, "a starting unit cannot stand here"));
        }
        let province = map.province_of(unit.region);
        if occupied.contains(province.0) {
            return Err(inconsistent(&key, "two starting units in one province"));
        }
        occupied.insert(province.0);
    }
    check_centers_reachable(map)
}

fn inconsistent(region: &str, reason: impl Into<String>) -> MapError {
    MapError::Inconsistent { region: region.to_string(), reason: reason.into() }
}

/// Every supply center must be reachable by some unit from some home center, or it could never change hands.
fn check_centers_reachable(map: &Map) -> Result<(), MapError> {
    let mut reached = Set128::default();
    let mut frontier: Vec<ProvinceId> =
        map.provinces().filter(|(_, province)| province.home_of.is_some()).map(|(id, _)| id).collect();
    for &province in &frontier {
        reached.insert(province.0);
    }
    while let Some(province) = frontier.pop() {
        let mut neighbours = map.province(province).army_neighbours;
        for &region in &map.province(province).regions {
            for next in map.region(region).fleet_neighbours.iter() {
                neighbours.insert(map.province_of(RegionId(next)).0);
            }
        }
        for next in neighbours.iter() {
            if !reached.contains(next) {
                reached.insert(next);
                frontier.push(ProvinceId(next));
            }
        }
    }
    match map.supply_centers().find(|center| !reached.contains(center.0)) {
        Some(center) => Err(MapError::UnreachableCenter(map.province_key(center).to_string())),
        None => Ok(()),
    }
}
