//! Pure Diplomacy adjudicator: the standard map as data, order parsing, DATC-compliant adjudication
//! of movement, retreat and adjustment phases, and the legal-order tree that drives order forms.
//!
//! Architecture invariant: this crate does no I/O, has no async, no database and no clock. Everything
//! it needs (the map, the position, the orders, the variant's extra rules) comes in as plain values.

pub mod geo;

pub use geo::{Coast, Map, MapError, Power, Province, ProvinceId, Region, RegionId, Terrain};

/// The two kinds of unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UnitType {
    Army,
    Fleet,
}

impl UnitType {
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }
}

pub mod adjudicate;
pub mod order;
pub mod phase;
pub mod position;

pub use adjudicate::{Adjudication, Extensions, OrderResult, OrderStatus, Submission, adjudicate};
pub use order::{Location, Order, UnitRef, parse_order, parse_orders};
pub use phase::{Phase, PhaseKind, Season};
pub use position::{Dislodged, Position, Unit};
