//! The `diplomacy` crate (crates.io, 0.2) behind the same whole-process interface as
//! `judge adjudicate --batch`, so that `scripts/bench-judge` compares whole processes fairly: both read
//! the same JSON Lines from standard input, parse the positions and the order lines, adjudicate, and
//! write one JSON line per phase.
//!
//! This side is given the benefit of every doubt: typed serde input, buffered output, and it writes less
//! than `judge` does (each order's verdict and the dislodged units with their retreats; no reasons in
//! words and no next position). Orders are translated word by word from judge notation
//! (`France: A mun S A par - bur`) to the crate's own (`FRA: A mun supports A par -> bur`) and read by the
//! crate's parser. Movement phases only, as the generated batch (`examples/batch_phases.rs`) holds.
//!
//! `cargo run --release -p judge --example diplomacy_batch < phases.jsonl`

use std::borrow::Cow;
use std::io::{self, BufRead, BufWriter, Write};

use diplomacy::geo::RegionKey;
use diplomacy::judge::{MappedMainOrder, OrderState, Rulebook, Submission};
use diplomacy::order::{MainCommand, SupportedOrder};
use diplomacy::{Nation, ShortName, Unit, UnitPosition, UnitType};
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Deserialize)]
struct Input {
    #[serde(default)]
    id: Option<Value>,
    phase: String,
    units: Vec<InputUnit>,
    #[serde(default)]
    orders: Vec<String>,
}

#[derive(Deserialize)]
struct InputUnit {
    power: String,
    #[serde(rename = "type")]
    kind: String,
    at: String,
}

#[derive(Serialize)]
struct Output<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    phase: &'a str,
    results: Vec<OrderResult<'a>>,
    dislodged: Vec<DislodgedUnit>,
}

#[derive(Serialize)]
struct OrderResult<'a> {
    order: &'a str,
    result: &'static str,
}

#[derive(Serialize)]
struct DislodgedUnit {
    power: String,
    #[serde(rename = "type")]
    kind: String,
    at: String,
    retreats: Vec<String>,
}

#[derive(Serialize)]
struct ErrorLine {
    error: String,
}

fn main() -> io::Result<()> {
    let map = diplomacy::geo::standard_map();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Input>(&line) {
            Ok(input) => serde_json::to_writer(&mut out, &adjudicate(map, &input))?,
            Err(error) => serde_json::to_writer(&mut out, &ErrorLine { error: error.to_string() })?,
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

fn adjudicate<'a>(map: &diplomacy::geo::Map, input: &'a Input) -> Output<'a> {
    let units: Vec<UnitPosition<'static, RegionKey>> = input.units.iter().filter_map(unit_position).collect();
    let parsed: Vec<Option<MappedMainOrder>> = input.orders.iter().map(|line| their_order(line)).collect();
    let orders = with_supported_coasts(parsed.iter().flatten().cloned().collect());
    let submission = Submission::new(map, &units, orders);
    let outcome = submission.adjudicate(Rulebook::edition_2023());
    let mut submitted = submission.submitted_orders();
    let results = input
        .orders
        .iter()
        .zip(&parsed)
        .map(|(line, parsed)| {
            let state = parsed.as_ref().and_then(|_| submitted.next()).and_then(|order| outcome.get(order));
            let result = match state.map(OrderState::from) {
                Some(OrderState::Succeeds) => "succeeds",
                Some(OrderState::Fails) => "fails",
                None => "invalid",
            };
            OrderResult { order: line, result }
        })
        .collect();
    let start = outcome.to_retreat_start();
    let mut dislodged: Vec<DislodgedUnit> = start
        .retreat_destinations()
        .iter()
        .map(|(unit, destinations)| DislodgedUnit {
            power: unit.nation().to_string(),
            kind: unit.unit.unit_type().short_name().into_owned(),
            at: unit.region.short_name().into_owned(),
            retreats: destinations.available().into_iter().map(|region| region.short_name().into_owned()).collect(),
        })
        .collect();
    // The crate keeps them in a hash map: sorted, so that the same input always gives the same output.
    dislodged.sort_by(|a, b| a.at.cmp(&b.at));
    Output { id: input.id.as_ref(), phase: &input.phase, results, dislodged }
}

fn unit_position(unit: &InputUnit) -> Option<UnitPosition<'static, RegionKey>> {
    let kind: UnitType = unit.kind.parse().ok()?;
    let region: RegionKey = their_region(&unit.at).parse().ok()?;
    Some(UnitPosition::new(Unit::new(Cow::Owned(nation(&unit.power)), kind), region))
}

/// The crate compares nations as strings: every power is written as its three-letter abbreviation.
fn nation(power: &str) -> Nation {
    Nation::from(power.trim().get(..3).unwrap_or(power).to_ascii_uppercase().as_str())
}

/// `stp/sc` in the crate's spelling, `stp(sc)`.
fn their_region(location: &str) -> Cow<'_, str> {
    match location.split_once('/') {
        Some((province, coast)) => Cow::Owned(format!("{province}({coast})")),
        None => Cow::Borrowed(location),
    }
}

/// `France: A mun S A par - bur` as `FRA: A mun supports A par -> bur`, read by the crate's parser.
fn their_order(line: &str) -> Option<MappedMainOrder> {
    let (power, body) = line.split_once(':')?;
    let mut words = vec![format!("{}:", nation(power))];
    for word in body.split_whitespace() {
        words.push(match word {
            "-" => "->".to_string(),
            "S" => "supports".to_string(),
            "C" => "convoys".to_string(),
            "H" => "hold".to_string(),
            _ => their_region(word).into_owned(),
        });
    }
    words.join(" ").parse().ok()
}

/// Judge notation names a supported move's destination by province, but the crate matches a support to
/// a move only when both name the same region: a fleet's move to `spa(nc)` is supported to `spa(nc)`.
fn with_supported_coasts(mut orders: Vec<MappedMainOrder>) -> Vec<MappedMainOrder> {
    let moves: Vec<(RegionKey, RegionKey)> = orders
        .iter()
        .filter_map(|order| match &order.command {
            MainCommand::Move(command) => Some((order.region.clone(), command.dest().clone())),
            _ => None,
        })
        .collect();
    for order in &mut orders {
        if let MainCommand::Support(SupportedOrder::Move(_, from, to)) = &mut order.command
            && let Some((_, dest)) =
                moves.iter().find(|(mover, dest)| mover == from && dest.province() == to.province())
        {
            *to = dest.clone();
        }
    }
    orders
}
