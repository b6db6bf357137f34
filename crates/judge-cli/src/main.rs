//! `judge`: adjudicates standard-map Diplomacy positions given as JSON on standard input, one object
//! (`judge adjudicate`) or JSON Lines (`judge adjudicate --batch`). See the crate README for the format.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use judge::Map;
use judge_cli::adjudication::adjudicate;
use judge_cli::wire::{ErrorLine, Request, WireError};
use serde_json::Value;

/// Exit status for input that cannot be read as a position (single mode).
const UNREADABLE_INPUT: u8 = 2;
/// Exit status when standard input or output fails, or the built-in map does not load.
const FAILURE: u8 = 1;

#[derive(Parser)]
#[command(name = "judge", version, about = "Adjudicates standard-map Diplomacy positions given as JSON")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Reads a position with orders (one JSON object) on standard input and writes the result.
    Adjudicate {
        /// Read JSON Lines instead: one position per line, one result line each, in order. A line that
        /// cannot be adjudicated gives `{"id": ..., "error": ...}` and the batch goes on.
        #[arg(long)]
        batch: bool,
    },
}

fn main() -> ExitCode {
    let Command::Adjudicate { batch } = Cli::parse().command;
    let map = match Map::standard() {
        Ok(map) => map,
        Err(error) => return fail(FAILURE, &format!("the standard map does not load: {error}")),
    };
    let outcome = if batch { adjudicate_lines(&map) } else { adjudicate_one(&map) };
    match outcome {
        Ok(code) => code,
        Err(error) => fail(FAILURE, &format!("{error}")),
    }
}

fn fail(code: u8, reason: &str) -> ExitCode {
    eprintln!("judge: {reason}");
    ExitCode::from(code)
}

/// Single mode: the whole of standard input is one position; the result is pretty-printed for people.
fn adjudicate_one(map: &Map) -> io::Result<ExitCode> {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        return Ok(fail(UNREADABLE_INPUT, &format!("cannot read standard input: {error}")));
    }
    match Request::from_json(&input).and_then(|request| adjudicate(map, &request)) {
        Ok(response) => {
            let mut out = io::stdout().lock();
            serde_json::to_writer_pretty(&mut out, &response)?;
            writeln!(out)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => Ok(fail(UNREADABLE_INPUT, &error.to_string())),
    }
}

/// Batch mode: each line answered as soon as it is read, so that a program can converse line by line.
fn adjudicate_lines(map: &Map) -> io::Result<ExitCode> {
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(ExitCode::SUCCESS);
        }
        if let Some(answer) = answer_line(map, &line) {
            writeln!(out, "{answer}")?;
            out.flush()?;
        }
    }
}

/// The JSON line answering one input line; `None` for a blank line.
fn answer_line(map: &Map, line: &[u8]) -> Option<String> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Some(error_line(None, "the line is not UTF-8".to_string()));
    };
    if text.trim().is_empty() {
        return None;
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(error) => return Some(error_line(None, WireError::Json(error).to_string())),
    };
    let id = value.get("id").cloned();
    let answer = Request::from_value(value).and_then(|request| adjudicate(map, &request));
    Some(match answer {
        Ok(response) => serde_json::to_string(&response).expect(WRITABLE),
        Err(error) => error_line(id, error.to_string()),
    })
}

/// Results hold only strings, lists, string-keyed maps and JSON values, which always serialise.
const WRITABLE: &str = "a result always serialises";

fn error_line(id: Option<Value>, error: String) -> String {
    serde_json::to_string(&ErrorLine { id, error }).expect(WRITABLE)
}
