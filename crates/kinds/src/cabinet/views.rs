//! What each viewer sees of a Cabinet game (sheet §4, rulings 2.4, 0.5, CAB.7, CAB.9): the public sees a
//! gunboat game (the board and the centers, no seat holders, no motions, no dual monarchies); a seat sees
//! which seats it knows are held or vacant, the motions it made or may sign, and its own orders to give.

use judge::{Extensions, Map, Order, PhaseKind, Power, legal_orders};

use super::State;
use super::motions::{self, MotionKind, MotionLine, NewHead, Nominee};
use super::seats::{Role, SeatRef, SeatStatus};
use crate::intrigue::{PowerName, map};
use crate::kind::{Choice, FormRow, OrderForm, View};
use crate::standard::{board, center_facts, form_for};

/// `France`, or `The dual monarchy of France and Germany`.
pub(super) fn realm_name(realm: &[PowerName]) -> String {
    match realm {
        [single] => single.to_string(),
        [head, rest @ ..] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("The dual monarchy of {head} and {}", rest.join(" and "))
        }
        [] => String::new(),
    }
}

pub(super) fn public_view(state: &State) -> View {
    let map = map();
    let position = state.position();
    View { board: Some(board(map, position)), facts: center_facts(map, position), notes: Vec::new(), world: None }
}

/// What the GM sees (rulings 0.5: secrets are the seat's and the GM's): every seat's holder, the dual
/// monarchies, the open motions with their signatures, and the seats waiting for a standby player.
pub(super) fn gm_view(state: &State) -> View {
    let mut view = public_view(state);
    for seat in SeatRef::all() {
        let status = match state.status(seat) {
            SeatStatus::Held(holder) => format!("{} since {}", holder.person, holder.since),
            SeatStatus::Vacant => "vacant".to_string(),
            SeatStatus::Joined { head } => {
                format!("governed by {}", SeatRef::from_id(head).map_or_else(String::new, |head| head.to_string()))
            }
        };
        view.facts.push((seat.to_string(), status));
    }
    for realm in state.realms().into_iter().filter(|realm| realm.len() > 1) {
        let names: Vec<PowerName> = realm.into_iter().map(PowerName).collect();
        view.notes.push(realm_name(&names));
    }
    for motion in &state.motions {
        let signed: Vec<String> = motion.signed.iter().map(ToString::to_string).collect();
        let agreed: Vec<String> = motion.agreed.iter().map(ToString::to_string).collect();
        view.notes.push(format!(
            "Motion {} by {}: {}; signed by {}{}",
            motion.id,
            motion.by,
            motion.kind.describe(),
            signed.join(", "),
            if agreed.is_empty() { String::new() } else { format!("; agreed: {}", agreed.join(", ")) }
        ));
    }
    for request in &state.standby_requests {
        view.notes.push(format!(
            "Seat a standby player as {request} (`SEAT {} {} person <number>`)",
            request.power,
            request.role.title().to_lowercase()
        ));
    }
    view
}

pub(super) fn seat_view(state: &State, seat: SeatRef) -> View {
    let mut view = public_view(state);
    if !state.is_held(seat) {
        return view;
    }
    view.facts.push(("Your seat".to_string(), seat.to_string()));
    view.facts.push(("You order".to_string(), duties(state, seat)));
    for known in state.known_seats(seat).into_iter().filter(|known| *known != seat) {
        let status = if state.is_held(known) { "held" } else { "vacant" };
        view.facts.push((known.to_string(), status.to_string()));
    }
    for motion in state.motions.iter().filter(|motion| motions::visible_to(state, motion).contains(&seat)) {
        let signed: Vec<String> = motion.signed.iter().map(ToString::to_string).collect();
        view.notes.push(format!(
            "Motion {} by {}: {}; signed by {}",
            motion.id,
            motion.by,
            motion.kind.describe(),
            signed.join(", ")
        ));
    }
    if seat.role == Role::HeadOfState {
        for request in state.standby_requests.iter().filter(|request| state.head_seat(request.power.0) == seat) {
            view.notes.push(format!("The GM was asked to seat a standby player as {request}"));
        }
        if state.position().phase.kind == PhaseKind::Adjustment {
            view.facts.push((
                "Your realm's builds (removals if negative)".to_string(),
                state.realm_due(seat.power.0).to_string(),
            ));
        }
    }
    view
}

/// What the seat orders, in words.
fn duties(state: &State, seat: SeatRef) -> String {
    match seat.role {
        Role::HeadOfState => {
            let realm: Vec<PowerName> = state.realm(seat.power.0).into_iter().map(PowerName).collect();
            let vacant: Vec<String> = state
                .commanders_of_realm(seat.power.0)
                .into_iter()
                .filter(|commander| !state.is_held(*commander))
                .map(|commander| format!("{commander}'s units (vacant)"))
                .collect();
            let mut duties = format!("{}'s builds and removals, and backup orders for every unit", realm_name(&realm));
            if !vacant.is_empty() {
                duties.push_str(&format!("; {}", vacant.join(", ")));
            }
            duties
        }
        Role::General => format!("{}'s armies", seat.power),
        Role::Admiral => format!("{}'s fleets", seat.power),
    }
}

/// The dual monarchy `seat` serves in, named for its members' pages; `None` for a power alone.
pub fn dual_monarchy_of(state: &State, seat: SeatRef) -> Option<String> {
    let realm = state.realm(state.head_power(seat.power.0));
    (realm.len() > 1).then(|| realm_name(&realm.into_iter().map(PowerName).collect::<Vec<_>>()))
}

pub(super) fn order_form(state: &State, seat: SeatRef) -> OrderForm {
    let map = map();
    if !state.is_held(seat) || state.winner.is_some() {
        return OrderForm::default();
    }
    let mut form = match (state.position().phase.kind, seat.role) {
        (PhaseKind::Adjustment, Role::HeadOfState) => {
            let mut form = OrderForm { rows: adjustment_rows(state, seat.power.0), notes: Vec::new() };
            let due = state.realm_due(seat.power.0);
            if !form.rows.is_empty() {
                form.notes.push(if due > 0 {
                    format!(
                        "{due} {} this Winter across your realm",
                        if due == 1 { "build allowed" } else { "builds allowed" }
                    )
                } else {
                    format!(
                        "{} {} this Winter across your realm",
                        -due,
                        if due == -1 { "removal due" } else { "removals due" }
                    )
                });
            }
            form
        }
        (PhaseKind::Adjustment, _) => OrderForm::default(),
        _ => unit_form(state, map, seat),
    };
    form.rows.extend(motion_rows(state, seat));
    if let Some(monarchy) = dual_monarchy_of(state, seat) {
        form.notes.push(format!("Your realm: {monarchy}"));
    }
    form
}

/// A seat's unit rows; a Head of State's rows are backups where the commander is seated.
fn unit_form(state: &State, map: &Map, seat: SeatRef) -> OrderForm {
    let (power, extensions) = state.unit_sheet_rules(seat);
    let mut form = form_for(map, state.position(), power, &extensions);
    if seat.role == Role::HeadOfState {
        // In a dual monarchy the monarch's rows mix both powers' units: each says whose it is.
        let dual = state.realm(seat.power.0).len() > 1;
        for (row, unit) in form.rows.iter_mut().zip(sorted_units(state, seat)) {
            let commander = SeatRef::new(unit.power, Role::commanding(unit.kind));
            let unit_label = if dual { format!("{} {}", PowerName(unit.power), row.label) } else { row.label.clone() };
            row.label = if state.is_held(commander) {
                format!("Backup: {unit_label}")
            } else {
                format!("{unit_label} (for the vacant {commander})")
            };
        }
        form.notes.push("Backup orders are used unit by unit where the commander gives none".to_string());
    }
    form
}

/// The seat's units in the order of the form's rows (by province key).
fn sorted_units(state: &State, seat: SeatRef) -> Vec<judge::Unit> {
    let map = map();
    let mut units = state.units_of_seat(seat);
    units.sort_by_key(|unit| map.province_key(map.province_of(unit.region)).to_string());
    units
}

/// A Head of State's Winter rows for the whole realm (CAB.4): as many as the pooled builds (each
/// offering every free home center of the realm's powers) or removals (each offering every unit).
pub(super) fn adjustment_rows(state: &State, head: Power) -> Vec<FormRow> {
    let map = map();
    let due = state.realm_due(head);
    let realm = state.realm(head);
    let counts: Vec<(Power, usize)> =
        realm.iter().map(|power| (*power, (state.position().units_of(*power) as i32 + due).max(0) as usize)).collect();
    let extensions = Extensions { center_counts: Some(counts), ..Extensions::default() };
    let mut orders: Vec<Order> = Vec::new();
    for power in &realm {
        let legal = legal_orders(map, state.position(), *power, &extensions);
        for order in legal.adjustment.map(|a| a.orders).unwrap_or_default() {
            if !orders.contains(&order) && order != Order::Waive {
                orders.push(order);
            }
        }
    }
    let builds = orders.iter().filter(|order| matches!(order, Order::Build { .. })).count();
    let (count, what) = if due > 0 { ((due as usize).min(builds), "Build") } else { ((-due) as usize, "Removal") };
    if due > 0 && count > 0 {
        orders.push(Order::Waive);
    }
    let choices: Vec<Choice> = orders.iter().map(|order| crate::standard::order_choice(map, order)).collect();
    (0..count)
        .map(|index| FormRow {
            label: format!("{what} {} of {count}", index + 1),
            key: format!("{}{}", what.to_lowercase(), index + 1),
            choices: choices.clone(),
        })
        .collect()
}

/// Rows for the motions the seat may make, sign or withdraw now (each with a "None" choice).
fn motion_rows(state: &State, seat: SeatRef) -> Vec<FormRow> {
    let mut rows = Vec::new();
    let mut row = |label: String, key: String, lines: Vec<MotionLine>| {
        let lines: Vec<(MotionLine, String)> = lines
            .into_iter()
            .filter_map(|line| motions::check_line(state, seat, &line).ok().map(|plain| (line, plain)))
            .collect();
        if lines.is_empty() {
            return;
        }
        let mut choices = vec![Choice::whole("", "None")];
        choices.extend(lines.into_iter().map(|(line, plain)| Choice::whole(line.notation(), plain)));
        rows.push(FormRow { label, key, choices });
    };
    match seat.role {
        Role::HeadOfState => {
            let commanders = state.commanders_of_realm(seat.power.0);
            let relieve = commanders
                .iter()
                .map(|target| MotionLine::Propose(MotionKind::Relieve { seat: *target, replacement: Nominee::Standby }))
                .collect();
            row("Relieve a commander".to_string(), "motion-relieve".to_string(), relieve);
            let appoint = commanders
                .iter()
                .map(|target| MotionLine::Propose(MotionKind::Appoint { seat: *target, replacement: Nominee::Standby }))
                .collect();
            row("Fill a vacant seat".to_string(), "motion-appoint".to_string(), appoint);
        }
        Role::General | Role::Admiral => {
            let realm = PowerName(state.head_power(seat.power.0));
            let mut heads: Vec<NewHead> =
                state.commanders_of_realm(realm.0).into_iter().map(NewHead::Commander).collect();
            heads.extend(map().powers().map(|(power, _)| NewHead::HeadOf(PowerName(power))));
            heads.extend([NewHead::Standby, NewHead::Nobody]);
            let coups =
                heads.into_iter().map(|new_head| MotionLine::Propose(MotionKind::Coup { realm, new_head })).collect();
            row("Coup".to_string(), "motion-coup".to_string(), coups);
            let secede = vec![MotionLine::Propose(MotionKind::Secede { power: seat.power })];
            row("Secession".to_string(), "motion-secede".to_string(), secede);
        }
    }
    for motion in &state.motions {
        if !motion.signed.contains(&seat) {
            row(
                format!("Motion {}", motion.id),
                format!("motion-sign-{}", motion.id),
                vec![MotionLine::Sign(motion.id)],
            );
        }
        if motion.by == seat {
            let label = format!("Withdraw motion {}", motion.id);
            row(label, format!("motion-withdraw-{}", motion.id), vec![MotionLine::Withdraw(motion.id)]);
        }
    }
    rows
}
