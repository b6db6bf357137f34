//! Journey: a GM creates a Covert Operations game for three players from the new-game form; the players
//! join without choosing a power and become Player 1 to 3 in join order; Player 1 orders through the
//! drop-downs and the text box (a bad line explained); after the worker runs the day, Player 1's results
//! page gives its own turn result in words, while Player 2 and an observer see only the day's public news
//! (rulings 0.5), and no page draws a board.

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
    browser.log_out().await?;

    for reader in ["cid", ""] {
        if !reader.is_empty() {
            browser.log_in(&site, reader).await?;
        }
        browser.goto(&results).await?;
        browser.wait_for_text("#events", "A quiet day").await?;
        let page = browser.text("main").await?;
        for secret in ["B,MEX,5", "Bribe the leader", "Your spy in Germany", "$19 million"] {
            assert!(!page.contains(secret), "{reader:?} sees {secret:?}: {page}");
        }
        if !reader.is_empty() {
            browser.log_out().await?;
        }
    }
    browser.close().await
}
