//! A scripted Covert Operations game of several days through the `AnyGame` interface, as the server runs
//! it: every day's state stored as JSON and read back, bribes turning into leadership, troops sent and a
//! country conquered, a spy caught, orders waiting for later days; then replays (rulings 0.4).

use crate::support::covert_ops::*;
use kinds::{AnyGame, Processed, ResultWord};

/// Processes the day and stores the next state as the server would: to JSON and back.
fn step(game: &AnyGame, sheets: &[(&str, &str)]) -> (AnyGame, Processed<AnyGame>) {
    let processed = play(game, sheets);
    let stored = AnyGame::from_json(processed.next.to_json()).expect("the stored state reads back");
    assert_eq!(stored, processed.next);
    (stored, processed)
}

fn led(game: &AnyGame, title: &str) -> String {
    fact(&game.seat_view(seat(game, title)), "Countries you lead")
}

const ELEVEN_GUARDS: &str =
    "G,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1\nG,FRA,1";

/// The script: three players over four days.
fn script() -> Vec<Vec<(&'static str, &'static str)>> {
    vec![
        vec![
            ("Player 1", "B,FRA,6\nB,BNL,3\nA,FRA,3\nX,BNL"),
            ("Player 2", "B,GER,5\nG,GER,3\nS,FRA,1"),
            ("Player 3", "B,ITA,4\nS,BNL,1\nnonsense"),
        ],
        vec![
            ("Player 1", "D,FRA,BNL,2\nG,BNL,1\nC,FRA,GER,1"),
            ("Player 2", "D,GER,BNL,2\nB,FRA,1"),
            ("Player 3", "G,ITA,2\nT,FRA,2"),
        ],
        vec![("Player 1", ELEVEN_GUARDS), ("Player 2", "L,GER\nI,GER")],
        vec![("Player 3", "RESIGN")],
    ]
}

fn play_script(seed: u64) -> (AnyGame, Vec<Processed<AnyGame>>) {
    let mut game = AnyGame::new(kinds::Kind::CovertOperations, &serde_json::json!({"players": 3}), seed).unwrap();
    let mut days = Vec::new();
    for sheets in script() {
        let (next, processed) = step(&game, &sheets);
        game = next;
        days.push(processed);
    }
    (game, days)
}

#[test]
fn a_four_day_covert_operations_game_runs_through_the_stored_state() {
    let game = new_game(3);
    let (game, day1) = step(&game, &script()[0]);
    assert_eq!(game.phase().code, "D0002");
    assert_eq!(led(&game, "Player 1"), "France (FRA), Benelux (BNL)");
    assert_eq!(led(&game, "Player 2"), "Germany (GER)");
    assert_eq!(led(&game, "Player 3"), "Italy (ITA)");
    let one = private(&day1, &new_game(3), "Player 1");
    assert_eq!(line(one, "A,FRA,3").reason, "the new troops stand ready; the arms cost $6 million");
    let three = private(&day1, &new_game(3), "Player 3");
    assert_eq!(three.orders[0].result, ResultWord::Invalid, "the bad line is reported first");
    assert_eq!(three.orders.len(), 3);

    // Day 2: Player 1 sends France's troops to defend Benelux and one unit to invade Germany, which
    // Germany's home troops beat back; terrorism in France; a bribe against the leader.
    let (game, day2) = step(&game, &script()[1]);
    let one = private(&day2, &game, "Player 1");
    assert_eq!(line(one, "C,FRA,GER,1").result, ResultWord::Succeeds);
    assert!(
        one.events
            .iter()
            .any(|e| e.starts_with("Combat in Germany (GER)") && e.ends_with("Germany (GER) was not conquered.")),
        "{:#?}",
        one.events
    );
    let two = private(&day2, &game, "Player 2");
    assert!(two.events.iter().any(|e| e.starts_with("Combat in Germany (GER)")), "the defender hears of it");
    let three = private(&day2, &game, "Player 3");
    assert!(!three.events.iter().any(|e| e.contains("Combat")), "a bystander does not");

    // Day 3: eleven orders: ten run, one waits; Germany sells and builds industry.
    let (game, day3) = step(&game, &script()[2]);
    let one = private(&day3, &game, "Player 1");
    assert_eq!(one.orders.len(), 10);
    assert_eq!(fact(&game.seat_view(seat(&game, "Player 1")), "Orders waiting for later days"), "1");
    let two = private(&day3, &game, "Player 2");
    assert_eq!(line(two, "L,GER").reason, "one industry was sold and $3 million added to your cash");
    assert_eq!(line(two, "I,GER").reason, "one industry was built");

    // Day 4: Player 3 resigns; the waiting order runs.
    let (game, day4) = step(&game, &script()[3]);
    assert_eq!(day4.public.events, ["Player 3 resigned from the game."]);
    assert_eq!(private(&day4, &game, "Player 1").orders.len(), 1);
    assert_eq!(game.phase().label, "Day 5");
    assert!(game.outcome().is_none());
}

// See: rulings 0.4: randomness comes from a per-game seeded generator, so any turn replays to the same
// result.
#[test]
fn the_same_seed_and_orders_replay_to_the_same_days() {
    let (first, first_days) = play_script(11);
    let (second, second_days) = play_script(11);
    assert_eq!(first, second);
    assert_eq!(first_days, second_days);
}

// See: rulings 0.4: the dice of a day come from the seed the server gives for that phase.
#[test]
fn a_days_dice_come_from_the_seed_given_to_process() {
    let game = edit(&new_game(2), |state| lead(state, "ITA", 2, 4));
    let outcomes: std::collections::BTreeSet<String> = (0..20)
        .map(|seed| {
            let day = play_seeded(&game, &[("Player 1", "K,ITA,10")], seed);
            line(private(&day, &game, "Player 1"), "K,ITA,10").reason.clone()
        })
        .collect();
    assert_eq!(outcomes.len(), 2, "an even assassination both succeeds and fails over twenty seeds: {outcomes:?}");
}
