//! Builds the SVG document layer by layer: provinces, units, orders, legend. Later layers paint
//! over earlier ones, so arrows stay visible over units and units over labels.

mod legend;
mod orders;
mod provinces;
mod shapes;
mod units;
mod variants;

pub(crate) use shapes::round;
pub use variants::nation_tint;

use judge::{RegionId, UnitType};
use kinds::kind::{Board, BoardUnit, MarkedUnit};
use svg::Document;
use svg::node::element::{Definitions, Line, Pattern, Rectangle, Title};

use crate::layout::{CANVAS_HEIGHT, CANVAS_WIDTH, Point};
use crate::palette::SEA_FILL;
use crate::{Arrow, StandardMapView};

/// A unit of the input whose region is on the map, with the place it is drawn.
struct PlacedUnit<'a> {
    unit: &'a BoardUnit,
    kind: UnitType,
    region: RegionId,
    at: Point,
    dislodged: bool,
    /// A double unit (Diplobucks), drawn DA or DF.
    double: bool,
    /// For people: `St. Petersburg (south coast)`.
    place: String,
}

/// Where a dislodged unit is drawn, relative to its region: up and to the right, so that the unit that
/// dislodged it stays visible in the middle.
const DISLODGED_OFFSET: (f64, f64) = (17.0, -17.0);

pub(crate) fn document(view: &StandardMapView, board: &Board, arrows: &[Arrow], marks: &[MarkedUnit]) -> Document {
    let units = place_units(view, board);
    let description = describe(&units, arrows);
    Document::new()
        .set("viewBox", (0, 0, CANVAS_WIDTH, CANVAS_HEIGHT))
        .set("role", "img")
        .set("aria-label", description.clone())
        .set("class", "board-map")
        .set("font-family", "DejaVu Sans, Verdana, Arial, sans-serif")
        .add(Title::new(description))
        .add(definitions())
        .add(Rectangle::new().set("width", CANVAS_WIDTH).set("height", CANVAS_HEIGHT).set("fill", SEA_FILL))
        .add(provinces::layer(view, board))
        .add(variants::province_layer(view, board))
        .add(provinces::coast_layer(view))
        .add(units::layer(&units, board))
        .add(variants::unit_mark_layer(view, marks))
        .add(orders::layer(view, &units, arrows))
        .add(legend::powers(view, board))
        .add(legend::symbols())
        .add(variants::legend(board, marks))
}

fn place_units<'a>(view: &StandardMapView, board: &'a Board) -> Vec<PlacedUnit<'a>> {
    let standing = board.units.iter().map(|unit| (unit, false));
    let dislodged = board.dislodged.iter().map(|unit| (unit, true));
    standing.chain(dislodged).filter_map(|(unit, dislodged)| place_unit(view, board, unit, dislodged)).collect()
}

fn place_unit<'a>(
    view: &StandardMapView,
    board: &Board,
    unit: &'a BoardUnit,
    dislodged: bool,
) -> Option<PlacedUnit<'a>> {
    let kind = match unit.kind {
        'A' => UnitType::Army,
        'F' => UnitType::Fleet,
        _ => return None,
    };
    let region = view.region(&unit.region)?;
    let centre = view.layout.position(region);
    let at = if dislodged { centre.offset(DISLODGED_OFFSET.0, DISLODGED_OFFSET.1) } else { centre };
    let double = variants::is_double(board, &unit.region);
    Some(PlacedUnit { unit, kind, region, at, dislodged, double, place: place_name(view, region) })
}

fn place_name(view: &StandardMapView, region: RegionId) -> String {
    let info = view.map.region(region);
    let province = &view.map.province(info.province).name;
    match info.coast {
        Some(coast) => format!("{province} ({} coast)", coast.name()),
        None => province.clone(),
    }
}

fn describe(units: &[PlacedUnit], arrows: &[Arrow]) -> String {
    let dislodged = units.iter().filter(|unit| unit.dislodged).count();
    let mut text = format!("Map of the standard Diplomacy board: {} units", units.len() - dislodged);
    if dislodged > 0 {
        text.push_str(&format!(", {dislodged} dislodged"));
    }
    if !arrows.is_empty() {
        text.push_str(&format!(", {} orders drawn", arrows.len()));
    }
    text
}

/// The diagonal hatching that marks dislodged units.
fn definitions() -> Definitions {
    let stripe = Line::new().set("x1", 0).set("y1", 0).set("x2", 0).set("y2", 5).set("stroke", "#000000");
    let hatch = Pattern::new()
        .set("id", shapes::HATCH_ID)
        .set("width", 5)
        .set("height", 5)
        .set("patternUnits", "userSpaceOnUse")
        .set("patternTransform", "rotate(45)")
        .add(stripe.set("stroke-width", 2).set("stroke-opacity", 0.55));
    Definitions::new().add(hatch)
}
