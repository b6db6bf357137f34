//! A bot plays a Standard game's first year through the API alone: a GM's token creates the game, seven
//! tokens join it (which starts it), poll `GET /me/games` for what needs their orders, read their seats
//! and legal orders, submit orders and mark ready; the turn worker processes each phase. Before each phase is
//! processed the bot feeds the API's position and the saved orders to the `judge adjudicate` library
//! (judge-cli's own code), and checks the site's next position is the judge's `next`.

use std::collections::BTreeMap;

use axum::Router;
use chrono::{Duration, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

use super::tests::{api_app, call, token_of};
use crate::ids::GameId;
use crate::test_support::account;
use crate::turns::{Outcome, tick};

/// One legal order per row of the form: a move where there is one (so the year changes the board),
/// else the first order offered (a hold, a retreat, a build).
fn choose_orders(form: &Value) -> String {
    let rows = form.as_array().expect("the form is a list of rows");
    let pick = |row: &Value| {
        let choices: Vec<&Value> = row["choices"].as_array().unwrap().iter().filter(|c| c["value"] != "").collect();
        let moving = choices.iter().find(|choice| choice["steps"][0]["value"] == "move");
        moving.or(choices.first()).map(|choice| choice["value"].as_str().unwrap().to_owned())
    };
    rows.iter().filter_map(pick).collect::<Vec<_>>().join("\n")
}

/// The judge's answer to `position` with `orders`, through judge-cli's library (what `judge adjudicate`
/// prints).
fn judge_adjudicate(position: &Value, orders: &[String]) -> Value {
    let mut request = position.clone();
    request["orders"] = json!(orders);
    let text = request.to_string();
    let request = judge_cli::wire::Request::from_json(&text).expect("the API's position is judge input");
    let map = judge::Map::standard().unwrap();
    let answer = judge_cli::adjudication::adjudicate(&map, &request).expect("a possible position");
    serde_json::to_value(&answer).unwrap()
}

/// A position reduced to what both sides must agree on: phase, units and owned centers, sorted.
fn comparable(position: &Value) -> Value {
    let mut units: Vec<String> = position["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|unit| format!("{} {} {}", unit["power"], unit["type"], unit["at"]))
        .collect();
    units.sort();
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (power, owned) in position["supply_centers"].as_object().unwrap() {
        let mut owned: Vec<String> = owned.as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
        owned.sort();
        if !owned.is_empty() {
            centers.insert(power.clone(), owned);
        }
    }
    json!({"phase": position["phase"], "units": units, "centers": centers, "dislodged": position["dislodged"]})
}

/// A GM's token creates a game and seven bots join it through the API; the last join starts it.
async fn game_joined_through_the_api(pool: &PgPool, app: &Router) -> (GameId, Vec<String>) {
    account(pool, "gamemaster", false).await;
    let gm = token_of(pool, "gamemaster").await;
    let body = json!({"name": "Bots", "power_assignment": "random", "movement": "1h"});
    let created = call(app, "POST", "/games", Some(&gm), Some(body)).await;
    let game_id = GameId(created.json["game_id"].as_i64().expect("a game id"));
    let mut tokens = Vec::new();
    for index in 0..7 {
        account(pool, &format!("player{index}"), false).await;
        let token = token_of(pool, &format!("player{index}")).await;
        let joined = call(app, "POST", &format!("/games/{game_id}/join"), Some(&token), None).await;
        assert_eq!(joined.ok()["started"], index == 6);
        tokens.push(token);
    }
    (game_id, tokens)
}

async fn current_phase(app: &Router, game_id: GameId) -> (i64, Value) {
    let game = call(app, "GET", &format!("/games/{game_id}"), None, None).await;
    let index = game.ok()["current_phase"]["index"].as_i64().unwrap();
    let phase = call(app, "GET", &format!("/games/{game_id}/phases/{index}"), None, None).await;
    (index, phase.ok()["position"].clone())
}

#[sqlx::test(migrations = "../../migrations")]
async fn bots_join_and_play_the_first_year_of_a_standard_game_through_the_api_with_judge_positions(pool: PgPool) {
    let app = api_app(&pool, 10_000);
    let (game_id, tokens) = game_joined_through_the_api(&pool, &app).await;
    let mut phases_played = Vec::new();
    let (mut index, mut position) = current_phase(&app, game_id).await;
    while !position["phase"].as_str().unwrap().starts_with("S1902") {
        let mut orders = Vec::new();
        for token in &tokens {
            let mine = call(&app, "GET", "/me/games", Some(token), None).await;
            let line = mine.ok()[0].clone();
            let me = call(&app, "GET", &format!("/games/{game_id}/me"), Some(token), None).await;
            let me = me.ok().clone();
            assert_eq!(me["phase_index"], index);
            assert_eq!(line["phase_index"], index);
            assert_eq!(line["seat_state"] == "to_order", me["must_order"] == true, "{line}");
            if me["must_order"] == true {
                let text = choose_orders(&me["form"]);
                let body = json!({"phase": index, "text": text});
                let answer = call(&app, "PUT", &format!("/games/{game_id}/orders"), Some(token), Some(body)).await;
                let answer = answer.ok();
                assert_eq!(answer["refused"], json!([]), "every order of the form is accepted: {answer}");
                orders.extend(
                    answer["orders"].as_array().unwrap().iter().map(|o| o["text"].as_str().unwrap().to_owned()),
                );
                // Once every seat that must order is ready the deadline is now: the worker may process.
                let ready = json!({"phase": index, "ready": true});
                call(&app, "PUT", &format!("/games/{game_id}/ready"), Some(token), Some(ready)).await.ok();
            }
        }
        let expected = judge_adjudicate(&position, &orders);
        assert_eq!(tick(&pool, Utc::now() + Duration::seconds(1)).await.unwrap(), Outcome::Advanced(game_id));
        let results = call(&app, "GET", &format!("/games/{game_id}/phases/{index}"), None, None).await;
        let results = results.ok();
        assert_eq!(results["results"]["orders"].as_array().unwrap().len(), orders.len(), "{results}");
        phases_played.push(position["phase"].as_str().unwrap().to_owned());
        (index, position) = current_phase(&app, game_id).await;
        assert_eq!(comparable(&position), comparable(&expected["next"]), "after {}", phases_played.last().unwrap());
    }
    assert!(phases_played.starts_with(&["S1901M".to_owned(), "F1901M".to_owned()]), "{phases_played:?}");
    assert_eq!(phases_played.last().map(String::as_str), Some("W1901A"), "{phases_played:?}");
}
