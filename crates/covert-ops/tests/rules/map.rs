//! Sheet "The Map" and "Countries"; rulings 5.1.

use covert_ops::{ISLANDS, MapError, WorldMap};

use crate::support::code;

const HEADER: &str = "code,name,includes,neighbours\n";
const ISLAND_ROWS: &str = "AUS,Australia,,\nBRI,Britain,,\nJAP,Japan,,\nMIC,Micronesia,,\n";

fn with_islands(rows: &str) -> String {
    format!("{HEADER}{ISLAND_ROWS}{rows}")
}

#[test]
fn map_world_has_between_60_and_90_countries() {
    // See: rulings 5.1 "about 60 to 90 countries covering the world"
    let map = WorldMap::world().expect("world map loads");
    assert!((60..=90).contains(&map.len()), "{} countries", map.len());
}

#[test]
fn map_every_country_has_a_name_and_unique_three_letter_code() {
    // See: sheet "Countries": each country has a name and an abbreviation
    let map = WorldMap::world().expect("world map loads");
    let mut codes: Vec<String> = map.countries().iter().map(|c| c.code.to_string()).collect();
    assert!(codes.iter().all(|c| c.len() == 3 && c.chars().all(|ch| ch.is_ascii_uppercase())));
    assert!(map.countries().iter().all(|c| !c.name.is_empty()));
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), map.len());
}

#[test]
fn map_countries_sharing_a_border_are_adjacent() {
    // See: sheet "The Map": any two countries that share a common border are adjacent
    let map = WorldMap::world().expect("world map loads");
    let index = |text| map.index_of(code(text)).expect("on map");
    for (a, b) in [("FRA", "GER"), ("USA", "MEX"), ("CHN", "RUS"), ("BRA", "ARG"), ("EGY", "ISR"), ("IND", "PAK")] {
        assert!(map.are_adjacent(index(a), index(b)), "{a}-{b}");
    }
    for (a, b) in [("FRA", "POL"), ("USA", "BRA"), ("SPA", "MOR"), ("EGY", "SAU")] {
        assert!(!map.are_adjacent(index(a), index(b)), "{a}-{b}");
    }
}

#[test]
fn map_adjacency_is_symmetric() {
    // See: rulings 5.1; issue 5 "validated at load (symmetric ...)"
    let map = WorldMap::world().expect("world map loads");
    for (from, country) in map.countries().iter().enumerate() {
        for &to in &country.neighbours {
            assert!(map.are_adjacent(to, from), "{} -> {}", country.code, map.code(to));
        }
    }
}

#[test]
fn map_islands_australia_britain_japan_micronesia_are_adjacent_to_nothing() {
    // See: sheet "The Map": the islands are not adjacent to anything and cannot be invaded
    let map = WorldMap::world().expect("world map loads");
    for island in ISLANDS {
        let index = map.index_of(code(island)).expect("island on map");
        assert!(map.country(index).neighbours.is_empty(), "{island}");
    }
    let isolated: Vec<String> =
        map.countries().iter().filter(|c| c.neighbours.is_empty()).map(|c| c.code.to_string()).collect();
    assert_eq!(isolated.len(), 4, "only the four islands are isolated: {isolated:?}");
}

#[test]
fn map_loader_rejects_asymmetric_borders() {
    // See: issue 5 "validated at load (symmetric ...)"; conventions 3 (never a panic)
    let text = with_islands("FRA,France,,GER\nGER,Germany,,ITA\nITA,Italy,,GER\n");
    assert_eq!(WorldMap::from_csv(&text).unwrap_err(), MapError::Asymmetric { from: code("FRA"), to: code("GER") });
}

#[test]
fn map_loader_rejects_duplicate_codes() {
    // See: issue 5 "validated at load (... unique codes)"
    let text = with_islands("FRA,France,,GER\nGER,Germany,,FRA\nFRA,Francia,,GER\n");
    assert_eq!(WorldMap::from_csv(&text).unwrap_err(), MapError::DuplicateCode(code("FRA")));
}

#[test]
fn map_loader_rejects_an_isolated_country_that_is_not_an_island() {
    // See: issue 5 "no isolated country but those four"
    let text = with_islands("FRA,France,,GER\nGER,Germany,,FRA\nISL,Iceland,,\n");
    assert_eq!(WorldMap::from_csv(&text).unwrap_err(), MapError::Isolated(code("ISL")));
}

#[test]
fn map_loader_rejects_an_island_with_neighbours() {
    // See: sheet "The Map": the islands are not adjacent to anything
    let text =
        format!("{HEADER}AUS,Australia,,IDN\nIDN,Indonesia,,AUS\nBRI,Britain,,\nJAP,Japan,,\nMIC,Micronesia,,\n");
    assert_eq!(WorldMap::from_csv(&text).unwrap_err(), MapError::IslandWithNeighbours(code("AUS")));
}

#[test]
fn map_loader_rejects_unknown_neighbours_and_bad_codes() {
    // See: sheet "Countries": each country has an abbreviation (country code)
    let unknown = with_islands("FRA,France,,XYZ\n");
    assert!(matches!(WorldMap::from_csv(&unknown), Err(MapError::UnknownNeighbour { .. })));
    let bad = with_islands("FRANCE,France,,\n");
    assert!(matches!(WorldMap::from_csv(&bad), Err(MapError::BadCode(_))));
    let columns = with_islands("FRA,France\n");
    assert!(matches!(WorldMap::from_csv(&columns), Err(MapError::Columns { .. })));
}
