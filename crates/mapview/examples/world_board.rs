//! Prints the Covert Operations world map as SVG, with a few countries known to a reader, to look at:
//! `cargo run -p mapview --example world_board > /tmp/world.svg`.

use kinds::kind::{SeatIndex, WorldBoard, WorldCountry, WorldEvent, WorldLeader};
use mapview::WorldMapView;

fn main() -> Result<(), mapview::WorldMapError> {
    let view = WorldMapView::new()?;
    let mut board = WorldBoard::default();
    let mut set = |code: &str, country: WorldCountry| {
        board.countries.insert(code.to_owned(), country);
    };
    set("GER", WorldCountry { leader: Some(WorldLeader::Reader), influence: Some(7), ..WorldCountry::default() });
    set(
        "BRA",
        WorldCountry { leader: Some(WorldLeader::Reader), influence: Some(4), spy: Some(2), ..WorldCountry::default() },
    );
    set(
        "CHN",
        WorldCountry {
            leader: Some(WorldLeader::Seat(SeatIndex(1), "Player 2".to_owned())),
            superspy: true,
            ..WorldCountry::default()
        },
    );
    set("USA", WorldCountry { spy: Some(3), events: vec![WorldEvent::Assassination], ..WorldCountry::default() });
    set(
        "EGY",
        WorldCountry { events: vec![WorldEvent::Conquered { by: "LBY".to_owned() }], ..WorldCountry::default() },
    );
    set(
        "KAZ",
        WorldCountry {
            leader: Some(WorldLeader::Nobody),
            events: vec![WorldEvent::Revolution],
            ..WorldCountry::default()
        },
    );
    println!("{}", view.render(&board));
    Ok(())
}
