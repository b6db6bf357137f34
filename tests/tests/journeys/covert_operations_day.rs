//! Journey: a GM creates a Covert Operations game for three players from the new-game form; the players
//! join without choosing a power and become Player 1 to 3 in join order; Player 1 orders through the
//! drop-downs and the text box (a bad line explained); after the worker runs the day, Player 1's results
//! page gives its own turn result in words, while Player 2 and an observer see only the day's public news
//! (rulings 0.5). Every page draws the world map as its reader may know it (no standard board): on the
//! order page a click on a country writes its code into the line being typed, or chooses it in the list
//! last used; the results page marks Player 1's own influence and spy for Player 1 alone.

use backchannel_tests::{Browser, process_due_phase, spawn_site};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn a_covert_operations_day_tells_each_player_its_own_turn_and_everyone_the_news(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path = browser.start_players_game(&site, "covert_operations", "Shadows", &["bea", "cid", "dan"]).await?;

    browser.log_in(&site, "bea").await?;
    let orders = format!("{site}{game_path}/orders");
    browser.goto(&orders).await?;
    browser.wait_for_text("#seat-title", "Player 1").await?;
    let own = browser.wait_for_text("#own-view", "Your cash").await?;
    assert!(own.contains("$20 million"), "{own}");
    // Nobody leads a country yet, so the rows are the superspy's move, an industry and a message.
    browser.select("#unit_1", "I,BRA").await?;
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#accepted-orders", "Build one industry in Brazil (BRA) for $4 million").await?;
    assert_eq!(browser.count("#world-map g.country").await?, 88, "every country is drawn");
    browser.fill("#order-text", "B,").await?;
    browser.click("#world-map g[data-country='FRA']").await?;
    browser.wait_for_text("#world-map-status", "FRA (France) written into line 1: B,FRA").await?;
    assert_eq!(field_value(&browser, "#order-text").await?, "B,FRA");
    browser.client.execute("document.getElementById('unit_1').focus();", vec![]).await?;
    browser.click("#world-map g[data-country='AUS']").await?;
    browser.wait_for_text("#world-map-status", "AUS (Australia) chosen").await?;
    assert_eq!(field_value(&browser, "#unit_1").await?, "I,AUS", "the list last used chooses Australia");
    browser.fill("#order-text", "X,CHN\nB,MEX,5\nS,GER,2\nbribe everyone").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#rejected-orders", "is not an order").await?;
    let saved = browser.text("#accepted-orders").await?;
    assert!(saved.contains("Bribe the leader of Mexico (MEX) with $5 million"), "{saved}");
    assert!(browser.text("main").await?.lines().all(|line| line != "The board"), "no board heading");
    browser.log_out().await?;

    browser.log_in(&site, "cid").await?;
    browser.goto(&orders).await?;
    browser.wait_for_text("#seat-title", "Player 2").await?;
    assert!(!browser.text("main").await?.contains("B,MEX,5"), "Player 2 sees Player 1's orders");
    browser.fill("#order-text", "G,ITA,1").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#accepted-orders", "raise the security of Italy (ITA) by 1").await?;
    browser.log_out().await?;

    process_due_phase(&pool, &game_path).await?;

    let results = format!("{site}{game_path}/phases/0");
    browser.log_in(&site, "bea").await?;
    browser.goto(&results).await?;
    let mine = browser.wait_for_text("#private-report", "your influence there is now 5").await?;
    assert!(mine.contains("Your superspy in China (CHN) reports"), "{mine}");
    assert!(mine.contains("Your spy in Germany (GER) has value 9."), "{mine}");
    let map = browser.text("#world-known").await?;
    assert!(map.contains("MEX Mexico: led by you; your influence 5"), "{map}");
    browser.log_out().await?;

    for reader in ["cid", ""] {
        if !reader.is_empty() {
            browser.log_in(&site, reader).await?;
        }
        browser.goto(&results).await?;
        browser.wait_for_text("#events", "A quiet day").await?;
        let page = browser.text("main").await?;
        assert_eq!(browser.count("#world-map g.country").await?, 88, "{reader:?} sees the world map");
        for secret in ["B,MEX,5", "Bribe the leader", "Your spy in Germany", "$19 million", "your influence 5"] {
            assert!(!page.contains(secret), "{reader:?} sees {secret:?}: {page}");
        }
        if !reader.is_empty() {
            browser.log_out().await?;
        }
    }
    browser.close().await
}

/// What a form field holds now (typed or chosen), as the form would send it.
async fn field_value(browser: &Browser, css: &str) -> anyhow::Result<String> {
    Ok(browser.wait_for(css).await?.prop("value").await?.unwrap_or_default())
}
