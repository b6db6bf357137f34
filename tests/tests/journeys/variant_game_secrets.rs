//! Journey: a GM creates a Diplobucks game from the new-game form; England buys Turkey's balance with a
//! bribe typed in the text box; after the worker processes the phase, England's results page tells it
//! the answer, while Turkey and an observer see neither the bribe nor the balance (rulings 0.5).

use backchannel_tests::{Browser, process_due_phase, spawn_site};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn a_diplobucks_bribe_answers_its_payer_alone(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;

    let game_path =
        browser.start_game(&site, &pool, "diplobucks", "Money Talks", &[("bea", "england"), ("cid", "turkey")]).await?;

    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let own = browser.wait_for_text("#own-view", "Your balance").await?;
    assert!(own.contains("1000 DB"), "{own}");
    browser.fill("#order-text", "BRIBE learn Turkey\nF lon - nth").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;
    browser.log_out().await?;

    process_due_phase(&pool, &game_path).await?;

    let results = format!("{site}{game_path}/phases/0");
    browser.log_in(&site, "bea").await?;
    browser.goto(&results).await?;
    browser.wait_for_text("#private-report", "Turkey has 1000 DB").await?;
    browser.log_out().await?;

    browser.log_in(&site, "cid").await?;
    browser.goto(&results).await?;
    let turkey_sees = browser.wait_for_text("#results", "F lon - nth").await?;
    let page = browser.text("main").await?;
    assert!(!page.contains("BRIBE") && !page.contains("Turkey has"), "Turkey sees England's bribe: {turkey_sees}");
    browser.log_out().await?;

    browser.goto(&results).await?;
    browser.wait_for_text("#results", "F lon - nth").await?;
    let public = browser.text("main").await?;
    assert!(!public.contains("BRIBE") && !public.contains("Turkey has"), "an observer sees the bribe: {public}");
    browser.close().await
}
