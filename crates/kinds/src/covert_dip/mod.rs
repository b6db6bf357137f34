//! Covert Dip (`rules/covert-dip.txt`, rulings §1 and CD.1–CD.10): standard Diplomacy with Fund
//! Diversions (FDs) to counter-insurgents in neutral centers, Covert Intelligence Operations (CIOs) and
//! Public Disclosures. Covert orders are lines on the same sheet as the unit orders; counter-insurgencies
//! reach the judge as the Winter's center counts ([`Extensions::center_counts`]).

mod fall;
pub mod orders;
mod views;

use std::collections::BTreeMap;

use judge::{Extensions, Map, PhaseKind, Position, Power, Season, adjudicate};
use serde::{Deserialize, Serialize};

pub use orders::{CovertOrder, Question};

use crate::facts::{Facts, Notation, SeatPlan};
use crate::intrigue::{self, PowerName, ProvinceName, map, merge_checks, split_sheet};
use crate::kind::{
    AcceptedLine, OrderCheck, OrderForm, Outcome, PhaseInfo, Processed, RejectedLine, Report, ReportLine, ResultWord,
    Rules, SeatIndex, SeatInfo, SetupError, View,
};
use crate::standard::{self, Standard, check_sheet, form_for, power_seat, seat_power};

/// A power's Swiss bank account: confidential to it and the GM.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub fds: u32,
    pub cios: u32,
}

/// Everything a Covert Dip game carries from phase to phase, secrets included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The board and the winner, stored as a standard game stores them.
    pub game: standard::State,
    #[serde(default)]
    pub accounts: BTreeMap<PowerName, Account>,
    /// Covert orders given with the Fall moves, carried out when the Fall ends (after its retreats).
    #[serde(default)]
    pub pending: Vec<(PowerName, CovertOrder)>,
    /// Counter-insurgencies for the Winter right after the Fall (public once the Fall ends).
    #[serde(default)]
    pub insurgencies: Vec<ProvinceName>,
    /// The power holding influence in Switzerland this Spring (told only to it).
    #[serde(default)]
    pub influence: Option<PowerName>,
    /// The power under Public Disclosure, from its Spring publication to the end of that Fall (public).
    #[serde(default)]
    pub disclosed: Option<PowerName>,
    /// Each power's FD and CIO orders carried out in the last Fall, for a disclosure.
    #[serde(default)]
    pub last_fall: BTreeMap<PowerName, Vec<CovertOrder>>,
}

/// Covert Dip has no settings of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

/// The Covert Dip game kind.
pub struct CovertDip;

/// FDs at which the Swiss balance becomes a scandal published in the Spring (rulings 1.7).
const SCANDAL_FDS: u32 = 4;

impl State {
    pub fn account(&self, power: Power) -> Account {
        self.accounts.get(&PowerName(power)).copied().unwrap_or_default()
    }

    fn position(&self) -> &Position {
        &self.game.position
    }

    /// The judge's extensions: in the Winter, the counter-insurgencies' center counts.
    fn extensions(&self, map: &Map) -> Extensions {
        let mut extensions = Extensions::default();
        if self.position().phase.kind == PhaseKind::Adjustment {
            extensions.center_counts = Some(fall::winter_center_counts(map, self.position(), &self.insurgencies));
        }
        extensions
    }
}

impl Rules for CovertDip {
    type State = State;
    type Settings = Settings;

    fn guide() -> crate::guide::Guide {
        crate::guide::COVERT_DIP
    }

    /// Its reports list standard orders, said as the standard game says them.
    fn order_in_words(line: &str) -> Option<String> {
        crate::standard::standard_order_in_words(line)
    }

    fn facts() -> Facts {
        Facts {
            name: "Covert Dip",
            seats: SeatPlan::OnePerPower,
            notation: Notation::Judge,
            victory_centers: standard::solo_victory_centers(),
        }
    }

    fn new_game(_settings: &Settings, seed: u64) -> Result<State, SetupError> {
        Ok(State {
            game: Standard::new_game(&standard::Settings {}, seed)?,
            accounts: BTreeMap::new(),
            pending: Vec::new(),
            insurgencies: Vec::new(),
            influence: None,
            disclosed: None,
            last_fall: BTreeMap::new(),
        })
    }

    fn seats(state: &State) -> Vec<SeatInfo> {
        Standard::seats(&state.game)
    }

    fn phase(state: &State) -> PhaseInfo {
        Standard::phase(&state.game)
    }

    fn must_order(state: &State, seat: SeatIndex) -> bool {
        let map = map();
        let power = seat_power(seat);
        let designates = state.position().phase.season == Season::Spring
            && state.position().phase.kind == PhaseKind::Movement
            && state.influence == Some(PowerName(power));
        state.game.winner.is_none()
            && (designates || judge::has_orders_to_give(map, state.position(), power, &state.extensions(map)))
    }

    fn check_orders(state: &State, seat: SeatIndex, text: &str) -> OrderCheck {
        let map = map();
        let power = seat_power(seat);
        let (unit_text, lines) = split_sheet(text, &orders::KEYWORDS);
        let units = check_sheet(map, state.position(), power, &unit_text, &state.extensions(map));
        let covert = lines
            .iter()
            .zip(orders::read_sheet(map, state, power, &lines))
            .map(|(line, checked)| match checked {
                Ok(order) => Ok(AcceptedLine { line: line.line, text: order.notation(), plain: order.describe(map) }),
                Err(reason) => Err(RejectedLine { line: line.line, text: line.text.to_string(), reason }),
            })
            .collect();
        merge_checks(units, covert)
    }

    fn order_form(state: &State, seat: SeatIndex) -> OrderForm {
        let map = map();
        let power = seat_power(seat);
        let mut form = form_for(map, state.position(), power, &state.extensions(map));
        views::add_covert_rows(map, state, power, &mut form);
        form
    }

    fn process(state: &State, orders: &BTreeMap<SeatIndex, String>, _seed: u64) -> Processed<State> {
        process_phase(map(), state, orders)
    }

    fn seat_view(state: &State, seat: SeatIndex) -> View {
        views::seat_view(map(), state, seat_power(seat))
    }

    fn public_view(state: &State) -> View {
        views::public_view(map(), state)
    }

    fn gm_view(state: &State) -> View {
        views::gm_view(map(), state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        Standard::outcome(&state.game)
    }
}

fn process_phase(map: &Map, state: &State, orders: &BTreeMap<SeatIndex, String>) -> Processed<State> {
    let position = state.position();
    let mut unit_texts = BTreeMap::new();
    let mut covert: Vec<(PowerName, CovertOrder)> = Vec::new();
    let mut private: BTreeMap<Power, Report> = BTreeMap::new();
    for (seat, text) in orders {
        let power = seat_power(*seat);
        let (unit_text, lines) = split_sheet(text, &orders::KEYWORDS);
        unit_texts.insert(*seat, unit_text);
        for (line, checked) in lines.iter().zip(orders::read_sheet(map, state, power, &lines)) {
            match checked {
                Ok(order) => covert.push((PowerName(power), order)),
                Err(reason) => private.entry(power).or_default().orders.push(ReportLine {
                    by: map.power_name(power).to_string(),
                    order: line.text.to_string(),
                    result: ResultWord::Invalid,
                    reason: format!("refused: {reason}"),
                }),
            }
        }
    }
    let submissions = standard::submissions(map, &unit_texts, seat_power);
    let adjudication = adjudicate(map, position, &submissions, &state.extensions(map));
    let mut public = standard::public_report(map, position, &submissions, &adjudication);
    let mut next = state.clone();
    next.game =
        standard::State { position: adjudication.next.clone(), winner: state.game.winner.or(adjudication.winner) };
    if position.phase.season == Season::Fall && position.phase.kind == PhaseKind::Movement {
        next.pending =
            covert.iter().copied().filter(|(_, order)| !matches!(order, CovertOrder::Disclose { .. })).collect();
    }
    if position.phase.season == Season::Spring && position.phase.kind == PhaseKind::Movement {
        spring_publications(map, state, &covert, &mut next, &mut public, &mut private);
    }
    if intrigue::fall_just_ended(position, next.position()) {
        let pending = std::mem::take(&mut next.pending);
        let end = fall::resolve(map, &mut next, &pending);
        public.events.extend(end.public_events);
        for (power, report) in end.private {
            let entry = private.entry(power).or_default();
            entry.orders.extend(report.orders);
            entry.events.extend(report.events);
        }
        let counts = fall::winter_center_counts(map, next.position(), &next.insurgencies);
        intrigue::settle_winter(
            map,
            &mut next.game.position,
            &Extensions { center_counts: Some(counts), ..Extensions::default() },
        );
    }
    if next.position().phase.kind != PhaseKind::Adjustment {
        next.insurgencies.clear();
    }
    let private =
        map.powers().map(|(power, _)| (power_seat(power), private.remove(&power).unwrap_or_default())).collect();
    Processed { next, public, private }
}

/// The Spring's publications (rulings 1.6, 1.7, CD.9): the balance of every power holding four or more
/// FDs, and the designated power's disclosure, naming not who designated it. Influence lapses after it.
fn spring_publications(
    map: &Map,
    state: &State,
    covert: &[(PowerName, CovertOrder)],
    next: &mut State,
    public: &mut Report,
    private: &mut BTreeMap<Power, Report>,
) {
    for (power, _) in map.powers() {
        let fds = state.account(power).fds;
        if fds >= SCANDAL_FDS {
            public.events.push(format!("Swiss scandal: {} holds {fds} FDs", map.power_name(power)));
        }
    }
    let designation = covert.iter().find_map(|(by, order)| match order {
        CovertOrder::Disclose { power } if state.influence == Some(*by) => Some((*by, *power)),
        _ => None,
    });
    if let Some((by, target)) = designation {
        next.disclosed = Some(target);
        public.events.push(views::disclosure(state, target));
        private.entry(by.0).or_default().events.push(format!("You designated {target} for Public Disclosure"));
    }
    next.influence = None;
}
