//! Sheet "Winning the Game" and "RESIGN"; rulings CO.8 and CO.9.

use covert_ops::{AdminEffect, DayError, GameStatus, News, OrderError, OrderOutcome, PlayerId, VictoryReason};

use crate::support::{Game, report};

/// Makes player `n` lead the first `count` countries of the map (islands included).
fn lead_countries(game: &mut Game, n: u16, count: usize) {
    let codes: Vec<String> = game.map.countries().iter().take(count).map(|c| c.code.to_string()).collect();
    for country in codes {
        game.set_influence(n, &country, 3);
    }
}

#[test]
fn victory_majority_is_announced_naming_the_player() {
    // See: sheet "Winning the Game": everyone will be told who it is; CO.9 public news naming the player
    let mut game = Game::new(3);
    let half = game.map.len() / 2;
    lead_countries(&mut game, 1, half + 1);
    let result = game.play(&[]);
    let warning = News::MajorityWarning { player: PlayerId(1), name: "Player 1".into(), countries: half + 1 };
    assert_eq!(result.news, vec![warning.clone()]);
    assert!(report(&result, 3).news.contains(&warning));
    assert_eq!(game.state.status, GameStatus::InProgress);
}

#[test]
fn victory_more_than_half_of_the_countries_for_two_consecutive_days_wins() {
    // See: sheet "Winning the Game": for two consecutive turns
    let mut game = Game::new(3);
    let half = game.map.len() / 2;
    lead_countries(&mut game, 1, half + 1);
    game.play(&[]);
    let result = game.play(&[]);
    let won = GameStatus::Won { player: PlayerId(1), reason: VictoryReason::Majority };
    assert_eq!(game.state.status, won);
    assert!(result.news.contains(&News::GameOver { status: won }));
    assert_eq!(game.try_play(&[]).unwrap_err(), DayError::GameOver);
}

#[test]
fn victory_exactly_half_is_not_enough() {
    // See: sheet "Winning the Game": more than half of the countries
    let mut game = Game::new(3);
    let half = game.map.len() / 2;
    lead_countries(&mut game, 1, half);
    let result = game.play(&[]);
    assert!(result.news.is_empty());
    assert_eq!(game.state.near_win, None);
}

#[test]
fn victory_islands_count_towards_the_majority() {
    // See: rulings CO.9 "victory counts every country on the map (islands too)"
    let mut game = Game::new(3);
    let half = game.map.len() / 2;
    for island in ["AUS", "BRI", "JAP", "MIC"] {
        game.set_influence(1, island, 3);
    }
    let mainland: Vec<String> = game
        .map
        .countries()
        .iter()
        .filter(|c| !c.neighbours.is_empty())
        .take(half - 3)
        .map(|c| c.code.to_string())
        .collect();
    for country in mainland {
        game.set_influence(1, &country, 3);
    }
    let result = game.play(&[]);
    assert!(matches!(result.news.as_slice(), [News::MajorityWarning { .. }]));
}

#[test]
fn victory_broken_up_in_the_turn_after_the_warning_is_no_win() {
    // See: sheet "Winning the Game": they'll have one turn in which to break up the winning position
    let mut game = Game::new(3);
    let half = game.map.len() / 2;
    lead_countries(&mut game, 1, half + 1);
    game.play(&[]);
    let first = game.map.code(0).to_string();
    game.play(&[(2, &format!("B,{first},9"))]);
    assert_eq!(game.state.status, GameStatus::InProgress);
    assert_eq!(game.state.near_win, None);
}

#[test]
fn victory_last_player_left_wins() {
    // See: sheet "Winning the Game": if only one player is left, that player is the winner
    let mut game = Game::new(3);
    let result = game.play(&[(2, "RESIGN"), (3, "RESIGN")]);
    let won = GameStatus::Won { player: PlayerId(1), reason: VictoryReason::LastPlayerLeft };
    assert_eq!(game.state.status, won);
    assert!(result.news.contains(&News::GameOver { status: won }));
}

#[test]
fn resign_removes_influence_spies_and_queue_from_the_next_day() {
    // See: sheet "RESIGN: drop out of the game"; rulings CO.8
    let mut game = Game::new(3);
    game.set_influence(2, "FRA", 9);
    game.country_mut("GER").spies.insert(PlayerId(2), 30);
    let text = format!("{}\nRESIGN\nG,FRA,1", ["G,ITA,1"; 12].join("\n"));
    let result = game.play(&[(2, &text)]);
    let own = report(&result, 2);
    assert!(own.orders.iter().any(|o| o.outcome == OrderOutcome::Administrative { effect: AdminEffect::Resigned }));
    assert_eq!(own.line_errors.last().map(|e| &e.reason), Some(&OrderError::NotPlaying));
    assert!(result.news.contains(&News::PlayerResigned { player: PlayerId(2), name: "Player 2".into() }));
    assert_eq!(game.country("FRA").leader, Some(PlayerId(2)), "still in place on the day of resigning");
    game.play(&[]);
    assert_eq!(game.country("FRA").leader, None);
    assert!(game.country("GER").spies.is_empty());
    assert!(game.player(2).queue.is_empty());
    assert_eq!(game.country("ITA").security, 12, "only the day of resigning's ten guards ran");
}
