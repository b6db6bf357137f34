//! The `covert-ops` command line: `new` prints a state, `day` plays it; bad input is a clear error.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

fn covert_ops(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_covert-ops"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start covert-ops");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("covert-ops finishes")
}

fn json_out(output: &Output) -> Value {
    assert!(output.status.success(), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

#[test]
fn cli_plays_a_game_day_by_day() {
    // See: issue 5 item 8
    let state = json_out(&covert_ops(&["new", "--players", "3", "--seed", "9"], ""));
    assert_eq!(state["players"].as_array().map(Vec::len), Some(3));
    assert_eq!(state["day"], 0);
    let input = json!({ "state": state, "orders": { "1": "B,FRA,5\nnonsense", "2": "I,GER" } });
    let day1 = json_out(&covert_ops(&["day"], &input.to_string()));
    assert_eq!(day1["state"]["day"], 1);
    assert_eq!(day1["reports"]["1"]["orders"][0]["order"], "B,FRA,5");
    assert_eq!(day1["reports"]["1"]["line_errors"][0]["line"], 2);
    assert_eq!(day1["reports"]["2"]["position"]["cash"], 20 - 4 + 5);
    assert!(day1["news"].is_array());
    let input = json!({ "state": day1["state"], "orders": {} });
    let day2 = json_out(&covert_ops(&["day"], &input.to_string()));
    assert_eq!(day2["state"]["day"], 2);
}

#[test]
fn cli_same_input_gives_the_same_output() {
    // See: issue 5 item 7; rulings 0.4
    let state = json_out(&covert_ops(&["new", "--players", "4", "--seed", "5"], ""));
    let input = json!({ "state": state, "orders": { "1": "K,FRA,10\nT,GER,5", "3": "R,ITA,12" } }).to_string();
    assert_eq!(covert_ops(&["day"], &input).stdout, covert_ops(&["day"], &input).stdout);
}

#[test]
fn cli_refuses_malformed_or_hostile_input_with_a_message() {
    // See: brief "bad input gets a clear error"; issue 5 item 8
    let bad_json = covert_ops(&["day"], "{not json");
    assert!(!bad_json.status.success());
    assert!(String::from_utf8_lossy(&bad_json.stderr).contains("bad input JSON"));

    let mut state = json_out(&covert_ops(&["new", "--players", "2", "--seed", "1"], ""));
    let unknown = json!({ "state": state, "orders": { "7": "B,FRA,1" } });
    let output = covert_ops(&["day"], &unknown.to_string());
    assert!(String::from_utf8_lossy(&output.stderr).contains("player 7"));

    state["players"][0]["queue"] = json!([{ "order": "arms", "country": "FRA", "units": 4_000_000_000u32 }]);
    let output = covert_ops(&["day"], &json!({ "state": state }).to_string());
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid queued order"));

    state["players"][0]["queue"] = json!([]);
    state["day"] = json!(u32::MAX);
    let output = covert_ops(&["day"], &json!({ "state": state }).to_string());
    assert!(String::from_utf8_lossy(&output.stderr).contains("day counter"));
}

#[test]
fn cli_map_lists_every_country_with_its_neighbours() {
    // See: rulings 5.1 (the map is data)
    let map = json_out(&covert_ops(&["map"], ""));
    let countries = map.as_array().expect("array");
    assert!(countries.iter().any(|c| c["code"] == "JAP" && c["neighbours"].as_array().is_some_and(Vec::is_empty)));
}

#[test]
fn cli_new_takes_game_parameters_and_refuses_invalid_ones() {
    // See: rulings 5.2 "game parameters with documented defaults that the GM may change per game"
    let state =
        json_out(&covert_ops(&["new", "--players", "2", "--seed", "1", "--params", r#"{"start_cash": 33}"#], ""));
    assert_eq!(state["players"][0]["cash"], 33);
    assert_eq!(state["params"]["covert"]["spy_bonus"], 3, "unnamed parameters keep their defaults");
    let harder_terror = r#"{"covert": {"terrorism_difficulty": 50}}"#;
    let output = covert_ops(&["new", "--players", "2", "--seed", "1", "--params", harder_terror], "");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("terrorism < assassination < revolution"));
}
