//! Journey: on a phone, a player's pages register the service worker (the site is installable: its
//! manifest and icons load), his game page is kept for offline reading under his account alone, the
//! push settings page offers push on this device and saves the kinds he picks, and logging out drops
//! every kept page.

use backchannel_tests::{Browser, Screen, spawn_site};
use sqlx::PgPool;

/// The names of the service worker's caches of pages.
async fn kept_page_caches(browser: &Browser) -> anyhow::Result<Vec<String>> {
    let names = browser.resolved("caches.keys()").await?;
    Ok(names
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|name| name.as_str())
        .filter(|name| name.starts_with("backchannel-pages-"))
        .map(str::to_owned)
        .collect())
}

#[sqlx::test(migrations = "../migrations")]
async fn the_site_installs_keeps_my_game_page_offline_and_offers_push_on_a_phone(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start_as(Screen::Phone).await?;
    let game_path = browser.start_game(&site, &pool, "standard", "Pocket", &[("pia", "france")]).await?;
    browser.log_in(&site, "pia").await?;
    let game_url = format!("{site}{game_path}");
    browser.goto(&game_url).await?;
    browser.wait_for("html[data-service-worker=ready]").await?;
    let scope = browser.resolved("navigator.serviceWorker.ready.then((r) => r.scope)").await?;
    assert_eq!(scope, format!("{site}/"), "the worker covers the whole site");
    let manifest = browser.resolved(
        "fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json()).then((m) => m.display + ' ' + m.icons.length)",
    )
    .await?;
    assert_eq!(manifest, "standalone 3");

    // Seen again under the worker's control, the game page is kept, in this account's cache only.
    browser.goto(&game_url).await?;
    browser.wait_for("html[data-service-worker=ready]").await?;
    let kept = browser.resolved(&format!("caches.match('{game_url}').then((r) => r ? r.status : 0)")).await?;
    assert_eq!(kept, 200);
    assert_eq!(kept_page_caches(&browser).await?.len(), 1);

    browser.goto(&format!("{site}/notifications")).await?;
    browser.click("#push-settings-link").await?;
    browser.wait_for("#push-on").await?;
    browser.wait_for_text("#push-status", "Push is off for this device.").await?;
    let (_, height) = browser.size("#push-on").await?;
    assert!(height >= 44.0, "the push button is {height} px high");
    browser.click("#push-kinds-form input[value=rolled_back]").await?;
    browser.click("#save-push-kinds").await?;
    browser.wait_for_text(".flash", "Your push choices are saved.").await?;
    assert!(browser.count("#push-kinds-form input[value=rolled_back]:checked").await? == 1);
    assert_eq!(browser.sideways_overflow().await?, 0);

    browser.log_out().await?;
    let deadline = std::time::Instant::now() + backchannel_tests::ELEMENT_TIMEOUT;
    while !kept_page_caches(&browser).await?.is_empty() {
        anyhow::ensure!(std::time::Instant::now() < deadline, "the kept pages outlived the logout");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    browser.close().await
}
