//! Sheet steps 10 to 12 (assassination, terrorism, revolution), the note on undisclosed bonuses;
//! rulings 5.2 and CO.7.

use covert_ops::{CovertResult, Effect, FailReason, News, OrderOutcome, ParameterError, Parameters, PlayerId, Stance};

use crate::support::{Game, code, outcome, report, sure_failure, sure_success};

const BIG: &str = "1000000";

fn rich(game: &mut Game, n: u16) {
    game.player_mut(n).cash = 10_000_000;
}

/// Successes out of `runs` one-day games in which player 1 gives `order` against France, led by
/// player 2; `arrange` may add bonuses first.
fn successes(runs: u64, order: &str, arrange: impl Fn(&mut Game)) -> usize {
    (0..runs)
        .filter(|&seed| {
            let mut game = Game::new(3);
            game.state.seed = seed;
            game.set_influence(2, "FRA", 5);
            arrange(&mut game);
            let result = game.play(&[(1, order)]);
            match outcome(&result, 1, order) {
                OrderOutcome::Executed { effect: Effect::Assassination { result } | Effect::Revolution { result } } => {
                    result == CovertResult::Succeeded
                }
                OrderOutcome::Executed { effect: Effect::Terrorism { caught, .. } } => !caught,
                other => panic!("unexpected outcome {other:?}"),
            }
        })
        .count()
}

#[test]
fn step10_assassination_wipes_every_influence_level() {
    // See: sheet step 10 "all influence levels are reduced to zero as a new leader takes over"
    let mut game = Game::with_params(3, sure_success());
    rich(&mut game, 1);
    game.set_influence(2, "FRA", 9);
    game.set_influence(3, "FRA", 4);
    let result = game.play(&[(1, &format!("K,FRA,{BIG}"))]);
    assert!(game.country("FRA").influence.is_empty());
    assert_eq!(game.country("FRA").leader, None);
    assert_eq!(result.news, vec![News::LeaderAssassinated { country: code("FRA") }]);
}

#[test]
fn step10_failed_assassination_spends_the_cash_and_changes_nothing() {
    // See: sheet step 10 "spending more cash helps to overcome the security" (the cash is spent either way)
    let mut game = Game::with_params(3, sure_failure());
    game.set_influence(2, "FRA", 9);
    let result = game.play(&[(1, "K,FRA,10")]);
    assert_eq!(
        outcome(&result, 1, "K,FRA,10"),
        OrderOutcome::Executed { effect: Effect::Assassination { result: CovertResult::Failed } }
    );
    assert_eq!(game.player(1).cash, 15);
    assert_eq!(game.country("FRA").leader, Some(PlayerId(2)));
}

#[test]
fn step10_after_a_change_of_government_later_attempts_fail_with_cash_spent() {
    // See: rulings CO.7 "after a change of government, later K and R on that country that day fail"
    let mut game = Game::with_params(3, sure_success());
    rich(&mut game, 1);
    rich(&mut game, 3);
    game.set_influence(2, "FRA", 9);
    let order = format!("K,FRA,{BIG}");
    let result = game.play(&[(1, &order), (3, &format!("{order}\nR,FRA,{BIG}"))]);
    let results: Vec<OrderOutcome> = vec![outcome(&result, 1, &order), outcome(&result, 3, &order)];
    let succeeded = OrderOutcome::Executed { effect: Effect::Assassination { result: CovertResult::Succeeded } };
    let too_late =
        OrderOutcome::Executed { effect: Effect::Assassination { result: CovertResult::GovernmentAlreadyFell } };
    assert!(results.contains(&succeeded) && results.contains(&too_late), "{results:?}");
    assert_eq!(
        outcome(&result, 3, &format!("R,FRA,{BIG}")),
        OrderOutcome::Executed { effect: Effect::Revolution { result: CovertResult::GovernmentAlreadyFell } }
    );
    assert_eq!(game.player(1).cash, 10_000_000 - 1_000_000 + 5);
    assert_eq!(game.player(3).cash, 10_000_000 - 2_000_000 + 5);
}

#[test]
fn step11_terrorism_lowers_security_and_leader_influence_even_when_caught() {
    // See: sheet step 11 "security and leading player's influence are reduced even if caught"
    let mut game = Game::with_params(3, sure_failure());
    game.country_mut("FRA").security = 9;
    game.set_influence(2, "FRA", 10);
    let result = game.play(&[(1, "T,FRA,6")]);
    assert_eq!(
        outcome(&result, 1, "T,FRA,6"),
        OrderOutcome::Executed { effect: Effect::Terrorism { caught: true, industry_destroyed: false } }
    );
    assert_eq!(game.country("FRA").security, 7, "ceil(6 / 3) security lost");
    assert_eq!(game.country("FRA").influence_of(PlayerId(2)), 7, "ceil(6 / 2) influence lost");
    assert_eq!(report(&result, 2).income.industry, 1, "caught terrorists cost no income");
}

#[test]
fn step11_successful_terrorism_cuts_todays_income_and_can_destroy_industry() {
    // See: sheet step 11 "can reduce the income ... in the current day and can possibly destroy an
    // industry"; CO.7
    let mut params = sure_success();
    params.covert.terrorism_destroy_industry_percent = 100;
    let mut game = Game::with_params(3, params);
    rich(&mut game, 1);
    game.country_mut("FRA").industry = 3;
    game.set_influence(2, "FRA", 10);
    let result = game.play(&[(1, &format!("T,FRA,{BIG}"))]);
    assert_eq!(game.country("FRA").industry, 2);
    assert_eq!(report(&result, 2).income.industry, 0);
}

#[test]
fn step12_successful_revolution_gives_the_financier_influence_equal_to_the_spend() {
    // See: sheet step 12
    let mut game = Game::with_params(3, sure_success());
    rich(&mut game, 1);
    game.set_influence(2, "FRA", 9);
    let result = game.play(&[(1, &format!("R,FRA,{BIG}"))]);
    assert_eq!(game.country("FRA").influence_of(PlayerId(2)), 0);
    assert_eq!(game.country("FRA").influence_of(PlayerId(1)), 1_000_000);
    assert_eq!(game.country("FRA").leader, Some(PlayerId(1)));
    assert_eq!(result.news, vec![News::GovernmentOverthrown { country: code("FRA") }]);
}

#[test]
fn covert_order_without_enough_cash_fails_and_keeps_its_courier() {
    // See: rulings CO.2
    let mut game = Game::new(2);
    let result = game.play(&[(1, "R,FRA,21")]);
    assert_eq!(
        outcome(&result, 1, "R,FRA,21"),
        OrderOutcome::Failed { reason: FailReason::NotEnoughCash { needed: 21, available: 20 } }
    );
    assert_eq!(game.player(1).orders_available, 10);
}

#[test]
fn covert_assassination_is_harder_than_terrorism_and_revolution_harder_still() {
    // See: sheet note "assassination is more difficult than terrorism and revolution is more difficult
    // than assassination"; rulings 5.2
    let terror = successes(300, "T,FRA,10", |_| {});
    let kill = successes(300, "K,FRA,10", |_| {});
    let revolt = successes(300, "R,FRA,10", |_| {});
    assert!(terror > kill && kill > revolt, "T {terror}, K {kill}, R {revolt}");
    let mut params = Parameters::default();
    params.covert.revolution_difficulty = params.covert.assassination_difficulty;
    assert_eq!(params.validate(), Err(ParameterError::DifficultyOrder));
}

#[test]
fn covert_spending_more_cash_helps() {
    // See: sheet steps 10 to 12 "spending more cash helps"
    let cheap = successes(300, "K,FRA,2", |_| {});
    let dear = successes(300, "K,FRA,19", |_| {});
    assert!(dear > cheap, "{cheap} vs {dear}");
}

#[test]
fn covert_spy_superspy_troops_and_led_neighbours_help() {
    // See: sheet steps 10 to 12 "it helps to have a spy ... superspy ... troops ... more troops than
    // the defenders ... adjacent countries under your influence"
    let plain = successes(300, "K,FRA,5", |_| {});
    let helped = successes(300, "K,FRA,5", |game| {
        game.country_mut("FRA").spies.insert(PlayerId(1), 20);
        game.player_mut(1).superspy = code("FRA");
        for neighbour in ["GER", "BNL", "ITA"] {
            game.set_influence(1, neighbour, 5);
        }
        game.country_mut("FRA").add_foreign_troops(code("GER"), Stance::Defending, 9);
    });
    assert!(helped > plain + 50, "{plain} vs {helped}");
}

#[test]
fn covert_security_protects_the_target() {
    // See: sheet steps 10 to 12 "the security level ... protects"
    let weak = successes(300, "T,FRA,5", |_| {});
    let guarded = successes(300, "T,FRA,5", |game| game.country_mut("FRA").security = 15);
    assert!(weak > guarded, "{weak} vs {guarded}");
}
