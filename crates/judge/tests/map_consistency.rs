//! The standard map's data files load, and describe the board every Diplomacy player knows.

use judge::geo::{MapError, MapFiles};
use judge::{Map, Terrain, UnitType};

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
