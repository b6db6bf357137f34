//! The Covert Operations world map: one shape per country of the engine's map (`data/world-countries.csv`,
//! generated from Natural Earth's countries by `scripts/build-world.mjs`) and the list of neighbours the
//! drawing shows (`data/world-links.csv`: a shared border, or a dashed line where troops cross water),
//! both checked against the engine's adjacency when loaded, so that a drawn border or link exists
//! exactly where troops may cross.

mod draw;
mod regions;

pub use regions::WorldRegion;

use std::collections::{BTreeSet, HashMap};

use covert_ops::{CountryCode, MapError, WorldMap};
use kinds::kind::WorldBoard;

use crate::artwork::parse_path;
use crate::layout::Point;

const WORLD_COUNTRIES: &str = include_str!("../../data/world-countries.csv");
const WORLD_LINKS: &str = include_str!("../../data/world-links.csv");
const COUNTRIES_FILE: &str = "data/world-countries.csv";
const LINKS_FILE: &str = "data/world-links.csv";

/// The world canvas: the Natural Earth projection of the whole width of the world, cropped to the
/// inhabited latitudes (the generator prints the same size).
pub const WORLD_WIDTH: f64 = 1000.0;
pub const WORLD_HEIGHT: f64 = 434.0;

#[derive(Debug, thiserror::Error)]
pub enum WorldMapError {
    #[error("the engine's world map did not load: {0}")]
    Map(#[from] MapError),
    #[error("{COUNTRIES_FILE} line {line}: {reason}")]
    ShapeSyntax { line: usize, reason: String },
    #[error("{COUNTRIES_FILE} line {line}: `{key}` is not a country of the map")]
    UnknownCountry { line: usize, key: String },
    #[error("{COUNTRIES_FILE} line {line}: `{key}` already has a shape")]
    DuplicateShape { line: usize, key: String },
    #[error("{COUNTRIES_FILE}: `{0}` has no shape")]
    MissingShape(String),
    #[error("{LINKS_FILE} line {line}: {reason}")]
    LinkSyntax { line: usize, reason: String },
    #[error("{LINKS_FILE} line {line}: {a} and {b} are not neighbours on the engine's map")]
    NotNeighbours { line: usize, a: String, b: String },
    #[error("{LINKS_FILE} line {line}: {a} and {b} are listed twice")]
    DuplicateLink { line: usize, a: String, b: String },
    #[error("{LINKS_FILE}: the neighbours {a} and {b} are neither drawn side by side nor linked")]
    MissingLink { a: String, b: String },
}

/// How two neighbouring countries are shown to be neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// Their shapes share a drawn border.
    Land,
    /// Troops cross water between them: a dashed line joins their labels.
    Sea,
}

/// One country's shape.
#[derive(Clone, Debug)]
pub struct CountryShape {
    pub code: CountryCode,
    pub name: String,
    /// Where its code is written.
    pub label: Point,
    /// SVG path data, filled even-odd.
    pub path: String,
    /// No neighbours: it cannot be invaded (the sheet's islands).
    pub island: bool,
    rings: Vec<Vec<Point>>,
}

impl CountryShape {
    /// Whether the point lies inside the shape (even-odd rule over all its rings).
    pub fn contains(&self, point: Point) -> bool {
        crate::artwork::even_odd_contains(&self.rings, point)
    }

    pub fn rings(&self) -> &[Vec<Point>] {
        &self.rings
    }

    /// The smaller side of the box around the shape: how wide it is where a finger must find it.
    pub fn narrowest(&self) -> f64 {
        let points = || self.rings.iter().flatten();
        let span = |value: fn(&Point) -> f64| {
            let (low, high) = points()
                .map(value)
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), v| (low.min(v), high.max(v)));
            high - low
        };
        span(|point| point.x).min(span(|point| point.y))
    }
}

/// The world map, loaded and validated once; cheap to render from many times.
#[derive(Clone, Debug)]
pub struct WorldMapView {
    countries: Vec<CountryShape>,
    /// Land outside the game (Greenland, the Falklands, overseas territories), drawn grey.
    unplayed: Option<String>,
    links: Vec<(CountryCode, CountryCode, LinkKind)>,
    by_code: HashMap<String, usize>,
}

impl WorldMapView {
    /// Loads the engine's world map and the committed artwork, and checks that they fit each other.
    pub fn new() -> Result<WorldMapView, WorldMapError> {
        let map = WorldMap::world()?;
        WorldMapView::from_csv(&map, WORLD_COUNTRIES, WORLD_LINKS)
    }

    /// Reads the two files: every country of `map` must have exactly one shape, and every pair of
    /// neighbours exactly one link (land or sea), and nothing else.
    pub fn from_csv(map: &WorldMap, countries: &str, links: &str) -> Result<WorldMapView, WorldMapError> {
        let (shapes, unplayed) = read_shapes(map, countries)?;
        let links = read_links(map, links)?;
        let by_code = shapes.iter().enumerate().map(|(index, shape)| (shape.code.to_string(), index)).collect();
        Ok(WorldMapView { countries: shapes, unplayed, links, by_code })
    }

    /// Every country, in the engine's order.
    pub fn countries(&self) -> &[CountryShape] {
        &self.countries
    }

    pub fn country(&self, code: &str) -> Option<&CountryShape> {
        self.by_code.get(code).map(|&index| &self.countries[index])
    }

    /// Every pair of neighbours, with how the drawing shows it.
    pub fn links(&self) -> &[(CountryCode, CountryCode, LinkKind)] {
        &self.links
    }

    /// The map as one reader knows it, as an SVG document (no XML declaration, ready to inline).
    pub fn render(&self, board: &WorldBoard) -> String {
        draw::document(self, board, None).to_string()
    }

    /// The map drawn for one region alone (its key, as [`WorldMapView::regions`] gives it): the whole
    /// drawing, seen through the region's frame, without the legend; the whole map for an unknown key.
    pub fn render_region(&self, board: &WorldBoard, key: &str) -> String {
        draw::document(self, board, self.region_frame(key)).to_string()
    }

    /// The map's text alternative: every country the reader knows something about, in words
    /// (`GER Germany: led by you; your influence 7`), in the engine's order.
    pub fn known_countries(&self, board: &WorldBoard) -> Vec<String> {
        self.countries
            .iter()
            .filter_map(|shape| {
                board.countries.get(shape.code.as_str()).map(|known| draw::country_title(shape, Some(known)))
            })
            .collect()
    }
}

fn read_shapes(map: &WorldMap, text: &str) -> Result<(Vec<CountryShape>, Option<String>), WorldMapError> {
    let mut slots: Vec<Option<CountryShape>> = vec![None; map.len()];
    let mut unplayed = None;
    for (index, row) in text.lines().enumerate().skip(1).filter(|(_, row)| !row.trim().is_empty()) {
        let line = index + 1;
        let syntax = |reason: &str| WorldMapError::ShapeSyntax { line, reason: reason.to_owned() };
        let [key, kind, x, y, path] = row.splitn(5, ',').collect::<Vec<_>>()[..] else {
            return Err(syntax("expected five fields: key,kind,label_x,label_y,d"));
        };
        let rings = parse_path(path).map_err(|reason| syntax(&reason))?;
        match kind {
            "unplayed" => unplayed = Some(path.to_owned()),
            "country" => {
                let label = Point {
                    x: x.parse().map_err(|_| syntax("label_x is not a number"))?,
                    y: y.parse().map_err(|_| syntax("label_y is not a number"))?,
                };
                if !(0.0..=WORLD_WIDTH).contains(&label.x) || !(0.0..=WORLD_HEIGHT).contains(&label.y) {
                    return Err(syntax("the label is off the canvas"));
                }
                let unknown = || WorldMapError::UnknownCountry { line, key: key.to_owned() };
                let index = CountryCode::parse(key).and_then(|code| map.index_of(code)).ok_or_else(unknown)?;
                if slots[index].is_some() {
                    return Err(WorldMapError::DuplicateShape { line, key: key.to_owned() });
                }
                let country = map.country(index);
                slots[index] = Some(CountryShape {
                    code: country.code,
                    name: country.name.clone(),
                    label,
                    path: path.to_owned(),
                    island: country.neighbours.is_empty(),
                    rings,
                });
            }
            _ => return Err(syntax("kind is not country or unplayed")),
        }
    }
    let shapes = slots
        .into_iter()
        .enumerate()
        .map(|(index, shape)| shape.ok_or_else(|| WorldMapError::MissingShape(map.code(index).to_string())))
        .collect::<Result<_, _>>()?;
    Ok((shapes, unplayed))
}

fn read_links(map: &WorldMap, text: &str) -> Result<Vec<(CountryCode, CountryCode, LinkKind)>, WorldMapError> {
    let mut links = Vec::new();
    let mut seen = BTreeSet::new();
    for (index, row) in text.lines().enumerate().skip(1).filter(|(_, row)| !row.trim().is_empty()) {
        let line = index + 1;
        let syntax = |reason: &str| WorldMapError::LinkSyntax { line, reason: reason.to_owned() };
        let [a, b, kind] = row.split(',').collect::<Vec<_>>()[..] else {
            return Err(syntax("expected three fields: a,b,kind"));
        };
        let country = |key: &str| CountryCode::parse(key).and_then(|code| map.index_of(code));
        let (Some(first), Some(second)) = (country(a), country(b)) else {
            return Err(syntax("a country code is not on the map"));
        };
        let kind = match kind {
            "land" => LinkKind::Land,
            "sea" => LinkKind::Sea,
            _ => return Err(syntax("kind is not land or sea")),
        };
        if !map.country(first).neighbours.contains(&second) {
            return Err(WorldMapError::NotNeighbours { line, a: a.to_owned(), b: b.to_owned() });
        }
        if !seen.insert((first.min(second), first.max(second))) {
            return Err(WorldMapError::DuplicateLink { line, a: a.to_owned(), b: b.to_owned() });
        }
        links.push((map.code(first), map.code(second), kind));
    }
    for (index, country) in map.countries().iter().enumerate() {
        for &neighbour in &country.neighbours {
            if !seen.contains(&(index.min(neighbour), index.max(neighbour))) {
                return Err(WorldMapError::MissingLink {
                    a: country.code.to_string(),
                    b: map.code(neighbour).to_string(),
                });
            }
        }
    }
    Ok(links)
}
