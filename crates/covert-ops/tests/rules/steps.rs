//! Sheet "Sequence of Events" steps 1 to 9 and 14 to 16, "Countries", "Players"; rulings CO.3–CO.5.

use covert_ops::{
    CovertResult, Deployment, Effect, FailReason, MeaninglessReason, OrderOutcome, PlayerId, Stance, rules::arms_cost,
};

use crate::support::{Game, code, executed, outcome, report, sure_success};

#[test]
fn influence_starts_at_zero_for_every_player() {
    // See: sheet "Influence Levels": starts at zero at the beginning of the game
    let game = Game::new(3);
    assert!(game.state.countries.iter().all(|c| c.influence.is_empty() && c.leader.is_none()));
}

#[test]
fn influence_highest_leads_the_country() {
    // See: sheet "Influence Levels": the player with the highest influence level gives orders
    let mut game = Game::new(3);
    game.set_influence(1, "FRA", 4);
    game.set_influence(2, "FRA", 6);
    assert_eq!(game.country("FRA").leader, Some(PlayerId(2)));
}

#[test]
fn influence_tie_keeps_the_previous_leader() {
    // See: rulings CO.4 "equal highest influence keeps the previous leader"
    let mut game = Game::new(3);
    game.set_influence(1, "FRA", 5);
    game.set_influence(2, "FRA", 5);
    assert_eq!(game.country("FRA").leader, Some(PlayerId(1)));
}

#[test]
fn influence_tie_without_a_previous_leader_means_nobody_leads() {
    // See: rulings CO.4 "with none, nobody leads"
    let mut game = Game::new(3);
    let result = game.play(&[(1, "B,FRA,3"), (2, "B,FRA,3")]);
    assert_eq!(game.country("FRA").leader, None);
    assert!(report(&result, 1).countries.is_empty());
    assert!(report(&result, 2).countries.is_empty());
}

#[test]
fn step01_superspy_transfers_first_and_reports_from_its_new_country() {
    // See: sheet step 1 and "The SuperSpy": can be transferred every turn
    let mut game = Game::new(2);
    let result = game.play(&[(1, "X,BRA")]);
    assert_eq!(game.player(1).superspy, code("BRA"));
    assert_eq!(report(&result, 1).superspy.country, code("BRA"));
}

#[test]
fn step02_liquidate_sells_one_industry_for_three_million_usable_same_day() {
    // See: sheet step 2 "the cash can be spent on other orders on the same day"
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 1);
    game.player_mut(1).cash = 0;
    let result = game.play(&[(1, "A,FRA,2\nL,FRA")]);
    assert!(executed(&outcome(&result, 1, "L,FRA")));
    assert!(executed(&outcome(&result, 1, "A,FRA,2")), "arms paid with the liquidation's $3 million");
    assert_eq!(game.country("FRA").industry, 0);
}

#[test]
fn step02_liquidate_needs_leadership_and_an_industry() {
    // See: rulings CO.4 "leadership is needed for C, D, W and L"; CO.2 lack of industry
    let mut game = Game::new(2);
    let result = game.play(&[(1, "L,FRA")]);
    assert_eq!(
        outcome(&result, 1, "L,FRA"),
        OrderOutcome::Failed { reason: FailReason::NotLeader { country: code("FRA") } }
    );
    game.set_influence(1, "FRA", 1);
    game.country_mut("FRA").industry = 0;
    let result = game.play(&[(1, "L,FRA")]);
    assert_eq!(outcome(&result, 1, "L,FRA"), OrderOutcome::Failed { reason: FailReason::NoIndustry });
}

#[test]
fn step03_arms_cost_table_is_1_3_6_10_15() {
    // See: sheet step 3 cost table; CO.3 each order priced alone
    assert_eq!((1..=5).map(arms_cost).collect::<Vec<_>>(), vec![1, 3, 6, 10, 15]);
    let mut game = Game::new(2);
    game.player_mut(1).cash = 16;
    game.play(&[(1, "A,FRA,5\nA,GER,1")]);
    assert_eq!(game.player(1).cash, 5, "15 + 1 spent, then $5 million fixed income");
    assert_eq!(game.country("FRA").home_troops, 8);
    assert_eq!(game.country("GER").home_troops, 4);
}

#[test]
fn step03_new_troops_can_be_used_the_same_day() {
    // See: sheet step 3 "the new troops can be used on the day they're created"
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.country_mut("FRA").home_troops = 0;
    let result = game.play(&[(1, "A,FRA,2\nD,FRA,GER,2")]);
    assert!(executed(&outcome(&result, 1, "D,FRA,GER,2")));
    assert_eq!(game.country("GER").troops_of(code("FRA")), 2);
}

#[test]
fn step04_guard_raises_security_one_level_per_million() {
    // See: sheet step 4
    let mut game = Game::new(2);
    game.play(&[(1, "G,FRA,4")]);
    assert_eq!(game.country("FRA").security, 6);
}

#[test]
fn step04_new_security_takes_effect_the_same_day() {
    // See: sheet step 4 "the new security level takes effect on the day the guard order is given"
    let mut game = Game::new(2);
    let result = game.play(&[(1, "S,GER,1\nG,GER,4")]);
    assert!(report(&result, 1).spies.iter().any(|s| s.country == code("GER") && s.caught));
}

#[test]
fn step05_spy_value_rises_five_per_million() {
    // See: sheet step 5 (then step 15 takes one point)
    let mut game = Game::new(2);
    let result = game.play(&[(1, "S,GER,2")]);
    assert_eq!(outcome(&result, 1, "S,GER,2"), OrderOutcome::Executed { effect: Effect::SpyReinforced { value: 10 } });
    assert_eq!(game.country("GER").spies.get(&PlayerId(1)), Some(&9));
}

#[test]
fn step06_invest_builds_one_industry_for_four_million() {
    // See: sheet step 6 and "Industry": built for $4 million
    let mut game = Game::new(2);
    game.play(&[(1, "I,FRA")]);
    assert_eq!(game.country("FRA").industry, 2);
    assert_eq!(game.player(1).cash, 20 - 4 + 5);
}

#[test]
fn step07_withdrawn_troops_come_home_and_can_go_out_again_same_day() {
    // See: sheet step 7
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.country_mut("FRA").home_troops = 0;
    game.country_mut("GER").add_foreign_troops(code("FRA"), Stance::Defending, 3);
    let result = game.play(&[(1, "W,FRA,GER,3\nD,FRA,ITA,3")]);
    assert!(executed(&outcome(&result, 1, "W,FRA,GER,3")));
    assert!(executed(&outcome(&result, 1, "D,FRA,ITA,3")));
    assert_eq!(game.country("GER").troops_of(code("FRA")), 0);
    assert_eq!(game.country("ITA").troops_of(code("FRA")), 3);
}

#[test]
fn step07_withdraw_more_than_present_fails_for_lack_of_troops() {
    // See: rulings CO.2 "fails for lack of ... troops"
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.country_mut("GER").add_foreign_troops(code("FRA"), Stance::Invading, 2);
    let result = game.play(&[(1, "W,FRA,GER,3")]);
    assert_eq!(
        outcome(&result, 1, "W,FRA,GER,3"),
        OrderOutcome::Failed { reason: FailReason::NotEnoughTroops { needed: 3, available: 2 } }
    );
}

#[test]
fn step07_second_withdraw_of_the_same_troops_is_meaningless() {
    // See: rulings CO.2 "W with no troops there"
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.country_mut("GER").add_foreign_troops(code("FRA"), Stance::Defending, 2);
    let result = game.play(&[(1, "W,FRA,GER,2\nW,FRA,GER,1")]);
    let second = report(&result, 1).orders.iter().filter(|o| o.order == "W,FRA,GER,1").count();
    assert_eq!(second, 1);
    assert_eq!(
        outcome(&result, 1, "W,FRA,GER,1"),
        OrderOutcome::Meaningless { reason: MeaninglessReason::NoTroopsThere }
    );
    assert_eq!(game.player(1).orders_available, 9, "only the executed withdrawal used a courier");
}

#[test]
fn step08_defending_troops_join_the_neighbours_defence() {
    // See: sheet step 8 and "Troops": defend adjacent countries
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.play(&[(1, "D,FRA,GER,2")]);
    assert_eq!(game.country("FRA").home_troops, 1);
    assert_eq!(
        game.country("GER").foreign_troops,
        vec![Deployment { from: code("FRA"), stance: Stance::Defending, troops: 2 }]
    );
    assert_eq!(game.country("GER").defenders(), 5);
}

#[test]
fn step09_conquering_troops_are_sent_to_invade() {
    // See: sheet step 9
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.country_mut("FRA").home_troops = 10;
    game.country_mut("BNL").home_troops = 0;
    let result = game.play(&[(1, "C,FRA,BNL,4")]);
    assert_eq!(
        outcome(&result, 1, "C,FRA,BNL,4"),
        OrderOutcome::Executed { effect: Effect::TroopsSent { stance: Stance::Invading } }
    );
    assert_eq!(game.country("FRA").home_troops, 6);
    assert_eq!(game.country("BNL").home_troops, 4, "the undefended country fell to the invaders");
}

#[test]
fn troop_orders_need_the_player_to_lead_the_sending_country() {
    // See: rulings CO.4
    let mut game = Game::new(2);
    game.set_influence(2, "FRA", 5);
    let result = game.play(&[(1, "C,FRA,GER,1\nD,FRA,GER,1\nW,FRA,GER,1")]);
    for order in ["C,FRA,GER,1", "D,FRA,GER,1"] {
        assert_eq!(
            outcome(&result, 1, order),
            OrderOutcome::Failed { reason: FailReason::NotLeader { country: code("FRA") } }
        );
    }
}

#[test]
fn troop_orders_beyond_home_troops_fail_for_lack_of_troops() {
    // See: rulings CO.2 "fails for lack of ... troops"
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    let result = game.play(&[(1, "D,FRA,GER,2\nC,FRA,ITA,2")]);
    assert!(executed(&outcome(&result, 1, "D,FRA,GER,2")));
    assert_eq!(
        outcome(&result, 1, "C,FRA,ITA,2"),
        OrderOutcome::Failed { reason: FailReason::NotEnoughTroops { needed: 2, available: 1 } }
    );
}

#[test]
fn troop_orders_lower_the_leaders_influence_in_the_sending_country() {
    // See: sheet "Influence Levels": reduced when the country's troops are ordered to enter an
    // adjacent country; CO.5 (default 1 per executed C or D)
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.play(&[(1, "D,FRA,GER,1\nC,FRA,ITA,1")]);
    assert_eq!(game.country("FRA").influence_of(PlayerId(1)), 3);
}

#[test]
fn step14_bribe_raises_influence_one_point_per_million() {
    // See: sheet step 14
    let mut game = Game::new(2);
    let result = game.play(&[(1, "B,FRA,7")]);
    assert_eq!(outcome(&result, 1, "B,FRA,7"), OrderOutcome::Executed { effect: Effect::Bribed { influence: 7 } });
    assert_eq!(game.country("FRA").leader, Some(PlayerId(1)));
}

#[test]
fn step14_bribes_cancelled_after_a_change_of_government_keep_cash_and_courier() {
    // See: sheet step 14; rulings CO.2
    let mut game = Game::with_params(3, sure_success());
    game.player_mut(2).cash = 1_000_000;
    game.set_influence(3, "FRA", 5);
    let result = game.play(&[(1, "B,FRA,7"), (2, "K,FRA,1000000")]);
    assert_eq!(
        outcome(&result, 2, "K,FRA,1000000"),
        OrderOutcome::Executed { effect: Effect::Assassination { result: CovertResult::Succeeded } }
    );
    assert_eq!(outcome(&result, 1, "B,FRA,7"), OrderOutcome::Failed { reason: FailReason::GovernmentChanged });
    assert_eq!(game.player(1).cash, 25, "no cash spent");
    assert_eq!(game.player(1).orders_available, 10, "courier kept");
    assert!(game.country("FRA").influence.is_empty());
}

#[test]
fn step14_bribes_cancelled_after_a_revolution_or_a_conquest() {
    // See: sheet step 14 "change of government due to assassination, revolution, or being conquered"
    let mut game = Game::with_params(3, sure_success());
    game.player_mut(2).cash = 1_000_000;
    game.set_influence(3, "FRA", 5);
    game.country_mut("BNL").home_troops = 0;
    game.country_mut("BNL").add_foreign_troops(code("GER"), Stance::Invading, 2);
    let result = game.play(&[(1, "B,FRA,4\nB,BNL,4"), (2, "R,FRA,1000000")]);
    for bribe in ["B,FRA,4", "B,BNL,4"] {
        assert_eq!(outcome(&result, 1, bribe), OrderOutcome::Failed { reason: FailReason::GovernmentChanged });
    }
    assert_eq!(game.player(1).cash, 25);
}

#[test]
fn step15_spies_lose_a_point_and_are_caught_at_or_below_security() {
    // See: sheet step 15
    let mut game = Game::new(3);
    game.country_mut("GER").security = 4;
    game.country_mut("GER").spies.insert(PlayerId(1), 5);
    game.country_mut("GER").spies.insert(PlayerId(2), 6);
    let result = game.play(&[]);
    assert_eq!(game.country("GER").spies.get(&PlayerId(1)), None);
    assert_eq!(game.country("GER").spies.get(&PlayerId(2)), Some(&5));
    let caught = &report(&result, 1).spies;
    assert!(caught.iter().any(|s| s.country == code("GER") && s.caught));
    assert!(report(&result, 2).spies.iter().any(|s| s.value == 5 && !s.caught));
}

#[test]
fn step16_income_is_fixed_plus_one_million_per_industry_of_led_countries() {
    // See: sheet step 16, "Income" and "Industry"
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.set_influence(1, "GER", 5);
    game.country_mut("GER").industry = 3;
    let result = game.play(&[]);
    assert_eq!(report(&result, 1).income.industry, 4);
    assert_eq!(report(&result, 1).income.fixed, 5);
    assert_eq!(game.player(1).cash, 29);
    assert_eq!(game.player(2).cash, 25, "nobody else's income changes");
}

#[test]
fn message_shows_name_and_contact_to_the_leader_at_the_start_of_the_turn() {
    // See: sheet "M,ccc"; rulings 5.4
    let mut game = Game::new(3);
    game.set_influence(2, "FRA", 3);
    let result = game.play(&[(1, "EMAIL,one@example.org\nM,FRA"), (3, "B,FRA,9")]);
    let messages = &report(&result, 2).messages;
    assert_eq!(messages.len(), 1, "the leader at the start of the day gets it, not the new one");
    assert_eq!((messages[0].name.as_str(), messages[0].contact.as_str()), ("Player 1", "one@example.org"));
    assert!(report(&result, 3).messages.is_empty());
}

#[test]
fn players_position_name_is_at_most_forty_characters() {
    // See: sheet "Players": the name can be up to 40 characters long
    let map = covert_ops::WorldMap::world().expect("map");
    let mut rng = covert_ops::rng_for_day(1, 0);
    let long = vec!["x".repeat(41)];
    let result = covert_ops::GameState::new(&map, Default::default(), &long, 1, &mut rng);
    assert!(matches!(result, Err(covert_ops::SetupError::BadName(_))));
    let fits = vec!["x".repeat(40)];
    assert!(covert_ops::GameState::new(&map, Default::default(), &fits, 1, &mut rng).is_ok());
}

#[test]
fn players_fixed_income_and_cash_cannot_be_touched_by_others() {
    // See: sheet "Income": a fixed income ... cannot be changed nor affected by other players; "Cash":
    // it cannot be seen, stolen, or destroyed by other players
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.player_mut(2).cash = 100;
    let result = game.play(&[(2, "T,FRA,20\nK,FRA,20\nR,FRA,20")]);
    let income = &report(&result, 1).income;
    assert_eq!(income.fixed, 5);
    assert_eq!(game.player(1).cash, 20 + income.fixed + income.industry);
}

#[test]
fn superspy_is_never_caught() {
    // See: sheet "The SuperSpy": a superspy can never be caught or killed
    let mut game = Game::new(2);
    game.country_mut("GER").security = 1_000;
    game.player_mut(1).superspy = code("GER");
    for _ in 0..3 {
        game.play(&[]);
    }
    assert_eq!(game.player(1).superspy, code("GER"));
}

#[test]
fn players_own_position_is_available_before_the_first_day() {
    // See: issue 5 "design the state and the reports so that a page can show each player ... their own"
    let game = Game::new(2);
    let position = game.state.position_of(PlayerId(1)).expect("player 1 plays");
    assert_eq!((position.cash, position.orders_available, position.fixed_income), (20, 10, 5));
    assert_eq!(game.state.position_of(PlayerId(3)), None);
}

#[test]
fn players_order_options_list_what_they_can_order_from_the_countries_they_lead() {
    // See: rulings CO.4 (C, D, W and L need leadership); conventions 4 (options drive the forms)
    let mut game = Game::new(2);
    game.set_influence(1, "FRA", 5);
    game.country_mut("GER").add_foreign_troops(code("FRA"), Stance::Defending, 2);
    game.set_influence(1, "JAP", 5);
    game.country_mut("JAP").home_troops = 0;
    let options = game.state.order_options(&game.map, PlayerId(1)).expect("player 1 plays");
    assert_eq!(options.countries.len(), game.map.len());
    assert_eq!(options.troop_moves.len(), 1, "Japan has no troops to send");
    assert_eq!(options.troop_moves[0].from, code("FRA"));
    assert!(options.troop_moves[0].neighbours.contains(&code("GER")));
    assert_eq!(options.withdrawals.len(), 1);
    assert_eq!(
        (options.withdrawals[0].home, options.withdrawals[0].from, options.withdrawals[0].troops),
        (code("FRA"), code("GER"), 2)
    );
    assert_eq!(options.liquidations, vec![code("FRA"), code("JAP")]);
    let other = game.state.order_options(&game.map, PlayerId(2)).expect("player 2 plays");
    assert!(other.troop_moves.is_empty() && other.withdrawals.is_empty() && other.liquidations.is_empty());
}
