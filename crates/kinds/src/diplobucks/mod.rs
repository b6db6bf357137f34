//! Diplobucks (`rules/diplobucks.txt`, rulings §4 and DB.1–DB.8): standard Diplomacy in which the powers
//! bribe the GM with Diplobucks (DB). Bribes are `BRIBE …` lines on the same sheet as the unit orders;
//! their effects reach the judge as [`Extensions`] (double units, forced holds, Winter center counts) or
//! as changes to the position before adjudication (destroyed and converted units).
//!
//! # How it is built
//!
//! `src/diplobucks/` is Diplobucks and `src/covert_dip/` is Covert Dip: standard games over the judge with
//! extra sheet lines (`BRIBE …`; `FD`, `CIO`, `VOTE`, `DISCLOSE`), each split into reading and checking those
//! lines (`bribes.rs`, `orders.rs`), carrying them out (`resolve.rs` and `ledger.rs`; `fall.rs`) and the
//! per-seat and public views and reports (`views.rs`). Their effects reach the judge only as `Extensions`
//! (double units' strengths, forced holds, the Winter's center counts for extra units, destroyed units and
//! counter-insurgencies) or as changes to the position before adjudication (destroyed and converted units).
//! `src/intrigue.rs` is what the two share: `PowerName`/`ProvinceName`, which store a power or province by
//! name, splitting a sheet into unit orders and extra lines (line numbers kept), and `settle_winter`, which
//! holds or skips the Winter by the variant's own center counts. Balances, bribes, FDs, CIOs, answers, blocks
//! and votes are in the `State` only; the views and reports name no buyer. What the variants add to the board
//! is public and goes in `Board::marks` (`BoardMark`: Diplobucks double units, Terrorism I nations (bought or
//! not, never the buyer) and groups (never the controller), Covert Dip counter-insurgencies) and, for a
//! results board, `Report::unit_marks` (units a bribe held, destroyed or converted army ↔ fleet); each is
//! tested to name no buyer (`*/secrets.rs`). **Architecture Invariant:** what a sheet check accepts,
//! processing carries out or refuses only for a reason the check could not know (money, dice, other players'
//! permissions, the auction, moves), or in the very words the check gives once the turn has changed what it
//! checks: Terrorism I shares its wordings (`State::why_not_controlled`, `founding_refusal`, `levy_refusal`)
//! between `orders.rs` and the steps, and `tests/terrorism/properties.rs` checks it over random positions.

pub mod bribes;
pub mod ledger;
mod resolve;
mod views;

use std::collections::BTreeMap;

use judge::{Extensions, Map, Order, PhaseKind, Position, Power, ProvinceId, Season, Submission, adjudicate};
use serde::{Deserialize, Serialize};

pub use bribes::{Bribe, BribeKind};
use resolve::{Effects, Purchase};

use crate::facts::{Facts, Notation, SeatPlan};
use crate::intrigue::{self, PowerName, ProvinceName, map, merge_checks, split_sheet};
use crate::kind::{
    AcceptedLine, Correspondent, OrderCheck, OrderForm, Outcome, PhaseInfo, PressRefusal, Processed, Recipients,
    RejectedLine, Rules, SeatIndex, SeatInfo, SetupError, View,
};
use crate::standard::{self, Standard, check_sheet, form_for, power_seat, seat_power, standard_map};

/// Everything a Diplobucks game carries from phase to phase, secrets (the balances) included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The board and the winner, stored as a standard game stores them.
    pub game: standard::State,
    /// Each power's DB: secret to it and the GM.
    pub balances: BTreeMap<PowerName, u32>,
    /// Double units (public).
    #[serde(default)]
    pub doubles: Vec<DoubleUnit>,
    /// Movement phases of press right left to each power (DB.1).
    #[serde(default)]
    pub press_rights: BTreeMap<PowerName, u8>,
    /// Extra units bought with bribe 7, in the order bought.
    #[serde(default)]
    pub extra_units: Vec<ExtraUnit>,
    /// Units destroyed by bribe 8 since the last Winter, per owner: that many builds fewer (DB.5).
    #[serde(default)]
    pub short_next_winter: BTreeMap<PowerName, u32>,
    /// Who owned each center when the year began, for the Winter bonus (rulings 4.2).
    pub year_start_owners: BTreeMap<ProvinceName, PowerName>,
}

/// A double unit (bribe 5): strength 2 while it has movement phases left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoubleUnit {
    pub at: ProvinceName,
    pub movement_phases_left: u8,
    /// Dislodged and waiting to retreat: it stays double if it survives (DB.2).
    #[serde(default)]
    pub dislodged: bool,
}

/// An extra unit (bribe 7): one more unit than centers, for 300 DB a Winter from the Winter after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraUnit {
    pub owner: PowerName,
    /// The year of the Winter it was bought in.
    pub bought_in: u16,
}

/// Diplobucks has no settings of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

/// The Diplobucks game kind.
pub struct Diplobucks;

/// Movement phases a double unit keeps its strength: one year (sheet bribe 5, rulings 4.4).
const DOUBLE_MOVEMENT_PHASES: u8 = 2;
/// Movement phases of press right bought by bribe 1: two years (rulings 4.5, DB.1).
const PRESS_MOVEMENT_PHASES: u8 = 4;

impl State {
    fn position(&self) -> &Position {
        &self.game.position
    }

    pub fn balance(&self, power: Power) -> u32 {
        self.balances.get(&PowerName(power)).copied().unwrap_or(0)
    }

    pub fn has_press_right(&self, power: Power) -> bool {
        self.press_rights.get(&PowerName(power)).is_some_and(|left| *left > 0)
    }

    /// DB.8: a power is out of the game with no centers, no units and no DB.
    pub fn is_out(&self, power: Power) -> bool {
        let position = self.position();
        position.centers_of(power) == 0 && position.units_of(power) == 0 && self.balance(power) == 0
    }

    fn double_provinces(&self) -> Vec<ProvinceId> {
        self.doubles.iter().filter(|double| !double.dislodged).map(|double| double.at.0).collect()
    }

    /// The judge's extensions at the phase start, before this phase's bribes: standing double units and,
    /// in Winter, the center counts with extra units and destroyed-unit shortfalls.
    fn standing_extensions(&self, map: &Map) -> Extensions {
        self.extensions_with_new_extras(map, &[])
    }

    /// The extensions at the phase start, counting the extra units `buyers` are buying in this Winter.
    fn extensions_with_new_extras(&self, map: &Map, buyers: &[Power]) -> Extensions {
        let mut extensions = Extensions {
            strengths: self.double_provinces().into_iter().map(|at| (at, 2)).collect(),
            ..Extensions::default()
        };
        if self.position().phase.kind == PhaseKind::Adjustment {
            let mut extras = self.extra_units.clone();
            let year = self.position().phase.year;
            extras.extend(buyers.iter().map(|&owner| ExtraUnit { owner: PowerName(owner), bought_in: year }));
            let end = ledger::year_end(map, self.position(), &self.year_start_owners, &extras, &self.balances);
            extensions.center_counts =
                Some(ledger::winter_center_counts(map, self.position(), &extras, &end.lapsed, &self.short_next_winter));
        }
        extensions
    }
}

/// One seat's sheet, read: its unit-order text and its checked bribe lines.
struct ReadSheet {
    unit_text: String,
    bribes: Vec<Bribe>,
    refused: Vec<(String, String)>,
}

fn read_sheet(map: &Map, state: &State, power: Power, text: &str) -> ReadSheet {
    let (unit_text, lines) = split_sheet(text, &[bribes::KEYWORD]);
    let mut sheet = ReadSheet { unit_text, bribes: Vec::new(), refused: Vec::new() };
    for (line, checked) in resolve::read_sheet(map, state.position(), power, state.balance(power), &lines) {
        match checked {
            Ok((bribe, _)) => sheet.bribes.push(bribe),
            Err(reason) => sheet.refused.push((line.text.to_string(), reason)),
        }
    }
    sheet
}

/// The position with the orderer's own conversions applied, so its unit orders are read for the new type
/// (DB.3).
fn with_own_conversions(map: &Map, position: &Position, bribes: &[Bribe]) -> Position {
    let mut trial = position.clone();
    for bribe in bribes {
        if let BribeKind::Convert { unit, into } = bribe.kind {
            for standing in trial.units.iter_mut().filter(|standing| map.province_of(standing.region) == unit) {
                *standing = resolve::converted(*standing, into);
            }
        }
    }
    trial
}

impl Rules for Diplobucks {
    type State = State;
    type Settings = Settings;

    fn guide() -> crate::guide::Guide {
        crate::guide::DIPLOBUCKS
    }

    /// Its reports list standard orders, said as the standard game says them.
    fn order_in_words(line: &str) -> Option<String> {
        crate::standard::standard_order_in_words(line)
    }

    fn facts() -> Facts {
        Facts {
            name: "Diplobucks",
            seats: SeatPlan::OnePerPower,
            notation: Notation::Judge,
            victory_centers: standard::solo_victory_centers(),
        }
    }

    fn new_game(_settings: &Settings, seed: u64) -> Result<State, SetupError> {
        let map = standard_map()?;
        let game = Standard::new_game(&standard::Settings {}, seed)?;
        Ok(State {
            balances: map.powers().map(|(power, _)| (PowerName(power), ledger::STARTING_BALANCE)).collect(),
            year_start_owners: ledger::owners_of_centers(map, &game.position),
            game,
            doubles: Vec::new(),
            press_rights: BTreeMap::new(),
            extra_units: Vec::new(),
            short_next_winter: BTreeMap::new(),
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
        state.game.winner.is_none()
            && !state.is_out(power)
            && judge::has_orders_to_give(map, state.position(), power, &state.standing_extensions(map))
    }

    fn check_orders(state: &State, seat: SeatIndex, text: &str) -> OrderCheck {
        let map = map();
        let power = seat_power(seat);
        let position = state.position();
        let (unit_text, lines) = split_sheet(text, &[bribes::KEYWORD]);
        let checked = resolve::read_sheet(map, position, power, state.balance(power), &lines);
        let own: Vec<Bribe> = checked.iter().filter_map(|(_, c)| c.as_ref().ok().map(|(b, _)| b.clone())).collect();
        let trial = with_own_conversions(map, position, &own);
        let buyers: Vec<Power> = own
            .iter()
            .filter_map(|bribe| match bribe.kind {
                BribeKind::Extra { owner } => Some(owner),
                _ => None,
            })
            .collect();
        let units = check_sheet(map, &trial, power, &unit_text, &state.extensions_with_new_extras(map, &buyers));
        let extras = checked
            .into_iter()
            .map(|(line, checked)| match checked {
                Ok((bribe, share)) => Ok(AcceptedLine {
                    line: line.line,
                    text: bribe.notation(map, position),
                    plain: format!("{}; you pay {share} DB", bribe.describe(map, position)),
                }),
                Err(reason) => Err(RejectedLine { line: line.line, text: line.text.to_string(), reason }),
            })
            .collect();
        merge_checks(units, extras)
    }

    fn order_form(state: &State, seat: SeatIndex) -> OrderForm {
        let map = map();
        let power = seat_power(seat);
        let mut form = form_for(map, state.position(), power, &state.standing_extensions(map));
        views::add_bribe_rows(map, state, power, &mut form);
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

    /// Rulings 4.5: public press needs the right bought with bribe 1; private press is free.
    fn may_send(state: &State, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
        match (from, to) {
            (Correspondent::Seat(seat), Recipients::Public) if !state.has_press_right(seat_power(seat)) => {
                Err(PressRefusal(
                    "publishing press needs the press right: order `BRIBE press` (100 DB for two years)".into(),
                ))
            }
            _ => Ok(()),
        }
    }
}

/// Everything one phase's processing decided, before it is written into the next state.
struct PhaseRun {
    purchases: Vec<Purchase>,
    effects: Effects,
    /// Balances after this phase's bribes and refunds, before income (DB.8).
    balances_after_bribes: BTreeMap<PowerName, u32>,
    refused: BTreeMap<Power, Vec<(String, String)>>,
}

fn process_phase(map: &Map, state: &State, orders: &BTreeMap<SeatIndex, String>) -> Processed<State> {
    let position = state.position();
    let mut sheets = BTreeMap::new();
    let mut unit_texts = BTreeMap::new();
    let mut refused = BTreeMap::new();
    for (seat, text) in orders {
        let power = seat_power(*seat);
        let sheet = read_sheet(map, state, power, text);
        sheets.insert(power, sheet.bribes);
        unit_texts.insert(*seat, sheet.unit_text);
        refused.insert(power, sheet.refused);
    }
    let mut balances = state.balances.clone();
    let mut purchases = resolve::purchases(position, &sheets, &mut balances);
    let mut board = position.clone();
    let effects = resolve::apply(map, &mut board, &mut purchases, &mut balances);
    let run = PhaseRun { purchases, effects, balances_after_bribes: balances, refused };
    let mut next = state.clone();
    next.balances = run.balances_after_bribes.clone();
    let extensions = phase_extensions(map, state, &run, &board);
    let (submissions, divided) =
        split_double_supports(map, &board, &extensions, standard::submissions(map, &unit_texts, seat_power));
    let (obeyed, missed): (Vec<Submission>, Vec<Submission>) =
        submissions.into_iter().partition(|s| !s.power.is_some_and(|p| run.effects.nmr.contains(&p)));
    let adjudication = adjudicate(map, &board, &obeyed, &extensions);
    let mut public = standard::public_report(map, &board, &obeyed, &adjudication);
    views::decorate_public_report(map, state, &board, &obeyed, &missed, &run, &adjudication, &mut public);
    explain_divided_supports(&divided, &obeyed, &mut public);
    next.game =
        standard::State { position: adjudication.next.clone(), winner: state.game.winner.or(adjudication.winner) };
    track_doubles(map, &board, &obeyed, &adjudication, &run.effects, &mut next);
    update_rights(map, state, &run, &mut next);
    let mut ledger_events: BTreeMap<Power, Vec<String>> = BTreeMap::new();
    pay_income_and_close_year(map, state, &run, &mut next, &mut ledger_events);
    let private = map
        .powers()
        .map(|(power, _)| (power_seat(power), views::private_report(map, state, &next, power, &run, &ledger_events)))
        .collect();
    Processed { next, public, private }
}

/// DB.2: a double unit ordered to support two orders supports nothing and holds (the judge alone would
/// keep the later order). Its first support becomes the hold and the others are dropped, so the results
/// list the unit once; returns the provinces of the units that held so.
fn split_double_supports(
    map: &Map,
    board: &Position,
    extensions: &Extensions,
    mut submissions: Vec<Submission>,
) -> (Vec<Submission>, Vec<ProvinceId>) {
    let mut divided = Vec::new();
    for &(at, _) in &extensions.strengths {
        let Some(unit) = board.unit_in(map, at) else { continue };
        let supports: Vec<usize> = submissions
            .iter()
            .enumerate()
            .filter(|(_, s)| s.power == Some(unit.power))
            .filter(|(_, s)| matches!(s.order, Order::Support { unit, .. } if unit.at.province == at))
            .map(|(index, _)| index)
            .collect();
        if supports.len() < 2 {
            continue;
        }
        let hold = Order::Hold { unit: judge::UnitRef { kind: Some(unit.kind), at: judge::Location::province(at) } };
        submissions[supports[0]].order = hold;
        let dropped: Vec<usize> = supports[1..].to_vec();
        submissions = submissions
            .into_iter()
            .enumerate()
            .filter(|(index, _)| !dropped.contains(index))
            .map(|(_, submission)| submission)
            .collect();
        divided.push(at);
    }
    (submissions, divided)
}

/// Says why a double unit given two supports held, on its one line of the public results.
fn explain_divided_supports(divided: &[ProvinceId], obeyed: &[Submission], report: &mut crate::kind::Report) {
    for (line, submission) in report.orders.iter_mut().zip(obeyed) {
        let held_here = matches!(submission.order, Order::Hold { unit } if divided.contains(&unit.at.province));
        if held_here && line.reason.is_empty() {
            line.reason =
                "held: it was given two orders to support, and a double unit may not divide its support".to_string();
        }
    }
}

/// This phase's extensions: standing and new double units, forced holds and, in Winter, the center counts
/// with this phase's extra units and the upkeep that the balances after its bribes can pay.
fn phase_extensions(map: &Map, state: &State, run: &PhaseRun, board: &Position) -> Extensions {
    let mut strengths: Vec<(ProvinceId, u8)> = state.double_provinces().into_iter().map(|at| (at, 2)).collect();
    strengths.extend(run.effects.doubled.iter().map(|&at| (at, 2)));
    strengths.retain(|(at, _)| board.unit_in(map, *at).is_some());
    strengths.sort();
    strengths.dedup();
    let mut extensions = Extensions { strengths, forced_hold: run.effects.held.clone(), ..Extensions::default() };
    if board.phase.kind == PhaseKind::Adjustment {
        let extras = extras_with_new(state, &run.effects, board.phase.year);
        let end = ledger::year_end(map, board, &state.year_start_owners, &extras, &run.balances_after_bribes);
        extensions.center_counts =
            Some(ledger::winter_center_counts(map, board, &extras, &end.lapsed, &state.short_next_winter));
    }
    extensions
}

fn extras_with_new(state: &State, effects: &Effects, year: u16) -> Vec<ExtraUnit> {
    let mut extras = state.extra_units.clone();
    extras.extend(effects.extra.iter().map(|&owner| ExtraUnit { owner: PowerName(owner), bought_in: year }));
    extras
}

/// Follows double units through the phase: a successful move or retreat takes the strength along, a
/// dislodged one keeps it (DB.2), a destroyed one loses it; each movement phase uses one of its two.
fn track_doubles(
    map: &Map,
    board: &Position,
    submissions: &[Submission],
    adjudication: &judge::Adjudication,
    effects: &Effects,
    next: &mut State,
) {
    let phase = board.phase.kind;
    let mut doubles: Vec<DoubleUnit> =
        next.doubles.iter().copied().filter(|d| d.dislodged || board.unit_in(map, d.at.0).is_some()).collect();
    for &at in &effects.doubled {
        doubles.retain(|d| d.at.0 != at || d.dislodged);
        doubles.push(DoubleUnit {
            at: ProvinceName(at),
            movement_phases_left: DOUBLE_MOVEMENT_PHASES,
            dislodged: false,
        });
    }
    let moved_to = |from: ProvinceId| {
        submissions.iter().zip(&adjudication.results).find_map(|(submission, result)| {
            let destination = match submission.order {
                Order::Move { unit, to, .. } | Order::Retreat { unit, to } if unit.at.province == from => to.province,
                _ => return None,
            };
            (result.status == judge::OrderStatus::Succeeds).then_some(destination)
        })
    };
    let after = &adjudication.next;
    next.doubles = doubles
        .into_iter()
        .filter_map(|mut double| {
            let at = double.at.0;
            match phase {
                PhaseKind::Movement if !double.dislodged => {
                    if let Some(to) = moved_to(at) {
                        double.at = ProvinceName(to);
                    } else if after.dislodged.iter().any(|d| map.province_of(d.unit.region) == at) {
                        double.dislodged = true;
                    }
                    double.movement_phases_left = double.movement_phases_left.saturating_sub(1);
                }
                PhaseKind::Retreat if double.dislodged => {
                    double.at = ProvinceName(moved_to(at)?);
                    double.dislodged = false;
                }
                PhaseKind::Movement | PhaseKind::Retreat | PhaseKind::Adjustment => {}
            }
            let standing = double.dislodged || after.unit_in(map, double.at.0).is_some();
            (double.movement_phases_left > 0 && standing).then_some(double)
        })
        .collect();
}

/// Press rights run down one per movement phase and start at the end of the phase they were bought in
/// (DB.1); buying again adds two more years.
fn update_rights(map: &Map, state: &State, run: &PhaseRun, next: &mut State) {
    if state.position().phase.kind == PhaseKind::Movement {
        for left in next.press_rights.values_mut() {
            *left = left.saturating_sub(1);
        }
        next.press_rights.retain(|_, left| *left > 0);
    }
    for purchase in run.purchases.iter().filter(|p| p.bought()) {
        match purchase.bribe.kind {
            BribeKind::Press => {
                for (payer, _) in &purchase.paid {
                    *next.press_rights.entry(PowerName(*payer)).or_default() += PRESS_MOVEMENT_PHASES;
                }
            }
            BribeKind::Destroy { unit } => {
                let owner = run.effects.destroyed.iter().find(|u| map.province_of(u.region) == unit).map(|u| u.power);
                if let Some(owner) = owner {
                    *next.short_next_winter.entry(PowerName(owner)).or_default() += 1;
                }
            }
            _ => {}
        }
    }
}

/// Summer income when the Spring ends; at the end of the year (after the Winter, or when the Fall ends and
/// no Winter is needed) the Winter income, bonus and upkeep; and the Winter that follows a Fall settled
/// with this variant's center counts.
fn pay_income_and_close_year(
    map: &Map,
    state: &State,
    run: &PhaseRun,
    next: &mut State,
    events: &mut BTreeMap<Power, Vec<String>>,
) {
    let before = state.position();
    if before.phase.season == Season::Spring && next.position().phase.season == Season::Fall {
        let earning: Vec<Power> =
            map.powers().map(|(power, _)| power).filter(|&power| next.position().centers_of(power) > 0).collect();
        for power in earning {
            *next.balances.entry(PowerName(power)).or_default() += ledger::SUMMER_INCOME;
            events.entry(power).or_default().push(format!("Summer income: {} DB", ledger::SUMMER_INCOME));
        }
    }
    if intrigue::fall_just_ended(before, next.position()) {
        let standing = next.standing_after_fall(map);
        let mut position = next.game.position.clone();
        intrigue::settle_winter(map, &mut position, &standing);
        next.game.position = position;
    }
    let year_over = before.phase.kind == PhaseKind::Adjustment || next.position().phase.year > before.phase.year;
    if year_over && next.position().phase.season == Season::Spring {
        if before.phase.kind == PhaseKind::Adjustment {
            next.extra_units = extras_with_new(state, &run.effects, before.phase.year);
        }
        close_year(map, next, events);
    }
}

impl State {
    /// The Winter's extensions as they stand right after the Fall, before any Winter bribe.
    fn standing_after_fall(&self, map: &Map) -> Extensions {
        let mut winter = self.clone();
        winter.game.position.phase = winter_of(self.position());
        winter.standing_extensions(map)
    }
}

/// The Winter of the year whose Fall just ended, whether `position` is at that Winter or at next Spring.
fn winter_of(position: &Position) -> judge::Phase {
    let phase = position.phase;
    let year = if phase.season == Season::Spring { phase.year - 1 } else { phase.year };
    judge::Phase::new(year, Season::Winter, PhaseKind::Adjustment)
}

/// The end of the year: Winter income and bonus, extra-unit upkeep (unpaid units lapse), and a new year
/// of center changes and destroyed-unit shortfalls.
fn close_year(map: &Map, next: &mut State, events: &mut BTreeMap<Power, Vec<String>>) {
    let mut position = next.game.position.clone();
    position.phase = winter_of(&position);
    let end = ledger::year_end(map, &position, &next.year_start_owners, &next.extra_units, &next.balances);
    for (power, (base, bonus)) in &end.income {
        *next.balances.entry(PowerName(*power)).or_default() += base + bonus;
        events.entry(*power).or_default().push(format!("Winter income: {base} DB and a bonus of {bonus} DB"));
    }
    for &index in &end.upkeep_paid {
        let owner = next.extra_units[index].owner;
        *next.balances.entry(owner).or_default() -= ledger::EXTRA_UNIT_UPKEEP;
        events.entry(owner.0).or_default().push(format!("Extra unit upkeep: {} DB", ledger::EXTRA_UNIT_UPKEEP));
    }
    for &index in end.lapsed.iter().rev() {
        let owner = next.extra_units.remove(index).owner;
        events.entry(owner.0).or_default().push("Extra unit upkeep unpaid: the extra unit is lost".to_string());
    }
    next.short_next_winter.clear();
    next.year_start_owners = ledger::owners_of_centers(map, &position);
}
