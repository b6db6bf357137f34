//! Journeys through the press rules a GM sets, as players see them in the browser:
//! - the GM switches a running game to public press only, to gunboat and to rulebook press from the panel,
//!   and a player's message typed under the old rule is refused with the reason shown and the text kept,
//!   while what the new rule allows goes through (rulebook press closes in the Winter adjustment); a
//!   conversation the rule closes offers no reply and says why;
//! - with grey press on, a player publishes without a sender, and another player and a visitor see no
//!   power and no name on it, beside the game page and the phase's results;
//! - in an anonymous game, players and a visitor never see a player's account or display name on the
//!   press pages, the game page or the results, only powers;
//! - the GM writes to one seat and to everyone, a seat writes to the GM, a third player cannot open
//!   those talks (a 404 page), and the GM does not see a talk between two players.

use backchannel_tests::{Browser, POWERS, process_due_phase, seat_silent_players, spawn_site};
use sqlx::PgPool;

/// The path of the page the browser is on, without its fragment.
async fn current_path(browser: &Browser) -> anyhow::Result<String> {
    Ok(browser.client.current_url().await?.path().to_owned())
}

/// What a textarea holds now.
async fn value_of(browser: &Browser, css: &str) -> anyhow::Result<String> {
    Ok(browser.wait_for(css).await?.prop("value").await?.unwrap_or_default())
}

/// The GM changes the game's press rule from the panel's press settings form.
async fn set_press_rule(gm: &Browser, site: &str, game_path: &str, rule: &str) -> anyhow::Result<()> {
    gm.goto(&format!("{site}{game_path}/admin")).await?;
    gm.select("#press-rule", rule).await?;
    gm.click("#save-press-settings").await?;
    gm.wait_for_text("p.flash", "Press settings saved.").await?;
    let chosen = gm.wait_for("#press-rule").await?.prop("value").await?.unwrap_or_default();
    assert_eq!(chosen, rule, "the panel shows the saved rule");
    Ok(())
}

/// The text and the markup of the message holding `body` among those `css` finds.
async fn message_with(browser: &Browser, css: &str, body: &str) -> anyhow::Result<(String, String)> {
    browser.wait_for_text(css, body).await?;
    let messages = browser.client.find_all(fantoccini::Locator::Css(&format!("{css} .press-message"))).await?;
    for message in messages {
        let text = message.text().await?;
        if text.contains(body) {
            return Ok((text, message.html(false).await?));
        }
    }
    anyhow::bail!("no message in {css} holds {body:?}")
}

/// A page as the browser received it after its scripts ran, for searching for names.
async fn page_source(browser: &Browser) -> anyhow::Result<String> {
    Ok(browser.client.source().await?.to_lowercase())
}

#[sqlx::test(migrations = "../migrations")]
async fn the_gm_changes_the_press_rule_and_players_see_what_each_rule_refuses(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let gm = Browser::start().await?;
    let game_path =
        gm.start_game(&site, &pool, "standard", "Rules of Talk", &[("bea", "england"), ("cid", "france")]).await?;
    gm.log_in(&site, "ada").await?;
    let player = Browser::start().await?;
    let france = "input.to-seat[data-title='France']";

    // France moves to Spain this spring, so that the Winter brings an adjustment phase.
    player.log_in(&site, "cid").await?;
    player.goto(&format!("{site}{game_path}/orders")).await?;
    player.fill("#order-text", "A mar - spa").await?;
    player.click("#save-text-orders").await?;
    player.wait_for_text("#saved-message", "Saved 1 order.").await?;
    player.log_out().await?;

    // Full press: England talks to France privately.
    player.log_in(&site, "bea").await?;
    assert_eq!(player.write_press(&site, &game_path, &[france], "Before the new rule").await?, "France");
    let private_path = current_path(&player).await?;

    // England types to France while the GM switches to public press only.
    player.compose_press(&site, &game_path, &[france], "Meet me in Burgundy?").await?;
    set_press_rule(&gm, &site, &game_path, "public_only").await?;
    player.click("#compose-form #send").await?;
    let refusal = player.wait_for_text("#press-refusal", "Not sent").await?;
    assert!(refusal.contains("public press only"), "{refusal}");
    assert_eq!(value_of(&player, "#compose-form #body").await?, "Meet me in Burgundy?", "the text is kept");
    assert_eq!(player.count("input.to-seat").await?, 0, "no power is offered for a private talk");
    assert!(player.text("#press-rules").await?.contains("Public press only"));
    // The kept text goes out publicly instead.
    player.click("#to-public").await?;
    assert_eq!(player.send_press("Meet me in Burgundy?").await?, "Public press");
    // The private talk from before stays readable, but offers no reply, and says why.
    player.goto(&format!("{site}{private_path}")).await?;
    player.wait_for_text("#messages", "Before the new rule").await?;
    player.wait_for_text("#press-closed", "public press only").await?;
    assert_eq!(player.count("#reply-form").await?, 0, "a reply the rule refuses is offered");

    // Gunboat: a public message typed before the switch is refused, and only the GM may be written to.
    player.compose_press(&site, &game_path, &["#to-public"], "Peace in the west").await?;
    set_press_rule(&gm, &site, &game_path, "none").await?;
    player.click("#compose-form #send").await?;
    let refusal = player.wait_for_text("#press-refusal", "Not sent").await?;
    assert!(refusal.contains("gunboat"), "{refusal}");
    assert_eq!(value_of(&player, "#compose-form #body").await?, "Peace in the west");
    assert_eq!(player.count("#to-public").await?, 0, "public press is not offered in gunboat");
    assert_eq!(player.count("input.to-seat").await?, 0, "no power is offered in gunboat");
    assert!(player.text("#press-rules").await?.contains("No press (gunboat)"));
    player.fill("#compose-form #body", "Is the deadline Friday?").await?;
    player.click("#to-gm").await?;
    assert_eq!(player.send_press("Is the deadline Friday?").await?, "GM");
    player.goto(&format!("{site}{game_path}/press")).await?;
    let listed = player.text("#conversations").await?;
    assert!(!listed.contains("Peace in the west"), "{listed}");

    // Rulebook press: open in the Fall movement, closed once the Winter adjustment begins.
    process_due_phase(&pool, &game_path).await?;
    player.reload_until_text(&format!("{site}{game_path}"), "#current-phase", "Fall 1901 Movement").await?;
    set_press_rule(&gm, &site, &game_path, "rulebook").await?;
    assert_eq!(player.write_press(&site, &game_path, &[france], "Fall plans: hold").await?, "France");
    player.compose_press(&site, &game_path, &[france], "Build a fleet in Brest?").await?;
    process_due_phase(&pool, &game_path).await?;
    player.click("#compose-form #send").await?;
    let refusal = player.wait_for_text("#press-refusal", "Not sent").await?;
    assert!(refusal.contains("retreats and adjustments"), "{refusal}");
    assert_eq!(value_of(&player, "#compose-form #body").await?, "Build a fleet in Brest?");
    assert_eq!(player.count("#to-public").await?, 0, "no public press in an adjustment phase");
    assert_eq!(player.count("input.to-seat").await?, 0, "no private press in an adjustment phase");
    assert_eq!(player.count("#to-gm").await?, 1, "the GM can still be written to");
    player.goto(&format!("{site}{game_path}")).await?;
    player.wait_for_text("#current-phase", "Winter 1901 Adjustment").await?;
    player.log_out().await?;

    // France never received what was refused.
    player.log_in(&site, "cid").await?;
    player.goto(&format!("{site}{private_path}")).await?;
    let talk = player.wait_for_text("#messages", "Fall plans: hold").await?;
    for refused in ["Meet me in Burgundy?", "Build a fleet in Brest?"] {
        assert!(!talk.contains(refused), "{refused:?} reached France: {talk}");
    }
    player.close().await?;
    gm.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn grey_press_shows_no_sender_to_players_and_visitors(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let game_path =
        browser.start_game(&site, &pool, "standard", "Grey Skies", &[("bea", "england"), ("cid", "france")]).await?;
    let grey_text = "Someone in the north will betray you";

    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/admin")).await?;
    browser.click("#press-settings-form input[name=grey_press]").await?;
    browser.click("#save-press-settings").await?;
    browser.wait_for_text("p.flash", "Press settings saved.").await?;
    browser.wait_for_text("#audit-log", "grey press allowed").await?;
    browser.log_out().await?;

    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    browser.wait_for_text("#press-rules", "grey press allowed").await?;
    browser.compose_press(&site, &game_path, &["#to-public", "#grey"], grey_text).await?;
    assert_eq!(browser.send_press(grey_text).await?, "Public press");
    let public_path = current_path(&browser).await?;
    // The same player signs the next one: this is how a sender shows when it is shown.
    browser.fill("#reply-form #body", "England signs this one").await?;
    browser.click("#reply-form #send").await?;
    let (signed, _) = message_with(&browser, "#messages", "England signs this one").await?;
    assert!(signed.contains("England · bea"), "{signed}");
    // Grey press is for public messages only.
    browser.compose_press(&site, &game_path, &["input.to-seat[data-title='France']", "#grey"], "Psst").await?;
    browser.click("#compose-form #send").await?;
    let refusal = browser.wait_for_text("#press-refusal", "Not sent").await?;
    assert!(refusal.contains("Only public messages can be grey"), "{refusal}");
    assert_eq!(value_of(&browser, "#compose-form #body").await?, "Psst");
    browser.log_out().await?;

    let nameless = |where_: &str, (text, html): (String, String)| {
        assert!(text.contains("Grey press (sender not shown)"), "{where_}: {text}");
        for name in ["england", "bea"] {
            assert!(!html.to_lowercase().contains(name), "{where_} names {name}: {html}");
        }
    };
    browser.log_in(&site, "cid").await?;
    browser.goto(&format!("{site}{public_path}")).await?;
    nameless("France's public press", message_with(&browser, "#messages", grey_text).await?);
    browser.goto(&format!("{site}{game_path}")).await?;
    nameless("France's game page", message_with(&browser, "#latest-public-press", grey_text).await?);
    browser.log_out().await?;

    process_due_phase(&pool, &game_path).await?;
    browser.goto(&format!("{site}{public_path}")).await?;
    nameless("the visitor's public press", message_with(&browser, "#messages", grey_text).await?);
    browser.goto(&format!("{site}{game_path}")).await?;
    nameless("the visitor's game page", message_with(&browser, "#latest-public-press", grey_text).await?);
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    nameless("the visitor's results", message_with(&browser, "#phase-public-press", grey_text).await?);
    let (signed, _) = message_with(&browser, "#phase-public-press", "England signs this one").await?;
    assert!(signed.contains("England · bea"), "{signed}");
    browser.close().await
}

/// The players of the anonymous game: username, display name, power.
const MASKED: [(&str, &str, &str); 3] = [
    ("zelda_k", "Zelda Kovacs", "england"),
    ("quentin_r", "Quentin Rowe", "france"),
    ("xavier_m", "Xavier Moss", "germany"),
];

/// Every name of every player of the anonymous game, lower case, silent players included.
fn masked_names() -> Vec<String> {
    let mut names: Vec<String> =
        MASKED.iter().flat_map(|(username, display, _)| [username.to_lowercase(), display.to_lowercase()]).collect();
    names.extend(
        POWERS
            .iter()
            .filter(|power| !MASKED.iter().any(|seat| seat.2 == **power))
            .map(|power| format!("silent_{power}")),
    );
    names
}

/// Opens every page of the game a viewer reaches (game page, press page, each conversation they can
/// open and its feed, the history and the first results, the GM's log, the lobby, and for a player the
/// dashboard and the order page) and checks that no name in `hidden` appears in the page's
/// markup, nor `own` (the viewer's own names, which the header and their own seat's row show) elsewhere
/// in `main`.
async fn check_no_names(
    browser: &Browser,
    site: &str,
    game_path: &str,
    own: &[String],
    who: &str,
) -> anyhow::Result<()> {
    let hidden: Vec<String> = masked_names().into_iter().filter(|name| !own.contains(name)).collect();
    browser.goto(&format!("{site}{game_path}/press")).await?;
    browser.wait_for("#press-rules").await?;
    let mut pages = ["", "/press", "/phases", "/phases/0", "/log"].map(|page| format!("{game_path}{page}")).to_vec();
    pages.push("/games".to_owned());
    if !own.is_empty() {
        pages.extend(["/dashboard".to_owned(), format!("{game_path}/orders")]);
    }
    for link in browser.client.find_all(fantoccini::Locator::Css("#conversations tbody a")).await? {
        let href = link.attr("href").await?.unwrap_or_default();
        pages.push(format!("{href}/feed?after=0"));
        pages.push(href);
    }
    assert!(pages.len() >= 8, "{who} reads at least one conversation: {pages:?}");
    for page in pages {
        browser.goto(&format!("{site}{page}")).await?;
        browser.wait_for("body").await?;
        let source = page_source(browser).await?;
        assert!(!source.contains("404 ·") && !source.contains("500 ·"), "{who} on {page}: {source}");
        for name in &hidden {
            assert!(!source.contains(name.as_str()), "{who} sees {name:?} on {page}");
        }
        if !own.is_empty() && !page.ends_with("after=0") {
            let mut main = browser.wait_for("main").await?.html(true).await?.to_lowercase();
            // The game page's seat list shows the viewer their own seat, marked "(you)".
            if let Ok(mine) = browser.client.find(fantoccini::Locator::Css("#seats tr.mine")).await {
                main = main.replace(&mine.html(false).await?.to_lowercase(), "");
            }
            for name in own {
                assert!(!main.contains(name.as_str()), "{who} sees their own {name:?} in the page on {page}");
            }
        }
    }
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn an_anonymous_game_never_shows_a_players_name(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;

    browser.register(&site, "ada", "Ada the GM").await?;
    browser.goto(&format!("{site}/games/new")).await?;
    browser.fill("#settings-form input[name=name]", "Masquerade").await?;
    browser.click("#settings-form input[name=anonymous]").await?;
    browser.select("#settings-form select[name=start_rule]", "by_gm").await?;
    browser.click("#save-settings").await?;
    let game_url = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    let game_path = game_url.trim_start_matches(&site).to_owned();
    browser.log_out().await?;
    let mut sessions = Vec::new();
    for (username, display, power) in MASKED {
        browser.register(&site, username, display).await?;
        browser.goto(&format!("{site}{game_path}")).await?;
        browser.select("#join-power", power).await?;
        browser.click("#join").await?;
        browser.wait_for("#leave").await?;
        sessions.push(browser.session().await?);
        browser.forget_sessions().await?;
    }
    let silent: Vec<&str> = POWERS.into_iter().filter(|power| !MASKED.iter().any(|seat| seat.2 == *power)).collect();
    seat_silent_players(&pool, &game_path, &silent).await?;
    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/admin")).await?;
    browser.click("#start").await?;
    browser.wait_for_text("#game-status", "Running").await?;
    // The GM sees who plays: the names are on the pages checked below unless hidden.
    browser.goto(&format!("{site}{game_path}")).await?;
    let seen_by_gm = page_source(&browser).await?;
    assert!(seen_by_gm.contains("zelda kovacs") && seen_by_gm.contains("quentin rowe"), "the GM sees the players");
    browser.log_out().await?;

    let france = "input.to-seat[data-title='France']";
    let germany = "input.to-seat[data-title='Germany']";
    browser.resume(&sessions[0]).await?;
    assert_eq!(browser.write_press(&site, &game_path, &[france], "Lisbon is yours").await?, "France");
    let (_, private) = message_with(&browser, "#messages", "Lisbon is yours").await?;
    assert!(private.contains("<strong class=\"press-sender\">England</strong>"), "the sender is its power: {private}");
    assert_eq!(browser.write_press(&site, &game_path, &[france, germany], "Western triple").await?, "France, Germany");
    assert_eq!(browser.write_press(&site, &game_path, &["#to-public"], "Peace in our time").await?, "Public press");
    browser.resume(&sessions[1]).await?;
    assert_eq!(
        browser.write_press(&site, &game_path, &["input.to-seat[data-title='England']"], "Agreed").await?,
        "England"
    );
    assert_eq!(browser.write_press(&site, &game_path, &["#to-public"], "France agrees").await?, "Public press");
    process_due_phase(&pool, &game_path).await?;

    for (index, (username, display, _)) in MASKED.iter().enumerate() {
        browser.resume(&sessions[index]).await?;
        let own = [username.to_lowercase(), display.to_lowercase()];
        check_no_names(&browser, &site, &game_path, &own, username).await?;
    }
    browser.forget_sessions().await?;
    check_no_names(&browser, &site, &game_path, &[], "a visitor").await?;
    browser.goto(&format!("{site}{game_path}/phases/0")).await?;
    let (_, public) = message_with(&browser, "#phase-public-press", "Peace in our time").await?;
    assert!(public.contains("<strong class=\"press-sender\">England</strong>"), "{public}");
    browser.close().await
}

#[sqlx::test(migrations = "../migrations")]
async fn the_gm_writes_to_a_seat_and_to_all_and_reads_only_its_own_talks(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    let players = [("bea", "england"), ("cid", "france"), ("dan", "germany")];
    let game_path = browser.start_game(&site, &pool, "standard", "Under Watch", &players).await?;
    let england = "input.to-seat[data-title='England']";
    let france = "input.to-seat[data-title='France']";

    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    browser.wait_for_text("#writes-as", "GM").await?;
    assert_eq!(browser.count("#to-gm").await?, 0, "the GM does not write to itself");
    assert_eq!(browser.count("input.to-seat").await?, 7, "the GM may write to every seat");
    assert_eq!(
        browser.write_press(&site, &game_path, &[england], "England, your orders are missing").await?,
        "England"
    );
    let gm_england = current_path(&browser).await?;
    assert_eq!(
        browser.write_press(&site, &game_path, &["#to-public"], "Deadline moves to Friday").await?,
        "Public press"
    );
    let (broadcast, _) = message_with(&browser, "#messages", "Deadline moves to Friday").await?;
    assert!(broadcast.starts_with("GM ·"), "{broadcast}");
    browser.log_out().await?;

    browser.log_in(&site, "bea").await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.wait_for_text("#press-unread", "2 unread").await?;
    browser.goto(&format!("{site}{gm_england}")).await?;
    assert_eq!(browser.text("#conversation-title").await?, "GM");
    let (from_gm, _) = message_with(&browser, "#messages", "England, your orders are missing").await?;
    assert!(from_gm.starts_with("GM ·"), "{from_gm}");
    browser.fill("#reply-form #body", "Sent them just now").await?;
    browser.click("#reply-form #send").await?;
    browser.wait_for_text("#messages", "Sent them just now").await?;
    assert_eq!(browser.write_press(&site, &game_path, &[france], "Just between us two").await?, "France");
    let england_france = current_path(&browser).await?;
    browser.log_out().await?;

    browser.log_in(&site, "cid").await?;
    assert_eq!(browser.write_press(&site, &game_path, &["#to-gm"], "May I have an extension?").await?, "GM");
    let france_gm = current_path(&browser).await?;
    browser.log_out().await?;

    browser.log_in(&site, "dan").await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    let listed = browser.text("#conversations").await?;
    assert_eq!(browser.count("#conversations tbody tr").await?, 1, "Germany reads public press only: {listed}");
    assert!(listed.contains("Public press"), "{listed}");
    for (path, secret) in [
        (&gm_england, "England, your orders are missing"),
        (&france_gm, "May I have an extension?"),
        (&england_france, "Just between us two"),
    ] {
        browser.goto(&format!("{site}{path}")).await?;
        let refused = browser.text(".error-page h1").await?;
        assert!(refused.contains("404"), "Germany opens {path}: {refused}");
        assert!(!browser.text("main").await?.contains(secret));
        browser.goto(&format!("{site}{path}/feed?after=0")).await?;
        let feed = browser.text("body").await?;
        assert!(!feed.contains(secret), "Germany reads {path}'s feed: {feed}");
    }
    browser.goto(&format!("{site}{game_path}")).await?;
    browser.log_out().await?;

    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    let titles = browser.texts("#conversations tbody tr td:first-child").await?;
    let mut sorted = titles.clone();
    sorted.sort();
    assert_eq!(sorted, ["England", "France", "Public press"], "the GM lists only its own talks: {titles:?}");
    browser.goto(&format!("{site}{england_france}")).await?;
    let refused = browser.text(".error-page h1").await?;
    assert!(refused.contains("404"), "the GM opens the players' talk: {refused}");
    browser.goto(&format!("{site}{france_gm}")).await?;
    let (asked, _) = message_with(&browser, "#messages", "May I have an extension?").await?;
    assert!(asked.starts_with("France · cid"), "{asked}");
    browser.fill("#reply-form #body", "Granted: one more day").await?;
    browser.click("#reply-form #send").await?;
    browser.wait_for_text("#messages", "Granted: one more day").await?;
    browser.goto(&format!("{site}{gm_england}")).await?;
    browser.wait_for_text("#messages", "Sent them just now").await?;
    browser.log_out().await?;

    browser.goto(&format!("{site}{game_path}")).await?;
    let (seen, _) = message_with(&browser, "#latest-public-press", "Deadline moves to Friday").await?;
    assert!(seen.starts_with("GM ·"), "{seen}");
    browser.close().await
}
