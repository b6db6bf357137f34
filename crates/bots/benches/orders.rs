//! The Standard bot's time to order on a full board: the movement phase with the most units (34 when
//! every center is owned and built on) found in seven-bot games, then one seat's orders and all seven.

use std::collections::BTreeMap;

use criterion::{Criterion, criterion_group, criterion_main};
use kinds::{AnyGame, Kind, PhaseStage, SeatIndex};

fn units_on(game: &AnyGame) -> usize {
    game.public_view().board.map_or(0, |board| board.units.len())
}

/// The movement phase with the most units in a few seven-bot games.
fn full_board() -> AnyGame {
    let mut best: Option<AnyGame> = None;
    for seed in 1..=10 {
        let Ok(mut game) = bots::arena::new_game(Kind::Standard, seed) else { continue };
        for phase in 0..60u64 {
            if game.outcome().is_some() {
                break;
            }
            if game.phase().stage == PhaseStage::Movement && best.as_ref().is_none_or(|b| units_on(&game) > units_on(b))
            {
                best = Some(game.clone());
            }
            let orders: BTreeMap<SeatIndex, String> =
                game.seats().iter().map(|seat| (seat.id, bots::orders_for(&game, seat.id, seed + phase))).collect();
            game = game.process(&orders, seed * 100 + phase).next;
        }
        if best.as_ref().is_some_and(|b| units_on(b) >= 34) {
            break;
        }
    }
    best.expect("the games reach a movement phase")
}

fn orders_on_a_full_board(c: &mut Criterion) {
    let game = full_board();
    let seats = game.seats();
    let biggest =
        seats.iter().max_by_key(|seat| game.order_form(seat.id).rows.len()).map(|seat| seat.id).expect("seven seats");
    eprintln!(
        "board of {} units in {}, the biggest power orders {} units",
        units_on(&game),
        game.phase().code,
        game.order_form(biggest).rows.len()
    );
    c.bench_function("the biggest power's orders on a full board", |b| b.iter(|| bots::orders_for(&game, biggest, 7)));
    c.bench_function("all seven powers' orders on a full board", |b| {
        b.iter(|| seats.iter().map(|seat| bots::orders_for(&game, seat.id, 7).len()).sum::<usize>())
    });
}

criterion_group!(benches, orders_on_a_full_board);
criterion_main!(benches);
