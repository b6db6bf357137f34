//! The layout places the standard board where players expect it: units apart, neighbours near.

use judge::{Map, RegionId};
use mapview::StandardMapView;

fn view() -> StandardMapView {
    StandardMapView::new().expect("map and layout load")
}

fn at(view: &StandardMapView, key: &str) -> mapview::Point {
    let region = view.map().find_region(key).expect("a standard region");
    view.layout().position(region)
}

#[test]
fn no_two_positions_overlap() {
    let view = view();
    let map: &Map = view.map();
    for (a, _) in map.regions() {
        for (b, _) in map.regions().filter(|(b, _)| *b > a) {
            let distance = view.layout().position(a).distance(view.layout().position(b));
            assert!(distance >= 25.0, "{} and {} are {distance:.0} apart", map.region_key(a), map.region_key(b));
        }
    }
}

#[test]
fn neighbours_are_near_each_other() {
    let view = view();
    let map = view.map();
    for (from, _) in map.regions() {
        for to in map.region(from).fleet_neighbours.iter().map(RegionId) {
            let distance = view.layout().position(from).distance(view.layout().position(to));
            assert!(distance <= 350.0, "{} and {} are {distance:.0} apart", map.region_key(from), map.region_key(to));
        }
    }
}

#[test]
fn landmarks_sit_where_the_board_has_them() {
    let view = view();
    let (lon, stp, nao, eas) = (at(&view, "lon"), at(&view, "stp"), at(&view, "nao"), at(&view, "eas"));
    assert!(nao.x < lon.x && lon.x < stp.x, "west to east: nao, lon, stp");
    assert!(stp.y < eas.y && stp.x > 700.0 && eas.x > 700.0, "stp north-east, eas south-east");
    assert!(at(&view, "stp/nc").y < at(&view, "stp/sc").y, "north coast above south coast");
    assert!(at(&view, "spa/nc").y < at(&view, "spa/sc").y);
    assert!(at(&view, "bul/ec").x > at(&view, "bul/sc").x, "east coast right of south coast");
    assert!(at(&view, "edi").y < at(&view, "lon").y && at(&view, "par").y > at(&view, "lon").y);
}
