//! Random order sheets for simulations, property tests and benchmarks.
//!
//! The orders are plausible rather than clever: they favour the player's own countries for troop
//! and industry orders, mix in every order kind, and now and then a malformed line, so a long
//! simulated game exercises every step and every error path.

use rand::{Rng, RngExt};

use crate::map::WorldMap;
use crate::state::{GameState, PlayerId};

/// A random sheet of up to `max_lines` order lines for `player`. Never contains `RESIGN`, so
/// simulated games keep their players.
pub fn random_order_sheet<R: Rng>(
    map: &WorldMap,
    state: &GameState,
    player: PlayerId,
    max_lines: usize,
    rng: &mut R,
) -> String {
    let led: Vec<usize> =
        (0..state.countries.len()).filter(|&index| state.countries[index].leader == Some(player)).collect();
    let count = rng.random_range(0..=max_lines);
    (0..count).map(|_| random_line(map, &led, rng)).collect::<Vec<_>>().join("\n")
}

fn random_line<R: Rng>(map: &WorldMap, led: &[usize], rng: &mut R) -> String {
    let any = rng.random_range(0..map.len());
    let own = if !led.is_empty() && rng.random_bool(0.7) { led[rng.random_range(0..led.len())] } else { any };
    let code = map.code(any);
    let amount = rng.random_range(1..=12);
    match rng.random_range(0..20) {
        0 | 1 => format!("B,{code},{amount}"),
        2 => format!("A,{},{}", map.code(own), rng.random_range(1..=5)),
        3 => format!("G,{code},{amount}"),
        4 => format!("S,{code},{amount}"),
        5 => format!("I,{}", map.code(own)),
        6 => format!("L,{}", map.code(own)),
        7 | 8 => troop_line(map, own, 'C', rng),
        9 => troop_line(map, own, 'D', rng),
        10 => troop_line(map, own, 'W', rng),
        11 => format!("K,{code},{amount}"),
        12 => format!("T,{code},{amount}"),
        13 => format!("R,{code},{amount}"),
        14 => format!("X,{code}"),
        15 => format!("M,{code}"),
        16 => "STOP".to_owned(),
        17 => format!("EMAIL,player{amount}@example.org"),
        18 => format!("B,{code},{amount}"),
        _ => "Q,NOWHERE,1,000".to_owned(),
    }
}

/// A troop order from `from` to one of its neighbours, or a guard order for an island.
fn troop_line<R: Rng>(map: &WorldMap, from: usize, letter: char, rng: &mut R) -> String {
    let neighbours = &map.country(from).neighbours;
    if neighbours.is_empty() {
        return format!("G,{},1", map.code(from));
    }
    let to = neighbours[rng.random_range(0..neighbours.len())];
    format!("{letter},{},{},{}", map.code(from), map.code(to), rng.random_range(1..=6))
}
