//! Journey: a GM creates a live game of 5-minute phases with bots in the empty seats; a player plays it
//! through a year on the order page, which shows the time left moving second by second and follows the
//! game by itself: each phase is processed as soon as the player is ready, and the page moves on to the
//! next without a reload by hand.

use anyhow::bail;
use backchannel_tests::{Browser, ELEMENT_TIMEOUT, SiteWithWorker};
use sqlx::PgPool;

/// Waits until the element's text is no longer `before`, and returns the new text.
async fn wait_for_change(browser: &Browser, css: &str, before: &str) -> anyhow::Result<String> {
    let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
    loop {
        let now = browser.text_content(css).await.unwrap_or_default();
        if !now.is_empty() && now != before {
            return Ok(now);
        }
        if tokio::time::Instant::now() > deadline {
            bail!("{css} still shows {before:?}");
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_plays_a_year_of_a_five_minute_live_game_with_a_moving_countdown(pool: PgPool) -> anyhow::Result<()> {
    let site = SiteWithWorker::start(pool.clone()).await?;
    let browser = Browser::start().await?;
    browser.register(&site.url, "ada", "Ada the GM").await?;
    browser.goto(&format!("{}/games/new", site.url)).await?;
    browser.fill("#settings-form input[name=name]", "Blitz").await?;
    browser.select("#pace", "5").await?;
    browser.select("#settings-form select[name=start_rule]", "by_gm").await?;
    browser.click("#bots-fill").await?;
    browser.click("#save-settings").await?;
    let game_url = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    browser.log_out().await?;
    browser.register(&site.url, "eve", "Eve").await?;
    browser.goto(&game_url).await?;
    browser.select("#join-power", "france").await?;
    browser.click("#join").await?;
    browser.wait_for("#leave").await?;
    browser.log_out().await?;
    browser.log_in(&site.url, "ada").await?;
    browser.goto(&format!("{game_url}/admin")).await?;
    browser.click("#start").await?;
    browser.wait_for_text("#game-status", "Running").await?;
    browser.log_out().await?;

    browser.log_in(&site.url, "eve").await?;
    browser.goto(&format!("{game_url}/orders")).await?;
    let first = browser.text_content("#countdown").await?;
    assert!(first.starts_with("in 4:") || first == "in 5:00", "a 5-minute phase: {first}");
    let later = wait_for_change(&browser, "#countdown", &first).await?;
    assert!(later.starts_with("in 4:"), "the countdown moves: {first} then {later}");
    let mut phase = browser.text("#phase-label").await?;
    while !phase.contains("1902") {
        // A phase in which France has nothing to order is processed without it.
        if browser.count("#ready-toggle").await? > 0 {
            browser.click("#ready-toggle").await?;
        }
        phase = wait_for_change(&browser, "#phase-label", &phase).await?;
    }
    site.stop_worker().await?;
    browser.close().await
}
