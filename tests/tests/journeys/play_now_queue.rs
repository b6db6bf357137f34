//! Journey: on a phone, two players choose the same live game on "Play now"; each sees where he stands
//! ("2 of 7 waiting"), one leaves and comes back, and once the wait has passed the turn worker forms the
//! game with bots in the empty seats. At the muster the second confirms from the game page, the first
//! does not; a third player waiting for the same choice takes his seat when the muster ends, and the
//! game starts on time.

use backchannel_tests::{Browser, Screen, SiteWithWorker};
use sqlx::PgPool;

const CHOICE: &str = "standard-live-5";

/// Opens `/play` from the lobby and waits for the chosen game; checks the page fits a phone.
async fn wait_for_the_live_game(browser: &Browser, site: &str) -> anyhow::Result<()> {
    browser.goto(&format!("{site}/games")).await?;
    browser.click("#play-now-link a").await?;
    browser.wait_for("#play-choices").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "/play fits a phone");
    // Every kind a player joins alone has its queue; the kind of teams says where its games are.
    browser.wait_for("#join-covert_operations-daily").await?;
    browser.wait_for_text("#team-kinds", "play against bots").await?;
    browser.screenshot("phone-play-now").await?;
    let (_, height) = browser.size(&format!("#join-{CHOICE}")).await?;
    assert!(height >= 44.0, "the join button is {height}px high");
    browser.click(&format!("#join-{CHOICE}")).await?;
    browser.wait_for("#my-wait").await.map(drop)
}

#[sqlx::test(migrations = "../migrations")]
async fn players_choosing_the_same_game_on_a_phone_wait_together_bots_fill_it_and_who_does_not_confirm_is_replaced_from_the_queue(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = SiteWithWorker::start(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    browser.register(&site.url, "firstwaiter", "First Waiter").await?;
    wait_for_the_live_game(&browser, &site.url).await?;
    browser.wait_for_text("#wait-count", "1 of 7 waiting").await?;
    browser.log_out().await?;

    browser.register(&site.url, "secondwaiter", "Second Waiter").await?;
    wait_for_the_live_game(&browser, &site.url).await?;
    browser.wait_for_text("#wait-count", "2 of 7 waiting").await?;
    let page = browser.text("main").await?;
    assert!(!page.contains("First Waiter") && !page.contains("firstwaiter"), "the page names nobody: {page}");
    let (_, height) = browser.size("#leave-queue").await?;
    assert!(height >= 44.0, "the leave button is {height}px high");
    browser.click("#leave-queue").await?;
    browser.wait_for_text("main", "You left the queue").await?;
    assert_eq!(browser.count("#my-wait").await?, 0);
    wait_for_the_live_game(&browser, &site.url).await?;
    browser.wait_for_text("#wait-count", "2 of 7 waiting").await?;

    // The wait passes, in two steps under the worker's downtime threshold.
    site.clock.advance(chrono::Duration::minutes(6));
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    site.clock.advance(chrono::Duration::minutes(5));
    browser.reload_until_text(&format!("{}/notifications", site.url), "#notices", "Your game has formed").await?;
    browser.click("#notices li:first-child button").await?;
    browser.wait_for("#muster").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the mustering game's page fits a phone");
    let (width, height) = browser.size("#muster-confirm").await?;
    assert!(width >= 44.0 && height >= 44.0, "the confirm button is {width}x{height}px");
    let game = browser.wait_for_path(|path| path.starts_with("/games/")).await?;
    browser.click("#muster-confirm").await?;
    browser.wait_for_text("#muster-mine", "You confirmed").await?;
    browser.wait_for_text("#muster-count", "1 of 2 confirmed").await?;
    browser.goto(&format!("{}/play", site.url)).await?;
    assert_eq!(browser.count("#my-wait").await?, 0, "the formed game took the player out of the queue");
    browser.log_out().await?;

    browser.register(&site.url, "thirdwaiter", "Third Waiter").await?;
    wait_for_the_live_game(&browser, &site.url).await?;
    browser.wait_for_text("#wait-count", "1 of 7 waiting").await?;
    // The muster ends: the first waiter, who never confirmed, gives his seat to the third.
    site.clock.advance(chrono::Duration::minutes(6));
    browser.reload_until_text(&format!("{}/notifications", site.url), "#notices", "The game has started").await?;
    browser.goto(&game).await?;
    browser.wait_for_text("#game-status", "Running").await?;
    assert_eq!(browser.count("#muster").await?, 0);
    browser.wait_for("#orders-link").await?;
    browser.log_out().await?;

    browser.log_in(&site.url, "firstwaiter").await?;
    browser
        .reload_until_text(&format!("{}/notifications", site.url), "#notices", "You did not confirm in time")
        .await?;
    browser.goto(&format!("{}/players/firstwaiter", site.url)).await?;
    browser.wait_for_text("#musters-missed", "1").await?;
    browser.close().await?;
    site.stop_worker().await
}
