//! Journey: a lone player opens "Play against bots" from the lobby for each of the six kinds, and in
//! Standard plays a whole year on a phone: orders given by tapping the board and the form's selects,
//! "ready" pressed, and the turn worker moves the game on at once, the results showing the bots' orders.

use anyhow::Context;
use backchannel_tests::{Browser, Screen, SiteWithWorker};
use fantoccini::Locator;
use sqlx::PgPool;

const KINDS: [&str; 6] =
    ["standard", "covert_dip", "diplobucks", "terrorism_i", "cabinet_diplomacy", "covert_operations"];

/// Opens "Play against bots" from the lobby, chooses `kind` and `power`, and waits for the order page
/// the new game lands on; returns the game's path.
async fn play_against_bots(browser: &Browser, site: &str, kind: &str, power: &str) -> anyhow::Result<String> {
    browser.goto(&format!("{site}/games")).await?;
    browser.click("#play-against-bots-link a").await?;
    browser.click(&format!("#bot-kind-{kind}")).await?;
    browser.select("#bot-power", power).await?;
    browser.click("#start-bot-game").await?;
    let url = browser.wait_for_path(|path| path.starts_with("/games/") && path.ends_with("/orders")).await?;
    let path = url.split_once("/games/").map(|(_, rest)| format!("/games/{rest}")).context("a game's url")?;
    Ok(path.trim_end_matches("/orders").to_owned())
}

/// Gives an order to every row of the phase's form by clicks: a move where the row offers one, else
/// its first choice; saves the sheet.
async fn give_orders_by_clicks(browser: &Browser) -> anyhow::Result<()> {
    if browser.count("#save-form-orders").await? == 0 {
        return Ok(());
    }
    let choices: serde_json::Value = match browser.count("#order-choices").await? {
        0 => serde_json::Value::Null,
        _ => serde_json::from_str(&browser.text_content("#order-choices").await?)?,
    };
    for row in choices.as_array().into_iter().flatten() {
        let label = row["label"].as_str().unwrap_or_default();
        let offered: Vec<&str> =
            row["choices"].as_array().into_iter().flatten().filter_map(|choice| choice[0].as_str()).collect();
        let order = offered.iter().find(|value| value.contains(" - ")).or(offered.first());
        if let Some(order) = order {
            browser.choose_order(label, order).await?;
        }
    }
    // Rows offered as one list (builds and removals): their first real option.
    for select in browser.client.find_all(Locator::Css("#order-form [data-row] select:not([data-level])")).await? {
        let options = select.find_all(Locator::Css("option:not([value=''])")).await?;
        if let Some(option) = options.first() {
            option.click().await?;
        }
    }
    browser.click("#save-form-orders").await?;
    browser.wait_for("#saved-message").await?;
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_lone_player_plays_every_kind_against_bots_and_a_year_of_standard_on_a_phone(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = SiteWithWorker::start(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    browser.register(&site.url, "solo", "Solo").await?;
    browser.goto(&format!("{}/games/bots", site.url)).await?;
    browser.wait_for("#play-against-bots").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the bot game form fits a phone");
    for kind in KINDS.iter().rev() {
        let game = play_against_bots(&browser, &site.url, kind, "random").await?;
        browser.goto(&format!("{}{game}", site.url)).await?;
        browser.wait_for_text("#seats", "bot").await?;
        assert_eq!(browser.sideways_overflow().await?, 0, "{kind}'s game page fits a phone");
    }

    let game = play_against_bots(&browser, &site.url, "standard", "france").await?;
    let orders = format!("{}{game}/orders", site.url);
    // Spring 1901: the first order by tapping the board, as on a phone.
    browser.tap("#map g.unit[data-province='par']").await?;
    browser.tap("#map g.province[data-province='pic'] path").await?;
    browser.wait_for_text("#order-form [data-province='par'] .row-order", "Army Paris moves to Picardy").await?;
    let mut phase = browser.text("#phase-label").await?;
    while !phase.contains("1902") {
        // A phase in which France has nothing to order is processed without it.
        if browser.count("#ready-toggle").await? > 0 {
            give_orders_by_clicks(&browser).await?;
            browser.click("#ready-toggle").await?;
        }
        phase = browser.reload_until_changed(&orders, "#phase-label", &phase).await?;
    }
    // The results of the first phase show the bots' orders like anyone's.
    let game_id: i64 = game.trim_start_matches("/games/").parse()?;
    let bot_sheets: Vec<String> = sqlx::query_scalar(
        "select o.orders from seat_order o join seat s using (seat_id) where s.bot and o.game_id = $1 and o.phase_index = 0",
    )
    .bind(game_id)
    .fetch_all(&pool)
    .await?;
    assert_eq!(bot_sheets.len(), 6);
    browser.goto(&format!("{}{game}/phases/0", site.url)).await?;
    // On a phone the orders that simply succeeded are folded behind a link.
    if browser.count("#show-successes").await? > 0 {
        browser.click("#show-successes").await?;
    }
    let results = browser.text("main").await?;
    for line in bot_sheets.iter().filter_map(|sheet| sheet.lines().next()) {
        assert!(results.contains(line), "the bot's order {line:?} is in the results:\n{results}");
    }
    site.stop_worker().await?;
    browser.close().await
}
