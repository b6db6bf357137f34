//! Keys to the drawing: each power's colour with its center count, and what the line styles and marks
//! mean. They sit in corners of the canvas that no province needs (Greenland, the Russian Arctic).

use kinds::kind::Board;
use svg::node::element::{Group, Rectangle, Text};

use super::shapes::{HATCH_ID, circle, cross};
use crate::StandardMapView;
use crate::layout::Point;
use crate::palette::{FAILED, IMPASSABLE_FILL, IMPASSABLE_STROKE, LABEL, OUTLINE, power_colour};

const ROW: f64 = 17.0;

pub fn powers(view: &StandardMapView, board: &Board) -> Group {
    let origin = Point { x: 12.0, y: 12.0 };
    let rows = view.map.power_count() as f64;
    let mut group = Group::new()
        .set("class", "legend powers")
        .add(panel(origin, 150.0, 26.0 + rows * ROW))
        .add(heading("Powers (centers)", origin));
    for (index, (_, info)) in view.map.powers().enumerate() {
        let at = origin.offset(16.0, 34.0 + index as f64 * ROW);
        let centers = board.owners.values().filter(|owner| **owner == info.name).count();
        group = group
            .add(
                circle(at, 6.0)
                    .set("fill", power_colour(&info.name).fill)
                    .set("stroke", OUTLINE)
                    .set("stroke-width", 1.5),
            )
            .add(entry(&format!("{} ({centers})", info.name), at));
    }
    group
}

pub fn symbols() -> Group {
    let origin = Point { x: 843.0, y: 12.0 };
    let row = |index: f64| origin.offset(12.0, 34.0 + index * ROW);
    let hatch = format!("url(#{HATCH_ID})");
    let swatch = row(1.0).offset(-6.0, -5.0);
    Group::new()
        .set("class", "legend symbols")
        .add(panel(origin, 145.0, 26.0 + 4.0 * ROW))
        .add(heading("Key", origin))
        .add(circle(row(0.0), 5.0).set("fill", "#ffffff").set("stroke", OUTLINE).set("stroke-width", 1.5))
        .add(entry("supply center", row(0.0)))
        .add(
            Rectangle::new()
                .set("x", swatch.x)
                .set("y", swatch.y)
                .set("width", 12)
                .set("height", 10)
                .set("fill", IMPASSABLE_FILL)
                .set("stroke", IMPASSABLE_STROKE),
        )
        .add(entry("impassable", row(1.0)))
        .add(
            circle(row(2.0), 6.0)
                .set("fill", hatch)
                .set("stroke", FAILED)
                .set("stroke-width", 2)
                .set("stroke-dasharray", "3 2"),
        )
        .add(entry("dislodged unit", row(2.0)))
        .add(cross(row(3.0), 4.0, 2.5, FAILED))
        .add(entry("failed order", row(3.0)))
}

fn panel(origin: Point, width: f64, height: f64) -> Rectangle {
    Rectangle::new()
        .set("x", origin.x)
        .set("y", origin.y)
        .set("width", width)
        .set("height", height)
        .set("rx", 6)
        .set("fill", "#ffffff")
        .set("fill-opacity", 0.88)
        .set("stroke", "#9aa7b4")
}

fn heading(text: &str, origin: Point) -> Text {
    Text::new(text)
        .set("x", origin.x + 8.0)
        .set("y", origin.y + 17.0)
        .set("font-size", 12)
        .set("font-weight", "bold")
        .set("fill", LABEL)
}

fn entry(text: &str, swatch: Point) -> Text {
    Text::new(text).set("x", swatch.x + 14.0).set("y", swatch.y + 4.0).set("font-size", 11).set("fill", LABEL)
}
