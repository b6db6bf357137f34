//! Every game kind the site knows, and [`AnyGame`]: one stored game of any kind behind one interface.
//!
//! A kind is a module with a [`Rules`] implementation (its facts included); adding one is one line in
//! the [`kinds!`] list below. The macro writes [`Kind`], [`AnyGame`] and the dispatch between them, so
//! the compiler finds every `match` on kinds that a new kind must answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::facts::Facts;
use crate::kind::{
    Ask, Correspondent, GmActionError, OrderCheck, OrderForm, Outcome, PersonId, PhaseInfo, PressRefusal, Processed,
    Recipients, Report, Rules, SeatIndex, SeatInfo, SetupError, StateError, Vacancy, View,
};

/// Declares the site's kinds: `Variant => rules type, "slug"`, the slug being the kind's stable name in
/// URLs, forms, the database and the stored state's JSON tag.
macro_rules! kinds {
    ($($variant:ident => $rules:ty, $slug:literal;)+) => {
        /// The kinds of game of the site.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Kind {
            $(#[serde(rename = $slug)] $variant),+
        }

        impl Kind {
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),+];

            /// The stable identifier used in URLs, forms and the database.
            pub fn slug(self) -> &'static str {
                match self { $(Kind::$variant => $slug),+ }
            }

            /// What the site needs to know about the kind besides its rules.
            pub fn facts(self) -> Facts {
                match self { $(Kind::$variant => <$rules as Rules>::facts()),+ }
            }

            /// How to play the kind, for its how-to-play page.
            pub fn guide(self) -> crate::guide::Guide {
                match self { $(Kind::$variant => <$rules as Rules>::guide()),+ }
            }

            /// A line of a report in words, as the order page says it, where the kind knows how.
            pub fn order_in_words(self, line: &str) -> Option<String> {
                match self { $(Kind::$variant => <$rules as Rules>::order_in_words(line)),+ }
            }
        }

        /// One game's state, of any kind. Stored as JSON: `{"kind": "standard", "state": {...}}`.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "kind", content = "state")]
        pub enum AnyGame {
            $(#[serde(rename = $slug)] $variant(<$rules as Rules>::State)),+
        }

        impl AnyGame {
            /// A new game of `kind` at its first phase, from the GM's settings (a JSON object; `null` for
            /// defaults).
            pub fn new(kind: Kind, settings: &serde_json::Value, seed: u64) -> Result<AnyGame, SetupError> {
                match kind {
                    $(Kind::$variant => Ok(AnyGame::$variant(<$rules as Rules>::new_game(&read_settings(settings)?, seed)?)),)+
                }
            }

            pub fn kind(&self) -> Kind {
                match self { $(AnyGame::$variant(_) => Kind::$variant),+ }
            }

            pub fn seats(&self) -> Vec<SeatInfo> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::seats(state)),+ }
            }

            pub fn phase(&self) -> PhaseInfo {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::phase(state)),+ }
            }

            pub fn must_order(&self, seat: SeatIndex) -> bool {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::must_order(state, seat)),+ }
            }

            pub fn check_orders(&self, seat: SeatIndex, text: &str) -> OrderCheck {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::check_orders(state, seat, text)),+ }
            }

            pub fn order_form(&self, seat: SeatIndex) -> OrderForm {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::order_form(state, seat)),+ }
            }

            pub fn process(&self, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<AnyGame> {
                match self {
                    $(AnyGame::$variant(state) => {
                        let processed = <$rules as Rules>::process(state, orders, seed);
                        Processed {
                            next: AnyGame::$variant(processed.next),
                            public: processed.public,
                            private: processed.private,
                        }
                    })+
                }
            }

            pub fn seat_view(&self, seat: SeatIndex) -> View {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::seat_view(state, seat)),+ }
            }

            pub fn public_view(&self) -> View {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::public_view(state)),+ }
            }

            /// The GM's view: every secret of the state, in words. Never for a player's or a public page.
            pub fn gm_view(&self) -> View {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::gm_view(state)),+ }
            }

            pub fn outcome(&self) -> Option<Outcome> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::outcome(state)),+ }
            }

            /// Applies a game master's action, returning the new game and what to publish about it.
            pub fn gm_action(&self, action: &str) -> Result<(AnyGame, Report), GmActionError> {
                match self {
                    $(AnyGame::$variant(state) => <$rules as Rules>::gm_action(state, action)
                        .map(|(next, report)| (AnyGame::$variant(next), report)),)+
                }
            }

            pub fn gm_action_syntax(&self) -> Option<&'static str> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::gm_action_syntax(state)),+ }
            }

            pub fn holders(&self) -> Option<Vec<(SeatIndex, Option<PersonId>)>> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::holders(state)),+ }
            }

            /// Seats `person` (or nobody) in `seat`, for kinds whose engine tracks holders.
            pub fn seat_person(&self, seat: SeatIndex, person: Option<PersonId>) -> Result<AnyGame, String> {
                match self {
                    $(AnyGame::$variant(state) => <$rules as Rules>::seat_person(state, seat, person).map(AnyGame::$variant),)+
                }
            }

            pub fn duties(&self, seat: SeatIndex) -> Option<String> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::duties(state, seat)),+ }
            }

            /// The seats whose votes decide a draw or a concession; `None`: every surviving seat's.
            pub fn draw_voters(&self) -> Option<Vec<SeatIndex>> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::draw_voters(state)),+ }
            }

            /// The other seats whose pending order sheets `seat` may read.
            pub fn readable_sheets(&self, seat: SeatIndex) -> Vec<SeatIndex> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::readable_sheets(state, seat)),+ }
            }

            /// The phase code from which `seat`'s current holder reads its private press, if limited.
            pub fn tenure_start(&self, seat: SeatIndex) -> Option<String> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::tenure_start(state, seat)),+ }
            }

            /// Whom the step from this state to `after` asks to act; nobody when `after` is another kind.
            pub fn asks(&self, after: &AnyGame) -> Vec<Ask> {
                match (self, after) {
                    $((AnyGame::$variant(before), AnyGame::$variant(after)) => <$rules as Rules>::asks(before, after),)+
                    _ => Vec::new(),
                }
            }

            /// The seats in play that nobody holds, for the GM to fill.
            pub fn vacancies(&self) -> Vec<Vacancy> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::vacancies(state)),+ }
            }

            pub fn may_send(&self, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
                match self { $(AnyGame::$variant(state) => <$rules as Rules>::may_send(state, from, to)),+ }
            }
        }
    };
}

kinds! {
    Standard => crate::standard::Standard, "standard";
    CovertDip => crate::covert_dip::CovertDip, "covert_dip";
    CabinetDiplomacy => crate::cabinet::CabinetDiplomacy, "cabinet_diplomacy";
    TerrorismI => crate::terrorism::TerrorismI, "terrorism_i";
    Diplobucks => crate::diplobucks::Diplobucks, "diplobucks";
    CovertOperations => crate::covert_ops::CovertOperations, "covert_operations";
}

impl Kind {
    /// The words shown to people.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|kind| kind.slug() == slug)
    }
}

impl AnyGame {
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("game states serialise")
    }

    pub fn from_json(value: serde_json::Value) -> Result<AnyGame, StateError> {
        serde_json::from_value(value).map_err(|error| StateError(error.to_string()))
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A stored or typed kind name that is none of the site's kinds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game kind called {0:?}")]
pub struct UnknownKind(pub String);

impl std::str::FromStr for Kind {
    type Err = UnknownKind;

    fn from_str(slug: &str) -> Result<Kind, UnknownKind> {
        Kind::from_slug(slug).ok_or_else(|| UnknownKind(slug.to_owned()))
    }
}

/// A stored kind name (`game.kind` holds [`Kind::slug`]) read back as a kind.
impl TryFrom<String> for Kind {
    type Error = UnknownKind;

    fn try_from(slug: String) -> Result<Kind, UnknownKind> {
        slug.parse()
    }
}

fn read_settings<S: for<'de> Deserialize<'de> + Default>(settings: &serde_json::Value) -> Result<S, SetupError> {
    if settings.is_null() {
        return Ok(S::default());
    }
    serde_json::from_value(settings.clone()).map_err(|error| SetupError::Settings(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_found_by_its_slug_and_its_stored_state_is_tagged_with_it() {
        for &kind in Kind::ALL {
            assert_eq!(Kind::from_slug(kind.slug()), Some(kind));
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.slug());
            let game = AnyGame::new(kind, &serde_json::Value::Null, 1).unwrap();
            assert_eq!(game.to_json()["kind"], kind.slug());
            assert_eq!(game.kind(), kind);
        }
        assert_eq!("chess".parse::<Kind>(), Err(UnknownKind("chess".to_owned())));
    }

    #[test]
    fn every_kind_has_its_own_name() {
        let names: std::collections::BTreeSet<_> = Kind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(names.len(), Kind::ALL.len());
    }

    #[test]
    fn a_standard_report_line_is_said_in_words_and_a_line_it_cannot_read_is_left_as_written() {
        assert_eq!(Kind::Standard.order_in_words("A vie - gal").as_deref(), Some("Army Vienna moves to Galicia"));
        assert_eq!(
            Kind::CovertDip.order_in_words("F tri S A ven - alb").map(|words| words.contains("supports")),
            Some(true)
        );
        assert_eq!(Kind::Standard.order_in_words("BRIBE 3 to Italy"), None);
        assert_eq!(Kind::CovertOperations.order_in_words("A vie - gal"), None, "a kind without standard orders");
    }
}
