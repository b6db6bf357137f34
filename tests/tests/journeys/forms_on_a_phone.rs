//! Journey: on a phone, every control of the forms a GM and a waiting player fill in is tall enough to
//! tap (44 CSS px): the new-game form, the GM panel's settings (with the civil disorder rule, editable
//! until the start) and Play now; none of those pages scrolls sideways.

use backchannel_tests::{Browser, Screen, spawn_site};
use sqlx::PgPool;

/// Checks the page at hand fits a phone and has no control too short to tap.
async fn fits_a_thumb(browser: &Browser, page: &str) -> anyhow::Result<()> {
    assert_eq!(browser.sideways_overflow().await?, 0, "{page} scrolls sideways");
    let short = browser.short_controls().await?;
    assert!(short.is_empty(), "{page}: controls under 44 px: {short:?}");
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_the_new_game_form_the_gm_panel_and_play_now_are_thumb_sized(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    browser.register(&site, "thumbgm", "Thumb GM").await?;

    browser.goto(&format!("{site}/games/new")).await?;
    browser.wait_for("#settings-form").await?;
    fits_a_thumb(&browser, "/games/new").await?;
    browser.fill("#settings-form input[name=name]", "Thumbs").await?;
    browser.fill("#disorder-after", "3").await?;
    browser.click("#save-settings").await?;
    let game = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;

    browser.goto(&format!("{game}/admin")).await?;
    browser.wait_for("#disorder-after").await?;
    fits_a_thumb(&browser, "the GM panel").await?;
    let stored = browser.number("return Number(document.querySelector('#disorder-after').value);").await?;
    assert_eq!(stored, 3.0, "the panel shows the stored rule");
    browser.number("document.querySelector('#disorder-after').scrollIntoView(); return 0;").await?;
    browser.screenshot("phone-gm-panel-disorder").await?;

    browser.goto(&format!("{site}/play")).await?;
    browser.wait_for("#play-choices").await?;
    fits_a_thumb(&browser, "/play").await?;
    browser.close().await
}
