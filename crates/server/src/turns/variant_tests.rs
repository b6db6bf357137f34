//! The variants the games crate can play, driven through the site as for Standard Diplomacy: created
//! from the new-game form, ordered through the order page, processed by the turn worker. Each test
//! plants a secret of the kind and checks it reaches its own seat and nobody else.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use sqlx::PgPool;

use super::{Outcome, tick};
use crate::ids::GameId;
use crate::test_support::{Client, POWERS, create_game, table};

/// A game of `kind` created by `gm` that starts when `players` (in `POWERS` order) have all joined.
async fn started_variant(gm: &mut Client, players: &mut [Client], kind: &str) -> GameId {
    let game_id = create_game(gm, kind, &[("kind", kind)]).await;
    for (player, power) in players.iter_mut().zip(POWERS) {
        player.post(&format!("/games/{game_id}/join"), &[("power", power)]).await.assert_status(StatusCode::SEE_OTHER);
    }
    game_id
}

async fn save_orders(player: &mut Client, game_id: GameId, text: &str) {
    player
        .post(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", text)])
        .await
        .assert_status(StatusCode::OK)
        .assert_lacks("Refused lines");
}

/// Makes the game due and lets the worker process its phase.
async fn process_phase(pool: &PgPool, game_id: GameId) {
    sqlx::query("update game set deadline_at = now() - interval '1 minute' where game_id = $1")
        .bind(game_id)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(tick(pool, Utc::now() + Duration::seconds(1)).await.unwrap(), Outcome::Advanced(game_id));
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_diplobucks_game_shows_each_power_its_own_balance_and_nobody_else_any(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "diplobucks").await;
    let england = players[1].get(&format!("/games/{game_id}/orders")).await;
    england.assert_status(StatusCode::OK).assert_contains("Only you can see this").assert_contains("Your balance");
    let mut observer = Client::new(pool.clone());
    for page in [format!("/games/{game_id}"), format!("/games/{game_id}/phases")] {
        observer.get(&page).await.assert_status(StatusCode::OK).assert_lacks("Your balance");
        players[0].get(&page).await.assert_lacks("Your balance");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_diplobucks_bribe_is_processed_by_the_worker_and_only_its_payer_learns_the_answer(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "diplobucks").await;
    save_orders(&mut players[1], game_id, "BRIBE learn Turkey\nF lon - nth").await;
    process_phase(&pool, game_id).await;

    let results = format!("/games/{game_id}/phases/0");
    let england = players[1].get(&results).await;
    england.assert_status(StatusCode::OK).assert_contains("Turkey has 1000 DB").assert_contains("BRIBE learn Turkey");
    let mut observer = Client::new(pool.clone());
    observer.get(&results).await.assert_status(StatusCode::OK).assert_lacks("Turkey has").assert_lacks("BRIBE learn");
    for reader in [6, 2] {
        players[reader].get(&results).await.assert_lacks("Turkey has").assert_lacks("BRIBE learn");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_covert_dip_game_keeps_each_power_s_fund_balance_to_itself(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "covert_dip").await;
    players[2].get(&format!("/games/{game_id}/orders")).await.assert_contains("Your FDs in Switzerland");
    save_orders(&mut players[2], game_id, "A par - bur").await;
    process_phase(&pool, game_id).await;
    let mut observer = Client::new(pool.clone());
    observer.get(&format!("/games/{game_id}/phases/0")).await.assert_status(StatusCode::OK).assert_lacks("Your FDs");
    players[3].get(&format!("/games/{game_id}")).await.assert_lacks("Your FDs");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_terrorism_agency_is_known_to_its_owner_alone(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "terrorism_i").await;
    save_orders(&mut players[2], game_id, "OPEN Deuxieme Bureau\nA par - bur").await;
    process_phase(&pool, game_id).await;

    let orders = format!("/games/{game_id}/orders");
    players[2]
        .get(&orders)
        .await
        .assert_contains("Only you can see this")
        .assert_contains("Your agency Deuxieme Bureau");
    players[3].get(&orders).await.assert_status(StatusCode::OK).assert_lacks("Deuxieme Bureau");
    let mut observer = Client::new(pool.clone());
    for page in [format!("/games/{game_id}"), format!("/games/{game_id}/phases/0"), format!("/games/{game_id}/phases")]
    {
        observer.get(&page).await.assert_status(StatusCode::OK).assert_lacks("Deuxieme Bureau");
        players[3].get(&page).await.assert_lacks("Deuxieme Bureau");
    }
}
