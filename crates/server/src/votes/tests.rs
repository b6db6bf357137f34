//! Players' votes on a real database: secret until unanimous, a unanimous pause pausing as the GM's
//! does, a unanimous cancel ending the game with no result on anyone's record, and the audit line.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, game_status, started_game, table};

async fn vote(client: &mut Client, game_id: GameId, motion: &str) -> crate::test_support::Page {
    client.submit(&format!("/games/{game_id}/votes"), &[("motion", motion), ("vote", "yes")]).await
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_pause_vote_stays_secret_until_every_player_votes_then_pauses_the_game_as_the_gms_pause_does(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Paused by votes").await;
    players[0].get(&format!("/games/{game_id}")).await.assert_contains("id=\"votes-link\"");
    for player in &mut players[..6] {
        vote(player, game_id, "pause").await.assert_status(StatusCode::OK).assert_contains("you vote for it");
    }
    assert_eq!(game_status(&pool, game_id).await, "running");
    // Nobody else, nor the GM, learns of the six votes.
    players[6].get(&format!("/games/{game_id}/votes")).await.assert_lacks("you vote for it");
    for page in [format!("/games/{game_id}"), format!("/games/{game_id}/admin"), format!("/games/{game_id}/gm")] {
        gm.get(&page).await.assert_lacks("players' unanimous vote").assert_lacks("voted to pause");
    }
    let page = vote(&mut players[6], game_id, "pause").await;
    page.assert_contains("the game is paused");
    assert_eq!(game_status(&pool, game_id).await, "paused");
    let (deadline, remaining): (Option<chrono::DateTime<chrono::Utc>>, Option<i64>) =
        sqlx::query_as("select deadline_at, paused_remaining_seconds from game where game_id = $1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(deadline.is_none() && remaining.is_some_and(|seconds| seconds > 0));
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("Paused by the players&#39; unanimous vote");
    // The log names the players' vote, neither the GM nor any player.
    let log = players[0].get(&format!("/games/{game_id}/log")).await;
    log.assert_contains("The players&#39; vote");
    let actors: Vec<Option<i64>> =
        sqlx::query_scalar("select actor_account_id from game_audit where game_id = $1 and action = 'players_pause'")
            .bind(game_id)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(actors, vec![None]);
    // The pause votes are spent, and the GM's resume is unchanged.
    gm.post(&format!("/games/{game_id}/admin/resume"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(game_status(&pool, game_id).await, "running");
    players[0].get(&format!("/games/{game_id}/votes")).await.assert_lacks("you vote for it");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_unanimous_cancel_ends_the_game_with_no_result_on_anyones_record(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Cancelled by votes").await;
    for player in &mut players {
        vote(player, game_id, "cancel").await;
    }
    assert_eq!(game_status(&pool, game_id).await, "finished");
    let cancelled: bool = sqlx::query_scalar("select cancelled from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(cancelled);
    Client::new(pool.clone())
        .get("/players/player0")
        .await
        .assert_contains("id=\"games-finished\">0<")
        .assert_contains("Cancelled by its players");
}

#[sqlx::test(migrations = "../../migrations")]
async fn only_the_games_players_vote_and_a_bad_motion_is_a_400(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Outsiders").await;
    let mut outsider = crate::test_support::logged_in(&pool, "outsider").await;
    outsider
        .post(&format!("/games/{game_id}/votes"), &[("motion", "pause"), ("vote", "yes")])
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
    gm.post(&format!("/games/{game_id}/votes"), &[("motion", "pause"), ("vote", "yes")])
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
    players[0]
        .post(&format!("/games/{game_id}/votes"), &[("motion", "resign"), ("vote", "yes")])
        .await
        .assert_error_page(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_api_gives_and_reads_a_seats_own_vote_and_a_unanimous_pause_passes(pool: PgPool) {
    use crate::api::tests::{api_app, call, token_of};
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Voted through the API").await;
    let app = api_app(&pool, 100_000);
    let path = format!("/games/{game_id}/votes");
    for index in 0..7 {
        let token = token_of(&pool, &format!("player{index}")).await;
        let answer =
            call(&app, "PUT", &path, Some(&token), Some(serde_json::json!({"motion": "pause", "vote": true}))).await;
        assert_eq!(answer.ok()["passed"], index == 6);
    }
    assert_eq!(game_status(&pool, game_id).await, "paused");
}
