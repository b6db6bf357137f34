//! Civil disorder after N missed movement phases in a row, on a real database: the seat opens in the
//! turn's transaction, the player is told, his record counts a game left in civil disorder; a player
//! who orders keeps his seat, and a game without the rule keeps everyone.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::{AccountId, GameId};
use crate::test_support::{create_game, process_phase, started_game_with, table};

async fn holders(pool: &PgPool, game_id: GameId) -> Vec<Option<AccountId>> {
    sqlx::query_scalar("select account_id from seat where game_id = $1 order by seat_id")
        .bind(game_id)
        .fetch_all(pool)
        .await
        .unwrap()
}

/// Writes an order on the first seat's sheet of the current phase, so its player misses nothing.
async fn first_seat_orders(pool: &PgPool, game_id: GameId) {
    sqlx::query(
        "update seat_order set orders = 'A vie H' where game_id = $1
           and seat_id = (select min(seat_id) from seat where game_id = $1)
           and phase_index = (select max(phase_index) from phase where game_id = $1)",
    )
    .bind(game_id)
    .execute(pool)
    .await
    .unwrap();
}

async fn account_of(pool: &PgPool, username: &str) -> AccountId {
    sqlx::query_scalar("select account_id from account where username = $1")
        .bind(username)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// A game whose rule opens a seat after one missed movement phase, past its first phase, in which every
/// player but the first missed it: answers the GM, the players, the game and the second player (absent).
async fn second_player_left_after_one_miss(
    pool: &PgPool,
) -> (crate::test_support::Client, Vec<crate::test_support::Client>, GameId, AccountId) {
    let (mut gm, mut players) = table(pool, "").await;
    let game_id = started_game_with(&mut gm, &mut players, "One strike", &[("disorder_after", "1")]).await;
    first_seat_orders(pool, game_id).await;
    process_phase(pool, game_id).await;
    (gm, players, game_id, account_of(pool, "player1").await)
}

/// Writes `orders` on `account`'s sheet of the current phase.
async fn orders_of(pool: &PgPool, game_id: GameId, account: AccountId, orders: &str) {
    sqlx::query(
        "update seat_order set orders = $3 where game_id = $1
           and seat_id = (select seat_id from seat where game_id = $1 and account_id = $2)
           and phase_index = (select max(phase_index) from phase where game_id = $1)",
    )
    .bind(game_id)
    .bind(account)
    .bind(orders)
    .execute(pool)
    .await
    .unwrap();
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_player_who_misses_n_movement_phases_in_a_row_leaves_his_seat_open_is_told_and_has_it_on_his_record(
    pool: PgPool,
) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game_with(&mut gm, &mut players, "Two strikes", &[("disorder_after", "2")]).await;
    players[1].get(&format!("/games/{game_id}")).await.assert_contains("misses 2 movement phase(s) in a row");
    first_seat_orders(&pool, game_id).await;
    process_phase(&pool, game_id).await;
    assert!(holders(&pool, game_id).await.iter().all(Option::is_some), "one miss is not yet disorder");
    first_seat_orders(&pool, game_id).await;
    process_phase(&pool, game_id).await;
    let after = holders(&pool, game_id).await;
    assert_eq!(after[0], Some(account_of(&pool, "player0").await), "who ordered keeps his seat");
    assert!(after[1..].iter().all(Option::is_none), "{after:?}");
    players[1].get("/notifications").await.assert_contains("You no longer play");
    let absent = account_of(&pool, "player1").await;
    let record = crate::reliability::record_of(&mut pool.acquire().await.unwrap(), absent).await.unwrap();
    assert_eq!(record.games_left_in_disorder, 1);
    let present = account_of(&pool, "player0").await;
    let record = crate::reliability::record_of(&mut pool.acquire().await.unwrap(), present).await.unwrap();
    assert_eq!(record.games_left_in_disorder, 0);
    // The open seat is offered for takeover.
    let mut newcomer = crate::test_support::logged_in(&pool, "newcomer").await;
    newcomer.get(&format!("/games/{game_id}/standby")).await.assert_status(StatusCode::OK).assert_contains("Take over");
}

#[sqlx::test(migrations = "../../migrations")]
async fn without_the_rule_missing_phases_opens_no_seat(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game_with(&mut gm, &mut players, "No rule", &[]).await;
    process_phase(&pool, game_id).await;
    process_phase(&pool, game_id).await;
    assert!(holders(&pool, game_id).await.iter().all(Option::is_some));
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_rule_is_checked_on_the_form(pool: PgPool) {
    let (mut gm, _) = table(&pool, "").await;
    let page = gm.post("/games", &crate::test_support::game_form("Bad rule", &[("disorder_after", "0")])).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("from 1 to 20");
    create_game(&mut gm, "Good rule", &[("disorder_after", "3")]).await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_changes_the_rule_before_the_start_on_the_panel_which_shows_it_as_stored(pool: PgPool) {
    let (mut gm, _) = table(&pool, "").await;
    let game_id = create_game(&mut gm, "Editable rule", &[("disorder_after", "3")]).await;
    let panel = format!("/games/{game_id}/admin");
    gm.get(&panel).await.assert_contains("id=\"disorder-after\" value=\"3\"");
    let settings = format!("/games/{game_id}/admin/settings");
    let refused =
        gm.post(&settings, &crate::test_support::game_form("Editable rule", &[("disorder_after", "99")])).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("from 1 to 20");
    gm.post(&settings, &crate::test_support::game_form("Editable rule", &[("disorder_after", "2")]))
        .await
        .assert_status(StatusCode::SEE_OTHER);
    gm.get(&panel).await.assert_contains("id=\"disorder-after\" value=\"2\"");
    gm.post(&settings, &crate::test_support::game_form("Editable rule", &[]))
        .await
        .assert_status(StatusCode::SEE_OTHER);
    gm.get(&format!("/games/{game_id}")).await.assert_lacks("movement phase(s) in a row");
}

#[sqlx::test(migrations = "../../migrations")]
async fn leaving_by_the_rule_counts_on_the_record_even_after_one_miss_and_a_rollback_before_it_takes_it_off(
    pool: PgPool,
) {
    let (mut gm, mut players, game_id, absent) = second_player_left_after_one_miss(&pool).await;
    assert_eq!(holders(&pool, game_id).await[1], None);
    let left = |pool: PgPool| async move {
        crate::reliability::record_of(&mut pool.acquire().await.unwrap(), absent).await.unwrap().games_left_in_disorder
    };
    // One miss is not the site's two-in-a-row disorder: this is the rule's own record.
    assert_eq!(left(pool.clone()).await, 1);
    gm.post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "The site lost the orders.")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(left(pool.clone()).await, 0);
    // The phase that opened his seat is undone: the seat is his again, and he is told.
    assert_eq!(holders(&pool, game_id).await[1], Some(absent));
    players[1].get("/notifications").await.assert_contains("You now play");
    // Replayed with his orders this time, the phase keeps him, and his record stays clean.
    first_seat_orders(&pool, game_id).await;
    orders_of(&pool, game_id, absent, "A bud H").await;
    process_phase(&pool, game_id).await;
    assert_eq!(holders(&pool, game_id).await[1], Some(absent));
    assert_eq!(left(pool.clone()).await, 0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_seat_opened_by_the_rule_and_taken_over_earns_the_newcomer_credit_and_stays_his_after_a_rollback(
    pool: PgPool,
) {
    let (mut gm, _, game_id, absent) = second_player_left_after_one_miss(&pool).await;
    let seat_id: crate::ids::SeatId =
        sqlx::query_scalar("select seat_id from seat where game_id = $1 order by seat_id offset 1 limit 1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    let mut newcomer = crate::test_support::logged_in(&pool, "newcomer").await;
    newcomer.post(&format!("/games/{game_id}/standby/seats/{seat_id}/take-over"), &[]).await;
    let newcomer_id = account_of(&pool, "newcomer").await;
    gm.post(&format!("/games/{game_id}/standby/seats/{seat_id}/give"), &[("account_id", &newcomer_id.to_string())])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holders(&pool, game_id).await[1], Some(newcomer_id));
    orders_of(&pool, game_id, newcomer_id, "A bud H").await;
    first_seat_orders(&pool, game_id).await;
    process_phase(&pool, game_id).await;
    let credit = |pool: PgPool, account| async move {
        crate::reliability::record_of(&mut pool.acquire().await.unwrap(), account).await.unwrap().seats_taken_over
    };
    assert_eq!(credit(pool.clone(), newcomer_id).await, 1);
    assert_eq!(credit(pool.clone(), absent).await, 0);
    // A rollback before the opening does not take the seat from the one who took it over.
    gm.post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "Replaying the spring.")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holders(&pool, game_id).await[1], Some(newcomer_id));
}
