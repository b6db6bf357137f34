//! What each viewer sees of a Diplobucks game: the public board and results (double units as DA/DF,
//! bribes' effects without their buyers), and each power's own ledger, bribes and purchased knowledge.
//! Balances and bribes are secret (sheet: "Only each player and the GM know how much DB he has").

use std::collections::BTreeMap;

use judge::{Adjudication, Failure, Map, OrderStatus, PhaseKind, Position, Power, ProvinceId, Submission, UnitType};

use super::bribes::{self, Bribe, BribeKind};
use super::resolve::{Purchase, PurchaseOutcome};
use super::{PhaseRun, State};
use crate::intrigue::PowerName;
use crate::kind::{
    BoardMark, BoardUnit, Choice, FormRow, MarkedUnit, OrderForm, Report, ReportLine, ResultWord, UnitMark, View,
};
use crate::standard::{board, center_facts};

/// How many bribe rows an order form offers; more can be written as text.
const BRIBE_ROWS: usize = 2;

pub(super) fn public_view(map: &Map, state: &State) -> View {
    let position = &state.game.position;
    let mut facts = center_facts(map, position);
    let doubles = double_list(map, state);
    if !doubles.is_empty() {
        facts.push(("Double units".to_string(), doubles));
    }
    let mut board = board(map, position);
    board.marks = double_marks(map, state);
    View { board: Some(board), facts, notes: Vec::new(), world: None }
}

/// The double units on the board, drawn DA/DF (sheet bribe 5: "All players know where double units are").
fn double_marks(map: &Map, state: &State) -> Vec<BoardMark> {
    let position = &state.game.position;
    state
        .doubles
        .iter()
        .filter_map(|double| {
            let standing = position.unit_in(map, double.at.0).filter(|_| !double.dislodged);
            let unit = standing.or_else(|| {
                position.dislodged.iter().map(|d| &d.unit).find(|u| map.province_of(u.region) == double.at.0)
            })?;
            Some(BoardMark::Double { region: map.region_key(unit.region) })
        })
        .collect()
}

pub(super) fn seat_view(map: &Map, state: &State, power: Power) -> View {
    let mut view = public_view(map, state);
    view.facts.push(("Your balance".to_string(), format!("{} DB", state.balance(power))));
    // Only the power itself is told: to others, "out" would reveal a balance of 0.
    if state.is_out(power) {
        view.notes.push("You are out of the game: no centers, no units and no DB (DB.8)".to_string());
    }
    let press = state.press_rights.get(&crate::intrigue::PowerName(power)).copied().unwrap_or(0);
    view.facts.push((
        "Your press right".to_string(),
        if press == 0 { "none".to_string() } else { format!("{press} movement phases left") },
    ));
    let extras = state.extra_units.iter().filter(|extra| extra.owner.0 == power).count();
    if extras > 0 {
        view.facts.push(("Your extra units".to_string(), format!("{extras} (300 DB each Winter)")));
    }
    if let Some(short) = state.short_next_winter.get(&crate::intrigue::PowerName(power)) {
        view.notes.push(format!("{short} build(s) fewer this coming Winter: units destroyed by a bribe"));
    }
    view
}

/// What the GM sees (sheet: "Only each player and the GM know how much DB he has"): every power's
/// balance, press right, extra units and shortened Winter. The bribes themselves are orders: the GM
/// reads them on each seat's sheet.
pub(super) fn gm_view(map: &Map, state: &State) -> View {
    let mut view = public_view(map, state);
    for (power, info) in map.powers() {
        let name = PowerName(power);
        let press = state.press_rights.get(&name).copied().unwrap_or(0);
        let extras = state.extra_units.iter().filter(|extra| extra.owner == name).count();
        let mut line = format!("{} DB", state.balance(power));
        if press > 0 {
            line.push_str(&format!(", press right for {press} movement phase(s)"));
        }
        if extras > 0 {
            line.push_str(&format!(", {extras} extra unit(s)"));
        }
        if let Some(short) = state.short_next_winter.get(&name) {
            line.push_str(&format!(", {short} build(s) fewer next Winter"));
        }
        if state.is_out(power) {
            line.push_str(", out of the game");
        }
        view.facts.push((format!("{}'s ledger", info.name), line));
    }
    view
}

/// `DA mun (France, 1 movement phase left)`, for everyone.
fn double_list(map: &Map, state: &State) -> String {
    let position = &state.game.position;
    state
        .doubles
        .iter()
        .filter_map(|double| {
            let unit = position.unit_in(map, double.at.0).filter(|_| !double.dislodged).or_else(|| {
                position.dislodged.iter().map(|d| &d.unit).find(|u| map.province_of(u.region) == double.at.0)
            })?;
            Some(format!(
                "D{} {} ({}, {} movement phase(s) left)",
                unit.kind.letter(),
                map.region_key(unit.region),
                map.power_name(unit.power),
                double.movement_phases_left
            ))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Adds to the standard public report what the bribes did, naming no buyer: double units as DA/DF in the
/// move results (sheet bribe 5), forced holds (DB.3), missed moves, destroyed and converted units.
#[allow(clippy::too_many_arguments)]
pub(super) fn decorate_public_report(
    map: &Map,
    state: &State,
    board: &Position,
    obeyed: &[Submission],
    missed: &[Submission],
    run: &PhaseRun,
    adjudication: &Adjudication,
    report: &mut Report,
) {
    let mut doubles: Vec<ProvinceId> = state.double_provinces();
    doubles.extend(run.effects.doubled.iter().copied());
    let movement = board.phase.kind == PhaseKind::Movement;
    for ((line, submission), result) in report.orders.iter_mut().zip(obeyed).zip(&adjudication.results) {
        let unit = submission.order.unit().map(|unit| unit.at.province);
        if movement && unit.is_some_and(|at| doubles.contains(&at)) && line.order.starts_with(['A', 'F']) {
            line.order = format!("D{}", line.order);
        }
        if result.status == OrderStatus::Fails(Failure::ForcedToHold) {
            line.reason = "not executed: held by a bribe".to_string();
            report.unit_marks.extend(marked(map, board, unit, UnitMark::HeldByBribe));
        }
    }
    for submission in missed {
        let unit = submission.order.unit().map(|unit| unit.at.province);
        report.unit_marks.extend(marked(map, board, unit, UnitMark::HeldByBribe));
        report.orders.push(ReportLine {
            by: submission.power.map_or_else(String::new, |p| map.power_name(p).to_string()),
            order: submission.order.notation(map),
            result: ResultWord::Fails,
            reason: "not executed: this power's moves were missed by a bribe".to_string(),
        });
    }
    for &power in &run.effects.nmr {
        report.events.push(format!("{} missed its moves this phase (bribe)", map.power_name(power)));
    }
    for unit in &run.effects.destroyed {
        report.unit_marks.push(MarkedUnit { unit: board_unit(map, unit), mark: UnitMark::Destroyed });
        report.events.push(format!(
            "{}'s {} {} was destroyed (bribe)",
            map.power_name(unit.power),
            unit.kind.letter(),
            map.region_key(unit.region)
        ));
    }
    for (before, after) in &run.effects.converted {
        let into = after.kind.letter();
        report.unit_marks.push(MarkedUnit { unit: board_unit(map, before), mark: UnitMark::Converted { into } });
        report.events.push(format!(
            "{}'s {} {} became {} {} (bribe)",
            map.power_name(before.power),
            before.kind.letter(),
            map.region_key(before.region),
            after.kind.letter(),
            map.region_key(after.region)
        ));
    }
    for &at in &run.effects.doubled {
        if let Some(unit) = board.unit_in(map, at) {
            report.events.push(format!(
                "{}'s {} {} is a double unit (D{}) for a year (bribe)",
                map.power_name(unit.power),
                unit.kind.letter(),
                map.region_key(unit.region),
                unit.kind.letter()
            ));
        }
    }
}

/// The unit standing in `at` on the phase's board, with its mark.
fn marked(map: &Map, board: &Position, at: Option<ProvinceId>, mark: UnitMark) -> Option<MarkedUnit> {
    let unit = board.unit_in(map, at?)?;
    Some(MarkedUnit { unit: board_unit(map, unit), mark })
}

fn board_unit(map: &Map, unit: &judge::Unit) -> BoardUnit {
    BoardUnit {
        power: map.power_name(unit.power).to_string(),
        kind: unit.kind.letter(),
        region: map.region_key(unit.region),
    }
}

/// What one power alone learns from a phase: its refused lines, its bribes' fates, what it bought to
/// know, its income and balance.
pub(super) fn private_report(
    map: &Map,
    state: &State,
    next: &State,
    power: Power,
    run: &PhaseRun,
    ledger_events: &BTreeMap<Power, Vec<String>>,
) -> Report {
    let position = &state.game.position;
    let name = map.power_name(power).to_string();
    let mut report = Report::default();
    for (text, reason) in run.refused.get(&power).into_iter().flatten() {
        report.orders.push(ReportLine {
            by: name.clone(),
            order: text.clone(),
            result: ResultWord::Invalid,
            reason: format!("refused: {reason}"),
        });
    }
    for purchase in run.purchases.iter().filter(|p| p.paid.iter().any(|(payer, _)| *payer == power)) {
        report.orders.push(ReportLine {
            by: name.clone(),
            order: purchase.bribe.notation(map, position),
            result: if purchase.bought() { ResultWord::Succeeds } else { ResultWord::Fails },
            reason: purchase_fate(map, purchase, power),
        });
        report.events.extend(knowledge(map, position, purchase, run));
    }
    report.events.extend(ledger_events.get(&power).into_iter().flatten().cloned());
    report.events.push(format!("Your balance: {} DB", next.balance(power)));
    report
}

fn purchase_fate(map: &Map, purchase: &Purchase, power: Power) -> String {
    let refund = purchase.refunds().into_iter().find(|(payer, _)| *payer == power).map_or(0, |(_, amount)| amount);
    match &purchase.outcome {
        PurchaseOutcome::Bought => String::new(),
        PurchaseOutcome::Reneged { missing } => format!(
            "failed: {} did not pay; you get {refund} DB back",
            missing.iter().map(|p| map.power_name(*p)).collect::<Vec<_>>().join(", ")
        ),
        PurchaseOutcome::Void => format!("void: the unit was gone; you get {refund} DB back"),
    }
}

/// What a bought bribe 2 or 3 tells its buyer (DB.8).
fn knowledge(map: &Map, position: &Position, purchase: &Purchase, run: &PhaseRun) -> Vec<String> {
    if !purchase.bought() {
        return Vec::new();
    }
    match purchase.bribe.kind {
        BribeKind::Learn { of } => vec![format!(
            "{} has {} DB",
            map.power_name(of),
            run.balances_after_bribes.get(&crate::intrigue::PowerName(of)).copied().unwrap_or(0)
        )],
        BribeKind::SeeAll => {
            let mut lines = vec![format!("Every bribe of this phase ({}):", run.purchases.len())];
            lines.extend(run.purchases.iter().map(|p| seen_bribe(map, position, p)));
            lines
        }
        _ => Vec::new(),
    }
}

fn seen_bribe(map: &Map, position: &Position, purchase: &Purchase) -> String {
    let paid = purchase
        .paid
        .iter()
        .map(|(payer, amount)| format!("{} {amount} DB", map.power_name(*payer)))
        .collect::<Vec<_>>()
        .join(", ");
    let fate = match &purchase.outcome {
        PurchaseOutcome::Bought => "bought",
        PurchaseOutcome::Reneged { .. } => "failed (reneged)",
        PurchaseOutcome::Void => "void (unit gone)",
    };
    format!("{} [paid: {paid}] {fate}", purchase.bribe.describe(map, position))
}

/// Rows offering the bribes the power could buy alone now; group bribes are written as text.
pub(super) fn add_bribe_rows(map: &Map, state: &State, power: Power, form: &mut OrderForm) {
    let position = &state.game.position;
    let mut offered: Vec<Bribe> = candidate_bribes(map, position, power)
        .into_iter()
        .map(|kind| Bribe { kind, shares: Vec::new() })
        .filter(|bribe| bribes::check(map, position, power, bribe, state.balance(power)).is_ok())
        .collect();
    // The sheet's order, 1 to 9, so the form's first list reads as the sheet does.
    offered.sort_by_key(|bribe| bribe.kind.number());
    let choices: Vec<Choice> = offered
        .into_iter()
        .map(|bribe| Choice {
            value: bribe.notation(map, position),
            label: bribe.describe(map, position),
            steps: bribe.steps(map, position),
        })
        .collect();
    if choices.is_empty() {
        return;
    }
    let mut with_none = vec![Choice::whole("", "No bribe")];
    with_none.extend(choices);
    for index in 1..=BRIBE_ROWS {
        form.rows.push(FormRow {
            label: format!("Bribe {index}"),
            key: format!("bribe{index}"),
            choices: with_none.clone(),
        });
    }
    form.notes.push(format!(
        "You have {} DB. Group bribes are written as text: `BRIBE nmr Turkey: France 800, Italy 700`",
        state.balance(power)
    ));
}

fn candidate_bribes(map: &Map, position: &Position, power: Power) -> Vec<BribeKind> {
    let mut kinds = vec![BribeKind::Press, BribeKind::SeeAll, BribeKind::Extra { owner: power }];
    kinds.extend(map.powers().map(|(other, _)| BribeKind::Learn { of: other }));
    for unit in &position.units {
        let at = map.province_of(unit.region);
        kinds.extend([BribeKind::Double { unit: at }, BribeKind::Hold { unit: at }, BribeKind::Destroy { unit: at }]);
        if unit.power == power {
            let regions: Vec<_> = match unit.kind {
                UnitType::Army => {
                    map.province(at).regions.iter().copied().filter(|&r| map.can_occupy(UnitType::Fleet, r)).collect()
                }
                UnitType::Fleet => {
                    vec![map.main_region(at)].into_iter().filter(|&r| map.can_occupy(UnitType::Army, r)).collect()
                }
            };
            kinds.extend(regions.into_iter().map(|into| BribeKind::Convert { unit: at, into }));
        }
    }
    kinds.extend(map.powers().map(|(target, _)| BribeKind::Nmr { target }));
    kinds
}
