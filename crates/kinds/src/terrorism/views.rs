//! What each viewer may see (rule 2, rulings 0.5 and 3.6): the board and every nation's and group's
//! treasury for everyone; agencies, control of groups and nations only for the player concerned. Who
//! contributed and who bid is never shown: the state keeps no record of it past the turn.

use super::names::{Province, by_distance_from, original_capital};
use super::state::{Purse, State};
use super::treasury::{UPKEEP, levy_maximum};
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
    for group in state.groups.iter().filter(|group| group.controller.as_deref() == Some(player)) {
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

/// The money side of a seat's order form: a row per group it controls (its levy decree, the maximum
/// first) and, while its capital is lost, a row naming a new one (nearest first); notes give its
/// treasuries and the notation of the other money orders.
pub fn money_form(state: &State, player: &str, form: &mut OrderForm) {
    for group in state.groups.iter().filter(|group| group.controller.as_deref() == Some(player)) {
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
    if state.powers.get(player).is_some_and(|great| !great.eliminated && great.capital.is_none()) {
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

/// Rows for the money orders a form can offer whole from the Great Power's own treasury (rules 5, 11
/// and 12): a contribution to a group, a bid for a nation up for auction (not one it ceded, TER.6), a
/// transfer to one of its agencies. Each is a chain: which order, then the group, nation or agency,
/// then the amount. Orders that need a name typed (founding or renaming a group, opening an agency)
/// stay in the text box.
fn money_order_rows(state: &State, player: &str, form: &mut OrderForm) {
    let treasury = spendable(state, player);
    if treasury == 0 || state.powers.get(player).is_none_or(|great| great.eliminated) {
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
