//! Sheet "Game Orders" and "Summary of orders": the comma format, parsed line by line (CO.2).

use covert_ops::{Order, OrderError, WorldMap, parse_line, parse_orders};

use crate::support::code;

fn map() -> WorldMap {
    WorldMap::world().expect("world map")
}

#[test]
fn orders_every_order_of_the_summary_parses() {
    // See: sheet "Summary of orders"
    let map = map();
    let cases = [
        ("A,FRA,3", Order::Arms { country: code("FRA"), units: 3 }),
        ("B,FRA,5", Order::Bribe { country: code("FRA"), amount: 5 }),
        ("C,FRA,GER,2", Order::Conquer { from: code("FRA"), to: code("GER"), troops: 2 }),
        ("D,FRA,GER,2", Order::Defend { from: code("FRA"), to: code("GER"), troops: 2 }),
        ("G,FRA,4", Order::Guard { country: code("FRA"), amount: 4 }),
        ("I,FRA", Order::Invest { country: code("FRA") }),
        ("K,FRA,9", Order::Kill { country: code("FRA"), amount: 9 }),
        ("L,FRA", Order::Liquidate { country: code("FRA") }),
        ("M,FRA", Order::Message { country: code("FRA") }),
        ("R,FRA,20", Order::Revolution { country: code("FRA"), amount: 20 }),
        ("S,FRA,1", Order::Spy { country: code("FRA"), amount: 1 }),
        ("T,FRA,2", Order::Terrorism { country: code("FRA"), amount: 2 }),
        ("W,FRA,GER,1", Order::Withdraw { home: code("FRA"), from: code("GER"), troops: 1 }),
        ("X,JAP", Order::Superspy { country: code("JAP") }),
        ("EMAIL,boss@example.org", Order::Email { contact: "boss@example.org".into() }),
        ("CODE,R2D2", Order::Code { code: "R2D2".into() }),
        ("DISCARD", Order::Discard),
        ("STOP", Order::Stop),
        ("RESIGN", Order::Resign),
    ];
    for (line, expected) in cases {
        assert_eq!(parse_line(line, &map), Ok(expected.clone()), "{line}");
        assert_eq!(expected.to_string(), line, "canonical form of {line}");
    }
}

#[test]
fn orders_letters_and_codes_are_case_insensitive_and_spaces_ignored() {
    // See: sheet "Game Orders": a letter followed by country codes and a number, separated by commas
    let map = map();
    assert_eq!(parse_line(" b , fra , 5 ", &map), Ok(Order::Bribe { country: code("FRA"), amount: 5 }));
    assert_eq!(parse_line("stop", &map), Ok(Order::Stop));
}

#[test]
fn orders_each_on_its_own_line_bad_lines_reported_good_lines_kept() {
    // See: sheet "Writing Orders": each order MUST be on a line by itself; CO.2
    let map = map();
    let (orders, errors) = parse_orders("B,FRA,5\nZ,FRA,1\n\nI,GER\nB,FRA\n", &map);
    assert_eq!(orders, vec![Order::Bribe { country: code("FRA"), amount: 5 }, Order::Invest { country: code("GER") }]);
    assert_eq!(errors.len(), 2);
    assert_eq!((errors[0].line, errors[0].input.as_str()), (2, "Z,FRA,1"));
    assert_eq!(errors[0].reason, OrderError::UnknownOrder { code: "Z".into() });
    assert_eq!(errors[1].line, 5);
    assert_eq!(errors[1].reason, OrderError::WrongArity { order: "B".into(), expected: 2, found: 1 });
}

#[test]
fn orders_number_must_be_a_whole_number() {
    // See: sheet "Game Orders": the number part must be an integer
    let map = map();
    assert_eq!(parse_line("B,FRA,1.5", &map), Err(OrderError::NotANumber { text: "1.5".into() }));
    assert_eq!(parse_line("B,FRA,-2", &map), Err(OrderError::NotANumber { text: "-2".into() }));
}

#[test]
fn orders_comma_in_a_number_makes_it_two_parts() {
    // See: sheet "Game Orders": do not put commas in your numbers
    let map = map();
    assert_eq!(
        parse_line("B,FRA,1,000", &map),
        Err(OrderError::WrongArity { order: "B".into(), expected: 2, found: 3 })
    );
}

#[test]
fn orders_zero_amount_is_meaningless() {
    // See: rulings CO.2 "non-positive numbers"
    assert_eq!(parse_line("G,FRA,0", &map()), Err(OrderError::NotPositive));
}

#[test]
fn orders_arms_over_five_units_is_meaningless() {
    // See: rulings CO.2 "arms over 5"; CO.3
    assert_eq!(parse_line("A,FRA,6", &map()), Err(OrderError::TooManyArms { units: 6 }));
}

#[test]
fn orders_unknown_country_is_meaningless() {
    // See: rulings CO.2 "unknown ... countries"
    assert_eq!(parse_line("B,XYZ,1", &map()), Err(OrderError::UnknownCountry { text: "XYZ".into() }));
}

#[test]
fn orders_troops_move_only_between_adjacent_countries() {
    // See: sheet "Troops": defend and invade adjacent countries; CO.2 "non-adjacent countries"
    let map = map();
    assert_eq!(parse_line("C,FRA,POL,1", &map), Err(OrderError::NotAdjacent { from: code("FRA"), to: code("POL") }));
    assert!(parse_line("D,GER,POL,1", &map).is_ok());
}

#[test]
fn orders_islands_cannot_be_invaded() {
    // See: sheet "The Map": the islands cannot be invaded
    let map = map();
    for island in ["AUS", "BRI", "JAP", "MIC"] {
        let line = format!("C,FRA,{island},1");
        assert!(matches!(parse_line(&line, &map), Err(OrderError::NotAdjacent { .. })), "{line}");
    }
}

#[test]
fn orders_access_code_is_up_to_ten_letters_and_digits() {
    // See: sheet "Identification": up to ten characters, letters and numbers only
    let map = map();
    assert!(parse_line("CODE,ACCESS1234", &map).is_ok());
    assert_eq!(parse_line("CODE,ACCESS12345", &map), Err(OrderError::BadAccessCode));
    assert_eq!(parse_line("CODE,no-dash", &map), Err(OrderError::BadAccessCode));
}

#[test]
fn orders_administrative_orders_take_no_arguments_except_email_and_code() {
    // See: sheet "Summary of orders": EMAIL,eee CODE,aaa DISCARD STOP RESIGN
    let map = map();
    assert!(matches!(parse_line("STOP,now", &map), Err(OrderError::WrongArity { .. })));
    assert!(matches!(parse_line("EMAIL", &map), Err(OrderError::WrongArity { .. })));
    assert_eq!(parse_line("EMAIL,", &map), Err(OrderError::BadContact));
}
