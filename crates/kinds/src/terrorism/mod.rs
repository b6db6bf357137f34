//! Terrorism I (rule sheet `terrorism-i.txt`, rulings §3 and TER.1 to TER.8) as a game kind: money
//! replaces the supply-center limit, terrorist groups levy on the powers they sit in, provinces ceded to
//! groups become nations sold at auction, and agencies move money unseen.
//!
//! Movement and retreats go through the judge ([`board`]); everything else is this module's own:
//! money ([`treasury`]), the nine steps of a turn ([`turn`], [`groups`], [`agencies`], [`auction`]), the
//! extra order lines ([`orders`]) and what each viewer may see ([`views`]).
//!
//! # How it is built
//!
//! `src/terrorism/` is Terrorism I. The judge adjudicates only its moves and retreats; money, groups,
//! agencies, cedes, auctions, builds and ownership of every province are the module's own (`turn.rs` runs the
//! sheet's nine steps, with `groups.rs`, `agencies.rs` and `auction.rs`; `orders.rs` reads the extra lines;
//! `views.rs` builds the per-seat and public views). New nations are modelled as the module's own powers and
//! reach the judge through `board.rs`'s `Bridge`: each nation becomes a judge `Power` numbered after the
//! seven (so its units are a separate side in adjudication), every unit is granted to its controller's sheet
//! through `Extensions::command_grants` (a buyer orders its nations' units on its own sheet, an unbought
//! nation's units hold), and since the judge's map can name only the seven Great Powers, the bridge words
//! results and reports itself and never asks the map for a power's name. The state is stored by names (power
//! names, province and region keys) and checked when read back.

mod agencies;
mod auction;
mod board;
mod groups;
mod names;
mod orders;
mod state;
mod treasury;
mod turn;
mod views;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::facts::{Facts, Notation, SeatPlan};
use crate::kind::{
    GmActionError, OrderCheck, OrderForm, Outcome, PhaseInfo, PhaseStage, Processed, Report, Rules, SeatIndex,
    SeatInfo, SeatRole, SetupError, View,
};
use crate::standard::{check_sheet, form_for, standard_map};
use board::Bridge;
pub use names::home_province_keys;
pub use state::State;
use state::{Award, Stage, Unit};
use turn::{player_of_seat, seat_of_player};

/// Terrorism I has no settings of its own yet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

pub struct TerrorismI;

impl Rules for TerrorismI {
    type State = State;
    type Settings = Settings;

    fn guide() -> crate::guide::Guide {
        crate::guide::TERRORISM
    }

    fn facts() -> Facts {
        Facts {
            name: "Terrorism I",
            seats: SeatPlan::OnePerPower,
            notation: Notation::Judge,
            victory_centers: crate::standard::solo_victory_centers(),
        }
    }

    fn new_game(_settings: &Settings, _seed: u64) -> Result<State, SetupError> {
        let map = standard_map()?;
        let units = map
            .starting_units()
            .iter()
            .map(|start| Unit {
                power: map.power_name(start.power).to_string(),
                piece: names::Piece { kind: start.kind, region: start.region },
            })
            .collect();
        Ok(State::starting(units))
    }

    /// One seat per Great Power. A nation a player buys is not listed here: who controls it is secret
    /// (TER.6), so only that seat's own view shows it.
    fn seats(_state: &State) -> Vec<SeatInfo> {
        names::great_powers()
            .enumerate()
            .map(|(index, name)| SeatInfo {
                id: SeatIndex(index as u16),
                title: name.to_string(),
                powers: vec![name.to_string()],
                role: SeatRole::Player,
            })
            .collect()
    }

    fn phase(state: &State) -> PhaseInfo {
        let (letter, word, stage) = match state.stage {
            Stage::Orders => ('M', "Movement", PhaseStage::Movement),
            Stage::Retreats { .. } => ('R', "Retreats", PhaseStage::Retreat),
        };
        PhaseInfo {
            code: format!("{}{letter}", state.turn.code()),
            label: format!("{} {word}", state.turn.label()),
            stage,
        }
    }

    fn must_order(state: &State, seat: SeatIndex) -> bool {
        let Some(player) = player_of_seat(seat) else { return false };
        if state.winner.is_some() {
            return false;
        }
        match state.stage {
            Stage::Orders => !state.powers_of(player).is_empty(),
            Stage::Retreats { .. } => !Self::order_form(state, seat).rows.is_empty(),
        }
    }

    fn check_orders(state: &State, seat: SeatIndex, text: &str) -> OrderCheck {
        let Some(player) = player_of_seat(seat) else { return OrderCheck::default() };
        let reading = match state.stage {
            Stage::Orders => orders::Reading::Turn,
            Stage::Retreats { .. } => orders::Reading::Retreats,
        };
        let sheet = orders::read_sheet(state, player, text, reading);
        let bridge = Bridge::new(state);
        let power = bridge.power(player).expect("every seat is a Great Power");
        let mut check =
            check_sheet(names::map(), &bridge.position(state), power, &sheet.unit_text, &bridge.extensions(state));
        check.accepted.extend(sheet.accepted);
        check.rejected.extend(sheet.rejected);
        check.accepted.sort_by_key(|line| line.line);
        check.rejected.sort_by_key(|line| line.line);
        check
    }

    fn order_form(state: &State, seat: SeatIndex) -> OrderForm {
        let Some(player) = player_of_seat(seat) else { return OrderForm::default() };
        let bridge = Bridge::new(state);
        let power = bridge.power(player).expect("every seat is a Great Power");
        let mut form = form_for(names::map(), &bridge.position(state), power, &bridge.extensions(state));
        label_other_powers_units(state, player, &mut form);
        if state.stage == Stage::Orders {
            views::money_form(state, player, &mut form);
        }
        form
    }

    fn process(state: &State, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<State> {
        turn::process(state, orders, seed)
    }

    fn seat_view(state: &State, seat: SeatIndex) -> View {
        match player_of_seat(seat) {
            Some(player) => views::seat_view(state, player),
            None => views::public_view(state),
        }
    }

    fn public_view(state: &State) -> View {
        views::public_view(state)
    }

    fn gm_view(state: &State) -> View {
        views::gm_view(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let winner = state.winner.as_deref()?;
        Some(Outcome::Victory {
            winners: seat_of_player(winner).into_iter().collect(),
            summary: format!("{winner} wins with {} centers", state.centers_of(winner)),
        })
    }

    /// Rule 6 and rulings 3.7: `AWARD <group's province or name> <0 to 20> <note>`. The note stays in the
    /// game's record; the public sees only the treasury change (TER.8).
    fn gm_action(state: &State, action: &str) -> Result<(State, Report), GmActionError> {
        let award = read_award(state, action).map_err(GmActionError::Refused)?;
        let mut next = state.clone();
        let group = next.groups.iter_mut().find(|g| g.name == award.group).expect("read_award found it");
        let before = group.treasury;
        group.treasury += award.amount;
        let event =
            format!("The treasury of {} ({}) goes from {before} to {}", group.name, group.province, group.treasury);
        next.awards.push(award);
        Ok((next, Report { events: vec![event], ..Report::default() }))
    }

    fn gm_action_syntax(_state: &State) -> Option<&'static str> {
        Some(AWARD_SYNTAX)
    }
}

/// Rows for a bought nation's units say whose unit it is: `Free Burgundy: A bur`.
fn label_other_powers_units(state: &State, player: &str, form: &mut OrderForm) {
    for row in &mut form.rows {
        let owner = names::Province::find(&row.key).and_then(|at| match state.stage {
            Stage::Orders => state.unit_in(at).map(|unit| unit.power.clone()),
            Stage::Retreats { .. } => {
                state.dislodged.iter().find(|d| d.piece.province() == at).map(|d| d.power.clone())
            }
        });
        if let Some(owner) = owner.filter(|owner| owner != player) {
            row.label = format!("{owner}: {}", row.label);
        }
    }
}

/// How a GM writes a press award (rule 6).
const AWARD_SYNTAX: &str = "AWARD <group's province or name> <0 to 20> <note>";

fn read_award(state: &State, action: &str) -> Result<Award, String> {
    let words: Vec<&str> = action.split_whitespace().collect();
    if !words.first().is_some_and(|w| w.eq_ignore_ascii_case("award")) {
        return Err(format!("write {AWARD_SYNTAX}"));
    }
    // The amount is the first number after which the words before it name a group, so a group may
    // have a number in its name.
    let (group, at, amount) = (2..words.len())
        .filter_map(|at| Some((at, words[at].parse::<u32>().ok()?)))
        .find_map(|(at, amount)| Some((find_group(state, &words[1..at].join(" "))?, at, amount)))
        .ok_or(format!("no terrorist group is named before the amount: write {AWARD_SYNTAX}"))?;
    if amount > treasury::MAX_PRESS_AWARD {
        return Err(format!("an award is 0 to {}", treasury::MAX_PRESS_AWARD));
    }
    Ok(Award { turn: state.turn, group: group.name.clone(), amount, note: words[at + 1..].join(" ") })
}

fn find_group<'a>(state: &'a State, target: &str) -> Option<&'a state::Group> {
    state
        .groups
        .iter()
        .find(|g| g.name.eq_ignore_ascii_case(target) || names::Province::find(target) == Some(g.province))
}
