//! Journey: an observer opens the what-if board from a game's phase, taps a supported move for France
//! and an attack for Germany on the map as on the order page (any power's units), asks what happens and
//! reads the judge's results with the reason the German attack failed; then goes on to the next phase.
//! On a phone at 390 px with touch and at a desk; without JavaScript, typed lines with a bad one. In a
//! Winter, a build is ordered by tapping a home centre, and the judge's result builds it.

use backchannel_tests::{Browser, Screen, set_standard_position, spawn_site};
use sqlx::PgPool;

/// The order the row of the unit in `province` holds, in words.
async fn chosen_order(browser: &Browser, province: &str) -> anyhow::Result<String> {
    browser.text(&format!("#order-form [data-row][data-province='{province}'] .row-order")).await
}

async fn press(browser: &Browser, screen: Screen, css: &str) -> anyhow::Result<()> {
    match screen {
        Screen::Phone => browser.tap(css).await,
        _ => browser.click(css).await,
    }
}

async fn two_powers_by_taps(pool: PgPool, screen: Screen, shots: &str) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(screen).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "What if", &[("dora", "austria")]).await?;

    // An observer, not signed in, from the phase's results page.
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    press(&browser, screen, "#sandbox-link").await?;
    browser.wait_for_text("#map-status", "Tap any unit").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the what-if board scrolls sideways");

    // France: Paris to Burgundy, Marseilles supporting it.
    press(&browser, screen, "#map g.unit[data-province='par']").await?;
    press(&browser, screen, "#map g.province[data-province='bur']").await?;
    assert_eq!(chosen_order(&browser, "par").await?, "Army Paris moves to Burgundy");
    press(&browser, screen, "#map g.unit[data-province='mar']").await?;
    press(&browser, screen, "#map g.unit[data-province='par']").await?;
    browser.wait_for_text("#map-status", "Now tap where Army Paris goes").await?;
    press(&browser, screen, "#map g.province[data-province='bur']").await?;
    assert_eq!(chosen_order(&browser, "mar").await?, "Army Marseilles supports Army Paris to Burgundy");

    // Germany: Munich into Burgundy too.
    press(&browser, screen, "#map g.unit[data-province='mun']").await?;
    press(&browser, screen, "#map g.province[data-province='bur']").await?;
    assert_eq!(chosen_order(&browser, "mun").await?, "Army Munich moves to Burgundy");
    browser.wait_for_text("#save-bar", "3 orders not adjudicated yet").await?;
    browser.screenshot(&format!("{shots}-what-if-chosen")).await?;

    press(&browser, screen, "#save-bar-button").await?;
    browser.wait_for_text("#sandbox-results", "3 orders adjudicated").await?;
    let results = browser.text("#results").await?;
    assert!(results.contains("Germany") && results.contains("fails"), "{results}");
    assert!(results.contains("bounced"), "the failed attack says why: {results}");
    assert_eq!(browser.sideways_overflow().await?, 0, "the results scroll sideways");
    browser.screenshot(&format!("{shots}-what-if-results")).await?;

    press(&browser, screen, "#continue").await?;
    browser.wait_for_text("#sandbox-phase", "Fall 1901").await?;
    assert!(browser.text("#board").await?.contains("bur"), "France's army stands in Burgundy");
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_an_observer_taps_two_powers_orders_and_reads_why_one_failed(pool: PgPool) -> anyhow::Result<()> {
    two_powers_by_taps(pool, Screen::Phone, "phone").await
}

#[sqlx::test(migrations = "../migrations")]
async fn at_a_desk_an_observer_clicks_two_powers_orders_and_reads_why_one_failed(pool: PgPool) -> anyhow::Result<()> {
    two_powers_by_taps(pool, Screen::Desktop, "desktop").await
}

#[sqlx::test(migrations = "../migrations")]
async fn without_javascript_typed_orders_are_adjudicated_and_a_bad_line_reported(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::NoScript).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "No script", &[("dora", "austria")]).await?;
    browser.goto(&format!("{site}{game_path}/phases/0/sandbox")).await?;
    browser.fill("#order-text", "A par - bur\nA mun - bur\nA vie - lon").await?;
    browser.click("#adjudicate").await?;
    browser.wait_for_text("#sandbox-results", "2 orders adjudicated").await?;
    let refused = browser.text("#rejected-orders").await?;
    assert!(refused.contains("Line 3"), "{refused}");
    assert_eq!(browser.text("#order-text").await?, "A par - bur\nA mun - bur\nA vie - lon", "what was typed stays");
    browser.screenshot("noscript-what-if").await?;
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_a_winter_build_is_tapped_on_a_home_centre_and_the_judge_builds_it(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Winter what if", &[("dora", "austria")]).await?;
    // Austria holds four centres with one army: three builds are due.
    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "W1901A", "units": ["Austria A ser"],
            "owners": {"vie": "Austria", "bud": "Austria", "tri": "Austria", "ser": "Austria"}}),
    )
    .await?;

    browser.goto(&format!("{site}{game_path}/phases/0/sandbox")).await?;
    browser.wait_for_text("#sandbox-phase", "Winter 1901").await?;
    browser.tap("#map g.province[data-province='vie']").await?;
    browser
        .wait_for_text("#order-form [data-unit='Austria: Build 1 of 3'] .row-order", "Build an army in Vienna")
        .await?;
    assert_eq!(browser.count("#map g.draft circle.draft-build").await?, 1, "the build is drawn at once");
    browser.wait_for_text("#save-bar", "1 order not adjudicated yet").await?;
    assert_eq!(browser.sideways_overflow().await?, 0);
    browser.screenshot("phone-what-if-winter-build").await?;

    browser.tap("#save-bar-button").await?;
    browser.wait_for_text("#sandbox-results", "1 order adjudicated").await?;
    // On a phone plain successes are folded away; the fold's link opens them.
    browser.tap("#results .fold-link a").await?;
    let results = browser.text("#results").await?;
    assert!(results.contains("Vienna") && results.contains("succeeds"), "{results}");
    browser.screenshot("phone-what-if-winter-results").await?;
    browser.tap("#continue").await?;
    browser.wait_for_text("#sandbox-phase", "Spring 1902").await?;
    assert_eq!(browser.count("#map g.unit[data-province='vie']").await?, 1, "the new army stands in Vienna");
    browser.close().await
}
