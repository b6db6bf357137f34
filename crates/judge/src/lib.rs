//! Pure Diplomacy adjudicator: the standard map as data, order parsing, DATC-compliant adjudication
//! of movement, retreat and adjustment phases, and the legal-order tree that drives order forms.
//!
//! Architecture invariant: this crate does no I/O, has no async, no database and no clock. Everything
//! it needs (the map, the position, the orders, the variant's extra rules) comes in as plain values.
//!
//! A phase is adjudicated in three steps:
//! 1. [`parse_orders`] reads an order sheet into typed [`Order`]s and a list of bad lines;
//! 2. [`adjudicate`] resolves the orders against a [`Position`], honouring the variant's [`Extensions`];
//! 3. the [`Adjudication`] holds each order's [`OrderStatus`] (with a reason) and the next position.

pub mod adjudicate;
pub mod geo;
pub mod options;
pub mod order;
pub mod phase;
pub mod position;

pub use adjudicate::{
    Adjudication, Extensions, Failure, Invalid, OrderResult, OrderStatus, Submission, UnitLabel, adjudicate,
    adjustment_due, buildable_sites, retreat_options,
};
pub use geo::{Coast, Map, MapError, Power, Province, ProvinceId, Region, RegionId, Terrain};
pub use options::{AdjustmentOptions, LegalOrders, UnitOptions, has_orders_to_give, legal_orders};
pub use order::{LineError, Location, Order, ParseError, ParsedLine, UnitRef, parse_order, parse_orders};
pub use phase::{Phase, PhaseKind, Season};
pub use position::{Dislodged, Position, PositionError, Unit};

/// The two kinds of unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UnitType {
    Army,
    Fleet,
}

impl UnitType {
    /// `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }

    /// Reads `A`, `F`, `army` or `fleet`, in any case. ASCII case folding is enough (and allocates
    /// nothing): no other character lowercases to a letter of these words.
    pub fn parse(text: &str) -> Option<UnitType> {
        // Nearly always one capital letter (every unit of every position is read here).
        match text {
            "A" => return Some(UnitType::Army),
            "F" => return Some(UnitType::Fleet),
            _ => {}
        }
        let text = text.trim();
        if text.eq_ignore_ascii_case("a") || text.eq_ignore_ascii_case("army") {
            Some(UnitType::Army)
        } else if text.eq_ignore_ascii_case("f") || text.eq_ignore_ascii_case("fleet") {
            Some(UnitType::Fleet)
        } else {
            None
        }
    }
}
