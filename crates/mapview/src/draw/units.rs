//! Units in their power's colour with a dark outline: armies as discs marked `A`, fleets as hulls marked
//! `F`. Each carries `data-province` so that a page script can tell which unit was clicked.

use judge::UnitType;
use kinds::kind::Board;
use svg::node::element::{Group, Title};

use super::PlacedUnit;
use super::shapes::{HATCH_ID, centred_letter, circle, label, round, unit_shape};

/// How far around a unit a tap still picks it: 44 px across at the width a phone shows the map (56rem
/// for 1,000 units), as a split coast's ring.
const TAP_RADIUS: f64 = 25.0;
use crate::palette::{FAILED, OUTLINE};

pub(super) fn layer(units: &[PlacedUnit], board: &Board) -> Group {
    units.iter().fold(Group::new().set("class", "units"), |group, unit| group.add(unit_symbol(unit, board)))
}

fn unit_symbol(placed: &PlacedUnit, board: &Board) -> Group {
    let colour = crate::palette::colour_on(board, &placed.unit.power);
    let group = Group::new()
        .set("class", unit_class(placed))
        .set("data-province", placed.unit.region.split('/').next().unwrap_or_default())
        .set("data-region", placed.unit.region.as_str())
        .set("data-power", placed.unit.power.as_str())
        .set("data-x", round(placed.at.x))
        .set("data-y", round(placed.at.y))
        .add(Title::new(unit_title(placed)))
        // An invisible disc around the symbol, so that a finger on a phone finds the unit.
        .add(circle(placed.at, TAP_RADIUS).set("class", "tap").set("fill", "transparent"));
    let group = if placed.dislodged {
        // Hatching over the power's colour, with a dashed red outline: the unit must retreat or go.
        let hatch = format!("url(#{HATCH_ID})");
        group.add(unit_shape(placed.kind, placed.at, &[("fill", colour.fill.into())])).add(unit_shape(
            placed.kind,
            placed.at,
            &[
                ("fill", hatch.into()),
                ("stroke", FAILED.into()),
                ("stroke-width", 2.5.into()),
                ("stroke-dasharray", "4 2".into()),
            ],
        ))
    } else {
        group.add(unit_shape(
            placed.kind,
            placed.at,
            &[("fill", colour.fill.into()), ("stroke", OUTLINE.into()), ("stroke-width", 2.into())],
        ))
    };
    if placed.double {
        let letters = format!("D{}", placed.unit.kind);
        return group
            .add(label(&letters, placed.at.offset(0.0, 4.0), 10.0).set("font-weight", "bold").set("fill", OUTLINE));
    }
    group.add(centred_letter(placed.unit.kind, placed.at, colour.ink))
}

fn unit_class(placed: &PlacedUnit) -> &'static str {
    match (placed.kind, placed.dislodged) {
        (UnitType::Army, false) => "unit army",
        (UnitType::Fleet, false) => "unit fleet",
        (UnitType::Army, true) => "unit army dislodged",
        (UnitType::Fleet, true) => "unit fleet dislodged",
    }
}

fn unit_title(placed: &PlacedUnit) -> String {
    let kind = match placed.kind {
        UnitType::Army => "army",
        UnitType::Fleet => "fleet",
    };
    let dislodged = if placed.dislodged { "dislodged " } else { "" };
    let double = if placed.double { "double " } else { "" };
    format!("{}: {dislodged}{double}{kind} in {}", placed.unit.power, placed.place)
}
