//! Journey: a player gives every kind of order by clicking the map, as on Backstabbr. A unit, then a
//! province: a move (convoyed when the army cannot walk there); the unit twice: hold; a unit, another unit,
//! then a province: a support or a convoy, with buttons to tell which when both fit. In retreats the
//! dislodged unit, then a province; in Winter an open home center to build (army or fleet asked when
//! both fit) or a unit to remove. Each order is drawn at once, pending, listed in words, and removable
//! before it is saved. A foreign unit picks nothing. On a phone: a tap on a unit the picked one could
//! attack offers the attack first and the support second, a pick always has its Cancel, nothing moves
//! the board, a bar counts the orders not saved beside a Save button, and leaving with them asks first;
//! the boards open where the player plays, and results tell what happened before the board.

use backchannel_tests::{Browser, Screen, process_due_phase, set_standard_position, spawn_site};
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
    // Budapest could also move to Vienna: the attack is offered first, then the support.
    browser.wait_for_text("#map-actions", "Support Army Vienna…").await?;
    browser.click("#map-actions button:nth-child(2)").await?;
    browser.wait_for_text("#map-status", "Now tap where Army Vienna goes").await?;
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
    browser.wait_for_text("#map-actions", "Support or convoy Army Trieste…").await?;
    browser.click("#map-actions button:nth-child(2)").await?;
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
    browser.wait_for_text("#save-bar", "4 orders not saved").await?;
    browser.screenshot("desktop-orders-not-saved").await?;

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
    browser.wait_for_text("#map-status", "tap where it retreats").await?;
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

/// Where the top of the board is on the page (not on the screen): it must not move while orders are given.
const MAP_TOP: &str = "return document.querySelector('#map').getBoundingClientRect().top + window.scrollY;";

/// Whether leaving the page now would ask first (its `beforeunload` handler refuses to let go).
const LEAVING_ASKS: &str = "var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); \
     return e.defaultPrevented ? 1 : 0;";

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_tapping_the_defender_offers_the_attack_first_and_a_pick_can_always_be_cancelled(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Thumbs", &[("tess", "austria")]).await?;
    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "F1901M", "units": ["Austria A gre", "Austria A ser", "Austria F aeg",
            "Turkey A bul", "Russia F stp/sc"], "owners": {"gre": "Austria", "ser": "Austria"}}),
    )
    .await?;
    browser.log_in(&site, "tess").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    browser.wait_for_text("#map-status", "Click one of your units").await?;
    let visible_at_start = browser
        .number("var f = document.querySelector('#map'), u = document.querySelector('#map g.unit[data-province=gre]').getBoundingClientRect(), v = f.getBoundingClientRect(); return (u.left >= v.left && u.right <= v.right && u.top >= v.top && u.bottom <= v.bottom) ? 1 : 0;")
        .await?;
    assert_eq!(visible_at_start, 1.0, "the board opens over the player's units");
    let map_top = browser.number(MAP_TOP).await?;
    browser.screenshot("phone-orders-start").await?;

    // The attack: Greece, then the Turkish army in Bulgaria; moving there is offered first.
    browser.tap("#map g.unit[data-province='gre']").await?;
    browser.wait_for_text("#map-actions", "Cancel").await?;
    browser.tap("#map g.unit[data-province='bul']").await?;
    let offered = browser.texts("#map-actions button").await?;
    assert_eq!(offered, ["Move to Bulgaria", "Support Army Bulgaria…", "Cancel"]);
    assert_eq!(browser.number(MAP_TOP).await?, map_top, "the choices moved the board");
    browser.screenshot("phone-attack-or-support").await?;
    browser.click("#map-actions button:nth-child(1)").await?;
    assert_eq!(chosen_order(&browser, "gre").await?, "Army Greece moves to Bulgaria");
    assert_eq!(browser.count("#map g.draft line.draft-move.pending").await?, 1, "drawn as not saved");
    browser.wait_for_text("#save-bar", "1 order not saved").await?;
    assert_eq!(browser.number(LEAVING_ASKS).await?, 1.0, "leaving with an order not saved asks first");

    // A support, started and then taken back by tapping the picked unit again.
    browser.tap("#map g.unit[data-province='ser']").await?;
    browser.tap("#map g.unit[data-province='bul']").await?;
    browser.click("#map-actions button:nth-child(2)").await?;
    browser.wait_for_text("#map-status", "Now tap where Army Bulgaria goes").await?;
    browser.tap("#map g.unit[data-province='ser']").await?;
    browser.wait_for_text("#map-status", "Cancelled").await?;
    assert_eq!(browser.count("#order-form .order-row.chosen").await?, 0, "the pick is closed");
    assert_eq!(chosen_order(&browser, "ser").await?, "", "cancelling chose nothing");

    // The Cancel button closes a pick too, and Serbia then supports the attack.
    browser.tap("#map g.unit[data-province='ser']").await?;
    browser.click("#map-actions button.cancel").await?;
    assert_eq!(browser.count("#order-form .order-row.chosen").await?, 0);
    browser.tap("#map g.unit[data-province='ser']").await?;
    browser.tap("#map g.unit[data-province='gre']").await?;
    browser.click("#map-actions button:nth-child(2)").await?;
    browser.tap("#map g.unit[data-province='bul']").await?;
    assert_eq!(chosen_order(&browser, "ser").await?, "Army Serbia supports Army Greece to Bulgaria");
    browser.wait_for_text("#save-bar", "2 orders not saved").await?;
    assert_eq!(browser.number(MAP_TOP).await?, map_top, "the board never moved");
    let (save_width, save_height) = browser.size("#save-bar-button").await?;
    assert!(save_width >= 44.0 && save_height >= 44.0, "Save is {save_width} × {save_height}");
    browser.screenshot("phone-two-not-saved").await?;

    // Save from the bar at the foot of the screen: the orders are then drawn as saved.
    browser.click("#save-bar-button").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;
    assert_eq!(browser.count("#map g.draft .pending").await?, 0);
    assert_eq!(browser.count("#map g.draft line.saved").await?, 2);
    assert_eq!(browser.number(LEAVING_ASKS).await?, 0.0, "nothing to lose: leaving asks nothing");
    let (_, ready_height) = browser.size("#ready-toggle").await?;
    assert!(ready_height >= 44.0, "Ready is {ready_height} px tall");

    // A fleet for a split coast: each coast is a target a finger finds.
    let (coast_width, coast_height) = browser.size("#map g.coast[data-region='bul/ec'] circle.tap").await?;
    assert!(coast_width >= 44.0 && coast_height >= 44.0, "a coast is {coast_width} × {coast_height}");
    let (unit_width, unit_height) = browser.size("#map g.unit[data-province='aeg'] circle.tap").await?;
    assert!(unit_width >= 44.0 && unit_height >= 44.0, "a unit's tap target is {unit_width} × {unit_height}");
    browser.tap("#map g.unit[data-province='aeg']").await?;
    browser.tap("#map g.coast[data-region='bul/sc']").await?;
    assert_eq!(chosen_order(&browser, "aeg").await?, "Fleet Aegean Sea moves to Bulgaria (south coast)");
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_a_winter_board_opens_over_the_open_home_centers_and_results_tell_the_story_first(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Far north", &[("ivan", "russia")]).await?;
    browser.log_in(&site, "ivan").await?;
    let orders = format!("{site}{game_path}/orders");

    // Spring: Russia's orders, one of which fails, then the results page on a phone.
    browser.goto(&orders).await?;
    browser.choose_order("A mos", "A mos - ukr").await?;
    browser.choose_order("A war", "A war - ukr").await?;
    browser.choose_order("F sev", "F sev - bla").await?;
    browser.click("#save-form-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 3 orders.").await?;
    process_due_phase(&pool, &game_path).await?;
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    let events_top = browser.number("return document.querySelector('#results').getBoundingClientRect().top;").await?;
    let board_top = browser.number("return document.querySelector('#map').getBoundingClientRect().top;").await?;
    assert!(events_top < board_top, "the results come before the board on a phone");
    let failed = browser.texts("#results tr.fails").await?;
    let bounce = failed.iter().find(|row| row.contains("A mos - ukr")).cloned().unwrap_or_default();
    assert!(bounce.contains("Army Moscow moves to Ukraine"), "the order in words too: {failed:?}");
    let colour = browser
        .client
        .execute("return getComputedStyle(document.querySelector('#results tr.fails .result-word')).color;", vec![])
        .await?;
    assert_eq!(colour, "rgb(161, 43, 43)", "a failure is coloured");
    assert_eq!(browser.text("#successes").await?, "", "plain successes are folded on a phone");
    browser.screenshot("phone-results").await?;
    browser.click("#show-successes").await?;
    browser.wait_for_text("#successes", "succeeds").await?;
    let (_, step_height) = browser.size("#all-phases").await?;
    assert!(step_height >= 44.0, "a phase step link is {step_height} px tall");

    // Winter with two builds: the board opens over Russia's open home centres.
    set_standard_position(
        &pool,
        &game_path,
        serde_json::json!({"phase": "W1901A", "units": ["Russia A ukr", "Russia F sev", "Russia A nwy",
            "Russia F bot"], "owners": {"stp": "Russia", "mos": "Russia", "war": "Russia", "sev": "Russia",
            "nwy": "Russia", "swe": "Russia"}}),
    )
    .await?;
    browser.goto(&orders).await?;
    browser.wait_for_text("#map-status", "Click an open home center").await?;
    let shows_a_centre = browser
        .number("var f = document.querySelector('#map').getBoundingClientRect(); return ['stp','mos','war'].filter(function (p) { var r = document.querySelector('#map g.province[data-province=' + p + '] text').getBoundingClientRect(); return r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom; }).length;")
        .await?;
    assert!(shows_a_centre >= 2.0, "the board opens away from the open home centres");
    browser.screenshot("phone-winter").await?;
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn an_order_chosen_from_a_whole_list_is_marked_not_saved_until_saved_and_its_cross_takes_it_back(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_players_game(&site, "covert_operations", "Lists", &["bea", "cid"]).await?;
    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    // The world map opens over the player's own marks (his superspy), not over the Americas.
    let marks_in_view = browser
        .number(
            "var f = document.querySelector('#world-map').getBoundingClientRect(); \
             return Array.prototype.filter.call(document.querySelectorAll('#world-map text.markers'), function (m) { \
               var r = m.getBoundingClientRect(); \
               return r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom; }).length;",
        )
        .await?;
    assert!(marks_in_view >= 1.0, "the world map opens away from the player's marks");
    browser.screenshot("phone-world-map").await?;
    let row = "#order-form [data-row]:has(select:not([data-level]))";
    let list = browser.wait_for(&format!("{row} select")).await?;
    let first = list.find(fantoccini::Locator::Css("option:not([value=''])")).await?;
    let value = first.attr("value").await?.unwrap_or_default();
    list.select_by_value(&value).await?;
    browser.wait_for_text("#save-bar", "1 order not saved").await?;
    assert_eq!(browser.count("#order-form [data-row].unsaved").await?, 1, "the row is marked not saved");
    browser.click(&format!("{row} .row-clear")).await?;
    assert_eq!(browser.count("#save-bar[hidden]").await?, 1, "taken back, nothing is left to save");
    browser.wait_for(&format!("{row} select")).await?.select_by_value(&value).await?;
    browser.click("#save-bar-button").await?;
    browser.wait_for_text("#saved-message", "Saved 1 order.").await?;
    assert_eq!(browser.count("#order-form [data-row].unsaved").await?, 0);
    browser.close().await
}
