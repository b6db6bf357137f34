//! Handler tests for the GM panel and the audit log.

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, POWERS, account, create_game, game_form, game_status, logged_in};

async fn deadline_of(pool: &PgPool, game_id: GameId) -> Option<DateTime<Utc>> {
    sqlx::query_scalar("select deadline_at from game where game_id = $1").bind(game_id).fetch_one(pool).await.unwrap()
}

async fn seat_ids(pool: &PgPool, game_id: GameId) -> Vec<i64> {
    sqlx::query_scalar("select seat_id from seat where game_id = $1 order by seat_id")
        .bind(game_id)
        .fetch_all(pool)
        .await
        .unwrap()
}

/// A GM with a game (GM starts it) and seven seated players.
async fn full_game(pool: &PgPool, overrides: &[(&str, &str)]) -> (Client, GameId, Vec<Client>) {
    let mut gm = logged_in(pool, "gamemaster").await;
    let mut settings = vec![("start_rule", "by_gm")];
    settings.extend_from_slice(overrides);
    let game_id = create_game(&mut gm, "Table", &settings).await;
    let mut players = Vec::new();
    for (index, power) in POWERS.iter().enumerate() {
        let mut player = logged_in(pool, &format!("player{index}")).await;
        let form: Vec<(&str, &str)> =
            if overrides.contains(&("power_assignment", "gm_assigns")) { vec![] } else { vec![("power", power)] };
        player.post(&format!("/games/{game_id}/join"), &form).await.assert_status(StatusCode::SEE_OTHER);
        players.push(player);
    }
    (gm, game_id, players)
}

#[sqlx::test(migrations = "../../migrations")]
async fn only_the_gm_or_a_site_admin_opens_the_panel(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Table", &[]).await;
    let panel = format!("/games/{game_id}/admin");
    gm.get(&panel).await.assert_status(StatusCode::OK).assert_contains("GM panel");
    logged_in(&pool, "other").await.get(&panel).await.assert_error_page(StatusCode::FORBIDDEN);
    Client::new(pool.clone()).get(&panel).await.assert_error_page(StatusCode::UNAUTHORIZED);
    gm.get("/games/424242/admin").await.assert_error_page(StatusCode::NOT_FOUND);
    account(&pool, "root", true).await;
    let mut admin = Client::new(pool.clone());
    admin.log_in("root").await;
    admin.get(&panel).await.assert_status(StatusCode::OK);
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_gm_action_is_refused_to_other_players(pool: PgPool) {
    let (_gm, game_id, mut players) = full_game(&pool, &[]).await;
    let seat = seat_ids(&pool, game_id).await[0];
    let player = &mut players[1];
    for action in ["start", "pause", "resume", "end", "extend"] {
        player
            .post(&format!("/games/{game_id}/admin/{action}"), &[("by", "1d")])
            .await
            .assert_error_page(StatusCode::FORBIDDEN);
    }
    player
        .post(&format!("/games/{game_id}/admin/seats/{seat}/remove"), &[])
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
    player
        .post(&format!("/games/{game_id}/admin/settings"), &game_form("Hijacked", &[]))
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
    assert_eq!(game_status(&pool, game_id).await, "forming");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_edits_settings_until_the_start_and_bad_ones_come_back_with_errors(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Draft", &[("start_rule", "by_gm")]).await;
    let settings = format!("/games/{game_id}/admin/settings");
    gm.post(&settings, &game_form("Final Name", &[("press", "none"), ("start_rule", "by_gm"), ("skip_sunday", "on")]))
        .await
        .assert_redirect_to(&format!("/games/{game_id}/admin"));
    gm.get(&format!("/games/{game_id}"))
        .await
        .assert_contains("Final Name")
        .assert_contains("No press (gunboat)")
        .assert_contains("Sunday");
    gm.post(&settings, &game_form("Still typed", &[("retreat", "0m")]))
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-retreat\"")
        .assert_contains("value=\"Still typed\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_turns_early_processing_off_in_the_settings_panel_and_the_game_page_says_so(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Patient", &[("start_rule", "by_gm")]).await;
    gm.get(&format!("/games/{game_id}/admin"))
        .await
        .assert_contains("name=\"process_when_ready\" id=\"process-when-ready\" checked");
    let unchecked: Vec<(&str, &str)> = game_form("Patient", &[("start_rule", "by_gm")])
        .into_iter()
        .filter(|(field, _)| *field != "process_when_ready")
        .collect();
    gm.post(&format!("/games/{game_id}/admin/settings"), &unchecked)
        .await
        .assert_redirect_to(&format!("/games/{game_id}/admin"));
    let stored: bool = sqlx::query_scalar("select process_when_ready from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(!stored);
    gm.get(&format!("/games/{game_id}/admin"))
        .await
        .assert_contains("name=\"process_when_ready\" id=\"process-when-ready\">");
    Client::new(pool.clone())
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("Never: each phase waits for its deadline");
}

#[sqlx::test(migrations = "../../migrations")]
async fn settings_cannot_change_after_the_start(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[]).await;
    gm.post(&format!("/games/{game_id}/admin/start"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.post(&format!("/games/{game_id}/admin/settings"), &game_form("Too late", &[]))
        .await
        .assert_error_page(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_cannot_start_before_every_seat_is_taken(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Sparse", &[("start_rule", "by_gm")]).await;
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("Only 0 of 7 seats are taken");
    gm.post(&format!("/games/{game_id}/admin/start"), &[])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("Only 0 of 7 seats");
    assert_eq!(game_status(&pool, game_id).await, "forming");
}

#[sqlx::test(migrations = "../../migrations")]
async fn start_pause_resume_extend_and_end_move_the_game_and_its_deadline(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[]).await;
    let admin = format!("/games/{game_id}/admin");
    gm.post(&format!("{admin}/extend"), &[("by", "1d")]).await.assert_error_page(StatusCode::CONFLICT);
    gm.post(&format!("{admin}/start"), &[]).await.assert_redirect_to(&admin);
    assert_eq!(game_status(&pool, game_id).await, "running");
    let first = deadline_of(&pool, game_id).await.unwrap();
    gm.post(&format!("{admin}/start"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    gm.post(&format!("{admin}/extend"), &[("by", "soon")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    gm.post(&format!("{admin}/extend"), &[("by", "2h")]).await.assert_redirect_to(&admin);
    assert_eq!(deadline_of(&pool, game_id).await.unwrap() - first, chrono::Duration::hours(2));
    gm.post(&format!("{admin}/resume"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    gm.post(&format!("{admin}/pause"), &[]).await.assert_redirect_to(&admin);
    assert_eq!(game_status(&pool, game_id).await, "paused");
    assert_eq!(deadline_of(&pool, game_id).await, None);
    gm.post(&format!("{admin}/resume"), &[]).await.assert_redirect_to(&admin);
    let resumed = deadline_of(&pool, game_id).await.unwrap();
    let expected = first + chrono::Duration::hours(2);
    assert!((resumed - expected).num_seconds().abs() < 60, "resumed {resumed}, expected about {expected}");
    gm.post(&format!("{admin}/end"), &[]).await.assert_redirect_to(&admin);
    assert_eq!(game_status(&pool, game_id).await, "finished");
    gm.post(&format!("{admin}/end"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    let actions: Vec<String> =
        sqlx::query_scalar("select action::text from game_audit where game_id = $1 order by game_audit_id")
            .bind(game_id)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(actions, ["create", "start", "extend_deadline", "pause", "resume", "end"]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_deadline_the_gm_extends_or_resumes_onto_a_no_process_weekday_moves_on_a_day(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[]).await;
    let admin = format!("/games/{game_id}/admin");
    gm.post(&format!("{admin}/start"), &[]).await.assert_redirect_to(&admin);
    let first = deadline_of(&pool, game_id).await.unwrap();
    let zone: chrono_tz::Tz = sqlx::query_scalar::<_, String>("select deadline_time_zone from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap()
        .parse()
        .unwrap();
    let block_weekday_of = |at: chrono::DateTime<chrono::Utc>| {
        let day = chrono::Datelike::weekday(&at.with_timezone(&zone));
        sqlx::query("update game set no_process_weekdays = $2 where game_id = $1")
            .bind(game_id)
            .bind(1_i16 << day.num_days_from_monday())
            .execute(&pool)
    };
    block_weekday_of(first + chrono::Duration::hours(2)).await.unwrap();
    gm.post(&format!("{admin}/extend"), &[("by", "2h")]).await.assert_redirect_to(&admin);
    let extended = deadline_of(&pool, game_id).await.unwrap();
    assert_eq!(extended - first, chrono::Duration::hours(2) + chrono::Duration::days(1));

    gm.post(&format!("{admin}/pause"), &[]).await.assert_redirect_to(&admin);
    let left: i64 = sqlx::query_scalar("select paused_remaining_seconds from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let plain_resume = chrono::Utc::now() + chrono::Duration::seconds(left);
    block_weekday_of(plain_resume).await.unwrap();
    gm.post(&format!("{admin}/resume"), &[]).await.assert_redirect_to(&admin);
    let resumed = deadline_of(&pool, game_id).await.unwrap();
    let moved = resumed - plain_resume - chrono::Duration::days(1);
    assert!(moved.num_seconds().abs() < 60, "resumed {resumed}, expected a day after {plain_resume}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn removing_a_player_frees_the_seat_before_the_start_and_empties_it_after(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[]).await;
    let seats = seat_ids(&pool, game_id).await;
    let remove = |seat: i64| format!("/games/{game_id}/admin/seats/{seat}/remove");
    gm.post(&remove(seats[0]), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(seat_ids(&pool, game_id).await.len(), 6);
    let mut newcomer = logged_in(&pool, "newcomer").await;
    newcomer
        .post(&format!("/games/{game_id}/join"), &[("power", "austria")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    gm.post(&format!("/games/{game_id}/admin/start"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.post(&remove(seats[1]), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let holder: Option<i64> = sqlx::query_scalar("select account_id from seat where seat_id = $1")
        .bind(seats[1])
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(holder, None, "after the start the seat stays, empty, with its power");
    gm.post(&remove(seats[1]), &[]).await.assert_error_page(StatusCode::CONFLICT);
    gm.post(&remove(999_999), &[]).await.assert_error_page(StatusCode::NOT_FOUND);
    gm.post(&format!("/games/{game_id}/admin/seats/nope/remove"), &[]).await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn replacing_a_player_needs_an_existing_account_not_already_seated(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[]).await;
    gm.post(&format!("/games/{game_id}/admin/start"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let seat = seat_ids(&pool, game_id).await[2];
    let replace = format!("/games/{game_id}/admin/seats/{seat}/replace");
    gm.post(&replace, &[("username", "ghost")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    gm.post(&replace, &[("username", "")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    gm.post(&replace, &[("username", "player3")]).await.assert_error_page(StatusCode::CONFLICT);
    account(&pool, "substitute", false).await;
    gm.post(&replace, &[("username", "substitute")]).await.assert_status(StatusCode::SEE_OTHER);
    gm.get(&format!("/games/{game_id}")).await.assert_contains("substitute display");
    gm.get(&format!("/games/{game_id}/log")).await.assert_contains("to substitute display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn when_the_gm_assigns_powers_the_game_waits_for_every_assignment(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[("power_assignment", "gm_assigns")]).await;
    let seats = seat_ids(&pool, game_id).await;
    gm.post(&format!("/games/{game_id}/admin/start"), &[])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("Assign a power");
    for (seat, power) in seats.iter().zip(POWERS) {
        gm.post(&format!("/games/{game_id}/admin/seats/{seat}/power"), &[("power", power)])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    gm.post(&format!("/games/{game_id}/admin/seats/{}/power", seats[0]), &[("power", "england")])
        .await
        .assert_error_page(StatusCode::CONFLICT);
    gm.post(&format!("/games/{game_id}/admin/start"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(game_status(&pool, game_id).await, "running");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_log_is_read_by_the_games_players_and_unmasks_nobody_in_anonymous_games(pool: PgPool) {
    let (mut gm, game_id, mut players) = full_game(&pool, &[("anonymous", "on")]).await;
    let seat = seat_ids(&pool, game_id).await[0];
    gm.post(&format!("/games/{game_id}/admin/seats/{seat}/remove"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let log = format!("/games/{game_id}/log");
    players[1]
        .get(&log)
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Removed the player of seat 1 (Austria).")
        .assert_lacks("player0 display");
    logged_in(&pool, "outsider").await.get(&log).await.assert_error_page(StatusCode::FORBIDDEN);
    Client::new(pool.clone()).get(&log).await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn names_in_an_anonymous_game_appear_once_it_ends(pool: PgPool) {
    let (mut gm, game_id, _players) = full_game(&pool, &[("anonymous", "on")]).await;
    let page = format!("/games/{game_id}");
    let mut observer = Client::new(pool.clone());
    observer.get(&page).await.assert_lacks("player0 display");
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    observer.get(&page).await.assert_contains("player0 display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_site_admin_page_lists_every_game_and_account_for_site_admins_only(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    create_game(&mut gm, "Hidden Table", &[("visibility", "private")]).await;
    gm.get("/admin").await.assert_error_page(StatusCode::FORBIDDEN);
    Client::new(pool.clone()).get("/admin").await.assert_error_page(StatusCode::UNAUTHORIZED);
    account(&pool, "root", true).await;
    let mut admin = Client::new(pool.clone());
    admin.log_in("root").await;
    admin
        .get("/admin")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Hidden Table")
        .assert_contains("gamemaster display")
        .assert_lacks("$argon2");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_site_admin_grants_and_revokes_admin_but_never_their_own(pool: PgPool) {
    let target = account(&pool, "helper", false).await;
    let root = account(&pool, "root", true).await;
    let mut admin = Client::new(pool.clone());
    admin.log_in("root").await;
    let is_admin = |id: crate::ids::AccountId| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, bool>("select is_site_admin from account where account_id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let path = format!("/admin/accounts/{target}/site-admin");
    admin.post(&path, &[("site_admin", "true")]).await.assert_redirect_to("/admin");
    assert!(is_admin(target).await);
    admin.post(&path, &[("site_admin", "maybe")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    admin.post(&path, &[("site_admin", "false")]).await.assert_redirect_to("/admin");
    assert!(!is_admin(target).await);
    admin
        .post(&format!("/admin/accounts/{root}/site-admin"), &[("site_admin", "false")])
        .await
        .assert_error_page(StatusCode::CONFLICT);
    assert!(is_admin(root).await);
    admin
        .post("/admin/accounts/999999/site-admin", &[("site_admin", "true")])
        .await
        .assert_error_page(StatusCode::NOT_FOUND);
    let mut helper = Client::new(pool.clone());
    helper.log_in("helper").await;
    helper
        .post(&format!("/admin/accounts/{root}/site-admin"), &[("site_admin", "false")])
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
}
