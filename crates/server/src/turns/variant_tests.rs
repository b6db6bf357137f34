//! The variants the games crate can play, driven through the site as for Standard Diplomacy: created
//! from the new-game form, ordered through the order page, processed by the turn worker. Each test
//! plants a secret of the kind and checks it reaches its own seat and nobody else.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, POWERS, create_game, process_phase, table};

/// A game of `kind` created by `gm` that starts when `players` (in `POWERS` order) have all joined.
async fn started_variant(gm: &mut Client, players: &mut [Client], kind: &str) -> GameId {
    let game_id = create_game(gm, kind, &[("kind", kind)]).await;
    for (player, power) in players.iter_mut().zip(POWERS) {
        player.post(&format!("/games/{game_id}/join"), &[("power", power)]).await.assert_status(StatusCode::SEE_OTHER);
    }
    game_id
}

async fn save_orders(player: &mut Client, game_id: GameId, text: &str) {
    save_orders_in(player, game_id, 0, text).await;
}

async fn save_orders_in(player: &mut Client, game_id: GameId, phase: i32, text: &str) {
    player
        .submit(&format!("/games/{game_id}/orders"), &[("phase", phase.to_string().as_str()), ("text", text)])
        .await
        .assert_status(StatusCode::OK)
        .assert_lacks("Refused lines");
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

// See: sheet bribes 5 and 6 ("signified in move results as DA or DF"): the results board marks the unit a
// bribe held, the next board draws the double unit, and both keys say what the marks mean.
#[sqlx::test(migrations = "../../migrations")]
async fn a_diplobucks_board_draws_double_units_and_units_held_by_a_bribe(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "diplobucks").await;
    save_orders(&mut players[1], game_id, "BRIBE double F lon\nBRIBE hold A par\nF lon - nth").await;
    save_orders(&mut players[2], game_id, "A par - bur").await;
    process_phase(&pool, game_id).await;
    let mut observer = Client::new(pool.clone());
    let results = observer.get(&format!("/games/{game_id}/phases/0")).await;
    results
        .assert_status(StatusCode::OK)
        .assert_contains("France A par: held by a bribe")
        .assert_contains("held by a bribe");
    let game = observer.get(&format!("/games/{game_id}")).await;
    game.assert_contains("England: double fleet in North Sea").assert_contains("double unit (DA, DF)");
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

/// Fixes the game's seed before its first phase is processed, so the founding die below is known.
async fn set_seed(pool: &PgPool, game_id: GameId, seed: i64) {
    sqlx::query("update game set rng_seed = $2 where game_id = $1")
        .bind(game_id)
        .bind(seed)
        .execute(pool)
        .await
        .unwrap();
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_terrorism_gm_press_award_fills_a_group_s_treasury_and_the_log_keeps_the_note_secret(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "terrorism_i").await;
    set_seed(&pool, game_id, 7).await;
    // The first turn's income pays for the founding in the second.
    process_phase(&pool, game_id).await;
    save_orders_in(&mut players[2], game_id, 1, "FOUND 4 IN ruh AS Ruhr Front").await;
    process_phase(&pool, game_id).await;
    players[2].get(&format!("/games/{game_id}/phases/1")).await.assert_contains("Ruhr Front is founded");
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("Write <code>AWARD &#60;group");

    let award = format!("/games/{game_id}/admin/kind-action");
    gm.post(&award, &[("action", "AWARD Ruhr Front 6 for the secret manifesto")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let log = players[3].get(&format!("/games/{game_id}/log")).await;
    log.assert_contains("The treasury of Ruhr Front (ruh) goes from 4 to 10").assert_lacks("secret manifesto");
    players[3].get(&format!("/games/{game_id}")).await.assert_lacks("secret manifesto");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_refused_gm_action_keeps_its_text_and_says_why(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "terrorism_i").await;
    let award = format!("/games/{game_id}/admin/kind-action");
    gm.post(&award, &[("action", "AWARD Nobody 5 for trying")])
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-kind-action\"")
        .assert_contains("no terrorist group is named")
        .assert_contains("value=\"AWARD Nobody 5 for trying\"");
    players[0].post(&award, &[("action", "AWARD Nobody 5")]).await.assert_error_page(StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_standard_game_offers_no_gm_action(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_variant(&mut gm, &mut players, "standard").await;
    gm.get(&format!("/games/{game_id}/admin")).await.assert_status(StatusCode::OK).assert_lacks("kind-action");
    gm.post(&format!("/games/{game_id}/admin/kind-action"), &[("action", "AWARD x 1")])
        .await
        .assert_error_page(StatusCode::CONFLICT);
}
