//! The replacement flow: a seat in civil disorder is taken over at once or after the GM's approval,
//! by people without a seat; seats not in civil disorder and seated players are refused.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::{GameId, SeatId};
use crate::test_support::{Client, logged_in, started_game, table};

async fn seat_of(pool: &PgPool, game_id: GameId, power: &str) -> SeatId {
    sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power::text = $2")
        .bind(game_id)
        .bind(power)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn holder(pool: &PgPool, seat: SeatId) -> Option<String> {
    sqlx::query_scalar(
        "select a.username from seat s left join account a on a.account_id = s.account_id where s.seat_id = $1",
    )
    .bind(seat)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// A started game whose GM removed France's player: France is in civil disorder.
async fn game_with_an_empty_seat(pool: &PgPool) -> (Client, Vec<Client>, GameId, SeatId) {
    let (mut gm, mut players) = table(pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Disorder").await;
    let france = seat_of(pool, game_id, "france").await;
    gm.post(&format!("/games/{game_id}/admin/seats/{france}/remove"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    (gm, players, game_id, france)
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_seat_in_civil_disorder_is_taken_over_once_the_gm_approves(pool: PgPool) {
    let (mut gm, mut players, game_id, france) = game_with_an_empty_seat(&pool).await;
    let mut newcomer = logged_in(&pool, "newcomer").await;
    newcomer.get(&format!("/games/{game_id}/standby")).await.assert_contains("seat 3 (France)");
    let take = format!("/games/{game_id}/standby/seats/{france}/take-over");
    newcomer.post(&take, &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holder(&pool, france).await, None, "the GM's approval comes first");
    // Seated players and the GM cannot take it; a seat not in civil disorder cannot be taken.
    players[0].post(&take, &[]).await.assert_error_page(StatusCode::CONFLICT);
    let germany = seat_of(&pool, game_id, "germany").await;
    let mut other = logged_in(&pool, "other").await;
    other
        .post(&format!("/games/{game_id}/standby/seats/{germany}/take-over"), &[])
        .await
        .assert_error_page(StatusCode::CONFLICT);
    other.post(&format!("/games/{game_id}/standby"), &[("standby", "on")]).await.assert_status(StatusCode::SEE_OTHER);
    let view = gm.get(&format!("/games/{game_id}/gm")).await;
    view.assert_contains("seat 3 (France) is in civil disorder")
        .assert_contains("newcomer display (asked)")
        .assert_contains("other display (stands by)");
    let newcomer_id: i64 = sqlx::query_scalar("select account_id from account where username = 'newcomer'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let give = format!("/games/{game_id}/standby/seats/{france}/give");
    players[1].post(&give, &[("account_id", &newcomer_id.to_string())]).await.assert_error_page(StatusCode::FORBIDDEN);
    gm.post(&give, &[("account_id", "nobody")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    gm.post(&give, &[("account_id", &newcomer_id.to_string())]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holder(&pool, france).await.as_deref(), Some("newcomer"));
    newcomer.get(&format!("/games/{game_id}/orders")).await.assert_status(StatusCode::OK);
    players[3]
        .get(&format!("/games/{game_id}/log"))
        .await
        .assert_contains("newcomer display took over seat 3 (France)");
    gm.post(&give, &[("account_id", &newcomer_id.to_string())]).await.assert_error_page(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn without_the_gms_approval_a_seat_in_civil_disorder_is_taken_at_once(pool: PgPool) {
    let (mut gm, _players, game_id, france) = game_with_an_empty_seat(&pool).await;
    gm.post(&format!("/games/{game_id}/gm/settings"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let mut newcomer = logged_in(&pool, "newcomer").await;
    newcomer
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holder(&pool, france).await.as_deref(), Some("newcomer"));
    gm.get(&format!("/games/{game_id}/log")).await.assert_contains("took over").assert_contains("newcomer");
    let mut late = logged_in(&pool, "late").await;
    late.post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_error_page(StatusCode::CONFLICT);
    Client::new(pool.clone())
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_player_who_sent_nothing_in_the_last_two_phases_is_in_civil_disorder(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Silent").await;
    let standby = format!("/games/{game_id}/standby");
    for phase in ["0", "1"] {
        players[0].submit(&format!("/games/{game_id}/orders"), &[("phase", phase), ("text", "A vie H")]).await;
        gm.post(&format!("/games/{game_id}/gm/process-now"), &[]).await.assert_status(StatusCode::SEE_OTHER);
        if phase == "0" {
            // One missed phase is not yet civil disorder.
            logged_in(&pool, "early").await.get(&standby).await.assert_contains("No seat is in civil disorder now.");
        }
    }
    let page = logged_in(&pool, "watcher").await.get(&standby).await;
    page.assert_contains("(Turkey)").assert_lacks("(Austria)");
}

#[sqlx::test(migrations = "../../migrations")]
async fn in_an_anonymous_game_the_log_never_names_who_took_a_seat_over(pool: PgPool) {
    let (mut gm, players, game_id, france) = game_with_an_empty_seat(&pool).await;
    sqlx::query("update game set anonymous = true where game_id = $1").bind(game_id).execute(&pool).await.unwrap();
    gm.post(&format!("/games/{game_id}/gm/settings"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let mut newcomer = logged_in(&pool, "sneakynewcomer").await;
    newcomer
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holder(&pool, france).await.as_deref(), Some("sneakynewcomer"));
    let log = format!("/games/{game_id}/log");
    let mut player = players.into_iter().next().unwrap();
    player.get(&log).await.assert_contains("took over").assert_lacks("sneakynewcomer");
    Client::new(pool.clone()).get(&format!("/games/{game_id}")).await.assert_lacks("sneakynewcomer");
}

// See: issue 32 item 2 (a game that asks for reliability asks it of every way in)
#[sqlx::test(migrations = "../../migrations")]
async fn a_game_for_reliable_players_refuses_a_newcomer_its_seats_in_disorder_and_its_standby_list(pool: PgPool) {
    let (mut gm, _players, game_id, france) = game_with_an_empty_seat(&pool).await;
    gm.post(&format!("/games/{game_id}/gm/settings"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let reliable_only = crate::reliability::gate::Requirement {
        min_tier: Some(crate::reliability::Tier::Reliable),
        no_miss_in_last: None,
    };
    let mut conn = pool.acquire().await.unwrap();
    crate::reliability::gate::store(&mut conn, game_id, reliable_only).await.unwrap();
    let mut newcomer = logged_in(&pool, "newcomer").await;
    newcomer
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_error_page(StatusCode::FORBIDDEN)
        .assert_contains("you are rated New");
    newcomer
        .post(&format!("/games/{game_id}/standby"), &[("standby", "on")])
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
    assert_eq!(holder(&pool, france).await, None, "the seat stays open");
    crate::reliability::gate::store(&mut conn, game_id, crate::reliability::gate::Requirement::default())
        .await
        .unwrap();
    newcomer
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(holder(&pool, france).await.as_deref(), Some("newcomer"));
}
