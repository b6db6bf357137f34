//! The exact bytes `judge adjudicate` writes, pinned: programs compare and store its output, so a change
//! made for speed must not change a byte of it. `tests/data/*-output.*` were written by the binary before
//! the input and output were rewritten for speed (issue 13), from the inputs beside them: twelve
//! generated full-board phases (`cargo run -p judge --example batch_phases -- 12`), aliases and odd ids,
//! retreat and adjustment phases, and every kind of error line.

// Only `run` is needed here; the other helpers serve the other test binaries.
#[allow(dead_code)]
mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const BATCH_INPUT: &[u8] = include_bytes!("data/batch-input.jsonl");
const BATCH_OUTPUT: &str = include_str!("data/batch-output.jsonl");
const SINGLE_INPUT: &str = include_str!("data/single-input.json");
const SINGLE_OUTPUT: &str = include_str!("data/single-output.json");

/// The first line that differs, for a readable failure instead of two walls of JSON.
fn first_difference(actual: &str, expected: &str) -> String {
    let mismatch = actual.lines().zip(expected.lines()).enumerate().find(|(_, (a, e))| a != e);
    match mismatch {
        Some((index, (a, e))) => format!("line {}:\n  got      {a}\n  expected {e}", index + 1),
        None => format!("{} lines written, {} expected", actual.lines().count(), expected.lines().count()),
    }
}

#[test]
fn a_batch_is_answered_byte_for_byte_as_before() {
    // The input holds a line that is not UTF-8 on purpose, so it goes to the judge as bytes.
    let output = common::run(&["adjudicate", "--batch"], BATCH_INPUT);
    assert_eq!(output.status.code(), Some(0));
    let actual = String::from_utf8(output.stdout).expect("output is UTF-8");
    assert!(actual == BATCH_OUTPUT, "{}", first_difference(&actual, BATCH_OUTPUT));
}

#[test]
fn single_mode_pretty_prints_byte_for_byte_as_before() {
    let output = common::run(&["adjudicate"], SINGLE_INPUT);
    assert_eq!(output.status.code(), Some(0));
    let actual = String::from_utf8(output.stdout).expect("output is UTF-8");
    assert!(actual == SINGLE_OUTPUT, "{}", first_difference(&actual, SINGLE_OUTPUT));
}

#[test]
fn each_batch_answer_is_sent_before_the_next_line_is_written() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["adjudicate", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the judge binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let (answers, received) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if answers.send(line.expect("output is text")).is_err() {
                break;
            }
        }
    });
    // A program conversing with the judge writes a line and waits for its answer: the judge must not
    // hold the answer back in its output buffer until more input or the end of input comes.
    for id in 1..=3 {
        writeln!(input, r#"{{"id": {id}, "phase": "S1901M", "units": [], "orders": []}}"#).expect("the judge reads");
        input.flush().expect("the line is sent");
        let answer = received.recv_timeout(Duration::from_secs(20)).expect("the answer comes while the input is open");
        assert!(answer.starts_with(&format!(r#"{{"id":{id},"#)), "{answer}");
    }
    drop(input);
    assert!(child.wait().expect("the judge finishes").success());
}
