//! Rendering boards: the 1901 board, order arrows, and input the map does not know.

use games::kind::{Board, BoardUnit, ResultWord};
use games::{AnyGame, Kind};
use mapview::{Arrow, ArrowOrder, StandardMapView};

fn starting_board() -> Board {
    let game = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).expect("a standard game");
    game.public_view().board.expect("standard games have a board")
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).expect("the SVG is well-formed XML")
}

fn units(document: &roxmltree::Document<'_>) -> Vec<String> {
    let mut provinces: Vec<String> = document
        .descendants()
        .filter(|node| node.attribute("class").is_some_and(|class| class.starts_with("unit ")))
        .filter_map(|node| node.attribute("data-province").map(str::to_string))
        .collect();
    provinces.sort();
    provinces
}

#[test]
fn the_1901_board_shows_22_units_where_they_stand_in_their_powers_colours() {
    let view = StandardMapView::new().expect("the layout fits the map");
    let svg = view.render(&starting_board(), &[]);
    let document = parse(&svg);
    let provinces = units(&document);
    assert_eq!(provinces.len(), 22);
    for key in ["lon", "edi", "lvp", "stp", "sev", "ank", "con", "smy", "par", "bre", "mar"] {
        assert!(provinces.iter().any(|p| p == key), "a unit in {key}");
    }
    let english = document
        .descendants()
        .filter(|node| node.attribute("data-power") == Some("England") && node.attribute("data-province").is_some())
        .count();
    assert_eq!(english, 3);
    let root = document.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    assert!(root.attribute("aria-label").is_some());
}

#[test]
fn order_arrows_are_drawn() {
    let view = StandardMapView::new().unwrap();
    let arrows = [
        Arrow {
            power: "France".into(),
            order: ArrowOrder::Move { from: "par".into(), to: "bur".into() },
            outcome: Some(ResultWord::Succeeds),
        },
        Arrow {
            power: "France".into(),
            order: ArrowOrder::Support { from: "mar".into(), supported: "par".into(), to: Some("bur".into()) },
            outcome: Some(ResultWord::Fails),
        },
    ];
    let plain = view.render(&starting_board(), &[]);
    let with_arrows = view.render(&starting_board(), &arrows);
    parse(&with_arrows);
    assert!(with_arrows.len() > plain.len(), "the arrows add elements");
}

#[test]
fn unknown_regions_and_powers_are_skipped_not_a_panic() {
    let view = StandardMapView::new().unwrap();
    let board = Board {
        units: vec![
            BoardUnit { power: "Atlantis".into(), kind: 'A', region: "par".into() },
            BoardUnit { power: "France".into(), kind: 'F', region: "nowhere".into() },
            BoardUnit { power: "France".into(), kind: '?', region: "bur".into() },
        ],
        dislodged: vec![BoardUnit { power: "France".into(), kind: 'A', region: "xyz/nc".into() }],
        owners: [("zzz".to_string(), "France".to_string())].into_iter().collect(),
    };
    let arrows = [Arrow { power: "Nobody".into(), order: ArrowOrder::Hold { at: "mars".into() }, outcome: None }];
    let svg = view.render(&board, &arrows);
    parse(&svg);
}

#[test]
fn a_reports_orders_become_arrows_with_their_results() {
    let view = StandardMapView::new().unwrap();
    let game = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).unwrap();
    let france = game.seats().into_iter().find(|s| s.title == "France").unwrap().id;
    let germany = game.seats().into_iter().find(|s| s.title == "Germany").unwrap().id;
    let orders = std::collections::BTreeMap::from([
        (france, "A par - bur\nF bre H\nA mar S A par - bur".to_string()),
        (germany, "A mun - bur".to_string()),
    ]);
    let report = game.process(&orders, 1).public;
    let arrows = Arrow::from_report(view.map(), &report);
    assert_eq!(arrows.len(), 4);
    assert!(arrows.contains(&Arrow {
        power: "France".into(),
        order: ArrowOrder::Move { from: "par".into(), to: "bur".into() },
        outcome: Some(ResultWord::Succeeds),
    }));
    assert!(arrows.contains(&Arrow {
        power: "Germany".into(),
        order: ArrowOrder::Move { from: "mun".into(), to: "bur".into() },
        outcome: Some(ResultWord::Fails),
    }));
    assert!(arrows.iter().any(|a| a.order == ArrowOrder::Hold { at: "bre".into() }));
    parse(&view.render(&starting_board(), &arrows));
}
