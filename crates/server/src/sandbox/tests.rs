//! The what-if board through the site: any power's orders adjudicated with reasons, bad lines reported,
//! the next phase reached by a link, nothing stored, nothing secret shown.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, assert_lacks_any_case, process_phase, started_game, started_game_with, table};

fn sandbox(game_id: GameId, phase: i32, query: &[(&str, &str)]) -> String {
    let query = serde_urlencoded::to_string(query).unwrap();
    format!("/games/{game_id}/phases/{phase}/sandbox?{query}")
}

/// Every row of every table of the site's schema, for "nothing was stored".
async fn row_counts(pool: &PgPool) -> Vec<(String, i64)> {
    let tables: Vec<String> =
        sqlx::query_scalar("select tablename::text from pg_tables where schemaname = 'public' order by tablename")
            .fetch_all(pool)
            .await
            .unwrap();
    let mut counts = Vec::new();
    for table in tables {
        let count: i64 =
            sqlx::query_scalar(&format!("select count(*) from \"{table}\"")).fetch_one(pool).await.unwrap();
        counts.push((table, count));
    }
    counts
}

/// The `href` of the element with `id` in `html`.
fn href_of(html: &str, id: &str) -> String {
    let at = html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id} in the page"));
    let start = html[..at].rfind("href=\"").unwrap() + 6;
    html[start..].split('"').next().unwrap().replace("&amp;", "&").replace("&#38;", "&")
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_observer_adjudicates_two_powers_orders_and_reads_why_the_loser_failed(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "What if").await;
    let mut observer = Client::new(pool.clone());
    let page = observer
        .get(&sandbox(game_id, 0, &[("orders", "A par - bur\nA mar S A par - bur\nA mun - bur"), ("go", "")]))
        .await;
    page.assert_status(StatusCode::OK)
        .assert_contains("What the judge says")
        .assert_contains("3 orders adjudicated")
        .assert_contains("Germany")
        .assert_contains("bounced");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_sandbox_stores_nothing_at_all(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "What if").await;
    let before = row_counts(&pool).await;
    let page = players[2].get(&sandbox(game_id, 0, &[("orders", "A par - bur\nF lon - nth"), ("go", "")])).await;
    page.assert_status(StatusCode::OK).assert_contains("What the judge says");
    let next = href_of(&page.body, "continue");
    players[2].get(&next).await.assert_status(StatusCode::OK).assert_contains("Fall 1901");
    assert_eq!(row_counts(&pool).await, before);
    players[2].get(&format!("/games/{game_id}/orders")).await.assert_contains("No orders saved yet");
}

#[sqlx::test(migrations = "../../migrations")]
async fn bad_lines_are_reported_with_their_number_and_reason_and_the_good_ones_adjudicated(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "What if").await;
    let mut observer = Client::new(pool.clone());
    let page = observer
        .get(&sandbox(game_id, 0, &[("orders", "A par - bur\nA par - mos\nbanana\nF lon - nth"), ("go", "")]))
        .await;
    page.assert_status(StatusCode::OK)
        .assert_contains("Lines left out")
        .assert_contains("Line 2: <code>A par - mos</code>")
        .assert_contains("Line 3: <code>banana</code>")
        .assert_contains("2 orders adjudicated");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_rows_picks_are_adjudicated_like_typed_lines(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "What if").await;
    let mut observer = Client::new(pool.clone());
    let page = observer.get(&sandbox(game_id, 0, &[])).await;
    page.assert_status(StatusCode::OK).assert_contains("Austria: A bud").assert_contains("Turkey: F ank");
    // Rows run power by power, units by province: Austria's A bud is the first.
    let page = observer.get(&sandbox(game_id, 0, &[("unit_0_1", "move"), ("unit_0_2", "gal"), ("go", "")])).await;
    page.assert_status(StatusCode::OK).assert_contains("1 order adjudicated").assert_contains("A bud - gal");
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_observers_sandbox_of_a_variant_shows_no_pending_order_and_no_secret(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id =
        started_game_with(&mut gm, &mut players, "Masks", &[("kind", "diplobucks"), ("anonymous", "on")]).await;
    players[1]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "BRIBE learn Turkey\nF lon - nth")])
        .await
        .assert_status(StatusCode::OK);
    let mut observer = Client::new(pool.clone());
    let page = observer.get(&sandbox(game_id, 0, &[])).await;
    page.assert_status(StatusCode::OK).assert_contains("Diplobucks adds its own orders");
    page.assert_lacks("has-order").assert_lacks("class=\"order ");
    assert_lacks_any_case(&page.body, &["BRIBE", "balance", " DB", "player1", "gamemaster"]);
    process_phase(&pool, game_id).await;
    let later = observer.get(&sandbox(game_id, 1, &[("go", "")])).await;
    later.assert_status(StatusCode::OK);
    assert_lacks_any_case(&later.body, &["BRIBE", "balance", " DB", "player1"]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn kinds_without_the_standard_board_say_plainly_they_have_no_sandbox(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game_with(&mut gm, &mut players, "Nations", &[("kind", "terrorism_i")]).await;
    let page = Client::new(pool.clone()).get(&sandbox(game_id, 0, &[])).await;
    page.assert_status(StatusCode::OK).assert_contains("not offered for").assert_lacks("id=\"order-form\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn malformed_sandbox_requests_are_4xx(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "What if").await;
    let mut observer = Client::new(pool.clone());
    observer.get(&format!("/games/{game_id}/phases/x/sandbox")).await.assert_error_page(StatusCode::NOT_FOUND);
    observer.get(&sandbox(game_id, 9, &[])).await.assert_error_page(StatusCode::NOT_FOUND);
    let steps: Vec<(&str, &str)> = (0..=super::forms::MAX_STEPS).map(|_| ("before", "")).collect();
    observer.get(&sandbox(game_id, 0, &steps)).await.assert_error_page(StatusCode::BAD_REQUEST);
    observer.get(&sandbox(game_id, 0, &[("unit_x_1", "move")])).await.assert_error_page(StatusCode::BAD_REQUEST);
}
