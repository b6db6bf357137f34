//! Journey: a visitor who is not signed in watches a running game from its page: the current board,
//! the time left, which powers have orders in and are ready (never the orders); after the phase is
//! processed, the page's current phase leads to the results, and the first and latest links step
//! through the game.

use backchannel_tests::{Browser, spawn_site};
use chrono::Utc;
use server::turns::{Outcome, tick};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn an_observer_sees_the_board_and_who_is_ready_then_steps_from_the_latest_phase_to_the_first(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Spectators", &[("eve", "austria")]).await?;

    browser.log_in(&site, "eve").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    browser.fill("#order-text", "A vie - gal").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 1 order.").await?;
    browser.click("#ready-toggle").await?;
    browser.wait_for_text("p.flash", "You are marked ready.").await?;
    browser.log_out().await?;

    browser.goto(&format!("{site}{game_path}")).await?;
    browser.wait_for("#map svg g.unit[data-power='Austria'][data-province='vie']").await?;
    browser.wait_for_text("#current-phase", "Spring 1901 Movement").await?;
    browser.wait_for_text("#deadline-in", "in ").await?;
    let progress = browser.text("#order-progress").await?;
    assert!(progress.contains("Austria orders in ready"), "{progress}");
    assert!(progress.contains("England not yet not ready"), "{progress}");
    let page = browser.text("main").await?;
    assert!(!page.contains("vie - gal") && !page.contains("Galicia"), "the game page shows an order: {page}");

    sqlx::query("update game set deadline_at = now() - interval '1 minute' where name = 'Spectators'")
        .execute(&pool)
        .await?;
    assert!(matches!(tick(&pool, Utc::now()).await?, Outcome::Advanced(_)));

    browser.goto(&format!("{site}{game_path}")).await?;
    browser.wait_for_text("#current-phase", "Fall 1901 Movement").await?;
    browser.wait_for("#map svg g.unit[data-power='Austria'][data-province='gal']").await?;
    browser.click("#current-phase").await?;
    browser.wait_for_text("#phase-label", "Fall 1901 Movement").await?;
    browser.click("#first-phase").await?;
    browser.wait_for_text("#phase-label", "Spring 1901 Movement").await?;
    browser.wait_for_text("#results", "A vie - gal").await?;
    browser.wait_for("#map svg g.order.move.succeeded").await?;
    browser.click("#latest-phase").await?;
    browser.wait_for_text("#phase-label", "Fall 1901 Movement").await?;
    browser.click("#centers-over-time-link").await?;
    browser.wait_for("#centers-chart svg").await?;
    browser.close().await
}
