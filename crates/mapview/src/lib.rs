//! Draws the standard Diplomacy board as a self-contained SVG string for the server to inline in pages:
//! a schematic map (provinces as nodes at recognisable places, borders as lines), supply centers tinted
//! by owner, units, dislodged units and, optionally, the phase's orders as arrows. Also the chart of a
//! game's supply centers over time (`CentersChart`).
//!
//! Architecture invariant: pure. No I/O, no async, no clock; the board and the arrows come in as values
//! and the SVG goes out as a string. Bad input (unknown region keys or powers) is skipped, never a panic.

mod arrow;
mod chart;
mod draw;
mod layout;
mod palette;

use std::collections::HashMap;

use games::kind::Board;
use judge::{Map, RegionId};

pub use arrow::{Arrow, ArrowOrder};
pub use chart::{CenterSeries, CentersChart};
pub use layout::{CANVAS_HEIGHT, CANVAS_WIDTH, Layout, LayoutError, Point};
pub use palette::{PowerColour, power_colour};

/// The standard map with its layout, loaded and validated once; cheap to render from many times.
#[derive(Clone, Debug)]
pub struct StandardMapView {
    map: Map,
    layout: Layout,
    /// Canonical region keys (`stp/sc`) only: the input comes from the judge, never from a player's typing.
    regions: HashMap<String, RegionId>,
}

impl StandardMapView {
    /// Loads the judge's standard map and the layout, and checks that they fit each other.
    pub fn new() -> Result<StandardMapView, LayoutError> {
        let map = Map::standard()?;
        let layout = Layout::standard(&map)?;
        let regions = map.regions().map(|(id, _)| (map.region_key(id), id)).collect();
        Ok(StandardMapView { map, layout, regions })
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The board as an SVG document (no XML declaration, ready to inline in HTML).
    pub fn render(&self, board: &Board, arrows: &[Arrow]) -> String {
        draw::document(self, board, arrows).to_string()
    }

    fn region(&self, key: &str) -> Option<RegionId> {
        self.regions.get(key).copied()
    }
}
