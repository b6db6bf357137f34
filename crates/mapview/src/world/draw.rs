//! Draws the world map for one reader: countries tinted by who leads them as the reader knows it, the
//! unplayed land, islands outlined, sea crossings dashed, each country's code (with the reader's own
//! superspy, spy and influence beside it), the day's public events in red, and a legend.

use kinds::kind::{WorldBoard, WorldCountry, WorldEvent, WorldLeader};
use svg::Document;
use svg::node::element::{Circle, Group, Line, Path, Rectangle, Text, Title};

use super::{CountryShape, LinkKind, WORLD_HEIGHT, WORLD_WIDTH, WorldMapView};
use crate::palette::{FAILED, IMPASSABLE_FILL, IMPASSABLE_STROKE, LABEL, LAND_FILL, LAND_STROKE, SEA_FILL};

/// The band under the map that holds the legend.
const LEGEND_HEIGHT: f64 = 44.0;
const YOURS: &str = "#6cbf74";
const NOBODY: &str = "#fbf8ef";
const ISLAND_STROKE: &str = "#27479a";
/// Tints of other players' countries, by seat; green is left out, it is the reader's own.
const SEAT_TINTS: [&str; 10] =
    ["#e58a80", "#7fa6e6", "#e6bb5c", "#b08ad8", "#5ec6c6", "#d98cbd", "#b3a36a", "#e0966a", "#8e8fd8", "#c9c9c9"];

/// The map, seen whole with its legend or through `frame` (`x, y, width, height` on the canvas).
pub(super) fn document(view: &WorldMapView, board: &WorldBoard, frame: Option<(f64, f64, f64, f64)>) -> Document {
    let description = describe(board);
    Document::new()
        .set(
            "viewBox",
            frame.map_or((0.0, 0.0, WORLD_WIDTH, WORLD_HEIGHT + LEGEND_HEIGHT), |(x, y, w, h)| {
                (crate::draw::round(x), crate::draw::round(y), crate::draw::round(w), crate::draw::round(h))
            }),
        )
        .set("role", "img")
        .set("aria-label", description.clone())
        .set("class", "world-map")
        .set("font-family", "DejaVu Sans, Verdana, Arial, sans-serif")
        .add(Title::new(description))
        .add(Rectangle::new().set("width", WORLD_WIDTH).set("height", WORLD_HEIGHT).set("fill", SEA_FILL))
        .add(unplayed_land(view))
        .add(countries(view, board))
        .add(sea_links(view))
        .add(tap_discs(view))
        .add(labels(view, board))
        .add(legend(board))
}

fn describe(board: &WorldBoard) -> String {
    let yours = board.countries.values().filter(|c| c.leader == Some(WorldLeader::Reader)).count();
    let events = board.countries.values().filter(|c| !c.events.is_empty()).count();
    let mut text = "World map of Covert Operations".to_owned();
    if yours > 0 {
        text.push_str(&format!(": you lead {yours} {}", if yours == 1 { "country" } else { "countries" }));
    }
    if events > 0 {
        text.push_str(&format!("; {events} marked by the day's news"));
    }
    text
}

fn unplayed_land(view: &WorldMapView) -> Group {
    let group = Group::new().set("class", "unplayed");
    match &view.unplayed {
        Some(path) => group.add(
            Path::new()
                .set("d", path.as_str())
                .set("fill", IMPASSABLE_FILL)
                .set("stroke", IMPASSABLE_STROKE)
                .set("stroke-width", 0.3)
                .set("fill-rule", "evenodd")
                .add(Title::new("Land outside the game")),
        ),
        None => group,
    }
}

fn countries(view: &WorldMapView, board: &WorldBoard) -> Group {
    view.countries.iter().fold(Group::new().set("class", "countries"), |layer, shape| {
        let known = board.countries.get(shape.code.as_str());
        layer.add(country(shape, known))
    })
}

fn country(shape: &CountryShape, known: Option<&WorldCountry>) -> Group {
    let marked = known.is_some_and(|c| !c.events.is_empty());
    let (stroke, width, dash) = if marked {
        (FAILED, 1.2, None)
    } else if shape.island {
        (ISLAND_STROKE, 0.7, Some("2 1.2"))
    } else {
        (LAND_STROKE, 0.35, None)
    };
    let mut path = Path::new()
        .set("d", shape.path.as_str())
        .set("fill", tint(known.and_then(|c| c.leader.as_ref())))
        .set("stroke", stroke)
        .set("stroke-width", width)
        .set("stroke-linejoin", "round")
        .set("fill-rule", "evenodd");
    if let Some(dash) = dash {
        path = path.set("stroke-dasharray", dash);
    }
    Group::new()
        .set("class", if shape.island { "country island" } else { "country" })
        .set("data-country", shape.code.as_str())
        .set("data-name", shape.name.as_str())
        .add(Title::new(country_title(shape, known)))
        .add(path)
}

fn tint(leader: Option<&WorldLeader>) -> &'static str {
    match leader {
        None => LAND_FILL,
        Some(WorldLeader::Reader) => YOURS,
        Some(WorldLeader::Seat(seat, _)) => SEAT_TINTS[usize::from(seat.0) % SEAT_TINTS.len()],
        Some(WorldLeader::Nobody) => NOBODY,
    }
}

/// `GER Germany: led by you; your influence 5; ...`: the country in words, for the tooltip.
pub(super) fn country_title(shape: &CountryShape, known: Option<&WorldCountry>) -> String {
    let mut facts = Vec::new();
    if shape.island {
        facts.push("an island: no neighbours, it cannot be invaded".to_owned());
    }
    if let Some(known) = known {
        match &known.leader {
            Some(WorldLeader::Reader) => facts.push("led by you".to_owned()),
            Some(WorldLeader::Seat(_, title)) => facts.push(format!("led by {title}")),
            Some(WorldLeader::Nobody) => facts.push("nobody leads it".to_owned()),
            None => {}
        }
        facts.extend(known.influence.map(|value| format!("your influence {value}")));
        facts.extend(known.spy.map(|value| format!("your spy, value {value}")));
        if known.superspy {
            facts.push("your superspy is here".to_owned());
        }
        facts.extend(known.events.iter().map(event_words));
    }
    if facts.is_empty() {
        format!("{} {}", shape.code, shape.name)
    } else {
        format!("{} {}: {}", shape.code, shape.name, facts.join("; "))
    }
}

fn event_words(event: &WorldEvent) -> String {
    match event {
        WorldEvent::Assassination => "today its leader was assassinated".to_owned(),
        WorldEvent::Revolution => "today its government was overthrown".to_owned(),
        WorldEvent::Conquered { by } => format!("today it was conquered by {by}"),
    }
}

fn event_mark(event: &WorldEvent) -> String {
    match event {
        WorldEvent::Assassination => "coup".to_owned(),
        WorldEvent::Revolution => "revolution".to_owned(),
        WorldEvent::Conquered { by } => format!("taken by {by}"),
    }
}

/// Dashed lines between the labels of neighbours that troops reach over water.
fn sea_links(view: &WorldMapView) -> Group {
    view.links.iter().filter(|(_, _, kind)| *kind == LinkKind::Sea).fold(
        Group::new().set("class", "sea-links"),
        |layer, (a, b, _)| match (view.country(a.as_str()), view.country(b.as_str())) {
            (Some(a), Some(b)) => layer.add(
                Line::new()
                    .set("x1", a.label.x)
                    .set("y1", a.label.y)
                    .set("x2", b.label.x)
                    .set("y2", b.label.y)
                    .set("stroke", ISLAND_STROKE)
                    .set("stroke-width", 0.8)
                    .set("stroke-dasharray", "3 2"),
            ),
            _ => layer,
        },
    )
}

/// How far around a narrow country's label a tap still picks it: 44 px across at the deepest zoom of a
/// phone's order page (`static/js/world-map.js`: 4 × 112rem, 7.2 px a unit), where Israel is still only
/// 27 px wide.
const TAP_RADIUS: f64 = 3.2;

/// Invisible discs around the labels of the countries narrower than a finger at the deepest zoom, over
/// every shape, so that no neighbour covers them.
fn tap_discs(view: &WorldMapView) -> Group {
    view.countries.iter().filter(|shape| shape.narrowest() < 2.0 * TAP_RADIUS).fold(
        Group::new().set("class", "taps"),
        |layer, shape| {
            layer.add(
                Group::new()
                    .set("class", "country-tap")
                    .set("data-country", shape.code.as_str())
                    .set("data-name", shape.name.as_str())
                    .add(Title::new(format!("{} {}", shape.code, shape.name)))
                    .add(
                        Circle::new()
                            .set("cx", shape.label.x)
                            .set("cy", shape.label.y)
                            .set("r", TAP_RADIUS)
                            .set("class", "tap")
                            .set("fill", "transparent"),
                    ),
            )
        },
    )
}

fn labels(view: &WorldMapView, board: &WorldBoard) -> Group {
    view.countries.iter().fold(Group::new().set("class", "labels").set("pointer-events", "none"), |layer, shape| {
        let known = board.countries.get(shape.code.as_str());
        let mut layer = layer.add(text(shape.label.x, shape.label.y + 2.0, 6.0, LABEL, shape.code.as_str()));
        let markers = known.map(markers).unwrap_or_default();
        if !markers.is_empty() {
            layer = layer.add(text(shape.label.x, shape.label.y + 7.5, 4.5, LABEL, &markers).set("class", "markers"));
        }
        for (index, event) in known.map(|c| c.events.as_slice()).unwrap_or_default().iter().enumerate() {
            let y = shape.label.y - 4.5 - 5.0 * index as f64;
            layer = layer.add(text(shape.label.x, y, 4.5, FAILED, &event_mark(event)).set("class", "event"));
        }
        layer
    })
}

/// `★ S3 I5`: the reader's superspy, spy value and influence in the country.
fn markers(known: &WorldCountry) -> String {
    let mut parts = Vec::new();
    if known.superspy {
        parts.push("★".to_owned());
    }
    parts.extend(known.spy.map(|value| format!("S{value}")));
    parts.extend(known.influence.map(|value| format!("I{value}")));
    parts.join(" ")
}

fn text(x: f64, y: f64, size: f64, fill: &str, content: &str) -> Text {
    Text::new(content)
        .set("x", crate::draw::round(x))
        .set("y", crate::draw::round(y))
        .set("font-size", size)
        .set("text-anchor", "middle")
        .set("fill", fill)
        .set("stroke", "#ffffff")
        .set("stroke-width", 1.4)
        .set("stroke-opacity", 0.8)
        .set("paint-order", "stroke")
}

/// What each colour and mark means: two rows under the map.
fn legend(board: &WorldBoard) -> Group {
    let top = WORLD_HEIGHT + 4.0;
    let mut seats: Vec<(u16, &str)> = board
        .countries
        .values()
        .filter_map(|c| match &c.leader {
            Some(WorldLeader::Seat(seat, title)) => Some((seat.0, title.as_str())),
            _ => None,
        })
        .collect();
    seats.sort_unstable();
    seats.dedup();
    let mut swatches: Vec<(&str, String)> = vec![(YOURS, "you lead".to_owned())];
    swatches.extend(
        seats.iter().map(|&(seat, title)| (SEAT_TINTS[usize::from(seat) % SEAT_TINTS.len()], format!("{title} leads"))),
    );
    swatches.extend([
        (NOBODY, "nobody leads".to_owned()),
        (LAND_FILL, "leader unknown to you".to_owned()),
        (IMPASSABLE_FILL, "outside the game".to_owned()),
    ]);
    let mut group = Group::new().set("class", "legend").add(
        Rectangle::new()
            .set("y", WORLD_HEIGHT)
            .set("width", WORLD_WIDTH)
            .set("height", LEGEND_HEIGHT)
            .set("fill", "#ffffff"),
    );
    let mut x = 8.0;
    for (fill, words) in swatches {
        group = group
            .add(
                Rectangle::new()
                    .set("x", x)
                    .set("y", top)
                    .set("width", 10)
                    .set("height", 8)
                    .set("fill", fill)
                    .set("stroke", LAND_STROKE)
                    .set("stroke-width", 0.5),
            )
            .add(legend_text(x + 13.0, top + 7.0, &words));
        x += 18.0 + 4.6 * words.chars().count() as f64;
    }
    let second = top + 20.0;
    let marks: [(&str, &str); 5] = [
        ("★", "your superspy"),
        ("S2", "your spy, of value 2"),
        ("I4", "your influence of 4"),
        ("coup", "today's coup, revolution or conquest (red outline)"),
        ("- - -", "island (blue dashes): no neighbours, cannot be invaded; borders show where troops may cross"),
    ];
    let mut x = 8.0;
    for (mark, words) in marks {
        let colour = if mark == "coup" {
            FAILED
        } else if mark == "- - -" {
            ISLAND_STROKE
        } else {
            LABEL
        };
        group = group
            .add(
                Text::new(mark)
                    .set("x", x)
                    .set("y", second + 7.0)
                    .set("font-size", 7)
                    .set("fill", colour)
                    .set("font-weight", "bold"),
            )
            .add(legend_text(x + 6.0 + 4.2 * mark.chars().count() as f64, second + 7.0, words));
        x += 14.0 + 4.2 * mark.chars().count() as f64 + 4.6 * words.chars().count() as f64;
    }
    group
}

fn legend_text(x: f64, y: f64, words: &str) -> Text {
    Text::new(words).set("x", crate::draw::round(x)).set("y", y).set("font-size", 7).set("fill", LABEL)
}
