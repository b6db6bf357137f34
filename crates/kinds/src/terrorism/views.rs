//! What each viewer may see (rule 2, rulings 0.5 and 3.6): the board and every nation's and group's
//! treasury for everyone; agencies, control of groups and nations only for the player concerned. Who
//! contributed and who bid is never shown: the state keeps no record of it past the turn.

use super::names::{Province, by_distance_from, original_capital};
use super::state::{Purse, State};
use super::treasury::{MAX_AGENCIES, UPKEEP, levy_maximum};
use crate::kind::{Board, BoardMark, BoardUnit, Choice, FormRow, OrderForm, Step, View};

pub fn public_view(state: &State) -> View {
    View { board: Some(board(state)), facts: public_facts(state), notes: Vec::new(), world: None }
}

/// The public view plus the player's own secrets.
pub fn seat_view(state: &State, player: &str) -> View {
    let mut view = public_view(state);
    for agency in state.agencies.iter().filter(|agency| agency.owner == player) {
        view.facts.push((format!("Your agency {}", agency.name), agency.balance.to_string()));
    }
    let levies_due = state
        .groups
        .iter()
        .filter(|group| group.controller.as_deref() == Some(player) && state.levy_refusal(group.province).is_none());
    for group in levies_due {
        view.notes.push(format!("You control {} in {}: you decree its levy", group.name, group.province.name()));
    }
    for nation in state.nations.iter().filter(|nation| nation.controller.as_deref() == Some(player)) {
        view.notes.push(format!("You control the nation {}: order its units on your sheet", nation.name));
    }
    view
}

/// What the GM sees (rulings 3.6): the public view plus who controls each group and who bought each
/// nation, every agency with its owner and balance, and the press awards with their notes. Who
/// contributed or bid is not in the state at all, so not here either.
pub fn gm_view(state: &State) -> View {
    let mut view = public_view(state);
    for (name, great) in &state.powers {
        let capital = great.capital.map_or_else(|| "no capital".to_string(), |at| format!("capital {}", at.name()));
        let standing = if great.eliminated { ", eliminated" } else { "" };
        view.facts.push((format!("{name}'s treasury"), format!("{} ({capital}{standing})", great.treasury)));
    }
    for group in &state.groups {
        let controller = group.controller.as_deref().unwrap_or("nobody");
        view.notes.push(format!(
            "Group {} in {} (treasury {}) is controlled by {controller}",
            group.name,
            group.province.name(),
            group.treasury
        ));
    }
    for nation in &state.nations {
        let buyer =
            nation.controller.as_deref().map_or_else(|| "up for auction".to_string(), |by| format!("bought by {by}"));
        view.notes.push(format!(
            "Nation {} ({}): {buyer}; ceded by {}",
            nation.name,
            nation.province.name(),
            nation.ceded_by
        ));
    }
    for agency in &state.agencies {
        view.notes.push(format!("Agency {} of {} holds {}", agency.name, agency.owner, agency.balance));
    }
    for award in &state.awards {
        view.notes.push(format!(
            "Press award {} to {} in {}: {}",
            award.amount,
            award.group,
            award.turn.label(),
            award.note
        ));
    }
    view
}

/// The money side of a seat's order form: a row per group it controls whose levy is due (its decree,
/// the maximum first; none while the owner's unit stands there, rule 9) and, while its capital is lost, a row naming a new one (nearest first); notes give its
/// treasuries and the notation of the other money orders.
pub fn money_form(state: &State, player: &str, form: &mut OrderForm) {
    // A player out of the game gives no more orders, even for the groups he still controls.
    if state.powers.get(player).is_none_or(|great| great.eliminated) {
        return;
    }
    let levies_due = state
        .groups
        .iter()
        .filter(|group| group.controller.as_deref() == Some(player) && state.levy_refusal(group.province).is_none());
    for group in levies_due {
        let at = group.province;
        form.rows.push(FormRow {
            label: format!("Levy of {} ({at})", group.name),
            key: format!("levy-{at}"),
            choices: (0..=levy_maximum(group.treasury))
                .rev()
                .map(|amount| Choice::whole(format!("LEVY {amount} IN {at}"), format!("levy {amount}")))
                .collect(),
        });
    }
    if state.powers.get(player).is_some_and(|great| great.capital.is_none()) {
        let owned = |province: &Province| province.is_center() && state.owner(*province) == Some(player);
        let choices: Vec<Choice> = original_capital(player)
            .map(by_distance_from)
            .unwrap_or_default()
            .into_iter()
            .map(|(_, province)| province)
            .filter(owned)
            .map(|at| Choice::whole(format!("CAPITAL {at}"), format!("make {} the capital", at.name())))
            .collect();
        if !choices.is_empty() {
            form.rows.push(FormRow { label: "New capital".to_string(), key: "capital".to_string(), choices });
        }
    }
    money_order_rows(state, player, form);
    for power in state.powers_of(player) {
        let treasury = state.balance(&Purse::Power(power.clone())).unwrap_or(0);
        let (income, upkeep) = (state.income_of(&power), upkeep_of(state, &power));
        form.notes.push(format!(
            "{power}'s treasury: {treasury} now, + {income} income − {upkeep} upkeep at step 1 of the turn: about {} \
             to spend on money orders (before cedes and levies)",
            spendable(state, &power)
        ));
    }
    form.notes.push(
        "Money orders go on the same sheet, one a line: BUILD A lvp, DEMOB A lon, CAPITAL edi, CEDE bur, PERMIT \
         bur, FOUND 4 IN bur AS Name, CONTRIBUTE 5 TO bur, LEVY 3 IN bur, RENAME bur AS Name, OPEN CIA, CLOSE CIA, \
         TRANSFER 6 TO KGB, BID 10 FOR Free Picardy; start a line with `CIA:` or a nation's name to act from it"
            .to_string(),
    );
}

fn upkeep_of(state: &State, power: &str) -> u32 {
    state.units_of(power) as u32 * UPKEEP
}

/// What a power will hold when its money orders are carried out: its treasury with step 1's income and
/// upkeep (rule 15), so that a treasury of 0 before the first turn's income still offers its amounts.
fn spendable(state: &State, power: &str) -> u32 {
    let treasury = state.balance(&Purse::Power(power.to_string())).unwrap_or(0);
    (treasury + state.income_of(power)).saturating_sub(upkeep_of(state, power))
}

/// How many money-order rows the form offers; more orders go in the text box.
const MONEY_ROWS: usize = 3;

/// Amounts offered in one select, so that no list is longer than a player can read.
const MAX_AMOUNT_CHOICES: u32 = 60;

/// Rows for the money orders a form can offer whole from the Great Power's own treasury (rules 4, 5,
/// 11 and 12): founding a group and opening an agency, each a row of its own, then rows of a
/// contribution to a group, a bid for a nation up for auction (not one it ceded, TER.6) or a transfer
/// to one of its agencies. Each money row is a chain: which order, then the group, nation or agency (or
/// province), then the amount. Renaming a group, and other names than those offered, are typed.
fn money_order_rows(state: &State, player: &str, form: &mut OrderForm) {
    let treasury = spendable(state, player);
    form.rows.extend(founding_row(state, player, treasury));
    form.rows.extend(agency_row(state, player));
    if treasury == 0 {
        return;
    }
    let amounts = || 1..=treasury.min(MAX_AMOUNT_CHOICES);
    let mut choices = vec![Choice::whole("", "No money order")];
    for group in &state.groups {
        let at = group.province;
        let target = Step::new(at.to_string(), format!("{} in {}", group.name, at.name()));
        choices.extend(amounts().map(|amount| Choice {
            value: format!("CONTRIBUTE {amount} TO {at}"),
            label: format!("Contribute {amount} to {} in {}", group.name, at.name()),
            steps: vec![Step::new("contribute", "Contribute to a group"), target.clone(), amount_step(amount)],
        }));
    }
    for nation in state.nations.iter().filter(|nation| nation.controller.is_none() && nation.ceded_by != player) {
        let target = Step::new(nation.name.clone(), nation.name.clone());
        choices.extend(amounts().map(|amount| Choice {
            value: format!("BID {amount} FOR {}", nation.name),
            label: format!("Bid {amount} for {}", nation.name),
            steps: vec![Step::new("bid", "Bid for a nation"), target.clone(), amount_step(amount)],
        }));
    }
    for agency in state.agencies.iter().filter(|agency| agency.owner == player) {
        let target = Step::new(agency.name.clone(), format!("your agency {}", agency.name));
        choices.extend(amounts().map(|amount| Choice {
            value: format!("TRANSFER {amount} TO {}", agency.name),
            label: format!("Transfer {amount} to {}", agency.name),
            steps: vec![Step::new("transfer", "Transfer to an agency"), target.clone(), amount_step(amount)],
        }));
    }
    if choices.len() == 1 {
        return;
    }
    for index in 1..=MONEY_ROWS {
        form.rows.push(FormRow {
            label: format!("Money order {index}"),
            key: format!("money{index}"),
            choices: choices.clone(),
        });
    }
}

/// Amounts offered for founding a group: over 2 (rule 4), one by one up to a little past the die's 6,
/// then in wider steps, so that a rich power's row stays short; other amounts are typed.
const FOUNDING_AMOUNTS: [u32; 16] = [3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60];

/// "Found a group": a chain of the province (another player's, not a capital, without a group or nation:
/// rule 4, TER.4), then the amount. The group is named after its province; its controller may rename it.
fn founding_row(state: &State, player: &str, treasury: u32) -> Option<FormRow> {
    let mut provinces: Vec<Province> =
        state.owners.keys().copied().filter(|at| state.founding_refusal(*at, &[player]).is_none()).collect();
    provinces.sort_by_key(|at| at.name());
    let mut choices = vec![Choice::whole("", "No new group")];
    for at in provinces {
        let name = format!("{} Liberation Front", at.name());
        let target = Step::new(at.to_string(), at.name());
        choices.extend(FOUNDING_AMOUNTS.into_iter().filter(|amount| *amount <= treasury).map(|amount| Choice {
            value: format!("FOUND {amount} IN {at} AS {name}"),
            label: format!("Found the {name} in {} with {amount}", at.name()),
            steps: vec![Step::new("found", "Found a group"), target.clone(), amount_step(amount)],
        }));
    }
    (choices.len() > 1).then(|| FormRow { label: "Found a group".to_string(), key: "found".to_string(), choices })
}

/// Names offered for a new agency; any other is typed.
const AGENCY_NAMES: [&str; 8] = ["Condor", "Falcon", "Heron", "Kestrel", "Merlin", "Osprey", "Raven", "Swift"];

/// "Open an agency" (rule 12), while the player holds fewer than four: the offered names no agency holds.
/// Leaving out another player's names tells nothing the sheet check does not: it refuses a taken name.
fn agency_row(state: &State, player: &str) -> Option<FormRow> {
    if state.agencies.iter().filter(|agency| agency.owner == player).count() >= MAX_AGENCIES {
        return None;
    }
    let mut choices = vec![Choice::whole("", "No new agency")];
    choices.extend(
        AGENCY_NAMES
            .into_iter()
            .filter(|name| state.agency(name).is_none())
            .map(|name| Choice::whole(format!("OPEN {name}"), format!("Open an agency called {name}"))),
    );
    (choices.len() > 1).then(|| FormRow { label: "Open an agency".to_string(), key: "open".to_string(), choices })
}

fn amount_step(amount: u32) -> Step {
    Step::new(amount.to_string(), amount.to_string())
}

fn board(state: &State) -> Board {
    let unit = |power: &str, piece: &super::names::Piece| BoardUnit {
        power: power.to_string(),
        kind: piece.kind.letter(),
        region: super::names::map().region_key(piece.region),
    };
    Board {
        units: state.units.iter().map(|u| unit(&u.power, &u.piece)).collect(),
        dislodged: state.dislodged.iter().map(|d| unit(&d.power, &d.piece)).collect(),
        owners: state
            .owners
            .iter()
            .filter(|(province, _)| province.is_center())
            .map(|(province, owner)| (province.key().to_string(), owner.clone()))
            .collect(),
        marks: nation_and_group_marks(state),
    }
}

/// Nations (bought or on auction: both public, TER.6, but never the buyer) and the groups' bases and
/// names (public since their founding was announced; never their controllers).
fn nation_and_group_marks(state: &State) -> Vec<BoardMark> {
    let nations = state.nations.iter().map(|nation| BoardMark::Nation {
        province: nation.province.key().to_string(),
        name: nation.name.clone(),
        bought: nation.controller.is_some(),
    });
    let groups = state
        .groups
        .iter()
        .map(|group| BoardMark::Group { province: group.province.key().to_string(), name: group.name.clone() });
    nations.chain(groups).collect()
}

fn public_facts(state: &State) -> Vec<(String, String)> {
    let mut facts = Vec::new();
    for (name, great) in &state.powers {
        let text = if great.eliminated {
            "out of the game".to_string()
        } else {
            let capital = great.capital.map_or_else(|| "none (captured)".to_string(), |c| c.key().to_string());
            format!(
                "treasury {}, capital {capital}, {} centers, {} units",
                great.treasury,
                state.centers_of(name),
                state.units_of(name)
            )
        };
        facts.push((name.clone(), text));
    }
    for nation in &state.nations {
        let sale = if nation.controller.is_none() { ", up for auction" } else { "" };
        facts.push((
            nation.name.clone(),
            format!(
                "independent nation in {}, treasury {}, {} units{sale}",
                nation.province,
                nation.treasury,
                state.units_of(&nation.name)
            ),
        ));
    }
    for group in &state.groups {
        facts.push((
            group.name.clone(),
            format!(
                "terrorist group in {}, treasury {}, founded {}",
                group.province,
                group.treasury,
                group.founded.label()
            ),
        ));
    }
    for name in state.powers.keys() {
        let owned: Vec<&str> =
            state.owners.iter().filter(|(_, owner)| *owner == name).map(|(province, _)| province.key()).collect();
        if !owned.is_empty() {
            facts.push((format!("Provinces of {name}"), owned.join(" ")));
        }
    }
    facts
}
