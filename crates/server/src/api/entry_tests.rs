//! Coming into games through the API (create, join, leave), "what needs my orders", the standing,
//! concession, muting and the API's conventions (paging, CORS, bodiless DELETE), each against the
//! pages' own rules, refusals and secrets.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::json;
use sqlx::PgPool;

use super::tests::{api_app, call, send, token_of};
use crate::test_support::{account, assert_lacks_any_case, started_game, table};

/// An account with a token.
async fn bot(pool: &PgPool, name: &str) -> String {
    account(pool, name, false).await;
    token_of(pool, name).await
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_created_through_the_api_is_the_page_s_game_and_invalid_settings_are_named(pool: PgPool) {
    let app = api_app(&pool, 10_000);
    let gm = bot(&pool, "apigm").await;
    let body = json!({"name": "By the API", "press": "none", "movement": "2h", "public": false});
    let created = call(&app, "POST", "/games", Some(&gm), Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game_id = created.json["game_id"].as_i64().unwrap();
    let invite = created.json["invite_code"].as_str().unwrap().to_owned();
    let game = call(&app, "GET", &format!("/games/{game_id}"), Some(&gm), None).await;
    let game = game.ok();
    assert_eq!(
        (game["name"].as_str(), game["is_gm"].as_bool(), game["status"].as_str()),
        (Some("By the API"), Some(true), Some("forming"))
    );
    // Private: unknown to a visitor without the invite, as on its page.
    call(&app, "GET", &format!("/games/{game_id}"), None, None).await.problem(StatusCode::NOT_FOUND);
    call(&app, "GET", &format!("/games/{game_id}?invite={invite}"), None, None).await.ok();
    let bad = json!({"name": "", "movement": "1y", "kind": "chess", "skip_days": ["monday"]});
    let refused = call(&app, "POST", "/games", Some(&gm), Some(bad)).await;
    let detail = refused.problem(StatusCode::UNPROCESSABLE_ENTITY).json["detail"].as_str().unwrap().to_owned();
    for field in ["name:", "movement:", "kind:"] {
        assert!(detail.contains(field), "{detail}");
    }
    let unknown = call(&app, "POST", "/games", Some(&gm), Some(json!({"name": "x", "bots": "sometimes"}))).await;
    unknown.problem(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(created.location.as_deref(), Some(format!("/api/v1/games/{game_id}").as_str()));
    call(&app, "POST", "/games", None, Some(json!({"name": "x"}))).await.problem(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn joining_and_leaving_through_the_api_follow_the_game_page_s_rules(pool: PgPool) {
    let app = api_app(&pool, 10_000);
    let gm = bot(&pool, "apigm").await;
    let created = call(&app, "POST", "/games", Some(&gm), Some(json!({"name": "Choose", "public": false}))).await;
    let game_id = created.json["game_id"].as_i64().unwrap();
    let invite = created.json["invite_code"].as_str().unwrap().to_owned();
    let join = format!("/games/{game_id}/join");
    let first = bot(&pool, "first").await;
    // A private game without its invite is nothing; players choose their powers here.
    call(&app, "POST", &join, Some(&first), Some(json!({"power": "france"}))).await.problem(StatusCode::NOT_FOUND);
    call(&app, "POST", &join, Some(&first), Some(json!({"invite": invite}))).await.problem(StatusCode::BAD_REQUEST);
    call(&app, "POST", &join, Some(&first), Some(json!({"power": "atlantis", "invite": invite})))
        .await
        .problem(StatusCode::BAD_REQUEST);
    let joined = call(&app, "POST", &join, Some(&first), Some(json!({"power": "france", "invite": invite}))).await;
    assert_eq!(joined.ok()["started"], false);
    call(&app, "POST", &join, Some(&first), Some(json!({"power": "italy", "invite": invite})))
        .await
        .problem(StatusCode::CONFLICT);
    let second = bot(&pool, "second").await;
    call(&app, "POST", &join, Some(&second), Some(json!({"power": "france", "invite": invite})))
        .await
        .problem(StatusCode::CONFLICT);
    let mine = call(&app, "GET", "/me/games", Some(&first), None).await;
    assert_eq!(mine.ok()[0]["seat_state"], "forming");
    let left = call(&app, "DELETE", &join, Some(&first), None).await;
    assert_eq!(left.status, StatusCode::NO_CONTENT, "{}", left.text);
    // Seatless again, the private game is again nothing to them, as its page is.
    call(&app, "DELETE", &join, Some(&first), None).await.problem(StatusCode::NOT_FOUND);
    assert_eq!(call(&app, "GET", "/me/games", Some(&first), None).await.ok(), &json!([]));
}

#[sqlx::test(migrations = "../../migrations")]
async fn nobody_joins_or_leaves_a_started_game_through_the_api(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Started").await;
    let app = api_app(&pool, 10_000);
    let late = bot(&pool, "late").await;
    call(&app, "POST", &format!("/games/{game_id}/join"), Some(&late), None).await.problem(StatusCode::CONFLICT);
    let player = token_of(&pool, "player0").await;
    call(&app, "DELETE", &format!("/games/{game_id}/join"), Some(&player), None).await.problem(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn my_games_say_which_seats_still_have_orders_to_give_and_nobody_else_s(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Polled").await;
    let app = api_app(&pool, 10_000);
    let france = token_of(&pool, "player2").await;
    let line = |answer: &super::tests::Answer| answer.ok()[0].clone();
    let before = line(&call(&app, "GET", "/me/games", Some(&france), None).await);
    assert_eq!((before["game_id"].as_i64(), before["seat_state"].as_str()), (Some(game_id.0), Some("to_order")));
    assert_eq!((before["must_order"].as_bool(), before["ready"].as_bool()), (Some(true), Some(false)));
    assert!(before["deadline"].is_string() && before["phase_code"] == "S1901M");
    let orders = json!({"phase": 0, "text": "A par - bur"});
    call(&app, "PUT", &format!("/games/{game_id}/orders"), Some(&france), Some(orders)).await.ok();
    assert_eq!(line(&call(&app, "GET", "/me/games", Some(&france), None).await)["seat_state"], "saved");
    let ready = json!({"phase": 0, "ready": true});
    call(&app, "PUT", &format!("/games/{game_id}/ready"), Some(&france), Some(ready)).await.ok();
    assert_eq!(line(&call(&app, "GET", "/me/games", Some(&france), None).await)["seat_state"], "ready");
    // Another player's list says nothing of France's sheet; the GM holds no seat.
    let england = token_of(&pool, "player1").await;
    let theirs = call(&app, "GET", "/me/games", Some(&england), None).await;
    assert_eq!(theirs.ok()[0]["seat_state"], "to_order");
    assert_lacks_any_case(&theirs.text, &["bur", "player2"]);
    let gm_token = token_of(&pool, "gamemaster").await;
    assert_eq!(call(&app, "GET", "/me/games", Some(&gm_token), None).await.ok(), &json!([]));
    call(&app, "GET", "/me/games", None, None).await.problem(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_standing_shows_who_has_orders_in_as_the_game_page_does_and_never_the_orders(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Standing").await;
    let app = api_app(&pool, 10_000);
    let france = token_of(&pool, "player2").await;
    let orders = json!({"phase": 0, "text": "A par - bur"});
    call(&app, "PUT", &format!("/games/{game_id}/orders"), Some(&france), Some(orders)).await.ok();
    let standing = call(&app, "GET", &format!("/games/{game_id}/standing"), None, None).await;
    let seats = standing.ok()["seats"].as_array().unwrap().clone();
    let france_line = seats.iter().find(|seat| seat["title"] == "France").unwrap();
    assert_eq!((france_line["orders"].as_str(), france_line["ready"].as_bool()), (Some("saved"), Some(false)));
    assert!(seats.iter().filter(|seat| seat["title"] != "France").all(|seat| seat["orders"] == "missing"));
    assert_lacks_any_case(&standing.text, &["bur", "burgundy"]);
    players[2].get(&format!("/games/{game_id}")).await.assert_contains("orders in");
}

#[sqlx::test(migrations = "../../migrations")]
async fn conceding_and_muting_through_the_api_follow_the_pages_rules(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Concede").await;
    let app = api_app(&pool, 10_000);
    let tokens: Vec<String> = player_tokens(&pool).await;
    let game = call(&app, "GET", &format!("/games/{game_id}"), Some(&tokens[0]), None).await.ok().clone();
    let seat_of = |index: usize| game["seats"][index]["seat_id"].as_i64().unwrap();
    let concession = format!("/games/{game_id}/concession");
    // To oneself, or to nobody who plays, is refused as on the order page.
    call(&app, "PUT", &concession, Some(&tokens[0]), Some(json!({"to": seat_of(0)})))
        .await
        .problem(StatusCode::BAD_REQUEST);
    call(&app, "PUT", &concession, Some(&tokens[0]), Some(json!({"to": 999_999})))
        .await
        .problem(StatusCode::BAD_REQUEST);
    let outsider = bot(&pool, "outsider").await;
    call(&app, "PUT", &concession, Some(&outsider), Some(json!({"to": seat_of(0)})))
        .await
        .problem(StatusCode::FORBIDDEN);
    for token in &tokens[1..] {
        let answer = call(&app, "PUT", &concession, Some(token), Some(json!({"to": seat_of(0)}))).await;
        let over = answer.ok()["game_over"].as_bool().unwrap();
        assert_eq!(over, token == tokens.last().unwrap(), "{}", answer.text);
    }
    let game = call(&app, "GET", &format!("/games/{game_id}"), None, None).await;
    assert_eq!(game.ok()["status"], "finished");
    // The game's feed says it ended.
    players[0].get(&format!("/games/{game_id}/feed.atom")).await.assert_contains("The game is over");
}

#[sqlx::test(migrations = "../../migrations")]
async fn muting_through_the_api_is_for_a_conversation_s_followers_only(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Mute").await;
    let app = api_app(&pool, 10_000);
    let tokens = player_tokens(&pool).await;
    let game = call(&app, "GET", &format!("/games/{game_id}"), Some(&tokens[0]), None).await.ok().clone();
    let england = game["seats"][1]["seat_id"].as_i64().unwrap();
    let message = json!({"seats": [england], "body": "Shall we?"});
    let sent = call(&app, "POST", &format!("/games/{game_id}/press"), Some(&tokens[0]), Some(message)).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let conversation = sent.json["conversation"].as_i64().unwrap();
    let mute = format!("/games/{game_id}/press/{conversation}/mute");
    assert_eq!(call(&app, "PUT", &mute, Some(&tokens[1]), Some(json!({"muted": true}))).await.ok()["muted"], true);
    // The same refusals as the press page's: a player outside the conversation is told nothing of it.
    call(&app, "PUT", &mute, Some(&tokens[2]), Some(json!({"muted": true}))).await.problem(StatusCode::NOT_FOUND);
    call(&app, "PUT", &mute, None, Some(json!({"muted": true}))).await.problem(StatusCode::UNAUTHORIZED);
    players[1].get(&format!("/games/{game_id}/press/{conversation}")).await.assert_contains("Unmute");
}

async fn player_tokens(pool: &PgPool) -> Vec<String> {
    let mut tokens = Vec::new();
    for index in 0..7 {
        tokens.push(token_of(pool, &format!("player{index}")).await);
    }
    tokens
}

#[sqlx::test(migrations = "../../migrations")]
async fn orders_are_cleared_without_a_body_and_a_body_of_another_type_is_still_refused(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Clear").await;
    let app = api_app(&pool, 10_000);
    let france = token_of(&pool, "player2").await;
    let path = format!("/games/{game_id}/orders");
    call(&app, "PUT", &path, Some(&france), Some(json!({"phase": 0, "text": "A par - bur"}))).await.ok();
    let cleared = call(&app, "DELETE", &path, Some(&france), None).await;
    assert_eq!(cleared.ok()["orders"], json!([]));
    let request = Request::builder()
        .method("DELETE")
        .uri(format!("/api/v1{path}"))
        .header(header::AUTHORIZATION, format!("Bearer {france}"))
        .body(Body::from("phase=0"))
        .unwrap();
    send(&app, request).await.problem(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    call(&app, "DELETE", &path, Some(&france), Some(json!({"phase": 7}))).await.problem(StatusCode::CONFLICT);
    // A refused unit names the province the player got wrong, not the type letter before it.
    let typo = call(&app, "PUT", &path, Some(&france), Some(json!({"phase": 0, "text": "A xyz - abc"}))).await;
    assert_eq!(typo.ok()["refused"][0]["reason"], "`xyz` is not a province", "{}", typo.text);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_lobby_pages_through_before_and_limit(pool: PgPool) {
    let app = api_app(&pool, 10_000);
    let gm = bot(&pool, "apigm").await;
    for index in 0..5 {
        let created = call(&app, "POST", "/games", Some(&gm), Some(json!({"name": format!("Game {index}")}))).await;
        assert_eq!(created.status, StatusCode::CREATED);
    }
    let first = call(&app, "GET", "/games?limit=2", None, None).await.ok().clone();
    let names = |page: &serde_json::Value| -> Vec<String> {
        page["games"].as_array().unwrap().iter().map(|game| game["name"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(names(&first), ["Game 4", "Game 3"]);
    let next = first["next"].as_str().unwrap();
    let second = call(&app, "GET", &format!("/games?limit=2&before={next}"), None, None).await.ok().clone();
    assert_eq!(names(&second), ["Game 2", "Game 1"]);
    let last =
        call(&app, "GET", &format!("/games?limit=2&before={}", second["next"].as_str().unwrap()), None, None).await;
    assert_eq!(names(last.ok()), ["Game 0"]);
    assert!(last.ok()["next"].is_null());
    call(&app, "GET", "/games?limit=101", None, None).await.problem(StatusCode::BAD_REQUEST);
    call(&app, "GET", "/games?before=nonsense", None, None).await.problem(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../../migrations")]
async fn token_less_reads_may_come_from_other_sites_but_never_with_credentials_or_to_write(pool: PgPool) {
    let app = api_app(&pool, 10_000);
    let read =
        Request::builder().uri("/api/v1/games").header(header::ORIGIN, "https://fan.example").body(Body::empty());
    let answer = app.clone().oneshot_answer(read.unwrap()).await;
    assert_eq!(answer.headers().get(header::ACCESS_CONTROL_ALLOW_ORIGIN).unwrap(), "*");
    assert!(answer.headers().get(header::ACCESS_CONTROL_ALLOW_CREDENTIALS).is_none());
    let preflight = Request::builder()
        .method("OPTIONS")
        .uri("/api/v1/games/1/orders")
        .header(header::ORIGIN, "https://fan.example")
        .header(header::ACCESS_CONTROL_REQUEST_METHOD, "PUT")
        .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "authorization")
        .body(Body::empty());
    let answer = app.clone().oneshot_answer(preflight.unwrap()).await;
    let methods =
        answer.headers().get(header::ACCESS_CONTROL_ALLOW_METHODS).map(|value| value.to_str().unwrap().to_owned());
    assert_eq!(methods.as_deref(), Some("GET"));
    assert!(answer.headers().get(header::ACCESS_CONTROL_ALLOW_HEADERS).is_none());
}

/// `oneshot` keeping the whole response (the answers of `send` drop most headers).
trait OneshotAnswer {
    async fn oneshot_answer(self, request: Request<Body>) -> axum::response::Response;
}

impl OneshotAnswer for axum::Router {
    async fn oneshot_answer(self, request: Request<Body>) -> axum::response::Response {
        use tower::ServiceExt;
        self.oneshot(request).await.unwrap()
    }
}

// See: issue 28 item 3 (a bot game and the GM's bot seats through the API)
#[sqlx::test(migrations = "../../migrations")]
async fn a_game_against_bots_is_created_and_started_through_the_api_and_its_gm_gives_and_takes_back_seats(
    pool: PgPool,
) {
    let app = api_app(&pool, 10_000);
    let player = bot(&pool, "loneplayer").await;
    let body = json!({"name": "Me and the bots", "kind": "standard", "bots": "fill", "power": "italy"});
    let created = call(&app, "POST", "/games", Some(&player), Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game_id = created.json["game_id"].as_i64().unwrap();
    assert_eq!(created.location.as_deref(), Some(format!("/api/v1/games/{game_id}").as_str()));
    let game = call(&app, "GET", &format!("/games/{game_id}"), Some(&player), None).await;
    let game = game.ok();
    assert_eq!(game["status"].as_str(), Some("running"), "{game}");
    let seats = game["seats"].as_array().unwrap();
    let bots: Vec<&serde_json::Value> = seats.iter().filter(|seat| seat["is_bot"] == true).collect();
    assert_eq!(bots.len(), 6, "{game}");
    let mine = seats.iter().find(|seat| seat["is_bot"] == false).unwrap();
    assert!(mine["powers"].to_string().contains("Italy"), "{mine}");
    // The caller is the bot game's GM: he takes a bot's seat back for a human, then gives it again.
    let seat_id = bots[0]["seat_id"].as_i64().unwrap();
    let seat_path = format!("/games/{game_id}/seats/{seat_id}/bot");
    let outsider = bot(&pool, "outsider").await;
    call(&app, "DELETE", &seat_path, Some(&outsider), None).await.problem(StatusCode::NOT_FOUND);
    let back = call(&app, "DELETE", &seat_path, Some(&player), None).await;
    assert_eq!(back.ok()["bot"], false);
    let seats_now = call(&app, "GET", &format!("/games/{game_id}"), Some(&player), None).await;
    let seat_now = seats_now.ok()["seats"].as_array().unwrap().iter().find(|seat| seat["seat_id"] == seat_id).cloned();
    assert_eq!(seat_now.map(|seat| seat["is_bot"].clone()), Some(json!(false)));
    let again = call(&app, "POST", &seat_path, Some(&player), None).await;
    assert_eq!(again.ok()["bot"], true);
    call(&app, "POST", &seat_path, Some(&player), None).await.problem(StatusCode::CONFLICT);
    call(&app, "POST", &format!("/games/{game_id}/seats/999999/bot"), Some(&player), None)
        .await
        .problem(StatusCode::NOT_FOUND);
    let refused = call(&app, "POST", "/games", Some(&player), Some(json!({"bots": "fill", "power": "atlantis"}))).await;
    refused.problem(StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_created_through_the_api_may_ask_for_reliability_and_a_civil_disorder_rule_and_a_bad_one_is_named(
    pool: PgPool,
) {
    let app = api_app(&pool, 10_000);
    let gm = bot(&pool, "reliablegm").await;
    let body = json!({"name": "Reliable only", "reliability": "reliable", "no_miss_in_last": 20, "disorder_after": 2});
    let created = call(&app, "POST", "/games", Some(&gm), Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game_id = created.json["game_id"].as_i64().unwrap();
    let stored: (Option<String>, Option<i16>) =
        sqlx::query_as("select min_tier::text, no_miss_in_last from game_reliability_requirement where game_id = $1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, (Some("reliable".to_owned()), Some(20)));
    let disorder_after: Option<i16> = sqlx::query_scalar("select disorder_after_misses from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(disorder_after, Some(2));
    // A new player is refused, with the reason, as on the game page.
    let newcomer = bot(&pool, "newcomer").await;
    let refused =
        call(&app, "POST", &format!("/games/{game_id}/join"), Some(&newcomer), Some(json!({"power": "france"}))).await;
    let detail = refused.problem(StatusCode::FORBIDDEN).json["detail"].as_str().unwrap_or_default().to_owned();
    assert!(detail.contains("Reliable players only"), "{detail}");
    let bad = json!({"name": "Bad", "reliability": "saints", "no_miss_in_last": 500, "disorder_after": 0});
    let refused = call(&app, "POST", "/games", Some(&gm), Some(bad)).await;
    let detail = refused.problem(StatusCode::UNPROCESSABLE_ENTITY).json["detail"].as_str().unwrap().to_owned();
    for field in ["reliability:", "no_miss_in_last:", "disorder_after:"] {
        assert!(detail.contains(field), "{field} in {detail}");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn control_characters_in_any_json_string_are_taken_out_as_in_forms_never_a_5xx(pool: PgPool) {
    let app = api_app(&pool, 10_000);
    let gm = bot(&pool, "apigm").await;
    let nul = "\u{0}\u{1b}";
    let body = json!({"name": format!("Con{nul}trol"), "description": format!("A{nul}", ), "movement": format!("2{nul}h"), "public": true, "press": format!("full{nul}")});
    let created = call(&app, "POST", "/games", Some(&gm), Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let game_id = created.json["game_id"].as_i64().unwrap();
    let game = call(&app, "GET", &format!("/games/{game_id}"), Some(&gm), None).await;
    assert_eq!(game.ok()["name"].as_str(), Some("Control"));
    let player = bot(&pool, "joiner").await;
    let joined = call(
        &app,
        "POST",
        &format!("/games/{game_id}/join"),
        Some(&player),
        Some(json!({"power": format!("fr{nul}ance")})),
    )
    .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
}
