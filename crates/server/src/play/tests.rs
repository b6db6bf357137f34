//! `/play` on a real database: one game from one queue, formed exactly once under concurrent joins, bots
//! only after the wait and only when every waiting player allows them, counts without names.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use sqlx::PgPool;

use super::{Choice, Joined, form_waited, join};
use crate::ids::{AccountId, GameId};
use crate::test_support::{Client, account, assert_lacks_any_case, logged_in};

const WAIT: Duration = Duration::minutes(10);

async fn games_formed(pool: &PgPool) -> Vec<(GameId, String)> {
    sqlx::query_as("select game_id, status::text from game order by game_id").fetch_all(pool).await.unwrap()
}

async fn seated(pool: &PgPool, game_id: GameId) -> (i64, i64) {
    sqlx::query_as("select count(account_id), count(*) filter (where bot) from seat where game_id = $1")
        .bind(game_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn queued(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(*) from play_queue").fetch_one(pool).await.unwrap()
}

async fn join_now(
    pool: &PgPool,
    account_id: AccountId,
    choice: Choice,
    bots: bool,
    at: chrono::DateTime<Utc>,
) -> Joined {
    let mut tx = pool.begin().await.unwrap();
    let joined = join(&mut tx, account_id, choice, bots, at, WAIT).await.unwrap();
    tx.commit().await.unwrap();
    joined
}

#[sqlx::test(migrations = "../../migrations")]
async fn seven_players_choosing_the_same_game_end_in_one_game_that_starts_when_the_seventh_joins(pool: PgPool) {
    let mut players = Vec::new();
    for index in 0..7 {
        players.push(logged_in(&pool, &format!("waiter{index}")).await);
    }
    for player in &mut players[..6] {
        player.post("/play/join", &[("choice", "standard-daily")]).await.assert_redirect_to("/play");
    }
    assert!(games_formed(&pool).await.is_empty());
    players[5].get("/play").await.assert_contains("6 of 7 waiting");
    let formed = players[6].post("/play/join", &[("choice", "standard-daily")]).await;
    let games = games_formed(&pool).await;
    assert_eq!(games.len(), 1);
    let (game_id, status) = &games[0];
    assert_eq!(status, "running");
    formed.assert_redirect_to(&format!("/games/{game_id}"));
    assert_eq!(seated(&pool, *game_id).await, (7, 0));
    assert_eq!(queued(&pool).await, 0);
    players[0].get("/play").await.assert_lacks("You are waiting");
    players[0].get("/notifications").await.assert_contains("The game has started.");
}

#[sqlx::test(migrations = "../../migrations")]
async fn concurrent_joins_form_each_game_exactly_once(pool: PgPool) {
    let mut accounts = Vec::new();
    for index in 0..17 {
        accounts.push(account(&pool, &format!("racer{index}"), false).await);
    }
    let now = Utc::now();
    let joins = accounts.iter().map(|&account_id| {
        let pool = pool.clone();
        tokio::spawn(async move { join_now(&pool, account_id, Choice::StandardLive5, false, now).await })
    });
    let joined = futures_util::future::join_all(joins).await;
    let formed = joined.into_iter().filter(|joined| matches!(joined, Ok(Joined::Formed(_)))).count();
    let games = games_formed(&pool).await;
    assert_eq!((games.len(), formed), (2, 2));
    for (game_id, _) in &games {
        assert_eq!(seated(&pool, *game_id).await, (7, 0));
    }
    let distinct: i64 =
        sqlx::query_scalar("select count(distinct account_id) from seat").fetch_one(&pool).await.unwrap();
    assert_eq!(distinct, 14);
    assert_eq!(queued(&pool).await, 3);
}

#[sqlx::test(migrations = "../../migrations")]
async fn bots_fill_the_empty_seats_after_the_wait_only_when_every_waiting_player_allows_them(pool: PgPool) {
    let start = Utc::now();
    let first = account(&pool, "patient", false).await;
    let second = account(&pool, "purist", false).await;
    join_now(&pool, first, Choice::StandardDaily, true, start).await;
    join_now(&pool, second, Choice::StandardDaily, false, start).await;
    // One of them wants people only: nothing forms, however long they wait.
    assert!(form_waited(&pool, start + WAIT * 3, WAIT).await.unwrap().is_empty());
    let mut tx = pool.begin().await.unwrap();
    assert!(super::leave(&mut tx, second).await.unwrap());
    tx.commit().await.unwrap();
    // Everyone left allows bots: not before the wait, then once.
    assert!(form_waited(&pool, start + WAIT - Duration::seconds(1), WAIT).await.unwrap().is_empty());
    let formed = form_waited(&pool, start + WAIT, WAIT).await.unwrap();
    assert_eq!(formed.len(), 1);
    assert!(form_waited(&pool, start + WAIT * 2, WAIT).await.unwrap().is_empty());
    assert_eq!(seated(&pool, formed[0]).await, (1, 6));
    assert_eq!(games_formed(&pool).await, vec![(formed[0], "running".to_owned())]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_play_page_counts_the_waiting_players_and_never_names_them(pool: PgPool) {
    let mut hidden = logged_in(&pool, "hiddenwaiter").await;
    hidden.post("/play/join", &[("choice", "standard-gunboat-daily")]).await.assert_redirect_to("/play");
    let mut me = logged_in(&pool, "lookingwaiter").await;
    let page = me.submit("/play/join", &[("choice", "standard-gunboat-daily")]).await;
    page.assert_contains("2 of 7 waiting").assert_contains("Leave the queue");
    assert_lacks_any_case(&page.body, &["hiddenwaiter"]);
    assert_lacks_any_case(&Client::new(pool.clone()).get("/play").await.body, &["hiddenwaiter", "lookingwaiter"]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_start_notice_of_an_anonymous_game_formed_on_play_names_no_other_player(pool: PgPool) {
    let mut players = Vec::new();
    for index in 0..7 {
        let mut player = logged_in(&pool, &format!("gunboater{index}")).await;
        player.post("/play/join", &[("choice", "standard-gunboat-daily")]).await;
        players.push(player);
    }
    let (game_id, _) = games_formed(&pool).await[0].clone();
    let notices = players[0].get("/notifications").await;
    notices.assert_contains("The game has started.");
    let others: Vec<String> = (1..7).map(|index| format!("gunboater{index}")).collect();
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    assert_lacks_any_case(&notices.body, &others);
    assert_lacks_any_case(&players[0].get(&format!("/games/{game_id}")).await.body, &others);
}

#[sqlx::test(migrations = "../../migrations")]
async fn leaving_the_queue_takes_the_player_out_and_the_count_down(pool: PgPool) {
    let mut player = logged_in(&pool, "leaver").await;
    player.post("/play/join", &[("choice", "standard-live-10")]).await;
    player.get("/play").await.assert_contains("1 of 7 waiting");
    player.submit("/play/leave", &[]).await.assert_contains("You left the queue").assert_lacks("You are waiting");
    assert_eq!(queued(&pool).await, 0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_choice_for_reliable_players_refuses_a_new_player_with_the_reason(pool: PgPool) {
    let mut player = logged_in(&pool, "newcomer").await;
    let page = player.post("/play/join", &[("choice", "standard-daily-reliable")]).await;
    page.assert_error_page(StatusCode::FORBIDDEN).assert_contains("Reliable players only");
    assert_eq!(queued(&pool).await, 0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_unknown_choice_is_a_bad_request_and_a_visitor_is_sent_to_log_in(pool: PgPool) {
    let mut player = logged_in(&pool, "typist").await;
    player.post("/play/join", &[("choice", "chess")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    let visitor = Client::new(pool.clone()).get("/play").await;
    assert_ne!(visitor.status, StatusCode::OK);
}
