//! Handler tests for the lobby, game creation, the game page, joining and leaving.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, POWERS, create_game, game_form, game_status, logged_in};

/// Seats `count` new players (`{prefix}0`, `{prefix}1`, ...) in the game, each choosing the next power.
async fn fill_seats(pool: &PgPool, game_id: GameId, count: usize, prefix: &str) -> Vec<Client> {
    let mut players = Vec::new();
    for (index, power) in POWERS.iter().take(count).enumerate() {
        let mut player = logged_in(pool, &format!("{prefix}{index}")).await;
        player
            .post(&format!("/games/{game_id}/join"), &[("power", power)])
            .await
            .assert_redirect_to(&format!("/games/{game_id}"));
        players.push(player);
    }
    players
}

#[sqlx::test(migrations = "../../migrations")]
async fn creating_a_game_makes_its_creator_the_gm_and_logs_it(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Spring Fling", &[]).await;
    gm.get(&format!("/games/{game_id}"))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Spring Fling")
        .assert_contains("id=\"gm-panel\"")
        .assert_contains("Waiting for players");
    let logged: i64 = sqlx::query_scalar("select count(*) from game_audit where game_id = $1 and action = 'create'")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(logged, 1);
}

#[sqlx::test(migrations = "../../migrations")]
async fn creating_a_game_needs_a_login(pool: PgPool) {
    let mut visitor = Client::new(pool);
    visitor.get("/games/new").await.assert_error_page(StatusCode::UNAUTHORIZED);
    visitor.post("/games", &game_form("x", &[])).await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_kind_can_be_created_and_an_unknown_one_is_refused_with_a_clear_message(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    for kind in kinds::Kind::ALL {
        gm.post("/games", &game_form("Any kind", &[("kind", kind.slug())])).await.assert_status(StatusCode::SEE_OTHER);
    }
    gm.post("/games", &game_form("Nonsense", &[("kind", "chess")]))
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("Choose a kind of game");
    let games: i64 = sqlx::query_scalar("select count(*) from game").fetch_one(&pool).await.unwrap();
    assert_eq!(games, kinds::Kind::ALL.len() as i64);
}

#[sqlx::test(migrations = "../../migrations")]
async fn bad_settings_are_shown_again_field_by_field_with_what_was_typed(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    gm.post(
        "/games",
        &game_form("", &[("description", "Typed description"), ("movement", "forever"), ("press", "shouting")]),
    )
    .await
    .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
    .assert_contains("id=\"error-name\"")
    .assert_contains("id=\"error-movement\"")
    .assert_contains("id=\"error-press\"")
    .assert_contains("Typed description")
    .assert_contains("value=\"forever\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_lobby_lists_public_games_by_status_and_kind_and_hides_private_ones(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    create_game(&mut gm, "Open Table", &[]).await;
    create_game(&mut gm, "Secret Table", &[("visibility", "private")]).await;
    let mut visitor = Client::new(pool.clone());
    visitor
        .get("/games")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Open Table")
        .assert_lacks("Secret Table");
    visitor.get("/games?show=running").await.assert_status(StatusCode::OK).assert_lacks("Open Table");
    visitor.get("/games?show=joinable&kind=diplobucks").await.assert_lacks("Open Table");
    visitor.get("/games?show=joinable&kind=standard").await.assert_contains("Open Table");
    visitor.get("/games?show=everything").await.assert_error_page(StatusCode::BAD_REQUEST);
    // The GM sees their private game under "My games".
    gm.get("/games").await.assert_contains("Secret Table");
}

#[sqlx::test(migrations = "../../migrations")]
async fn observers_see_public_games_but_private_ones_only_with_the_invite(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let public = create_game(&mut gm, "Open Table", &[]).await;
    let private = create_game(&mut gm, "Secret Table", &[("visibility", "private")]).await;
    let code: String = sqlx::query_scalar("select invite_code from game where game_id = $1")
        .bind(private)
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut visitor = Client::new(pool.clone());
    visitor.get(&format!("/games/{public}")).await.assert_status(StatusCode::OK).assert_contains("Log in</a> to join");
    visitor.get(&format!("/games/{private}")).await.assert_error_page(StatusCode::NOT_FOUND);
    visitor.get(&format!("/games/{private}?invite=wrong")).await.assert_error_page(StatusCode::NOT_FOUND);
    visitor.get(&format!("/games/{private}?invite={code}")).await.assert_status(StatusCode::OK);
    let mut stranger = logged_in(&pool, "stranger").await;
    stranger
        .post(&format!("/games/{private}/join"), &[("power", "france")])
        .await
        .assert_error_page(StatusCode::NOT_FOUND);
    stranger
        .post(&format!("/games/{private}/join"), &[("power", "france"), ("invite", &code)])
        .await
        .assert_status(StatusCode::SEE_OTHER);
}

#[sqlx::test(migrations = "../../migrations")]
async fn unknown_and_malformed_game_ids_get_404_pages(pool: PgPool) {
    let mut player = logged_in(&pool, "pat").await;
    player.get("/games/999").await.assert_error_page(StatusCode::NOT_FOUND);
    player.get("/games/not-a-number").await.assert_error_page(StatusCode::NOT_FOUND);
    player.post("/games/999/join", &[("power", "france")]).await.assert_error_page(StatusCode::NOT_FOUND);
    player.post("/games/abc/leave", &[]).await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn joining_takes_the_chosen_power_and_refuses_taken_ones_and_second_seats(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Table", &[]).await;
    let join = format!("/games/{game_id}/join");
    let mut alice = logged_in(&pool, "alice").await;
    alice.post(&join, &[]).await.assert_error_page(StatusCode::BAD_REQUEST);
    alice.post(&join, &[("power", "atlantis")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    alice.post(&join, &[("power", "france")]).await.assert_status(StatusCode::SEE_OTHER);
    alice.post(&join, &[("power", "italy")]).await.assert_error_page(StatusCode::CONFLICT);
    let mut bob = logged_in(&pool, "bob").await;
    bob.post(&join, &[("power", "france")]).await.assert_error_page(StatusCode::CONFLICT);
    alice
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("alice display (you)")
        .assert_contains("id=\"leave\"");
    let mut visitor = Client::new(pool);
    visitor.post(&join, &[("power", "italy")]).await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_game_starts_by_itself_when_the_last_seat_is_taken(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Full House", &[]).await;
    let mut players = fill_seats(&pool, game_id, 7, "player").await;
    assert_eq!(game_status(&pool, game_id).await, "running");
    let deadline: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("select deadline_at from game where game_id = $1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(deadline.is_some());
    players[6]
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("the game has started")
        .assert_contains("Next deadline");
    let mut late = logged_in(&pool, "late").await;
    late.post(&format!("/games/{game_id}/join"), &[("power", "france")]).await.assert_error_page(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn random_assignment_gives_every_seat_a_distinct_power_at_the_start(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Lottery", &[("power_assignment", "random")]).await;
    for index in 0..7 {
        let mut player = logged_in(&pool, &format!("lucky{index}")).await;
        player.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    assert_eq!(game_status(&pool, game_id).await, "running");
    let distinct: i64 = sqlx::query_scalar("select count(distinct power) from seat_power where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(distinct, 7);
}

#[sqlx::test(migrations = "../../migrations")]
async fn players_can_leave_before_the_start_but_not_after(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Table", &[]).await;
    let mut players = fill_seats(&pool, game_id, 2, "player").await;
    players[0].post(&format!("/games/{game_id}/leave"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    players[0].post(&format!("/games/{game_id}/leave"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    let seats: i64 = sqlx::query_scalar("select count(*) from seat where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(seats, 1);
    let game_id = create_game(&mut gm, "Started", &[]).await;
    let mut players = fill_seats(&pool, game_id, 7, "starter").await;
    players[0].post(&format!("/games/{game_id}/leave"), &[]).await.assert_error_page(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn anonymous_games_hide_names_from_players_and_observers_but_not_the_gm(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Masks", &[("anonymous", "on")]).await;
    let mut players = fill_seats(&pool, game_id, 2, "player").await;
    let page = format!("/games/{game_id}");
    players[0].get(&page).await.assert_contains("player0 display (you)").assert_lacks("player1 display");
    Client::new(pool.clone()).get(&page).await.assert_lacks("player0 display").assert_contains("Anonymous player");
    gm.get(&page).await.assert_contains("player0 display").assert_contains("player1 display");
    players[0].get("/games").await.assert_lacks("player1 display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn players_racing_for_the_last_seat_cannot_all_take_it(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Race", &[("start_rule", "by_gm"), ("power_assignment", "random")]).await;
    fill_seats_without_powers(&pool, game_id, 6).await;
    // The test pool may hold few connections, which would queue the racers; give them one each.
    let wide = sqlx::postgres::PgPoolOptions::new()
        .max_connections(16)
        .connect_with(pool.connect_options().as_ref().clone())
        .await
        .unwrap();
    let mut racers = Vec::new();
    for index in 0..5 {
        racers.push(logged_in(&wide, &format!("racer{index}")).await);
    }
    let join = format!("/games/{game_id}/join");
    let pages = futures_util::future::join_all(racers.iter_mut().map(|racer| racer.post(&join, &[]))).await;
    let joined = pages.iter().filter(|page| page.status == StatusCode::SEE_OTHER).count();
    let refused = pages.iter().filter(|page| page.status == StatusCode::CONFLICT).count();
    assert_eq!((joined, refused), (1, 4));
    let seats: i64 = sqlx::query_scalar("select count(*) from seat where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(seats, 7);
}

async fn fill_seats_without_powers(pool: &PgPool, game_id: GameId, count: usize) {
    for index in 0..count {
        let mut player = logged_in(pool, &format!("early{index}")).await;
        player.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn times_are_shown_in_the_viewers_own_time_zone(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Zones", &[]).await;
    let page = format!("/games/{game_id}");
    gm.get(&page).await.assert_contains(" UTC");
    gm.post(
        "/account",
        &[
            ("display_name", "GM"),
            ("time_zone", "Asia/Tokyo"),
            ("deadline_reminder_hours", "12"),
            ("press_mail_minutes", "30"),
        ],
    )
    .await
    .assert_status(StatusCode::SEE_OTHER);
    gm.get(&page).await.assert_contains(" JST").assert_lacks(" UTC");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_seed_and_the_invite_code_reach_only_those_who_may_see_them(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Sealed", &[("visibility", "private")]).await;
    let (seed, code): (i64, String) = sqlx::query_as("select rng_seed, invite_code from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut player = logged_in(&pool, "insider").await;
    let invited = format!("/games/{game_id}?invite={code}");
    player
        .post(&format!("/games/{game_id}/join"), &[("power", "italy"), ("invite", &code)])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let page = format!("/games/{game_id}");
    player.get(&page).await.assert_status(StatusCode::OK).assert_lacks(&code).assert_lacks(&seed.to_string());
    player.get(&format!("/games/{game_id}/log")).await.assert_lacks(&code).assert_lacks(&seed.to_string());
    player.get("/games").await.assert_lacks(&code);
    gm.get(&page).await.assert_contains(&invited).assert_lacks(&seed.to_string());
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains(&code).assert_lacks(&seed.to_string());
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_lobbys_first_page_also_lists_the_games_being_played_now(pool: PgPool) {
    let (mut gm, mut players) = crate::test_support::table(&pool, "").await;
    crate::test_support::started_game(&mut gm, &mut players, "Game in progress").await;
    let mut visitor = Client::new(pool.clone());
    visitor
        .get("/games")
        .await
        .assert_contains("<h2 id=\"running-now-title\">Being played now</h2>")
        .assert_contains("Game in progress");
    visitor.get("/games?show=joinable").await.assert_lacks("Being played now");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_started_game_never_says_it_is_waiting_for_players(pool: PgPool) {
    let (mut gm, mut players) = crate::test_support::table(&pool, "").await;
    let game_id = crate::test_support::started_game(&mut gm, &mut players, "Under way").await;
    let mut visitor = Client::new(pool.clone());
    for path in [format!("/games/{game_id}"), "/games".to_owned(), "/games?show=running".to_owned()] {
        visitor.get(&path).await.assert_contains("Under way").assert_lacks("Waiting for players");
    }
    players[0].get("/games").await.assert_contains("Under way").assert_lacks("Waiting for players");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_stored_kind_the_site_does_not_know_is_a_decode_error(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Retired", &[]).await;
    let mut conn = pool.acquire().await.unwrap();
    assert!(crate::games::queries::game(&mut conn, game_id).await.unwrap().is_some());
    sqlx::query("update game set kind = 'retired_kind' where game_id = $1").bind(game_id).execute(&pool).await.unwrap();
    let error = crate::games::queries::game(&mut conn, game_id).await.unwrap_err();
    assert!(matches!(error, sqlx::Error::ColumnDecode { .. }), "{error:?}");
    assert!(error.to_string().contains("retired_kind"), "{error}");
}

/// `game_and_seats` reads in one statement the seats `seats` reads (the same seats in the same order,
/// with their powers, numbers, holders and a seat left empty) and each column into its own field of the
/// game (columns of one type are given different values, so two fields swapped would show).
#[sqlx::test(migrations = "../../migrations")]
async fn the_game_and_its_seats_read_at_once_are_what_the_two_reads_give(pool: PgPool) {
    let (mut gm, mut players) = crate::test_support::table(&pool, "").await;
    let started = crate::test_support::started_game(&mut gm, &mut players, "Both at once").await;
    let forming = create_game(&mut gm, "Still forming", &[]).await;
    fill_seats(&pool, forming, 2, "early").await;
    sqlx::query("update seat set account_id = null where seat_id = (select max(seat_id) from seat where game_id = $1)")
        .bind(started)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query(
        "update game set description = 'the description', deadline_notice = 'the notice',
            result_summary = 'the result', movement_minutes = 2880, retreat_minutes = 360, adjustment_minutes = 720
         where game_id = $1",
    )
    .bind(started)
    .execute(&pool)
    .await
    .unwrap();
    let mut conn = pool.acquire().await.unwrap();
    for game_id in [started, forming] {
        let (_, seats) = super::queries::game_and_seats(&mut conn, game_id).await.unwrap().unwrap();
        assert_eq!(seats, super::queries::seats(&mut conn, game_id).await.unwrap());
    }
    let (game, seats) = super::queries::game_and_seats(&mut conn, started).await.unwrap().unwrap();
    assert_eq!(
        (game.name.as_str(), game.description.as_str(), game.gm_display_name.as_str()),
        ("Both at once", "the description", "gamemaster display")
    );
    assert_eq!(
        (game.deadline_notice.as_deref(), game.result_summary.as_deref()),
        (Some("the notice"), Some("the result"))
    );
    assert_eq!([game.movement_minutes, game.retreat_minutes, game.adjustment_minutes], [2880, 360, 720]);
    assert!(game.started_at.is_some() && game.deadline_at.is_some() && game.finished_at.is_none());
    // Each flag set alone in turn: a flag read into another's field would show.
    let flags =
        ["is_public", "grey_press", "press_published_after_end", "anonymous", "process_when_ready", "preview_results"];
    for (set, column) in flags.iter().enumerate() {
        let assignments: Vec<String> = flags.iter().map(|flag| format!("{flag} = {}", flag == column)).collect();
        sqlx::query(&format!("update game set {} where game_id = $1", assignments.join(", ")))
            .bind(started)
            .execute(&pool)
            .await
            .unwrap();
        let (read, _) = super::queries::game_and_seats(&mut conn, started).await.unwrap().unwrap();
        let read = [
            read.is_public,
            read.grey_press,
            read.press_published_after_end,
            read.anonymous,
            read.process_when_ready,
            read.preview_results,
        ];
        assert_eq!(read, std::array::from_fn(|at| at == set), "{column} alone");
    }
    assert_eq!(game.status, super::model::GameStatus::Running);
    assert_eq!(seats.len(), 7);
    assert!(seats.iter().all(|seat| seat.powers.len() == 1 && seat.game_seat.is_some()));
    assert!(seats.last().is_some_and(|seat| seat.account_id.is_none() && seat.display_name.is_none()));
    assert!(super::queries::game_and_seats(&mut conn, GameId(i64::MAX)).await.unwrap().is_none());
}
