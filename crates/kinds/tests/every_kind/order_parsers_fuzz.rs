//! Fuzzing every kind's order parser through `check_orders` (issue 14): the judge's notation, each
//! kind's extra lines (bribes, Fund Diversions and CIO forms, Terrorism I's money and agency lines,
//! Cabinet motions) and Covert Operations' comma lines. A sheet is arbitrary text (any characters,
//! controls and NUL included) or a soup of each kind's own words, numbers and punctuation, which
//! reaches deeper into the parsers than random text does. The property: checking never panics, and
//! every refused line says why and points at a line of the sheet.
//!
//! The kinds come from the registry (`Kind::ALL`), each fuzzed also with its own notation's words.
//! Runs `PROPTEST_CASES` cases per kind (64 by default, to keep the suite fast); the figures of a
//! longer run are in `docs/security.md`.

use kinds::{AnyGame, Kind};
use proptest::prelude::*;

/// The words the parsers look for, across every kind, with provinces, powers and numbers.
const WORDS: &[&str] = &[
    // the judge's notation
    "A",
    "F",
    "par",
    "bur",
    "mun",
    "stp/sc",
    "spa/nc",
    "bul",
    "-",
    "->",
    "S",
    "C",
    "H",
    "D",
    "R",
    "VIA",
    "Build",
    "Remove",
    "Waive",
    "Austria:",
    "France:",
    "England",
    "Russia",
    "Turkey",
    "Italy",
    "Germany",
    // Diplobucks
    "BRIBE",
    "DB",
    "nmr",
    "support",
    "hold",
    "disband",
    "move",
    "to",
    "France",
    "800",
    ":",
    "Italy",
    // Covert Dip
    "FD",
    "CIO",
    "ask",
    "c",
    "u",
    "VOTE",
    "yes",
    "no",
    "DISCLOSE",
    "block",
    // Terrorism I
    "build",
    "demob",
    "remove",
    "capital",
    "cede",
    "permit",
    "found",
    "establish",
    "contribute",
    "levy",
    "rename",
    "open",
    "close",
    "transfer",
    "bid",
    "KGB",
    "CIA",
    "IN",
    "AS",
    "Ruhr",
    "Front",
    "this",
    "turn",
    "ruh",
    "from",
    // Cabinet Diplomacy II
    "RELIEVE",
    "APPOINT",
    "COUP",
    "WITH",
    "SECEDE",
    "SIGN",
    "ACCEPT",
    "WITHDRAW",
    "general",
    "admiral",
    "person",
    "standby",
    // numbers that break naive arithmetic
    "0",
    "1",
    "3",
    "-1",
    "999999999999999999999",
    "4294967296",
    "2147483648",
    "1e9",
    "0x10",
];

/// Covert Operations' comma lines: one-letter orders and the long ones, with countries and amounts.
const COMMA_WORDS: &[&str] = &[
    "A",
    "B",
    "G",
    "K",
    "R",
    "S",
    "T",
    "C",
    "D",
    "W",
    "I",
    "L",
    "M",
    "X",
    "EMAIL",
    "CODE",
    "DISCARD",
    "RESIGN",
    "STOP",
    "USA",
    "CAN",
    "MEX",
    "UK",
    "FRA",
    "GER",
    "CHN",
    "JPN",
    "1",
    "0",
    "-5",
    "100",
    "99999999999",
    "a@b.example",
    "",
];

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(64)
}

/// Any characters at all, NUL and other controls included.
fn any_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..300).prop_map(|chars| chars.into_iter().collect())
}

/// Lines of `words` joined by spaces, commas and colons, now and then with a stray character.
fn soup(words: Vec<String>) -> impl Strategy<Value = String> {
    let token = prop_oneof![8 => prop::sample::select(words), 1 => any::<char>().prop_map(String::from)];
    let separator = prop::sample::select(&[" ", " ", ",", ", ", ":", "  ", "\t"][..]);
    let line = prop::collection::vec((token, separator), 0..10).prop_map(|parts| {
        parts.into_iter().map(|(token, separator)| format!("{token}{separator}")).collect::<String>()
    });
    prop::collection::vec(line, 0..12).prop_map(|lines| lines.join("\n"))
}

/// The kind's own example lines, cut into words: each kind's notation, taken from the kind itself, so a
/// new kind's words are fuzzed without anyone copying them here.
fn notation_words(kind: Kind) -> Vec<String> {
    let examples = kind.facts().notation.examples();
    examples
        .iter()
        .flat_map(|line| line.split([' ', ',', '-']))
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Any sheet for `kind`: arbitrary text, the shared soups, or a soup of the kind's own notation.
fn sheet_for(kind: Kind) -> impl Strategy<Value = String> {
    prop_oneof![any_text(), soup(owned(WORDS)), soup(owned(COMMA_WORDS)), soup(notation_words(kind))]
}

fn owned(words: &[&str]) -> Vec<String> {
    words.iter().map(|word| (*word).to_owned()).collect()
}

/// A kind from the registry with a sheet for it: registering a kind is what enrols it here.
fn kind_and_sheet() -> impl Strategy<Value = (Kind, String)> {
    prop::sample::select(Kind::ALL).prop_flat_map(|kind| (Just(kind), sheet_for(kind)))
}

/// A fresh game of `kind` with default settings.
fn game(kind: Kind) -> AnyGame {
    AnyGame::new(kind, &serde_json::Value::Null, 7).unwrap_or_else(|error| panic!("{kind:?}: {error}"))
}

/// Checks `text` as every seat's sheet; every refused line must say why and be a line of the sheet.
fn check_every_seat(game: &AnyGame, text: &str) -> Result<(), TestCaseError> {
    let lines = text.lines().count();
    for seat in game.seats() {
        let check = game.check_orders(seat.id, text);
        for rejected in &check.rejected {
            prop_assert!(!rejected.reason.trim().is_empty(), "no reason for {rejected:?}");
            prop_assert!(rejected.line <= lines.max(1), "line {} of a {lines}-line sheet", rejected.line);
        }
    }
    Ok(())
}

proptest! {
    // Every kind gets `cases()` cases of its own, as when each had a property of its own.
    #![proptest_config(ProptestConfig { cases: cases() * Kind::ALL.len() as u32, ..ProptestConfig::default() })]

    #[test]
    fn every_registered_kind_s_sheets_never_panic_its_parser((kind, text) in kind_and_sheet()) {
        check_every_seat(&game(kind), &text)?;
    }
}

#[test]
fn every_registered_kind_offers_notation_words_to_fuzz_with() {
    for &kind in Kind::ALL {
        assert!(!notation_words(kind).is_empty(), "{kind:?} has no example lines");
    }
}

#[test]
fn the_issue_s_nul_sheets_are_checked_without_a_panic() {
    check_every_seat(&game(Kind::TerrorismI), "OPEN KGB\u{0}").unwrap();
    check_every_seat(&game(Kind::CovertOperations), "EMAIL,a@b.example\u{0}").unwrap();
}
