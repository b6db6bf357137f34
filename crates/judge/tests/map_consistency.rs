//! The standard map's data files load, and describe the board every Diplomacy player knows.

use judge::geo::{MapError, MapFiles};
use judge::{Coast, Map, Terrain, UnitType};

fn standard() -> Map {
    Map::standard().expect("the standard map's data files are valid")
}

fn province(map: &Map, key: &str) -> judge::ProvinceId {
    map.find_province(key).unwrap_or_else(|| panic!("{key} is on the map"))
}

#[test]
fn standard_map_has_75_provinces_34_centers_and_22_home_centers() {
    let map = standard();
    assert_eq!(map.province_count(), 75);
    assert_eq!(map.supply_center_count(), 34);
    let homes: usize = map.powers().map(|(power, _)| map.home_centers(power).count()).sum();
    assert_eq!(homes, 22);
    assert_eq!(map.power_count(), 7);
    assert_eq!(map.victory_threshold(), 18);
    assert_eq!(map.starting_units().len(), 22);
}

#[test]
fn adjacency_is_symmetric_for_armies_and_fleets() {
    let map = standard();
    for (a, _) in map.provinces() {
        for (b, _) in map.provinces() {
            assert_eq!(
                map.army_adjacent(a, b),
                map.army_adjacent(b, a),
                "{} {}",
                map.province_key(a),
                map.province_key(b)
            );
        }
    }
    for (a, _) in map.regions() {
        for (b, _) in map.regions() {
            assert_eq!(map.fleet_adjacent(a, b), map.fleet_adjacent(b, a));
        }
    }
}

#[test]
fn coasts_are_consistent_fleets_stand_on_named_coasts_of_split_provinces() {
    let map = standard();
    for key in ["stp", "spa", "bul"] {
        let id = province(&map, key);
        assert_eq!(map.coasts(id).len(), 2, "{key} has two coasts");
        assert!(!map.can_occupy(UnitType::Fleet, map.main_region(id)), "a fleet in {key} must name a coast");
        assert!(map.can_occupy(UnitType::Army, map.main_region(id)));
    }
    let stp_nc = map.find_region("stp/nc").unwrap();
    let stp_sc = map.find_region("stp (sc)").unwrap();
    assert!(map.fleet_adjacent(stp_nc, map.find_region("bar").unwrap()));
    assert!(!map.fleet_adjacent(stp_sc, map.find_region("bar").unwrap()));
    assert!(map.fleet_adjacent(stp_sc, map.find_region("bot").unwrap()));
}

#[test]
fn every_supply_center_is_reachable_and_every_home_center_belongs_to_one_power() {
    let map = standard();
    for center in map.supply_centers() {
        let province = map.province(center);
        assert!(province.terrain != Terrain::Sea);
    }
    // from_data has already checked reachability; a map with an island center must be refused.
    let provinces = include_str!("../data/maps/standard/provinces.csv").to_string() + "isl,Island,coast,sc,,\n";
    let adjacency = include_str!("../data/maps/standard/adjacency.csv").to_string() + "isl,,\n";
    let files = MapFiles {
        provinces: &provinces,
        coasts: include_str!("../data/maps/standard/coasts.csv"),
        adjacency: &adjacency,
        units: include_str!("../data/maps/standard/units.csv"),
    };
    assert!(matches!(Map::from_data(files), Err(MapError::Inconsistent { .. }) | Err(MapError::UnreachableCenter(_))));
}

#[test]
fn an_asymmetric_border_is_refused_not_a_panic() {
    let adjacency = include_str!("../data/maps/standard/adjacency.csv").replace("\nadr,,alb;", "\nadr,,");
    let files = MapFiles {
        provinces: include_str!("../data/maps/standard/provinces.csv"),
        coasts: include_str!("../data/maps/standard/coasts.csv"),
        adjacency: &adjacency,
        units: include_str!("../data/maps/standard/units.csv"),
    };
    assert!(matches!(Map::from_data(files), Err(MapError::Asymmetric { .. })));
}

#[test]
fn borders_a_public_adjudicator_gets_wrong_are_right_here() {
    let map = standard();
    let fleet = |a: &str, b: &str| map.fleet_adjacent(map.find_region(a).unwrap(), map.find_region(b).unwrap());
    let army = |a: &str, b: &str| map.army_adjacent(province(&map, a), province(&map, b));
    for (a, b) in [
        ("bot", "fin"),
        ("bot", "lvn"),
        ("bot", "stp/sc"),
        ("bot", "swe"),
        ("mao", "spa/sc"),
        ("nwy", "stp/nc"),
        ("tus", "tys"),
        ("con", "smy"),
    ] {
        assert!(fleet(a, b), "fleet {a}-{b}");
    }
    for (a, b) in [("gal", "ukr"), ("lvn", "war"), ("nwy", "stp"), ("con", "smy")] {
        assert!(army(a, b), "army {a}-{b}");
    }
    assert!(!fleet("rom", "ven"), "Rome and Venice share no coast");
    assert!(army("rom", "ven"));
}

#[test]
fn common_alternative_names_are_accepted() {
    let map = standard();
    for (alias, key) in [
        ("nat", "nao"),
        ("NRG", "nwg"),
        ("gol", "lyo"),
        ("mid", "mao"),
        ("ech", "eng"),
        ("English Channel", "eng"),
        ("St. Petersburg", "stp"),
    ] {
        assert_eq!(map.province_key(province(&map, alias)), key, "{alias}");
    }
    assert_eq!(map.region_key(map.find_region("spa north coast").unwrap()), "spa/nc");
    assert_eq!(map.region_key(map.find_region("bul(ec)").unwrap()), "bul/ec");
}

#[test]
fn the_longest_run_of_words_that_names_a_province_is_read() {
    let map = standard();
    let prefix = |words: &[&str]| map.longest_province_prefix(words).map(|(id, used)| (map.province_key(id), used));
    assert_eq!(prefix(&["mid", "atlantic", "ocean", "-", "bre"]), Some(("mao", 3)));
    assert_eq!(prefix(&["North", "Atlantic", "-", "nwg"]), Some(("nao", 2)));
    assert_eq!(prefix(&["gulf", "of", "lyon"]), Some(("lyo", 3)));
    assert_eq!(prefix(&["lyon", "of"]), Some(("lyo", 1)));
    assert_eq!(prefix(&["St.", "Petersburg", "south", "coast"]), Some(("stp", 2)));
    assert_eq!(prefix(&["nth", ".", "-", "nwg"]), Some(("nth", 2)), "a word that is only a full stop adds nothing");
    assert_eq!(prefix(&["gulf", "of"]), None, "the first words of a name are not a name");
    assert_eq!(prefix(&[]), None);
    assert_eq!(
        map.find_location("St. Petersburg (south coast)").map(|(id, coast)| (map.province_key(id), coast)),
        Some(("stp", Some(Coast::South)))
    );
    assert_eq!(
        map.find_location("stp NC coast").map(|(id, coast)| (map.province_key(id), coast)),
        Some(("stp", Some(Coast::North)))
    );
    assert_eq!(map.find_location("par ."), map.find_location("par"));
    assert_eq!(map.find_location("stp nc coast west"), None);
}

#[test]
fn a_name_longer_than_any_province_name_is_not_one() {
    let map = standard();
    assert_eq!(map.find_province(&"a".repeat(200)), None);
    assert_eq!(map.find_location(&"north ".repeat(60)), None);
    assert_eq!(map.longest_province_prefix(&["north"; 60]), None);
    assert_eq!(map.find_province("  ST.   PETERSBURG  ").map(|id| map.province_key(id)), Some("stp"));
}

#[test]
fn an_alias_longer_than_a_province_name_may_be_is_refused_at_load() {
    let long = "a".repeat(65);
    let provinces = include_str!("../data/maps/standard/provinces.csv")
        .replace("adriatic sea;adriatic", &format!("adriatic;{long}"));
    let files = MapFiles {
        provinces: &provinces,
        coasts: include_str!("../data/maps/standard/coasts.csv"),
        adjacency: include_str!("../data/maps/standard/adjacency.csv"),
        units: include_str!("../data/maps/standard/units.csv"),
    };
    assert_eq!(Map::from_data(files).err(), Some(MapError::NameTooLong(long)));
}
