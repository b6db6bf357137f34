//! The board as a page shows it, from a public or per-seat projection only (never the stored state):
//! the SVG map drawn by `mapview`, and the same units, dislodged units and centers as a list, which is
//! the map's text alternative.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use mapview::{Arrow, StandardMapView};
use quick_cache::sync::Cache;

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
    pub svg: Option<Arc<str>>,
    pub powers: Vec<PowerBoard>,
}

impl BoardView {
    /// The board; with `orders`, a processed phase's public report, whose orders are drawn on the map.
    pub fn from_board(board: &kinds::Board, orders: Option<&kinds::Report>) -> Self {
        let svg = map_view().map(|view| {
            let arrows = orders.map(|report| Arrow::from_report(view.map(), board, report)).unwrap_or_default();
            let marks = orders.map(|report| report.unit_marks.clone()).unwrap_or_default();
            drawing(view, board, arrows, marks)
        });
        BoardView { svg, powers: power_lists(board) }
    }

    /// The board with one seat's saved orders drawn on it, pending (only that seat's own page shows it).
    pub fn with_pending_orders(board: &kinds::Board, power: &str, orders: &[&str]) -> Self {
        let svg =
            map_view().map(|view| drawing(view, board, Arrow::pending(view.map(), board, power, orders), Vec::new()));
        BoardView { svg, powers: power_lists(board) }
    }
}

/// What a drawing is made from, all of it: two requests share a drawing only when they would draw the
/// very same board with the very same orders, so a cached drawing can never show a viewer anything its
/// own inputs would not (another seat's pending orders, a later phase).
#[derive(PartialEq, Eq, Hash)]
struct DrawingInputs {
    board: kinds::Board,
    arrows: Vec<Arrow>,
    /// A results board's units held, destroyed or converted by the variant's rules.
    marks: Vec<kinds::kind::MarkedUnit>,
}

/// Weighs a drawing by its size, so the cache is bounded in bytes, not entries.
#[derive(Clone)]
struct DrawingWeight;

impl quick_cache::Weighter<DrawingInputs, Arc<str>> for DrawingWeight {
    fn weight(&self, _inputs: &DrawingInputs, svg: &Arc<str>) -> u64 {
        svg.len() as u64
    }
}

/// How many bytes of drawn boards one server process keeps (about 600 boards). Each replica keeps its
/// own: the cache is keyed by the drawing's full inputs, so no replica can serve a stale board.
const DRAWING_CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// The board drawn with its orders: drawn once, then reused while it stays in the cache. Drawing is
/// most of a board page's cost (about 1 ms), looking it up a few microseconds.
fn drawing(
    view: &StandardMapView,
    board: &kinds::Board,
    arrows: Vec<Arrow>,
    marks: Vec<kinds::kind::MarkedUnit>,
) -> Arc<str> {
    static CACHE: OnceLock<Cache<DrawingInputs, Arc<str>, DrawingWeight>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Cache::with_weighter(1_000, DRAWING_CACHE_BYTES, DrawingWeight));
    let inputs = DrawingInputs { board: board.clone(), arrows, marks };
    if let Some(svg) = cache.get(&inputs) {
        return svg;
    }
    let svg: Arc<str> = Arc::from(view.render_results(&inputs.board, &inputs.arrows, &inputs.marks));
    cache.insert(inputs, svg.clone());
    svg
}

fn power_lists(board: &kinds::Board) -> Vec<PowerBoard> {
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
    powers.into_values().collect()
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
pub fn center_counts(board: &kinds::Board) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for owner in board.owners.values() {
        *counts.entry(owner.clone()).or_insert(0) += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening() -> kinds::Board {
        let game = kinds::AnyGame::new(kinds::Kind::Standard, &serde_json::Value::Null, 1).unwrap();
        game.public_view().board.unwrap()
    }

    #[test]
    fn a_board_is_drawn_once_and_reused_but_never_for_other_orders_or_another_board() {
        let board = opening();
        let first = BoardView::with_pending_orders(&board, "Austria", &["A vie - gal"]).svg.unwrap();
        let again = BoardView::with_pending_orders(&board, "Austria", &["A vie - gal"]).svg.unwrap();
        assert!(Arc::ptr_eq(&first, &again), "the same inputs are drawn once");

        let others = BoardView::with_pending_orders(&board, "Russia", &["A war - gal"]).svg.unwrap();
        assert_ne!(first, others, "another seat's orders are another drawing");
        let plain = BoardView::from_board(&board, None).svg.unwrap();
        assert!(!plain.contains("class=\"order "), "no pending order leaks into the public board");

        let mut later = board.clone();
        later.units.retain(|unit| unit.region != "vie");
        let later_svg = BoardView::from_board(&later, None).svg.unwrap();
        assert_ne!(plain, later_svg, "another position is another drawing");
    }
}
