//! Notices: who is told of which event (and nobody else), the page, marking read, the header's count,
//! the mail choices, and that a notice names nobody in an anonymous game.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::{GameId, SeatId};
use crate::test_support::{Client, logged_in, process_phase, started_game, table};

async fn notice_ids(pool: &PgPool, username: &str) -> Vec<i64> {
    sqlx::query_scalar(
        "select n.notice_id from notice n join account a using (account_id) where a.username = $1 order by 1",
    )
    .bind(username)
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn confirm_address(pool: &PgPool, username: &str) {
    sqlx::query(
        "update account set email = username || '@backchannel.example', email_confirmed = true where username = $1",
    )
    .bind(username)
    .execute(pool)
    .await
    .unwrap();
}

async fn notice_mails(pool: &PgPool, username: &str) -> i64 {
    sqlx::query_scalar(
        "select count(*) from outbox_mail m join account a using (account_id) where a.username = $1 and m.kind = 'notice'",
    )
    .bind(username)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_table_is_told_of_the_start_and_of_a_rollback_with_its_reason_and_an_observer_of_neither(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Told").await;
    let mut observer = logged_in(&pool, "observer").await;
    players[0].get("/notifications").await.assert_contains("The game has started.");
    players[0].get("/games").await.assert_contains("id=\"unread-count\">1<");
    gm.get("/notifications").await.assert_contains("The game has started.");
    observer.get("/notifications").await.assert_contains("id=\"no-notices\"").assert_lacks("unread-count");

    confirm_address(&pool, "player1").await;
    players[1].post("/notifications/mail", &[]).await.assert_redirect_to("/account");
    confirm_address(&pool, "player2").await;
    process_phase(&pool, game_id).await;
    gm.post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "The site lost orders.")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    for player in &mut players {
        player
            .get("/notifications")
            .await
            .assert_contains("The GM rolled the game back to Spring 1901 Movement: The site lost orders.");
    }
    observer.get("/notifications").await.assert_contains("id=\"no-notices\"");
    assert_eq!(notice_mails(&pool, "player2").await, 1, "a rollback is mailed by default");
    assert_eq!(notice_mails(&pool, "player1").await, 0, "player1 turned notice mail off");

    let rolled_back = *notice_ids(&pool, "player0").await.last().unwrap();
    let open = format!("/notifications/{rolled_back}");
    players[1].post(&open, &[]).await.assert_error_page(StatusCode::NOT_FOUND);
    players[0].post(&open, &[]).await.assert_redirect_to(&format!("/games/{game_id}/orders"));
    players[0].get("/games").await.assert_contains("id=\"unread-count\">1<");
    players[0].post("/notifications/read", &[]).await.assert_redirect_to("/notifications");
    players[0].get("/games").await.assert_lacks("unread-count");
}

async fn seat_of(pool: &PgPool, game_id: GameId, power: &str) -> SeatId {
    sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power::text = $2")
        .bind(game_id)
        .bind(power)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_takeover_request_tells_the_gm_and_the_new_holder_is_told_yet_no_notice_names_him_in_an_anonymous_game(
    pool: PgPool,
) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Anonymous").await;
    sqlx::query("update game set anonymous = true where game_id = $1").bind(game_id).execute(&pool).await.unwrap();
    let france = seat_of(&pool, game_id, "france").await;
    gm.post(&format!("/games/{game_id}/admin/seats/{france}/remove"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.post(&format!("/games/{game_id}/gm/settings"), &[("takeover_needs_approval", "on")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let mut newcomer = logged_in(&pool, "sneakynewcomer").await;
    newcomer
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    gm.get("/notifications").await.assert_contains("A player asks to take over seat 3 (France).");
    let newcomer_id: i64 = sqlx::query_scalar("select account_id from account where username = 'sneakynewcomer'")
        .fetch_one(&pool)
        .await
        .unwrap();
    gm.post(&format!("/games/{game_id}/standby/seats/{france}/give"), &[("account_id", &newcomer_id.to_string())])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    newcomer.get("/notifications").await.assert_contains("You now play seat 3 (France): give its orders.");
    for player in players.iter_mut().chain([&mut gm]) {
        player.get("/notifications").await.assert_lacks("sneakynewcomer");
    }
    Client::new(pool.clone()).get("/notifications").await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn results_waiting_for_release_tell_the_gm_alone(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Previewed").await;
    gm.post(&format!("/games/{game_id}/gm/settings"), &[("preview_results", "on")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;
    gm.get("/notifications").await.assert_contains("The results of Spring 1901 Movement wait for your release.");
    players[0].get("/notifications").await.assert_lacks("wait for your release");
}
