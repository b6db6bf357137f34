//! Journey: two players in a started standard game give their orders, one through the per-unit
//! selects and one through the text box (with a bad line explained); the deadline passes, the turn
//! worker processes the phase, and the results page shows every move with its result.

use backchannel_tests::{Browser, spawn_site};
use chrono::Utc;
use server::turns::{Outcome, tick};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn two_players_order_through_the_forms_and_the_results_page_shows_the_moves(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;

    let game_path =
        browser.start_game(&site, &pool, "standard", "Balkan Spring", &[("bea", "austria"), ("cid", "russia")]).await?;

    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.click("#orders-link").await?;
    browser.wait_for_text("#phase-label", "Spring 1901 Movement").await?;
    browser.choose_order("A vie", "A vie - gal").await?;
    browser.choose_order("F tri", "F tri - alb").await?;
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;
    let accepted = browser.text("#accepted-orders").await?;
    assert!(accepted.contains("Army Vienna moves to Galicia"), "{accepted}");
    browser.click("#ready-toggle").await?;
    browser.wait_for_text("p.flash", "You are marked ready.").await?;
    browser.log_out().await?;

    browser.log_in(&site, "cid").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let others = browser.text("main").await?;
    assert!(!others.contains("Army Vienna moves to Galicia"), "Russia sees Austria's orders: {others}");
    browser.fill("#order-text", "A war - gal\nF sev - bla\nA mos - atlantis").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders. 1 line was refused").await?;
    let refused = browser.text("#rejected-orders").await?;
    assert!(refused.contains("Line 3") && refused.contains("atlantis"), "{refused}");
    let typed = browser.wait_for("#order-text").await?.prop("value").await?.unwrap_or_default();
    assert!(typed.contains("A mos - atlantis"), "the text box lost what was typed: {typed}");

    sqlx::query("update game set deadline_at = now() - interval '1 minute' where name = 'Balkan Spring'")
        .execute(&pool)
        .await?;
    assert!(matches!(tick(&pool, Utc::now()).await?, Outcome::Advanced(_)));

    browser.goto(&format!("{site}{game_path}")).await?;
    browser.click("#history-link").await?;
    browser.click("#centers-over-time a").await?;
    let results = browser.wait_for_text("#results", "F sev - bla").await?;
    browser.screenshot("desktop-results").await?;
    for expected in ["A vie - gal", "A war - gal", "F tri - alb"] {
        assert!(results.contains(expected), "{expected} missing from the results:\n{results}");
    }
    let rows = browser.client.find_all(fantoccini::Locator::Css("#results tbody tr")).await?;
    let mut lines = Vec::new();
    for row in rows {
        lines.push(row.text().await?);
    }
    let result_of = |order: &str| lines.iter().find(|line| line.contains(order)).cloned().unwrap_or_default();
    assert!(result_of("A vie - gal").contains("fails"), "{lines:?}");
    assert!(result_of("A war - gal").contains("fails"), "{lines:?}");
    assert!(result_of("F sev - bla").contains("succeeds"), "{lines:?}");
    assert!(result_of("F tri - alb").contains("succeeds"), "{lines:?}");
    browser.click("#next-phase").await?;
    browser.wait_for_text("#phase-label", "Fall 1901 Movement").await?;
    let board = browser.text("#board").await?;
    assert!(board.contains("F alb") && board.contains("F bla"), "{board}");
    browser.close().await
}
