//! Runs the built `judge` binary, as a user would, and reads its answers.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// `input` as text, or as bytes that need not be UTF-8.
pub fn run(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the judge binary starts");
    child.stdin.take().expect("stdin is piped").write_all(input.as_ref()).expect("the judge reads its input");
    child.wait_with_output().expect("the judge finishes")
}

/// `judge adjudicate` on one input that it must accept.
pub fn adjudicate(input: &Value) -> Value {
    let output = run(&["adjudicate"], input.to_string());
    assert!(output.status.success(), "judge failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("the result is JSON")
}

/// `judge adjudicate --batch` on JSON Lines text: one parsed answer per output line.
pub fn batch_text(input: &str) -> Vec<Value> {
    let output = run(&["adjudicate", "--batch"], input);
    assert_eq!(output.status.code(), Some(0), "batch mode exits 0: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout)
        .expect("output is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each output line is JSON"))
        .collect()
}

pub fn batch(inputs: &[Value]) -> Vec<Value> {
    let text: String = inputs.iter().map(|input| format!("{input}\n")).collect();
    batch_text(&text)
}
