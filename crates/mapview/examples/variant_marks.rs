//! Prints a standard board with every variant mark, to look at:
//! `cargo run -p mapview --example variant_marks > /tmp/variants.svg`.

use kinds::kind::{Board, BoardMark, BoardUnit, MarkedUnit, UnitMark};
use mapview::StandardMapView;

fn main() -> Result<(), mapview::LayoutError> {
    let view = StandardMapView::new()?;
    let unit = |power: &str, kind, region: &str| BoardUnit { power: power.into(), kind, region: region.into() };
    let board = Board {
        units: vec![
            unit("France", 'A', "par"),
            unit("France", 'A', "mar"),
            unit("Russia", 'A', "mos"),
            unit("France", 'A', "bre"),
            unit("Free Burgundy", 'A', "bur"),
        ],
        owners: [("par".to_string(), "France".to_string())].into(),
        marks: vec![
            BoardMark::Double { region: "par".into() },
            BoardMark::Nation { province: "bur".into(), name: "Free Burgundy".into(), bought: true },
            BoardMark::Group { province: "pic".into(), name: "Picard Cells".into() },
            BoardMark::Insurgency { province: "ser".into() },
        ],
        ..Board::default()
    };
    let marks = [
        MarkedUnit { unit: unit("France", 'A', "mar"), mark: UnitMark::HeldByBribe },
        MarkedUnit { unit: unit("Russia", 'A', "mos"), mark: UnitMark::Destroyed },
        MarkedUnit { unit: unit("France", 'A', "bre"), mark: UnitMark::Converted { into: 'F' } },
    ];
    println!("{}", view.render_results(&board, &[], &marks));
    Ok(())
}
