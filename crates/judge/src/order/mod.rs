//! Orders: what a power tells one unit (or its builds) to do, as typed values.
//!
//! Text becomes orders in [`parse`]; whether an order is legal for the position is decided when the phase
//! is adjudicated, so that every order, legal or not, gets a result that says why.

pub mod parse;

use std::fmt;

use crate::UnitType;
use crate::geo::{Coast, Map, ProvinceId};

pub use parse::{LineError, ParseError, ParsedLine, parse_order, parse_orders};

/// A province as an order names it, with the coast if the order gave one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Location {
    pub province: ProvinceId,
    pub coast: Option<Coast>,
}

impl Location {
    pub fn province(province: ProvinceId) -> Location {
        Location { province, coast: None }
    }
}

/// The unit an order is for, as the order names it; the type may be left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UnitRef {
    pub kind: Option<UnitType>,
    pub at: Location,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Order {
    Hold {
        unit: UnitRef,
    },
    Move {
        unit: UnitRef,
        to: Location,
        via_convoy: bool,
    },
    /// Support to hold when `to` is `None`, support to move otherwise.
    Support {
        unit: UnitRef,
        supported: UnitRef,
        to: Option<Location>,
    },
    Convoy {
        unit: UnitRef,
        army: UnitRef,
        to: Location,
    },
    Retreat {
        unit: UnitRef,
        to: Location,
    },
    Disband {
        unit: UnitRef,
    },
    Build {
        kind: UnitType,
        at: Location,
    },
    Remove {
        unit: UnitRef,
    },
    Waive,
}

impl Order {
    /// The unit the order commands, if it commands one.
    pub fn unit(&self) -> Option<UnitRef> {
        match *self {
            Order::Hold { unit }
            | Order::Move { unit, .. }
            | Order::Support { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Retreat { unit, .. }
            | Order::Disband { unit }
            | Order::Remove { unit } => Some(unit),
            Order::Build { .. } | Order::Waive => None,
        }
    }

    /// Judge notation with canonical names: `A par - bur`, `F nth C A lon - bel`, `Build F stp/nc`.
    pub fn notation(&self, map: &Map) -> String {
        let unit = |unit: UnitRef| match unit.kind {
            Some(kind) => format!("{} {}", kind.letter(), location(map, unit.at)),
            None => location(map, unit.at),
        };
        match *self {
            Order::Hold { unit: u } => format!("{} H", unit(u)),
            Order::Move { unit: u, to, via_convoy } => {
                format!("{} - {}{}", unit(u), location(map, to), if via_convoy { " via convoy" } else { "" })
            }
            Order::Support { unit: u, supported, to: None } => format!("{} S {}", unit(u), unit(supported)),
            Order::Support { unit: u, supported, to: Some(to) } => {
                format!("{} S {} - {}", unit(u), unit(supported), location(map, to))
            }
            Order::Convoy { unit: u, army, to } => format!("{} C {} - {}", unit(u), unit(army), location(map, to)),
            Order::Retreat { unit: u, to } => format!("{} R {}", unit(u), location(map, to)),
            Order::Disband { unit: u } => format!("{} D", unit(u)),
            Order::Build { kind, at } => format!("Build {} {}", kind.letter(), location(map, at)),
            Order::Remove { unit: u } => format!("Remove {}", unit(u)),
            Order::Waive => "Waive".to_string(),
        }
    }
}

impl Order {
    /// The order in plain words with full names: `Army Paris moves to Burgundy`.
    pub fn describe(&self, map: &Map) -> String {
        let unit = |unit: UnitRef| {
            let kind = match unit.kind {
                Some(UnitType::Army) => "Army ",
                Some(UnitType::Fleet) => "Fleet ",
                None => "",
            };
            format!("{kind}{}", place(map, unit.at))
        };
        match *self {
            Order::Hold { unit: u } => format!("{} holds", unit(u)),
            Order::Move { unit: u, to, via_convoy } => {
                format!("{} moves to {}{}", unit(u), place(map, to), if via_convoy { " by convoy" } else { "" })
            }
            Order::Support { unit: u, supported, to: None } => format!("{} supports {}", unit(u), unit(supported)),
            Order::Support { unit: u, supported, to: Some(to) } => {
                format!("{} supports {} to {}", unit(u), unit(supported), place(map, to))
            }
            Order::Convoy { unit: u, army, to } => format!("{} convoys {} to {}", unit(u), unit(army), place(map, to)),
            Order::Retreat { unit: u, to } => format!("{} retreats to {}", unit(u), place(map, to)),
            Order::Disband { unit: u } => format!("{} disbands", unit(u)),
            Order::Build { kind: UnitType::Army, at } => format!("Build an army in {}", place(map, at)),
            Order::Build { kind: UnitType::Fleet, at } => format!("Build a fleet in {}", place(map, at)),
            Order::Remove { unit: u } => format!("Remove {}", unit(u)),
            Order::Waive => "Waive a build".to_string(),
        }
    }
}

/// `St. Petersburg (south coast)`, `London`.
pub fn place(map: &Map, location: Location) -> String {
    let name = &map.province(location.province).name;
    match location.coast {
        Some(coast) => format!("{name} ({} coast)", coast.name()),
        None => name.clone(),
    }
}

/// `stp/sc`, `lon`.
pub fn location(map: &Map, location: Location) -> String {
    match location.coast {
        Some(coast) => format!("{}/{}", map.province_key(location.province), coast.abbreviation()),
        None => map.province_key(location.province).to_string(),
    }
}

/// Formats an order with its map, for messages.
pub struct Notation<'a>(pub &'a Map, pub &'a Order);

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.1.notation(self.0))
    }
}
