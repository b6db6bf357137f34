//! The world map: countries, their codes and land borders, loaded from `data/world.csv`.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The shipped map, one line per country: `code,name,includes,neighbours` (lists split by `;`).
const WORLD_CSV: &str = include_str!("../data/world.csv");

/// The sheet names these islands as adjacent to nothing; every other country needs a neighbour.
pub const ISLANDS: [&str; 4] = ["AUS", "BRI", "JAP", "MIC"];

/// A three-letter upper-case country code such as `FRA`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountryCode([u8; 3]);

impl CountryCode {
    /// Parses a code, accepting lower case; anything but three ASCII letters is refused.
    pub fn parse(text: &str) -> Option<CountryCode> {
        let bytes = text.trim().as_bytes();
        if bytes.len() != 3 || !bytes.iter().all(u8::is_ascii_alphabetic) {
            return None;
        }
        Some(CountryCode([bytes[0].to_ascii_uppercase(), bytes[1].to_ascii_uppercase(), bytes[2].to_ascii_uppercase()]))
    }

    pub fn as_str(&self) -> &str {
        // The constructor admits only ASCII letters, so the bytes are always valid UTF-8.
        std::str::from_utf8(&self.0).unwrap_or("???")
    }
}

impl fmt::Display for CountryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for CountryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CountryCode({})", self.as_str())
    }
}

impl FromStr for CountryCode {
    type Err = MapError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        CountryCode::parse(text).ok_or_else(|| MapError::BadCode(text.to_owned()))
    }
}

impl Serialize for CountryCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CountryCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        CountryCode::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("bad country code {text:?}")))
    }
}

/// One country of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Country {
    pub code: CountryCode,
    pub name: String,
    /// The present-day states this game country stands for (the map merges small neighbours).
    pub includes: Vec<String>,
    /// Indices into [`WorldMap::countries`], sorted.
    pub neighbours: Vec<usize>,
}

/// Why map data was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    #[error("line {line}: expected 4 comma-separated columns, found {found}")]
    Columns { line: usize, found: usize },
    #[error("bad country code {0:?}: three letters expected")]
    BadCode(String),
    #[error("country {0} is listed twice")]
    DuplicateCode(CountryCode),
    #[error("country {country} names unknown neighbour {neighbour:?}")]
    UnknownNeighbour { country: CountryCode, neighbour: String },
    #[error("country {0} borders itself")]
    SelfBorder(CountryCode),
    #[error("{from} lists {to} as a neighbour but {to} does not list {from}")]
    Asymmetric { from: CountryCode, to: CountryCode },
    #[error("country {0} has no neighbours but is not one of the sheet's islands")]
    Isolated(CountryCode),
    #[error("island {0} must have no neighbours")]
    IslandWithNeighbours(CountryCode),
    #[error("island {0} is missing from the map")]
    MissingIsland(String),
    #[error("country {0} has an empty name")]
    EmptyName(CountryCode),
}

/// The validated map: countries in file order and a code index.
#[derive(Clone, Debug)]
pub struct WorldMap {
    countries: Vec<Country>,
    index: HashMap<CountryCode, usize>,
}

impl WorldMap {
    /// The shipped world map.
    pub fn world() -> Result<WorldMap, MapError> {
        WorldMap::from_csv(WORLD_CSV)
    }

    /// Parses and validates map data in the `world.csv` format.
    pub fn from_csv(text: &str) -> Result<WorldMap, MapError> {
        let rows = parse_rows(text)?;
        let mut index = HashMap::new();
        for (position, row) in rows.iter().enumerate() {
            if index.insert(row.code, position).is_some() {
                return Err(MapError::DuplicateCode(row.code));
            }
        }
        let mut countries = Vec::with_capacity(rows.len());
        for row in rows {
            let neighbours = resolve_neighbours(&row, &index)?;
            countries.push(Country { code: row.code, name: row.name, includes: row.includes, neighbours });
        }
        let map = WorldMap { countries, index };
        map.check_symmetric()?;
        map.check_islands()?;
        Ok(map)
    }

    pub fn countries(&self) -> &[Country] {
        &self.countries
    }

    pub fn len(&self) -> usize {
        self.countries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.countries.is_empty()
    }

    pub fn index_of(&self, code: CountryCode) -> Option<usize> {
        self.index.get(&code).copied()
    }

    pub fn country(&self, index: usize) -> &Country {
        &self.countries[index]
    }

    pub fn code(&self, index: usize) -> CountryCode {
        self.countries[index].code
    }

    pub fn are_adjacent(&self, a: usize, b: usize) -> bool {
        self.countries[a].neighbours.binary_search(&b).is_ok()
    }

    fn check_symmetric(&self) -> Result<(), MapError> {
        for (from, country) in self.countries.iter().enumerate() {
            for &to in &country.neighbours {
                if !self.are_adjacent(to, from) {
                    return Err(MapError::Asymmetric { from: country.code, to: self.code(to) });
                }
            }
        }
        Ok(())
    }

    fn check_islands(&self) -> Result<(), MapError> {
        for island in ISLANDS {
            let code = CountryCode::parse(island).ok_or_else(|| MapError::BadCode(island.to_owned()))?;
            if self.index_of(code).is_none() {
                return Err(MapError::MissingIsland(island.to_owned()));
            }
        }
        for country in &self.countries {
            let is_island = ISLANDS.contains(&country.code.as_str());
            match (is_island, country.neighbours.is_empty()) {
                (true, false) => return Err(MapError::IslandWithNeighbours(country.code)),
                (false, true) => return Err(MapError::Isolated(country.code)),
                _ => {}
            }
        }
        Ok(())
    }
}

struct Row {
    code: CountryCode,
    name: String,
    includes: Vec<String>,
    neighbours: Vec<String>,
}

fn parse_rows(text: &str) -> Result<Vec<Row>, MapError> {
    let mut rows = Vec::new();
    // The first line is the header.
    for (number, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let columns: Vec<&str> = line.split(',').collect();
        if columns.len() != 4 {
            return Err(MapError::Columns { line: number + 1, found: columns.len() });
        }
        let code = columns[0].parse::<CountryCode>()?;
        let name = columns[1].trim().to_owned();
        if name.is_empty() {
            return Err(MapError::EmptyName(code));
        }
        rows.push(Row { code, name, includes: split_list(columns[2]), neighbours: split_list(columns[3]) });
    }
    Ok(rows)
}

fn split_list(column: &str) -> Vec<String> {
    column.split(';').map(str::trim).filter(|item| !item.is_empty()).map(str::to_owned).collect()
}

fn resolve_neighbours(row: &Row, index: &HashMap<CountryCode, usize>) -> Result<Vec<usize>, MapError> {
    let mut neighbours = Vec::with_capacity(row.neighbours.len());
    for name in &row.neighbours {
        let unknown = || MapError::UnknownNeighbour { country: row.code, neighbour: name.clone() };
        let code = CountryCode::parse(name).ok_or_else(unknown)?;
        let neighbour = *index.get(&code).ok_or_else(unknown)?;
        if code == row.code {
            return Err(MapError::SelfBorder(code));
        }
        neighbours.push(neighbour);
    }
    neighbours.sort_unstable();
    neighbours.dedup();
    Ok(neighbours)
}
