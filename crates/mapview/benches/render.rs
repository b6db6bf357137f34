//! How long the map takes to draw, since the game page, the order page and every results page draw it
//! on each request. Results and how to reproduce them: `docs/performance.md`, section "Map".
//!
//! Three measurements: loading and validating the map data (once per process), drawing the 1901 board
//! alone (the game page), and drawing it with a whole phase's results as arrows (a results page: every
//! unit of Spring 1901 ordered, some moves bouncing).

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use kinds::{AnyGame, Kind};
use mapview::{Arrow, StandardMapView};

/// Spring 1901 as the seven often play it, with bounces in Burgundy, Galicia and the Black Sea.
const OPENINGS: [(&str, &str); 7] = [
    ("Austria", "A vie - gal\nA bud - ser\nF tri - alb"),
    ("England", "F lon - nth\nF edi - nwg\nA lvp - yor"),
    ("France", "A par - bur\nA mar S A par - bur\nF bre - mao"),
    ("Germany", "A mun - bur\nA ber - kie\nF kie - den"),
    ("Italy", "A ven H\nA rom - apu\nF nap - ion"),
    ("Russia", "A war - gal\nA mos - ukr\nF sev - bla\nF stp/sc - bot"),
    ("Turkey", "F ank - bla\nA con - bul\nA smy - arm"),
];

fn bench_map(c: &mut Criterion) {
    c.bench_function("load and validate the map data", |b| b.iter(|| black_box(StandardMapView::new().unwrap())));

    let view = StandardMapView::new().expect("the committed map data is valid");
    let game = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 7).expect("a standard game");
    let board = game.public_view().board.expect("a standard game has a board");
    let orders: BTreeMap<_, _> = OPENINGS
        .iter()
        .map(|(power, sheet)| {
            let seat = game.seats().into_iter().find(|seat| seat.title == *power).expect("a seat per power");
            (seat.id, (*sheet).to_owned())
        })
        .collect();
    let report = game.process(&orders, 1).public;
    let arrows = Arrow::from_report(view.map(), &board, &report);
    assert_eq!(arrows.len(), 22, "every unit's order is drawn");

    c.bench_function("draw the 1901 board", |b| b.iter(|| black_box(view.render(&board, &[]))));
    c.bench_function("draw the 1901 board with Spring's 22 results", |b| {
        b.iter(|| black_box(view.render(&board, &arrows)))
    });
}

criterion_group!(benches, bench_map);
criterion_main!(benches);
