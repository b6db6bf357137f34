//! Cabinet Diplomacy II: a bot holds one seat and orders only what its form offers: a General its
//! armies, an Admiral its fleets, a Head of State his backup orders for every unit of his realm and the
//! Winter's builds and removals, all by the Standard bot. The three seats of a power played by bots plan
//! with the same generator (seeded by the power), so the Head of State's backups agree with his
//! commanders' orders.
//!
//! Motions, by a stated rule: a bot never proposes a motion and signs none (every motion row is left at
//! "None"). It keeps the cabinet it was seated in, so it never agrees to a motion against itself, and a
//! relief or coup needs the humans of its cabinet.
//!
//! Thin: a commander plans his own units only (the other commander's units are obstacles to him), so a
//! General does not support the Admiral's fleets and the other way round.

use judge::Map;
use rand_chacha::ChaCha8Rng;

use crate::dumbbot;
use crate::knowledge::SeatKnowledge;

pub fn lines(map: &Map, knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    dumbbot::diplomacy_lines(map, knowledge, rng)
}
