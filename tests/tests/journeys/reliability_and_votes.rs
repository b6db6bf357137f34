//! Journey (issue 32) on a phone: a player opens another player's profile from the game page (tier and
//! why, in words), is refused from a game that takes Reliable players only (the reason on the join page),
//! and the game's two players vote to pause until it pauses. Every page fits 390 px without sideways
//! scrolling.

use backchannel_tests::{Browser, Screen, spawn_site};
use sqlx::PgPool;

/// Turns the seats of the players who never log in into bots: they have no say in a vote.
async fn silent_seats_to_bots(pool: &PgPool, game_path: &str) -> anyhow::Result<()> {
    let game_id: i64 = game_path.trim_start_matches("/games/").parse()?;
    sqlx::query(
        "update seat set account_id = null, bot = true where game_id = $1
         and account_id in (select account_id from account where username like 'silent_%')",
    )
    .bind(game_id)
    .execute(pool)
    .await?;
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_reads_a_profile_is_refused_by_a_reliable_only_game_and_votes_a_pause_on_a_phone(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game =
        browser.start_game(&site, &pool, "standard", "Table of two", &[("ben", "france"), ("cleo", "italy")]).await?;
    silent_seats_to_bots(&pool, &game).await?;

    // Ben opens Cleo's profile from the game page.
    browser.log_in(&site, "ben").await?;
    browser.goto(&format!("{site}{game}")).await?;
    browser.click("#seats a.profile-link[href='/players/cleo']").await?;
    browser.wait_for_text("#profile-name", "cleo").await?;
    assert_eq!(browser.text("#tier").await?, "New");
    let why = browser.text("#tier-why").await?;
    assert!(why.contains("never rated Unreliable"), "{why}");
    assert_eq!(browser.sideways_overflow().await?, 0, "the profile fits a phone");

    // Ada makes a game for Reliable players only; Ben, New, is refused with the reason.
    browser.log_out().await?;
    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}/games/new")).await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the new-game form fits a phone");
    browser.fill("#settings-form input[name=name]", "Veterans only").await?;
    browser.select("#reliability", "reliable").await?;
    browser.click("#save-settings").await?;
    let strict = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    browser.log_out().await?;
    browser.log_in(&site, "ben").await?;
    browser.goto(&strict).await?;
    let rule = browser.text("#reliability-rule").await?;
    assert!(rule.contains("Reliable"), "{rule}");
    let refusal = browser.text("#join-refusal").await?;
    assert!(refusal.contains("you are rated New"), "{refusal}");
    assert_eq!(browser.sideways_overflow().await?, 0, "the game page fits a phone");
    browser.select("#join-power", "england").await?;
    browser.click("#join").await?;
    let message = browser.wait_for_text(".error-page .error-message", "Reliable players only").await?;
    assert!(message.contains("you are rated New"), "{message}");
    assert_eq!(browser.sideways_overflow().await?, 0, "the refusal fits a phone");

    // Ben and Cleo vote to pause: after Ben's vote the game still runs; after Cleo's it is paused.
    browser.goto(&format!("{site}{game}")).await?;
    browser.click("#votes-link").await?;
    browser.click("#vote-pause").await?;
    browser.wait_for("#withdraw-pause").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the votes page fits a phone");
    browser.goto(&format!("{site}{game}")).await?;
    assert_eq!(browser.text("#game-status").await?, "Running");
    browser.log_out().await?;
    browser.log_in(&site, "cleo").await?;
    browser.goto(&format!("{site}{game}/votes")).await?;
    browser.click("#vote-pause").await?;
    browser.wait_for_text("#game-status", "Paused").await?;
    browser.wait_for_text("p.flash", "Every player voted to pause").await?;
    assert_eq!(browser.sideways_overflow().await?, 0, "the paused game page fits a phone");
    browser.close().await
}
