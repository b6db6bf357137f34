//! Draws the standard Diplomacy board as a self-contained SVG string for the server to inline in pages:
//! the map of Europe (province shapes generated from Natural Earth coastlines, see `scripts/`), provinces
//! of owned supply centers tinted by owner, units, dislodged units and, optionally, the phase's orders as
//! arrows. Also the chart of a game's supply centers over time (`CentersChart`).
//!
//! Architecture invariant: pure. No I/O, no async, no clock; the board and the arrows come in as values
//! and the SVG goes out as a string. Bad input (unknown region keys or powers) is skipped, never a panic.

mod arrow;
mod artwork;
mod chart;
mod draw;
mod layout;
mod palette;
mod world;

use std::collections::HashMap;

use judge::{Map, RegionId};
use kinds::kind::Board;

pub use arrow::{Arrow, ArrowOrder};
pub use artwork::{Artwork, Shape, ShapeKind};
pub use chart::{CenterSeries, CentersChart};
pub use layout::{CANVAS_HEIGHT, CANVAS_WIDTH, Layout, LayoutError, Point};
pub use palette::{PowerColour, power_colour};
pub use world::{CountryShape, LinkKind, WORLD_HEIGHT, WORLD_WIDTH, WorldMapError, WorldMapView, WorldRegion};

/// The standard map with its layout, loaded and validated once; cheap to render from many times.
#[derive(Clone, Debug)]
pub struct StandardMapView {
    map: Map,
    layout: Layout,
    artwork: Artwork,
    /// Canonical region keys (`stp/sc`) only: the input comes from the judge, never from a player's typing.
    regions: HashMap<String, RegionId>,
}

impl StandardMapView {
    /// Loads the judge's standard map, the layout and the artwork, and checks that they fit each other.
    pub fn new() -> Result<StandardMapView, LayoutError> {
        let map = Map::standard()?;
        let layout = Layout::standard(&map)?;
        let artwork = Artwork::standard(&map)?;
        let regions = map.regions().map(|(id, _)| (map.region_key(id), id)).collect();
        Ok(StandardMapView { map, layout, artwork, regions })
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn artwork(&self) -> &Artwork {
        &self.artwork
    }

    /// The board as an SVG document (no XML declaration, ready to inline in HTML).
    pub fn render(&self, board: &Board, arrows: &[Arrow]) -> String {
        draw::document(self, board, arrows, &[]).to_string()
    }

    /// A results board: the phase's orders as arrows, and the units it held, destroyed or converted
    /// besides their orders (a report's `unit_marks`) marked.
    pub fn render_results(&self, board: &Board, arrows: &[Arrow], marks: &[kinds::kind::MarkedUnit]) -> String {
        draw::document(self, board, arrows, marks).to_string()
    }

    fn region(&self, key: &str) -> Option<RegionId> {
        self.regions.get(key).copied()
    }
}
