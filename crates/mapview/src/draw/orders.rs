//! Orders over the board: moves as solid arrows, supports dashed, convoys dotted, holds as rings,
//! retreats thin, builds as ghost units, removals as crosses. Failed orders are faded and crossed at
//! their end. An order naming a region the map does not have is left out.

use judge::UnitType;
use kinds::kind::ResultWord;
use svg::node::element::{Group, Title};

use super::PlacedUnit;
use super::shapes::{self, centred_letter, circle, cross, unit_shape};
use crate::arrow::{Arrow, ArrowOrder};
use crate::layout::Point;
use crate::palette::{FAILED, OUTLINE, power_colour};
use crate::{StandardMapView, palette};

/// How far short of a unit's centre an arrow starts or stops, so that it never hides the unit.
const UNIT_CLEARANCE: f64 = 15.0;
const HOLD_RING: f64 = 20.0;

pub(super) fn layer(view: &StandardMapView, units: &[PlacedUnit], arrows: &[Arrow]) -> Group {
    let places = Places { view, units };
    arrows
        .iter()
        .filter_map(|arrow| order_drawing(&places, arrow))
        .fold(Group::new().set("class", "orders"), |group, drawing| group.add(drawing))
}

/// Resolves region keys to the points where orders start and end.
struct Places<'a> {
    view: &'a StandardMapView,
    units: &'a [PlacedUnit<'a>],
}

impl Places<'_> {
    /// Where the region is drawn.
    fn region(&self, key: &str) -> Option<Point> {
        self.view.region(key).map(|region| self.view.layout.position(region))
    }

    /// Where the unit in the region's province is drawn (a fleet on its coast), or the region itself
    /// when the board has no unit there.
    fn unit(&self, key: &str) -> Option<Point> {
        self.drawn_unit(key, false).or_else(|| self.region(key))
    }

    /// Where the dislodged unit in the region's province is drawn.
    fn dislodged_unit(&self, key: &str) -> Option<Point> {
        self.drawn_unit(key, true).or_else(|| self.region(key))
    }

    /// A removal in a retreat phase disbands the dislodged unit; in an adjustment phase there is none.
    fn removed_unit(&self, key: &str) -> Option<Point> {
        self.drawn_unit(key, true).or_else(|| self.unit(key))
    }

    fn drawn_unit(&self, key: &str, dislodged: bool) -> Option<Point> {
        let province = self.view.map.province_of(self.view.region(key)?);
        let mut units = self.units.iter().filter(|unit| unit.dislodged == dislodged);
        units.find(|unit| self.view.map.province_of(unit.region) == province).map(|unit| unit.at)
    }
}

/// What an order drawing is made of before it gets its power's colour and its outcome.
struct Drawing {
    class: &'static str,
    title: String,
    body: Group,
    /// Where a failed order gets its cross.
    end: Point,
}

fn order_drawing(places: &Places, arrow: &Arrow) -> Option<Group> {
    let colour = power_colour(&arrow.power).fill;
    let drawing = match &arrow.order {
        ArrowOrder::Hold { at } => hold(places, at, colour)?,
        ArrowOrder::Move { from, to } => movement(places, from, to, colour)?,
        ArrowOrder::Support { from, supported, to } => support(places, from, supported, to.as_deref(), colour)?,
        ArrowOrder::Convoy { from, army, to } => convoy(places, from, army, to, colour)?,
        ArrowOrder::Retreat { from, to } => retreat(places, from, to, colour)?,
        ArrowOrder::Build { at, kind } => build(places, at, *kind, arrow)?,
        ArrowOrder::Remove { at } => remove(places, at)?,
    };
    Some(finish(drawing, arrow))
}

fn finish(drawing: Drawing, arrow: &Arrow) -> Group {
    let (outcome_class, outcome_words) = match arrow.outcome {
        None => ("pending", ""),
        Some(ResultWord::Succeeds) => ("succeeded", ", succeeded"),
        Some(ResultWord::Fails) => ("failed", ", failed"),
        Some(ResultWord::Invalid) => ("failed invalid", ", invalid"),
    };
    let group = Group::new()
        .set("class", format!("order {} {outcome_class}", drawing.class))
        .set("data-power", arrow.power.as_str())
        .add(Title::new(format!("{}: {}{outcome_words}", arrow.power, drawing.title)));
    match arrow.outcome {
        Some(ResultWord::Fails | ResultWord::Invalid) => group
            .add(drawing.body.set("opacity", 0.5))
            .add(cross(drawing.end, 6.0, 5.0, "#ffffff"))
            .add(cross(drawing.end, 6.0, 2.5, FAILED)),
        None | Some(ResultWord::Succeeds) => group.add(drawing.body),
    }
}

fn hold(places: &Places, at: &str, colour: &str) -> Option<Drawing> {
    let centre = places.unit(at)?;
    let ring = |stroke: &str, width: f64| {
        circle(centre, HOLD_RING).set("fill", "none").set("stroke", stroke).set("stroke-width", width)
    };
    let body = Group::new().add(ring(OUTLINE, 5.0)).add(ring(colour, 3.0));
    Some(Drawing { class: "hold", title: format!("{at} holds"), body, end: centre.offset(HOLD_RING, 0.0) })
}

fn movement(places: &Places, from: &str, to: &str, colour: &str) -> Option<Drawing> {
    let (start, target) = (places.unit(from)?, places.region(to)?);
    let (start, end) = (start.towards(target, UNIT_CLEARANCE), target.towards(start, UNIT_CLEARANCE));
    let body = shapes::arrow(start, end, colour, 3.5, None);
    Some(Drawing { class: "move", title: format!("{from} moves to {to}"), body, end })
}

/// A support points at the supported unit (to hold) or at the middle of the move it supports.
fn support(places: &Places, from: &str, supported: &str, to: Option<&str>, colour: &str) -> Option<Drawing> {
    let start = places.unit(from)?;
    let supported_at = places.unit(supported)?;
    let (end, title) = match to {
        Some(to) => {
            let middle = supported_at.midpoint(places.region(to)?);
            (middle, format!("{from} supports {supported} to {to}"))
        }
        None => (supported_at.towards(start, UNIT_CLEARANCE + 2.0), format!("{from} supports {supported} to hold")),
    };
    let body = shapes::arrow(start.towards(end, UNIT_CLEARANCE), end, colour, 2.5, Some("7 4"));
    Some(Drawing { class: "support", title, body, end })
}

fn convoy(places: &Places, from: &str, army: &str, to: &str, colour: &str) -> Option<Drawing> {
    let start = places.unit(from)?;
    let end = places.unit(army)?.midpoint(places.region(to)?);
    let body = shapes::arrow(start.towards(end, UNIT_CLEARANCE), end, colour, 2.5, Some("1.5 4"));
    Some(Drawing { class: "convoy", title: format!("{from} convoys {army} to {to}"), body, end })
}

fn retreat(places: &Places, from: &str, to: &str, colour: &str) -> Option<Drawing> {
    let (start, target) = (places.dislodged_unit(from)?, places.region(to)?);
    let (start, end) = (start.towards(target, UNIT_CLEARANCE), target.towards(start, UNIT_CLEARANCE));
    let body = shapes::arrow(start, end, colour, 2.5, Some("10 3"));
    Some(Drawing { class: "retreat", title: format!("{from} retreats to {to}"), body, end })
}

/// A build is a pale ghost of the new unit in a dashed ring.
fn build(places: &Places, at: &str, kind: char, arrow: &Arrow) -> Option<Drawing> {
    let centre = places.region(at)?;
    let unit_type = match kind {
        'A' => UnitType::Army,
        'F' => UnitType::Fleet,
        _ => return None,
    };
    let colour = power_colour(&arrow.power);
    let ghost = unit_shape(
        unit_type,
        centre,
        &[
            ("fill", colour.fill.into()),
            ("fill-opacity", 0.45.into()),
            ("stroke", OUTLINE.into()),
            ("stroke-width", 1.5.into()),
            ("stroke-dasharray", "3 2".into()),
        ],
    );
    let ring = circle(centre, HOLD_RING)
        .set("fill", "none")
        .set("stroke", colour.fill)
        .set("stroke-width", 2.5)
        .set("stroke-dasharray", "5 3");
    let body = Group::new().add(ring).add(ghost).add(centred_letter(kind, centre, OUTLINE));
    Some(Drawing { class: "build", title: format!("builds {kind} {at}"), body, end: centre.offset(HOLD_RING, 0.0) })
}

fn remove(places: &Places, at: &str) -> Option<Drawing> {
    let centre = places.removed_unit(at)?;
    let body = Group::new().add(cross(centre, 11.0, 7.0, "#ffffff")).add(cross(centre, 11.0, 4.0, palette::FAILED));
    Some(Drawing { class: "remove", title: format!("removes {at}"), body, end: centre })
}
