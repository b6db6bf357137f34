//! The map itself: every province as its shape (seas first, land painted over them), impassable land and
//! lakes, then on each province its supply center and its name. Provinces of owned supply centers are
//! tinted in their owner's colour.

use judge::{Province, ProvinceId, RegionId, Terrain};
use kinds::kind::Board;
use svg::node::element::{Group, Path, Title};

use super::shapes::{circle, label, round};
use crate::StandardMapView;
use crate::artwork::{Shape, ShapeKind};
use crate::layout::Point;
use crate::palette::{self, IMPASSABLE_FILL, IMPASSABLE_STROKE, LABEL, LAND_FILL, LAND_STROKE, SEA_FILL, SEA_STROKE};

/// The supply center mark sits over the province's name.
const CENTER_MARK_RISE: f64 = 9.0;
const LABEL_DROP: f64 = 4.0;

/// One group per province, titled with its full name and owner, so that hovering tells what it is; then
/// the shapes that are no province.
pub fn layer(view: &StandardMapView, board: &Board) -> Group {
    let map = &view.map;
    let (seas, lands): (Vec<_>, Vec<_>) = map.provinces().partition(|(_, province)| province.terrain == Terrain::Sea);
    let mut group = Group::new().set("class", "provinces").set("stroke-linejoin", "round");
    for (id, province) in seas.into_iter().chain(lands) {
        let owner = board.owners.get(&province.key).filter(|_| province.supply_center).map(String::as_str);
        group = group.add(province_group(view, board, id, province, owner));
    }
    for shape in view.artwork.shapes().iter().filter(|shape| !matches!(shape.kind, ShapeKind::Province(_))) {
        group = group.add(other_shape(shape));
    }
    group
}

fn province_group(
    view: &StandardMapView,
    board: &Board,
    id: ProvinceId,
    province: &Province,
    owner: Option<&str>,
) -> Group {
    let shape = view.artwork.province(id);
    // Where a unit in the province stands, for a page script that draws orders as they are chosen.
    let anchor = view.region(&province.key).map(|region| view.layout.position(region)).unwrap_or(shape.label);
    let mut group = Group::new()
        .set("class", format!("province {}", province.terrain))
        .set("data-province", province.key.as_str())
        .set("data-x", round(anchor.x))
        .set("data-y", round(anchor.y))
        .add(Title::new(province_title(province, owner)));
    let outline = outline(shape);
    group = match province.terrain {
        Terrain::Sea => group.add(outline.set("fill", SEA_FILL).set("stroke", SEA_STROKE).set("stroke-width", 0.8)),
        Terrain::Land | Terrain::Coast => {
            let fill = owner.map_or(LAND_FILL, |owner| palette::colour_on(board, owner).tint);
            group.add(outline.set("fill", fill).set("stroke", LAND_STROKE).set("stroke-width", 0.8))
        }
    };
    let at = shape.label;
    if province.supply_center {
        group = group.add(center_mark(board, at.offset(0.0, -CENTER_MARK_RISE), owner));
    }
    group.add(province_label(&province.key, at.offset(0.0, LABEL_DROP), province.terrain))
}

/// The split coasts, over every province so that no neighbour's shape covers the disc a finger taps.
pub fn coast_layer(view: &StandardMapView) -> Group {
    view.map
        .provinces()
        .flat_map(|(id, _)| view.map.coasts(id).iter().copied())
        .fold(Group::new().set("class", "coasts"), |group, coast| group.add(coast_node(view, coast)))
}

fn outline(shape: &Shape) -> Path {
    Path::new().set("d", shape.path.as_str()).set("fill-rule", "evenodd")
}

fn other_shape(shape: &Shape) -> Group {
    let (class, title, fill, stroke) = match shape.kind {
        ShapeKind::Lake => ("lake", shape.name.clone(), SEA_FILL, SEA_STROKE),
        _ => ("impassable", format!("{} (impassable)", shape.name), IMPASSABLE_FILL, IMPASSABLE_STROKE),
    };
    Group::new()
        .set("class", class)
        .add(Title::new(title))
        .add(outline(shape).set("fill", fill).set("stroke", stroke).set("stroke-width", 0.8))
}

fn province_title(province: &Province, owner: Option<&str>) -> String {
    match (province.supply_center, owner) {
        (true, Some(owner)) => format!("{} ({}): supply center of {owner}", province.name, province.key),
        (true, None) => format!("{} ({}): supply center, unowned", province.name, province.key),
        (false, _) => format!("{} ({})", province.name, province.key),
    }
}

/// How far around a split coast's ring a tap still picks the coast: 44 px across at the width a phone
/// shows the map (56rem for 1,000 units).
const COAST_TAP_RADIUS: f64 = 25.0;

/// A split coast: a small ring where a fleet on that coast stands, marked with the coast's abbreviation,
/// inside an invisible disc a finger can find.
fn coast_node(view: &StandardMapView, coast: RegionId) -> Group {
    let at = view.layout.position(coast);
    let name = view.map.region(coast).coast.map(|coast| coast.abbreviation()).unwrap_or_default();
    Group::new()
        .set("class", "coast")
        .set("data-region", view.map.region_key(coast))
        .set("data-x", round(at.x))
        .set("data-y", round(at.y))
        .add(circle(at, COAST_TAP_RADIUS).set("class", "tap").set("fill", "transparent"))
        .add(
            circle(at, 7.0)
                .set("fill", SEA_FILL)
                .set("fill-opacity", 0.8)
                .set("stroke", SEA_STROKE)
                .set("stroke-width", 1.5),
        )
        .add(label(name, at.offset(0.0, 3.0), 8.0).set("fill", "#24507a"))
}

/// Owned centers are marked in the owner's colour, unowned ones in white.
fn center_mark(board: &Board, at: Point, owner: Option<&str>) -> svg::node::element::Circle {
    let fill = owner.map_or("#ffffff", |owner| palette::colour_on(board, owner).fill);
    circle(at, 4.5).set("class", "center").set("fill", fill).set("stroke", palette::OUTLINE).set("stroke-width", 1.3)
}

/// `Lon`, `Nth`: the key with a capital, as on the printed board.
fn province_label(key: &str, at: Point, terrain: Terrain) -> svg::node::element::Text {
    let mut chars = key.chars();
    let text: String = chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default();
    match terrain {
        Terrain::Sea => label(&text, at, 10.0).set("fill", "#24507a").set("font-style", "italic"),
        Terrain::Land | Terrain::Coast => label(&text, at, 10.0).set("fill", LABEL),
    }
    .set("font-weight", "bold")
}
