//! What each viewer sees of a Covert Dip game. FDs, CIOs, votes and influence are confidential (rulings
//! 0.5, 1.5, CD.7): the public sees the board, the counter-insurgent centers of the coming Winter and the
//! disclosed power; a seat sees its own account and orders besides.

use judge::{Map, PhaseKind, Power, Season};

use super::State;
use super::orders::{self, CovertOrder, Question, is_neutral_center};
use crate::intrigue::{PowerName, ProvinceName};
use crate::kind::{BoardMark, Choice, FormRow, OrderForm, Step, View};
use crate::standard::{board, center_facts};

/// Form rows of each kind offered at most; more can be written as text.
const COVERT_ROWS: u32 = 3;

pub(super) fn public_view(map: &Map, state: &State) -> View {
    let position = &state.game.position;
    let mut facts = center_facts(map, position);
    if !state.insurgencies.is_empty() {
        let centers: Vec<&str> = state.insurgencies.iter().map(|c| map.province(c.0).name.as_str()).collect();
        facts.push(("Counter-insurgencies this Winter".to_string(), centers.join(", ")));
    }
    if let Some(disclosed) = state.disclosed {
        facts.push(("Under Public Disclosure".to_string(), disclosed.to_string()));
    }
    let mut board = board(map, position);
    // The Fall's results name the counter-insurgent centers (sheet: "The GM will report …"): public.
    board.marks = state
        .insurgencies
        .iter()
        .map(|center| BoardMark::Insurgency { province: map.province_key(center.0).to_string() })
        .collect();
    View { board: Some(board), facts, notes: Vec::new(), world: None }
}

pub(super) fn seat_view(map: &Map, state: &State, power: Power) -> View {
    let mut view = public_view(map, state);
    let account = state.account(power);
    view.facts.push(("Your FDs in Switzerland".to_string(), account.fds.to_string()));
    view.facts.push(("Your CIOs".to_string(), account.cios.to_string()));
    if state.influence == Some(PowerName(power)) {
        view.notes.push("You hold influence in Switzerland: name a power with `DISCLOSE <power>` this Spring".into());
    }
    let waiting: Vec<String> =
        state.pending.iter().filter(|(by, _)| by.0 == power).map(|(_, order)| order.notation()).collect();
    if !waiting.is_empty() {
        view.notes.push(format!("Covert orders carried out when the Fall ends: {}", waiting.join("; ")));
    }
    view
}

/// What the GM sees (rulings 0.5, CD.7): every power's FDs and CIOs, who holds influence, the covert
/// orders waiting for the end of the Fall, and each power's covert orders of the last Fall.
pub(super) fn gm_view(map: &Map, state: &State) -> View {
    let mut view = public_view(map, state);
    for (power, info) in map.powers() {
        let account = state.account(power);
        view.facts.push((
            format!("{}'s Swiss account", info.name),
            format!("{} FD(s), {} CIO(s)", account.fds, account.cios),
        ));
    }
    if let Some(holder) = state.influence {
        view.notes.push(format!("{holder} holds influence in Switzerland this Spring"));
    }
    for (by, order) in &state.pending {
        view.notes.push(format!("{by} waits for the end of the Fall: {}", order.notation()));
    }
    for (by, orders) in &state.last_fall {
        let orders: Vec<String> = orders.iter().map(|order| order.notation()).collect();
        if !orders.is_empty() {
            view.notes.push(format!("{by}'s FD and CIO orders last Fall: {}", orders.join("; ")));
        }
    }
    view
}

/// The Spring publication of a disclosed power (rulings 1.6): its FD balance and its FD and CIO orders of
/// the last Fall (CD.3: orders, never the answers it received).
pub(super) fn disclosure(state: &State, target: PowerName) -> String {
    let orders: Vec<String> =
        state.last_fall.get(&target).into_iter().flatten().map(|order| order.notation()).collect();
    format!(
        "Public Disclosure of {target}: {} FD(s) in Switzerland; its FD and CIO orders last Fall: {}",
        state.account(target.0).fds,
        if orders.is_empty() { "none".to_string() } else { orders.join("; ") }
    )
}

/// Rows for the covert orders the power may give now.
pub(super) fn add_covert_rows(map: &Map, state: &State, power: Power, form: &mut OrderForm) {
    let phase = state.game.position.phase;
    if phase.kind != PhaseKind::Movement {
        return;
    }
    let choices = |orders: Vec<CovertOrder>| {
        let mut choices = vec![Choice::whole("", "None")];
        choices.extend(orders.into_iter().map(|order| Choice {
            steps: cio_steps(map, order),
            ..Choice::whole(order.notation(), order.describe(map))
        }));
        choices
    };
    let mut add = |label: &str, key: &str, count: u32, orders: Vec<CovertOrder>| {
        let orders: Vec<CovertOrder> = orders.into_iter().filter(|order| allowed(map, state, power, *order)).collect();
        if orders.is_empty() {
            return;
        }
        for index in 1..=count.min(COVERT_ROWS) {
            form.rows.push(FormRow {
                label: format!("{label} {index}"),
                key: format!("{key}{index}"),
                choices: choices(orders.clone()),
            });
        }
    };
    let account = state.account(power);
    let others: Vec<PowerName> = map.powers().map(|(p, _)| PowerName(p)).filter(|p| p.0 != power).collect();
    match phase.season {
        Season::Fall => {
            let centers: Vec<ProvinceName> =
                map.supply_centers().filter(|&c| is_neutral_center(map, c)).map(ProvinceName).collect();
            add(
                "Fund Diversion",
                "fd",
                account.fds,
                centers.iter().map(|&center| CovertOrder::Fd { center }).collect(),
            );
            let mut cios = Vec::new();
            for &of in &others {
                cios.extend([
                    CovertOrder::Ask { question: Question::FdsAffectingMe { of } },
                    CovertOrder::Ask { question: Question::CiosMentioningMe { of } },
                    CovertOrder::Ask { question: Question::Balance { of } },
                    CovertOrder::Block { power: of },
                ]);
            }
            cios.extend(centers.iter().map(|&center| CovertOrder::Ask { question: Question::Supporters { center } }));
            add("CIO", "cio", account.cios, cios);
            let everyone = map.powers().map(|(p, _)| PowerName(p));
            add("Vote", "vote", 1, everyone.map(|candidate| CovertOrder::Vote { candidate, votes: 1 }).collect());
        }
        Season::Spring => {
            add(
                "Public Disclosure",
                "disclose",
                1,
                others.iter().map(|&power| CovertOrder::Disclose { power }).collect(),
            );
        }
        Season::Winter => {}
    }
}

/// A CIO as a chain of two small choices, its kind (the sheet's forms a to e) then the power or center
/// it names, so that no list holds the Fall's 37 CIOs at once; other covert orders are offered whole.
fn cio_steps(map: &Map, order: CovertOrder) -> Vec<Step> {
    let power = |of: PowerName| Step::new(of.to_string().to_lowercase(), of.to_string());
    let kind = |value: &str, words: &str| Step::new(value, words);
    match order {
        CovertOrder::Ask { question: Question::FdsAffectingMe { of } } => {
            vec![kind("cio-fds", "a) Ask which FDs a power aims at my centers"), power(of)]
        }
        CovertOrder::Ask { question: Question::CiosMentioningMe { of } } => {
            vec![kind("cio-cios", "b) Ask which CIOs of a power mention my country"), power(of)]
        }
        CovertOrder::Ask { question: Question::Balance { of } } => {
            vec![kind("cio-balance", "c) Ask how many FDs a power holds"), power(of)]
        }
        CovertOrder::Ask { question: Question::Supporters { center } } => vec![
            kind("cio-supporters", "d) Ask who supports counter-insurgencies in a center"),
            Step::new(map.province_key(center.0), map.province(center.0).name.clone()),
        ],
        CovertOrder::Block { power: of } => vec![kind("cio-block", "e) Block a power's CIOs about me"), power(of)],
        CovertOrder::Fd { .. } | CovertOrder::Vote { .. } | CovertOrder::Disclose { .. } => Vec::new(),
    }
}

/// Whether the order alone would be accepted on the power's sheet now.
fn allowed(map: &Map, state: &State, power: Power, order: CovertOrder) -> bool {
    let line = order.notation();
    let lines = [crate::intrigue::ExtraLine { line: 1, text: &line }];
    orders::read_sheet(map, state, power, &lines).into_iter().all(|checked| checked.is_ok())
}
