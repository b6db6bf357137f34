//! The orders a page may draw over the board, in region keys as the judge writes them (`stp/sc`).

use games::kind::ResultWord;

/// One order to draw, in its power's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub power: String,
    pub order: ArrowOrder,
    /// What became of the order; `None` while the phase is not adjudicated yet. Orders that failed or
    /// were invalid are drawn faded with a red cross, so that a results page shows at a glance what
    /// bounced.
    pub outcome: Option<ResultWord>,
}

/// What the order does; every key is a canonical region key of the standard map.
#[derive(Clone, Debug, PartialEq, Eq)]
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
