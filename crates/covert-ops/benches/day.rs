//! Days per second for a 20-player game on the world map, mid-game (day 30 of a random game).

use std::collections::BTreeMap;

use covert_ops::simulation::random_order_sheet;
use covert_ops::{GameState, Parameters, PlayerId, WorldMap, rng_for_day, run_day};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

const PLAYERS: usize = 20;

fn orders_for(map: &WorldMap, state: &GameState, seed: u64) -> BTreeMap<PlayerId, String> {
    let mut rng = rng_for_day(seed, state.day + 1_000);
    state.players.iter().map(|player| (player.id, random_order_sheet(map, state, player.id, 15, &mut rng))).collect()
}

/// A 20-player game played for `days` days with random orders.
fn game_after(map: &WorldMap, days: u32) -> GameState {
    let names: Vec<String> = (1..=PLAYERS).map(|n| format!("Player {n}")).collect();
    let mut state = GameState::new(map, Parameters::default(), &names, 42, &mut rng_for_day(42, 0)).expect("new game");
    for _ in 0..days {
        let orders = orders_for(map, &state, 7);
        let mut rng = rng_for_day(state.seed, state.day + 1);
        run_day(map, &mut state, &orders, &mut rng).expect("day runs");
    }
    state
}

fn one_day(c: &mut Criterion) {
    let map = WorldMap::world().expect("world map");
    let state = game_after(&map, 30);
    let orders = orders_for(&map, &state, 8);
    let mut group = c.benchmark_group("covert_ops");
    group.throughput(Throughput::Elements(1));
    group.bench_function("day_20_players", |b| {
        b.iter_batched(
            || state.clone(),
            |mut state| {
                let mut rng = rng_for_day(state.seed, state.day + 1);
                run_day(&map, &mut state, &orders, &mut rng).expect("day runs")
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, one_day);
criterion_main!(benches);
