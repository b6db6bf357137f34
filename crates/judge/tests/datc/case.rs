//! The DATC case data as both test harnesses read it (the judge's own and the `judge` binary's, which
//! includes this file by path): one schema for `cases.json`.

use serde::Deserialize;

#[derive(Deserialize)]
struct Cases {
    cases: Vec<Case>,
}

/// (power, unit type, region) as the case data writes a unit.
pub type UnitRow = (String, String, String);

#[derive(Deserialize)]
pub struct Case {
    pub id: String,
    pub phase: String,
    pub units: Vec<UnitRow>,
    pub sc_owners: Option<Vec<(String, String)>>,
    pub dislodged: Vec<UnitRow>,
    pub previous_orders: Vec<(String, String, String)>,
    pub orders: Vec<(String, String)>,
    pub expected_units: Vec<UnitRow>,
    pub expected_dislodged: Vec<UnitRow>,
}

impl Case {
    #[allow(dead_code, reason = "only the binary's harness asks; the judge's reads the phase itself")]
    pub fn is_retreat(&self) -> bool {
        self.phase.ends_with('R')
    }
}

/// Every case, in the data's order.
pub fn all_cases() -> Vec<Case> {
    serde_json::from_str::<Cases>(include_str!("cases.json")).expect("cases.json parses").cases
}
