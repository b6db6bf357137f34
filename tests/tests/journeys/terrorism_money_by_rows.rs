//! Journey (issue 29.9): a Terrorism I player on a phone at 390 px gives every kind of money order by the
//! order page's rows, without typing: founds a group, opens an agency, and contributes to a group,
//! transfers to his agency and bids for a nation up for auction; saves, and sees each order saved.

use backchannel_tests::{Browser, Screen, spawn_site};
use sqlx::PgPool;

/// Gives the open phase of the game at `game_path` what the money rows need: Italy's group in Kiel,
/// France's agency Falcon, and the nation Free Tyrolia up for auction (ceded by Austria).
async fn arrange_money_targets(pool: &PgPool, game_path: &str) -> anyhow::Result<()> {
    let game_id: i64 = game_path.trim_start_matches("/games/").parse()?;
    let group = serde_json::json!([{
        "name": "Red Hand", "province": "kie", "treasury": 2,
        "founded": {"year": 1900, "season": "Autumn"}, "controller": "Italy",
    }]);
    let agency = serde_json::json!([{"name": "Falcon", "owner": "France", "balance": 0}]);
    let nation = serde_json::json!([{
        "name": "Free Tyrolia", "province": "tyr", "group_name": "Tyrol Front", "treasury": 4,
        "controller": null, "ceded_by": "Austria",
    }]);
    let updated = sqlx::query(
        "update phase set state = jsonb_set(jsonb_set(jsonb_set(jsonb_set(state,
           '{state,groups}', (state #> '{state,groups}') || $2),
           '{state,agencies}', (state #> '{state,agencies}') || $3),
           '{state,nations}', (state #> '{state,nations}') || $4),
           '{state,owners,tyr}', '\"Free Tyrolia\"')
         where game_id = $1 and processed_at is null",
    )
    .bind(game_id)
    .bind(group)
    .bind(agency)
    .bind(nation)
    .execute(pool)
    .await?;
    anyhow::ensure!(updated.rows_affected() == 1, "the game has one open phase");
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_a_player_gives_every_money_order_by_rows_and_sees_them_saved(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_game(&site, &pool, "terrorism_i", "Money rows", &[("tia", "france")]).await?;
    arrange_money_targets(&pool, &game_path).await?;
    browser.log_in(&site, "tia").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;

    // France holds 0 before the turn's income: 9 in, 3 upkeep out leave 6 to spend, as the note says.
    let orders = [
        ("Found a group", "FOUND 3 IN ruh AS Ruhr Liberation Front", "Found the Ruhr Liberation Front in Ruhr with 3"),
        ("Open an agency", "OPEN Condor", "Open an agency called Condor"),
        ("Money order 1", "CONTRIBUTE 1 TO kie", "Contribute 1 to Red Hand in Kiel"),
        ("Money order 2", "TRANSFER 1 TO Falcon", "Transfer 1 to Falcon"),
        ("Money order 3", "BID 1 FOR Free Tyrolia", "Bid 1 for Free Tyrolia"),
    ];
    for (row, order, words) in orders {
        browser.choose_order(row, order).await?;
        browser.wait_for_text(&format!("#order-form [data-row][data-unit='{row}'] .row-order"), words).await?;
    }
    browser.wait_for_text("#save-bar", "5 orders not saved").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the money rows fit the phone");
    for select in ["#order-form [data-unit='Found a group'] select", "#order-form [data-unit='Open an agency'] select"]
    {
        let (_, height) = browser.size(select).await?;
        assert!(height >= 44.0, "{select} is {height} px tall");
    }
    browser.screenshot("phone-terrorism-money-rows").await?;

    browser.tap("#save-bar-button").await?;
    browser.wait_for_text("#saved-message", "Saved 5 orders.").await?;
    let saved = browser.text("#accepted-orders").await?;
    for (_, order, _) in orders {
        assert!(saved.contains(order), "{order} is not among the saved orders: {saved}");
    }
    browser.screenshot("phone-terrorism-money-saved").await?;
    browser.close().await
}
