//! Cabinet Diplomacy II (`rules/cabinet-diplomacy-ii.txt`, rulings §2 and CAB.1–CAB.10): standard
//! Diplomacy where each power is run by three seats, a Head of State, a General (armies) and an Admiral
//! (fleets). Seat holders are opaque [`PersonId`]s the server maps to accounts; reliefs, coups, dual
//! monarchies and secessions are motions written on the order sheets ([`motions`]); the public sees a
//! gunboat game.
//!
//! # How it is built
//!
//! `src/cabinet/` is Cabinet Diplomacy II: a standard game over the judge with 21 seats (`SeatRef` = power
//! and `Role`; `SeatIndex` = 3 × power index + role) whose holders are opaque `PersonId`s the server maps to
//! accounts (`seats.rs`: holders and their tenure, realms (a power, or a dual monarchy under one Head of
//! State), who knows whom, `may_send`). `orders.rs` decides who orders which unit: each seat's sheet is
//! checked with `Extensions::command_grants` limited to that seat's units, and the commanders' orders, the
//! Head of State's backups (unit by unit) and his retreat disbands are merged into one submission per unit
//! before the judge sees them; Winters are pooled per realm by giving the judge `center_counts` that make it
//! carry out exactly the realm's builds, removals and pooled civil disorder. `motions.rs` reads, checks and
//! carries out the motion lines (relief, appointment, coup, dual monarchy, secession; signatures, acceptance
//! by seatless people, lapses when a named seat changes hands). `views.rs` builds the gunboat public view and
//! the per-seat views and forms. For the server it exports `status_of` (the current holder, for CAB.1),
//! `known_holders` (whose names a seat may see), `readable_sheets` (CAB.7), `gm_view`, `State::agree_as`,
//! `State::seat_person`/`unseat` and `State::voting_seats`; `seats()` lists each seat with its own power
//! only, so a dual monarchy never shows in public.

pub mod motions;
mod orders;
pub mod seats;
mod views;

use std::collections::{BTreeMap, BTreeSet};

use judge::{Extensions, PhaseKind, adjudicate};
use serde::{Deserialize, Serialize};

pub use motions::{Motion, MotionKind, MotionLine, NewHead, Nominee};
pub use seats::{Cabinet, Holder, PersonId, Role, SeatRef, SeatStatus, duties};
pub use views::dual_monarchy_of;

use crate::facts::{Facts, Notation, SeatPlan};
use crate::intrigue::{self, PowerName, map, merge_checks, split_sheet};
use crate::kind::{
    AcceptedLine, Ask, Correspondent, GmActionError, OrderCheck, OrderForm, Outcome, PhaseInfo, PressRefusal,
    Processed, Recipients, RejectedLine, Report, Rules, SeatIndex, SeatInfo, SetupError, Vacancy, View,
};
use crate::standard::{self, Standard};

/// Everything a Cabinet game carries from phase to phase, secrets included. A stored state is checked
/// when read back ([`State::check`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    /// The board, stored as a standard game stores it (its `winner` is unused: realms win, below).
    pub game: standard::State,
    #[serde(default)]
    pub cabinets: BTreeMap<PowerName, Cabinet>,
    #[serde(default)]
    pub motions: Vec<Motion>,
    /// The number of the last motion made.
    #[serde(default)]
    pub next_motion: u32,
    /// Seats for which the GM was asked to seat a standby player.
    #[serde(default)]
    pub standby_requests: Vec<SeatRef>,
    /// The powers of the realm that won (one power, or a dual monarchy).
    #[serde(default)]
    pub winner: Option<Vec<PowerName>>,
    #[serde(default)]
    pub settings: Settings,
}

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        State::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for State {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<State, D::Error> {
        let state = State::deserialize(deserializer)?;
        state.check().map_err(serde::de::Error::custom)?;
        Ok(state)
    }
}

/// The GM's choices for a Cabinet game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Whether everyone learns who held which seat once the game is over (rulings 2.4).
    #[serde(default = "reveal_by_default")]
    pub reveal_identities_at_end: bool,
}

fn reveal_by_default() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { reveal_identities_at_end: true }
    }
}

/// The Cabinet Diplomacy II game kind.
pub struct CabinetDiplomacy;

impl Rules for CabinetDiplomacy {
    type State = State;
    type Settings = Settings;

    fn guide() -> crate::guide::Guide {
        crate::guide::CABINET
    }

    /// Its reports list standard orders, said as the standard game says them.
    fn order_in_words(line: &str) -> Option<String> {
        crate::standard::standard_order_in_words(line)
    }

    fn facts() -> Facts {
        Facts {
            name: "Cabinet Diplomacy II",
            seats: SeatPlan::PostsPerPower,
            notation: Notation::Judge,
            victory_centers: standard::solo_victory_centers(),
        }
    }

    /// Every seat starts vacant: the server seats the players (`SEAT`, or [`State::seat_person`]).
    fn new_game(settings: &Settings, seed: u64) -> Result<State, SetupError> {
        Ok(State {
            game: Standard::new_game(&standard::Settings {}, seed)?,
            cabinets: BTreeMap::new(),
            motions: Vec::new(),
            next_motion: 0,
            standby_requests: Vec::new(),
            winner: None,
            settings: settings.clone(),
        })
    }

    /// The 21 seats, each titled by its power and role. A seat's `powers` is always its own power: who
    /// governs whom in a dual monarchy is not public (CAB.9).
    fn seats(_state: &State) -> Vec<SeatInfo> {
        SeatRef::all()
            .map(|seat| SeatInfo {
                id: seat.id(),
                title: seat.to_string(),
                powers: vec![seat.power.to_string()],
                role: seat.role.into(),
            })
            .collect()
    }

    fn phase(state: &State) -> PhaseInfo {
        standard::phase_info(state.position())
    }

    fn must_order(state: &State, seat: SeatIndex) -> bool {
        let Some(seat) = SeatRef::from_id(seat) else { return false };
        state.winner.is_none() && state.is_held(seat) && state.has_orders_to_give(seat)
    }

    fn check_orders(state: &State, seat: SeatIndex, text: &str) -> OrderCheck {
        let Some(seat) = SeatRef::from_id(seat) else {
            return OrderCheck { accepted: Vec::new(), rejected: Vec::new() };
        };
        let (unit_text, lines) = split_sheet(text, &motions::KEYWORDS);
        let units = state.check_unit_orders(seat, &unit_text);
        let texts: Vec<&str> = lines.iter().map(|line| line.text).collect();
        let motion_lines = lines
            .iter()
            .zip(motions::check_sheet_lines(state, seat, &texts))
            .map(|(line, checked)| {
                checked
                    .map(|(text, plain)| AcceptedLine { line: line.line, text, plain })
                    .map_err(|reason| RejectedLine { line: line.line, text: line.text.to_string(), reason })
            })
            .collect();
        merge_checks(units, motion_lines)
    }

    fn order_form(state: &State, seat: SeatIndex) -> OrderForm {
        SeatRef::from_id(seat).map(|seat| views::order_form(state, seat)).unwrap_or_default()
    }

    fn process(state: &State, orders: &BTreeMap<SeatIndex, String>, _seed: u64) -> Processed<State> {
        process_phase(state, orders)
    }

    fn seat_view(state: &State, seat: SeatIndex) -> View {
        SeatRef::from_id(seat).map(|seat| views::seat_view(state, seat)).unwrap_or_else(|| views::public_view(state))
    }

    fn public_view(state: &State) -> View {
        views::public_view(state)
    }

    fn gm_view(state: &State) -> View {
        views::gm_view(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let realm = state.winner.as_ref()?;
        let seats = SeatRef::all()
            .filter(|seat| realm.contains(&seat.power) && state.in_use(*seat))
            .map(|seat| seat.id())
            .collect();
        Some(Outcome::Victory { winners: seats, summary: views::realm_name(realm) + " wins" })
    }

    fn may_send(state: &State, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
        state.may_send(from, to)
    }

    /// The engine is the truth about who holds which post: reliefs, coups and secessions move people
    /// (CAB.1), and the site's seats follow.
    fn holders(state: &State) -> Option<Vec<(SeatIndex, Option<PersonId>)>> {
        Some(SeatRef::all().map(|seat| (seat.id(), state.person_at(seat))).collect())
    }

    fn seat_person(state: &State, seat: SeatIndex, person: Option<PersonId>) -> Result<State, String> {
        let seat = SeatRef::from_id(seat).ok_or_else(|| format!("there is no seat {}", seat.0))?;
        let mut next = state.clone();
        match person {
            Some(person) => next.seat_person(seat, person)?,
            None => next.unseat(seat)?,
        }
        Ok(next)
    }

    fn duties(_state: &State, seat: SeatIndex) -> Option<String> {
        SeatRef::from_id(seat).map(|seat| seats::duties(seat.role, &seat.power.to_string()))
    }

    /// Only Heads of State vote, once per realm; a power without one abstains (CAB.6).
    fn draw_voters(state: &State) -> Option<Vec<SeatIndex>> {
        Some(state.voting_seats().into_iter().map(SeatRef::id).collect())
    }

    fn readable_sheets(state: &State, seat: SeatIndex) -> Vec<SeatIndex> {
        readable_sheets(state, seat)
    }

    /// A holder reads his seat's press from his own tenure only: a successor does not inherit his
    /// predecessor's conversations (CAB.1).
    fn tenure_start(state: &State, seat: SeatIndex) -> Option<String> {
        SeatRef::from_id(seat).and_then(|seat| state.holder(seat)).map(|holder| holder.since)
    }

    /// A new motion asks its signers, its named person and (a coup) the Head of State it would depose.
    fn asks(before: &State, after: &State) -> Vec<Ask> {
        motions::asks(before, after)
    }

    /// Posts of a power still in the game that nobody holds; the GM seats standby players in them
    /// (CAB.8), first those a cabinet asked for.
    fn vacancies(state: &State) -> Vec<Vacancy> {
        SeatRef::all()
            .filter(|seat| state.in_use(*seat) && !state.is_held(*seat))
            .map(|seat| Vacancy { seat: seat.id(), standby_asked: state.standby_requests.contains(&seat) })
            .collect()
    }

    fn gm_action(state: &State, action: &str) -> Result<(State, Report), GmActionError> {
        let mut next = state.clone();
        next.gm_action(action).map_err(GmActionError::Refused)?;
        Ok((next, Report::default()))
    }

    fn gm_action_syntax(_state: &State) -> Option<&'static str> {
        Some(
            "SEAT France general person 42 (seat a player in a vacant seat) | UNSEAT France general | \
             AS person 42 ACCEPT 5 (record a seatless player's acceptance or agreement to motion 5) | \
             AS person 42 DECLINE 5",
        )
    }
}

impl State {
    /// Whether a stored state could have come from play: nobody in two seats, no unused seat held, dual
    /// monarchies of exactly two powers, motion numbers unique and already given out.
    pub fn check(&self) -> Result<(), String> {
        let mut people = BTreeSet::new();
        for seat in SeatRef::all() {
            let person = self.cabinet(seat.power.0).holder(seat.role).map(|holder| holder.person);
            match person {
                Some(person) if !self.in_use(seat) => return Err(format!("{seat} is not in use but held by {person}")),
                Some(person) if !people.insert(person) => return Err(format!("{person} holds two seats")),
                _ => {}
            }
        }
        for (power, cabinet) in &self.cabinets {
            if let Some(head) = cabinet.joined_to
                && (head == *power || self.cabinet(head.0).joined_to.is_some() || self.realm(head.0).len() > 2)
            {
                return Err(format!("{power} cannot be joined to {head}"));
            }
        }
        let mut numbers = BTreeSet::new();
        if self.motions.iter().any(|motion| motion.id > self.next_motion || !numbers.insert(motion.id)) {
            return Err("motion numbers repeat or were never given out".to_string());
        }
        Ok(())
    }

    /// Whether the seat must order this phase: a commander with units to order; a Head of State with
    /// units of a vacant commander seat, or builds or removals to make.
    fn has_orders_to_give(&self, seat: SeatRef) -> bool {
        match (self.position().phase.kind, seat.role) {
            (PhaseKind::Adjustment, Role::HeadOfState) => !views::adjustment_rows(self, seat.power.0).is_empty(),
            (PhaseKind::Adjustment, _) => false,
            (_, Role::HeadOfState) => self
                .units_of_seat(seat)
                .iter()
                .any(|unit| !self.is_held(SeatRef::new(unit.power, Role::commanding(unit.kind)))),
            _ => !self.units_of_seat(seat).is_empty(),
        }
    }

    /// Seats `person` in a vacant seat (the GM seating a player at the start or from the standby list).
    /// Motions naming the seat lapse (CAB.8).
    pub fn seat_person(&mut self, seat: SeatRef, person: PersonId) -> Result<(), String> {
        if !self.in_use(seat) {
            return Err(format!("{seat} is not in use: its power is governed by a dual monarch"));
        }
        if self.holder(seat).is_some() {
            return Err(format!("{seat} is held: unseat its holder first"));
        }
        if let Some(held) = self.seat_of(person) {
            return Err(format!("{person} already holds {held}"));
        }
        let since = self.position().phase.code();
        *self.cabinet_mut(seat.power.0).holder_mut(seat.role) = Some(Holder { person, since });
        self.drop_answered_standby_requests();
        self.lapse_motions_naming(&[seat].into(), &mut motions::Notices::default());
        Ok(())
    }

    /// Leaves a seat vacant (a player who left or was removed by the GM).
    pub fn unseat(&mut self, seat: SeatRef) -> Result<(), String> {
        if self.cabinet_mut(seat.power.0).holder_mut(seat.role).take().is_none() {
            return Err(format!("nobody holds {seat}"));
        }
        self.lapse_motions_naming(&[seat].into(), &mut motions::Notices::default());
        Ok(())
    }

    fn gm_action(&mut self, action: &str) -> Result<(), String> {
        let words: Vec<&str> = action.split_whitespace().collect();
        match words.as_slice() {
            [seat, rest @ ..] if seat.eq_ignore_ascii_case("SEAT") => {
                let at = rest.iter().position(|w| w.eq_ignore_ascii_case("person")).ok_or("name `person <number>`")?;
                let seat = read_seat(&rest[..at])?;
                let person = read_person_number(&rest[at + 1..])?;
                self.seat_person(seat, person)
            }
            [unseat, rest @ ..] if unseat.eq_ignore_ascii_case("UNSEAT") => self.unseat(read_seat(rest)?),
            [r#as, person, number, verb, id]
                if r#as.eq_ignore_ascii_case("AS")
                    && person.eq_ignore_ascii_case("person")
                    && (verb.eq_ignore_ascii_case("ACCEPT") || verb.eq_ignore_ascii_case("SIGN")) =>
            {
                let person = read_person_number(&[number])?;
                let id = id.trim_start_matches('#').parse().map_err(|_| format!("`{id}` is not a motion number"))?;
                self.agree_as(person, id).map(|_| ())
            }
            [r#as, person, number, verb, id]
                if r#as.eq_ignore_ascii_case("AS")
                    && person.eq_ignore_ascii_case("person")
                    && verb.eq_ignore_ascii_case("DECLINE") =>
            {
                let person = read_person_number(&[number])?;
                let id = id.trim_start_matches('#').parse().map_err(|_| format!("`{id}` is not a motion number"))?;
                self.decline_as(person, id).map(|_| ())
            }
            _ => Err("write `SEAT <power> <role> person <number>`, `UNSEAT <power> <role>` or \
                      `AS person <number> ACCEPT <motion>` or `AS person <number> DECLINE <motion>`"
                .to_string()),
        }
    }

    /// The seats whose pending orders `seat` may read (CAB.7): a Head of State reads his commanders'.
    pub fn readable_sheets(&self, seat: SeatRef) -> Vec<SeatRef> {
        if seat.role != Role::HeadOfState || !self.is_held(seat) {
            return Vec::new();
        }
        self.commanders_of_realm(seat.power.0).into_iter().filter(|commander| self.is_held(*commander)).collect()
    }

    /// The seats that vote on draws and concessions for their realm (CAB.6): each held Head of State of
    /// a realm still in the game (owning a center or a unit).
    pub fn voting_seats(&self) -> Vec<SeatRef> {
        let position = self.position();
        self.realms()
            .into_iter()
            .filter(|realm| realm.iter().any(|power| position.centers_of(*power) + position.units_of(*power) > 0))
            .map(|realm| SeatRef::new(realm[0], Role::HeadOfState))
            .filter(|seat| self.is_held(*seat))
            .collect()
    }
}

fn read_seat(words: &[&str]) -> Result<SeatRef, String> {
    SeatRef::parse(&words.join(" "))
        .ok_or_else(|| format!("`{}` is not a seat (write `France general`)", words.join(" ")))
}

fn read_person_number(words: &[&str]) -> Result<PersonId, String> {
    match words {
        [number] => number.parse().map(PersonId).map_err(|_| format!("`{number}` is not a person number")),
        _ => Err("name one person number".to_string()),
    }
}

/// The status of a seat, by seat id (CAB.1): the server lets only its current holder in.
pub fn status_of(state: &State, seat: SeatIndex) -> Option<SeatStatus> {
    SeatRef::from_id(seat).map(|seat| state.status(seat))
}

/// The seats (and their status) whose holders `seat`'s holder may know by name (rulings 2.4).
pub fn known_holders(state: &State, seat: SeatIndex) -> Vec<(SeatIndex, SeatStatus)> {
    SeatRef::from_id(seat)
        .map(|seat| state.known_seats(seat).into_iter().map(|known| (known.id(), state.status(known))).collect())
        .unwrap_or_default()
}

/// What the GM sees: every seat's holder, the dual monarchies, the open motions and the standby requests.
pub fn gm_view(state: &State) -> View {
    views::gm_view(state)
}

/// The seats whose pending order sheets `seat`'s holder may read (CAB.7).
pub fn readable_sheets(state: &State, seat: SeatIndex) -> Vec<SeatIndex> {
    SeatRef::from_id(seat)
        .map(|seat| state.readable_sheets(seat).into_iter().map(SeatRef::id).collect())
        .unwrap_or_default()
}

/// The unit orders of each seat's sheet, and every seat's motion lines.
type Sheets = (BTreeMap<SeatRef, String>, Vec<(SeatRef, MotionLine)>);

/// Each held seat's sheet, split into its unit orders and its motion lines (unreadable ones reported
/// back to the seat as void). Sheets of seats nobody holds count for nothing.
fn read_sheets(state: &State, orders: &BTreeMap<SeatIndex, String>, notices: &mut motions::Notices) -> Sheets {
    let mut unit_sheets = BTreeMap::new();
    let mut motion_lines = Vec::new();
    for (id, text) in orders {
        let Some(seat) = SeatRef::from_id(*id).filter(|seat| state.is_held(*seat)) else { continue };
        let (unit_text, lines) = split_sheet(text, &motions::KEYWORDS);
        unit_sheets.insert(seat, unit_text);
        for line in lines {
            match motions::parse_line(state, seat, line.text) {
                Ok(motion) => motion_lines.push((seat, motion)),
                Err(reason) => notices.to_seat.push((seat, format!("`{}` void: {reason}", line.text))),
            }
        }
    }
    (unit_sheets, motion_lines)
}

fn process_phase(state: &State, orders: &BTreeMap<SeatIndex, String>) -> Processed<State> {
    let map = map();
    let mut notices = motions::Notices::default();
    let (unit_sheets, motion_lines) = read_sheets(state, orders, &mut notices);
    let mut next = state.clone();
    next.apply_motion_lines(&motion_lines, &mut notices);

    let position = state.position();
    let (submissions, extensions, backups_used) = match position.phase.kind {
        PhaseKind::Adjustment => {
            let (submissions, extensions) = state.adjustment_submissions(&unit_sheets);
            (submissions, extensions, Vec::new())
        }
        PhaseKind::Movement | PhaseKind::Retreat => {
            let (submissions, used) = state.unit_submissions(&unit_sheets);
            (submissions, Extensions::default(), used)
        }
    };
    let mut adjudication = adjudicate(map, position, &submissions, &extensions);
    // Realms win, not powers (rulings 2.6): the judge's single-power winner is not announced.
    adjudication.winner = None;
    let mut public = standard::public_report(map, position, &submissions, &adjudication);
    next.game = standard::State { position: adjudication.next, winner: None };

    let changed = next.carry_out_motions(&next.position().phase.code(), &mut notices);
    if intrigue::fall_just_ended(position, next.position()) {
        let counts = next.winter_counts();
        intrigue::settle_winter(
            map,
            &mut next.game.position,
            &Extensions { center_counts: Some(counts), ..Extensions::default() },
        );
    }
    next.start_tenures(&changed);
    next.check_victory(&mut public);
    notices.to_seat.extend(backups_used);
    let private = private_reports(&next, notices, &changed);
    Processed { next, public, private }
}

/// Every seat's private report. A seat that changed hands is read by somebody else now (or nobody): it
/// hears only that it is his.
fn private_reports(
    next: &State,
    notices: motions::Notices,
    changed: &BTreeSet<SeatRef>,
) -> BTreeMap<SeatIndex, Report> {
    let mut private: BTreeMap<SeatIndex, Report> = SeatRef::all().map(|seat| (seat.id(), Report::default())).collect();
    for (seat, text) in notices.to_seat {
        if !changed.contains(&seat) {
            private.entry(seat.id()).or_default().events.push(text);
        }
    }
    for seat in changed {
        if next.is_held(*seat) {
            private.entry(seat.id()).or_default().events.push(format!("You now hold {seat}"));
        }
    }
    private
}

impl State {
    /// Seats that changed hands start their tenure with the phase that now opens (known only once the
    /// Winter is settled).
    fn start_tenures(&mut self, changed: &BTreeSet<SeatRef>) {
        let phase = self.position().phase.code();
        for seat in changed {
            if let Some(holder) = self.cabinet_mut(seat.power.0).holder_mut(seat.role) {
                holder.since = phase.clone();
            }
        }
    }

    /// A power or dual monarchy owning a majority of the centers wins; all its seats share the win
    /// (sheet §12, rulings 2.6). A dual monarchy's win is announced as such (CAB.9).
    fn check_victory(&mut self, public: &mut Report) {
        if self.winner.is_some() {
            return;
        }
        let map = map();
        let position = self.position();
        for realm in self.realms() {
            let centers: usize = realm.iter().map(|power| position.centers_of(*power)).sum();
            if centers >= map.victory_threshold() {
                let names: Vec<PowerName> = realm.into_iter().map(PowerName).collect();
                public.events.push(format!("{} wins with {centers} centers", views::realm_name(&names)));
                self.winner = Some(names);
                return;
            }
        }
    }
}
