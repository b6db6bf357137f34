//! Journey: a player gives orders by clicking the map. Clicking one of their units picks its order
//! row; clicking a province fills in the legal move there, and clicking the unit again makes it hold;
//! a foreign unit picks nothing. The selects are then saved as usual.

use backchannel_tests::{Browser, spawn_site};
use sqlx::PgPool;

/// The value the select of the unit in `province` holds.
async fn chosen_order(browser: &Browser, province: &str) -> anyhow::Result<String> {
    let select = browser.wait_for(&format!("#order-form select[data-province='{province}']")).await?;
    Ok(select.prop("value").await?.unwrap_or_default())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_clicks_a_unit_then_a_province_and_the_move_is_chosen_from_the_legal_ones(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Clicks", &[("dora", "austria")]).await?;

    browser.log_in(&site, "dora").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    browser.wait_for_text("#map-status", "Click one of your units").await?;

    browser.click("#map g.unit[data-province='ven']").await?;
    assert!(
        browser.client.find_all(fantoccini::Locator::Css("#order-form tr.chosen")).await?.is_empty(),
        "an Italian unit picked one of Austria's rows"
    );

    browser.click("#map g.unit[data-province='vie']").await?;
    browser.wait_for_text("#order-form tr.chosen", "A vie").await?;
    browser.wait_for_text("#map-status", "A vie picked").await?;
    browser.click("#map g.province[data-province='gal']").await?;
    assert_eq!(chosen_order(&browser, "vie").await?, "A vie - gal");
    browser.wait_for_text("#map-status", "chosen").await?;

    browser.click("#map g.unit[data-province='tri']").await?;
    browser.click("#map g.province[data-province='boh']").await?;
    browser.wait_for_text("#map-status", "cannot go there").await?;
    assert_eq!(chosen_order(&browser, "tri").await?, "", "an illegal destination must choose nothing");
    browser.click("#map g.unit[data-province='tri']").await?;
    assert_eq!(chosen_order(&browser, "tri").await?, "F tri H");

    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;
    let accepted = browser.text("#accepted-orders").await?;
    assert!(accepted.contains("Army Vienna moves to Galicia"), "{accepted}");
    assert!(accepted.contains("F tri H"), "{accepted}");
    browser.close().await
}
