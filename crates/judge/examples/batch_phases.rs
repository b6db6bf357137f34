//! Writes generated full-board Spring movement phases as `judge adjudicate --batch` input (JSON Lines on
//! standard output): the input of the whole-process benchmark, `scripts/bench-judge`.
//!
//! `cargo run --release -p judge --example batch_phases -- 1000 > phases.jsonl` gives the same 1,000 phases
//! on every machine (seed 1901, the generator of the criterion bench `benches/adjudicate.rs`, whose 100
//! phases are the first 100 here). Every order line names its power, in canonical judge notation.

use std::io::{self, BufWriter, Write};

use judge::Map;
use serde_json::json;

#[path = "../benches/common/phases.rs"]
mod phases;

const SEED: u64 = 1901;
const DEFAULT_COUNT: usize = 1000;

fn main() -> io::Result<()> {
    let count = match std::env::args().nth(1) {
        Some(count) => count.parse().map_err(|_| io::Error::other(format!("`{count}` is not a number of phases")))?,
        None => DEFAULT_COUNT,
    };
    let map = Map::standard().map_err(io::Error::other)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for (index, (position, orders)) in phases::generate(&map, count, SEED).into_iter().enumerate() {
        let units: Vec<_> = position
            .units
            .iter()
            .map(|unit| {
                json!({"power": map.power_name(unit.power), "type": unit.kind.letter().to_string(), "at": map.region_key(unit.region)})
            })
            .collect();
        let orders: Vec<String> = orders
            .iter()
            .map(|submission| {
                let power = submission.power.map_or("", |power| map.power_name(power));
                format!("{power}: {}", submission.order.notation(&map))
            })
            .collect();
        let line = json!({"id": index + 1, "phase": position.phase.code(), "units": units, "orders": orders});
        writeln!(out, "{line}")?;
    }
    out.flush()
}
