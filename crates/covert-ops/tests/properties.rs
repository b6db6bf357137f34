//! Property tests over random order sheets (cash, order limits, determinism) and a long simulated
//! 20-player game that must run without a panic.

use std::collections::BTreeMap;

use covert_ops::rules::arms_cost;
use covert_ops::simulation::random_order_sheet;
use covert_ops::{
    DayResult, FailReason, GameState, GameStatus, Order, OrderOutcome, Parameters, PlayerId, WorldMap, combat_losses,
    parse_line, rng_for_day, run_day,
};
use proptest::prelude::*;

fn new_game(map: &WorldMap, players: usize, seed: u64) -> GameState {
    let names: Vec<String> = (1..=players).map(|n| format!("Player {n}")).collect();
    GameState::new(map, Parameters::default(), &names, seed, &mut rng_for_day(seed, 0)).expect("new game")
}

fn random_orders(map: &WorldMap, state: &GameState, seed: u64) -> BTreeMap<PlayerId, String> {
    let mut rng = rng_for_day(seed, state.day + 500);
    state.players.iter().map(|player| (player.id, random_order_sheet(map, state, player.id, 20, &mut rng))).collect()
}

fn play(map: &WorldMap, state: &mut GameState, orders: &BTreeMap<PlayerId, String>) -> DayResult {
    let mut rng = rng_for_day(state.seed, state.day + 1);
    run_day(map, state, orders, &mut rng).expect("day runs")
}

/// Plays `days` days of a 6-player game with random orders: (state before, state after, result).
fn random_days(map: &WorldMap, seed: u64, days: u32) -> Vec<(GameState, GameState, DayResult)> {
    let mut state = new_game(map, 6, seed);
    (0..days)
        .map(|_| {
            let before = state.clone();
            let orders = random_orders(map, &state, seed);
            let result = play(map, &mut state, &orders);
            (before, state.clone(), result)
        })
        .collect()
}

fn is_executed(outcome: &OrderOutcome) -> bool {
    matches!(outcome, OrderOutcome::Executed { .. })
}

/// What an executed order takes from (positive) or adds to (negative) its player's cash.
fn cash_effect(order: &Order) -> i64 {
    match *order {
        Order::Arms { units, .. } => i64::from(arms_cost(units)),
        Order::Bribe { amount, .. }
        | Order::Guard { amount, .. }
        | Order::Kill { amount, .. }
        | Order::Revolution { amount, .. }
        | Order::Spy { amount, .. }
        | Order::Terrorism { amount, .. } => i64::from(amount),
        Order::Invest { .. } => 4,
        Order::Liquidate { .. } => -3,
        _ => 0,
    }
}

fn counts_against_ten(outcome: &OrderOutcome) -> bool {
    matches!(outcome, OrderOutcome::Executed { .. } | OrderOutcome::Failed { .. })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn property_never_more_than_ten_orders_processed_per_player_per_day(seed in any::<u64>(), days in 1u32..8) {
        // See: sheet "Orders": a player cannot give more than ten orders per day; couriers; CO.2
        let map = WorldMap::world().expect("map");
        for (before, after, result) in random_days(&map, seed, days) {
            for report in &result.reports {
                let player = &before.players[report.player.index()];
                let processed = report.orders.iter().filter(|o| counts_against_ten(&o.outcome)).count();
                prop_assert!(processed <= 10, "player {} processed {processed}", report.player);
                let executed = report.orders.iter().filter(|o| is_executed(&o.outcome)).count() as u32;
                let fresh = if before.day == 0 { 0 } else { 7 };
                prop_assert!(executed <= player.orders_available + fresh);
                prop_assert_eq!(after.players[report.player.index()].orders_available, player.orders_available + fresh - executed);
            }
        }
    }

    #[test]
    fn property_cash_never_negative_and_balances_to_the_million(seed in any::<u64>(), days in 1u32..8) {
        // See: sheet "Cash"; step 16 income; CO.2 (orders fail rather than overspend)
        let map = WorldMap::world().expect("map");
        for (before, after, result) in random_days(&map, seed, days) {
            for report in &result.reports {
                let index = report.player.index();
                let mut balance = i64::from(before.players[index].cash);
                for order in &report.orders {
                    if let OrderOutcome::Failed { reason: FailReason::NotEnoughCash { needed, available } } = order.outcome {
                        prop_assert!(needed > available);
                    }
                    if is_executed(&order.outcome) {
                        let parsed = parse_line(&order.order, &map).expect("reports echo valid orders");
                        balance -= cash_effect(&parsed);
                    }
                }
                // Liquidation (step 2) is the only gain before income and comes before every cost, so a
                // balance that is not negative after all orders never was negative during the day.
                prop_assert!(balance >= 0, "player {} overspent", report.player);
                balance += i64::from(report.income.fixed + report.income.industry);
                prop_assert_eq!(balance, i64::from(after.players[index].cash));
            }
        }
    }

    #[test]
    fn property_same_seed_and_orders_give_the_same_day(seed in any::<u64>()) {
        // See: issue 5 "Determinism"; rulings 0.4
        let map = WorldMap::world().expect("map");
        let mut first = new_game(&map, 8, seed);
        for _ in 0..3 {
            let orders = random_orders(&map, &first, seed);
            play(&map, &mut first, &orders);
        }
        let mut second = first.clone();
        let orders = random_orders(&map, &first, seed ^ 1);
        let a = play(&map, &mut first, &orders);
        let b = play(&map, &mut second, &orders);
        prop_assert_eq!(a, b);
        prop_assert_eq!(first, second);
    }

    #[test]
    fn property_combat_losses_are_one_to_three_and_never_more_than_the_force(force in 1u32..1000, largest in 1u32..1000) {
        // See: sheet step 13 loss table
        let largest = largest.max(force);
        let loss = combat_losses(force, largest);
        prop_assert!((1..=3).contains(&loss) && loss <= force);
    }

    #[test]
    fn property_every_order_survives_its_canonical_form(seed in any::<u64>()) {
        // See: sheet "Summary of orders" (reports echo orders in canonical form)
        let map = WorldMap::world().expect("map");
        let state = new_game(&map, 2, seed);
        let mut rng = rng_for_day(seed, 1);
        let sheet = random_order_sheet(&map, &state, PlayerId(1), 30, &mut rng);
        for line in sheet.lines() {
            if let Ok(order) = parse_line(line, &map) {
                let again: Order = parse_line(&order.to_string(), &map).expect("canonical form parses");
                prop_assert_eq!(again, order);
            }
        }
    }
}

#[test]
fn simulated_twenty_player_game_of_one_hundred_days_runs_without_panic() {
    // See: issue 5 "a simulated game of 20 players and 100 days with random orders"
    let map = WorldMap::world().expect("map");
    let mut state = new_game(&map, 20, 2026);
    let mut days = 0;
    let mut leaders_seen = 0;
    while days < 100 && state.status == GameStatus::InProgress {
        let orders = random_orders(&map, &state, 99);
        let result = play(&map, &mut state, &orders);
        assert_eq!(result.reports.len(), 20);
        leaders_seen += state.countries.iter().filter(|c| c.leader.is_some()).count();
        days += 1;
    }
    assert!(days == 100 || state.status != GameStatus::InProgress);
    assert!(leaders_seen > 0, "random bribes made somebody lead somewhere");
    let json = serde_json::to_string(&state).expect("state serialises");
    let back: GameState = serde_json::from_str(&json).expect("state deserialises");
    assert_eq!(back, state);
}
