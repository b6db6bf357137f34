//! The order form, from the engine's `OrderOptions`: a row of legal choices wherever the engine can list
//! them (the superspy, troops of led countries, withdrawals, industry, arms, investments, messages), and
//! notes explaining the notation of the orders whose amounts are free (bribes, guards, spies and the
//! covert actions), which are typed in the text box.

use covert_ops::{CountryCode, GameState, Order, OrderOptions, PlayerId, WorldMap, rules};

use super::describe::{country, money, notation, order_meaning, troops};
use crate::kind::{Choice, FormRow, OrderForm};

/// Troop counts offered one by one up to this; above it the form offers "all of them" too, and any other
/// number is typed.
const LISTED_TROOPS: u32 = 10;

pub(super) fn order_form(map: &WorldMap, game: &GameState, player: PlayerId, options: &OrderOptions) -> OrderForm {
    let mut rows = Vec::new();
    if let Some(position) = game.player(player) {
        rows.push(superspy_row(map, position.superspy, &options.countries));
    }
    rows.extend(options.troop_moves.iter().map(|moves| {
        let mut choices = Vec::new();
        for &to in &moves.neighbours {
            for troops in troop_counts(moves.home_troops) {
                choices.push(choice(map, Order::Conquer { from: moves.from, to, troops }));
                choices.push(choice(map, Order::Defend { from: moves.from, to, troops }));
            }
        }
        FormRow {
            label: format!("Troops of {} ({} at home)", country(map, moves.from), moves.home_troops),
            key: format!("troops_{}", moves.from),
            choices,
        }
    }));
    rows.extend(options.withdrawals.iter().map(|away| {
        FormRow {
            label: format!("{} of {} in {}", troops(away.troops), country(map, away.home), country(map, away.from)),
            key: format!("withdraw_{}_{}", away.home, away.from),
            choices: troop_counts(away.troops)
                .map(|troops| choice(map, Order::Withdraw { home: away.home, from: away.from, troops }))
                .collect(),
        }
    }));
    rows.extend(options.liquidations.iter().map(|&code| FormRow {
        label: format!("Industry of {}", country(map, code)),
        key: format!("liquidate_{code}"),
        choices: vec![choice(map, Order::Liquidate { country: code })],
    }));
    rows.extend(led_countries(game, player).map(|code| FormRow {
        label: format!("Arms for {}", country(map, code)),
        key: format!("arms_{code}"),
        choices: (1..=rules::MAX_ARMS_UNITS).map(|units| choice(map, Order::Arms { country: code, units })).collect(),
    }));
    rows.push(FormRow {
        label: "Build an industry".to_owned(),
        key: "invest".to_owned(),
        choices: options.countries.iter().map(|&code| choice(map, Order::Invest { country: code })).collect(),
    });
    rows.push(FormRow {
        label: "Reveal yourself to a country's leader".to_owned(),
        key: "message".to_owned(),
        choices: options.countries.iter().map(|&code| choice(map, Order::Message { country: code })).collect(),
    });
    OrderForm { rows, notes: notes(map, options) }
}

fn superspy_row(map: &WorldMap, at: CountryCode, countries: &[CountryCode]) -> FormRow {
    FormRow {
        label: format!("Your superspy (now in {})", country(map, at)),
        key: "superspy".to_owned(),
        choices: countries
            .iter()
            .filter(|&&code| code != at)
            .map(|&code| choice(map, Order::Superspy { country: code }))
            .collect(),
    }
}

fn led_countries(game: &GameState, player: PlayerId) -> impl Iterator<Item = CountryCode> + '_ {
    game.countries.iter().filter(move |c| c.leader == Some(player)).map(|c| c.code)
}

/// 1 to 10 troops one by one, and all of them when there are more.
fn troop_counts(available: u32) -> impl Iterator<Item = u32> {
    let listed = 1..=available.min(LISTED_TROOPS);
    listed.chain((available > LISTED_TROOPS).then_some(available))
}

fn choice(map: &WorldMap, order: Order) -> Choice {
    Choice::whole(order.to_string(), order_meaning(map, &order))
}

fn notes(map: &WorldMap, options: &OrderOptions) -> Vec<String> {
    let typed: Vec<String> = [
        ("B", "bribe the leader: +1 influence per $1 million"),
        ("G", "guard: +1 security per $1 million"),
        ("S", "spy: +5 spy value per $1 million"),
        ("K", "try to assassinate the leader"),
        ("T", "finance terrorist attacks"),
        ("R", "finance a revolution"),
        ("A", "smuggle 1 to 5 units of arms into any country, for $1, 3, 6, 10 or 15 million"),
    ]
    .iter()
    .filter_map(|(keyword, meaning)| notation(keyword).map(|form| format!("{form} ({meaning})")))
    .collect();
    let codes: Vec<String> =
        options.countries.iter().map(|&code| format!("{code} {}", country_name(map, code))).collect();
    vec![
        format!(
            "You have {} and {} couriers. At most {} orders are carried out a day, in the order given; the rest wait \
             for later days.",
            money(options.cash),
            options.orders_available,
            rules::MAX_ORDERS_PER_DAY
        ),
        format!(
            "Orders with an amount of money are typed in the text box, one per line, amounts in $ millions: {}.",
            typed.join(", ")
        ),
        "Troops (C, D, W) and industry sales (L) need you to lead the sending country when the day runs. \
         EMAIL,address sets the contact your M orders show; DISCARD drops your earlier waiting orders; STOP ends \
         today's processing at that line; RESIGN leaves the game."
            .to_owned(),
        format!("Country codes: {}.", codes.join(", ")),
    ]
}

fn country_name(map: &WorldMap, code: CountryCode) -> &str {
    map.index_of(code).map_or("", |index| map.country(index).name.as_str())
}
