//! `/play` on a real database: one game from one queue, formed exactly once under concurrent joins, bots
//! only after the wait and only when every waiting player allows them, counts without names.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use sqlx::PgPool;

use kinds::Kind;

use super::{Choice, Joined, Pace, Table, Timing, form_waited, join};
use crate::ids::{AccountId, GameId};
use crate::test_support::{Client, account, assert_lacks_any_case, logged_in};

const WAIT: Duration = Duration::minutes(10);
const MUSTER: Duration = Duration::minutes(5);
const TIMING: Timing = Timing { bot_wait: WAIT, muster: MUSTER };
const STANDARD_DAILY: Choice = Choice { kind: Kind::Standard, pace: Pace::Daily, table: Table::FullPress };

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
    let joined = join(&mut tx, account_id, choice, bots, at, TIMING).await.unwrap();
    tx.commit().await.unwrap();
    joined
}

#[sqlx::test(migrations = "../../migrations")]
async fn seven_players_choosing_the_same_game_end_in_one_game_that_forms_when_the_seventh_joins_and_starts_when_all_confirm(
    pool: PgPool,
) {
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
    assert_eq!(status, "forming");
    formed.assert_redirect_to(&format!("/games/{game_id}"));
    assert_eq!(seated(&pool, *game_id).await, (7, 0));
    assert_eq!(queued(&pool).await, 0);
    players[0].get("/play").await.assert_lacks("You are waiting");
    players[0].get("/notifications").await.assert_contains("Your game has formed: confirm");
    let muster = format!("/games/{game_id}/muster");
    for player in &mut players[..6] {
        player.submit(&muster, &[]).await.assert_contains("You confirmed that you are there");
    }
    assert_eq!(games_formed(&pool).await[0].1, "forming");
    players[6].submit(&muster, &[]).await.assert_contains("the game has started");
    assert_eq!(games_formed(&pool).await[0].1, "running");
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
        tokio::spawn(async move {
            join_now(
                &pool,
                account_id,
                Choice { kind: Kind::Standard, pace: Pace::Live(5), table: Table::FullPress },
                false,
                now,
            )
            .await
        })
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
    join_now(&pool, first, STANDARD_DAILY, true, start).await;
    join_now(&pool, second, STANDARD_DAILY, false, start).await;
    // One of them wants people only: nothing forms, however long they wait.
    assert!(form_waited(&pool, start + WAIT * 3, TIMING).await.unwrap().is_empty());
    let mut tx = pool.begin().await.unwrap();
    assert!(super::leave(&mut tx, second).await.unwrap());
    tx.commit().await.unwrap();
    // Everyone left allows bots: not before the wait, then once.
    assert!(form_waited(&pool, start + WAIT - Duration::seconds(1), TIMING).await.unwrap().is_empty());
    let formed = form_waited(&pool, start + WAIT, TIMING).await.unwrap();
    assert_eq!(formed.len(), 1);
    assert!(form_waited(&pool, start + WAIT * 2, TIMING).await.unwrap().is_empty());
    assert_eq!(seated(&pool, formed[0]).await, (1, 6));
    assert_eq!(games_formed(&pool).await, vec![(formed[0], "forming".to_owned())]);
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
    notices.assert_contains("Your game has formed");
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

/// Seven players waiting for `choice` (the first `bots` of them allowing bots) form a game; answers it.
async fn formed_game(
    pool: &PgPool,
    prefix: &str,
    choice: Choice,
    allow_bots: bool,
    at: chrono::DateTime<Utc>,
) -> (GameId, Vec<AccountId>) {
    let mut players = Vec::new();
    let mut game = None;
    for index in 0..7 {
        let account_id = account(pool, &format!("{prefix}{index}"), false).await;
        players.push(account_id);
        if let Joined::Formed(game_id) = join_now(pool, account_id, choice, allow_bots, at).await {
            game = Some(game_id);
        }
    }
    (game.expect("the seventh join forms the game"), players)
}

async fn confirm(
    pool: &PgPool,
    game_id: GameId,
    account_id: AccountId,
    at: chrono::DateTime<Utc>,
) -> crate::error::AppResult<bool> {
    let mut tx = pool.begin().await.unwrap();
    let started = super::muster::confirm(&mut tx, game_id, account_id, at).await;
    tx.commit().await.unwrap();
    started
}

async fn holder_of_seats(pool: &PgPool, game_id: GameId) -> Vec<(Option<AccountId>, bool)> {
    sqlx::query_as("select account_id, bot from seat where game_id = $1 order by seat_id")
        .bind(game_id)
        .fetch_all(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn who_does_not_confirm_is_replaced_from_the_queue_recorded_apart_from_missed_phases_and_the_game_starts_on_time(
    pool: PgPool,
) {
    let start = Utc::now();
    let (game_id, players) = formed_game(&pool, "muster", STANDARD_DAILY, false, start).await;
    let standby = account(&pool, "nextinline", false).await;
    join_now(&pool, standby, STANDARD_DAILY, false, start).await;
    for &player in &players[1..] {
        assert!(!confirm(&pool, game_id, player, start + Duration::minutes(1)).await.unwrap());
    }
    // Before the muster's end nothing moves; at its end, once.
    assert!(super::muster::settle_ended(&pool, start + MUSTER - Duration::seconds(1)).await.unwrap().is_empty());
    assert_eq!(super::muster::settle_ended(&pool, start + MUSTER).await.unwrap(), vec![game_id]);
    assert!(super::muster::settle_ended(&pool, start + MUSTER * 2).await.unwrap().is_empty());
    assert_eq!(games_formed(&pool).await, vec![(game_id, "running".to_owned())]);
    let holders: Vec<Option<AccountId>> =
        holder_of_seats(&pool, game_id).await.into_iter().map(|(holder, _)| holder).collect();
    assert!(holders.contains(&Some(standby)) && !holders.contains(&Some(players[0])), "{holders:?}");
    assert_eq!(queued(&pool).await, 0);
    let missed: i64 = sqlx::query_scalar("select count(*) from muster_miss where account_id = $1")
        .bind(players[0])
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(missed, 1);
    let mut late = Client::new(pool.clone());
    late.log_in("muster0").await;
    late.get("/notifications").await.assert_contains("You did not confirm in time");
    let profile = late.get("/players/muster0").await;
    profile.assert_contains("id=\"musters-missed\">1<");
    // No phase was his to order: his record counts no missed phase.
    let record = crate::reliability::record_of(&mut pool.acquire().await.unwrap(), players[0]).await.unwrap();
    assert_eq!((record.phases_to_order, record.phases_missed), (0, 0));
}

#[sqlx::test(migrations = "../../migrations")]
async fn with_nobody_waiting_an_unconfirmed_seat_goes_to_a_bot_where_all_allowed_bots_and_opens_where_not(
    pool: PgPool,
) {
    let start = Utc::now();
    let (with_bots, players) = formed_game(&pool, "botsok", STANDARD_DAILY, true, start).await;
    let (without_bots, others) = formed_game(
        &pool,
        "peopleonly",
        Choice { kind: Kind::Standard, pace: Pace::Live(10), table: Table::FullPress },
        false,
        start,
    )
    .await;
    for (game_id, players) in [(with_bots, &players), (without_bots, &others)] {
        for &player in &players[1..] {
            confirm(&pool, game_id, player, start).await.unwrap();
        }
    }
    assert_eq!(super::muster::settle_ended(&pool, start + MUSTER).await.unwrap().len(), 2);
    assert_eq!(seated(&pool, with_bots).await, (6, 1));
    assert_eq!(seated(&pool, without_bots).await, (6, 0));
    assert!(holder_of_seats(&pool, without_bots).await.contains(&(None, false)), "an open seat");
    assert!(games_formed(&pool).await.iter().all(|(_, status)| status == "running"));
}

#[sqlx::test(migrations = "../../migrations")]
async fn only_a_seated_player_confirms_and_only_before_the_muster_ends(pool: PgPool) {
    let start = Utc::now();
    let (game_id, players) = formed_game(&pool, "late", STANDARD_DAILY, false, start).await;
    let stranger = account(&pool, "stranger", false).await;
    assert!(matches!(confirm(&pool, game_id, stranger, start).await, Err(crate::error::AppError::Forbidden(_))));
    assert!(matches!(
        confirm(&pool, game_id, players[0], start + MUSTER).await,
        Err(crate::error::AppError::Conflict(_))
    ));
    let mut visitor = logged_in(&pool, "poster").await;
    visitor.post(&format!("/games/{game_id}/muster"), &[]).await.assert_error_page(StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_kind_a_player_joins_alone_has_its_own_queue_whose_game_forms_and_starts_when_all_confirm(pool: PgPool) {
    let start = Utc::now();
    let others: Vec<Choice> = Choice::all().into_iter().filter(|choice| choice.kind != Kind::Standard).collect();
    let offered: Vec<Kind> = others.iter().map(|choice| choice.kind).collect();
    let joined_alone =
        Kind::ALL.iter().filter(|kind| **kind != Kind::Standard && kind.facts().seats.seated_by_joining());
    assert_eq!(offered, joined_alone.copied().collect::<Vec<_>>());
    for (index, choice) in others.into_iter().enumerate() {
        let mut game = None;
        let mut players = Vec::new();
        for seat in 0..choice.seats() {
            let account_id = account(&pool, &format!("kind{index}player{seat}"), false).await;
            players.push(account_id);
            if let Joined::Formed(game_id) = join_now(&pool, account_id, choice, false, start).await {
                game = Some(game_id);
            }
        }
        let game_id = game.unwrap_or_else(|| panic!("{} forms when its last seat joins", choice.label()));
        let mut started = false;
        for &player in &players {
            started = confirm(&pool, game_id, player, start).await.unwrap();
        }
        assert!(started, "{} starts when all confirm", choice.label());
        let (kind, status): (String, String) =
            sqlx::query_as("select kind::text, status::text from game where game_id = $1")
                .bind(game_id)
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!((kind.as_str(), status.as_str()), (choice.kind.slug(), "running"));
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_play_page_offers_every_kind_and_says_where_a_kind_of_teams_is_found(pool: PgPool) {
    let mut player = logged_in(&pool, "browser").await;
    let page = player.get("/play").await;
    for kind in Kind::ALL {
        page.assert_contains(kind.name());
    }
    page.assert_contains("id=\"team-kinds\"").assert_contains("/games/bots");
}
