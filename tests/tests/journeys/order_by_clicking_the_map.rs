//! Journey: a player gives every kind of order by clicking the map, as on Backstabbr. A unit, then a
//! province: a move (convoyed when the army cannot walk there); the unit twice: hold; a unit, another unit,
//! then a province: a support or a convoy, with buttons to tell which when both fit. In retreats the
//! dislodged unit, then a province; in Winter an open home center to build (army or fleet asked when
//! both fit) or a unit to remove. Each order is drawn at once, pending, listed in words, and removable
//! before it is saved. A foreign unit picks nothing.

use backchannel_tests::{Browser, set_standard_position, spawn_site};
use sqlx::PgPool;

/// The order the row of the unit in `province` holds, in words.
async fn chosen_order(browser: &Browser, province: &str) -> anyhow::Result<String> {
    browser.text(&format!("#order-form [data-row][data-province='{province}'] .row-order")).await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_clicks_moves_holds_supports_and_convoys_and_sees_each_drawn_before_saving(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Clicks", &[("dora", "austria")]).await?;
    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "F1901M", "units": ["Austria A vie", "Austria A bud", "Austria A tri",
            "Austria F adr", "Italy A ven"], "owners": {"vie": "Austria", "bud": "Austria", "tri": "Austria"}}),
    )
    .await?;

    browser.log_in(&site, "dora").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    browser.wait_for_text("#map-status", "Click one of your units").await?;

    browser.click("#map g.unit[data-province='ven']").await?;
    assert_eq!(browser.count("#order-form .order-row.chosen").await?, 0, "an Italian unit picked an Austrian row");

    // A move: the unit, then the province.
    browser.click("#map g.unit[data-province='vie']").await?;
    browser.wait_for_text("#order-form .order-row.chosen", "A vie").await?;
    browser.click("#map g.province[data-province='gal']").await?;
    assert_eq!(chosen_order(&browser, "vie").await?, "Army Vienna moves to Galicia");
    assert_eq!(browser.count("#map g.draft line.draft-move").await?, 1, "the move is drawn at once");
    browser.wait_for_text("#draft-state", "not saved yet").await?;

    // A support: the unit, the unit supported, then where it goes.
    browser.click("#map g.unit[data-province='bud']").await?;
    browser.click("#map g.unit[data-province='vie']").await?;
    browser.wait_for_text("#map-status", "Now click where vie goes").await?;
    browser.click("#map g.province[data-province='gal']").await?;
    assert_eq!(chosen_order(&browser, "bud").await?, "Army Budapest supports Army Vienna to Galicia");
    assert_eq!(browser.count("#map g.draft line.draft-support").await?, 1);

    // A hold: the unit twice; an unreachable place chooses nothing.
    browser.click("#map g.unit[data-province='tri']").await?;
    browser.click("#map g.province[data-province='boh']").await?;
    browser.wait_for_text("#map-status", "cannot go there").await?;
    browser.click("#map g.unit[data-province='tri']").await?;
    assert_eq!(chosen_order(&browser, "tri").await?, "Army Trieste holds");

    // A convoy: the fleet, the army, the destination; both a support and a convoy fit, so buttons ask.
    browser.click("#map g.unit[data-province='adr']").await?;
    browser.click("#map g.unit[data-province='tri']").await?;
    browser.click("#map g.province[data-province='apu']").await?;
    browser.wait_for_text("#map-status", "More than one order fits").await?;
    let offered = browser.texts("#map-actions button").await?;
    assert!(offered.iter().any(|label| label == "Fleet Adriatic Sea supports Army Trieste to Apulia"), "{offered:?}");
    let convoy = offered.iter().position(|label| label.contains("convoys")).expect("a convoy is offered");
    browser.click(&format!("#map-actions button:nth-child({})", convoy + 1)).await?;
    assert_eq!(chosen_order(&browser, "adr").await?, "Fleet Adriatic Sea convoys Army Trieste to Apulia");

    // The army's move to Apulia, which it can only make by convoy.
    browser.click("#map g.unit[data-province='tri']").await?;
    browser.click("#map g.province[data-province='apu']").await?;
    assert_eq!(chosen_order(&browser, "tri").await?, "Army Trieste moves to Apulia");

    // A row's ✕ takes its order back before saving.
    browser.click("#order-form [data-row][data-province='bud'] .row-clear").await?;
    assert_eq!(chosen_order(&browser, "bud").await?, "");
    assert_eq!(browser.count("#map g.draft line.draft-support").await?, 0, "a removed order is no longer drawn");

    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 3 orders.").await?;
    let accepted = browser.text("#accepted-orders").await?;
    for order in [
        "Army Vienna moves to Galicia",
        "Fleet Adriatic Sea convoys Army Trieste to Apulia",
        "Army Trieste moves to Apulia",
    ] {
        assert!(accepted.contains(order), "{order} missing from {accepted}");
    }
    assert!(!accepted.contains("Budapest"), "{accepted}");
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_clicks_a_retreat_then_builds_and_removals_in_winter(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Winter clicks", &[("dora", "austria")]).await?;
    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "F1901R", "units": ["Russia A ser"], "owners": {},
            "dislodged": [{"unit": "Austria A ser", "attacked_from": "bul", "by_convoy": false,
                "retreats": ["alb", "tri"]}]}),
    )
    .await?;
    browser.log_in(&site, "dora").await?;
    let orders = format!("{site}{game_path}/orders");
    browser.goto(&orders).await?;
    browser.click("#map g.unit.dislodged[data-province='ser']").await?;
    browser.wait_for_text("#map-status", "click where it retreats").await?;
    browser.click("#map g.province[data-province='alb']").await?;
    assert_eq!(chosen_order(&browser, "ser").await?, "Army Serbia retreats to Albania");
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 1 order.").await?;

    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "W1901A", "units": ["Austria A ser"],
            "owners": {"vie": "Austria", "bud": "Austria", "tri": "Austria", "ser": "Austria"}}),
    )
    .await?;
    browser.goto(&orders).await?;
    browser.wait_for_text("#map-status", "Click an open home center").await?;
    browser.click("#map g.province[data-province='vie']").await?;
    browser.wait_for_text("#order-form [data-unit='Build 1 of 3'] .row-order", "Build an army in Vienna").await?;
    browser.click("#map g.province[data-province='tri']").await?;
    let offered = browser.texts("#map-actions button").await?;
    assert_eq!(offered, ["Build an army in Trieste", "Build a fleet in Trieste"], "Trieste can take either");
    browser.click("#map-actions button:nth-child(2)").await?;
    browser.wait_for_text("#order-form [data-unit='Build 2 of 3'] .row-order", "Build a fleet in Trieste").await?;
    assert_eq!(browser.count("#map g.draft circle.draft-build").await?, 2);
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;

    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "W1902A", "units": ["Austria A vie", "Austria A bud", "Austria F tri"],
            "owners": {"vie": "Austria"}}),
    )
    .await?;
    browser.goto(&orders).await?;
    browser.click("#map g.unit[data-province='bud']").await?;
    browser.wait_for_text("#order-form [data-unit='Removal 1 of 2'] .row-order", "Remove Army Budapest").await?;
    browser.click("#map g.unit[data-province='tri']").await?;
    browser.wait_for_text("#order-form [data-unit='Removal 2 of 2'] .row-order", "Remove Fleet Trieste").await?;
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;
    browser.close().await
}
