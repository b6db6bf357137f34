//! The board as a page shows it: units, dislodged units and supply-center owners, from a public or
//! per-seat projection only (never the stored state).
//!
//! The SVG map (`mapview::render`) is not on this branch yet; until it is, pages show this accessible
//! list of units and centers, and `templates/partials/board.html` marks where the SVG goes.

use std::collections::BTreeMap;

/// One power's pieces and centers.
pub struct PowerBoard {
    pub power: String,
    pub units: Vec<String>,
    pub dislodged: Vec<String>,
    pub centers: Vec<String>,
}

pub struct BoardView {
    pub powers: Vec<PowerBoard>,
}

impl BoardView {
    pub fn from_board(board: &games::Board) -> Self {
        let mut powers: BTreeMap<String, PowerBoard> = BTreeMap::new();
        for unit in &board.units {
            power_entry(&mut powers, &unit.power).units.push(format!("{} {}", unit.kind, unit.region));
        }
        for unit in &board.dislodged {
            power_entry(&mut powers, &unit.power).dislodged.push(format!("{} {}", unit.kind, unit.region));
        }
        for (center, owner) in &board.owners {
            power_entry(&mut powers, owner).centers.push(center.clone());
        }
        BoardView { powers: powers.into_values().collect() }
    }
}

fn power_entry<'a>(powers: &'a mut BTreeMap<String, PowerBoard>, power: &str) -> &'a mut PowerBoard {
    powers.entry(power.to_owned()).or_insert_with(|| PowerBoard {
        power: power.to_owned(),
        units: Vec::new(),
        dislodged: Vec::new(),
        centers: Vec::new(),
    })
}

/// Supply centers held by each power on this board.
pub fn center_counts(board: &games::Board) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for owner in board.owners.values() {
        *counts.entry(owner.clone()).or_insert(0) += 1;
    }
    counts
}
