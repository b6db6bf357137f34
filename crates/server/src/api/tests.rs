//! The API against a real database, as a visitor, another player, the GM, a site admin and the player
//! themself: the same answers as the pages, never more (every kind's secrets checked), tokens, problems
//! and the rate limit.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sqlx::PgPool;
use tower::ServiceExt;

use super::auth::{new_token, token_hash};
use super::queries;
use crate::config::Config;
use crate::ids::{AccountId, GameId};
use crate::state::AppState;
use crate::test_support::{
    Client, account, assert_lacks_any_case, create_game, process_phase, started_game_with, table,
};

/// An API answer: status, the headers a test reads, and the body as JSON (`Null` if it is not JSON).
pub(crate) struct Answer {
    pub status: StatusCode,
    pub content_type: String,
    pub retry_after: Option<String>,
    pub www_authenticate: Option<String>,
    pub rate_limit: Option<String>,
    pub rate_limit_policy: Option<String>,
    pub location: Option<String>,
    pub text: String,
    pub json: Value,
}

impl Answer {
    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "{}", self.text);
        &self.json
    }

    /// A problem document with this status (RFC 9457).
    #[track_caller]
    pub fn problem(&self, status: StatusCode) -> &Self {
        assert_eq!(self.status, status, "{}", self.text);
        assert_eq!(self.content_type, "application/problem+json", "{}", self.text);
        assert_eq!(self.json["status"], status.as_u16(), "{}", self.text);
        assert_eq!(self.json["type"], "about:blank");
        assert!(self.json["detail"].as_str().is_some_and(|detail| !detail.is_empty()));
        self
    }
}

/// Sends one request to the API with `token` (none: a visitor) and, when given, a JSON body.
pub(crate) async fn call(app: &Router, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Answer {
    let mut request = Request::builder().method(method).uri(format!("/api/v1{path}"));
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let request = match body {
        Some(body) => request.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    };
    send(app, request.unwrap()).await
}

pub(super) async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let header_text =
        |name| response.headers().get(name).map(|value: &header::HeaderValue| value.to_str().unwrap().to_owned());
    let content_type = header_text(header::CONTENT_TYPE).unwrap_or_default();
    let retry_after = header_text(header::RETRY_AFTER);
    let www_authenticate = header_text(header::WWW_AUTHENTICATE);
    let rate_limit = header_text(header::HeaderName::from_static("ratelimit"));
    let rate_limit_policy = header_text(header::HeaderName::from_static("ratelimit-policy"));
    let location = header_text(header::LOCATION);
    let status = response.status();
    // An event stream never ends: its headers are the answer.
    let bytes = if content_type.starts_with("text/event-stream") {
        axum::body::Bytes::new()
    } else {
        response.into_body().collect().await.unwrap().to_bytes()
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer { status, content_type, retry_after, www_authenticate, rate_limit, rate_limit_policy, location, text, json }
}

/// A token for the account `username`, made as the tokens page makes one.
pub(crate) async fn token_of(pool: &PgPool, username: &str) -> String {
    let account_id: AccountId = sqlx::query_scalar("select account_id from account where username = $1")
        .bind(username)
        .fetch_one(pool)
        .await
        .unwrap();
    let token = new_token();
    let mut conn = pool.acquire().await.unwrap();
    queries::insert_token(&mut conn, account_id, "test", &token_hash(&token), None).await.unwrap();
    token
}

pub(crate) fn api_app(pool: &PgPool, per_minute: i32) -> Router {
    let mut config = Config::with_database_url("postgres://unused");
    config.api_requests_per_minute = per_minute;
    crate::app(AppState::new(pool.clone(), config))
}

/// A started game of `kind` with a GM (`gamemaster`), seven players (`player0` .. `player6`, in power
/// order), a site admin (`siteadmin`) who plays no part, and a token for each.
struct Table {
    app: Router,
    game_id: GameId,
    gm: String,
    admin: String,
    players: Vec<String>,
}

async fn table_of(pool: &PgPool, kind: &str, overrides: &[(&str, &str)]) -> Table {
    let (mut gm_client, mut clients) = table(pool, "").await;
    let mut fields = vec![("kind", kind)];
    fields.extend_from_slice(overrides);
    let game_id = started_game_with(&mut gm_client, &mut clients, kind, &fields).await;
    account(pool, "siteadmin", true).await;
    let mut players = Vec::new();
    for index in 0..7 {
        players.push(token_of(pool, &format!("player{index}")).await);
    }
    Table {
        app: api_app(pool, 10_000),
        game_id,
        gm: token_of(pool, "gamemaster").await,
        admin: token_of(pool, "siteadmin").await,
        players,
    }
}

/// Submits `text` for the current phase as `token`, asserting every line is accepted.
async fn order(app: &Router, game_id: GameId, token: &str, text: &str) {
    let me = call(app, "GET", &format!("/games/{game_id}/me"), Some(token), None).await;
    let phase = me.ok()["phase_index"].clone();
    let answer =
        call(app, "PUT", &format!("/games/{game_id}/orders"), Some(token), Some(json!({"phase": phase, "text": text})))
            .await;
    let body = answer.ok();
    assert_eq!(body["saved"], true, "{body}");
    assert_eq!(body["refused"], json!([]), "{body}");
}

/// Every read endpoint of the game as `token` sees it (its own seat's too, with `with_me`), joined into
/// one text to search for leaks.
async fn everything_read(app: &Router, game_id: GameId, token: Option<&str>, phases: i32, with_me: bool) -> String {
    let mut paths = vec![
        format!("/games/{game_id}"),
        format!("/games/{game_id}/phases"),
        format!("/games/{game_id}/press"),
        format!("/games/{game_id}/standing"),
        "/games?show=running".to_owned(),
    ];
    paths.extend((0..=phases).map(|index| format!("/games/{game_id}/phases/{index}")));
    if with_me {
        paths.push(format!("/games/{game_id}/me"));
        paths.push("/me/games".to_owned());
    }
    let mut text = String::new();
    for path in paths {
        let answer = call(app, "GET", &path, token, None).await;
        assert!(!answer.status.is_server_error(), "{path}: {}", answer.text);
        text.push_str(&answer.text);
    }
    text
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_tokens_page_shows_a_new_token_once_stores_only_its_hash_and_revoking_it_ends_it(pool: PgPool) {
    let mut alice = crate::test_support::logged_in(&pool, "alice").await;
    alice.get("/account").await.assert_contains("href=\"/account/tokens\"");
    let page = alice.post("/account/tokens", &[("name", "my bot")]).await;
    page.assert_status(StatusCode::OK).assert_contains("shown only this once").assert_contains("my bot");
    let start = page.body.find("bc_").expect("the token is shown");
    let token = page.body[start..start + 67].to_owned();
    let stored: Vec<u8> = sqlx::query_scalar("select token_hash from api_token").fetch_one(&pool).await.unwrap();
    assert_eq!(stored, token_hash(&token).to_vec(), "only the hash is stored");
    alice.get("/account/tokens").await.assert_lacks(&token).assert_contains("never");

    let app = api_app(&pool, 100);
    let games = call(&app, "GET", "/games", Some(&token), None).await;
    games.ok();
    alice.get("/account/tokens").await.assert_lacks(">never<");

    let token_id: i64 = sqlx::query_scalar("select api_token_id from api_token").fetch_one(&pool).await.unwrap();
    let mut bob = crate::test_support::logged_in(&pool, "bob").await;
    bob.post(&format!("/account/tokens/{token_id}/revoke"), &[]).await.assert_error_page(StatusCode::NOT_FOUND);
    alice.post(&format!("/account/tokens/{token_id}/revoke"), &[]).await.assert_redirect_to("/account/tokens");
    let refused = call(&app, "GET", "/games", Some(&token), None).await;
    refused.problem(StatusCode::UNAUTHORIZED);
    assert_eq!(refused.www_authenticate.as_deref(), Some("Bearer"));
    alice.post("/account/tokens", &[("name", "  ")]).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_api_ignores_session_cookies_and_is_not_behind_the_csrf_layer(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let game_id = table.game_id;
    // A signed-in browser's session cookie, valid for the pages, is not a credential for the API.
    let login = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!("username=player0&password={}", crate::test_support::PASSWORD.replace(' ', "+"))))
        .unwrap();
    let logged_in = table.app.clone().oneshot(login).await.unwrap();
    assert_eq!(logged_in.status(), StatusCode::SEE_OTHER);
    let set_cookie = logged_in.headers().get(header::SET_COOKIE).unwrap().to_str().unwrap();
    let cookie = set_cookie.split(';').next().unwrap().to_owned();
    let page =
        Request::get(format!("/games/{game_id}/orders")).header(header::COOKIE, &cookie).body(Body::empty()).unwrap();
    assert_eq!(table.app.clone().oneshot(page).await.unwrap().status(), StatusCode::OK, "the cookie works for pages");
    let api = Request::get(format!("/api/v1/games/{game_id}/me"))
        .header(header::COOKIE, &cookie)
        .body(Body::empty())
        .unwrap();
    send(&table.app, api).await.problem(StatusCode::UNAUTHORIZED);

    // A cross-site request with a token is fine (a token is never sent by a browser on its own)...
    let request = Request::put(format!("/api/v1/games/{game_id}/ready"))
        .header(header::AUTHORIZATION, format!("Bearer {}", table.players[0]))
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ORIGIN, "https://evil.example")
        .header("sec-fetch-site", "cross-site")
        .body(Body::from(json!({"phase": 0, "ready": true}).to_string()))
        .unwrap();
    let answer = send(&table.app, request).await;
    assert_eq!(answer.ok()["ready"], true);
    // ...and API answers set no session cookie, while the pages stay behind the CSRF layer.
    let api = table.app.clone().oneshot(Request::get("/api/v1/games").body(Body::empty()).unwrap()).await.unwrap();
    assert!(api.headers().get(header::SET_COOKIE).is_none());
    let cross_site = Request::post(format!("/games/{game_id}/orders/ready"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::ORIGIN, "https://evil.example")
        .header("sec-fetch-site", "cross-site")
        .body(Body::from("phase=0&ready=true"))
        .unwrap();
    let refused = table.app.clone().oneshot(cross_site).await.unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../../migrations")]
async fn bad_requests_are_4xx_problems_never_500s_or_pages(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let (app, game_id, token) = (&table.app, table.game_id, Some(table.players[0].as_str()));
    call(app, "GET", "/nowhere", token, None).await.problem(StatusCode::NOT_FOUND);
    call(app, "GET", "/games/not-a-number", token, None).await.problem(StatusCode::NOT_FOUND);
    call(app, "GET", "/games/999999", token, None).await.problem(StatusCode::NOT_FOUND);
    call(app, "GET", &format!("/games/{game_id}/phases/99"), token, None).await.problem(StatusCode::NOT_FOUND);
    call(app, "GET", "/games?show=everything", token, None).await.problem(StatusCode::BAD_REQUEST);
    call(app, "GET", "/games?kind=chess", token, None).await.problem(StatusCode::BAD_REQUEST);
    call(app, "PATCH", "/games", token, None).await.problem(StatusCode::METHOD_NOT_ALLOWED);
    call(app, "POST", "/games", token, None).await.problem(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let orders = format!("/games/{game_id}/orders");
    let not_json = Request::put(format!("/api/v1{orders}"))
        .header(header::AUTHORIZATION, format!("Bearer {}", table.players[0]))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{not json"))
        .unwrap();
    assert!(send(app, not_json).await.problem(StatusCode::BAD_REQUEST).status.is_client_error());
    let untyped = Request::put(format!("/api/v1{orders}"))
        .header(header::AUTHORIZATION, format!("Bearer {}", table.players[0]))
        .body(Body::from("{}"))
        .unwrap();
    send(app, untyped).await.problem(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    call(app, "PUT", &orders, token, Some(json!({"phase": "zero"}))).await.problem(StatusCode::UNPROCESSABLE_ENTITY);
    call(app, "PUT", &orders, token, Some(json!({"phase": 7, "text": "A vie H"}))).await.problem(StatusCode::CONFLICT);
    let text_with_nul = json!({"phase": 0, "text": "A vie - gal\u{0}"});
    assert_eq!(call(app, "PUT", &orders, token, Some(text_with_nul)).await.ok()["saved"], true);
    let huge = "x".repeat(200 * 1024);
    call(app, "PUT", &orders, token, Some(json!({"phase": 0, "text": huge})))
        .await
        .problem(StatusCode::PAYLOAD_TOO_LARGE);
    let bad_scheme =
        Request::get("/api/v1/games").header(header::AUTHORIZATION, "Basic abc").body(Body::empty()).unwrap();
    send(app, bad_scheme).await.problem(StatusCode::UNAUTHORIZED);
    call(app, "GET", "/games", Some("bc_not_a_token"), None).await.problem(StatusCode::UNAUTHORIZED);
    let press = format!("/games/{game_id}/press");
    call(app, "POST", &press, token, Some(json!({"seats": [123456], "body": "hi"})))
        .await
        .problem(StatusCode::BAD_REQUEST);
    call(app, "POST", &press, token, Some(json!({"gm": true, "body": " "})))
        .await
        .problem(StatusCode::UNPROCESSABLE_ENTITY);
    call(app, "GET", &format!("{press}/999999"), token, None).await.problem(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn each_account_gets_its_own_requests_per_minute_then_429_with_retry_after(pool: PgPool) {
    account(&pool, "alice", false).await;
    account(&pool, "bob", false).await;
    let (alice, bob) = (token_of(&pool, "alice").await, token_of(&pool, "bob").await);
    let app = api_app(&pool, 3);
    for _ in 0..3 {
        call(&app, "GET", "/games", Some(&alice), None).await.ok();
    }
    let refused = call(&app, "GET", "/games", Some(&alice), None).await;
    refused.problem(StatusCode::TOO_MANY_REQUESTS);
    let wait: i64 = refused.retry_after.as_deref().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    call(&app, "GET", "/games", Some(&bob), None).await.ok();
    // The count lives in PostgreSQL: a second replica (another app on the same database) agrees.
    let replica = api_app(&pool, 3);
    call(&replica, "GET", "/games", Some(&alice), None).await.problem(StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_private_game_is_unknown_to_the_api_as_to_its_pages_but_for_its_gm_players_admin_and_invitees(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let (app, game_id) = (&table.app, table.game_id);
    // Made private once its players have joined (joining a private game needs the invite link).
    sqlx::query("update game set is_public = false where game_id = $1").bind(game_id).execute(&pool).await.unwrap();
    account(&pool, "stranger", false).await;
    let stranger = token_of(&pool, "stranger").await;
    let invite: String = sqlx::query_scalar("select invite_code from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    for path in [format!("/games/{game_id}"), format!("/games/{game_id}/phases/0"), format!("/games/{game_id}/press")] {
        call(app, "GET", &path, None, None).await.problem(StatusCode::NOT_FOUND);
        call(app, "GET", &path, Some(&stranger), None).await.problem(StatusCode::NOT_FOUND);
        for token in [&table.gm, &table.admin, &table.players[3]] {
            call(app, "GET", &path, Some(token), None).await.ok();
        }
        call(app, "GET", &format!("{path}?invite={invite}"), None, None).await.ok();
    }
    let lobby = call(app, "GET", "/games?show=running", None, None).await;
    assert_eq!(lobby.ok()["games"], json!([]));
    let mine = call(app, "GET", "/games?show=running", Some(&table.players[3]), None).await;
    assert_eq!(mine.ok()["mine"][0]["id"], game_id.0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_anonymous_game_names_no_player_to_anyone_but_the_gm_and_each_player_themself(pool: PgPool) {
    let table = table_of(&pool, "standard", &[("anonymous", "on")]).await;
    let (app, game_id) = (&table.app, table.game_id);
    let path = format!("/games/{game_id}");
    let visitor = call(app, "GET", &path, None, None).await;
    assert_lacks_any_case(&visitor.ok().to_string(), &["player0 display", "player3 display", "player5 display"]);
    let other = call(app, "GET", &path, Some(&table.players[2]), None).await;
    let other = other.ok().to_string();
    assert_lacks_any_case(&other, &["player0 display", "player5 display"]);
    assert!(other.contains("player2 display"), "a player sees their own name");
    let gm = call(app, "GET", &path, Some(&table.gm), None).await;
    assert!(gm.ok().to_string().contains("player5 display"));
    assert_eq!(gm.json["is_gm"], true);
    // The game page agrees.
    let mut observer = Client::new(pool.clone());
    observer.get(&path).await.assert_lacks("player5 display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn only_the_seat_holder_reads_its_seat_and_writes_its_orders(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let (app, game_id) = (&table.app, table.game_id);
    let me = format!("/games/{game_id}/me");
    call(app, "GET", &me, None, None).await.problem(StatusCode::UNAUTHORIZED);
    call(app, "GET", &me, Some(&table.gm), None).await.problem(StatusCode::FORBIDDEN);
    call(app, "GET", &me, Some(&table.admin), None).await.problem(StatusCode::FORBIDDEN);
    let england = call(app, "GET", &me, Some(&table.players[1]), None).await;
    let england = england.ok();
    assert_eq!(england["title"], "England");
    let rows: Vec<&str> =
        england["form"].as_array().unwrap().iter().map(|row| row["label"].as_str().unwrap()).collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    let choices: Vec<&Value> =
        england["form"].as_array().unwrap().iter().flat_map(|row| row["choices"].as_array().unwrap()).collect();
    let edi_nth = choices.iter().find(|choice| choice["value"] == "F edi - nth").expect("a legal move is offered");
    assert_eq!(edi_nth["steps"][0]["value"], "move");
    assert!(!choices.iter().any(|choice| choice["value"] == "A lvp - mos"), "an illegal move is not");

    let orders = format!("/games/{game_id}/orders");
    let body = json!({"phase": 0, "text": "F edi - nth\nA lvp - mos\nF lon - eng"});
    for token in [&table.gm, &table.admin] {
        call(app, "PUT", &orders, Some(token), Some(body.clone())).await.problem(StatusCode::FORBIDDEN);
    }
    call(app, "PUT", &orders, None, Some(body.clone())).await.problem(StatusCode::UNAUTHORIZED);
    let answer = call(app, "PUT", &orders, Some(&table.players[1]), Some(body)).await;
    let answer = answer.ok();
    assert_eq!(answer["saved"], true);
    assert_eq!(answer["orders"].as_array().unwrap().len(), 2);
    assert_eq!(answer["refused"][0]["line"], 2);
    assert_eq!(answer["refused"][0]["text"], "A lvp - mos");
    assert!(answer["refused"][0]["reason"].as_str().unwrap().len() > 5);
    // Every line refused: nothing changes, as on the page.
    let all_bad =
        call(app, "PUT", &orders, Some(&table.players[1]), Some(json!({"phase": 0, "text": "F edi - mos"}))).await;
    assert_eq!(all_bad.ok()["saved"], false);
    assert_eq!(all_bad.json["orders"].as_array().unwrap().len(), 2, "the saved sheet is kept");
    let added = call(
        app,
        "PUT",
        &orders,
        Some(&table.players[1]),
        Some(json!({"phase": 0, "text": "A lvp - yor", "add": true})),
    )
    .await;
    assert_eq!(added.ok()["orders"].as_array().unwrap().len(), 3);
    let me_path = format!("/games/{game_id}/me");
    let saved = call(app, "GET", &me_path, Some(&table.players[1]), None).await;
    assert_eq!(saved.ok()["orders"].as_array().unwrap().len(), 3);
    let cleared = call(app, "DELETE", &orders, Some(&table.players[1]), Some(json!({"phase": 0}))).await;
    assert_eq!(cleared.ok()["orders"], json!([]));
    let saved = call(app, "GET", &me_path, Some(&table.players[1]), None).await;
    assert_eq!(saved.ok()["orders"], json!([]));
    // Nobody else reads England's saved orders before the phase is processed.
    call(app, "PUT", &orders, Some(&table.players[1]), Some(json!({"phase": 0, "text": "F edi - nth"}))).await.ok();
    for token in [None, Some(table.players[0].as_str()), Some(table.gm.as_str()), Some(table.admin.as_str())] {
        let seen = everything_read(app, game_id, token, 0, false).await;
        assert_lacks_any_case(&seen, &["edi - nth"]);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn ready_and_draw_votes_go_through_the_order_page_s_rules(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let (app, game_id) = (&table.app, table.game_id);
    let ready = format!("/games/{game_id}/ready");
    call(app, "PUT", &ready, Some(&table.gm), Some(json!({"phase": 0, "ready": true})))
        .await
        .problem(StatusCode::FORBIDDEN);
    call(app, "PUT", &ready, Some(&table.players[0]), Some(json!({"phase": 3, "ready": true})))
        .await
        .problem(StatusCode::CONFLICT);
    call(app, "PUT", &ready, Some(&table.players[0]), Some(json!({"phase": 0, "ready": true}))).await.ok();
    let me = call(app, "GET", &format!("/games/{game_id}/me"), Some(&table.players[0]), None).await;
    assert_eq!(me.ok()["ready"], true);
    let draw = format!("/games/{game_id}/draw");
    for (index, token) in table.players.iter().enumerate() {
        let answer = call(app, "PUT", &draw, Some(token), Some(json!({"draw": true}))).await;
        assert_eq!(answer.ok()["game_drawn"], index == 6, "{}", answer.text);
        if index == 0 {
            let other = call(app, "GET", &format!("/games/{game_id}/me"), Some(&table.players[1]), None).await;
            assert_eq!(other.ok()["votes_for_draw"], false, "nobody sees another's vote");
        }
    }
    let game = call(app, "GET", &format!("/games/{game_id}"), None, None).await;
    assert_eq!(game.ok()["status"], "finished");
    call(app, "PUT", &draw, Some(&table.players[0]), Some(json!({"draw": false}))).await.problem(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn private_press_reaches_its_members_only_and_grey_press_names_nobody(pool: PgPool) {
    let table = table_of(&pool, "standard", &[("grey_press", "on")]).await;
    let (app, game_id) = (&table.app, table.game_id);
    let seats = call(app, "GET", &format!("/games/{game_id}"), None, None).await;
    let france = seats.ok()["seats"][2]["seat_id"].as_i64().unwrap();
    let press = format!("/games/{game_id}/press");
    let sent = call(
        app,
        "POST",
        &press,
        Some(&table.players[1]),
        Some(json!({"seats": [france], "body": "secret plan for Belgium"})),
    )
    .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let conversation = sent.json["conversation"].as_i64().unwrap();
    let path = format!("{press}/{conversation}");
    let read = call(app, "GET", &path, Some(&table.players[2]), None).await;
    assert_eq!(read.ok()["messages"][0]["body"], "secret plan for Belgium");
    assert_eq!(read.json["messages"][0]["sender"], "England · player1 display");
    let reply = call(app, "POST", &path, Some(&table.players[2]), Some(json!({"body": "agreed"}))).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    for token in [Some(table.players[3].as_str()), Some(table.gm.as_str()), Some(table.admin.as_str()), None] {
        call(app, "GET", &path, token, None).await.problem(StatusCode::NOT_FOUND);
        let list = call(app, "GET", &press, token, None).await;
        assert_lacks_any_case(&list.ok().to_string(), &["Belgium", "agreed"]);
    }
    call(app, "POST", &path, Some(&table.players[3]), Some(json!({"body": "let me in"})))
        .await
        .problem(StatusCode::NOT_FOUND);
    let grey = call(
        app,
        "POST",
        &press,
        Some(&table.players[4]),
        Some(json!({"public": true, "grey": true, "body": "rumours"})),
    )
    .await;
    assert_eq!(grey.status, StatusCode::CREATED, "{}", grey.text);
    let public = format!("{press}/{}", grey.json["conversation"]);
    for token in [None, Some(table.gm.as_str()), Some(table.players[4].as_str())] {
        let read = call(app, "GET", &public, token, None).await;
        let text = read.ok().to_string();
        assert!(text.contains("rumours"));
        assert_lacks_any_case(&text, &["Italy", "player4"]);
    }
    let gm = call(app, "POST", &press, Some(&table.gm), Some(json!({"seats": [france], "body": "from the GM"}))).await;
    assert_eq!(gm.status, StatusCode::CREATED, "{}", gm.text);
    call(app, "POST", &press, None, Some(json!({"public": true, "body": "x"}))).await.problem(StatusCode::UNAUTHORIZED);
}

/// The secrets each kind plants, and who may read them: every API read of the game by each other viewer
/// must lack them, as the pages do.
#[sqlx::test(migrations = "../../migrations")]
async fn a_diplobucks_balance_and_bribe_answer_reach_their_own_seat_and_no_other_reader(pool: PgPool) {
    let table = table_of(&pool, "diplobucks", &[]).await;
    let (app, game_id) = (&table.app, table.game_id);
    order(app, game_id, &table.players[1], "BRIBE learn Turkey\nF lon - nth").await;
    let own = call(app, "GET", &format!("/games/{game_id}/me"), Some(&table.players[1]), None).await;
    assert!(own.ok().to_string().contains("Your balance"));
    process_phase(&pool, game_id).await;
    let results = call(app, "GET", &format!("/games/{game_id}/phases/0"), Some(&table.players[1]), None).await;
    let results = results.ok().to_string();
    assert!(results.contains("Turkey has 1000 DB") && results.contains("BRIBE learn Turkey"), "{results}");
    for token in [None, Some(table.players[6].as_str()), Some(table.players[2].as_str()), Some(table.gm.as_str())] {
        let read = everything_read(app, game_id, token, 1, false).await;
        assert_lacks_any_case(&read, &["Turkey has 1000", "BRIBE learn", "1000 DB"]);
        if token.is_none_or(|token| token == table.gm) {
            assert_lacks_any_case(&read, &["Your balance"]);
        }
    }
}

/// A double unit (Diplobucks bribe 5) bought through the API is public: every reader of the next phase
/// finds it beside the judge position, which cannot say it.
#[sqlx::test(migrations = "../../migrations")]
async fn a_diplobucks_double_unit_bought_through_the_api_is_listed_beside_the_next_position(pool: PgPool) {
    let table = table_of(&pool, "diplobucks", &[]).await;
    let (app, game_id) = (&table.app, table.game_id);
    order(app, game_id, &table.players[1], "BRIBE double F lon\nF lon - nth").await;
    process_phase(&pool, game_id).await;
    let before = call(app, "GET", &format!("/games/{game_id}/phases/0"), None, None).await;
    assert_eq!(before.ok()["double_units"], json!([]));
    let after = call(app, "GET", &format!("/games/{game_id}/phases/1"), None, None).await;
    assert_eq!(after.ok()["double_units"], json!(["nth"]), "{}", after.text);
    assert!(after.ok()["position"]["units"].as_array().is_some_and(|units| !units.is_empty()));
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_covert_dip_fund_balance_stays_with_its_owner(pool: PgPool) {
    let covert = table_of(&pool, "covert_dip", &[]).await;
    let own = call(&covert.app, "GET", &format!("/games/{}/me", covert.game_id), Some(&covert.players[2]), None).await;
    assert!(own.ok().to_string().contains("Your FDs"));
    for token in [None, Some(covert.players[3].as_str()), Some(covert.gm.as_str())] {
        let read = everything_read(&covert.app, covert.game_id, token, 0, false).await;
        assert_lacks_any_case(&read, &["Your FDs"]);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_terrorism_agency_is_known_to_its_owner_alone_through_the_api(pool: PgPool) {
    let table = table_of(&pool, "terrorism_i", &[]).await;
    let (app, game_id) = (&table.app, table.game_id);
    order(app, game_id, &table.players[2], "OPEN Deuxieme Bureau\nA par - bur").await;
    process_phase(&pool, game_id).await;
    let own = call(app, "GET", &format!("/games/{game_id}/me"), Some(&table.players[2]), None).await;
    assert!(own.ok().to_string().contains("Deuxieme Bureau"));
    for token in [None, Some(table.players[3].as_str()), Some(table.gm.as_str()), Some(table.admin.as_str())] {
        let read = everything_read(app, game_id, token, 1, true).await;
        assert_lacks_any_case(&read, &["Deuxieme Bureau"]);
    }
    let phase = call(app, "GET", &format!("/games/{game_id}/phases/0"), None, None).await;
    assert_eq!(phase.ok()["position"], Value::Null, "Terrorism I's nations are not judge notation");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_covert_operations_turn_result_reaches_its_player_alone(pool: PgPool) {
    let (mut gm, mut clients) = table(&pool, "").await;
    let game_id = create_game(&mut gm, "Covert", &[("kind", "covert_operations"), ("players", "3")]).await;
    for client in clients.iter_mut().take(3) {
        client.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    let app = api_app(&pool, 10_000);
    let tokens = [token_of(&pool, "player0").await, token_of(&pool, "player1").await];
    process_phase(&pool, game_id).await;
    for (index, token) in tokens.iter().enumerate() {
        let seat_id: crate::ids::SeatId = sqlx::query_scalar(
            "select s.seat_id from seat s join account a using (account_id) where s.game_id = $1 and a.username = $2",
        )
        .bind(game_id)
        .bind(format!("player{index}"))
        .fetch_one(&pool)
        .await
        .unwrap();
        let mut conn = pool.acquire().await.unwrap();
        let stored = crate::turns::queries::private_report(&mut conn, game_id, 0, seat_id).await.unwrap().unwrap();
        let expected = serde_json::to_value(super::games::Results::from(stored)).unwrap();
        let answer = call(&app, "GET", &format!("/games/{game_id}/phases/0"), Some(token), None).await;
        assert_eq!(answer.ok()["private_results"], expected, "each player gets their own turn result");
    }
    let visitor = call(&app, "GET", &format!("/games/{game_id}/phases/0"), None, None).await;
    assert_eq!(visitor.ok()["private_results"], Value::Null);
    let seats = call(&app, "GET", &format!("/games/{game_id}"), None, None).await;
    assert_lacks_any_case(&seats.ok().to_string(), &["player0 display", "player1 display"]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_openapi_document_and_the_docs_page_list_every_endpoint(pool: PgPool) {
    let app = api_app(&pool, 100);
    let spec = call(&app, "GET", "/openapi.json", None, None).await;
    let spec = spec.ok();
    assert!(spec["openapi"].as_str().unwrap().starts_with("3."));
    let paths = spec["paths"].as_object().unwrap();
    for path in [
        "/games",
        "/games/{game_id}",
        "/games/{game_id}/phases",
        "/games/{game_id}/phases/{index}",
        "/games/{game_id}/me",
        "/games/{game_id}/orders",
        "/games/{game_id}/ready",
        "/games/{game_id}/draw",
        "/games/{game_id}/press",
        "/games/{game_id}/press/{conversation_id}",
    ] {
        assert!(paths.contains_key(path), "{path} missing from {:?}", paths.keys());
    }
    assert!(
        paths["/games/{game_id}/orders"]["put"].is_object() && paths["/games/{game_id}/orders"]["delete"].is_object()
    );
    assert_eq!(spec["components"]["securitySchemes"]["token"]["scheme"], "bearer");
    let docs = call(&app, "GET", "/docs", None, None).await;
    assert_eq!(docs.status, StatusCode::OK);
    assert!(
        docs.text.contains("/api/v1/games/{game_id}/press/{conversation_id}") && docs.text.contains("Submits orders")
    );
}

#[sqlx::test(migrations = "../../migrations")]
async fn press_to_a_game_that_does_not_exist_is_a_404_through_the_api_and_the_page(pool: PgPool) {
    account(&pool, "nomad", false).await;
    let token = token_of(&pool, "nomad").await;
    let app = api_app(&pool, 10_000);
    let message = json!({"public": true, "gm": false, "seats": [], "body": "anyone there?"});
    call(&app, "POST", "/games/999999/press", Some(&token), Some(message)).await.problem(StatusCode::NOT_FOUND);
    let reply = json!({"body": "anyone there?"});
    call(&app, "POST", "/games/999999/press/1", Some(&token), Some(reply)).await.problem(StatusCode::NOT_FOUND);
    let mut client = Client::new(pool.clone());
    client.log_in("nomad").await;
    client
        .post("/games/999999/press", &[("to", "public"), ("body", "anyone there?")])
        .await
        .assert_error_page(StatusCode::NOT_FOUND);
    client.post("/games/999999/press/1", &[("body", "anyone there?")]).await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_phase_index_at_either_end_of_the_integers_is_a_404_through_the_api_and_the_page(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let game_id = table.game_id;
    let mut client = Client::new(pool.clone());
    for index in [i32::MAX, i32::MIN, -1] {
        call(&table.app, "GET", &format!("/games/{game_id}/phases/{index}"), None, None)
            .await
            .problem(StatusCode::NOT_FOUND);
        client.get(&format!("/games/{game_id}/phases/{index}")).await.assert_error_page(StatusCode::NOT_FOUND);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_account_s_tokens_share_one_allowance_and_a_new_token_starts_nothing_anew(pool: PgPool) {
    account(&pool, "alice", false).await;
    let (first, second) = (token_of(&pool, "alice").await, token_of(&pool, "alice").await);
    let app = api_app(&pool, 3);
    for token in [&first, &second, &first] {
        call(&app, "GET", "/games", Some(token), None).await.ok();
    }
    call(&app, "GET", "/games", Some(&second), None).await.problem(StatusCode::TOO_MANY_REQUESTS);
    sqlx::query("delete from api_token").execute(&pool).await.unwrap();
    let fresh = token_of(&pool, "alice").await;
    call(&app, "GET", "/games", Some(&fresh), None).await.problem(StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../../migrations")]
async fn requests_with_unknown_tokens_count_against_their_address_until_a_429(pool: PgPool) {
    let app = api_app(&pool, 3);
    for _ in 0..3 {
        call(&app, "GET", "/games", Some(&new_token()), None).await.problem(StatusCode::UNAUTHORIZED);
    }
    call(&app, "GET", "/games", Some(&new_token()), None).await.problem(StatusCode::TOO_MANY_REQUESTS);
    // The same address without a token shares that allowance.
    call(&app, "GET", "/games", None, None).await.problem(StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_token_past_its_expiry_stops_working_and_the_tokens_page_sets_and_shows_expiries(pool: PgPool) {
    let mut alice = crate::test_support::logged_in(&pool, "alice").await;
    let page = alice.post("/account/tokens", &[("name", "short-lived"), ("expires_in_days", "7")]).await;
    page.assert_status(StatusCode::OK);
    let start = page.body.find("bc_").expect("the token is shown");
    let token = page.body[start..start + 67].to_owned();
    let expires_in: f64 = sqlx::query_scalar(
        "select extract(epoch from expires_at - now())::float8 from api_token where name = 'short-lived'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!((6.9 * 86_400.0..=7.0 * 86_400.0).contains(&expires_in), "{expires_in}");
    alice.get("/account/tokens").await.assert_lacks("no expiry");
    let app = api_app(&pool, 100);
    call(&app, "GET", "/games", Some(&token), None).await.ok();
    sqlx::query("update api_token set expires_at = now() - interval '1 second'").execute(&pool).await.unwrap();
    call(&app, "GET", "/games", Some(&token), None).await.problem(StatusCode::UNAUTHORIZED);
    alice.post("/account/tokens", &[("name", "forever"), ("expires_in_days", "")]).await.assert_status(StatusCode::OK);
    alice.get("/account/tokens").await.assert_contains("no expiry");
    alice
        .post("/account/tokens", &[("name", "odd"), ("expires_in_days", "100000000000")])
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_tokens_page_is_never_stored_by_a_cache(pool: PgPool) {
    let app = crate::test_support::app(pool);
    for request in [
        Request::get("/account/tokens").body(Body::empty()).unwrap(),
        Request::post("/account/tokens").body(Body::empty()).unwrap(),
    ] {
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.headers().get(header::CACHE_CONTROL).map(|value| value.as_bytes()), Some(&b"no-store"[..]));
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_body_of_the_wrong_shape_is_explained_in_json_s_words_without_the_server_s_type_names(pool: PgPool) {
    account(&pool, "alice", false).await;
    let token = token_of(&pool, "alice").await;
    let app = api_app(&pool, 100);
    let answer = call(&app, "PUT", "/games/1/orders", Some(&token), Some(json!("A vie - gal"))).await;
    answer.problem(StatusCode::UNPROCESSABLE_ENTITY);
    let detail = answer.json["detail"].as_str().unwrap();
    assert!(detail.contains("expected a JSON object"), "{detail}");
    assert!(!detail.contains("struct") && !detail.contains("Request"), "{detail}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn control_characters_in_orders_votes_and_press_sent_as_json_are_taken_out_and_none_is_stored(pool: PgPool) {
    let table = table_of(&pool, "standard", &[]).await;
    let (app, game_id, token) = (&table.app, table.game_id, Some(table.players[0].as_str()));
    let nul = "\u{0}\u{1b}\u{85}";
    order(app, game_id, &table.players[0], &format!("A v{nul}ie-gal")).await;
    let votes = format!("/games/{game_id}/votes");
    let vote = call(app, "PUT", &votes, token, Some(json!({"motion": format!("pause{nul}"), "vote": true}))).await;
    assert_eq!(vote.ok()["motion"], "pause");
    let press = format!("/games/{game_id}/press");
    let sent = call(app, "POST", &press, token, Some(json!({"public": true, "body": format!("Hel{nul}lo")}))).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let sheets: Vec<String> = sqlx::query_scalar("select orders from seat_order").fetch_all(&pool).await.unwrap();
    assert!(sheets.iter().any(|sheet| sheet.contains("vie")), "{sheets:?}");
    let bodies: Vec<String> = sqlx::query_scalar("select body from press_message").fetch_all(&pool).await.unwrap();
    assert!(bodies.iter().any(|body| body == "Hello"), "{bodies:?}");
    for text in sheets.iter().chain(&bodies) {
        assert!(!text.contains(|c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r')), "{text:?}");
    }
}
