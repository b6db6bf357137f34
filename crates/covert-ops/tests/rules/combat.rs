//! Sheet step 13 "Combat resolution" and rulings CO.6.

use covert_ops::{News, PlayerId, Stance, combat_losses};

use crate::support::{Game, code, executed, outcome, report};

/// GER defended by `home` troops, invaded by each `(country, troops)`; nobody leads anything.
fn battle(home: u32, invaders: &[(&str, u32)]) -> Game {
    let mut game = Game::new(3);
    game.country_mut("GER").home_troops = home;
    for &(from, troops) in invaders {
        game.country_mut("GER").add_foreign_troops(code(from), Stance::Invading, troops);
    }
    game
}

fn invaders_of(game: &Game, from: &str) -> u32 {
    game.country("GER").troops_of_stance_from(code(from), Stance::Invading)
}

#[test]
fn combat_loss_table_follows_the_ratio_of_largest_to_force() {
    // See: sheet step 13; CO.6 "largest ÷ force ≥ 1.5 loses two, ≥ 2 loses three"
    assert_eq!(combat_losses(10, 10), 1);
    assert_eq!(combat_losses(10, 14), 1);
    assert_eq!(combat_losses(10, 15), 2);
    assert_eq!(combat_losses(10, 19), 2);
    assert_eq!(combat_losses(10, 20), 3);
    assert_eq!(combat_losses(1, 20), 1, "a force cannot lose more than it has");
}

#[test]
fn combat_largest_force_loses_one() {
    // See: sheet step 13 "the largest force loses one troop unit"
    let mut game = battle(10, &[("FRA", 9)]);
    game.play(&[]);
    assert_eq!(game.country("GER").home_troops, 9);
}

#[test]
fn combat_force_outnumbered_by_less_than_half_loses_one() {
    // See: sheet step 13 "outnumbered by less than 50% also loses one unit"
    let mut game = battle(14, &[("FRA", 10)]);
    game.play(&[]);
    assert_eq!(invaders_of(&game, "FRA"), 9);
}

#[test]
fn combat_force_outnumbered_by_half_loses_two() {
    // See: sheet step 13 "outnumbered by at least 50% but less than 100% lose two units"
    let mut game = battle(15, &[("FRA", 10)]);
    game.play(&[]);
    assert_eq!(invaders_of(&game, "FRA"), 8);
}

#[test]
fn combat_force_outnumbered_by_double_loses_three() {
    // See: sheet step 13 "outnumbered by at least 100% lose three units each"
    let mut game = battle(20, &[("FRA", 10)]);
    game.play(&[]);
    assert_eq!(invaders_of(&game, "FRA"), 7);
    assert_eq!(game.country("GER").home_troops, 19);
}

#[test]
fn combat_foreign_defenders_fight_with_home_troops_as_one_force() {
    // See: sheet step 13 "foreign troops defending ... fight as one combined force"; CO.6 home troops
    // take the losses first
    let mut game = battle(2, &[("FRA", 3)]);
    game.country_mut("GER").add_foreign_troops(code("ITA"), Stance::Defending, 4);
    game.play(&[]);
    assert_eq!(invaders_of(&game, "FRA"), 0, "6 combined defenders outnumber 3 by 100%");
    assert_eq!(game.country("GER").home_troops, 1);
    assert_eq!(game.country("GER").troops_of(code("ITA")), 4);
}

#[test]
fn combat_invaders_from_each_country_fight_as_separate_forces() {
    // See: sheet step 13 "conquering troops from each invading country fight as separate forces"
    let mut game = battle(4, &[("FRA", 4), ("POL", 2)]);
    game.play(&[]);
    assert_eq!(invaders_of(&game, "FRA"), 3);
    assert_eq!(invaders_of(&game, "POL"), 0);
    assert_eq!(game.country("GER").home_troops, 3);
}

#[test]
fn combat_defenders_wiped_out_largest_remaining_invader_conquers() {
    // See: sheet step 13 "if all the defending troops are wiped out the largest remaining force
    // conquers"; CO.6 other invaders stay as invaders of the new country
    let mut game = battle(1, &[("FRA", 10), ("POL", 4)]);
    let result = game.play(&[]);
    assert_eq!(game.country("GER").home_troops, 9, "the conquering troops become the home troops");
    assert_eq!(invaders_of(&game, "FRA"), 0);
    assert_eq!(invaders_of(&game, "POL"), 1);
    assert!(result.news.contains(&News::Conquered { country: code("GER"), by: code("FRA") }));
}

#[test]
fn combat_tied_largest_invaders_conquer_nothing() {
    // See: sheet step 13 "if two or more invaders are tied for most troops then none conquers"
    let mut game = battle(1, &[("FRA", 5), ("POL", 5)]);
    let result = game.play(&[]);
    assert_eq!(game.country("GER").home_troops, 0);
    assert_eq!((invaders_of(&game, "FRA"), invaders_of(&game, "POL")), (4, 4));
    assert!(result.news.is_empty());
}

#[test]
fn combat_undefended_country_falls_to_the_largest_invader_without_loss() {
    // See: rulings CO.6
    let mut game = battle(0, &[("FRA", 3)]);
    game.play(&[]);
    assert_eq!(game.country("GER").home_troops, 3);
}

#[test]
fn combat_invaders_that_do_not_conquer_stay_and_fight_every_day() {
    // See: rulings CO.6
    let mut game = battle(10, &[("FRA", 6)]);
    game.play(&[]);
    assert_eq!((game.country("GER").home_troops, invaders_of(&game, "FRA")), (9, 4));
    game.play(&[]);
    assert_eq!((game.country("GER").home_troops, invaders_of(&game, "FRA")), (8, 1));
}

#[test]
fn combat_conquest_wipes_influence_and_gives_the_conquering_leader_ten() {
    // See: sheet step 13 "all influence levels are reduced to zero and the player with the greatest
    // influence in the conquering country gets an influence level of ten"
    let mut game = battle(0, &[("FRA", 3)]);
    game.set_influence(1, "FRA", 4);
    game.set_influence(2, "GER", 30);
    game.set_influence(3, "GER", 8);
    game.play(&[]);
    let germany = game.country("GER");
    assert_eq!(germany.influence.iter().map(|(&p, &v)| (p, v)).collect::<Vec<_>>(), vec![(PlayerId(1), 10)]);
    assert_eq!(germany.leader, Some(PlayerId(1)));
}

#[test]
fn combat_conquest_by_a_leaderless_country_leaves_nobody_in_charge() {
    // See: rulings CO.4 "conquest influence 10 then goes to nobody"
    let mut game = battle(0, &[("FRA", 3)]);
    game.set_influence(2, "GER", 30);
    game.play(&[]);
    assert!(game.country("GER").influence.is_empty());
    assert_eq!(game.country("GER").leader, None);
}

#[test]
fn combat_conquered_country_produces_no_income_that_day() {
    // See: sheet "Industry": a country's industry produces no income on a day it's conquered
    let mut game = battle(0, &[("FRA", 3)]);
    game.set_influence(1, "FRA", 4);
    game.country_mut("GER").industry = 5;
    let result = game.play(&[]);
    assert_eq!(game.country("GER").leader, Some(PlayerId(1)));
    assert_eq!(report(&result, 1).income.industry, 1, "only France's industry paid");
    game.play(&[]);
    assert_eq!(game.player(1).cash, 20 + 6 + 11);
}

#[test]
fn combat_foreign_defenders_are_lost_with_the_defence() {
    // See: rulings CO.6 "defending troops ... are lost with the defence"
    let mut game = battle(1, &[("FRA", 10)]);
    game.country_mut("GER").add_foreign_troops(code("ITA"), Stance::Defending, 1);
    game.play(&[]);
    assert_eq!(game.country("GER").troops_of(code("ITA")), 0);
    assert_eq!(game.country("GER").home_troops, 9);
}

#[test]
fn combat_conquered_countrys_troops_abroad_stay_its_troops_under_its_new_leader() {
    // See: rulings CO.6 "a conquered country's troops abroad stay its troops, under its new leader"
    let mut game = battle(0, &[("FRA", 3)]);
    game.set_influence(1, "FRA", 4);
    game.set_influence(2, "GER", 9);
    game.country_mut("POL").add_foreign_troops(code("GER"), Stance::Defending, 2);
    game.play(&[]);
    let result = game.play(&[(1, "W,GER,POL,2")]);
    assert!(executed(&outcome(&result, 1, "W,GER,POL,2")));
    assert_eq!(game.country("GER").home_troops, 5);
}

#[test]
fn combat_reports_go_to_the_leaders_of_the_countries_involved() {
    // See: issue 5 "combat that concerns them"; rulings 0.5
    let mut game = battle(5, &[("FRA", 3)]);
    game.set_influence(1, "FRA", 4);
    game.set_influence(2, "GER", 4);
    let result = game.play(&[]);
    assert_eq!(report(&result, 1).combat.len(), 1);
    assert_eq!(report(&result, 2).combat.len(), 1);
    assert!(report(&result, 3).combat.is_empty());
}
