//! Journeys: a player confirms their address, forgets their password, reads the reset mail in the
//! Mailbox (on the phone where they are still signed in), chooses a new password on the laptop and logs
//! in with it; the account pages and the archive fit a phone.

use backchannel_tests::{Browser, PHONE_WIDTH, Screen, spawn_site};
use sqlx::PgPool;

const NEW_PASSWORD: &str = "a much better password";

/// The first site path in the text of the newest mail whose subject holds `subject`, as the Mailbox
/// page shows it.
async fn link_in_newest_mail(browser: &Browser, site: &str, subject: &str) -> anyhow::Result<String> {
    browser.goto(&format!("{site}/mailbox")).await?;
    browser.wait_for_text("#mailbox li:first-child .mail-subject", subject).await?;
    let body = browser.text_content("#mailbox li:first-child .mail-body").await?;
    let start = body.find('/').ok_or_else(|| anyhow::anyhow!("no link in the mail:\n{body}"))?;
    let link: String = body[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    Ok(link)
}

/// Registers `username` with an address through the form and confirms it from the Mailbox.
async fn register_with_confirmed_address(browser: &Browser, site: &str, username: &str) -> anyhow::Result<()> {
    browser.goto(&format!("{site}/register")).await?;
    browser.fill("#register-form input[name=username]", username).await?;
    browser.fill("#register-form input[name=display_name]", "Rosa").await?;
    browser.fill("#register-form input[name=email]", &format!("{username}@example.test")).await?;
    browser.fill("#register-form input[name=password]", "correct horse battery").await?;
    browser.fill("#register-form input[name=password_confirm]", "correct horse battery").await?;
    browser.click("#register-form button[type=submit]").await?;
    browser.wait_for_path(|path| path == "/games").await?;
    let confirm = link_in_newest_mail(browser, site, "Confirm your e-mail address").await?;
    browser.goto(&format!("{site}{confirm}")).await?;
    browser.click("#confirm-email-form button[type=submit]").await?;
    browser.wait_for_text(".flash", "is confirmed").await.map(drop)
}

#[sqlx::test(migrations = "../migrations")]
async fn a_forgotten_password_is_replaced_through_the_mailed_link_and_the_new_one_logs_in(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    register_with_confirmed_address(&browser, &site, "rosa").await?;
    // Still signed in on the phone; the laptop has forgotten everything.
    let phone = browser.session().await?;
    browser.forget_sessions().await?;

    browser.goto(&format!("{site}/login")).await?;
    browser.click("#forgot-password").await?;
    browser.fill("#forgot-password-form input[name=email]", "rosa@example.test").await?;
    browser.click("#forgot-password-form button[type=submit]").await?;
    browser.wait_for_text("#reset-sent", "rosa@example.test").await?;
    // The request is answered by the mail worker's next round, off the request path (issue 27 item 11);
    // this site runs no mail worker (its Mailbox reads the outbox), so the journey runs the round.
    server::accounts::resets::answer_reset_requests(&pool, chrono::Utc::now()).await?;

    browser.resume(&phone).await?;
    let reset = link_in_newest_mail(&browser, &site, "Choose a new Backchannel password").await?;
    assert!(reset.starts_with("/password-reset/new?token="), "{reset}");

    browser.forget_sessions().await?;
    browser.goto(&format!("{site}{reset}")).await?;
    browser.fill("#reset-password-form input[name=new_password]", NEW_PASSWORD).await?;
    browser.fill("#reset-password-form input[name=new_password_confirm]", NEW_PASSWORD).await?;
    browser.click("#reset-password-form button[type=submit]").await?;
    browser.wait_for_path(|path| path == "/login").await?;
    browser.wait_for_text(".flash", "Your new password is set").await?;

    browser.fill("#login-form input[name=username]", "rosa").await?;
    browser.fill("#login-form input[name=password]", NEW_PASSWORD).await?;
    browser.click("#login-form button[type=submit]").await?;
    browser.wait_for_path(|path| path == "/games").await?;
    assert_eq!(browser.text("#nav-account").await?, "Rosa");

    // The reset ended the phone's session too, and the used link is dead.
    browser.resume(&phone).await?;
    browser.goto(&format!("{site}/games")).await?;
    browser.wait_for("a[href='/register']").await?;
    browser.goto(&format!("{site}{reset}")).await?;
    browser.wait_for_text("main", "does not work").await?;
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn on_a_phone_the_account_pages_and_the_archive_fit_the_screen(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    for path in ["/password-reset", "/login"] {
        assert_fits(&browser, &site, path).await?;
    }
    register_with_confirmed_address(&browser, &site, "pim").await?;
    // Finished games with long names and results, so the archive's table has something to squeeze.
    sqlx::query(
        "insert into game (kind, name, gm_account_id, status, invite_code, seat_count, rng_seed, finished_at,
                           result_summary)
         select 'standard', 'A rather long game name about the Balkans and the Black Sea ' || n,
                (select account_id from account where username = 'pim'), 'finished', 'phone-' || n, 7, n, now(),
                'Draw between Austria, England, France, Germany, Italy and Russia'
         from generate_series(1, 60) n",
    )
    .execute(&pool)
    .await?;
    for path in [
        "/account",
        "/account/delete",
        "/mailbox",
        "/games?show=finished",
        "/games/archive",
        "/games/archive?name=balkans&winner=france&player=pim",
    ] {
        assert_fits(&browser, &site, path).await?;
    }
    browser.close().await
}

async fn assert_fits(browser: &Browser, site: &str, path: &str) -> anyhow::Result<()> {
    browser.goto(&format!("{site}{path}")).await?;
    browser.wait_for("main").await?;
    let overflow = browser.sideways_overflow().await?;
    assert_eq!(overflow, 0, "{path} scrolls {overflow} px sideways on a {PHONE_WIDTH} px phone");
    Ok(())
}
