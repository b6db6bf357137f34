//! Journey: a GM creates a private game and shares its invite link; a visitor without it gets a 404
//! page; a player joins through it; the GM renames the game, removes the player, and the GM's log
//! says so.

use backchannel_tests::{Browser, spawn_site};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn a_gm_runs_a_private_game_from_the_panel(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool).await?;
    let browser = Browser::start().await?;

    browser.register(&site, "ada", "Ada Lovelace").await?;
    browser.goto(&format!("{site}/games/new")).await?;
    browser.fill("#settings-form input[name=name]", "Closed Circle").await?;
    browser.click("#settings-form input[name=visibility][value=private]").await?;
    browser.select("#settings-form select[name=start_rule]", "by_gm").await?;
    browser.click("#save-settings").await?;
    browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    let invite = browser.text("#invite-link").await?;
    let game_path = invite.split('?').next().unwrap_or_default().to_owned();

    browser.log_out().await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    let refusal = browser.text(".error-page h1").await?;
    assert!(refusal.contains("404"), "{refusal}");

    browser.register(&site, "grace", "Grace Hopper").await?;
    browser.goto(&format!("{site}{invite}")).await?;
    browser.select("#join-power", "turkey").await?;
    browser.click("#join").await?;
    browser.wait_for("#leave").await?;
    browser.log_out().await?;

    browser.goto(&format!("{site}/login")).await?;
    browser.fill("#login-form input[name=username]", "ada").await?;
    browser.fill("#login-form input[name=password]", "correct horse battery").await?;
    browser.click("#login-form button[type=submit]").await?;
    browser.wait_for_path(|path| path == "/games").await?;
    browser.goto(&format!("{site}{game_path}/admin")).await?;
    browser.fill("#settings-form input[name=name]", "Closed Circle II").await?;
    browser.click("#save-settings").await?;
    browser.wait_for_text("p.flash", "Settings saved.").await?;
    let seats = browser.text("#seats").await?;
    assert!(seats.contains("Grace Hopper"), "{seats}");
    browser.click("#seats form[action$='/remove'] button").await?;
    browser.wait_for_text("p.flash", "The player was removed.").await?;
    let seats = browser.text("#seats").await?;
    assert!(!seats.contains("Grace Hopper"), "{seats}");
    let log = browser.text("#audit-log").await?;
    assert!(log.contains("Removed the player of seat 1 (Turkey), held by Grace Hopper."), "{log}");
    assert!(log.contains("Changed the settings"), "{log}");
    assert!(browser.text("h1").await?.contains("Closed Circle II"));
    browser.close().await
}
