//! Journey: a Covert Operations player on a phone at 390 px finds countries on the world map: it opens
//! over his own marks, a region's button pans it there, and the picker beside it (every country by
//! region, with its code) acts as a tap on the country chosen, bringing it into view.

use backchannel_tests::{Browser, Screen, spawn_site};
use sqlx::PgPool;

/// Whether the country's code on the map lies inside the map's frame on screen.
fn in_view(code: &str) -> String {
    format!(
        "var f = document.querySelector('#world-map').getBoundingClientRect(); \
         var c = document.querySelector('#world-map g.country[data-country=\"{code}\"]').getBoundingClientRect(); \
         var x = (c.left + c.right) / 2, y = (c.top + c.bottom) / 2; \
         return (x >= f.left && x <= f.right && y >= f.top && y <= f.bottom) ? 1 : 0;"
    )
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_a_region_button_and_the_country_picker_find_a_country_on_the_world_map(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_players_game(&site, "covert_operations", "Regions", &["bea", "cid"]).await?;
    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    browser.wait_for("#world-regions button").await?;

    browser.tap("#world-regions button:first-child").await?;
    // The map is about 1,800 px wide on a phone: a region opens over its middle.
    assert_eq!(browser.number(&in_view("CAM")).await?, 1.0, "the Americas' button shows Central America");
    browser.tap("#world-regions button:last-child").await?;
    assert_eq!(browser.number(&in_view("CHN")).await?, 1.0, "Asia's button shows China");
    assert_eq!(browser.number(&in_view("CAM")).await?, 0.0, "and no longer the Americas");
    browser.screenshot("phone-world-regions").await?;
    let (_, button_height) = browser.size("#world-regions button").await?;
    assert!(button_height >= 44.0, "a region's button is {button_height} px tall");

    let groups = browser.count("#world-country optgroup").await?;
    assert_eq!(groups, 5, "the picker groups the countries by region");
    browser.select("#world-country", "PER").await?;
    assert_eq!(browser.number(&in_view("PER")).await?, 1.0, "the country picked is brought into view");
    browser.wait_for_text("#world-map-status", "PER (Peru)").await?;
    let typed =
        browser.number("return document.getElementById('order-text').value.indexOf('PER') >= 0 ? 1 : 0;").await?;
    assert_eq!(typed, 1.0, "the code is written as a tap on the country writes it");
    assert_eq!(browser.sideways_overflow().await?, 0);
    browser.screenshot("phone-world-picked").await?;
    browser.close().await
}
