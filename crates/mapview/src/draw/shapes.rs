//! Small drawing helpers shared by the layers: labels with a halo, arrow shafts and heads, unit shapes.

use judge::UnitType;
use svg::Node;
use svg::node::Value;
use svg::node::element::{Circle, Element, Group, Line, Polygon, Text};

use crate::layout::Point;
use crate::palette::OUTLINE;

pub const HATCH_ID: &str = "mapview-hatch";

/// Coordinates are rounded to a tenth: finer detail is invisible at any size and only bloats the page.
pub fn round(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// Text with a pale halo behind the glyphs, readable over border lines.
pub fn label(text: &str, at: Point, size: f64) -> Text {
    Text::new(text)
        .set("x", round(at.x))
        .set("y", round(at.y))
        .set("font-size", size)
        .set("text-anchor", "middle")
        .set("paint-order", "stroke")
        .set("stroke", "#ffffff")
        .set("stroke-width", 3)
        .set("stroke-linejoin", "round")
}

/// Text centred on a point, for letters inside unit symbols.
pub fn centred_letter(letter: char, at: Point, colour: &str) -> Text {
    Text::new(letter.to_string())
        .set("x", round(at.x))
        .set("y", round(at.y + 4.0))
        .set("font-size", 12)
        .set("font-weight", "bold")
        .set("text-anchor", "middle")
        .set("fill", colour)
}

pub fn line(from: Point, to: Point) -> Line {
    Line::new().set("x1", round(from.x)).set("y1", round(from.y)).set("x2", round(to.x)).set("y2", round(to.y))
}

pub fn circle(at: Point, radius: f64) -> Circle {
    Circle::new().set("cx", round(at.x)).set("cy", round(at.y)).set("r", radius)
}

/// A polygon from points relative to `at`.
pub fn polygon(at: Point, corners: &[(f64, f64)]) -> Polygon {
    let points: Vec<String> =
        corners.iter().map(|(dx, dy)| format!("{},{}", round(at.x + dx), round(at.y + dy))).collect();
    Polygon::new().set("points", points.join(" "))
}

/// A unit's outline with the given paint: an army is a disc, a fleet a hull, wider at the deck than
/// at the keel.
pub fn unit_shape(kind: UnitType, at: Point, paint: &[(&str, Value)]) -> Element {
    let mut shape: Element = match kind {
        UnitType::Army => circle(at, 10.5).into(),
        UnitType::Fleet => polygon(at, &[(-13.5, -8.0), (13.5, -8.0), (9.0, 8.0), (-9.0, 8.0)]).into(),
    };
    shape.assign("stroke-linejoin", "round");
    for (name, value) in paint {
        shape.assign(*name, value.clone());
    }
    shape
}

/// An arrow from `from` to `to` in `colour`, over a dark outline so that it shows on any background.
/// `dashes` is an SVG dash pattern for supports and convoys.
pub fn arrow(from: Point, to: Point, colour: &str, width: f64, dashes: Option<&str>) -> Group {
    let head_length = 4.0 * width;
    let shaft_end = to.towards(from, head_length * 0.8);
    let head = arrow_head(from, to, head_length);
    let outline = line(from, shaft_end).set("stroke", OUTLINE).set("stroke-width", width + 2.0);
    let mut shaft = line(from, shaft_end).set("stroke", colour).set("stroke-width", width);
    let mut outline = outline.set("stroke-opacity", 0.7);
    if let Some(dashes) = dashes {
        shaft = shaft.set("stroke-dasharray", dashes);
        outline = outline.set("stroke-dasharray", dashes);
    }
    Group::new()
        .add(outline)
        .add(shaft)
        .add(head.set("fill", colour).set("stroke", OUTLINE).set("stroke-width", 1).set("stroke-linejoin", "round"))
}

fn arrow_head(from: Point, to: Point, length: f64) -> Polygon {
    let distance = from.distance(to).max(f64::EPSILON);
    let (ux, uy) = ((to.x - from.x) / distance, (to.y - from.y) / distance);
    let half_width = length * 0.55;
    let base = to.offset(-ux * length, -uy * length);
    let corners = [
        (to.x, to.y),
        (base.x - uy * half_width, base.y + ux * half_width),
        (base.x + uy * half_width, base.y - ux * half_width),
    ];
    let points: Vec<String> = corners.iter().map(|(x, y)| format!("{},{}", round(*x), round(*y))).collect();
    Polygon::new().set("points", points.join(" "))
}

/// A red cross, marking a failed order at its end or a removed unit.
pub fn cross(at: Point, size: f64, width: f64, colour: &str) -> Group {
    let stroke = |from: Point, to: Point| {
        line(from, to).set("stroke", colour).set("stroke-width", width).set("stroke-linecap", "round")
    };
    Group::new()
        .add(stroke(at.offset(-size, -size), at.offset(size, size)))
        .add(stroke(at.offset(-size, size), at.offset(size, -size)))
}
