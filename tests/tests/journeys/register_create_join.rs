//! Journey: a new user registers and creates a game; a second user registers and joins it.

use backchannel_tests::{Browser, spawn_site};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn a_new_user_registers_creates_a_game_and_a_second_user_joins_it(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;

    browser.register(&site, "ada", "Ada Lovelace").await?;
    browser.goto(&format!("{site}/games/new")).await?;
    browser.fill("#settings-form input[name=name]", "Browser Cup").await?;
    browser.fill("#settings-form textarea[name=description]", "Made in headless Chromium").await?;
    browser.click("#save-settings").await?;
    let game_url = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    assert_eq!(browser.text("#game-name").await?, "Browser Cup");
    assert!(browser.text("#seats").await?.contains("Open"));

    browser.log_out().await?;

    browser.register(&site, "grace", "Grace Hopper").await?;
    browser.goto(&game_url).await?;
    browser.select("#join-power", "england").await?;
    browser.click("#join").await?;
    browser.wait_for("#leave").await?;
    let seats = browser.text("#seats").await?;
    assert!(seats.contains("England"), "{seats}");
    assert!(seats.contains("Grace Hopper (you)"), "{seats}");

    let holder: String = sqlx::query_scalar(
        "select a.username from seat s join seat_power p using (seat_id) join account a using (account_id)
         where p.power = 'england'",
    )
    .fetch_one(&pool)
    .await?;
    assert_eq!(holder, "grace");
    browser.close().await
}
