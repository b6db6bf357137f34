//! Judge notation: every spelling the spec lists reads as the same typed order, an order sheet keeps its
//! good lines and reports each bad one, and results explain themselves.

mod common;

use common::{map, position, run};
use judge::{Extensions, Invalid, Order, OrderStatus, ParseError, Position, legal_orders, parse_order, parse_orders};

fn notation(text: &str) -> String {
    let map = map();
    let (power, order) = parse_order(&map, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let prefix = power.map(|p| format!("{}: ", map.power_name(p))).unwrap_or_default();
    format!("{prefix}{}", order.notation(&map))
}

#[test]
fn the_spec_notations_all_read() {
    let cases = [
        ("A par H", "A par H"),
        ("A par holds", "A par H"),
        ("A par - bur", "A par - bur"),
        ("A par -> bur", "A par - bur"),
        ("A lon - bel via convoy", "A lon - bel via convoy"),
        ("A lon - bel VIA", "A lon - bel via convoy"),
        ("A mun S A par - bur", "A mun S A par - bur"),
        ("A mun S A par", "A mun S A par"),
        ("A mun S A par H", "A mun S A par"),
        ("F nth C A lon - bel", "F nth C A lon - bel"),
        ("A ber R sil", "A ber R sil"),
        ("A ber D", "A ber D"),
        ("A ber disband", "A ber D"),
        ("Build A par", "Build A par"),
        ("A par B", "Build A par"),
        ("Build F stp/nc", "Build F stp/nc"),
        ("Remove A par", "Remove A par"),
        ("Disband A par", "A par D"),
        ("Waive", "Waive"),
        ("par - bur", "par - bur"),
        ("England: F nth - pic", "England: F nth - pic"),
        ("ENG: F nth-pic", "England: F nth - pic"),
    ];
    for (input, expected) in cases {
        assert_eq!(notation(input), expected, "{input}");
    }
}

#[test]
fn alternative_names_and_coast_spellings_read_as_canonical() {
    for (input, expected) in [
        ("F nat - nrg", "F nao - nwg"),
        ("F gol - wes", "F lyo - wes"),
        ("F mid - spa(nc)", "F mao - spa/nc"),
        ("F mid - spa (sc)", "F mao - spa/sc"),
        ("F mid - spa nc", "F mao - spa/nc"),
        ("F bot - St. Petersburg south coast", "F bot - stp/sc"),
        ("F English Channel - Mid-Atlantic Ocean", "F eng - mao"),
        ("f ech-mid", "F eng - mao"),
        ("A Munich supports A Paris - Burgundy", "A mun S A par - bur"),
    ] {
        assert_eq!(notation(input), expected, "{input}");
    }
}

#[test]
fn an_order_sheet_keeps_good_lines_and_reports_each_bad_line_with_its_reason() {
    let map = map();
    let sheet = "A par - bur\n\nA mar - xyz\n# a comment\nF bre - mao\nA par flies\n";
    let (orders, errors) = parse_orders(&map, sheet);
    assert_eq!(orders.iter().map(|o| o.line).collect::<Vec<_>>(), [1, 5]);
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0].line, 3);
    assert_eq!(errors[0].error, ParseError::UnknownProvince("xyz".into()));
    assert_eq!(errors[1].line, 6);
    assert!(errors[1].to_string().contains("line 6"), "{}", errors[1]);
}

#[test]
fn unknown_power_and_unknown_coast_are_reported() {
    let map = map();
    assert_eq!(parse_order(&map, "Spain: A mad H"), Err(ParseError::UnknownPower("Spain".into())));
    assert_eq!(parse_order(&map, "F mao - spa/xc"), Err(ParseError::UnknownCoast("xc".into())));
    assert_eq!(parse_order(&map, "Build par"), Err(ParseError::BuildWithoutType));
    assert_eq!(parse_order(&map, ""), Err(ParseError::Empty));
}

#[test]
fn a_bounce_names_the_opponents_and_their_strengths() {
    let map = map();
    let start = position(&map, "S1901M", &["France A par", "Germany A mun"]);
    let result = run(&map, &start, &["A par - bur", "A mun - bur"], &Extensions::default());
    assert_eq!(result.results[0].status.reason(&map), "bounced at bur with strength 1 against Germany's A mun (1)");
}

#[test]
fn a_cut_support_names_the_unit_that_cut_it() {
    let map = map();
    let start = position(&map, "S1901M", &["France A par", "France A mar", "Germany A bur", "Italy A pie"]);
    let result = run(&map, &start, &["A mar S A par - bur", "A par - bur", "A pie - mar"], &Extensions::default());
    assert_eq!(result.results[0].status.reason(&map), "support cut by Italy's A pie");
}

#[test]
fn a_dislodged_unit_is_told_who_dislodged_it() {
    let map = map();
    let start = position(&map, "S1901M", &["France A pic", "France A bur", "Germany A bel"]);
    let result = run(&map, &start, &["A pic - bel", "A bur S A pic - bel", "A bel H"], &Extensions::default());
    assert_eq!(result.results[2].status.reason(&map), "dislodged by France's A pic");
}

#[test]
fn illegal_orders_say_why_and_the_unit_holds() {
    let map = map();
    let start = position(&map, "S1901M", &["England F nth", "France A par", "Germany A mun"]);
    let result =
        run(&map, &start, &["F nth - pic", "England: A par - bur", "A mun - mun", "A kie H"], &Extensions::default());
    assert_eq!(result.results[0].status.reason(&map), "cannot reach pic: not adjacent");
    assert!(matches!(result.results[1].status, OrderStatus::Invalid(Invalid::ForeignUnit { .. })));
    assert_eq!(result.results[2].status, OrderStatus::Invalid(Invalid::MoveToOwnProvince));
    assert!(matches!(result.results[3].status, OrderStatus::Invalid(Invalid::NoUnit { .. })));
    assert_eq!(common::units(&map, &result.next), ["England F nth", "France A par", "Germany A mun"]);
}

#[test]
fn every_listed_legal_order_is_accepted_by_the_judge() {
    let map = map();
    let start = Position::starting(&map);
    for (power, _) in map.powers() {
        let options = legal_orders(&map, &start, power, &Extensions::default());
        assert_eq!(options.units.len(), start.units_of(power));
        for unit in &options.units {
            assert!(unit.orders.len() > 1, "every unit can do more than hold");
            for order in &unit.orders {
                let submission = judge::Submission { power: Some(power), order: *order };
                let result = judge::adjudicate(&map, &start, &[submission], &Extensions::default());
                assert!(
                    !matches!(result.results[0].status, OrderStatus::Invalid(_)),
                    "{} listed but judged {:?}",
                    order.notation(&map),
                    result.results[0].status
                );
            }
        }
    }
}

#[test]
fn legal_orders_offer_both_coasts_and_convoys() {
    let map = map();
    let start = position(&map, "S1901M", &["France F mao", "England A lon", "England F nth", "England F eng"]);
    let france = map.find_power("France").unwrap();
    let england = map.find_power("England").unwrap();
    let french: Vec<String> = legal_orders(&map, &start, france, &Extensions::default()).units[0]
        .orders
        .iter()
        .map(|o| o.notation(&map))
        .collect();
    assert!(french.contains(&"F mao - spa/nc".to_string()) && french.contains(&"F mao - spa/sc".to_string()));
    assert!(french.contains(&"F mao C A lon - bre".to_string()));
    let english = legal_orders(&map, &start, england, &Extensions::default());
    let london = english.units.iter().find(|u| map.province_key(map.province_of(u.unit.region)) == "lon").unwrap();
    assert!(london.orders.iter().any(|o| matches!(o, Order::Move { via_convoy: false, .. })));
    assert!(london.orders.iter().any(|o| o.notation(&map) == "A lon - nwy"), "by convoy through the North Sea");
}

#[test]
fn adjustment_options_list_builds_on_free_owned_home_centers_and_waive() {
    let map = map();
    let start = position(&map, "W1901A", &["France A par"]);
    let france = map.find_power("France").unwrap();
    let options = legal_orders(&map, &start, france, &Extensions::default()).adjustment.unwrap();
    assert_eq!(options.builds_allowed, 2);
    let orders: Vec<String> = options.orders.iter().map(|o| o.notation(&map)).collect();
    assert_eq!(orders, ["Build A bre", "Build F bre", "Build A mar", "Build F mar", "Waive"]);
    let russia = map.find_power("Russia").unwrap();
    let russian =
        legal_orders(&map, &position(&map, "W1901A", &[]), russia, &Extensions::default()).adjustment.unwrap();
    assert!(russian.orders.iter().any(|o| o.notation(&map) == "Build F stp/nc"));
    assert!(russian.orders.iter().any(|o| o.notation(&map) == "Build F stp/sc"));
}

#[test]
fn orders_read_back_in_plain_words() {
    let map = map();
    let describe = |text: &str| parse_order(&map, text).unwrap().1.describe(&map);
    assert_eq!(describe("A par - bur"), "Army Paris moves to Burgundy");
    assert_eq!(describe("F nth C A lon - bel"), "Fleet North Sea convoys Army London to Belgium");
    assert_eq!(describe("Build F stp/sc"), "Build a fleet in St. Petersburg (south coast)");
    assert_eq!(describe("A mun S A par - bur"), "Army Munich supports Army Paris to Burgundy");
}

#[test]
fn an_order_reads_the_same_in_any_case_and_errors_quote_words_in_lower_case() {
    for (text, expected) in [
        ("A PAR -> BUR", "A par - bur"),
        ("a Par-Bur", "A par - bur"),
        ("F Mid-Atlantic Ocean - SPA (NC)", "F mao - spa/nc"),
        ("F Bot - St. Petersburg South Coast", "F bot - stp/sc"),
        ("F stp/SC H", "F stp/sc H"),
        ("F STP North Coast - BAR", "F stp/nc - bar"),
        ("A lon - bel VIA CONVOY", "A lon - bel via convoy"),
        ("A mun SUPPORTS A par-->bur", ""),
        ("france: A Paris HOLDS", "France: A par H"),
        ("A\tpar\u{b}-\u{c}bur.", "A par - bur"),
        ("A Pär - bur", ""),
    ] {
        let map = map();
        match parse_order(&map, text) {
            Ok(_) => assert_eq!(notation(text), expected, "`{text}`"),
            Err(error) => assert_eq!(expected, "", "`{text}`: {error}"),
        }
    }
    let map = map();
    let error = |text: &str| parse_order(&map, text).expect_err(text);
    assert_eq!(error("A PAR XYZ"), ParseError::Unexpected { expected: "H, -, S, C, R, D or B", found: "xyz".into() });
    assert_eq!(error("A PAR - ATLANTIS"), ParseError::UnknownProvince("atlantis".into()));
    // The unit's province is named, not the type letter that might have begun a province's name.
    assert_eq!(error("A xyz - abc"), ParseError::UnknownProvince("xyz".into()));
    assert_eq!(error("F xyz S A par"), ParseError::UnknownProvince("xyz".into()));
    assert_eq!(error("F bre - SPA/QC"), ParseError::UnknownCoast("qc".into()));
    assert_eq!(error("A par - PÄR"), ParseError::UnknownProvince("pär".into()));
    assert_eq!(
        error("A par H EXTRA"),
        ParseError::Unexpected { expected: "the end of the order", found: "extra".into() }
    );
}
