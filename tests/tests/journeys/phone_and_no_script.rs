//! Journeys: the site on a 390 px phone (no page scrolls sideways, the board is tapped to give orders
//! with markers large enough for a finger) and with JavaScript off (the order chain goes one small
//! step at a time, each step's page opening at the row being edited, and no select lists more than about
//! sixty options).

use backchannel_tests::{Browser, PHONE_WIDTH, Screen, process_due_phase, spawn_site};
use sqlx::PgPool;

/// Opens each page and checks that the page itself does not scroll sideways.
async fn assert_fits(browser: &Browser, site: &str, paths: &[String]) -> anyhow::Result<()> {
    for path in paths {
        browser.goto(&format!("{site}{path}")).await?;
        browser.wait_for("main").await?;
        let overflow = browser.sideways_overflow().await?;
        assert_eq!(overflow, 0, "{path} scrolls {overflow} px sideways on a {PHONE_WIDTH} px phone");
    }
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_every_page_fits_the_screen_and_orders_are_given_by_tapping_the_board(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let guides: Vec<String> =
        ["standard", "covert_dip", "diplobucks", "terrorism_i", "cabinet_diplomacy", "covert_operations"]
            .iter()
            .map(|kind| format!("/how-to-play/{kind}"))
            .collect();
    assert_fits(&browser, &site, &["/".into(), "/games".into(), "/login".into(), "/register".into()]).await?;
    assert_fits(&browser, &site, &guides).await?;
    // How to play, from the lobby.
    browser.goto(&format!("{site}/games")).await?;
    browser.click("#how-to-play a").await?;
    browser.click("#guide-kinds a[href='/how-to-play/covert_dip']").await?;
    browser.wait_for_text("#guide-title", "How to play Covert Dip").await?;
    browser.wait_for_text("#guide-examples", "CIO ask c Russia").await?;
    browser.screenshot("phone-how-to-play").await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Pocket game", &[("pia", "austria")]).await?;

    browser.log_in(&site, "ada").await?;
    let gm_pages = [
        "/games".to_owned(),
        "/games/new".to_owned(),
        game_path.clone(),
        format!("{game_path}/admin"),
        format!("{game_path}/log"),
        "/dashboard".to_owned(),
        "/account".to_owned(),
        "/mailbox".to_owned(),
    ];
    assert_fits(&browser, &site, &gm_pages).await?;
    browser.log_out().await?;

    browser.log_in(&site, "pia").await?;
    let player_pages = [
        game_path.clone(),
        format!("{game_path}/orders"),
        format!("{game_path}/press"),
        "/dashboard".to_owned(),
        "/account/password".to_owned(),
    ];
    assert_fits(&browser, &site, &player_pages).await?;
    // How to play, from the game's page.
    browser.goto(&format!("{site}{game_path}")).await?;
    let (_, link_height) = browser.size("#how-to-play-link").await?;
    assert!(link_height >= 44.0, "the game page's links are {link_height} px tall");
    browser.click("#how-to-play-link").await?;
    browser.wait_for_text("#guide-title", "How to play Standard Diplomacy").await?;
    browser.wait_for_text("#guide-examples", "Army Vienna moves to Galicia").await?;

    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let tap = browser.wait_for("#map g.unit[data-province='vie'] circle.tap").await?;
    let (_, _, width, _) = tap.rectangle().await?;
    assert!(width >= 32.0, "a unit is {width} px wide to a finger");
    browser.tap("#map g.unit[data-province='vie']").await?;
    browser.tap("#map g.province[data-province='gal'] path").await?;
    browser.wait_for_text("#order-form [data-province='vie'] .row-order", "Army Vienna moves to Galicia").await?;
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 1 order.").await?;
    assert_fits(&browser, &site, &[format!("{game_path}/orders")]).await?;

    process_due_phase(&pool, &game_path).await?;
    assert_fits(&browser, &site, &[format!("{game_path}/phases"), format!("{game_path}/phases/0"), game_path.clone()])
        .await?;
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn without_javascript_the_order_chain_goes_one_small_step_at_a_time(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::NoScript).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Plain forms", &[("noel", "austria")]).await?;
    browser.log_in(&site, "noel").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let row = "#order-form [data-row][data-unit='A bud']";

    // Each step is the row's own "Next", and the page it brings opens at that row, not at the top.
    browser.select(&format!("{row} select[data-level='1']"), "support").await?;
    browser.click(&format!("{row} button.row-next")).await?;
    browser.wait_for_text("#saved-message", "Not saved yet").await?;
    let url = browser.client.current_url().await?;
    let fragment = url.fragment().unwrap_or_default().to_owned();
    assert!(fragment.ends_with("-row"), "the step's page opens at {url}");
    let row_top =
        browser.number(&format!("return document.getElementById('{fragment}').getBoundingClientRect().top;")).await?;
    assert!((-2.0..200.0).contains(&row_top), "the row being edited is {row_top} px from the window's top");
    browser.screenshot("no-script-step").await?;
    browser.select(&format!("{row} select[data-level='2']"), "vie").await?;
    browser.click(&format!("{row} button.row-next")).await?;
    browser.wait_for_text("#saved-message", "Not saved yet").await?;
    browser.select(&format!("{row} select[data-level='3']"), "gal").await?;
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 1 order.").await?;
    let accepted = browser.text("#accepted-orders").await?;
    assert!(accepted.contains("Army Budapest supports Army Vienna to Galicia"), "{accepted}");

    for select in browser.client.find_all(fantoccini::Locator::Css("#order-form select")).await? {
        let options = select.find_all(fantoccini::Locator::Css("option")).await?.len();
        assert!(options <= 61, "a select lists {options} options");
    }

    // Typing nothing and saving keeps the saved order.
    browser.fill("#order-text", "").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#saved-message", "The box was empty, so nothing was changed.").await?;
    browser.wait_for_text("#accepted-orders", "Army Budapest supports Army Vienna to Galicia").await?;
    browser.close().await
}
