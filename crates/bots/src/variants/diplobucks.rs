//! Diplobucks: the Standard bot's orders, plus at most one bribe a phase from the bribes the form
//! offers (each one already within the balance), keeping a reserve:
//! - in a movement phase, `BRIBE double` on the unit attacking an enemy-held place (an enemy unit
//!   standing there first, then an enemy center), so the attack has strength 2;
//! - in a Winter, `BRIBE extra` for the power when the balance covers it and the reserve.
//!
//! Thin: no group bribes, no `destroy`, `hold` or `nmr`, and nothing bought to learn or see.

use judge::Map;
use kinds::PhaseStage;
use rand_chacha::ChaCha8Rng;

use super::{move_of, offers, rows_keyed};
use crate::dumbbot::{self, Holder, Picture};
use crate::knowledge::SeatKnowledge;

/// What a bribe may leave in the treasury at least (the next Winter's upkeep of extra units).
const RESERVE: u32 = 300;
const DOUBLE_PRICE: u32 = 500;
const EXTRA_PRICE: u32 = 1000;

pub fn lines(map: &Map, knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut lines = dumbbot::diplomacy_lines(map, knowledge, rng);
    if let Some(bribe) = chosen_bribe(map, knowledge, &lines) {
        // A bribe is paid as it is read; it is the only one, so its place on the sheet does not matter.
        lines.insert(0, bribe);
    }
    lines
}

fn chosen_bribe(map: &Map, knowledge: &SeatKnowledge, lines: &[String]) -> Option<String> {
    let balance = knowledge.fact_number("Your balance")?;
    let row = rows_keyed(knowledge, "bribe").into_iter().next()?;
    let wanted = match knowledge.phase.stage {
        PhaseStage::Movement if balance >= DOUBLE_PRICE + RESERVE => doubled_attack(map, knowledge, lines),
        PhaseStage::Adjustment if balance >= EXTRA_PRICE + RESERVE => {
            knowledge.seat.powers.first().map(|power| format!("BRIBE extra {power}"))
        }
        PhaseStage::Movement | PhaseStage::Adjustment | PhaseStage::Retreat | PhaseStage::Day => None,
    }?;
    offers(row, &wanted).then_some(wanted)
}

/// `BRIBE double` for the unit of the sheet's best attack: into an enemy unit first, then an enemy
/// or neutral center.
fn doubled_attack(map: &Map, knowledge: &SeatKnowledge, lines: &[String]) -> Option<String> {
    let picture = Picture::of(map, knowledge, &[]);
    let urgency = |to: &str| {
        let province = map.find_province(to)?;
        let defended = picture.unit_in(province).is_some_and(|unit| !unit.mine);
        let center = matches!(picture.holder(province), Some(Holder::Enemy { .. } | Holder::Neutral));
        match (defended, center) {
            (true, _) => Some(2),
            (false, true) => Some(1),
            (false, false) => None,
        }
    };
    lines
        .iter()
        .filter_map(|line| move_of(line))
        .filter_map(|(unit, to)| urgency(to).map(|rank| (rank, unit)))
        .max_by_key(|(rank, _)| *rank)
        .map(|(_, unit)| format!("BRIBE double {unit}"))
}
