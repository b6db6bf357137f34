//! Journey: a player and an observer keep a game's page open; as another player saves orders and marks
//! them ready, and as the phase is processed, both pages update by themselves (no reload: a mark left on
//! each window survives). Then the player reads his "game started" notification on /notifications (on
//! his phone) and the header's unread count goes.

use backchannel_tests::{Browser, Screen, process_due_phase, spawn_site};
use sqlx::PgPool;

/// Leaves a mark on the window, which a reload would wipe.
async fn mark_window(browser: &Browser) -> anyhow::Result<()> {
    browser.client.execute("window.liveMark = 'still here';", vec![]).await?;
    Ok(())
}

async fn was_not_reloaded(browser: &Browser) -> anyhow::Result<bool> {
    let mark = browser.client.execute("return window.liveMark || null;", vec![]).await?;
    Ok(mark.as_str() == Some("still here"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_and_an_observer_watch_orders_readiness_and_the_new_phase_arrive_without_reloading(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let actor = Browser::start().await?;
    let game_path =
        actor.start_game(&site, &pool, "standard", "Live", &[("eve", "austria"), ("fred", "england")]).await?;
    let game_url = format!("{site}{game_path}");
    // The player follows on a phone.
    let player = Browser::start_as(Screen::Phone).await?;
    player.log_in(&site, "fred").await?;
    let observer = Browser::start().await?;
    for watcher in [&player, &observer] {
        watcher.goto(&game_url).await?;
        watcher.wait_for("#live[data-open='true']").await?;
        watcher.wait_for_text("#order-progress", "Austria not yet not ready").await?;
        mark_window(watcher).await?;
    }

    actor.log_in(&site, "eve").await?;
    actor.goto(&format!("{game_url}/orders")).await?;
    actor.fill("#order-text", "A vie - gal").await?;
    actor.click("#save-text-orders").await?;
    actor.wait_for_text("#saved-message", "Saved 1 order.").await?;
    for watcher in [&player, &observer] {
        watcher.wait_for_text("#order-progress", "Austria orders in not ready").await?;
    }
    actor.click("#ready-toggle").await?;
    actor.wait_for_text("p.flash", "You are marked ready.").await?;
    for watcher in [&player, &observer] {
        watcher.wait_for_text("#order-progress", "Austria orders in ready").await?;
    }
    process_due_phase(&pool, &game_path).await?;
    for watcher in [&player, &observer] {
        watcher.wait_for_text("#current-phase", "Fall 1901 Movement").await?;
        assert!(was_not_reloaded(watcher).await?, "the page updated in place");
        let page = watcher.text("main").await?;
        assert!(!page.contains("vie - gal"), "the game page shows no order: {page}");
    }

    player.wait_for_text("#nav-notifications", "Notifications").await?;
    player.goto(&format!("{site}/notifications")).await?;
    player.wait_for_text("#unread-count", "1").await?;
    assert_eq!(player.sideways_overflow().await?, 0, "the notifications page fits a phone");
    player.wait_for_text("#notices li.unread", "Live: The game has started.").await?;
    player.click("#notices li.unread button").await?;
    player.wait_for_path(|path| path == game_path).await?;
    player.goto(&format!("{site}/notifications")).await?;
    player.wait_for("#notices li.notice").await?;
    assert_eq!(player.count("#notices li.unread").await?, 0, "the notification is read");
    assert_eq!(player.count("#unread-count").await?, 0, "no unread count in the header");
    for browser in [actor, player, observer] {
        browser.close().await?;
    }
    Ok(())
}
