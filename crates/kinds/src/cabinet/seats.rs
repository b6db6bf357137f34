//! The 21 seats of a Cabinet game (rulings 2.1): who holds each, which realm (a power, or two powers
//! under one Head of State) it serves, and who may know whom (sheet §4, rulings 2.4) or write to whom
//! (rulings 2.5).

use std::fmt;

use judge::{Power, UnitType};
use serde::{Deserialize, Serialize};

use super::State;
use crate::intrigue::{PowerName, map};
pub use crate::kind::PersonId;
use crate::kind::{Correspondent, PressRefusal, Recipients, SeatIndex, SeatRole};

/// The three cabinet positions of a power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    HeadOfState,
    General,
    Admiral,
}

impl From<Role> for SeatRole {
    fn from(role: Role) -> SeatRole {
        match role {
            Role::HeadOfState => SeatRole::HeadOfState,
            Role::General => SeatRole::General,
            Role::Admiral => SeatRole::Admiral,
        }
    }
}

impl Role {
    pub const ALL: [Role; 3] = [Role::HeadOfState, Role::General, Role::Admiral];

    pub fn title(self) -> &'static str {
        match self {
            Role::HeadOfState => "Head of State",
            Role::General => "General",
            Role::Admiral => "Admiral",
        }
    }

    fn index(self) -> u16 {
        match self {
            Role::HeadOfState => 0,
            Role::General => 1,
            Role::Admiral => 2,
        }
    }

    /// The commander of a kind of unit: the General orders armies, the Admiral fleets.
    pub fn commanding(kind: UnitType) -> Role {
        match kind {
            UnitType::Army => Role::General,
            UnitType::Fleet => Role::Admiral,
        }
    }

    /// The other military commander of the same power.
    pub fn counterpart(self) -> Option<Role> {
        match self {
            Role::HeadOfState => None,
            Role::General => Some(Role::Admiral),
            Role::Admiral => Some(Role::General),
        }
    }

    pub fn is_commander(self) -> bool {
        self != Role::HeadOfState
    }

    /// Reads `general`, `admiral`, `hos`, `head`, `head of state`.
    pub fn parse(words: &str) -> Option<Role> {
        match words.trim().to_lowercase().as_str() {
            "general" => Some(Role::General),
            "admiral" => Some(Role::Admiral),
            "hos" | "head" | "head of state" => Some(Role::HeadOfState),
            _ => None,
        }
    }
}

/// One seat: a power's Head of State, General or Admiral.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SeatRef {
    pub power: PowerName,
    pub role: Role,
}

impl SeatRef {
    pub fn new(power: Power, role: Role) -> SeatRef {
        SeatRef { power: PowerName(power), role }
    }

    /// Seats are numbered power by power in the map's order, Head of State, General, Admiral:
    /// Austria's are 0, 1, 2; England's 3, 4, 5; and so on to Turkey's 18, 19, 20.
    pub fn id(self) -> SeatIndex {
        SeatIndex(u16::from(self.power.0.0) * 3 + self.role.index())
    }

    pub fn from_id(seat: SeatIndex) -> Option<SeatRef> {
        let power = Power(u8::try_from(seat.0 / 3).ok()?);
        if usize::from(power.0) >= map().power_count() {
            return None;
        }
        Some(SeatRef::new(power, Role::ALL[usize::from(seat.0 % 3)]))
    }

    /// Every seat of the game, in seat order.
    pub fn all() -> impl Iterator<Item = SeatRef> {
        map().powers().flat_map(|(power, _)| Role::ALL.map(|role| SeatRef::new(power, role)))
    }

    /// Reads `France general`, `France: General`, `France Head of State`.
    pub fn parse(text: &str) -> Option<SeatRef> {
        let text = text.replace(':', " ");
        let (power, role) = text.trim().split_once(char::is_whitespace)?;
        Some(SeatRef::new(map().find_power(power)?, Role::parse(role)?))
    }
}

impl fmt::Display for SeatRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.power, self.role.title())
    }
}

/// Who holds a seat, and since which phase (so the server can show a holder only what happened in
/// their own tenure).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub person: PersonId,
    /// Code of the first phase of this tenure: `F1902M`.
    pub since: String,
}

/// What the server needs to know about a seat to let somebody in (CAB.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatStatus {
    Held(Holder),
    /// Nobody holds it: a commander's units are ordered by the Head of State (rulings 2.3); a power with
    /// no Head of State makes no builds (CAB.2) and is diplomatically isolated (sheet §9).
    Vacant,
    /// A Head of State seat not in use: the power joined a dual monarchy, and the seat `head` governs it.
    Joined {
        head: SeatIndex,
    },
}

/// A power's cabinet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cabinet {
    #[serde(default)]
    pub head: Option<Holder>,
    #[serde(default)]
    pub general: Option<Holder>,
    #[serde(default)]
    pub admiral: Option<Holder>,
    /// Set while this power is the junior power of a dual monarchy headed by that power's Head of State.
    #[serde(default)]
    pub joined_to: Option<PowerName>,
    /// The Head of State deposed when this power joined a dual monarchy, who may lead it again after a
    /// secession (CAB.4).
    #[serde(default)]
    pub previous_head: Option<PersonId>,
}

impl Cabinet {
    pub fn holder(&self, role: Role) -> Option<&Holder> {
        match role {
            Role::HeadOfState => self.head.as_ref(),
            Role::General => self.general.as_ref(),
            Role::Admiral => self.admiral.as_ref(),
        }
    }

    pub(super) fn holder_mut(&mut self, role: Role) -> &mut Option<Holder> {
        match role {
            Role::HeadOfState => &mut self.head,
            Role::General => &mut self.general,
            Role::Admiral => &mut self.admiral,
        }
    }
}

impl State {
    pub fn cabinet(&self, power: Power) -> Cabinet {
        self.cabinets.get(&PowerName(power)).cloned().unwrap_or_default()
    }

    pub(super) fn cabinet_mut(&mut self, power: Power) -> &mut Cabinet {
        self.cabinets.entry(PowerName(power)).or_default()
    }

    pub fn holder(&self, seat: SeatRef) -> Option<Holder> {
        self.cabinet(seat.power.0).holder(seat.role).cloned()
    }

    pub fn person_at(&self, seat: SeatRef) -> Option<PersonId> {
        self.holder(seat).map(|holder| holder.person)
    }

    /// The seat's status (CAB.1): the server lets only the current holder in.
    pub fn status(&self, seat: SeatRef) -> SeatStatus {
        let cabinet = self.cabinet(seat.power.0);
        match (seat.role, cabinet.joined_to) {
            (Role::HeadOfState, Some(head)) => {
                SeatStatus::Joined { head: SeatRef { power: head, role: seat.role }.id() }
            }
            _ => cabinet.holder(seat.role).cloned().map_or(SeatStatus::Vacant, SeatStatus::Held),
        }
    }

    /// The seat a person holds, if any (a person holds at most one, rulings 2.1).
    pub fn seat_of(&self, person: PersonId) -> Option<SeatRef> {
        SeatRef::all().find(|seat| self.person_at(*seat) == Some(person))
    }

    /// The power whose Head of State governs `power`: itself, or its dual monarch.
    pub fn head_power(&self, power: Power) -> Power {
        self.cabinet(power).joined_to.map_or(power, |head| head.0)
    }

    /// The Head of State seat that governs `power`.
    pub fn head_seat(&self, power: Power) -> SeatRef {
        SeatRef::new(self.head_power(power), Role::HeadOfState)
    }

    /// The powers governed by the Head of State of `head`: `head` first, then its junior power, if any.
    pub fn realm(&self, head: Power) -> Vec<Power> {
        let mut powers = vec![head];
        powers.extend(
            map()
                .powers()
                .map(|(power, _)| power)
                .filter(|power| self.cabinet(*power).joined_to == Some(PowerName(head))),
        );
        powers
    }

    /// Every realm, by its head power.
    pub fn realms(&self) -> Vec<Vec<Power>> {
        map()
            .powers()
            .map(|(power, _)| power)
            .filter(|power| self.head_power(*power) == *power)
            .map(|head| self.realm(head))
            .collect()
    }

    /// The military commander seats of a realm.
    pub fn commanders_of_realm(&self, head: Power) -> Vec<SeatRef> {
        self.realm(head)
            .into_iter()
            .flat_map(|power| [SeatRef::new(power, Role::General), SeatRef::new(power, Role::Admiral)])
            .collect()
    }

    /// Whether the seat is in use: every seat but the Head of State seat of a power in a dual monarchy.
    pub fn in_use(&self, seat: SeatRef) -> bool {
        seat.role != Role::HeadOfState || self.cabinet(seat.power.0).joined_to.is_none()
    }

    /// Whether somebody holds the seat and it is in use.
    pub fn is_held(&self, seat: SeatRef) -> bool {
        self.in_use(seat) && self.holder(seat).is_some()
    }

    /// The seats whose holders `seat`'s holder knows (sheet §4, rulings 2.4): a Head of State knows its
    /// whole cabinet and every other Head of State (or the vacancy); a commander knows itself, its Head
    /// of State and its counterpart. At the end of the game everyone knows everyone, unless the GM chose
    /// otherwise.
    pub fn known_seats(&self, seat: SeatRef) -> Vec<SeatRef> {
        if !self.in_use(seat) {
            return Vec::new();
        }
        if self.winner.is_some() && self.settings.reveal_identities_at_end {
            return SeatRef::all().filter(|other| self.in_use(*other)).collect();
        }
        let mut known = match seat.role {
            Role::HeadOfState => {
                let mut known = vec![seat];
                known.extend(self.commanders_of_realm(seat.power.0));
                known.extend(self.realms().into_iter().map(|realm| SeatRef::new(realm[0], Role::HeadOfState)));
                known
            }
            Role::General | Role::Admiral => {
                let counterpart = seat.role.counterpart().map(|role| SeatRef { power: seat.power, role });
                [Some(seat), Some(self.head_seat(seat.power.0)), counterpart].into_iter().flatten().collect()
            }
        };
        known.sort();
        known.dedup();
        known
    }

    /// The correspondents `seat` may write to privately (rulings 2.5, CAB.7): a commander its own Head
    /// of State and its counterpart; a Head of State its cabinet and the other Heads of State. The GM is
    /// always allowed and not listed.
    fn private_correspondents(&self, seat: SeatRef) -> Vec<SeatRef> {
        self.known_seats(seat).into_iter().filter(|other| *other != seat).collect()
    }

    /// Whether `from` may send press to `to` (rulings 2.5). Vacant seats and the unused Head of State
    /// seat of a junior power neither send nor receive: nobody would read it until a new holder, who
    /// must not see the old cabinet's messages (CAB.1).
    pub fn may_send(&self, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
        let Correspondent::Seat(from) = from else {
            return self.recipients_held(to);
        };
        let sender = SeatRef::from_id(from).ok_or_else(|| PressRefusal("no such seat".to_string()))?;
        if !self.is_held(sender) {
            return Err(PressRefusal(format!("nobody holds {sender}")));
        }
        match to {
            Recipients::Public if sender.role == Role::HeadOfState => Ok(()),
            Recipients::Public => Err(PressRefusal(
                "a General or Admiral may not write public press, only its Head of State may".to_string(),
            )),
            Recipients::Private(members) => {
                self.recipients_held(to)?;
                let allowed = self.private_correspondents(sender);
                for member in members {
                    if let Correspondent::Seat(id) = member
                        && !SeatRef::from_id(*id).is_some_and(|seat| allowed.contains(&seat))
                    {
                        return Err(PressRefusal(refusal_reason(sender, *id)));
                    }
                }
                Ok(())
            }
        }
    }

    fn recipients_held(&self, to: &Recipients) -> Result<(), PressRefusal> {
        let Recipients::Private(members) = to else { return Ok(()) };
        for member in members {
            if let Correspondent::Seat(id) = member {
                let seat = SeatRef::from_id(*id).ok_or_else(|| PressRefusal("no such seat".to_string()))?;
                if !self.is_held(seat) {
                    return Err(PressRefusal(format!("nobody holds {seat}")));
                }
            }
        }
        Ok(())
    }
}

fn refusal_reason(sender: SeatRef, to: SeatIndex) -> String {
    let to = SeatRef::from_id(to).map_or_else(|| "that seat".to_string(), |seat| seat.to_string());
    match sender.role {
        Role::HeadOfState => {
            format!("a Head of State writes only to its own cabinet, the other Heads of State and the GM, not to {to}")
        }
        Role::General => {
            format!("a General writes only to its own Head of State, its counterpart and the GM, not to {to}")
        }
        Role::Admiral => {
            format!("an Admiral writes only to its own Head of State, its counterpart and the GM, not to {to}")
        }
    }
}

/// What a position may order and why, in the rules' words (sheet §5–7, rulings 2.2, CAB.10).
pub fn duties(role: Role, power: &str) -> String {
    match role {
        Role::HeadOfState => format!(
            "As Head of State of {power} you commission and decommission units: the builds and removals of \
             your realm (pooled across both powers in a dual monarchy). Armies are the General's and fleets \
             the Admiral's; your orders for them are backups, used unit by unit only where the commander \
             sends none, and for every unit of a commander's position while it is vacant. In a retreat you \
             may disband a unit over its commander's order. Reliefs and appointments are motions on the \
             Cabinet page."
        ),
        Role::General => format!(
            "As General of the Army of {power} you order {power}'s armies, and only them. Fleets are the \
             Admiral's; builds and removals are the Head of State's. Your Head of State's backup order is \
             used for an army only if you send none for it, and in a retreat he may disband it over your \
             order. With the Admiral you may depose the Head of State (a coup, on the Cabinet page)."
        ),
        Role::Admiral => format!(
            "As Admiral of the Navy of {power} you order {power}'s fleets, and only them. Armies are the \
             General's; builds and removals are the Head of State's. Your Head of State's backup order is \
             used for a fleet only if you send none for it, and in a retreat he may disband it over your \
             order. With the General you may depose the Head of State (a coup, on the Cabinet page)."
        ),
    }
}
