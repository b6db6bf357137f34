//! `judge`: adjudicates standard-map Diplomacy positions given as JSON on standard input, one object
//! (`judge adjudicate`) or JSON Lines (`judge adjudicate --batch`). See the crate README for the format.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use judge::Map;
use judge_cli::adjudication::adjudicate;
use judge_cli::compact::CompactWriter;
use judge_cli::wire::{ErrorLine, Request};
use serde::Serialize;

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
    let request = match Request::from_json(&input) {
        Ok(request) => request,
        Err(error) => return Ok(fail(UNREADABLE_INPUT, &error.to_string())),
    };
    match adjudicate(map, &request) {
        Ok(answer) => {
            let mut out = BufWriter::new(io::stdout().lock());
            serde_json::to_writer_pretty(&mut out, &answer)?;
            writeln!(out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => Ok(fail(UNREADABLE_INPUT, &error.to_string())),
    }
}

/// Batch mode: answers are written through one buffer and sent whenever no more input is waiting, so a
/// piped file is answered in large writes while a program that converses line by line (it writes a
/// line, then waits for the answer) gets each answer as soon as it is ready.
fn adjudicate_lines(map: &Map) -> io::Result<ExitCode> {
    // Bigger than standard input's own buffer, which then reads straight into this one: what this
    // buffer holds is all the input read and not yet answered.
    let mut input = BufReader::with_capacity(BUFFER_BYTES, io::stdin().lock());
    let mut out = BufWriter::with_capacity(BUFFER_BYTES, io::stdout().lock());
    let writer = CompactWriter::new(map);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        if write_answer(&writer, &line, &mut out)? && input.buffer().is_empty() {
            out.flush()?;
        }
    }
}

const BUFFER_BYTES: usize = 64 * 1024;

/// Writes the JSON line answering one input line; `false` (and nothing written) for a blank line.
fn write_answer(writer: &CompactWriter, line: &[u8], out: &mut impl Write) -> io::Result<bool> {
    let Ok(text) = std::str::from_utf8(line) else {
        write_line(out, &ErrorLine { id: None, error: "the line is not UTF-8".to_string() })?;
        return Ok(true);
    };
    if text.trim().is_empty() {
        return Ok(false);
    }
    let request = match Request::from_json_keeping_id(text) {
        Ok(request) => request,
        Err((id, error)) => {
            write_line(out, &ErrorLine { id, error: error.to_string() })?;
            return Ok(true);
        }
    };
    match adjudicate(writer.map(), &request) {
        Ok(answer) => {
            writer.write(&answer, out)?;
            out.write_all(b"\n")?;
        }
        Err(error) => write_line(out, &ErrorLine { id: request.id.clone(), error: error.to_string() })?,
    }
    Ok(true)
}

fn write_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}
