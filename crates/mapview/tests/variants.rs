//! The variants' marks on the standard board: Diplobucks double units drawn DA/DF and a results board's
//! held, destroyed and converted units; Terrorism I's nations in their own colour once bought and its
//! groups; Covert Dip's counter-insurgencies; and a key that says what each mark means, shown only when
//! the board has such marks.

use kinds::kind::{Board, BoardMark, BoardUnit, MarkedUnit, UnitMark};
use mapview::StandardMapView;

fn view() -> StandardMapView {
    StandardMapView::new().expect("the standard map loads")
}

fn unit(power: &str, kind: char, region: &str) -> BoardUnit {
    BoardUnit { power: power.into(), kind, region: region.into() }
}

/// The content of every `<text>` and `<title>` element.
fn words(svg: &str) -> Vec<String> {
    ["<text", "<title"]
        .iter()
        .flat_map(|tag| svg.split(tag).skip(1))
        .filter_map(|part| Some(part.split_once('>')?.1.split_once("</")?.0.trim().to_string()))
        .collect()
}

fn has(svg: &str, text: &str) -> bool {
    words(svg).iter().any(|word| word == text)
}

#[test]
fn a_double_unit_is_drawn_da_and_the_key_says_so() {
    let board = Board {
        units: vec![unit("France", 'A', "par"), unit("England", 'F', "lon")],
        marks: vec![BoardMark::Double { region: "par".into() }],
        ..Board::default()
    };
    let svg = view().render(&board, &[]);
    assert!(has(&svg, "DA"), "{:?}", words(&svg));
    assert!(has(&svg, "France: double army in Paris"));
    assert!(has(&svg, "England: fleet in London"), "a plain unit stays plain");
    assert!(has(&svg, "double unit (DA, DF)"));
    let plain = view().render(&Board { marks: Vec::new(), ..board }, &[]);
    assert!(!has(&plain, "DA") && !has(&plain, "double unit (DA, DF)"), "no key without marks");
}

#[test]
fn a_results_board_marks_units_held_destroyed_and_converted_by_bribes() {
    let board = Board {
        units: vec![unit("France", 'A', "mar"), unit("Russia", 'A', "mos"), unit("France", 'A', "bre")],
        ..Board::default()
    };
    let marks = [
        MarkedUnit { unit: unit("France", 'A', "mar"), mark: UnitMark::HeldByBribe },
        MarkedUnit { unit: unit("Russia", 'A', "mos"), mark: UnitMark::Destroyed },
        MarkedUnit { unit: unit("France", 'A', "bre"), mark: UnitMark::Converted { into: 'F' } },
    ];
    let svg = view().render_results(&board, &[], &marks);
    assert!(has(&svg, "France A mar: held by a bribe"));
    assert!(has(&svg, "Russia A mos: destroyed by a bribe"));
    assert!(has(&svg, "France A bre: converted into a fleet by a bribe"));
    for key in ["held by a bribe", "destroyed by a bribe", "army ↔ fleet by a bribe"] {
        assert!(has(&svg, key), "the key explains {key}");
    }
}

#[test]
fn a_bought_nation_has_a_colour_of_its_own_and_groups_and_insurgencies_are_marked() {
    let nation = |bought| BoardMark::Nation { province: "bur".into(), name: "Free Burgundy".into(), bought };
    let board = Board {
        units: vec![unit("Free Burgundy", 'A', "bur")],
        marks: vec![
            nation(true),
            BoardMark::Group { province: "pic".into(), name: "Picard Cells".into() },
            BoardMark::Insurgency { province: "ser".into() },
        ],
        ..Board::default()
    };
    let svg = view().render(&board, &[]);
    assert!(has(&svg, "Free Burgundy: a nation") && has(&svg, "Free Burgundy"));
    assert!(has(&svg, "Terrorist group: Picard Cells"));
    assert!(has(&svg, "Counter-insurgency this Winter"));
    for key in ["nation, in its own colour", "terrorist group", "counter-insurgency"] {
        assert!(has(&svg, key), "the key explains {key}");
    }
    let grey = mapview::power_colour("Free Burgundy").fill;
    let unbought = view().render(&Board { marks: vec![nation(false)], ..board.clone() }, &[]);
    assert!(has(&unbought, "Free Burgundy: a nation up for auction") && has(&unbought, "nation up for auction"));
    let unit_fill = |svg: &str| {
        let group = svg.split("data-power=\"Free Burgundy\"").nth(1).expect("the nation's unit is drawn");
        group.split("fill=\"").nth(2).map(|rest| rest.split('"').next().unwrap_or_default().to_string())
    };
    assert_ne!(unit_fill(&svg).as_deref(), Some(grey), "a bought nation's unit is not the unknown power's grey");
    assert_ne!(unit_fill(&svg), unit_fill(&unbought), "once bought, the nation takes a colour of its own");
}
