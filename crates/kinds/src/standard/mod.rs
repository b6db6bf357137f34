//! Standard Diplomacy as a game kind: seven seats, one per power, adjudicated by the judge.
//!
//! # How it is built
//!
//! `src/standard/` is Standard Diplomacy over the judge, and the toolbox the Diplomacy variants reuse
//! (`check_sheet`, `form_for`, `public_report`, `board`); `stored.rs` stores positions by canonical names
//! (`Russia F stp/sc`), never by the map's internal indices.

mod stored;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use judge::{
    Extensions, Location, Map, Order, OrderStatus, PhaseKind, Position, Power, Submission, UnitRef, UnitType,
    adjudicate, legal_orders, parse_orders,
};
use serde::{Deserialize, Serialize};

use crate::facts::{Facts, Notation, SeatPlan};
use crate::kind::{
    AcceptedLine, Board, BoardUnit, Choice, FormRow, OrderCheck, OrderForm, Outcome, PhaseInfo, PhaseStage, Processed,
    RejectedLine, Report, ReportLine, ResultWord, Rules, SeatIndex, SeatInfo, SeatRole, SetupError, Step, View,
};

/// The standard map, loaded and validated once per process.
pub fn standard_map() -> Result<&'static Map, SetupError> {
    static MAP: OnceLock<Result<Map, judge::MapError>> = OnceLock::new();
    MAP.get_or_init(Map::standard).as_ref().map_err(|error| SetupError::Data(error.to_string()))
}

/// Centers a solo victory takes on the standard map (18), for every kind played on it.
pub fn solo_victory_centers() -> Option<usize> {
    standard_map().ok().map(Map::victory_threshold)
}

/// The state of a standard game: the position, and the winner once there is one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "stored::StoredState", try_from = "stored::StoredState")]
pub struct State {
    pub position: Position,
    pub winner: Option<Power>,
}

/// Standard games have no settings of their own yet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

/// The standard game.
pub struct Standard;

/// A standard order's notation in words, for the kinds whose reports list standard orders.
pub(crate) fn standard_order_in_words(line: &str) -> Option<String> {
    let map = standard_map().ok()?;
    judge::order::parse_order(map, line).ok().map(|(_, order)| order.describe(map))
}

fn map() -> &'static Map {
    standard_map().expect("the standard map was validated when the state was created or read")
}

/// The power a seat plays: seats are numbered like the map's powers.
pub fn seat_power(seat: SeatIndex) -> Power {
    Power(seat.0 as u8)
}

pub fn power_seat(power: Power) -> SeatIndex {
    SeatIndex(u16::from(power.0))
}

pub(crate) fn phase_info(position: &Position) -> PhaseInfo {
    PhaseInfo {
        code: position.phase.code(),
        label: position.phase.long_name(),
        stage: match position.phase.kind {
            PhaseKind::Movement => PhaseStage::Movement,
            PhaseKind::Retreat => PhaseStage::Retreat,
            PhaseKind::Adjustment => PhaseStage::Adjustment,
        },
    }
}

/// Reads a seat's sheet and checks each line against the position, with `extensions` from the variant.
pub(crate) fn check_sheet(
    map: &Map,
    position: &Position,
    power: Power,
    text: &str,
    extensions: &Extensions,
) -> OrderCheck {
    let (parsed, errors) = parse_orders(map, text);
    let mut check = OrderCheck::default();
    for error in errors {
        check.rejected.push(RejectedLine { line: error.line, text: error.input, reason: error.error.to_string() });
    }
    let mut candidates = Vec::new();
    for line in parsed {
        match line.power {
            Some(other) if other != power => check.rejected.push(RejectedLine {
                line: line.line,
                text: line.input,
                reason: format!("this sheet gives {}'s orders, not {}'s", map.power_name(power), map.power_name(other)),
            }),
            _ => candidates.push(line),
        }
    }
    let submissions: Vec<Submission> =
        candidates.iter().map(|line| Submission { power: Some(power), order: line.order }).collect();
    let trial = adjudicate(map, position, &submissions, extensions);
    for (line, result) in candidates.into_iter().zip(trial.results) {
        match result.status {
            OrderStatus::Invalid(invalid) => {
                check.rejected.push(RejectedLine { line: line.line, text: line.input, reason: invalid.describe(map) })
            }
            _ => check.accepted.push(AcceptedLine {
                line: line.line,
                text: line.order.notation(map),
                plain: line.order.describe(map),
            }),
        }
    }
    check.rejected.sort_by_key(|rejected| rejected.line);
    check
}

/// `Turkey's A bul was dislodged by Russia's A rum`: who lost the province, and who took it from where.
fn dislodgement(map: &Map, next: &Position, dislodged: &judge::Dislodged) -> String {
    let unit = &dislodged.unit;
    let lost = format!("{}'s {} {}", map.power_name(unit.power), unit.kind.letter(), map.region_key(unit.region));
    let province = map.province_of(unit.region);
    let attacker = next.units.iter().find(|standing| map.province_of(standing.region) == province);
    match attacker {
        Some(attacker) => format!(
            "{lost} was dislodged by {}'s {} {}",
            map.power_name(attacker.power),
            attacker.kind.letter(),
            map.province_key(dislodged.attacked_from)
        ),
        None => format!("{lost} was dislodged from {}", map.province_key(dislodged.attacked_from)),
    }
}

/// A legal order as a form offers it: its notation, its meaning, and the chain of small choices that
/// leads to it (kind of order, then the unit or place it names, then where to).
pub(crate) fn order_choice(map: &Map, order: &Order) -> Choice {
    Choice { value: order.notation(map), label: order.describe(map), steps: order_steps(map, order) }
}

fn order_steps(map: &Map, order: &Order) -> Vec<Step> {
    let key = |at: Location| judge::order::location(map, at);
    let province = |at: Location| map.province_key(at.province).to_string();
    let place = |at: Location| judge::order::place(map, at);
    let unit = |unit: UnitRef| {
        let kind = match unit.kind {
            Some(UnitType::Army) => "Army ",
            Some(UnitType::Fleet) => "Fleet ",
            None => "",
        };
        Step::new(province(unit.at), format!("{kind}{}", place(unit.at)))
    };
    let to = |at: Location| Step::new(key(at), format!("to {}", place(at)));
    match *order {
        Order::Hold { .. } => vec![Step::new("hold", "Hold")],
        Order::Move { to: at, via_convoy: false, .. } => vec![Step::new("move", "Move"), to(at)],
        Order::Move { to: at, via_convoy: true, .. } => vec![Step::new("convoyed", "Move by convoy"), to(at)],
        Order::Support { supported, to: None, .. } => {
            vec![Step::new("support", "Support"), unit(supported), Step::new("hold", "to hold")]
        }
        Order::Support { supported, to: Some(at), .. } => {
            vec![Step::new("support", "Support"), unit(supported), to(at)]
        }
        Order::Convoy { army, to: at, .. } => vec![Step::new("convoy", "Convoy"), unit(army), to(at)],
        Order::Retreat { to: at, .. } => vec![Step::new("retreat", "Retreat"), to(at)],
        Order::Disband { .. } => vec![Step::new("disband", "Disband")],
        Order::Build { kind, at } => {
            let what = match (kind, at.coast) {
                (UnitType::Army, _) => "an army".to_owned(),
                (UnitType::Fleet, None) => "a fleet".to_owned(),
                (UnitType::Fleet, Some(coast)) => format!("a fleet on the {} coast", coast.name()),
            };
            vec![
                Step::new("build", "Build"),
                Step::new(province(at), format!("in {}", map.province(at.province).name)),
                Step::new(format!("{} {}", kind.letter(), key(at)), what),
            ]
        }
        Order::Remove { unit: removed } => vec![Step::new("remove", "Remove"), unit(removed)],
        Order::Waive => vec![Step::new("waive", "Waive a build")],
    }
}

/// The order form rows for one power.
pub(crate) fn form_for(map: &Map, position: &Position, power: Power, extensions: &Extensions) -> OrderForm {
    let legal = legal_orders(map, position, power, extensions);
    let choice = |order: &Order| order_choice(map, order);
    let mut form = OrderForm::default();
    for unit in legal.units {
        form.rows.push(FormRow {
            label: format!("{} {}", unit.unit.kind.letter(), map.region_key(unit.unit.region)),
            key: map.province_key(map.province_of(unit.unit.region)).to_string(),
            choices: unit.orders.iter().map(choice).collect(),
        });
    }
    form.rows.sort_by(|a, b| a.key.cmp(&b.key));
    if let Some(adjustment) = legal.adjustment {
        let (count, what) = if adjustment.builds_allowed > 0 {
            (adjustment.builds_allowed, "Build")
        } else {
            (adjustment.removals_due, "Removal")
        };
        for index in 0..count {
            form.rows.push(FormRow {
                label: format!("{what} {} of {count}", index + 1),
                key: format!("{}{}", what.to_lowercase(), index + 1),
                choices: adjustment.orders.iter().map(choice).collect(),
            });
        }
        if count > 0 {
            let noun = match (what, count) {
                ("Build", 1) => "build allowed",
                ("Build", _) => "builds allowed",
                (_, 1) => "removal due",
                (_, _) => "removals due",
            };
            form.notes.push(format!("{count} {noun} this Winter"));
        }
    }
    form
}

/// Every seat's submissions: each parsed line on a seat's sheet, for the seat's power.
pub(crate) fn submissions(
    map: &Map,
    orders: &BTreeMap<SeatIndex, String>,
    power_of: impl Fn(SeatIndex) -> Power,
) -> Vec<Submission> {
    let mut submissions = Vec::new();
    for (seat, text) in orders {
        let power = power_of(*seat);
        let (parsed, _) = parse_orders(map, text);
        submissions.extend(
            parsed
                .into_iter()
                .filter(|line| line.power.is_none_or(|p| p == power))
                .map(|line| Submission { power: Some(power), order: line.order }),
        );
    }
    submissions
}

/// The public report of an adjudication: every order with its result, and what changed on the board.
pub(crate) fn public_report(
    map: &Map,
    before: &Position,
    submissions: &[Submission],
    adjudication: &judge::Adjudication,
) -> Report {
    let mut report = Report::default();
    for (submission, result) in submissions.iter().zip(&adjudication.results) {
        let by = result.power.or(submission.power).map_or_else(String::new, |p| map.power_name(p).to_string());
        report.orders.push(ReportLine {
            by,
            order: submission.order.notation(map),
            result: match result.status {
                OrderStatus::Succeeds => ResultWord::Succeeds,
                OrderStatus::Fails(_) => ResultWord::Fails,
                OrderStatus::Invalid(_) => ResultWord::Invalid,
            },
            reason: result.status.reason(map),
        });
    }
    let next = &adjudication.next;
    for dislodged in &next.dislodged {
        report.events.push(dislodgement(map, next, dislodged));
    }
    for unit in &adjudication.destroyed {
        report.events.push(format!(
            "{}'s {} {} was destroyed",
            map.power_name(unit.power),
            unit.kind.letter(),
            map.region_key(unit.region)
        ));
        report.removed.push(board_unit(map, unit));
    }
    for center in map.supply_centers() {
        let (old, new) = (before.owner(center), next.owner(center));
        if old != new
            && let Some(new) = new
        {
            report.events.push(format!("{} takes {}", map.power_name(new), map.province(center).name));
        }
    }
    if let Some(winner) = adjudication.winner {
        report.events.push(format!("{} wins with {} centers", map.power_name(winner), next.centers_of(winner)));
    }
    report
}

fn board_unit(map: &Map, unit: &judge::Unit) -> BoardUnit {
    BoardUnit {
        power: map.power_name(unit.power).to_string(),
        kind: unit.kind.letter(),
        region: map.region_key(unit.region),
    }
}

pub(crate) fn board(map: &Map, position: &Position) -> Board {
    let unit = |unit: &judge::Unit| board_unit(map, unit);
    Board {
        units: position.units.iter().map(unit).collect(),
        dislodged: position.dislodged.iter().map(|d| unit(&d.unit)).collect(),
        owners: map
            .supply_centers()
            .filter_map(|center| {
                position
                    .owner(center)
                    .map(|owner| (map.province_key(center).to_string(), map.power_name(owner).to_string()))
            })
            .collect(),
        marks: Vec::new(),
    }
}

pub(crate) fn center_facts(map: &Map, position: &Position) -> Vec<(String, String)> {
    map.powers()
        .map(|(power, info)| {
            (info.name.clone(), format!("{} centers, {} units", position.centers_of(power), position.units_of(power)))
        })
        .collect()
}

impl Rules for Standard {
    type State = State;
    type Settings = Settings;

    fn guide() -> crate::guide::Guide {
        crate::guide::STANDARD
    }

    fn facts() -> Facts {
        Facts {
            name: "Standard Diplomacy",
            seats: SeatPlan::OnePerPower,
            notation: Notation::Judge,
            victory_centers: solo_victory_centers(),
        }
    }

    fn order_in_words(line: &str) -> Option<String> {
        standard_order_in_words(line)
    }

    fn new_game(_settings: &Settings, _seed: u64) -> Result<State, SetupError> {
        let map = standard_map()?;
        Ok(State { position: Position::starting(map), winner: None })
    }

    fn seats(_state: &State) -> Vec<SeatInfo> {
        map()
            .powers()
            .map(|(power, info)| SeatInfo {
                id: power_seat(power),
                title: info.name.clone(),
                powers: vec![info.name.clone()],
                role: SeatRole::Player,
            })
            .collect()
    }

    fn phase(state: &State) -> PhaseInfo {
        phase_info(&state.position)
    }

    fn must_order(state: &State, seat: SeatIndex) -> bool {
        state.winner.is_none()
            && judge::has_orders_to_give(map(), &state.position, seat_power(seat), &Extensions::default())
    }

    fn check_orders(state: &State, seat: SeatIndex, text: &str) -> OrderCheck {
        check_sheet(map(), &state.position, seat_power(seat), text, &Extensions::default())
    }

    fn order_form(state: &State, seat: SeatIndex) -> OrderForm {
        form_for(map(), &state.position, seat_power(seat), &Extensions::default())
    }

    fn process(state: &State, orders: &BTreeMap<SeatIndex, String>, _seed: u64) -> Processed<State> {
        let map = map();
        let submissions = submissions(map, orders, seat_power);
        let adjudication = adjudicate(map, &state.position, &submissions, &Extensions::default());
        let public = public_report(map, &state.position, &submissions, &adjudication);
        let next = State { position: adjudication.next, winner: state.winner.or(adjudication.winner) };
        Processed { next, public, private: BTreeMap::new() }
    }

    fn seat_view(state: &State, _seat: SeatIndex) -> View {
        Self::public_view(state)
    }

    fn public_view(state: &State) -> View {
        let map = map();
        View {
            board: Some(board(map, &state.position)),
            facts: center_facts(map, &state.position),
            notes: Vec::new(),
            world: None,
        }
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.winner.map(|winner| Outcome::Victory {
            winners: vec![power_seat(winner)],
            summary: format!("{} wins", map().power_name(winner)),
        })
    }
}
