//! `judge adjudicate` as `shared/specs/judge-cli.md` describes it, through the built binary.

mod common;

use common::{adjudicate, batch, batch_text, run};
use serde_json::{Value, json};

fn units(answer: &Value) -> Vec<String> {
    let mut units: Vec<String> = answer["next"]["units"]
        .as_array()
        .expect("next.units is a list")
        .iter()
        .map(|unit| {
            format!(
                "{} {} {}",
                unit["power"].as_str().unwrap(),
                unit["type"].as_str().unwrap(),
                unit["at"].as_str().unwrap()
            )
        })
        .collect();
    units.sort();
    units
}

fn result(answer: &Value, index: usize) -> (&str, &str, &str) {
    let entry = &answer["results"][index];
    (
        entry["result"].as_str().unwrap_or(""),
        entry["power"].as_str().unwrap_or("-"),
        entry["reason"].as_str().unwrap_or(""),
    )
}

fn centers_of<'a>(answer: &'a Value, power: &str) -> Vec<&'a str> {
    answer["next"]["supply_centers"][power].as_array().map_or(Vec::new(), |centers| {
        centers.iter().map(|center| center.as_str().expect("centers are names")).collect()
    })
}

#[test]
fn the_id_is_echoed_as_given_and_stays_absent_when_absent() {
    let position = json!({"phase": "S1901M", "units": [], "orders": []});
    let ids = [json!("6.A.1"), json!(7), json!({"game": 3, "turn": [1, 2]}), Value::Null];
    let mut inputs: Vec<Value> = ids
        .iter()
        .map(|id| {
            let mut input = position.clone();
            input["id"] = id.clone();
            input
        })
        .collect();
    inputs.push(position.clone());
    let answers = batch(&inputs);
    assert_eq!(answers.len(), 5);
    for (answer, id) in answers.iter().zip(&ids) {
        assert_eq!(answer.get("id"), Some(id), "id {id} echoed");
    }
    assert_eq!(answers[4].get("id"), None, "no id in, no id out");
    assert_eq!(adjudicate(&position).get("id"), None, "single mode: no id in, no id out");
}

#[test]
fn a_bad_line_in_a_batch_gives_an_error_line_and_the_batch_goes_on() {
    let good = json!({"id": "good", "phase": "S1901M", "units": [{"power": "France", "type": "A", "at": "par"}], "orders": ["A par - bur"]});
    let two_in_one = json!({"id": "two", "phase": "S1901M", "units": [
        {"power": "France", "type": "A", "at": "par"}, {"power": "Germany", "type": "A", "at": "par"}]});
    let unknown_province =
        json!({"id": 3, "phase": "S1901M", "units": [{"power": "France", "type": "A", "at": "atlantis"}]});
    let input = format!("{good}\n{{not json\n\n   \n{two_in_one}\n{unknown_province}\n[1, 2]\n{good}\n");
    let answers = batch_text(&input);
    assert_eq!(answers.len(), 6, "one answer per non-blank line: {answers:?}");
    assert_eq!(answers[0]["id"], "good");
    assert_eq!(units(&answers[0]), ["France A bur"]);
    assert_eq!(answers[1].get("id"), None, "no id can be read from broken JSON");
    assert!(answers[1]["error"].as_str().unwrap().contains("not valid JSON"));
    assert_eq!(answers[2]["id"], "two");
    assert_eq!(answers[2]["error"], "two units in par");
    assert_eq!(answers[3]["id"], 3);
    assert!(answers[3]["error"].as_str().unwrap().contains("atlantis"));
    assert!(answers[4]["error"].as_str().unwrap().contains("object"));
    assert_eq!(answers[5]["id"], "good", "the batch went on to the end");
    assert_eq!(units(&answers[5]), ["France A bur"]);
}

#[test]
fn single_mode_exits_2_with_the_reason_on_stderr_for_input_it_cannot_adjudicate() {
    let refused = [
        ("{\"phase\": \"S1901M\", ", "not valid JSON"),
        ("", "not valid JSON"),
        (r#"{"phase": "S1901X", "units": []}"#, "is not a phase"),
        (r#"{"phase": "S1901M"}"#, "missing field `units`"),
        (r#"{"phase": "S1901M", "units": [], "unit": []}"#, "unknown field `unit`"),
        (
            r#"{"phase": "S1901M", "units": [{"power": "Prussia", "type": "A", "at": "ber"}]}"#,
            "`Prussia` is not a power",
        ),
        (
            r#"{"phase": "S1901M", "units": [{"power": "Germany", "type": "A", "at": "xyz"}]}"#,
            "`xyz` is not a province",
        ),
        (
            r#"{"phase": "S1901M", "units": [{"power": "Germany", "type": "F", "at": "mun"}]}"#,
            "a fleet cannot stand inland",
        ),
        (
            r#"{"phase": "S1901M", "units": [{"power": "Germany", "type": "A", "at": "nth"}]}"#,
            "an army cannot stand at sea",
        ),
        (
            r#"{"phase": "S1901M", "units": [{"power": "Russia", "type": "F", "at": "stp"}]}"#,
            "must name its coast (stp/nc or stp/sc)",
        ),
        (r#"{"phase": "S1901M", "units": [{"power": "Russia", "type": "F", "at": "mos/nc"}]}"#, "not a coast"),
        (
            r#"{"phase": "S1901M", "units": [{"power": "Russia", "type": "F", "at": "stp/nc"}, {"power": "Russia", "type": "A", "at": "stp"}]}"#,
            "two units in stp",
        ),
        (
            r#"{"phase": "S1901M", "units": [], "dislodged": [{"power": "Germany", "type": "A", "at": "ber", "attacked_from": "sil"}]}"#,
            "only allowed in a retreat phase",
        ),
        (
            r#"{"phase": "W1901A", "units": [], "supply_centers": {"France": ["par", "bur"]}}"#,
            "`bur` is not a supply center",
        ),
        (
            r#"{"phase": "W1901A", "units": [], "supply_centers": {"France": ["bel"], "Germany": ["bel"]}}"#,
            "bel is given to both",
        ),
        (r#"{"phase": "S1901M", "units": [], "orders": "A par H"}"#, "`orders` must be a list"),
    ];
    for (input, reason) in refused {
        let output = run(&["adjudicate"], input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "`{input}` exits 2 ({stderr})");
        assert!(stderr.contains(reason), "`{input}`: stderr `{stderr}` should say `{reason}`");
        assert!(output.stdout.is_empty(), "`{input}`: nothing on stdout");
    }
}

#[test]
fn an_unreadable_order_line_is_an_invalid_result_and_the_other_orders_apply() {
    let answer = adjudicate(&json!({
        "phase": "S1901M",
        "units": [{"power": "France", "type": "A", "at": "par"}, {"power": "England", "type": "F", "at": "lon"}],
        "orders": ["A par - bur", "England: F lon ~~ nth", "Prussia: A ber H", "F lon - nth", ""],
    }));
    assert_eq!(answer["results"].as_array().unwrap().len(), 5, "one result per line given");
    assert_eq!(result(&answer, 0), ("succeeds", "France", ""));
    let (verdict, power, reason) = result(&answer, 1);
    assert_eq!((verdict, power), ("invalid", "England"), "an unreadable line keeps the power it names");
    assert!(reason.starts_with("unreadable:"), "{reason}");
    let (verdict, power, reason) = result(&answer, 2);
    assert_eq!((verdict, power), ("invalid", "-"));
    assert!(reason.contains("`Prussia` is not a power"), "{reason}");
    assert_eq!(result(&answer, 3), ("succeeds", "England", ""));
    assert_eq!(result(&answer, 4).0, "invalid", "an empty line is an unreadable order");
    assert_eq!(units(&answer), ["England F nth", "France A bur"]);
}

#[test]
fn the_power_prefix_is_checked_and_a_missing_power_is_inferred() {
    let movement = adjudicate(&json!({
        "phase": "S1901M",
        "units": [{"power": "France", "type": "A", "at": "par"}, {"power": "Germany", "type": "A", "at": "mun"}],
        "orders": ["A par - bur", "France: A mun - ruh"],
    }));
    assert_eq!(result(&movement, 0), ("succeeds", "France", ""), "the order belongs to the unit's owner");
    let (verdict, power, reason) = result(&movement, 1);
    assert_eq!((verdict, power), ("invalid", "France"));
    assert_eq!(reason, "the unit belongs to Germany");
    assert_eq!(units(&movement), ["France A bur", "Germany A mun"]);

    let adjustment = adjudicate(&json!({
        "phase": "W1901A",
        "units": [{"power": "France", "type": "A", "at": "bur"}, {"power": "Russia", "type": "A", "at": "ukr"}],
        "orders": ["Build A par", "Build F stp/nc", "Waive", "RUS: Waive", "fra: Build F bre", "Build A bur"],
    }));
    assert_eq!(result(&adjustment, 0), ("succeeds", "France", ""), "a build belongs to the power whose home it is");
    assert_eq!(result(&adjustment, 1), ("succeeds", "Russia", ""));
    let (verdict, power, reason) = result(&adjustment, 2);
    assert_eq!((verdict, power), ("invalid", "-"), "a Waive without a power is invalid");
    assert_eq!(reason, "no power given and none can be inferred");
    assert_eq!(result(&adjustment, 3), ("succeeds", "Russia", ""));
    assert_eq!(result(&adjustment, 4), ("succeeds", "France", ""));
    assert_eq!(result(&adjustment, 5), ("invalid", "-", "bur is not a home center of this power"));
    assert_eq!(
        units(&adjustment),
        ["France A bur", "France A par", "France F bre", "Russia A ukr", "Russia F stp/nc"],
        "France builds both builds due, Russia one and a waive of its three"
    );
}

/// Spring 1901: Russia dislodges the German army in Berlin.
fn russia_takes_berlin() -> Value {
    adjudicate(&json!({
        "phase": "S1901M",
        "units": [
            {"power": "Germany", "type": "A", "at": "ber"},
            {"power": "Russia", "type": "A", "at": "sil"},
            {"power": "Russia", "type": "A", "at": "pru"},
        ],
        "orders": ["A sil - ber", "A pru S A sil - ber"],
    }))
}

#[test]
fn a_phase_with_nothing_to_decide_is_skipped() {
    let quiet_spring = adjudicate(&json!({
        "phase": "S1901M",
        "units": [{"power": "France", "type": "A", "at": "par"}],
        "orders": ["A par - bur"],
    }));
    assert_eq!(quiet_spring["next"]["phase"], "F1901M", "no dislodgement: no retreat phase");

    let fighting_spring = russia_takes_berlin();
    let next = &fighting_spring["next"];
    assert_eq!(next["phase"], "S1901R");
    assert_eq!(
        next["dislodged"],
        json!([{"power": "Germany", "type": "A", "at": "ber", "attacked_from": "sil", "by_convoy": false,
                "retreats": ["kie", "mun"]}])
    );

    let quiet_fall = adjudicate(&json!({"phase": "F1901M", "units": [
        {"power": "England", "type": "F", "at": "lon"}, {"power": "England", "type": "F", "at": "edi"},
        {"power": "England", "type": "A", "at": "lvp"}], "supply_centers": {"England": ["lon", "edi", "lvp"]}}));
    assert_eq!(quiet_fall["next"]["phase"], "S1902M", "no builds or removals anywhere: no adjustment phase");
}

#[test]
fn next_is_valid_input_and_centers_change_hands_only_after_the_fall() {
    let spring = adjudicate(&json!({
        "id": "year",
        "phase": "S1901M",
        "units": [{"power": "Germany", "type": "F", "at": "kie"}, {"power": "Germany", "type": "A", "at": "mun"}],
        "orders": ["F kie - hol", "A mun - ruh"],
    }));
    assert_eq!(spring["next"]["phase"], "F1901M");
    assert_eq!(centers_of(&spring, "Germany"), ["ber", "kie", "mun"], "nothing changes hands in the spring");

    let mut fall = spring["next"].clone();
    fall["orders"] = json!(["F hol H", "A ruh - bel"]);
    let fall = adjudicate(&fall);
    assert_eq!(fall["next"]["phase"], "W1901A", "Germany has builds to make");
    assert_eq!(centers_of(&fall, "Germany"), ["bel", "ber", "hol", "kie", "mun"]);

    let mut winter = fall["next"].clone();
    winter["orders"] = json!(["Build F kie", "Build A ber", "Build A mun"]);
    let winter = adjudicate(&winter);
    assert_eq!(winter["next"]["phase"], "S1902M");
    assert_eq!(units(&winter), ["Germany A bel", "Germany A ber", "Germany A mun", "Germany F hol", "Germany F kie"]);
}

#[test]
fn a_retreat_phase_round_trips_and_given_retreats_are_authoritative() {
    let spring = russia_takes_berlin();
    let mut retreat = spring["next"].clone();
    retreat["orders"] = json!(["A ber R kie"]);
    let after = adjudicate(&retreat);
    assert_eq!(result(&after, 0), ("succeeds", "Germany", ""));
    assert_eq!(after["next"]["phase"], "F1901M");
    assert_eq!(after["next"]["dislodged"], json!([]));
    assert_eq!(units(&after), ["Germany A kie", "Russia A ber", "Russia A pru"]);

    let mut restricted = spring["next"].clone();
    restricted["dislodged"][0]["retreats"] = json!(["mun"]);
    restricted["orders"] = json!(["A ber - kie"]);
    let refused = adjudicate(&restricted);
    assert_eq!(result(&refused, 0).0, "invalid", "kie is not among the given retreats");
    assert_eq!(units(&refused), ["Russia A ber", "Russia A pru"], "a unit without a valid retreat disbands");
}

#[test]
fn long_phase_names_are_read_and_codes_are_written() {
    for (long, code) in [
        ("Spring 1901 Movement", "S1901M"),
        ("fall 1905 movement", "F1905M"),
        ("Fall 1903 Retreat", "F1903R"),
        ("Winter 1902 Adjustment", "W1902A"),
    ] {
        let answer = adjudicate(&json!({"phase": long, "units": [], "supply_centers": {}}));
        assert_eq!(answer["phase"], code, "{long}");
    }
}

#[test]
fn aliases_are_read_and_canonical_spellings_written() {
    let answer = adjudicate(&json!({
        "phase": "S1901M",
        "units": [
            {"power": "ENG", "type": "fleet", "at": "NAT"},
            {"power": "eng", "type": "F", "at": "ech"},
            {"power": "france", "type": "F", "at": "Mid-Atlantic Ocean"},
            {"power": "FRA", "type": "f", "at": "gol"},
            {"power": "Russia", "type": "F", "at": "St. Petersburg south coast"},
            {"power": "TUR", "type": "F", "at": "bul (ec)"},
            {"power": "ITA", "type": "army", "at": "Rome"},
        ],
        "orders": ["England: F nat - nrg", "F ech - Irish Sea", "F mid - spa nc", "F gol H", "F stp(sc) - bot",
                   "F bul/ec H", "A rom -> tus"],
    }));
    let results: Vec<&str> = (0..7).map(|index| result(&answer, index).0).collect();
    assert_eq!(results, ["succeeds"; 7], "{answer}");
    assert_eq!(
        units(&answer),
        [
            "England F iri",
            "England F nwg",
            "France F lyo",
            "France F spa/nc",
            "Italy A tus",
            "Russia F bot",
            "Turkey F bul/ec"
        ]
    );
    let powers: Vec<&str> = answer["next"]["supply_centers"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(powers, ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]);

    let seas = adjudicate(&json!({"phase": "S1901M", "units": [
        {"power": "England", "type": "F", "at": "North Atlantic Ocean"}, {"power": "England", "type": "F", "at": "Norwegian Sea"},
        {"power": "France", "type": "F", "at": "mid"}, {"power": "France", "type": "F", "at": "Gulf of Lyon"},
        {"power": "France", "type": "F", "at": "English Channel"}]}));
    assert_eq!(units(&seas), ["England F nao", "England F nwg", "France F eng", "France F lyo", "France F mao"]);
}

#[test]
fn every_order_notation_the_spec_lists_is_read() {
    let movement = json!({"phase": "S1901M", "units": [
        {"power": "France", "type": "A", "at": "par"}, {"power": "England", "type": "A", "at": "lon"},
        {"power": "England", "type": "F", "at": "nth"}, {"power": "Germany", "type": "A", "at": "mun"}]});
    let retreat = json!({"phase": "S1901R", "units": [],
        "dislodged": [{"power": "Germany", "type": "A", "at": "ber", "attacked_from": "pru"}]});
    let adjustment = json!({"phase": "W1901A", "units": [{"power": "France", "type": "A", "at": "bur"}]});
    let notations = [
        (&movement, ["A par H", "A par holds", "A par - bur", "A par -> bur", "par - bur"].as_slice()),
        (&movement, &["A lon - bel via convoy", "A lon - bel VIA", "F nth C A lon - bel", "nth C lon - bel"]),
        (&movement, &["A mun S A par - bur", "A mun S A par", "A mun S A par H", "mun S par"]),
        (&retreat, &["A ber R sil", "A ber - sil", "A ber D", "A ber disband", "ber R sil"]),
        (&adjustment, &["Build A par", "A par B", "Build F stp/nc", "France: Waive"]),
        (&adjustment, &["Remove A bur", "A bur D", "Disband A bur", "Disband bur"]),
    ];
    // One input per line, so that no order replaces another for the same unit.
    let inputs: Vec<Value> = notations
        .iter()
        .flat_map(|(position, lines)| {
            lines.iter().map(|line| {
                let mut input = (*position).clone();
                input["id"] = json!(line);
                input["orders"] = json!([line]);
                input
            })
        })
        .collect();
    for answer in batch(&inputs) {
        let reason = answer["results"][0]["reason"].as_str().unwrap_or("");
        assert!(!reason.starts_with("unreadable"), "`{}` should be read: {reason}", answer["id"]);
        assert_eq!(answer["results"].as_array().map(Vec::len), Some(1), "{answer}");
    }
}
