//! The event streams: what each viewer gets (and does not), resuming with `Last-Event-ID`, the API's
//! stream, and that events carry no secret. Every wait is for an event, with a guard that fails the test
//! if it never comes; nothing is timed.

use axum::body::Body;
use axum::http::{StatusCode, header};
use http_body_util::BodyExt;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, logged_in, started_game, table};

/// One server-sent event: (id, event type, data).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Sent {
    id: i64,
    kind: String,
    data: String,
}

/// Reads a stream's events one at a time.
struct Events {
    body: Body,
    buffer: String,
}

impl Events {
    async fn open(client: &mut Client, path: &str, headers: &[(&str, &str)]) -> Events {
        let response = client.open(path, headers).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let kind = response.headers().get(header::CONTENT_TYPE).unwrap().to_str().unwrap().to_owned();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Events { body: response.into_body(), buffer: String::new() }
    }

    /// The next event (keep-alive comments skipped); fails the test if none comes within a minute.
    async fn next(&mut self) -> Sent {
        let guard = std::time::Duration::from_secs(60);
        tokio::time::timeout(guard, self.read()).await.expect("the awaited event never came")
    }

    async fn read(&mut self) -> Sent {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let field = |name: &str| {
                    block.lines().find_map(|line| line.strip_prefix(name).map(|value| value.trim().to_owned()))
                };
                let (Some(id), Some(kind), Some(data)) = (field("id:"), field("event:"), field("data:")) else {
                    continue;
                };
                return Sent { id: id.parse().unwrap(), kind, data };
            }
            let frame = self.body.frame().await.expect("the stream ended").unwrap();
            if let Ok(bytes) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
    }
}

async fn seat_of(pool: &PgPool, game_id: GameId, power: &str) -> String {
    let seat: i64 = sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power::text = $2")
        .bind(game_id)
        .bind(power)
        .fetch_one(pool)
        .await
        .unwrap();
    seat.to_string()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_visitor_follows_orders_and_phases_but_only_the_conversations_members_hear_of_private_press(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Watched").await;
    let path = format!("/games/{game_id}/events");
    let mut visitor = Events::open(&mut Client::new(pool.clone()), &path, &[]).await;
    let mut england = Events::open(&mut players[1], &path, &[]).await;
    let mut france = Events::open(&mut players[2], &path, &[]).await;

    players[0]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A vie H\nA bud - ser")])
        .await
        .assert_status(StatusCode::OK);
    let saved = visitor.next().await;
    assert_eq!((saved.kind.as_str(), saved.data.as_str()), ("orders", r#"{"phase":0}"#), "never the orders");
    assert_eq!(england.next().await, saved);
    assert_eq!(france.next().await, saved);

    let to_england = seat_of(&pool, game_id, "england").await;
    players[2]
        .post(&format!("/games/{game_id}/press"), &[("to", to_england.as_str()), ("body", "Secret alliance")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    players[0]
        .post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let press = england.next().await;
    assert_eq!(press.kind, "press");
    assert!(!press.data.contains("Secret"), "{press:?}");
    assert_eq!(france.next().await, press, "the sender is a member too");
    let ready = visitor.next().await;
    assert_eq!(ready.kind, "orders", "the visitor's next event is the ready, not the private press");
    assert_eq!(england.next().await, ready);

    crate::test_support::process_phase(&pool, game_id).await;
    let phase = visitor.next().await;
    assert_eq!((phase.kind.as_str(), phase.data.as_str()), ("phase", r#"{"label":"Fall 1901 Movement","phase":1}"#));
}

/// Each `Client::new` is an app of its own, with its own listener: the second stream is another replica
/// (or the same one restarted), as a client meets it after a restart.
#[sqlx::test(migrations = "../../migrations")]
async fn a_reconnecting_client_gets_what_it_missed_after_its_last_event_id(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Resumed").await;
    let path = format!("/games/{game_id}/events");
    let mut first = Events::open(&mut Client::new(pool.clone()), &path, &[]).await;
    gm.post(&format!("/games/{game_id}/admin/pause"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let paused = first.next().await;
    assert_eq!((paused.kind.as_str(), paused.data.as_str()), ("game", r#"{"change":"paused"}"#));
    drop(first);
    // While nobody listens: resumed, then a save.
    gm.post(&format!("/games/{game_id}/admin/resume"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    players[3]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A mun H")])
        .await
        .assert_status(StatusCode::OK);
    let last = paused.id.to_string();
    let mut again = Events::open(&mut Client::new(pool.clone()), &path, &[("last-event-id", last.as_str())]).await;
    let resumed = again.next().await;
    assert_eq!((resumed.kind.as_str(), resumed.data.as_str()), ("game", r#"{"change":"resumed"}"#));
    assert_eq!(again.next().await.kind, "orders");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_private_games_stream_is_a_404_to_outsiders_as_its_page_is(pool: PgPool) {
    let (mut gm, _players) = table(&pool, "").await;
    let game_id = crate::test_support::create_game(&mut gm, "Hidden", &[("visibility", "private")]).await;
    let path = format!("/games/{game_id}/events");
    assert_eq!(Client::new(pool.clone()).open(&path, &[]).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(logged_in(&pool, "outsider").await.open(&path, &[]).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(gm.open(&path, &[]).await.status(), StatusCode::OK);
    assert_eq!(Client::new(pool.clone()).open("/games/x/events", &[]).await.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_api_streams_the_same_events_and_refuses_a_bad_token(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Api").await;
    let app = crate::api::tests::api_app(&pool, 1000);
    let token = crate::api::tests::token_of(&pool, "player4").await;
    let path = format!("/api/v1/games/{game_id}/events");
    let mut api = Client::with_app(app.clone());
    let bad = [("authorization", "Bearer bc_not_a_token")];
    assert_eq!(api.open(&path, &bad).await.status(), StatusCode::UNAUTHORIZED);
    let bearer = format!("Bearer {token}");
    let mut events = Events::open(&mut api, &path, &[("authorization", bearer.as_str())]).await;
    gm.post(&format!("/games/{game_id}/admin/pause"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(events.next().await.data, r#"{"change":"paused"}"#);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_live_game_has_every_phase_its_pace_long_processed_when_all_are_ready_with_a_countdown(pool: PgPool) {
    let mut gm = logged_in(&pool, "blitzgm").await;
    let mut form =
        crate::test_support::game_form("Blitz", &[("pace", "10"), ("movement", "3d"), ("skip_monday", "on")]);
    form.retain(|(field, _)| *field != "process_when_ready");
    let created = gm.post("/games", &form).await;
    created.assert_status(StatusCode::SEE_OTHER);
    let game_id: GameId = created.location.clone().unwrap().trim_start_matches("/games/").parse().unwrap();
    let stored: (i32, i32, i32, i16, bool) = sqlx::query_as(
        "select movement_minutes, retreat_minutes, adjustment_minutes, no_process_weekdays, process_when_ready
         from game where game_id = $1",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        stored,
        (10, 10, 10, 0, true),
        "the pace overrides the durations, the skipped days and early processing"
    );
    let refused = gm.post("/games", &crate::test_support::game_form("Too fast", &[("pace", "1")])).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("pace from the list");

    let mut players = Vec::new();
    for (index, power) in crate::test_support::POWERS.iter().enumerate() {
        let mut player = logged_in(&pool, &format!("blitz{index}")).await;
        player.post(&format!("/games/{game_id}/join"), &[("power", power)]).await.assert_status(StatusCode::SEE_OTHER);
        players.push(player);
    }
    let deadline: chrono::DateTime<chrono::Utc> = sqlx::query_scalar("select deadline_at from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let started: chrono::DateTime<chrono::Utc> = sqlx::query_scalar("select started_at from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(deadline - started, chrono::Duration::minutes(10));
    let countdown = format!("data-deadline=\"{}\"", deadline.to_rfc3339());
    players[0].get(&format!("/games/{game_id}")).await.assert_contains(&countdown);
    players[0].get(&format!("/games/{game_id}/orders")).await.assert_contains(&countdown);
}

/// Raises a `game` event in its own transaction, left open for the caller to commit.
async fn raise_uncommitted(pool: &PgPool, game_id: GameId) -> sqlx::Transaction<'static, sqlx::Postgres> {
    let mut tx = pool.begin().await.unwrap();
    crate::live::raise(&mut tx, game_id, crate::live::Event::Game { change: crate::live::GameChange::Extended })
        .await
        .unwrap();
    tx
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_resumed_stream_gets_an_event_that_committed_after_a_later_one_despite_its_lower_id(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Out of order").await;
    let path = format!("/games/{game_id}/events");
    let mut first = Events::open(&mut Client::new(pool.clone()), &path, &[]).await;
    // The slow transaction draws the lower id; the quick one commits first and is sent first.
    let slow = raise_uncommitted(&pool, game_id).await;
    raise_uncommitted(&pool, game_id).await.commit().await.unwrap();
    let quick = first.next().await;
    drop(first);
    slow.commit().await.unwrap();
    let last = quick.id.to_string();
    let mut again = Events::open(&mut Client::new(pool.clone()), &path, &[("last-event-id", last.as_str())]).await;
    let late = again.next().await;
    assert!(late.id < quick.id, "the late event has the lower id: {late:?} after {quick:?}");
    assert_eq!(late.kind, "game");
}
