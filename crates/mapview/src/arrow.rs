//! The orders a page may draw over the board, in region keys as the judge writes them (`stp/sc`).

use judge::{Location, Map, Order, UnitRef};
use kinds::kind::{Board, Report, ResultWord};

/// One order to draw, in its power's colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    pub power: String,
    pub order: ArrowOrder,
    /// What became of the order; `None` while the phase is not adjudicated yet. Orders that failed or
    /// were invalid are drawn faded with a red cross, so that a results page shows at a glance what
    /// bounced.
    pub outcome: Option<ResultWord>,
}

/// What the order does; every key is a canonical region key of the standard map.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArrowOrder {
    /// A ring around the unit.
    Hold { at: String },
    /// A solid arrow.
    Move { from: String, to: String },
    /// A dashed arrow to the supported unit (`to: None`, support to hold) or to the middle of its move.
    Support { from: String, supported: String, to: Option<String> },
    /// A dotted arrow from the fleet to the middle of the convoyed army's move.
    Convoy { from: String, army: String, to: String },
    /// A thin arrow from the dislodged unit.
    Retreat { from: String, to: String },
    /// A ghost unit (`A` or `F`) in a dashed ring.
    Build { at: String, kind: char },
    /// A cross over the unit (a removal or a disbanded retreat).
    Remove { at: String },
}

impl Arrow {
    /// The arrows of a phase's public report over the board the phase started from: each order line
    /// read back as judge notation (the report writes it canonically) and drawn with its result. A move
    /// by a unit that stands dislodged on the board is its retreat (reports write retreats as moves).
    /// Lines the standard map cannot read, such as a variant's extra orders, draw nothing. Units the
    /// rules removed without an order (civil disorder, no retreat) are crossed out like a removal.
    pub fn from_report(map: &Map, board: &Board, report: &Report) -> Vec<Arrow> {
        let mut arrows: Vec<Arrow> = report
            .orders
            .iter()
            .filter_map(|line| read_order(map, board, &line.by, &line.order, Some(line.result)))
            .collect();
        for unit in &report.removed {
            let at = unit.region.clone();
            let ordered = arrows.iter().any(|arrow| arrow.order == ArrowOrder::Remove { at: at.clone() });
            if !ordered {
                let order = ArrowOrder::Remove { at };
                arrows.push(Arrow { power: unit.power.clone(), order, outcome: Some(ResultWord::Succeeds) });
            }
        }
        arrows
    }

    /// One power's orders not adjudicated yet (a seat's saved sheet, in judge notation), drawn pending.
    pub fn pending(map: &Map, board: &Board, power: &str, orders: &[&str]) -> Vec<Arrow> {
        orders.iter().filter_map(|text| read_order(map, board, power, text, None)).collect()
    }
}

fn read_order(map: &Map, board: &Board, power: &str, text: &str, outcome: Option<ResultWord>) -> Option<Arrow> {
    let (_, order) = judge::parse_order(map, text).ok()?;
    let order = retreat_if_dislodged(arrow_order(map, &order)?, board);
    Some(Arrow { power: power.to_owned(), order, outcome })
}

fn retreat_if_dislodged(order: ArrowOrder, board: &Board) -> ArrowOrder {
    match order {
        ArrowOrder::Move { from, to } if board.dislodged.iter().any(|unit| unit.region == from) => {
            ArrowOrder::Retreat { from, to }
        }
        other => other,
    }
}

fn arrow_order(map: &Map, order: &Order) -> Option<ArrowOrder> {
    let key = |location: Location| judge::order::location(map, location);
    let unit = |unit: UnitRef| key(unit.at);
    Some(match *order {
        Order::Hold { unit: u } => ArrowOrder::Hold { at: unit(u) },
        Order::Move { unit: u, to, .. } => ArrowOrder::Move { from: unit(u), to: key(to) },
        Order::Support { unit: u, supported, to } => {
            ArrowOrder::Support { from: unit(u), supported: unit(supported), to: to.map(key) }
        }
        Order::Convoy { unit: u, army, to } => ArrowOrder::Convoy { from: unit(u), army: unit(army), to: key(to) },
        Order::Retreat { unit: u, to } => ArrowOrder::Retreat { from: unit(u), to: key(to) },
        Order::Disband { unit: u } | Order::Remove { unit: u } => ArrowOrder::Remove { at: unit(u) },
        Order::Build { kind, at } => ArrowOrder::Build { at: key(at), kind: kind.letter() },
        Order::Waive => return None,
    })
}
