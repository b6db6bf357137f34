//! What happened to each order, and why, in terms a player can read.

use crate::UnitType;
use crate::geo::{Map, Power, ProvinceId};
use crate::order::ParseError;

/// A unit as results name it: `England's F nth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitLabel {
    pub power: Power,
    pub kind: UnitType,
    pub province: ProvinceId,
}

impl UnitLabel {
    pub fn describe(&self, map: &Map) -> String {
        let mut text = String::new();
        self.write_to(map, &mut text);
        text
    }

    fn write_to(&self, map: &Map, text: &mut String) {
        text.push_str(map.power_name(self.power));
        text.push_str("'s ");
        text.push(self.kind.letter());
        text.push(' ');
        text.push_str(map.province_key(self.province));
    }
}

/// `England's F nth, France's A bur`, written into `text`.
fn write_labels(map: &Map, units: &[UnitLabel], text: &mut String) {
    for (index, unit) in units.iter().enumerate() {
        if index > 0 {
            text.push_str(", ");
        }
        unit.write_to(map, text);
    }
}

/// The result of one order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderStatus {
    Succeeds,
    Fails(Failure),
    /// The order could not be carried out as given: the unit holds (or, in a retreat, disbands).
    Invalid(Invalid),
}

impl OrderStatus {
    /// `succeeds`, `fails` or `invalid`.
    pub fn word(&self) -> &'static str {
        match self {
            OrderStatus::Succeeds => "succeeds",
            OrderStatus::Fails(_) => "fails",
            OrderStatus::Invalid(_) => "invalid",
        }
    }

    /// A sentence for players; empty for plain success.
    pub fn reason(&self, map: &Map) -> String {
        match self {
            OrderStatus::Succeeds => String::new(),
            OrderStatus::Fails(failure) => failure.describe(map),
            OrderStatus::Invalid(invalid) => invalid.describe(map),
        }
    }
}

/// `prefix` and then `number` in decimal.
fn push_number(text: &mut String, prefix: &str, number: u8) {
    use std::fmt::Write;
    text.push_str(prefix);
    // Writing to a String cannot fail.
    let _ = write!(text, "{number}");
}

/// Why a legal order did not succeed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A move met equal or greater strength: the defender's hold strength or a rival's.
    Bounced { destination: ProvinceId, strength: u8, opposition: Vec<(UnitLabel, u8)> },
    /// No chain of convoying fleets carried the army.
    NoConvoyRoute,
    /// The unit was dislodged (for holds, supports and convoys).
    Dislodged { by: UnitLabel },
    /// The supporting unit was attacked.
    SupportCut { by: Vec<UnitLabel> },
    /// The supported unit was not ordered to do what the support says.
    SupportedUnitDidOtherwise,
    /// The convoyed army was not ordered to move along this convoy.
    ArmyDidNotFollowConvoy,
    /// A variant's rule made the unit hold whatever it was ordered.
    ForcedToHold,
    /// Two or more units retreated to the same province: all are disbanded.
    RetreatCollision { with: Vec<UnitLabel> },
}

impl Failure {
    /// Every failure of every phase is described for the results, so the sentence is written into one
    /// string rather than assembled from a string per unit.
    pub fn describe(&self, map: &Map) -> String {
        let mut text = String::with_capacity(64);
        match self {
            Failure::Bounced { destination, strength, opposition } => {
                text.push_str("bounced at ");
                text.push_str(map.province_key(*destination));
                push_number(&mut text, " with strength ", *strength);
                text.push_str(" against ");
                for (index, (unit, strength)) in opposition.iter().enumerate() {
                    if index > 0 {
                        text.push_str(", ");
                    }
                    unit.write_to(map, &mut text);
                    push_number(&mut text, " (", *strength);
                    text.push(')');
                }
                text
            }
            Failure::NoConvoyRoute => "no convoy route: the convoying fleets were missing or dislodged".into(),
            Failure::Dislodged { by } => {
                text.push_str("dislodged by ");
                by.write_to(map, &mut text);
                text
            }
            Failure::SupportCut { by } => {
                text.push_str("support cut by ");
                write_labels(map, by, &mut text);
                text
            }
            Failure::SupportedUnitDidOtherwise => "the supported unit was not ordered to do that".into(),
            Failure::ArmyDidNotFollowConvoy => "the army was not ordered to move along this convoy".into(),
            Failure::ForcedToHold => "the unit was forced to hold".into(),
            Failure::RetreatCollision { with } => {
                text.push_str("retreated to the same province as ");
                write_labels(map, with, &mut text);
                text.push_str(": disbanded");
                text
            }
        }
    }
}

/// Why an order is not a legal order for the position (the unit holds, or disbands in a retreat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    Unreadable(ParseError),
    NoUnit {
        at: ProvinceId,
    },
    WrongUnitType {
        at: ProvinceId,
        actual: UnitType,
    },
    ForeignUnit {
        owner: Power,
    },
    /// The variant's rules do not let this order sheet command that unit.
    NotCommandable,
    /// A later order for the same unit replaced this one.
    Replaced,
    /// This kind of order does not belong to the current phase.
    WrongPhase,
    NoPower,
    NotAdjacent {
        to: ProvinceId,
    },
    CannotEnter {
        to: ProvinceId,
    },
    CoastNeeded {
        to: ProvinceId,
    },
    CoastUnreachable {
        to: ProvinceId,
    },
    MoveToOwnProvince,
    NoConvoyPossible {
        to: ProvinceId,
    },
    NoFleetsToConvoy {
        to: ProvinceId,
    },
    SupportsItself,
    CannotReachSupportTarget {
        to: ProvinceId,
    },
    ConvoyNotFromSea,
    ConvoyedUnitNotArmy,
    ConvoyOffRoute,
    NotDislodged {
        at: ProvinceId,
    },
    RetreatToAttackerOrigin {
        to: ProvinceId,
    },
    RetreatToStandoff {
        to: ProvinceId,
    },
    RetreatOccupied {
        to: ProvinceId,
    },
    NotHomeCenter {
        at: ProvinceId,
    },
    CenterNotOwned {
        at: ProvinceId,
    },
    SiteOccupied {
        at: ProvinceId,
    },
    /// A second build in a province where this sheet already builds.
    BuildAlreadyOrdered {
        at: ProvinceId,
    },
    BuildForbidden {
        at: ProvinceId,
    },
    NoBuildsLeft,
    NoRemovalsDue,
    AlreadyRemoved,
}

impl Invalid {
    pub fn describe(&self, map: &Map) -> String {
        let key = |province: &ProvinceId| map.province_key(*province).to_string();
        match self {
            Invalid::Unreadable(error) => format!("unreadable: {error}"),
            Invalid::NoUnit { at } => format!("there is no unit in {} to order", key(at)),
            Invalid::WrongUnitType { at, actual } => {
                format!("the unit in {} is {}", key(at), if *actual == UnitType::Army { "an army" } else { "a fleet" })
            }
            Invalid::ForeignUnit { owner } => format!("the unit belongs to {}", map.power_name(*owner)),
            Invalid::NotCommandable => "this order sheet may not command that unit".into(),
            Invalid::Replaced => "replaced by a later order for the same unit".into(),
            Invalid::WrongPhase => "this kind of order is not allowed in this phase".into(),
            Invalid::NoPower => "no power given and none can be inferred".into(),
            Invalid::NotAdjacent { to } => format!("cannot reach {}: not adjacent", key(to)),
            Invalid::CannotEnter { to } => format!("this unit cannot enter {}", key(to)),
            Invalid::CoastNeeded { to } => format!("{} has two coasts the fleet can reach: name one", key(to)),
            Invalid::CoastUnreachable { to } => format!("the fleet cannot reach that coast of {}", key(to)),
            Invalid::MoveToOwnProvince => "a unit cannot move to the province it is in".into(),
            Invalid::NoConvoyPossible { to } => format!("cannot reach {}: not adjacent and not convoyable", key(to)),
            Invalid::NoFleetsToConvoy { to } => format!("cannot reach {}: no fleets at sea could convoy it", key(to)),
            Invalid::SupportsItself => "a unit cannot support itself".into(),
            Invalid::CannotReachSupportTarget { to } => {
                format!("cannot support into {}: the supporter could not move there", key(to))
            }
            Invalid::ConvoyNotFromSea => "only a fleet at sea can convoy".into(),
            Invalid::ConvoyedUnitNotArmy => "only an army can be convoyed".into(),
            Invalid::ConvoyOffRoute => "this fleet cannot be part of any convoy route for that move".into(),
            Invalid::NotDislodged { at } => format!("there is no dislodged unit in {} to retreat", key(at)),
            Invalid::RetreatToAttackerOrigin { to } => {
                format!("cannot retreat to {}, where the attack came from", key(to))
            }
            Invalid::RetreatToStandoff { to } => format!("cannot retreat to {}, left empty by a standoff", key(to)),
            Invalid::RetreatOccupied { to } => format!("cannot retreat to {}: it is occupied", key(to)),
            Invalid::NotHomeCenter { at } => format!("{} is not a home center of this power", key(at)),
            Invalid::CenterNotOwned { at } => format!("{} is not owned by this power", key(at)),
            Invalid::SiteOccupied { at } => format!("{} is occupied", key(at)),
            Invalid::BuildAlreadyOrdered { at } => format!("a build is already ordered in {}", map.province(*at).name),
            Invalid::BuildForbidden { at } => format!("building in {} is not allowed this turn", key(at)),
            Invalid::NoBuildsLeft => "no more builds are available".into(),
            Invalid::NoRemovalsDue => "no more removals are due".into(),
            Invalid::AlreadyRemoved => "that unit is already being removed".into(),
        }
    }
}
