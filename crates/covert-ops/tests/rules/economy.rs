//! Sheet "Orders" and "Changing your personal information"; rulings 5.3, CO.1, CO.2, CO.8.

use covert_ops::{AdminEffect, FailReason, MeaninglessReason, OrderError, OrderOutcome};

use crate::support::{Game, executed, report};

fn guards(count: usize) -> String {
    vec!["G,FRA,1"; count].join("\n")
}

fn count(result: &covert_ops::DayResult, n: u16, pick: fn(&OrderOutcome) -> bool) -> usize {
    report(result, n).orders.iter().filter(|order| pick(&order.outcome)).count()
}

fn failed(outcome: &OrderOutcome) -> bool {
    matches!(outcome, OrderOutcome::Failed { .. })
}

#[test]
fn orders_start_with_ten_on_day_one() {
    // See: sheet "Orders": each player starts with ten orders; CO.1
    let mut game = Game::new(2);
    assert_eq!(game.player(1).orders_available, 10);
    let result = game.play(&[(1, &guards(12))]);
    assert_eq!(count(&result, 1, executed), 10);
    assert_eq!(game.player(1).orders_available, 0);
}

#[test]
fn orders_seven_more_arrive_each_later_day() {
    // See: sheet "Orders": gets seven more orders per day; CO.1 (before processing)
    let mut game = Game::new(2);
    game.play(&[(1, &guards(10))]);
    assert_eq!(game.player(1).orders_available, 0);
    let result = game.play(&[(1, &guards(10))]);
    assert_eq!(count(&result, 1, executed), 7, "only the seven new couriers can be used");
    assert_eq!(game.player(1).orders_available, 0);
    assert_eq!(game.player(1).queue.len(), 3);
}

#[test]
fn orders_unused_are_saved_for_future_use() {
    // See: sheet "Orders": unused orders can be saved for future use
    let mut game = Game::new(2);
    game.play(&[]);
    game.play(&[]);
    assert_eq!(game.player(1).orders_available, 17, "ten unused on day 1 plus seven on day 2");
}

#[test]
fn orders_excess_over_ten_kept_for_later_days() {
    // See: sheet "Orders": orders given in excess of ten will be saved and used on future days
    let mut game = Game::new(2);
    game.player_mut(1).orders_available = 30;
    let result = game.play(&[(1, &guards(15))]);
    assert_eq!(count(&result, 1, executed), 10);
    assert_eq!(report(&result, 1).position.queued.len(), 5);
    let next = game.play(&[]);
    assert_eq!(count(&next, 1, executed), 5);
    assert!(game.player(1).queue.is_empty());
}

#[test]
fn orders_never_more_processed_than_couriers_available() {
    // See: sheet "Orders": the available orders are the couriers that deliver them
    let mut game = Game::new(2);
    game.player_mut(1).orders_available = 3;
    let result = game.play(&[(1, &guards(5))]);
    assert_eq!(count(&result, 1, executed), 3);
    assert_eq!(game.player(1).queue.len(), 2);
}

#[test]
fn orders_meaningless_do_not_count_against_the_limits() {
    // See: sheet "Orders": meaningless orders don't count against these limits; CO.2
    let mut game = Game::new(2);
    let text = format!("W,FRA,GER,1\nM,FRA\nQ,FRA\n{}", guards(10));
    let result = game.play(&[(1, &text)]);
    assert_eq!(count(&result, 1, executed), 10);
    let orders = &report(&result, 1).orders;
    assert!(orders.iter().any(|o| o.order == "W,FRA,GER,1"
        && o.outcome == OrderOutcome::Meaningless { reason: MeaninglessReason::NoTroopsThere }));
    assert!(
        orders
            .iter()
            .any(|o| o.order == "M,FRA"
                && o.outcome == OrderOutcome::Meaningless { reason: MeaninglessReason::NoLeader })
    );
    assert_eq!(report(&result, 1).line_errors.len(), 1);
    assert_eq!(game.player(1).orders_available, 0);
}

#[test]
fn orders_failed_count_against_ten_but_keep_their_courier() {
    // See: sheet "Orders": orders that fail for lack of cash ... count against the ten but don't use up
    // any of your seven new orders; CO.2
    let mut game = Game::new(2);
    game.player_mut(1).cash = 5;
    let result = game.play(&[(1, &guards(12))]);
    assert_eq!(count(&result, 1, executed), 5);
    assert_eq!(count(&result, 1, failed), 5);
    assert_eq!(game.player(1).orders_available, 5, "failed orders keep their couriers");
    assert_eq!(game.player(1).queue.len(), 2, "an eleventh order waits even though some failed");
}

#[test]
fn orders_failed_line_is_not_queued_again_and_report_says_why() {
    // See: rulings CO.2 "the line itself is not queued again, and the report says so"
    let mut game = Game::new(2);
    game.player_mut(1).cash = 0;
    let result = game.play(&[(1, "I,FRA")]);
    assert_eq!(
        report(&result, 1).orders[0].outcome,
        OrderOutcome::Failed { reason: FailReason::NotEnoughCash { needed: 4, available: 0 } }
    );
    assert!(game.player(1).queue.is_empty());
}

#[test]
fn orders_at_most_one_hundred_new_lines_a_day() {
    // See: sheet "Orders": the computer won't accept more than one hundred new orders per day; CO.1
    let mut game = Game::new(2);
    let mut text = vec!["bogus"; 5];
    text.extend(vec!["G,FRA,1"; 100]);
    let result = game.play(&[(1, &text.join("\n"))]);
    let errors = &report(&result, 1).line_errors;
    assert_eq!(errors.iter().filter(|e| e.reason == OrderError::OverDailyLineLimit).count(), 5);
    assert_eq!(errors.first().map(|e| e.line), Some(1), "bad lines count towards the cap too");
    assert_eq!(count(&result, 1, executed) + game.player(1).queue.len(), 95);
}

#[test]
fn orders_administrative_count_against_neither_limit() {
    // See: sheet "Changing your personal information": none of these five orders counts
    let mut game = Game::new(2);
    let text = format!("EMAIL,boss@example.org\nCODE,R2D2\n{}", guards(10));
    let result = game.play(&[(1, &text)]);
    assert_eq!(count(&result, 1, executed), 10);
    assert_eq!(game.player(1).contact, "boss@example.org");
    assert_eq!(game.player(1).access_code, "R2D2");
    assert_eq!(game.player(1).orders_available, 0);
}

#[test]
fn orders_stop_ends_processing_and_saves_the_rest_once() {
    // See: sheet "STOP: stop processing orders, save the rest for future days"; CO.8
    let mut game = Game::new(2);
    let result = game.play(&[(1, "G,FRA,1\nSTOP\nG,GER,1")]);
    assert_eq!(count(&result, 1, executed), 1);
    assert!(
        report(&result, 1)
            .orders
            .iter()
            .any(|o| o.outcome == OrderOutcome::Administrative { effect: AdminEffect::Stopped })
    );
    assert_eq!(report(&result, 1).position.queued, vec!["G,GER,1".to_owned()]);
    let next = game.play(&[]);
    assert_eq!(count(&next, 1, executed), 1, "STOP was used up on the first day");
}

#[test]
fn orders_discard_drops_lines_received_before_it() {
    // See: sheet "DISCARD: discard unprocessed orders"; CO.8 (acts on receipt)
    let mut game = Game::new(2);
    game.play(&[(1, &guards(14))]);
    assert_eq!(game.player(1).queue.len(), 4);
    let result = game.play(&[(1, "G,GER,1\nDISCARD\nG,ITA,1")]);
    let orders = &report(&result, 1).orders;
    assert!(
        orders
            .iter()
            .any(|o| o.outcome == OrderOutcome::Administrative { effect: AdminEffect::Discarded { lines: 5 } })
    );
    let done: Vec<&str> = orders.iter().filter(|o| executed(&o.outcome)).map(|o| o.order.as_str()).collect();
    assert_eq!(done, vec!["G,ITA,1"]);
}

#[test]
fn orders_every_player_gets_a_turn_result_even_without_orders() {
    // See: sheet "Turn Results": you'll get a turn result even if you sent no orders
    let mut game = Game::new(3);
    let result = game.play(&[(1, "G,FRA,1")]);
    assert_eq!(result.reports.len(), 3);
    assert!(report(&result, 3).orders.is_empty());
}
