//! Journey: on a phone, a player reads his game with the site out of reach. His dashboard has the service
//! worker keep the page of each game it lists, and he opens his game page while the site is up; the site
//! goes away; his game page comes back from the phone as he last saw it (its phase and board, styled as ever) with a note saying that it is offline
//! and as of when; a page he never opened is the site's own offline page, listing the game pages he can
//! still read. Once he has logged out, the next account on the same phone finds none of his pages.

use backchannel_tests::{Browser, ELEMENT_TIMEOUT, Screen, StoppableSite, process_due_phase};
use sqlx::PgPool;

/// The status of the service worker's kept copy of `url`: 0 when none is kept.
async fn kept_status(browser: &Browser, url: &str) -> anyhow::Result<serde_json::Value> {
    browser.resolved(&format!("caches.match('{url}').then((r) => r ? r.status : 0)")).await
}

/// Waits until the service worker keeps a copy of `url` for offline reading.
async fn wait_until_kept(browser: &Browser, url: &str) -> anyhow::Result<()> {
    let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
    while kept_status(browser, url).await? != 200 {
        anyhow::ensure!(tokio::time::Instant::now() < deadline, "{url} was never kept for offline reading");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Ok(())
}

/// The background colour the site's stylesheet gives the element found by `css`.
async fn background(browser: &Browser, css: &str) -> anyhow::Result<String> {
    let script = format!("return getComputedStyle(document.querySelector('{css}')).backgroundColor;");
    let colour = browser.client.execute(&script, vec![]).await?;
    Ok(colour.as_str().unwrap_or_default().to_owned())
}

#[sqlx::test(migrations = "../migrations")]
async fn my_game_page_reads_offline_as_i_last_saw_it_and_the_next_account_never_reads_it(
    pool: PgPool,
) -> anyhow::Result<()> {
    let mut site = StoppableSite::start(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path =
        browser.start_game(&site.url, &pool, "standard", "Pocket", &[("pia", "france"), ("quin", "england")]).await?;
    process_due_phase(&pool, &game_path).await?;
    let game_url = format!("{}{game_path}", site.url);

    browser.log_in(&site.url, "pia").await?;
    browser.wait_for("html[data-service-worker=ready]").await?;
    assert_eq!(kept_status(&browser, &game_url).await?, 0, "nothing is kept at first");
    // The installed app opens on the dashboard, which keeps every game it lists, opened here or not.
    browser.goto(&format!("{}/dashboard", site.url)).await?;
    wait_until_kept(&browser, &game_url).await?;

    browser.goto(&game_url).await?;
    let phase = browser.text("#current-phase").await?;
    assert_eq!(phase, "Fall 1901 Movement");
    let board = browser.text_content("#board .board-list").await?;
    assert!(board.contains("F bre"), "France's fleet in Brest: {board}");
    let online_background = background(&browser, ".site-header").await?;
    wait_until_kept(&browser, &game_url).await?;

    site.stop().await?;
    browser.goto(&game_url).await?;
    let note = browser.wait_for_text("#offline-note", "You are offline: this page is as it was at ").await?;
    let year = chrono::Utc::now().format("%Y").to_string();
    assert!(note.contains(&year) && note.contains("Reload it when you are back online"), "{note}");
    assert_eq!(browser.text("#current-phase").await?, phase, "the last position, as it was seen");
    assert_eq!(browser.text_content("#board .board-list").await?, board);
    assert_eq!(browser.count("#map svg").await?, 1, "the board is drawn");
    assert_eq!(background(&browser, ".site-header").await?, online_background, "styled as online");
    assert_ne!(background(&browser, "#offline-note").await?, "rgba(0, 0, 0, 0)", "the note stands out");
    assert_eq!(browser.sideways_overflow().await?, 0);
    browser.screenshot("offline-game-page").await?;

    for never_opened in ["/dashboard", "/games/999999"] {
        browser.goto(&format!("{}{never_opened}", site.url)).await?;
        browser.wait_for_text("#offline", "You are offline").await?;
        assert_eq!(browser.count("#offline-note").await?, 0, "{never_opened} was never kept");
        assert_eq!(browser.texts("#kept-pages a").await?, ["Pocket"]);
    }
    assert_eq!(background(&browser, ".site-header").await?, online_background, "the offline page is the site's");
    browser.screenshot("offline-page").await?;
    browser.click("#kept-pages a").await?;
    browser.wait_for_text("#offline-note", "You are offline").await?;
    assert_eq!(browser.text("#current-phase").await?, phase);

    site.restart().await?;
    browser.goto(&game_url).await?;
    assert_eq!(browser.count("#offline-note").await?, 0, "back online, the page is the site's again");
    browser.log_out().await?;
    browser.log_in(&site.url, "quin").await?;
    browser.wait_for("html[data-service-worker=ready]").await?;
    site.stop().await?;
    browser.goto(&game_url).await?;
    browser.wait_for_text("#offline", "You are offline").await?;
    assert_eq!(browser.count("#offline-note").await?, 0, "pia's kept page is never shown to quin");
    assert_eq!(browser.count("#kept-pages").await?, 0);
    browser.close().await
}
