//! The press extension point: a game kind decides who may write to whom, beyond the game's press setting.
//!
//! A "quarrel" kind (standard Diplomacy with press limits of its own) stands in for the variants that
//! need this: Cabinet commanders may not write to foreign Heads of State (rulings 2.5), a Diplobucks
//! power without the press right may not publish (rulings 4.5).

use std::collections::BTreeMap;

use kinds::standard::Standard;
use kinds::{
    AnyGame, Correspondent, Facts, Kind, OrderCheck, OrderForm, Outcome, PhaseInfo, PressRefusal, Processed,
    Recipients, Rules, SeatIndex, SeatInfo, SetupError, View,
};

const AUSTRIA: Correspondent = Correspondent::Seat(SeatIndex(0));
const ENGLAND: Correspondent = Correspondent::Seat(SeatIndex(1));
const FRANCE: Correspondent = Correspondent::Seat(SeatIndex(2));
const GERMANY: Correspondent = Correspondent::Seat(SeatIndex(3));

/// Standard Diplomacy where Austria and England may not talk, and France may not publish.
struct Quarrel;

impl Rules for Quarrel {
    type State = <Standard as Rules>::State;
    type Settings = <Standard as Rules>::Settings;

    fn facts() -> Facts {
        Facts { name: "Quarrel", ..Standard::facts() }
    }

    fn guide() -> kinds::Guide {
        Standard::guide()
    }

    fn new_game(settings: &Self::Settings, seed: u64) -> Result<Self::State, SetupError> {
        Standard::new_game(settings, seed)
    }
    fn seats(state: &Self::State) -> Vec<SeatInfo> {
        Standard::seats(state)
    }
    fn phase(state: &Self::State) -> PhaseInfo {
        Standard::phase(state)
    }
    fn must_order(state: &Self::State, seat: SeatIndex) -> bool {
        Standard::must_order(state, seat)
    }
    fn check_orders(state: &Self::State, seat: SeatIndex, text: &str) -> OrderCheck {
        Standard::check_orders(state, seat, text)
    }
    fn order_form(state: &Self::State, seat: SeatIndex) -> OrderForm {
        Standard::order_form(state, seat)
    }
    fn process(state: &Self::State, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<Self::State> {
        Standard::process(state, orders, seed)
    }
    fn seat_view(state: &Self::State, seat: SeatIndex) -> View {
        Standard::seat_view(state, seat)
    }
    fn public_view(state: &Self::State) -> View {
        Standard::public_view(state)
    }
    fn outcome(state: &Self::State) -> Option<Outcome> {
        Standard::outcome(state)
    }

    fn may_send(_state: &Self::State, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
        let quarrelling =
            |a: Correspondent, b: Correspondent| [a, b] == [AUSTRIA, ENGLAND] || [a, b] == [ENGLAND, AUSTRIA];
        match to {
            Recipients::Public if from == FRANCE => Err(PressRefusal("France may not publish".into())),
            Recipients::Public => Ok(()),
            Recipients::Private(members) if members.iter().any(|member| quarrelling(from, *member)) => {
                Err(PressRefusal("Austria and England do not talk".into()))
            }
            Recipients::Private(_) => Ok(()),
        }
    }
}

#[test]
fn a_kind_can_forbid_a_pair_of_seats_both_ways_and_in_any_group_holding_them() {
    let state = Quarrel::new_game(&Default::default(), 1).unwrap();
    let to = |members: &[Correspondent]| Recipients::private(AUSTRIA, members.iter().copied());
    assert!(Quarrel::may_send(&state, AUSTRIA, &to(&[ENGLAND])).is_err());
    assert!(Quarrel::may_send(&state, ENGLAND, &Recipients::private(ENGLAND, [AUSTRIA])).is_err());
    assert!(Quarrel::may_send(&state, AUSTRIA, &to(&[FRANCE, ENGLAND])).is_err(), "a group holding the pair");
    assert!(Quarrel::may_send(&state, AUSTRIA, &to(&[FRANCE, GERMANY])).is_ok());
    assert!(Quarrel::may_send(&state, AUSTRIA, &to(&[Correspondent::GameMaster])).is_ok());
}

#[test]
fn a_kind_can_forbid_public_press_to_one_seat_only() {
    let state = Quarrel::new_game(&Default::default(), 1).unwrap();
    let refusal = Quarrel::may_send(&state, FRANCE, &Recipients::Public).unwrap_err();
    assert_eq!(refusal.to_string(), "France may not publish");
    assert!(Quarrel::may_send(&state, GERMANY, &Recipients::Public).is_ok());
    assert!(Quarrel::may_send(&state, FRANCE, &Recipients::private(FRANCE, [GERMANY])).is_ok());
}

#[test]
fn standard_diplomacy_leaves_every_pair_and_public_press_to_the_game_settings() {
    let game = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).unwrap();
    for from in [AUSTRIA, ENGLAND, FRANCE, Correspondent::GameMaster] {
        assert!(game.may_send(from, &Recipients::Public).is_ok());
        assert!(game.may_send(from, &Recipients::private(from, [AUSTRIA, ENGLAND, Correspondent::GameMaster])).is_ok());
    }
}

#[test]
fn a_private_conversation_never_lists_its_sender_among_the_recipients() {
    let to = Recipients::private(AUSTRIA, [AUSTRIA, ENGLAND, ENGLAND]);
    assert_eq!(to, Recipients::Private([ENGLAND].into_iter().collect()));
}
