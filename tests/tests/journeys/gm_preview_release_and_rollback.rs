//! Journey (issue 18): a GM turns on "check each phase's results before releasing them"; the deadline
//! passes and the worker's code works the phase out, but a player and a visitor see no result of it
//! while the GM's view shows the bounce; the GM releases it and the players see it. After the next
//! phase (processed now and released), the GM rolls the game back two phases with a reason: a player
//! finds the reason and their orders of Spring 1901 on the order page, changes them, and the phase is
//! played again with the new orders. No player can open the GM's view.

use backchannel_tests::{Browser, Screen, process_due_phase, spawn_site};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn a_gm_previews_and_releases_a_phase_then_rolls_the_game_back_two_phases(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path = browser
        .start_game(&site, &pool, "standard", "Checked Spring", &[("bea", "austria"), ("cid", "russia")])
        .await?;

    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.click("#gm-view-link").await?;
    browser.click("#gm-settings input[name=preview_results]").await?;
    browser.click("#save-gm-settings").await?;
    browser.wait_for_text("p.flash", "Saved.").await?;
    browser.log_out().await?;

    for (player, orders) in [("bea", "A vie - gal\nF tri - alb"), ("cid", "A war - gal")] {
        browser.log_in(&site, player).await?;
        browser.goto(&format!("{site}{game_path}/orders")).await?;
        browser.fill("#order-text", orders).await?;
        browser.click("#save-text-orders").await?;
        browser.wait_for("#saved-message").await?;
        browser.log_out().await?;
    }
    process_due_phase(&pool, &game_path).await?;

    // Before the release: neither a player nor a visitor sees any result, and orders are closed.
    browser.log_in(&site, "cid").await?;
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    let page = browser.text("main").await?;
    assert!(!page.contains("fails") && !page.contains("succeeds"), "a preview leaked: {page}");
    browser.goto(&format!("{site}{game_path}/gm")).await?;
    let refused = browser.text("main").await?;
    assert!(refused.contains("Only this game's GM") && !refused.contains("A war - gal"), "{refused}");
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.log_out().await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    let public = browser.text("main").await?;
    assert!(!public.contains("fails") && !public.contains("A war - gal"), "{public}");

    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/gm")).await?;
    let preview = browser.text("#preview").await?;
    assert!(preview.contains("Russia: A war - gal: fails"), "{preview}");
    browser.click("#release").await?;
    browser.wait_for_text("p.flash", "The results are released.").await?;
    // Fall 1901: processed at once from the GM's view, checked, released.
    browser.wait_for_text("#gm-phase", "Fall 1901 Movement").await?;
    browser.click("#process-now").await?;
    browser.wait_for("#release").await?;
    browser.click("#release").await?;
    browser.wait_for_text("p.flash", "The results are released.").await?;
    browser.wait_for_text("#gm-phase", "1902").await?;
    browser.log_out().await?;

    browser.log_in(&site, "cid").await?;
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    browser.wait_for_text("#results", "A war - gal").await?;
    browser.log_out().await?;

    // Two phases back, to Spring 1901, with a reason the players read.
    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/gm")).await?;
    browser.select("#rollback-phase", "0").await?;
    browser.fill("#rollback-reason", "Austria's fleet order was mistyped by the site").await?;
    browser.click("#roll-back").await?;
    browser.wait_for_text("p.flash", "The game is rolled back.").await?;
    browser.wait_for_text("#gm-phase", "Spring 1901 Movement").await?;
    browser.log_out().await?;

    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let notice = browser.text("#deadline-notice").await?;
    assert!(notice.contains("rolled the game back to Spring 1901 Movement"), "{notice}");
    assert!(notice.contains("mistyped by the site"), "{notice}");
    let restored = browser.text("#accepted-orders").await?;
    assert!(restored.contains("Army Vienna moves to Galicia"), "the orders were not restored: {restored}");
    browser.fill("#order-text", "A vie - bud\nF tri - ven").await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#saved-message", "Saved 2 orders.").await?;
    browser.goto(&format!("{site}{game_path}/log")).await?;
    let log = browser.text("#audit-log").await?;
    assert!(log.contains("Rolled the game back to Spring 1901 Movement (2 phase(s) undone"), "{log}");
    browser.log_out().await?;

    // The replayed phase is worked out with the new orders, previewed, and released.
    process_due_phase(&pool, &game_path).await?;
    // On a 390 px phone the GM's view, with its preview and board, and the standby page fit the screen.
    let phone = Browser::start_as(Screen::Phone).await?;
    phone.log_in(&site, "ada").await?;
    for path in [format!("{game_path}/gm"), format!("{game_path}/standby")] {
        phone.goto(&format!("{site}{path}")).await?;
        phone.wait_for("main").await?;
        let overflow = phone.sideways_overflow().await?;
        assert_eq!(overflow, 0, "{path} scrolls {overflow} px sideways on a phone");
    }
    phone.close().await?;
    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/gm")).await?;
    let preview = browser.text("#preview").await?;
    assert!(preview.contains("Austria: F tri - ven"), "{preview}");
    browser.click("#release").await?;
    browser.wait_for_text("p.flash", "The results are released.").await?;
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    browser.wait_for_text("#results", "F tri - ven").await?;
    browser.close().await
}
