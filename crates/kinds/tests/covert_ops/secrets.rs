//! Covert Operations secrets (sheet "Cash": it cannot be seen by other players; the superspy alone sees
//! other players' spies and influence; rulings 0.5): one player's cash, spies, influence, contact and
//! orders are planted and searched for, serialised to JSON, in the public view and report and in every
//! other seat's view, form and report.

use crate::support::covert_ops::*;
use serde_json::json;

/// Player 1 holds the secrets; every other superspy is kept far from them, on an island.
fn planted() -> kinds::AnyGame {
    edit(&new_game(4), |state| {
        player(state, 1)["cash"] = json!(7777);
        player(state, 1)["superspy"] = json!("JAP");
        for other in 2..=4 {
            player(state, other)["superspy"] = json!("AUS");
        }
        country(state, "GER")["spies"] = json!({"1": 4242});
        lead(state, "SAF", 1, 616);
    })
}

// See: sheet "Cash": the cash stockpile cannot be seen by other players; rulings 0.5.
#[test]
fn secrets_one_players_cash_spies_influence_contact_and_orders_reach_nobody_else() {
    let game = planted();
    let sheet = "EMAIL,hidden@example.org\nB,MEX,31\nS,GER,3\nT,ARG,13\nA,SAF,2";
    let day = play(&game, &[("Player 1", sheet), ("Player 2", "B,FRA,2"), ("Player 3", "G,ITA,1")]);
    let own = json_text(private(&day, &game, "Player 1"));
    let after_cash = fact(&day.next.seat_view(seat(&game, "Player 1")), "Your cash");
    assert_ne!(after_cash, "$7777 million");
    let secrets = ["$7777 million", &after_cash, "4242", "4256", "616", "hidden@example.org", "B,MEX,31", "T,ARG,13"];
    for needle in secrets {
        assert_eq!(leaks(&game, &day, "Player 1", needle), Vec::<String>::new(), "{needle} leaked");
        for other in day.next.seats().into_iter().filter(|info| info.title != "Player 1") {
            assert!(!json_text(&day.next.order_form(other.id)).contains(needle), "{needle} in {}'s form", other.title);
        }
    }
    for needle in [&after_cash, "4256", "hidden@example.org", "B,MEX,31", "T,ARG,13"] {
        assert!(own.contains(needle), "Player 1 sees its own {needle}: {own}");
    }
    assert!(json_text(&game.seat_view(seat(&game, "Player 1"))).contains("$7777 million"));
}

// See: rulings 0.5: the public report is the day's news only, never who paid for anything.
#[test]
fn secrets_the_public_report_is_news_only_and_names_no_payer() {
    let game = edit(&planted(), |state| lead(state, "ITA", 2, 3));
    let day = play(&game, &[("Player 1", "K,ITA,7000")]);
    assert!(day.public.orders.is_empty(), "no order of anyone is published");
    assert_eq!(day.public.events, ["The leader of Italy (ITA) was assassinated; a new leader takes over."]);
    assert_eq!(leaks(&game, &day, "Player 1", "K,ITA"), Vec::<String>::new());
    let named: Vec<String> = leaks(&game, &day, "Player 1", "Player 1")
        .into_iter()
        .filter(|place| !place.starts_with("public view"))
        .collect();
    assert_eq!(named, Vec::<String>::new(), "only the public list of players names Player 1");
}

// See: rulings 5.2: the game parameters are never shown to players.
#[test]
fn secrets_the_games_parameters_reach_no_view_form_or_report() {
    let settings = json!({"players": 2, "parameters": {"covert": {"revolution_difficulty": 987, "spy_bonus": 654}}});
    let game = kinds::AnyGame::new(kinds::Kind::CovertOperations, &settings, 3).expect("valid settings");
    let day = play(&game, &[("Player 1", "R,FRA,1\nS,FRA,1")]);
    for needle in ["987", "654"] {
        for (place, text) in [
            ("public report", json_text(&day.public)),
            ("public view", json_text(&day.next.public_view())),
            ("report", json_text(private(&day, &game, "Player 1"))),
            ("view", json_text(&day.next.seat_view(seat(&game, "Player 1")))),
            ("form", json_text(&day.next.order_form(seat(&game, "Player 1")))),
        ] {
            assert!(!text.contains(needle), "{needle} in the {place}");
        }
    }
}

fn world_of(view_or_report_world: &Option<kinds::kind::WorldBoard>) -> &kinds::kind::WorldBoard {
    view_or_report_world.as_ref().expect("Covert Operations views and reports carry a world map")
}

fn known(world: &kinds::kind::WorldBoard, code: &str) -> kinds::kind::WorldCountry {
    world.countries.get(code).cloned().unwrap_or_default()
}

/// Player 2 has a spy in Germany, influence in France and leads South Africa; Player 1 leads Italy and
/// has a spy in Mexico and $9000 million; Player 1's superspy watches Egypt, which Player 3 leads.
fn two_players_with_secrets() -> kinds::AnyGame {
    edit(&new_game(3), |state| {
        player(state, 1)["superspy"] = json!("EGY");
        player(state, 2)["superspy"] = json!("AUS");
        player(state, 3)["superspy"] = json!("AUS");
        country(state, "GER")["spies"] = json!({"2": 4242});
        country(state, "FRA")["influence"] = json!({"2": 616});
        lead(state, "SAF", 2, 515);
        lead(state, "ITA", 1, 9);
        country(state, "MEX")["spies"] = json!({"1": 30});
        player(state, 1)["cash"] = json!(9000);
        lead(state, "EGY", 3, 8);
    })
}

// See: rulings 0.5; CO.8: a player's map shows his own influence, spies and superspy, and the leader of
// the superspy's country, never another player's spies, influence or countries.
#[test]
fn secrets_a_players_world_map_never_shows_another_players_spies_or_influence() {
    let game = two_players_with_secrets();
    let day = play(&game, &[("Player 2", "S,GER,1")]);
    let before = game.seat_view(seat(&game, "Player 1"));
    let after = day.next.seat_view(seat(&game, "Player 1"));
    let report = private(&day, &game, "Player 1");
    for world in [world_of(&before.world), world_of(&after.world), world_of(&report.world)] {
        assert_eq!(known(world, "GER").spy, None, "Player 2's spy in Germany");
        assert_eq!(known(world, "FRA").influence, None, "Player 2's influence in France");
        assert_eq!(known(world, "SAF"), kinds::kind::WorldCountry::default(), "Player 2's South Africa");
        assert_eq!(known(world, "ITA").leader, Some(kinds::kind::WorldLeader::Reader));
        assert_eq!(known(world, "ITA").influence, Some(9));
        assert!(known(world, "MEX").spy.is_some(), "Player 1's own spy");
        assert!(known(world, "EGY").superspy);
        assert!(
            matches!(known(world, "EGY").leader, Some(kinds::kind::WorldLeader::Seat(_, ref title)) if title == "Player 3"),
            "the superspy sees who leads Egypt"
        );
        let text = serde_json::to_string(world).expect("serialises");
        for needle in ["4242", "616", "515", "Player 2"] {
            assert!(!text.contains(needle), "{needle} on Player 1's map: {text}");
        }
    }
    let own = world_of(&day.next.seat_view(seat(&game, "Player 2")).world).clone();
    assert_eq!(known(&own, "SAF").leader, Some(kinds::kind::WorldLeader::Reader), "Player 2 sees its own country");
    assert!(known(&own, "GER").spy.is_some(), "and its own spy");
}

// See: rulings 0.5: who leads a country is not public; the public map shows only the day's news.
#[test]
fn secrets_the_public_world_map_shows_no_leader_spy_or_influence_only_the_news() {
    let game = two_players_with_secrets();
    let day = play(&game, &[("Player 1", "K,SAF,7000")]);
    for world in
        [world_of(&game.public_view().world), world_of(&day.next.public_view().world), world_of(&day.public.world)]
    {
        for (code, country) in &world.countries {
            assert_eq!(
                (&country.leader, country.influence, country.spy, country.superspy),
                (&None, None, None, false),
                "{code}"
            );
        }
    }
    assert_eq!(
        known(world_of(&day.public.world), "SAF").events,
        [kinds::kind::WorldEvent::Assassination],
        "the assassination is public news: {:?}",
        day.public.events
    );
}
