//! Journey: England writes privately to France, to a group with France and Germany, and publicly; France
//! finds three unread conversations from the game page and reads them, a new one appearing live; Germany reads the group and the
//! public press but not the private talk (a 404 page); a visitor reads the public press on the game page.

use backchannel_tests::{Browser, spawn_site};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn players_write_privately_to_a_group_and_publicly_and_read_with_unread_counts(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let players = [("bea", "england"), ("cid", "france"), ("dan", "germany")];
    let game_path = browser.start_game(&site, &pool, "standard", "Talks", &players).await?;
    let france = "input.to-seat[data-title='France']";
    let germany = "input.to-seat[data-title='Germany']";

    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.click("#press-link").await?;
    browser.wait_for_text("#writes-as", "England").await?;
    assert_eq!(browser.write_press(&site, &game_path, &[france], "Channel stays empty, agreed?").await?, "France");
    let private_url = browser.wait_for_path(|path| path.contains("/press/")).await?;
    let private_path = private_url.trim_start_matches(&site).split('#').next().unwrap_or_default().to_owned();
    assert_eq!(browser.write_press(&site, &game_path, &[france, germany], "Western pact?").await?, "France, Germany");
    assert_eq!(browser.write_press(&site, &game_path, &["#to-public"], "England seeks peace").await?, "Public press");
    browser.log_out().await?;

    browser.log_in(&site, "cid").await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.wait_for_text("#press-unread", "3 unread").await?;
    browser.click("#press-link").await?;
    let unread = browser.texts("#conversations td.unread").await?;
    assert_eq!(unread, ["1", "1", "1"], "public press, the group and the private talk");
    browser.goto(&format!("{site}{private_path}")).await?;
    let message = browser.wait_for_text(".press-message", "Channel stays empty, agreed?").await?;
    assert!(message.contains("England · bea") && message.contains("Spring 1901 Movement"), "{message}");
    assert!(message.contains("CET") || message.contains("CEST"), "the time in France's zone: {message}");
    browser.fill("#reply-form #body", "Agreed.").await?;
    browser.click("#reply-form #send").await?;
    browser.wait_for_text("#messages", "Agreed.").await?;
    // England writes again while France has the page open: it appears without a reload, as text.
    sqlx::query(
        "insert into press_message (conversation_id, game_id, phase_index, sender_seat_id, sender_account_id, body, sent_at)
         select conversation_id, game_id, phase_index, sender_seat_id, sender_account_id, 'Live: <b>fleet</b> moves', now()
         from press_message where body = 'Channel stays empty, agreed?'",
    )
    .execute(&pool)
    .await?;
    let live = browser.wait_for_text("#live-messages", "Live: <b>fleet</b> moves").await?;
    assert!(live.contains("England · bea"), "{live}");
    browser.goto(&format!("{site}{game_path}/press")).await?;
    let unread = browser.texts("#conversations td.unread").await?;
    assert_eq!(unread.iter().filter(|count| *count == "0").count(), 1, "the private talk is read: {unread:?}");
    browser.log_out().await?;

    browser.log_in(&site, "dan").await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    let listed = browser.text("#conversations").await?;
    assert!(listed.contains("England, France") && listed.contains("Public press"), "{listed}");
    assert_eq!(browser.count("#conversations tbody tr").await?, 2, "Germany is not in the private talk");
    browser.goto(&format!("{site}{private_path}")).await?;
    let refused = browser.text("main").await?;
    assert!(refused.contains("does not exist") && !refused.contains("Channel stays empty"), "{refused}");
    browser.forget_sessions().await?;

    browser.goto(&format!("{site}{game_path}")).await?;
    browser.wait_for_text("#latest-public-press", "England seeks peace").await?;
    let page = browser.text("main").await?;
    assert!(!page.contains("Western pact") && !page.contains("Channel stays empty"), "{page}");
    browser.close().await
}
