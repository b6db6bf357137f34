//! The Standard bot, in the DumbBot tradition (David Norman's DumbBot for DAIDE): values for every
//! place from the supply centers and their neighbourhoods spread over distance ([`values`]), then
//! orders that go for the best places with supports where an attack or a defence needs them
//! ([`movement`]), retreats and builds toward the targets and removals of the least useful units
//! ([`adjust`]). It reads only the seat's board and form; the variants add their own lines on top.

mod adjust;
mod movement;
mod picture;
mod values;

use judge::{Map, ProvinceId};
use kinds::PhaseStage;
use rand_chacha::ChaCha8Rng;

use crate::knowledge::SeatKnowledge;
use crate::rows::{Offer, Row, UnitRow, classify};

pub use picture::{Holder, Picture};
pub use values::Values;

/// The form read into rows, with the parts the standard bot orders split out.
pub struct ReadForm {
    pub rows: Vec<Row>,
}

impl ReadForm {
    pub fn of(map: &Map, knowledge: &SeatKnowledge) -> ReadForm {
        ReadForm { rows: knowledge.form.rows.iter().map(|row| classify(map, row)).collect() }
    }

    pub fn unit_rows(&self) -> Vec<UnitRow> {
        self.rows
            .iter()
            .filter_map(|row| match row {
                Row::Unit(unit) => Some(unit.clone()),
                Row::Adjustment { .. } | Row::Other(_) => None,
            })
            .collect()
    }

    pub fn adjustment_rows(&self) -> Vec<Vec<Offer>> {
        self.rows
            .iter()
            .filter_map(|row| match row {
                Row::Adjustment { offers } => Some(offers.clone()),
                Row::Unit(_) | Row::Other(_) => None,
            })
            .collect()
    }

    /// The provinces of the units the form lets the seat order.
    pub fn ordered_provinces(&self) -> Vec<ProvinceId> {
        self.unit_rows().iter().map(|row| row.province).collect()
    }
}

/// The standard bot's lines for the seat's unit and adjustment rows (none for the variants' rows).
pub fn diplomacy_lines(map: &Map, knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let form = ReadForm::of(map, knowledge);
    let picture = Picture::of(map, knowledge, &form.ordered_provinces());
    let fall = knowledge.phase.code.starts_with('F');
    let values = Values::new(&picture, fall);
    let units = form.unit_rows();
    let mut lines = match knowledge.phase.stage {
        PhaseStage::Movement => movement::movement_orders(&picture, &values, &units, rng),
        PhaseStage::Retreat => movement::retreat_orders(&picture, &values, &units),
        PhaseStage::Adjustment | PhaseStage::Day => Vec::new(),
    };
    lines.extend(adjust::adjustment_orders(map, &values, &form.adjustment_rows()));
    lines.retain(|line| !line.is_empty());
    lines
}
