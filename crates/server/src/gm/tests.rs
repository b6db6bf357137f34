//! Handler tests of the GM's tools: the GM's view and who may open it, process now, preview → release
//! (and that nothing of a preview reaches any other page or mail before it), reopening, and rollback by
//! replay. The worker's `tick` is called directly; nothing sleeps.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, SubsecRound, Utc};
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, assert_lacks_any_case, logged_in, started_game, table};
use crate::turns::{Outcome, tick};

async fn make_due(pool: &PgPool, game_id: GameId) -> DateTime<Utc> {
    sqlx::query("update game set deadline_at = $2 where game_id = $1")
        .bind(game_id)
        .bind(Utc::now() - Duration::minutes(1))
        .execute(pool)
        .await
        .unwrap();
    Utc::now().trunc_subsecs(6)
}

/// (phase index, processed) for every phase of the game.
async fn phases_of(pool: &PgPool, game_id: GameId) -> Vec<(i32, bool)> {
    sqlx::query_as("select phase_index, processed_at is not null from phase where game_id = $1 order by phase_index")
        .bind(game_id)
        .fetch_all(pool)
        .await
        .unwrap()
}

async fn order(client: &mut Client, game_id: GameId, phase: &str, text: &str) -> crate::test_support::Page {
    client.submit(&format!("/games/{game_id}/orders"), &[("phase", phase), ("text", text)]).await
}

async fn mails(pool: &PgPool, game_id: GameId) -> i64 {
    sqlx::query_scalar("select count(*) from outbox_mail where game_id = $1")
        .bind(game_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// An API token for `username`, made as the tokens page makes one.
async fn api_token(pool: &PgPool, username: &str) -> String {
    let account_id: crate::ids::AccountId = sqlx::query_scalar("select account_id from account where username = $1")
        .bind(username)
        .fetch_one(pool)
        .await
        .unwrap();
    let token = crate::api::auth::new_token();
    let mut conn = pool.acquire().await.unwrap();
    crate::api::queries::insert_token(&mut conn, account_id, "test", &crate::api::auth::token_hash(&token), None)
        .await
        .unwrap();
    token
}

/// An API request as `token` (none: a visitor).
async fn api(
    client: &mut Client,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> crate::test_support::Page {
    let mut request = axum::http::Request::builder().method(method).uri(format!("/api/v1{path}"));
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let request = request.header("content-type", "application/json").body(axum::body::Body::from(body.to_owned()));
    client.send(request.unwrap()).await
}

async fn all_mail_text(pool: &PgPool) -> String {
    let rows: Vec<String> = sqlx::query_scalar("select content::text from outbox_mail").fetch_all(pool).await.unwrap();
    rows.join("\n")
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_view_shows_each_seats_orders_and_readiness_and_nobody_else_may_open_it(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Seen by the GM").await;
    order(&mut players[0], game_id, "0", "A vie - gal").await.assert_contains("Saved 1 order.");
    players[0].post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")]).await;
    let path = format!("/games/{game_id}/gm");
    gm.get(&path)
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("A vie - gal")
        .assert_contains("Orders in · ready")
        .assert_contains("Austria: player0 display");
    for player in &mut players[1..3] {
        player.get(&path).await.assert_error_page(StatusCode::FORBIDDEN).assert_lacks("A vie - gal");
    }
    let mut observer = logged_in(&pool, "observer").await;
    observer.get(&path).await.assert_error_page(StatusCode::FORBIDDEN);
    Client::new(pool.clone()).get(&path).await.assert_error_page(StatusCode::UNAUTHORIZED);
    Client::new(pool.clone()).get("/games/999999/gm").await.assert_error_page(StatusCode::UNAUTHORIZED);
    gm.get("/games/999999/gm").await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn process_now_processes_the_phase_at_once_and_the_players_read_it_in_the_log(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Hurry").await;
    gm.post(&format!("/games/{game_id}/gm/process-now"), &[]).await.assert_redirect_to(&format!("/games/{game_id}/gm"));
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)]);
    players[3]
        .get(&format!("/games/{game_id}/log"))
        .await
        .assert_contains("Processed the phase now")
        .assert_contains("Processed Spring 1901 Movement before its deadline.");
    players[3].post(&format!("/games/{game_id}/gm/process-now"), &[]).await.assert_error_page(StatusCode::FORBIDDEN);
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)], "a player's request changed nothing");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_previewed_phase_is_seen_by_the_gm_alone_until_released_and_is_processed_exactly_once(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Preview").await;
    gm.post(&format!("/games/{game_id}/gm/settings"), &[("preview_results", "on"), ("takeover_needs_approval", "on")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    order(&mut players[0], game_id, "0", "A vie - gal").await.assert_contains("Saved 1 order.");
    order(&mut players[5], game_id, "0", "A war - gal").await.assert_contains("Saved 1 order.");
    // Every player has an address (and the default opt-ins), so a leak by mail would show.
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true")
        .execute(&pool)
        .await
        .unwrap();
    let mails_before = mails(&pool, game_id).await;
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Idle, "a waiting preview is never claimed again");
    assert_eq!(phases_of(&pool, game_id).await, [(0, false)], "nothing is processed before the release");
    // The GM sees the bounce; nobody else sees a trace of it, and no mail tells of it.
    gm.get(&format!("/games/{game_id}/gm"))
        .await
        .assert_contains("Results waiting for release")
        .assert_contains("Russia: A war - gal: fails");
    let secrets = ["A war - gal", "war - gal", "bounce", "fails", "succeeds"];
    let mut pages = vec![
        format!("/games/{game_id}"),
        format!("/games/{game_id}/phases"),
        format!("/games/{game_id}/phases/0"),
        format!("/games/{game_id}/phases/1"),
        format!("/games/{game_id}/log"),
        format!("/games/{game_id}/press"),
        "/dashboard".to_owned(),
    ];
    for viewer in &mut players[..5] {
        pages.push(format!("/games/{game_id}/orders"));
        for path in &pages {
            let body = viewer.get(path).await.body;
            // An order page lists every legal order, Russia's move among the supports: only results count there.
            let leaks = if path.ends_with("/orders") { &secrets[2..] } else { &secrets[..] };
            assert_lacks_any_case(&body, leaks);
        }
        pages.pop();
    }
    let mut visitor = Client::new(pool.clone());
    for path in &pages[..4] {
        assert_lacks_any_case(&visitor.get(path).await.body, &secrets);
    }
    // Nor does the API, to a player or a visitor; and it takes no orders either.
    let england = api_token(&pool, "player1").await;
    let russia = api_token(&pool, "player5").await;
    let mut api_client = Client::new(pool.clone());
    for token in [Some(england.as_str()), None] {
        for path in
            [format!("/games/{game_id}"), format!("/games/{game_id}/phases"), format!("/games/{game_id}/phases/0")]
        {
            let answer = api(&mut api_client, "GET", &path, token, "").await;
            answer.assert_status(StatusCode::OK);
            assert_lacks_any_case(&answer.body, &secrets);
        }
    }
    let put = api(
        &mut api_client,
        "PUT",
        &format!("/games/{game_id}/orders"),
        Some(&russia),
        r#"{"phase": 0, "text": "A war - ukr"}"#,
    )
    .await;
    put.assert_status(StatusCode::CONFLICT);
    // Before the release the one mail is the GM's notice that results wait, which tells none of them.
    assert_eq!(mails(&pool, game_id).await, mails_before + 1, "no mail to the players before the release");
    assert_lacks_any_case(&all_mail_text(&pool).await, &secrets);
    // Orders are closed while the preview waits, and the players are told why.
    players[5].get(&format!("/games/{game_id}/orders")).await.assert_contains("the GM is checking this phase");
    players[5].get("/dashboard").await.assert_contains("results being checked by the GM");
    order(&mut players[5], game_id, "0", "A war - ukr")
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("checking");
    // Only the GM releases; two releases process the phase once.
    players[0].post(&format!("/games/{game_id}/gm/release"), &[]).await.assert_error_page(StatusCode::FORBIDDEN);
    gm.post(&format!("/games/{game_id}/gm/release"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.post(&format!("/games/{game_id}/gm/release"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)]);
    assert!(mails(&pool, game_id).await > mails_before, "the release mails the players");
    players[2].get(&format!("/games/{game_id}/phases/0")).await.assert_contains("A war - gal");
    players[2]
        .get(&format!("/games/{game_id}/log"))
        .await
        .assert_contains("Released the results of Spring 1901 Movement.");
    let deadline: Option<DateTime<Utc>> = sqlx::query_scalar("select deadline_at from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(deadline.is_some(), "the next phase has its deadline");
}

#[sqlx::test(migrations = "../../migrations")]
async fn reopened_orders_are_worked_out_again_with_the_late_and_corrected_orders(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Reopen").await;
    gm.post(&format!("/games/{game_id}/gm/settings"), &[("preview_results", "on")]).await;
    order(&mut players[0], game_id, "0", "A vie - gal").await;
    order(&mut players[5], game_id, "0", "A war - gal").await;
    gm.post(&format!("/games/{game_id}/gm/process-now"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.get(&format!("/games/{game_id}/gm")).await.assert_contains("Russia: A war - gal: fails");
    gm.post(&format!("/games/{game_id}/gm/reopen"), &[("by", "soon")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    gm.post(&format!("/games/{game_id}/gm/reopen"), &[("by", "2h")]).await.assert_status(StatusCode::SEE_OTHER);
    gm.post(&format!("/games/{game_id}/gm/reopen"), &[("by", "2h")]).await.assert_error_page(StatusCode::CONFLICT);
    order(&mut players[5], game_id, "0", "A war - ukr").await.assert_contains("Saved 1 order.");
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    let page = gm.get(&format!("/games/{game_id}/gm")).await;
    page.assert_contains("Russia: A war - ukr: succeeds").assert_contains("Austria: A vie - gal: succeeds");
    gm.post(&format!("/games/{game_id}/gm/release"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    players[1].get(&format!("/games/{game_id}/log")).await.assert_contains("Reopened the orders until");
}

/// Plays phases 0 and 1 (Spring and Fall 1901 movement; no retreats) through process now.
async fn two_processed_phases(pool: &PgPool) -> (Client, Vec<Client>, GameId) {
    let (mut gm, mut players) = table(pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Rollback").await;
    order(&mut players[0], game_id, "0", "A vie - gal\nF tri - alb").await.assert_contains("Saved 2 orders.");
    gm.post(&format!("/games/{game_id}/gm/process-now"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    order(&mut players[0], game_id, "1", "A gal - rum").await.assert_contains("Saved 1 order.");
    gm.post(&format!("/games/{game_id}/gm/process-now"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    (gm, players, game_id)
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_rollback_replays_then_reopens_the_phase_with_its_orders_and_keeps_the_later_ones_archived(pool: PgPool) {
    let (mut gm, mut players, game_id) = two_processed_phases(&pool).await;
    let phases = phases_of(&pool, game_id).await;
    assert!(phases.len() >= 3 && phases[..2] == [(0, true), (1, true)], "{phases:?}");
    players[2]
        .post(&format!("/games/{game_id}/press"), &[("to", "public"), ("body", "Sent in Fall")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let path = format!("/games/{game_id}/gm/rollback");
    gm.post(&path, &[("phase", "0"), ("reason", "Austria's orders were lost by the site.")])
        .await
        .assert_redirect_to(&format!("/games/{game_id}/gm"));
    assert_eq!(phases_of(&pool, game_id).await, [(0, false)]);
    let archived: i64 = sqlx::query_scalar(
        "select count(*) from rolled_back_phase r join game_rollback g using (game_rollback_id) where g.game_id = $1",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(archived as usize, phases.len(), "every undone phase is kept");
    // Austria's orders of Spring 1901 are back, editable; the players are told why.
    let page = players[0].get(&format!("/games/{game_id}/orders")).await;
    page.assert_contains("A vie - gal").assert_contains("Austria&#39;s orders were lost by the site.");
    order(&mut players[0], game_id, "0", "A vie - bud").await.assert_contains("Saved 1 order.");
    players[4]
        .get(&format!("/games/{game_id}/log"))
        .await
        .assert_contains("Rolled the game back to Spring 1901 Movement");
    let press: i64 = sqlx::query_scalar("select count(*) from press_message where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(press, 1, "press is never deleted by a rollback");
    let filed_under: i32 = sqlx::query_scalar("select phase_index from press_message where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(filed_under, 0, "press of an undone phase is filed under the phase the game went back to");
    // The worker plays the phase again with the new orders.
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    players[1].get(&format!("/games/{game_id}/phases/0")).await.assert_contains("A vie - bud");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_rollback_whose_replay_does_not_give_the_stored_results_is_refused_and_changes_nothing(pool: PgPool) {
    let (mut gm, _players, game_id) = two_processed_phases(&pool).await;
    let before = phases_of(&pool, game_id).await;
    // As if the stored results had been tampered with (or a rule changed since).
    sqlx::query(
        "update phase set public_report = jsonb_set(public_report, '{events}', '[\"planted\"]') where game_id = $1 and phase_index = 1",
    )
    .bind(game_id)
    .execute(&pool)
    .await
    .unwrap();
    gm.post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "Testing")])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains(
            "replaying Fall 1901 Movement with its stored orders and seed does not give its stored public results",
        );
    assert_eq!(phases_of(&pool, game_id).await, before);
    let rollbacks: i64 = sqlx::query_scalar("select count(*) from game_rollback").fetch_one(&pool).await.unwrap();
    assert_eq!(rollbacks, 0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn bad_rollback_requests_get_4xx_pages_and_change_nothing(pool: PgPool) {
    let (mut gm, mut players, game_id) = two_processed_phases(&pool).await;
    let before = phases_of(&pool, game_id).await;
    let path = format!("/games/{game_id}/gm/rollback");
    let current = (before.len() - 1).to_string();
    for (phase, reason, status) in [
        ("zero", "why", StatusCode::BAD_REQUEST),
        ("0", "   ", StatusCode::BAD_REQUEST),
        ("-1", "why", StatusCode::BAD_REQUEST),
        (current.as_str(), "why", StatusCode::BAD_REQUEST),
        ("99", "why", StatusCode::BAD_REQUEST),
    ] {
        gm.post(&path, &[("phase", phase), ("reason", reason)]).await.assert_error_page(status);
    }
    let long = "x".repeat(501);
    gm.post(&path, &[("phase", "0"), ("reason", &long)]).await.assert_error_page(StatusCode::BAD_REQUEST);
    players[0].post(&path, &[("phase", "0"), ("reason", "mine")]).await.assert_error_page(StatusCode::FORBIDDEN);
    assert_eq!(phases_of(&pool, game_id).await, before);
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_releases_racing_process_the_phase_exactly_once(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Race to release").await;
    gm.post(&format!("/games/{game_id}/gm/settings"), &[("preview_results", "on")]).await;
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    let mut second = Client::new(pool.clone());
    second.log_in("gamemaster").await;
    let path = format!("/games/{game_id}/gm/release");
    let (first, other) = tokio::join!(gm.post(&path, &[]), second.post(&path, &[]));
    let mut statuses = [first.status, other.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::SEE_OTHER, StatusCode::CONFLICT]);
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)]);
    let releases: i64 =
        sqlx::query_scalar("select count(*) from game_audit where game_id = $1 and action = 'release_results'")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(releases, 1);
}
