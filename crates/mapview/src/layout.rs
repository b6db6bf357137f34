//! Where each province and split coast sits on the drawing: `data/standard-layout.csv`, checked against
//! the judge's map when it is loaded.

use std::collections::HashMap;

use judge::{Map, MapError, RegionId};

/// The drawing's coordinate space; the SVG scales it to any width through its `viewBox`.
pub const CANVAS_WIDTH: f64 = 1000.0;
pub const CANVAS_HEIGHT: f64 = 800.0;

const STANDARD_LAYOUT: &str = include_str!("../data/standard-layout.csv");
const FILE: &str = "standard-layout.csv";
const SHAPES_FILE: &str = "standard-provinces.csv";

/// A point on the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    /// The point `distance` along the way from `self` to `target` (or `self` when they coincide).
    pub fn towards(self, target: Point, distance: f64) -> Point {
        let length = self.distance(target);
        if length < f64::EPSILON {
            return self;
        }
        let ratio = distance / length;
        Point { x: self.x + (target.x - self.x) * ratio, y: self.y + (target.y - self.y) * ratio }
    }

    pub fn midpoint(self, other: Point) -> Point {
        Point { x: (self.x + other.x) / 2.0, y: (self.y + other.y) / 2.0 }
    }

    pub fn offset(self, dx: f64, dy: f64) -> Point {
        Point { x: self.x + dx, y: self.y + dy }
    }
}

/// Why the layout data was rejected; each variant names the line or the region at fault.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LayoutError {
    #[error("the judge's standard map did not load: {0}")]
    Map(#[from] MapError),
    #[error("{FILE} line {line}: {reason}")]
    Syntax { line: usize, reason: String },
    #[error("{FILE} line {line}: `{key}` is not a province or coast of the map")]
    UnknownRegion { line: usize, key: String },
    #[error("{FILE} line {line}: `{key}` already has a position")]
    Duplicate { line: usize, key: String },
    #[error("{FILE} line {line}: ({x}, {y}) is off the {CANVAS_WIDTH}x{CANVAS_HEIGHT} canvas")]
    OffCanvas { line: usize, x: f64, y: f64 },
    #[error("{FILE}: `{0}` has no position")]
    Missing(String),
    #[error("{SHAPES_FILE} line {line}: {reason}")]
    ShapeSyntax { line: usize, reason: String },
    #[error("{SHAPES_FILE} line {line}: `{key}` is not a province of the map")]
    UnknownShape { line: usize, key: String },
    #[error("{SHAPES_FILE} line {line}: `{key}` already has a shape")]
    DuplicateShape { line: usize, key: String },
    #[error("{SHAPES_FILE}: `{0}` has no shape")]
    MissingShape(String),
}

/// A validated position for every region (province or split coast) of one map.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Indexed by `RegionId`; complete by construction.
    positions: Vec<Point>,
}

impl Layout {
    /// The standard map's layout, compiled into the crate.
    pub fn standard(map: &Map) -> Result<Layout, LayoutError> {
        Layout::from_csv(STANDARD_LAYOUT, map)
    }

    /// Reads `region,x,y` lines (with a header) and checks that every region of `map` is placed once.
    pub fn from_csv(text: &str, map: &Map) -> Result<Layout, LayoutError> {
        let keys: HashMap<String, RegionId> = map.regions().map(|(id, _)| (map.region_key(id), id)).collect();
        let mut positions: Vec<Option<Point>> = vec![None; map.region_count()];
        for (index, row) in text.lines().enumerate().skip(1).filter(|(_, row)| !row.trim().is_empty()) {
            let line = index + 1;
            let (key, point) = parse_row(row, line)?;
            let region = *keys.get(key).ok_or_else(|| LayoutError::UnknownRegion { line, key: key.to_string() })?;
            let slot = &mut positions[region.0 as usize];
            if slot.is_some() {
                return Err(LayoutError::Duplicate { line, key: key.to_string() });
            }
            *slot = Some(point);
        }
        let positions = positions
            .into_iter()
            .enumerate()
            .map(|(index, point)| point.ok_or_else(|| LayoutError::Missing(map.region_key(RegionId(index as u8)))))
            .collect::<Result<_, _>>()?;
        Ok(Layout { positions })
    }

    pub fn position(&self, region: RegionId) -> Point {
        self.positions[region.0 as usize]
    }
}

fn parse_row(row: &str, line: usize) -> Result<(&str, Point), LayoutError> {
    let syntax = |reason: &str| LayoutError::Syntax { line, reason: reason.to_string() };
    let fields: Vec<&str> = row.split(',').map(str::trim).collect();
    let [key, x, y] = fields[..] else {
        return Err(syntax("expected three fields: region,x,y"));
    };
    let x: f64 = x.parse().map_err(|_| syntax("x is not a number"))?;
    let y: f64 = y.parse().map_err(|_| syntax("y is not a number"))?;
    if !(0.0..=CANVAS_WIDTH).contains(&x) || !(0.0..=CANVAS_HEIGHT).contains(&y) {
        return Err(LayoutError::OffCanvas { line, x, y });
    }
    Ok((key, Point { x, y }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard_map() -> Map {
        Map::standard().expect("the judge's standard map loads")
    }

    fn layout_without(key: &str) -> String {
        STANDARD_LAYOUT.lines().filter(|line| !line.starts_with(&format!("{key},"))).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn every_province_and_coast_of_the_standard_map_has_a_position() {
        let map = standard_map();
        let layout = Layout::standard(&map).expect("the standard layout is valid");
        assert_eq!(layout.positions.len(), 81, "75 provinces and 6 split coasts");
    }

    #[test]
    fn a_missing_region_is_named() {
        let error = Layout::from_csv(&layout_without("stp/sc"), &standard_map()).unwrap_err();
        assert_eq!(error, LayoutError::Missing("stp/sc".to_string()));
    }

    #[test]
    fn an_unknown_or_repeated_key_is_rejected_with_its_line() {
        let map = standard_map();
        let unknown = format!("{STANDARD_LAYOUT}atl,10,10\n");
        assert!(
            matches!(Layout::from_csv(&unknown, &map), Err(LayoutError::UnknownRegion { key, .. }) if key == "atl")
        );
        let repeated = format!("{STANDARD_LAYOUT}lon,10,10\n");
        let expected_line = repeated.lines().count();
        assert_eq!(
            Layout::from_csv(&repeated, &map).unwrap_err(),
            LayoutError::Duplicate { line: expected_line, key: "lon".to_string() }
        );
    }

    #[test]
    fn malformed_and_off_canvas_rows_are_rejected() {
        let map = standard_map();
        let malformed = format!("{}\nlon,10\n", layout_without("lon"));
        assert!(matches!(Layout::from_csv(&malformed, &map), Err(LayoutError::Syntax { .. })));
        let off_canvas = format!("{}\nlon,10,900\n", layout_without("lon"));
        assert!(matches!(Layout::from_csv(&off_canvas, &map), Err(LayoutError::OffCanvas { .. })));
    }
}
