//! Every game kind the site knows, and [`AnyGame`]: one stored game of any kind behind one interface.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cabinet::{self, CabinetDiplomacy};
use crate::covert_dip::{self, CovertDip};
use crate::covert_ops::{self, CovertOperations};
use crate::diplobucks::{self, Diplobucks};
use crate::kind::{
    Correspondent, GmActionError, OrderCheck, OrderForm, Outcome, PhaseInfo, PressRefusal, Processed, Recipients,
    Report, Rules, SeatIndex, SeatInfo, SetupError, StateError, View,
};
use crate::standard::{self, Standard};
use crate::terrorism::{self, TerrorismI};

/// The six kinds of game of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Standard,
    CovertDip,
    CabinetDiplomacy,
    TerrorismI,
    Diplobucks,
    CovertOperations,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Standard,
        Kind::CovertDip,
        Kind::CabinetDiplomacy,
        Kind::TerrorismI,
        Kind::Diplobucks,
        Kind::CovertOperations,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Standard => "Standard Diplomacy",
            Kind::CovertDip => "Covert Dip",
            Kind::CabinetDiplomacy => "Cabinet Diplomacy II",
            Kind::TerrorismI => "Terrorism I",
            Kind::Diplobucks => "Diplobucks",
            Kind::CovertOperations => "Covert Operations",
        }
    }

    /// The stable identifier used in URLs, forms and the database.
    pub fn slug(self) -> &'static str {
        match self {
            Kind::Standard => "standard",
            Kind::CovertDip => "covert_dip",
            Kind::CabinetDiplomacy => "cabinet_diplomacy",
            Kind::TerrorismI => "terrorism_i",
            Kind::Diplobucks => "diplobucks",
            Kind::CovertOperations => "covert_operations",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.slug() == slug)
    }

    /// Whether games of this kind can be created and played yet.
    pub fn is_playable(self) -> bool {
        matches!(
            self,
            Kind::Standard
                | Kind::CovertDip
                | Kind::CabinetDiplomacy
                | Kind::Diplobucks
                | Kind::TerrorismI
                | Kind::CovertOperations
        )
    }
}

/// One game's state, of any kind. Stored as JSON: `{"kind": "standard", "state": {...}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "state", rename_all = "snake_case")]
pub enum AnyGame {
    Standard(standard::State),
    CovertDip(covert_dip::State),
    CabinetDiplomacy(cabinet::State),
    Diplobucks(diplobucks::State),
    TerrorismI(terrorism::State),
    CovertOperations(covert_ops::State),
}

/// Calls the same [`Rules`] function on whichever kind the game is.
macro_rules! dispatch {
    ($game:expr, $call:ident ( $($arg:expr),* )) => {
        match $game {
            AnyGame::Standard(state) => <Standard as Rules>::$call(state, $($arg),*),
            AnyGame::CovertDip(state) => <CovertDip as Rules>::$call(state, $($arg),*),
            AnyGame::CabinetDiplomacy(state) => <CabinetDiplomacy as Rules>::$call(state, $($arg),*),
            AnyGame::Diplobucks(state) => <Diplobucks as Rules>::$call(state, $($arg),*),
            AnyGame::TerrorismI(state) => <TerrorismI as Rules>::$call(state, $($arg),*),
            AnyGame::CovertOperations(state) => <CovertOperations as Rules>::$call(state, $($arg),*),
        }
    };
}

impl AnyGame {
    /// A new game of `kind` at its first phase, from the GM's settings (a JSON object; `null` for defaults).
    pub fn new(kind: Kind, settings: &serde_json::Value, seed: u64) -> Result<AnyGame, SetupError> {
        match kind {
            Kind::Standard => Ok(AnyGame::Standard(Standard::new_game(&read_settings(settings)?, seed)?)),
            Kind::CovertDip => Ok(AnyGame::CovertDip(CovertDip::new_game(&read_settings(settings)?, seed)?)),
            Kind::Diplobucks => Ok(AnyGame::Diplobucks(Diplobucks::new_game(&read_settings(settings)?, seed)?)),
            Kind::TerrorismI => Ok(AnyGame::TerrorismI(TerrorismI::new_game(&read_settings(settings)?, seed)?)),
            Kind::CabinetDiplomacy => {
                Ok(AnyGame::CabinetDiplomacy(CabinetDiplomacy::new_game(&read_settings(settings)?, seed)?))
            }
            Kind::CovertOperations => {
                Ok(AnyGame::CovertOperations(CovertOperations::new_game(&read_settings(settings)?, seed)?))
            }
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            AnyGame::Standard(_) => Kind::Standard,
            AnyGame::CovertDip(_) => Kind::CovertDip,
            AnyGame::CabinetDiplomacy(_) => Kind::CabinetDiplomacy,
            AnyGame::Diplobucks(_) => Kind::Diplobucks,
            AnyGame::TerrorismI(_) => Kind::TerrorismI,
            AnyGame::CovertOperations(_) => Kind::CovertOperations,
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("game states serialise")
    }

    pub fn from_json(value: serde_json::Value) -> Result<AnyGame, StateError> {
        serde_json::from_value(value).map_err(|error| StateError(error.to_string()))
    }

    pub fn seats(&self) -> Vec<SeatInfo> {
        dispatch!(self, seats())
    }

    pub fn phase(&self) -> PhaseInfo {
        dispatch!(self, phase())
    }

    pub fn must_order(&self, seat: SeatIndex) -> bool {
        dispatch!(self, must_order(seat))
    }

    pub fn check_orders(&self, seat: SeatIndex, text: &str) -> OrderCheck {
        dispatch!(self, check_orders(seat, text))
    }

    pub fn order_form(&self, seat: SeatIndex) -> OrderForm {
        dispatch!(self, order_form(seat))
    }

    pub fn process(&self, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<AnyGame> {
        match self {
            AnyGame::Standard(state) => {
                let processed = Standard::process(state, orders, seed);
                Processed {
                    next: AnyGame::Standard(processed.next),
                    public: processed.public,
                    private: processed.private,
                }
            }
            AnyGame::CovertDip(state) => {
                let processed = CovertDip::process(state, orders, seed);
                Processed {
                    next: AnyGame::CovertDip(processed.next),
                    public: processed.public,
                    private: processed.private,
                }
            }
            AnyGame::CabinetDiplomacy(state) => {
                let processed = CabinetDiplomacy::process(state, orders, seed);
                Processed {
                    next: AnyGame::CabinetDiplomacy(processed.next),
                    public: processed.public,
                    private: processed.private,
                }
            }
            AnyGame::Diplobucks(state) => {
                let processed = Diplobucks::process(state, orders, seed);
                Processed {
                    next: AnyGame::Diplobucks(processed.next),
                    public: processed.public,
                    private: processed.private,
                }
            }
            AnyGame::TerrorismI(state) => {
                let processed = TerrorismI::process(state, orders, seed);
                Processed {
                    next: AnyGame::TerrorismI(processed.next),
                    public: processed.public,
                    private: processed.private,
                }
            }
            AnyGame::CovertOperations(state) => {
                let processed = CovertOperations::process(state, orders, seed);
                Processed {
                    next: AnyGame::CovertOperations(processed.next),
                    public: processed.public,
                    private: processed.private,
                }
            }
        }
    }

    pub fn seat_view(&self, seat: SeatIndex) -> View {
        dispatch!(self, seat_view(seat))
    }

    pub fn public_view(&self) -> View {
        dispatch!(self, public_view())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, outcome())
    }

    /// Applies a game master's action, returning the new game and what to publish about it.
    pub fn gm_action(&self, action: &str) -> Result<(AnyGame, Report), GmActionError> {
        match self {
            AnyGame::Standard(state) => {
                Standard::gm_action(state, action).map(|(next, report)| (AnyGame::Standard(next), report))
            }
            AnyGame::CovertDip(state) => {
                CovertDip::gm_action(state, action).map(|(next, report)| (AnyGame::CovertDip(next), report))
            }
            AnyGame::CabinetDiplomacy(state) => CabinetDiplomacy::gm_action(state, action)
                .map(|(next, report)| (AnyGame::CabinetDiplomacy(next), report)),
            AnyGame::Diplobucks(state) => {
                Diplobucks::gm_action(state, action).map(|(next, report)| (AnyGame::Diplobucks(next), report))
            }
            AnyGame::TerrorismI(state) => {
                TerrorismI::gm_action(state, action).map(|(next, report)| (AnyGame::TerrorismI(next), report))
            }
            AnyGame::CovertOperations(state) => CovertOperations::gm_action(state, action)
                .map(|(next, report)| (AnyGame::CovertOperations(next), report)),
        }
    }

    pub fn gm_action_syntax(&self) -> Option<&'static str> {
        dispatch!(self, gm_action_syntax())
    }

    pub fn may_send(&self, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
        dispatch!(self, may_send(from, to))
    }
}

fn read_settings<S: for<'de> Deserialize<'de> + Default>(settings: &serde_json::Value) -> Result<S, SetupError> {
    if settings.is_null() {
        return Ok(S::default());
    }
    serde_json::from_value(settings.clone()).map_err(|error| SetupError::Settings(error.to_string()))
}
