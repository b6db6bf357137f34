//! Fuzzing every kind's order parser through `check_orders` (issue 14): the judge's notation, each
//! kind's extra lines (bribes, Fund Diversions and CIO forms, Terrorism I's money and agency lines,
//! Cabinet motions) and Covert Operations' comma lines. A sheet is arbitrary text (any characters,
//! controls and NUL included) or a soup of each kind's own words, numbers and punctuation, which
//! reaches deeper into the parsers than random text does. The property: checking never panics, and
//! every refused line says why and points at a line of the sheet.
//!
//! Runs `PROPTEST_CASES` cases per property (64 by default, to keep the suite fast); the figures of a
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
fn soup(words: &'static [&'static str]) -> impl Strategy<Value = String> {
    let token = prop_oneof![8 => prop::sample::select(words).prop_map(str::to_owned), 1 => any::<char>().prop_map(String::from)];
    let separator = prop::sample::select(&[" ", " ", ",", ", ", ":", "  ", "\t"][..]);
    let line = prop::collection::vec((token, separator), 0..10).prop_map(|parts| {
        parts.into_iter().map(|(token, separator)| format!("{token}{separator}")).collect::<String>()
    });
    prop::collection::vec(line, 0..12).prop_map(|lines| lines.join("\n"))
}

fn sheet() -> impl Strategy<Value = String> {
    prop_oneof![any_text(), soup(WORDS), soup(COMMA_WORDS)]
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
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn standard_sheets_never_panic_the_judge_s_parser(text in sheet()) {
        check_every_seat(&game(Kind::Standard), &text)?;
    }

    #[test]
    fn diplobucks_sheets_never_panic_the_bribe_parser(text in sheet()) {
        check_every_seat(&game(Kind::Diplobucks), &text)?;
    }

    #[test]
    fn covert_dip_sheets_never_panic_the_fund_diversion_and_cio_parser(text in sheet()) {
        check_every_seat(&game(Kind::CovertDip), &text)?;
    }

    #[test]
    fn terrorism_sheets_never_panic_the_money_and_agency_parser(text in sheet()) {
        check_every_seat(&game(Kind::TerrorismI), &text)?;
    }

    #[test]
    fn cabinet_sheets_never_panic_the_motion_parser(text in sheet()) {
        check_every_seat(&game(Kind::CabinetDiplomacy), &text)?;
    }

    #[test]
    fn covert_operations_sheets_never_panic_the_comma_line_parser(text in sheet()) {
        check_every_seat(&game(Kind::CovertOperations), &text)?;
    }
}

#[test]
fn the_issue_s_nul_sheets_are_checked_without_a_panic() {
    check_every_seat(&game(Kind::TerrorismI), "OPEN KGB\u{0}").unwrap();
    check_every_seat(&game(Kind::CovertOperations), "EMAIL,a@b.example\u{0}").unwrap();
}
