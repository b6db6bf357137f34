//! Journey: a Covert Operations player on a phone at 390 px finds countries on the world map: it opens
//! over his own marks, a region's link pans it there, and the picker beside it (every country by
//! region, with its code) acts as a tap on the country chosen, bringing it into view. Zoomed in, Europe's
//! and the Middle East's small countries are a finger wide, and a tap on Israel fills in his order.
//! Without JavaScript, a region's link draws that region alone, Denmark then five times as large.

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
    browser.wait_for("#world-regions a").await?;
    let superspy_in_view = "var f = document.querySelector('#world-map').getBoundingClientRect(); \
         var star = Array.prototype.find.call(document.querySelectorAll('#world-map text.markers'), \
           function (t) { return t.textContent.indexOf('★') >= 0; }).getBoundingClientRect(); \
         var x = (star.left + star.right) / 2, y = (star.top + star.bottom) / 2; \
         return (x >= f.left && x <= f.right && y >= f.top && y <= f.bottom) ? 1 : 0;";
    assert_eq!(browser.number(superspy_in_view).await?, 1.0, "the map opens over the player's superspy");

    browser.tap("#world-regions a:first-child").await?;
    // The map is about 1,800 px wide on a phone: a region opens over its middle.
    assert_eq!(browser.number(&in_view("CAM")).await?, 1.0, "the Americas' button shows Central America");
    browser.tap("#world-regions a:last-child").await?;
    assert_eq!(browser.number(&in_view("CHN")).await?, 1.0, "Asia's button shows China");
    assert_eq!(browser.number(&in_view("CAM")).await?, 0.0, "and no longer the Americas");
    browser.screenshot("phone-world-regions").await?;
    let (_, button_height) = browser.size("#world-regions a").await?;
    assert!(button_height >= 44.0, "a region's link is {button_height} px tall");

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
    zoom_in_and_tap_israel(&browser).await?;
    browser.close().await
}

/// Where on the map the middle of its frame is, as fractions of the map's width and height: the same
/// place whatever the zoom.
async fn middle_of_frame(browser: &Browser) -> anyhow::Result<[f64; 2]> {
    let script = |scroll: &str, client: &str, side: &str| {
        format!(
            "var f = document.querySelector('#world-map'), s = f.querySelector('svg').getBoundingClientRect(); \
             return (f.{scroll} + f.{client} / 2) / s.{side};"
        )
    };
    Ok([
        browser.number(&script("scrollLeft", "clientWidth", "width")).await?,
        browser.number(&script("scrollTop", "clientHeight", "height")).await?,
    ])
}

/// The width and height on screen of an element of the map, in CSS pixels.
fn size_on_screen(css: &str) -> [String; 2] {
    ["width", "height"].map(|side| format!("return document.querySelector('{css}').getBoundingClientRect().{side};"))
}

async fn smallest_side(browser: &Browser, css: &str) -> anyhow::Result<f64> {
    let [width, height] = size_on_screen(css);
    Ok(browser.number(&width).await?.min(browser.number(&height).await?))
}

/// Zooms in as far as the map goes over the Middle East, measures the small countries, taps Israel for
/// the superspy's row, and zooms back out.
async fn zoom_in_and_tap_israel(browser: &Browser) -> anyhow::Result<()> {
    let israel = "#world-map .country-tap[data-country=\"ISR\"] circle";
    let before = smallest_side(browser, israel).await?;
    assert!(before < 44.0, "before zooming, Israel's tap disc is {before} px: the zoom must be what makes it");
    for button in ["#zoom-in", "#zoom-out", "#zoom-reset"] {
        let (width, height) = browser.size(button).await?;
        assert!(width >= 44.0 && height >= 44.0, "{button} is {width} × {height} px");
    }
    browser.tap("#world-regions a:nth-child(4)").await?;
    assert_eq!(browser.number(&in_view("ISR")).await?, 1.0, "the Middle East's button shows Israel");
    let middle = middle_of_frame(browser).await?;
    browser.tap("#zoom-in").await?;
    browser.tap("#zoom-in").await?;
    browser.wait_for("#zoom-in[disabled]").await?;
    let zoomed = middle_of_frame(browser).await?;
    let moved = (zoomed[0] - middle[0]).abs().max((zoomed[1] - middle[1]).abs());
    assert!(moved < 0.01, "zooming keeps the middle of the frame over the same place: {middle:?}, then {zoomed:?}");
    for code in ["DEN", "BNL"] {
        let side = smallest_side(browser, &format!("#world-map g.country[data-country=\"{code}\"] path")).await?;
        assert!(side >= 44.0, "zoomed in, {code} is {side} px across");
    }
    let side = smallest_side(browser, israel).await?;
    assert!(side >= 44.0, "zoomed in, Israel's tap area is {side} px across");
    assert_eq!(browser.sideways_overflow().await?, 0, "only the map's frame scrolls");

    let superspy = "#order-form [data-row][data-province='superspy'] select";
    browser.click(superspy).await?;
    browser.tap(israel).await?;
    browser.wait_for_text("#world-map-status", "ISR (Israel) chosen").await?;
    let chosen = browser
        .number(&format!("return document.querySelector(\"{superspy}\").value.indexOf('ISR') >= 0 ? 1 : 0;"))
        .await?;
    assert_eq!(chosen, 1.0, "the superspy's row now sends him to Israel");
    browser.wait_for("#world-map g.country.picked[data-country='ISR']").await?;
    browser.screenshot("phone-world-zoomed").await?;

    browser.tap("#zoom-reset").await?;
    browser.wait_for("#zoom-out[disabled]").await?;
    let whole = smallest_side(browser, israel).await?;
    assert!((whole - before).abs() < 1.0, "the whole world again: Israel's disc is {whole} px, was {before}");
    assert_eq!(browser.sideways_overflow().await?, 0);
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn without_javascript_a_region_link_draws_that_region_alone(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::NoScript).await?;
    let game_path = browser.start_players_game(&site, "covert_operations", "Regions", &["bea", "cid"]).await?;
    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let denmark = "#world-map g.country[data-country=\"DEN\"] path";
    let whole = smallest_side(&browser, denmark).await?;

    browser.click("#world-regions a[href*='region=europe']").await?;
    browser.wait_for("#world[data-region='europe']").await?;
    // At a desk the map is as wide as its column; on a phone a region alone is 56rem wide (site.css),
    // where Europe's 150 units make Denmark over 50 px.
    let alone = smallest_side(&browser, denmark).await?;
    assert!(alone >= 5.0 * whole, "Europe alone: Denmark is {alone} px across, {whole} px in the whole world");
    assert_eq!(browser.sideways_overflow().await?, 0, "only the map's frame scrolls");
    let (_, height) = browser.size("#world-regions a[aria-current]").await?;
    assert!(height >= 44.0, "the region's link is {height} px tall");
    browser.screenshot("noscript-world-europe").await?;

    browser.click("#whole-world").await?;
    browser.wait_for("#world:not([data-region])").await?;
    let again = smallest_side(&browser, denmark).await?;
    assert!((again - whole).abs() < 1.0, "the whole world again: Denmark is {again} px, was {whole}");
    browser.close().await
}
