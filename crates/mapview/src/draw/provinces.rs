//! The map itself: border lines between provinces and a node per province, with its supply center.

use games::kind::Board;
use judge::{Province, ProvinceId, RegionId, Terrain};
use svg::node::element::{Group, Rectangle, Title};

use super::shapes::{self, circle, label, line, round};
use crate::StandardMapView;
use crate::layout::Point;
use crate::palette::{self, ARMY_BORDER, FLEET_BORDER, LABEL, LAND_FILL, LAND_STROKE, SEA_FILL, SEA_STROKE};

pub const LAND_RADIUS: f64 = 17.0;
const SEA_WIDTH: f64 = 46.0;
const SEA_HEIGHT: f64 = 30.0;
/// Label baselines sit just under the node, where units never cover them.
const LAND_LABEL_DROP: f64 = 30.0;
const SEA_LABEL_DROP: f64 = 27.0;
const CENTER_MARK: (f64, f64) = (0.0, -20.0);
pub const FLEET_BORDER_DASHES: &str = "6 4";

/// Army borders (solid, sandy) under fleet borders (dashed, blue): a coastal border that both kinds of
/// unit may cross shows as a sandy line with blue dashes.
pub fn borders(view: &StandardMapView) -> Group {
    Group::new()
        .set("class", "borders")
        .set("aria-hidden", "true")
        .add(army_borders(view))
        .add(coast_links(view))
        .add(fleet_borders(view))
}

fn army_borders(view: &StandardMapView) -> Group {
    let map = &view.map;
    let mut group = Group::new().set("stroke", ARMY_BORDER).set("stroke-width", 3).set("stroke-linecap", "round");
    for (from, _) in map.provinces() {
        for (to, _) in map.provinces().filter(|(to, _)| *to > from && map.army_adjacent(from, *to)) {
            group = group.add(line(province_point(view, from), province_point(view, to)));
        }
    }
    group
}

/// A split coast hangs off its province by a short dotted link, showing where a fleet there stands.
fn coast_links(view: &StandardMapView) -> Group {
    let map = &view.map;
    let mut group = Group::new().set("stroke", SEA_STROKE).set("stroke-width", 1.5).set("stroke-dasharray", "2 2");
    for (province, _) in map.provinces() {
        for &coast in map.coasts(province) {
            group = group.add(line(province_point(view, province), view.layout.position(coast)));
        }
    }
    group
}

fn fleet_borders(view: &StandardMapView) -> Group {
    let map = &view.map;
    let mut group =
        Group::new().set("stroke", FLEET_BORDER).set("stroke-width", 1.6).set("stroke-dasharray", FLEET_BORDER_DASHES);
    for (from, _) in map.regions() {
        for (to, _) in map.regions().filter(|(to, _)| *to > from && map.fleet_adjacent(from, *to)) {
            group = group.add(line(view.layout.position(from), view.layout.position(to)));
        }
    }
    group
}

fn province_point(view: &StandardMapView, province: ProvinceId) -> Point {
    view.layout.position(view.map.main_region(province))
}

/// One group per province, titled with its full name and owner, so that hovering tells what it is.
pub fn nodes(view: &StandardMapView, board: &Board) -> Group {
    let mut group = Group::new().set("class", "provinces");
    for (id, province) in view.map.provinces() {
        let owner = board.owners.get(&province.key).filter(|_| province.supply_center).map(String::as_str);
        group = group.add(province_node(view, id, province, owner));
    }
    group
}

fn province_node(view: &StandardMapView, id: ProvinceId, province: &Province, owner: Option<&str>) -> Group {
    let at = province_point(view, id);
    let tint = owner.map(|owner| palette::power_colour(owner).tint);
    let mut group = Group::new()
        .set("class", format!("province {}", province.terrain))
        .set("data-province", province.key.as_str())
        .add(Title::new(province_title(province, owner)));
    group = match province.terrain {
        Terrain::Sea => group.add(sea_shape(at)),
        Terrain::Land | Terrain::Coast => group.add(land_shape(at, tint.unwrap_or(LAND_FILL))),
    };
    for &coast in view.map.coasts(id) {
        group = group.add(coast_node(view, coast));
    }
    if province.supply_center {
        group = group.add(center_mark(at, owner));
    }
    group.add(province_label(&province.key, at, province.terrain))
}

fn province_title(province: &Province, owner: Option<&str>) -> String {
    match (province.supply_center, owner) {
        (true, Some(owner)) => format!("{} ({}): supply center of {owner}", province.name, province.key),
        (true, None) => format!("{} ({}): supply center, unowned", province.name, province.key),
        (false, _) => format!("{} ({})", province.name, province.key),
    }
}

fn sea_shape(at: Point) -> Rectangle {
    Rectangle::new()
        .set("x", round(at.x - SEA_WIDTH / 2.0))
        .set("y", round(at.y - SEA_HEIGHT / 2.0))
        .set("width", SEA_WIDTH)
        .set("height", SEA_HEIGHT)
        .set("rx", 12)
        .set("fill", SEA_FILL)
        .set("stroke", SEA_STROKE)
        .set("stroke-width", 1.5)
}

fn land_shape(at: Point, fill: &str) -> svg::node::element::Circle {
    circle(at, LAND_RADIUS).set("fill", fill).set("stroke", LAND_STROKE).set("stroke-width", 1.5)
}

fn coast_node(view: &StandardMapView, coast: RegionId) -> Group {
    let at = view.layout.position(coast);
    let name = view.map.region(coast).coast.map(|coast| coast.abbreviation()).unwrap_or_default();
    Group::new()
        .set("class", "coast")
        .set("data-region", view.map.region_key(coast))
        .add(circle(at, 6.0).set("fill", SEA_FILL).set("stroke", SEA_STROKE).set("stroke-width", 1.5))
        .add(label(name, at.offset(0.0, 20.0), 9.0).set("fill", LABEL))
}

/// Owned centers are marked in the owner's colour, unowned ones in white.
fn center_mark(at: Point, owner: Option<&str>) -> svg::node::element::Circle {
    let fill = owner.map_or("#ffffff", |owner| palette::power_colour(owner).fill);
    circle(at.offset(CENTER_MARK.0, CENTER_MARK.1), 5.0)
        .set("class", "center")
        .set("fill", fill)
        .set("stroke", palette::OUTLINE)
        .set("stroke-width", 1.5)
}

fn province_label(key: &str, at: Point, terrain: Terrain) -> svg::node::element::Text {
    match terrain {
        Terrain::Sea => {
            label(key, at.offset(0.0, SEA_LABEL_DROP), 11.0).set("fill", "#24507a").set("font-style", "italic")
        }
        Terrain::Land | Terrain::Coast => label(key, at.offset(0.0, LAND_LABEL_DROP), 11.0).set("fill", LABEL),
    }
    .set("font-weight", "bold")
}

/// Sample shapes for the legend, drawn exactly as on the map.
pub fn legend_border(from: Point, to: Point, fleet: bool) -> svg::node::element::Line {
    let line = shapes::line(from, to);
    if fleet {
        line.set("stroke", FLEET_BORDER).set("stroke-width", 1.6).set("stroke-dasharray", FLEET_BORDER_DASHES)
    } else {
        line.set("stroke", ARMY_BORDER).set("stroke-width", 3)
    }
}
