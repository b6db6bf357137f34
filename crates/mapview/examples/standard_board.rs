//! Prints the 1901 board with a few sample orders as SVG, to look at the drawing:
//! `cargo run -p mapview --example standard_board > /tmp/board.svg`.

use kinds::Rules;
use kinds::kind::ResultWord;
use kinds::standard::{Settings, Standard};
use mapview::{Arrow, ArrowOrder, StandardMapView};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let view = StandardMapView::new()?;
    let state = Standard::new_game(&Settings::default(), 1)?;
    let board = Standard::public_view(&state).board.ok_or("a standard game always has a board")?;
    println!("{}", view.render(&board, &sample_orders()));
    Ok(())
}

fn sample_orders() -> Vec<Arrow> {
    let arrow = |power: &str, order: ArrowOrder, outcome: Option<ResultWord>| Arrow {
        power: power.to_string(),
        order,
        outcome,
    };
    let key = str::to_string;
    vec![
        arrow("England", ArrowOrder::Move { from: key("lon"), to: key("nth") }, Some(ResultWord::Succeeds)),
        arrow("England", ArrowOrder::Move { from: key("lvp"), to: key("yor") }, Some(ResultWord::Succeeds)),
        arrow("England", ArrowOrder::Hold { at: key("edi") }, Some(ResultWord::Succeeds)),
        arrow("France", ArrowOrder::Move { from: key("par"), to: key("bur") }, Some(ResultWord::Fails)),
        arrow("Germany", ArrowOrder::Move { from: key("mun"), to: key("bur") }, Some(ResultWord::Fails)),
        arrow(
            "Italy",
            ArrowOrder::Support { from: key("rom"), supported: key("ven"), to: None },
            Some(ResultWord::Succeeds),
        ),
        arrow("Italy", ArrowOrder::Move { from: key("nap"), to: key("ion") }, Some(ResultWord::Succeeds)),
        arrow(
            "Austria",
            ArrowOrder::Support { from: key("vie"), supported: key("bud"), to: Some(key("ser")) },
            Some(ResultWord::Succeeds),
        ),
        arrow("Austria", ArrowOrder::Move { from: key("bud"), to: key("ser") }, Some(ResultWord::Succeeds)),
        arrow("Russia", ArrowOrder::Move { from: key("stp/sc"), to: key("bot") }, None),
        arrow("Turkey", ArrowOrder::Convoy { from: key("ank"), army: key("con"), to: key("bul") }, None),
        arrow("Turkey", ArrowOrder::Build { at: key("smy"), kind: 'F' }, None),
        arrow("Russia", ArrowOrder::Remove { at: key("war") }, None),
    ]
}
