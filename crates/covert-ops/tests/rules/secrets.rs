//! Rulings 0.5: another player's cash, spies, influence and orders never reach a report or the news.

use covert_ops::{Effect, OrderOutcome, PlayerId};

use crate::support::{Game, code, outcome, report, sure_success};

#[test]
fn secrets_other_players_cash_spies_influence_and_orders_stay_out_of_reports_and_news() {
    // See: rulings 0.5; sheet "Cash": it cannot be seen by other players
    let mut game = Game::with_params(3, sure_success());
    game.player_mut(2).cash = 9_876_543;
    game.player_mut(2).contact = "hidden@example.org".into();
    game.country_mut("GER").spies.insert(PlayerId(2), 4_321);
    game.set_influence(2, "KEN", 55_555);
    let result = game.play(&[(2, "B,TAN,777\nR,SOM,123456")]);
    assert_eq!(
        outcome(&result, 2, "R,SOM,123456"),
        OrderOutcome::Executed { effect: Effect::Revolution { result: covert_ops::CovertResult::Succeeded } }
    );
    let own = serde_json::to_string(report(&result, 2)).expect("json");
    let cash = game.player(2).cash.to_string();
    let secrets = [cash.as_str(), "4320", "55555", "777", "123456", "B,TAN", "hidden@example.org"];
    for secret in secrets {
        assert!(own.contains(secret), "player 2 sees their own {secret}");
    }
    let news = serde_json::to_string(&result.news).expect("json");
    assert!(news.contains("SOM"), "the revolution itself is public");
    for other in [1, 3] {
        let text = serde_json::to_string(report(&result, other)).expect("json");
        for secret in secrets {
            assert!(!text.contains(secret), "player {other} must not see {secret}");
        }
    }
    for secret in secrets {
        assert!(!news.contains(secret), "news must not carry {secret}");
    }
    assert!(!news.contains("\"player\":2"), "news never names who paid");
    let public = serde_json::to_string(&game.state.public_view()).expect("json");
    assert!(public.contains("Player 2"), "names are public");
    for secret in secrets {
        assert!(!public.contains(secret), "the public view must not carry {secret}");
    }
}

#[test]
fn secrets_only_a_superspy_in_the_country_sees_other_players_spies_and_influence() {
    // See: sheet "The SuperSpy": tells the player everything that is there
    let mut game = Game::new(3);
    game.country_mut("GER").spies.insert(PlayerId(2), 4_321);
    game.set_influence(2, "GER", 66);
    game.player_mut(3).superspy = code("GER");
    game.player_mut(2).superspy = code("GER");
    let result = game.play(&[]);
    let seen = &report(&result, 3).superspy;
    assert_eq!(seen.leader, Some(PlayerId(2)));
    assert!(seen.spies.iter().any(|s| s.player == PlayerId(2) && s.value == 4_320));
    assert!(seen.influence.iter().any(|i| i.player == PlayerId(2) && i.value == 66));
    assert_eq!(seen.other_superspies, vec![PlayerId(2)]);
    let blind = serde_json::to_string(report(&result, 1)).expect("json");
    assert!(!blind.contains("4320") && !blind.contains("66"));
}

#[test]
fn secrets_superspy_sees_security_industry_troops_and_combat_of_its_country() {
    // See: sheet "The SuperSpy": "... industry, troops, combat reports, security level ..."
    let mut game = Game::new(3);
    game.country_mut("GER").home_troops = 7;
    game.country_mut("GER").industry = 4;
    game.country_mut("GER").security = 5;
    game.country_mut("GER").add_foreign_troops(code("FRA"), covert_ops::Stance::Invading, 2);
    game.player_mut(3).superspy = code("GER");
    let result = game.play(&[]);
    let seen = &report(&result, 3).superspy;
    assert_eq!((seen.security, seen.industry, seen.home_troops), (5, 4, 6));
    assert_eq!(seen.combat.as_ref().map(|c| c.defenders_before), Some(7));
    assert!(report(&result, 3).combat.is_empty(), "not involved, so only the superspy's view has it");
    assert!(report(&result, 1).superspy.combat.is_none());
}

#[test]
fn secrets_game_parameters_never_reach_a_report() {
    // See: sheet note: the values of the bonuses ... are not public information; rulings 5.2
    let mut game = Game::new(2);
    let result = game.play(&[(1, "K,FRA,3")]);
    for report in &result.reports {
        let text = serde_json::to_string(report).expect("json");
        assert!(!text.contains("bonus") && !text.contains("difficulty"));
    }
}
