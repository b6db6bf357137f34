//! Rendering boards: the 1901 board, order arrows, and input the map does not know.

use kinds::kind::{Board, BoardUnit, ResultWord};
use kinds::{AnyGame, Kind};
use mapview::{Arrow, ArrowOrder, StandardMapView, power_colour};

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
        marks: Vec::new(),
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
    let arrows = Arrow::from_report(view.map(), &starting_board(), &report);
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

#[test]
fn units_removed_in_civil_disorder_are_crossed_out_once_beside_ordered_removals() {
    let view = StandardMapView::new().unwrap();
    let game = AnyGame::from_json(serde_json::json!({"kind": "standard", "state": {
        "phase": "W1901A",
        "units": ["Austria A vie", "Austria A gal", "France A par", "France A mar"],
        "owners": {"vie": "Austria", "par": "France"},
    }}))
    .unwrap();
    let board = game.public_view().board.unwrap();
    let france = game.seats().into_iter().find(|s| s.title == "France").unwrap().id;
    let report = game.process(&std::collections::BTreeMap::from([(france, "Remove A mar".to_string())]), 1).public;
    let mut removals: Vec<(String, String)> = Arrow::from_report(view.map(), &board, &report)
        .into_iter()
        .filter_map(|arrow| match arrow.order {
            ArrowOrder::Remove { at } => Some((arrow.power, at)),
            _ => None,
        })
        .collect();
    removals.sort();
    assert_eq!(removals, [("Austria".to_owned(), "gal".to_owned()), ("France".to_owned(), "mar".to_owned())]);
    let svg = view.render(&board, &Arrow::from_report(view.map(), &board, &report));
    let document = parse(&svg);
    let crossed = document.descendants().filter(|node| has_class(node, "remove")).count();
    assert_eq!(crossed, 2, "{svg}");
}

fn view() -> StandardMapView {
    StandardMapView::new().expect("map and layout load")
}

fn has_class(node: &roxmltree::Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|classes| classes.split(' ').any(|c| c == class))
}

#[test]
fn owned_centers_and_units_carry_their_owners_colour() {
    let svg = view().render(&starting_board(), &[]);
    let document = parse(&svg);
    let lon = document
        .descendants()
        .find(|node| has_class(node, "province") && node.attribute("data-province") == Some("lon"))
        .expect("London is drawn");
    let england = power_colour("England");
    assert!(lon.descendants().any(|node| has_class(&node, "center") && node.attribute("fill") == Some(england.fill)));
    assert!(lon.descendants().any(|node| node.attribute("fill") == Some(england.tint)));
    let russian_fleet = document
        .descendants()
        .find(|node| has_class(node, "unit") && node.attribute("data-region") == Some("stp/sc"))
        .expect("the fleet on St. Petersburg's south coast");
    assert!(russian_fleet.descendants().any(|node| node.attribute("fill") == Some(power_colour("Russia").fill)));
    assert_eq!(power_colour("Nowhere"), mapview::power_colour("Atlantis"), "unknown powers share one grey");
}

#[test]
fn the_root_is_an_accessible_scalable_image_with_province_names() {
    let svg = view().render(&starting_board(), &[]);
    let document = parse(&svg);
    let root = document.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 1000 800"));
    assert!(root.attribute("aria-label").is_some_and(|label| label.contains("22 units")));
    let titles: Vec<&str> =
        document.descendants().filter(|n| n.has_tag_name("title")).filter_map(|n| n.text()).collect();
    assert!(titles.iter().any(|title| title.starts_with("North Atlantic Ocean")));
    assert!(titles.iter().any(|title| title.starts_with("St. Petersburg (stp): supply center of Russia")));
}

#[test]
fn every_kind_of_order_is_drawn_and_failures_are_marked() {
    let key = str::to_string;
    let arrow = |order, outcome| Arrow { power: key("France"), order, outcome };
    let arrows = [
        arrow(ArrowOrder::Move { from: key("par"), to: key("bur") }, Some(ResultWord::Fails)),
        arrow(ArrowOrder::Support { from: key("mar"), supported: key("par"), to: Some(key("bur")) }, None),
        arrow(ArrowOrder::Hold { at: key("bre") }, Some(ResultWord::Succeeds)),
        arrow(ArrowOrder::Convoy { from: key("eng"), army: key("lon"), to: key("bel") }, None),
        arrow(ArrowOrder::Retreat { from: key("bur"), to: key("gas") }, None),
        arrow(ArrowOrder::Build { at: key("par"), kind: 'A' }, None),
        arrow(ArrowOrder::Remove { at: key("bre") }, None),
    ];
    let svg = view().render(&starting_board(), &arrows);
    let document = parse(&svg);
    let orders: Vec<roxmltree::Node> = document.descendants().filter(|node| has_class(node, "order")).collect();
    for class in ["move", "support", "hold", "convoy", "retreat", "build", "remove"] {
        assert!(orders.iter().any(|node| has_class(node, class)), "a {class} is drawn");
    }
    let failed: Vec<_> = orders.iter().filter(|node| has_class(node, "failed")).collect();
    assert_eq!(failed.len(), 1);
    assert!(has_class(failed[0], "move"));
}

#[test]
fn garbage_units_and_orders_are_dropped_and_the_rest_drawn() {
    let unit = |power: &str, kind, region: &str| BoardUnit { power: power.into(), kind, region: region.into() };
    let board = Board {
        units: vec![unit("England", 'A', "atlantis"), unit("<script>", 'Q', "lon"), unit("Nobody", 'F', "stp/nc")],
        dislodged: vec![unit("France", 'A', ""), unit("France", 'A', "par")],
        owners: [("xyz".to_string(), "England".to_string()), ("par".to_string(), "<&\"'>".to_string())].into(),
        marks: Vec::new(),
    };
    let arrows = [
        Arrow {
            power: "England".into(),
            order: ArrowOrder::Move { from: "lon".into(), to: "nowhere".into() },
            outcome: None,
        },
        Arrow { power: "".into(), order: ArrowOrder::Build { at: "par".into(), kind: 'X' }, outcome: None },
        Arrow { power: "&".into(), order: ArrowOrder::Hold { at: "stp/xc".into() }, outcome: None },
    ];
    let svg = view().render(&board, &arrows);
    let document = parse(&svg);
    let units: Vec<_> = document.descendants().filter(|node| has_class(node, "unit")).collect();
    assert_eq!(units.len(), 2, "the fleet in stp/nc and the dislodged army in par");
    assert!(units.iter().any(|node| has_class(node, "dislodged") && node.attribute("data-province") == Some("par")));
    assert_eq!(document.descendants().filter(|node| has_class(node, "order")).count(), 0);
}

#[test]
fn a_move_by_a_dislodged_unit_in_a_report_is_drawn_as_its_retreat() {
    let view = StandardMapView::new().unwrap();
    let unit = |power: &str, region: &str| BoardUnit { power: power.into(), kind: 'A', region: region.into() };
    let board =
        Board { units: vec![unit("Germany", "bur")], dislodged: vec![unit("France", "bur")], ..Board::default() };
    let line = |order: &str| kinds::kind::ReportLine {
        by: "France".into(),
        order: order.into(),
        result: ResultWord::Succeeds,
        reason: String::new(),
    };
    let report = kinds::kind::Report {
        orders: vec![line("A bur - pic")],
        events: Vec::new(),
        removed: Vec::new(),
        world: None,
        unit_marks: Vec::new(),
    };
    let arrows = Arrow::from_report(view.map(), &board, &report);
    assert_eq!(arrows[0].order, ArrowOrder::Retreat { from: "bur".into(), to: "pic".into() });
    let moving = Board { dislodged: Vec::new(), ..board };
    let arrows = Arrow::from_report(view.map(), &moving, &report);
    assert_eq!(arrows[0].order, ArrowOrder::Move { from: "bur".into(), to: "pic".into() });
}

#[test]
fn a_seats_saved_orders_are_drawn_pending_and_lines_the_map_cannot_read_draw_nothing() {
    let view = StandardMapView::new().unwrap();
    let arrows = Arrow::pending(view.map(), &starting_board(), "Austria", &["A vie - gal", "F tri H", "BRIBE nmr"]);
    assert_eq!(
        arrows,
        [
            Arrow {
                power: "Austria".into(),
                order: ArrowOrder::Move { from: "vie".into(), to: "gal".into() },
                outcome: None
            },
            Arrow { power: "Austria".into(), order: ArrowOrder::Hold { at: "tri".into() }, outcome: None },
        ]
    );
    assert!(view.render(&starting_board(), &arrows).contains("class=\"order move pending\""));
}

#[test]
fn every_province_is_drawn_as_its_shape_with_impassable_land_and_clickable_coasts() {
    let svg = view().render(&starting_board(), &[]);
    let document = parse(&svg);
    let provinces: Vec<_> = document.descendants().filter(|node| has_class(node, "province")).collect();
    assert_eq!(provinces.len(), 75);
    for province in &provinces {
        assert!(province.attribute("data-province").is_some());
        assert!(
            province.children().any(|child| child.has_tag_name("path") && child.attribute("d").is_some()),
            "{:?} has its outline",
            province.attribute("data-province")
        );
    }
    let impassable = document.descendants().find(|node| has_class(node, "impassable")).expect("Switzerland");
    assert!(impassable.attribute("data-province").is_none(), "no unit may be sent there");
    let mut coasts: Vec<&str> = document
        .descendants()
        .filter(|node| has_class(node, "coast"))
        .filter_map(|node| node.attribute("data-region"))
        .collect();
    coasts.sort_unstable();
    assert_eq!(coasts, ["bul/ec", "bul/sc", "spa/nc", "spa/sc", "stp/nc", "stp/sc"]);
    assert!(svg.len() < 120_000, "the page inlines it: {} bytes", svg.len());
}
