//! The board's artwork: one SVG path per province, plus impassable land and lakes, from
//! `data/standard-provinces.csv` (generated from Natural Earth coastlines by `scripts/build-provinces.mjs`),
//! checked against the judge's map when it is loaded.

use std::collections::HashMap;

use judge::{Map, ProvinceId};

use crate::layout::{CANVAS_HEIGHT, CANVAS_WIDTH, LayoutError, Point};

const STANDARD_PROVINCES: &str = include_str!("../data/standard-provinces.csv");

/// What a shape of the artwork stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// A province of the map: sea shapes are whole cells that the land is painted over.
    Province(ProvinceId),
    /// Land no unit may enter (Switzerland, Ireland, ...).
    Impassable,
    /// Water that belongs to no sea (the Caspian, the Sea of Marmara).
    Lake,
}

/// One shape of the artwork.
#[derive(Clone, Debug)]
pub struct Shape {
    pub key: String,
    pub kind: ShapeKind,
    /// For people: `Switzerland`; empty for provinces (the judge names those).
    pub name: String,
    /// Where the province's name (and supply center) is drawn.
    pub label: Point,
    /// SVG path data: `M x y l dx dy ... z` per ring, filled even-odd.
    pub path: String,
    rings: Vec<Vec<Point>>,
}

impl Shape {
    /// Whether the point lies inside the shape (even-odd rule over all its rings).
    pub fn contains(&self, point: Point) -> bool {
        even_odd_contains(&self.rings, point)
    }

    pub fn rings(&self) -> &[Vec<Point>] {
        &self.rings
    }
}

/// The artwork of one map: a shape for every province, then the other shapes.
#[derive(Clone, Debug)]
pub struct Artwork {
    shapes: Vec<Shape>,
    /// Indexed by `ProvinceId`: the index of its shape in `shapes`.
    by_province: Vec<usize>,
}

impl Artwork {
    pub fn standard(map: &Map) -> Result<Artwork, LayoutError> {
        Artwork::from_csv(STANDARD_PROVINCES, map)
    }

    /// Reads `key,kind,name,label_x,label_y,d` lines (with a header); every province of `map` must have
    /// exactly one shape, and every other shape a kind that is not `province`.
    pub fn from_csv(text: &str, map: &Map) -> Result<Artwork, LayoutError> {
        let provinces: HashMap<&str, ProvinceId> =
            map.provinces().map(|(id, province)| (province.key.as_str(), id)).collect();
        let mut by_province: Vec<Option<usize>> = vec![None; map.province_count()];
        let mut shapes = Vec::new();
        for (index, row) in text.lines().enumerate().skip(1).filter(|(_, row)| !row.trim().is_empty()) {
            let line = index + 1;
            let syntax = |reason: &str| LayoutError::ShapeSyntax { line, reason: reason.to_string() };
            let fields: Vec<&str> = row.splitn(6, ',').collect();
            let [key, kind, name, x, y, path] = fields[..] else {
                return Err(syntax("expected six fields: key,kind,name,label_x,label_y,d"));
            };
            let label = Point {
                x: x.parse().map_err(|_| syntax("label_x is not a number"))?,
                y: y.parse().map_err(|_| syntax("label_y is not a number"))?,
            };
            let kind = match kind {
                "province" => {
                    let id =
                        *provinces.get(key).ok_or_else(|| LayoutError::UnknownShape { line, key: key.to_string() })?;
                    let slot = &mut by_province[id.0 as usize];
                    if slot.is_some() {
                        return Err(LayoutError::DuplicateShape { line, key: key.to_string() });
                    }
                    *slot = Some(shapes.len());
                    ShapeKind::Province(id)
                }
                "impassable" => ShapeKind::Impassable,
                "lake" => ShapeKind::Lake,
                _ => return Err(syntax("kind is not province, impassable or lake")),
            };
            if matches!(kind, ShapeKind::Province(_))
                && (!(0.0..=CANVAS_WIDTH).contains(&label.x) || !(0.0..=CANVAS_HEIGHT).contains(&label.y))
            {
                return Err(syntax("the label is off the canvas"));
            }
            let rings = parse_path(path).map_err(|reason| syntax(&reason))?;
            shapes.push(Shape {
                key: key.to_string(),
                kind,
                name: name.to_string(),
                label,
                path: path.to_string(),
                rings,
            });
        }
        let by_province = by_province
            .into_iter()
            .enumerate()
            .map(|(index, shape)| {
                shape.ok_or_else(|| LayoutError::MissingShape(map.province(ProvinceId(index as u8)).key.clone()))
            })
            .collect::<Result<_, _>>()?;
        Ok(Artwork { shapes, by_province })
    }

    pub fn province(&self, province: ProvinceId) -> &Shape {
        &self.shapes[self.by_province[province.0 as usize]]
    }

    /// Every shape, provinces and the rest, in file order.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }
}

/// Whether the point lies inside the rings, by the even-odd rule.
pub(crate) fn even_odd_contains(rings: &[Vec<Point>], point: Point) -> bool {
    let mut inside = false;
    for ring in rings {
        let Some(&last) = ring.last() else { continue };
        let mut previous = last;
        for &current in ring {
            if (current.y > point.y) != (previous.y > point.y)
                && point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
            {
                inside = !inside;
            }
            previous = current;
        }
    }
    inside
}

/// Reads the restricted path syntax the generator writes: `M x y l dx dy dx dy ... z`, repeated.
pub(crate) fn parse_path(path: &str) -> Result<Vec<Vec<Point>>, String> {
    let mut rings = Vec::new();
    for ring in path.split('z').filter(|ring| !ring.trim().is_empty()) {
        let ring = ring.trim().strip_prefix('M').ok_or("a ring does not start with M")?;
        let (start, deltas) = ring.split_once('l').ok_or("a ring has no l")?;
        let numbers = |text: &str| -> Result<Vec<f64>, String> {
            text.split_whitespace().map(|n| n.parse::<f64>().map_err(|_| format!("`{n}` is not a number"))).collect()
        };
        let start = numbers(start)?;
        let deltas = numbers(deltas)?;
        let [x, y] = start[..] else {
            return Err("M takes two numbers".to_string());
        };
        if deltas.len() % 2 != 0 || deltas.len() < 4 {
            return Err("l takes pairs of numbers, at least two".to_string());
        }
        let mut at = Point { x, y };
        let mut points = vec![at];
        for delta in deltas.chunks(2) {
            at = at.offset(delta[0], delta[1]);
            points.push(at);
        }
        rings.push(points);
    }
    if rings.is_empty() {
        return Err("the path is empty".to_string());
    }
    Ok(rings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Shape {
        // A 10x10 square at (10, 10) with a 2x2 hole in the middle, and a separate island.
        Shape {
            key: "sq".into(),
            kind: ShapeKind::Lake,
            name: String::new(),
            label: Point { x: 0.0, y: 0.0 },
            path: String::new(),
            rings: parse_path("M10 10l10 0 0 10 -10 0zM14 14l2 0 0 2 -2 0zM30 30l5 0 0 5z").unwrap(),
        }
    }

    #[test]
    fn points_inside_outside_and_in_holes() {
        let shape = square();
        let at = |x, y| shape.contains(Point { x, y });
        assert!(at(11.0, 11.0) && at(19.0, 19.0) && at(34.0, 31.0));
        assert!(!at(15.0, 15.0), "in the hole");
        assert!(!at(9.0, 11.0) && !at(25.0, 25.0) && !at(31.0, 34.0));
    }

    #[test]
    fn malformed_paths_are_rejected() {
        for path in ["", "M1 2", "L1 2 3 4z", "M1 2l3z", "M1 x l1 1 2 2z", "M1 2 3l1 1 2 2z"] {
            assert!(parse_path(path).is_err(), "{path:?}");
        }
    }

    #[test]
    fn every_province_has_one_shape_and_unknown_keys_are_refused() {
        let map = Map::standard().unwrap();
        let artwork = Artwork::standard(&map).expect("the standard artwork is valid");
        assert_eq!(artwork.by_province.len(), 75);
        let unknown = format!("{STANDARD_PROVINCES}atl,province,,1,1,M1 1l1 0 0 1z\n");
        assert!(
            matches!(Artwork::from_csv(&unknown, &map), Err(LayoutError::UnknownShape { key, .. }) if key == "atl")
        );
        let repeated = format!("{STANDARD_PROVINCES}lon,province,,1,1,M1 1l1 0 0 1z\n");
        assert!(
            matches!(Artwork::from_csv(&repeated, &map), Err(LayoutError::DuplicateShape { key, .. }) if key == "lon")
        );
        let without: String = STANDARD_PROVINCES
            .lines()
            .filter(|line| !line.starts_with("par,"))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(Artwork::from_csv(&without, &map).unwrap_err(), LayoutError::MissingShape("par".to_string()));
        let bad_kind = format!("{STANDARD_PROVINCES}x,mountain,,1,1,M1 1l1 0 0 1z\n");
        assert!(matches!(Artwork::from_csv(&bad_kind, &map), Err(LayoutError::ShapeSyntax { .. })));
    }
}
