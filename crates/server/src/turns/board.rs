//! The board as a page shows it, from a public or per-seat projection only (never the stored state):
//! the SVG map drawn by `mapview`, and the same units, dislodged units and centers as a list, which is
//! the map's text alternative.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use mapview::{Arrow, StandardMapView};

/// The standard map's drawing data, loaded and checked once per process (immutable, like the judge's
/// map); `None` if the layout failed its checks, and then pages show the list alone.
fn map_view() -> Option<&'static StandardMapView> {
    static VIEW: OnceLock<Option<StandardMapView>> = OnceLock::new();
    VIEW.get_or_init(|| {
        StandardMapView::new()
            .inspect_err(|error| tracing::error!(%error, "the standard map layout is broken; boards show as lists"))
            .ok()
    })
    .as_ref()
}

/// One power's pieces and centers.
pub struct PowerBoard {
    pub power: String,
    pub units: Vec<String>,
    pub dislodged: Vec<String>,
    pub centers: Vec<String>,
}

pub struct BoardView {
    /// The map as an inline SVG document (mapview's own markup from judge keys, never player text).
    pub svg: Option<String>,
    pub powers: Vec<PowerBoard>,
}

impl BoardView {
    /// The board; with `orders`, a processed phase's public report, whose orders are drawn on the map.
    pub fn from_board(board: &games::Board, orders: Option<&games::Report>) -> Self {
        let mut powers: BTreeMap<String, PowerBoard> = BTreeMap::new();
        for unit in &board.units {
            power_entry(&mut powers, &unit.power).units.push(format!("{} {}", unit.kind, unit.region));
        }
        for unit in &board.dislodged {
            power_entry(&mut powers, &unit.power).dislodged.push(format!("{} {}", unit.kind, unit.region));
        }
        for (center, owner) in &board.owners {
            power_entry(&mut powers, owner).centers.push(center.clone());
        }
        let svg = map_view().map(|view| {
            let arrows = orders.map(|report| Arrow::from_report(view.map(), board, report)).unwrap_or_default();
            let marks = orders.map(|report| report.unit_marks.as_slice()).unwrap_or_default();
            view.render_results(board, &arrows, marks)
        });
        BoardView { svg, powers: powers.into_values().collect() }
    }
}

impl BoardView {
    /// The board with one seat's saved orders drawn on it, pending (only that seat's own page shows it).
    pub fn with_pending_orders(board: &games::Board, power: &str, orders: &[&str]) -> Self {
        let mut view = BoardView::from_board(board, None);
        view.svg = map_view().map(|map| map.render(board, &Arrow::pending(map.map(), board, power, orders)));
        view
    }
}

fn power_entry<'a>(powers: &'a mut BTreeMap<String, PowerBoard>, power: &str) -> &'a mut PowerBoard {
    powers.entry(power.to_owned()).or_insert_with(|| PowerBoard {
        power: power.to_owned(),
        units: Vec::new(),
        dislodged: Vec::new(),
        centers: Vec::new(),
    })
}

/// Supply centers held by each power on this board.
pub fn center_counts(board: &games::Board) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for owner in board.owners.values() {
        *counts.entry(owner.clone()).or_insert(0) += 1;
    }
    counts
}
