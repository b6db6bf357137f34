//! Bots for every game kind: pure functions from what one seat may see to that seat's order sheet.
//!
//! A bot's whole input is a [`SeatKnowledge`]: the seat's own view, its order form, the phase and the
//! public list of seats, taken from the game through the same calls that build that seat's pages. It
//! never reads the game's state, so a bot holds exactly the secrets a human in its seat would hold and
//! nothing it "knows" can reach another seat. It answers only with choices its form offers (or, for the
//! lines a form leaves to the text box, lines the seat's check accepts), so a bot's sheet is always
//! accepted whole.
//!
//! Architecture invariant: like `judge` and `kinds`, this crate does no I/O, has no clock and no async;
//! its only randomness is a ChaCha8 generator seeded from the seed given in, so the same game, seat and
//! seed always give the same sheet (a rollback replays a bot's orders).
//!
//! - [`orders_for`]: the entry point for the turn worker: a bot's sheet for one seat.
//! - [`random_orders_for`]: the baseline a bot is measured against, a uniformly random legal choice per
//!   row.
//! - [`decide`]: the same decision from a [`SeatKnowledge`] alone (what the two above call).
//! - [`arena`]: whole games played in-process between bots and random players, for the measurements.

pub mod arena;
mod dumbbot;
mod knowledge;
mod random;
mod rows;
mod variants;

use kinds::{AnyGame, Kind, SeatIndex};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use knowledge::SeatKnowledge;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// The heuristic bot of the seat's kind.
    Bot,
    /// A uniformly random legal choice in every row of the form: the baseline.
    Random,
}

/// The bot's order sheet for `seat` in the game's current phase, one order per line; empty when the
/// game has no such seat or the seat has nothing to order. The sheet is what
/// `game.check_orders(seat, &sheet)` accepts with nothing rejected.
pub fn orders_for(game: &AnyGame, seat: SeatIndex, seed: u64) -> String {
    SeatKnowledge::of(game, seat).map(|knowledge| decide(&knowledge, Player::Bot, seed)).unwrap_or_default()
}

/// The random baseline's sheet for `seat`, like [`orders_for`].
pub fn random_orders_for(game: &AnyGame, seat: SeatIndex, seed: u64) -> String {
    SeatKnowledge::of(game, seat).map(|knowledge| decide(&knowledge, Player::Random, seed)).unwrap_or_default()
}

/// The sheet `player` gives from what the seat knows: a function of `knowledge` and `seed` only.
pub fn decide(knowledge: &SeatKnowledge, player: Player, seed: u64) -> String {
    let mut rng = generator(knowledge, seed);
    let lines = match player {
        Player::Random => random::random_lines(knowledge, &mut rng),
        Player::Bot => bot_lines(knowledge, &mut rng),
    };
    lines.join("\n")
}

/// The generator for one decision. The seed is mixed with the seat's powers rather than its number, so
/// that a Cabinet power's three seats, given the game's seed, plan the same moves for their units.
fn generator(knowledge: &SeatKnowledge, seed: u64) -> ChaCha8Rng {
    let who = if knowledge.seat.powers.is_empty() {
        u64::from(knowledge.seat.id.0)
    } else {
        knowledge
            .seat
            .powers
            .iter()
            .flat_map(|power| power.bytes())
            .fold(0u64, |hash, byte| hash.wrapping_mul(0x100_0000_01b3).wrapping_add(u64::from(byte)))
    };
    ChaCha8Rng::seed_from_u64(seed ^ who.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

fn bot_lines(knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let Ok(map) = kinds::standard::standard_map() else {
        return Vec::new();
    };
    match knowledge.kind {
        Kind::Standard => dumbbot::diplomacy_lines(map, knowledge, rng),
        Kind::Diplobucks => variants::diplobucks::lines(map, knowledge, rng),
        Kind::CovertDip => variants::covert_dip::lines(map, knowledge, rng),
        Kind::TerrorismI => variants::terrorism::lines(map, knowledge, rng),
        Kind::CabinetDiplomacy => variants::cabinet::lines(map, knowledge, rng),
        Kind::CovertOperations => variants::covert_ops::lines(knowledge, rng),
    }
}
