//! What the variants on the standard map add to it, all of it public: Terrorism I's nations (in a colour
//! of their own once bought, chosen from the nation's name, so it never tells the buyer) and terrorist
//! groups, Covert Dip's counter-insurgencies, and on a results board the units a phase held by a bribe,
//! destroyed or converted army ↔ fleet (Diplobucks); plus a key to the marks a board shows. Double units (DA/DF) are
//! drawn by `units.rs`.

use kinds::kind::{Board, BoardMark, MarkedUnit, UnitMark};
use svg::node::element::{Group, Path, Rectangle, Text, Title};

use super::shapes::{circle, cross, label};
use crate::StandardMapView;
use crate::layout::Point;
use crate::palette::{FAILED, LABEL, OUTLINE};

/// Tints of nations, by a hash of their names: distinct from the Great Powers' tints.
const NATION_TINTS: [&str; 6] = ["#f0a35e", "#5ec0a8", "#d46fa8", "#a3b83a", "#8a7fd6", "#c98c5a"];
const UNBOUGHT_NATION: &str = "#d9d4c7";
const GROUP_FILL: &str = "#222222";
const INSURGENCY: &str = "#8b1a1a";
const HELD: &str = "#e08a00";

/// Whether the unit in `region` is a double unit (Diplobucks), drawn DA or DF.
pub(super) fn is_double(board: &Board, region: &str) -> bool {
    board.marks.iter().any(|mark| matches!(mark, BoardMark::Double { region: r } if r == region))
}

/// A nation's own colour, from its name alone; `None` for a name that is no nation of the board.
pub fn nation_tint(board: &Board, name: &str) -> Option<&'static str> {
    board.marks.iter().find_map(|mark| match mark {
        BoardMark::Nation { name: n, bought: true, .. } if n == name => Some(tint_of(name)),
        BoardMark::Nation { name: n, bought: false, .. } if n == name => Some(UNBOUGHT_NATION),
        _ => None,
    })
}

fn tint_of(name: &str) -> &'static str {
    // FNV-1a: stable across runs and platforms, unlike the standard library's hasher.
    let hash = name
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3));
    NATION_TINTS[(hash % NATION_TINTS.len() as u64) as usize]
}

/// Nations washed over their provinces, badges for groups and counter-insurgencies.
pub(super) fn province_layer(view: &StandardMapView, board: &Board) -> Group {
    board.marks.iter().fold(
        Group::new().set("class", "variant-provinces").set("pointer-events", "none"),
        |layer, mark| match mark {
            BoardMark::Nation { province, name, bought } => match shape_of(view, province) {
                Some((path, at)) => layer.add(nation(path, at, name, *bought)),
                None => layer,
            },
            BoardMark::Group { province, name } => match shape_of(view, province) {
                Some((_, at)) => {
                    layer.add(badge(at.offset(13.0, -3.0), "T", GROUP_FILL, &format!("Terrorist group: {name}")))
                }
                None => layer,
            },
            BoardMark::Insurgency { province } => match shape_of(view, province) {
                Some((_, at)) => {
                    layer.add(badge(at.offset(-13.0, -3.0), "!", INSURGENCY, "Counter-insurgency this Winter"))
                }
                None => layer,
            },
            BoardMark::Double { .. } => layer,
        },
    )
}

fn shape_of<'a>(view: &'a StandardMapView, province: &str) -> Option<(&'a str, Point)> {
    let (id, _) = view.map.provinces().find(|(_, p)| p.key == province)?;
    let shape = view.artwork.province(id);
    Some((shape.path.as_str(), shape.label))
}

fn nation(path: &str, at: Point, name: &str, bought: bool) -> Group {
    let fill = if bought { tint_of(name) } else { UNBOUGHT_NATION };
    let status = if bought { "a nation" } else { "a nation up for auction" };
    Group::new()
        .set("class", "nation")
        .add(Title::new(format!("{name}: {status}")))
        .add(Path::new().set("d", path).set("fill", fill).set("fill-opacity", 0.7).set("fill-rule", "evenodd"))
        .add(label(name, at.offset(0.0, 16.0), 8.0).set("fill", LABEL))
}

fn badge(at: Point, letter: &str, fill: &str, title: &str) -> Group {
    Group::new()
        .set("class", "badge")
        .add(Title::new(title))
        .add(circle(at, 5.5).set("fill", fill).set("stroke", "#ffffff").set("stroke-width", 1))
        .add(
            Text::new(letter)
                .set("x", at.x)
                .set("y", at.y + 3.0)
                .set("font-size", 8)
                .set("font-weight", "bold")
                .set("text-anchor", "middle")
                .set("fill", "#ffffff"),
        )
}

/// On a results board: a ring round the units a bribe held, a cross over those it destroyed, and the
/// new owner beside those it converted.
pub(super) fn unit_mark_layer(view: &StandardMapView, marks: &[MarkedUnit]) -> Group {
    marks.iter().fold(Group::new().set("class", "unit-marks").set("pointer-events", "none"), |layer, marked| {
        let Some(region) = view.region(&marked.unit.region) else { return layer };
        let at = view.layout.position(region);
        let unit = format!("{} {} {}", marked.unit.power, marked.unit.kind, marked.unit.region);
        let group = match &marked.mark {
            UnitMark::HeldByBribe => {
                Group::new().set("class", "held").add(Title::new(format!("{unit}: held by a bribe"))).add(
                    circle(at, 13.0)
                        .set("fill", "none")
                        .set("stroke", HELD)
                        .set("stroke-width", 3)
                        .set("stroke-dasharray", "4 2"),
                )
            }
            UnitMark::Destroyed => Group::new()
                .set("class", "destroyed")
                .add(Title::new(format!("{unit}: destroyed by a bribe")))
                .add(cross(at, 9.0, 3.5, FAILED)),
            UnitMark::Converted { into } => Group::new()
                .set("class", "converted")
                .add(Title::new(format!("{unit}: converted into {} by a bribe", kind_word(*into))))
                .add(circle(at, 13.0).set("fill", "none").set("stroke", OUTLINE).set("stroke-width", 2.5))
                .add(label(&format!("→ {into}"), at.offset(0.0, 24.0), 9.0).set("fill", LABEL)),
        };
        layer.add(group)
    })
}

fn kind_word(kind: char) -> &'static str {
    if kind == 'F' { "a fleet" } else { "an army" }
}

/// A key to the variant marks this board shows, under the standard key; nothing when it shows none.
pub(super) fn legend(board: &Board, marks: &[MarkedUnit]) -> Group {
    let has = |pick: fn(&BoardMark) -> bool| board.marks.iter().any(pick);
    let has_unit = |pick: fn(&UnitMark) -> bool| marks.iter().any(|m| pick(&m.mark));
    let mut rows: Vec<(Group, &str)> = Vec::new();
    if has(|m| matches!(m, BoardMark::Double { .. })) {
        rows.push((swatch_text("DA"), "double unit (DA, DF)"));
    }
    if has(|m| matches!(m, BoardMark::Nation { bought: true, .. })) {
        rows.push((swatch_box("#f0a35e"), "nation, in its own colour"));
    }
    if has(|m| matches!(m, BoardMark::Nation { bought: false, .. })) {
        rows.push((swatch_box(UNBOUGHT_NATION), "nation up for auction"));
    }
    if has(|m| matches!(m, BoardMark::Group { .. })) {
        rows.push((badge(Point { x: 0.0, y: 0.0 }, "T", GROUP_FILL, "terrorist group"), "terrorist group"));
    }
    if has(|m| matches!(m, BoardMark::Insurgency { .. })) {
        rows.push((badge(Point { x: 0.0, y: 0.0 }, "!", INSURGENCY, "counter-insurgency"), "counter-insurgency"));
    }
    if has_unit(|m| matches!(m, UnitMark::HeldByBribe)) {
        rows.push((
            Group::new().add(
                circle(Point { x: 0.0, y: 0.0 }, 6.0).set("fill", "none").set("stroke", HELD).set("stroke-width", 2.5),
            ),
            "held by a bribe",
        ));
    }
    if has_unit(|m| matches!(m, UnitMark::Destroyed)) {
        rows.push((Group::new().add(cross(Point { x: 0.0, y: 0.0 }, 5.0, 2.5, FAILED)), "destroyed by a bribe"));
    }
    if has_unit(|m| matches!(m, UnitMark::Converted { .. })) {
        rows.push((swatch_text("→ F"), "army ↔ fleet by a bribe"));
    }
    let origin = Point { x: 826.0, y: 112.0 };
    let mut group = Group::new().set("class", "legend variants");
    if rows.is_empty() {
        return group;
    }
    group = group.add(
        Rectangle::new()
            .set("x", origin.x)
            .set("y", origin.y)
            .set("width", 168)
            .set("height", 10.0 + 17.0 * rows.len() as f64)
            .set("rx", 6)
            .set("fill", "#ffffff")
            .set("fill-opacity", 0.88)
            .set("stroke", "#9aa7b4"),
    );
    for (index, (swatch, words)) in rows.into_iter().enumerate() {
        let at = origin.offset(14.0, 14.0 + 17.0 * index as f64);
        group = group
            .add(swatch.set("transform", format!("translate({} {})", at.x, at.y)))
            .add(Text::new(words).set("x", at.x + 14.0).set("y", at.y + 4.0).set("font-size", 11).set("fill", LABEL));
    }
    group
}

fn swatch_box(fill: &str) -> Group {
    Group::new().add(
        Rectangle::new()
            .set("x", -6)
            .set("y", -5)
            .set("width", 12)
            .set("height", 10)
            .set("fill", fill)
            .set("stroke", OUTLINE),
    )
}

fn swatch_text(text: &str) -> Group {
    Group::new().add(
        Text::new(text)
            .set("y", 4)
            .set("font-size", 10)
            .set("font-weight", "bold")
            .set("text-anchor", "middle")
            .set("fill", LABEL),
    )
}
