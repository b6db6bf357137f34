//! Journey: Cabinet Diplomacy II from sign-up to the end. Three people register and sign up as a team on
//! the Cabinet page (the captain names the two teammates, who each confirm); the other 18 places are
//! filled directly in the database (signing up alone is the ordinary "Join", covered by the server
//! tests); the GM starts the game and the team gets one power in the positions it chose. The team's
//! General reads why he orders only armies and moves one, and is offered no draw vote (CAB.6); his
//! attempt to write to another power's Head of State is refused with the reason, and he writes to his
//! own. The Head of State reads the General's pending order on his order page (CAB.7), votes a draw for
//! the power, and proposes a relief with the standby list on the Cabinet page, which a visitor never sees
//! (nor the seats in sign-up order, CAB.9). The phase is processed: the Admiral finds the motion on his
//! notifications page (issue 26.6), opens it and signs with the Cabinet page's button; the next phase
//! relieves the General, who is told he no longer plays it, and the GM seats a standby player, whose
//! reads none of his predecessor's press (CAB.1); the GM ends the game and the game page names every
//! holder.

use backchannel_tests::{Browser, Screen, spawn_site};
use chrono::Utc;
use server::turns::{Outcome, tick};
use sqlx::PgPool;

/// Makes the game due and processes its phase, as the turn worker would.
async fn process_phase(pool: &PgPool, game_id: i64) -> anyhow::Result<()> {
    sqlx::query("update game set deadline_at = now() - interval '1 minute' where game_id = $1")
        .bind(game_id)
        .execute(pool)
        .await?;
    anyhow::ensure!(matches!(tick(pool, Utc::now()).await?, Outcome::Advanced(_)), "the phase was processed");
    Ok(())
}

/// Fills the game's other places with people who never log in (they sign up alone).
async fn seat_individuals(pool: &PgPool, game_id: i64, count: usize) -> anyhow::Result<()> {
    for index in 0..count {
        let account_id: i64 = sqlx::query_scalar(
            "insert into account (username, display_name, password_hash, time_zone)
             values ($1, $1, 'never used: this player never logs in', 'UTC') returning account_id",
        )
        .bind(format!("alone_{index}"))
        .fetch_one(pool)
        .await?;
        sqlx::query("insert into seat (game_id, account_id) values ($1, $2)")
            .bind(game_id)
            .bind(account_id)
            .execute(pool)
            .await?;
    }
    Ok(())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_team_signs_up_plays_its_positions_and_is_revealed_at_the_end(pool: PgPool) -> anyhow::Result<()> {
    let site = spawn_site(pool.clone()).await?;
    let browser = Browser::start().await?;
    browser.register(&site, "ada", "Ada the GM").await?;
    browser.goto(&format!("{site}/games/new")).await?;
    browser.select("#settings-form select[name=kind]", "cabinet_diplomacy").await?;
    browser.fill("#settings-form input[name=name]", "Cabinet night").await?;
    browser.select("#settings-form select[name=power_assignment]", "random").await?;
    browser.select("#settings-form select[name=start_rule]", "by_gm").await?;
    browser.click("#save-settings").await?;
    let game_url = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    let game_path = game_url.trim_start_matches(&site).to_owned();
    let game_id: i64 = game_path.trim_start_matches("/games/").parse()?;
    browser.log_out().await?;

    for (username, display) in [("hedda", "Hedda Headley"), ("gus", "Gus Generalov"), ("abe", "Abe Admiralson")] {
        browser.register(&site, username, display).await?;
        browser.log_out().await?;
    }
    browser.log_in(&site, "hedda").await?;
    browser.goto(&format!("{site}{game_path}/cabinet")).await?;
    browser.wait_for_text("#places", "7 powers × 3 positions").await?;
    browser.select("#my-role", "head_of_state").await?;
    browser.fill("#first-username", "gus").await?;
    browser.select("#first-role", "general").await?;
    browser.fill("#second-username", "abe").await?;
    browser.select("#second-role", "admiral").await?;
    browser.click("#sign-up-team").await?;
    browser.wait_for_text("#team", "waiting for confirmation").await?;
    browser.log_out().await?;
    for username in ["gus", "abe"] {
        browser.log_in(&site, username).await?;
        browser.goto(&format!("{site}{game_path}/cabinet")).await?;
        browser.wait_for_text("#invitation", "Hedda Headley asks you to join their team").await?;
        browser.click("#confirm-team").await?;
        browser.wait_for_text("#team", "(confirmed)").await?;
        browser.log_out().await?;
    }
    seat_individuals(&pool, game_id, 18).await?;
    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/admin")).await?;
    browser.click("#start").await?;
    browser.wait_for_text("#game-status", "Running").await?;
    browser.log_out().await?;

    // The team shares one power in the positions it chose.
    let power: String = sqlx::query_scalar(
        "select p.power::text from seat_power p join seat s using (seat_id) join account a on a.account_id = s.account_id
         where a.username = 'gus' and p.role = 'general'",
    )
    .fetch_one(&pool)
    .await?;
    let title = format!("{}{}", power[..1].to_uppercase(), &power[1..]);

    browser.log_in(&site, "gus").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let duties = browser.wait_for_text("#position-duties", "and only them").await?;
    assert!(duties.contains(&format!("General of the Army of {title}")), "{duties}");
    // His first row is one of his armies (`A par`); he holds it from the text box.
    let army = browser
        .client
        .execute("return document.querySelector('.order-row').dataset.unit;", vec![])
        .await?
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(army.starts_with("A "), "a General's rows are armies: {army}");
    browser.fill("#order-text", &format!("{army} H")).await?;
    browser.click("#save-text-orders").await?;
    browser.wait_for_text("#accepted-orders", &format!("{army} H")).await?;
    // Draws and concessions are his Head of State's (CAB.6): he is told so and offered neither form.
    browser.wait_for_text("#no-end-vote", "does not vote on draws or concessions").await?;
    let forms: i64 = browser
        .client
        .execute("return document.querySelectorAll('#draw-form, #concede-form').length;", vec![])
        .await?
        .as_i64()
        .unwrap_or(-1);
    assert_eq!(forms, 0, "a General has no draw or concede form");
    browser.goto(&format!("{site}{game_path}/cabinet")).await?;
    let known = browser.text("#known").await?;
    assert!(known.contains("Hedda Headley") && known.contains("Abe Admiralson"), "{known}");
    // The compose form offers no other power's Head of State; a crafted box is refused with the reason.
    let other_head: i64 = sqlx::query_scalar(
        "select s.seat_id from seat s join seat_power p using (seat_id) where s.game_id = $1 and p.role = 'head_of_state' and p.power::text <> $2 limit 1",
    )
    .bind(game_id)
    .bind(&power)
    .fetch_one(&pool)
    .await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    browser
        .client
        .execute(
            &format!(
                "const box = document.createElement('input'); box.type = 'checkbox'; box.name = 'to'; box.value = '{other_head}'; box.checked = true; document.querySelector('textarea[name=body]').form.appendChild(box);"
            ),
            vec![],
        )
        .await?;
    browser.fill("textarea[name=body]", "Shall we ally?").await?;
    browser.client.execute("document.querySelector('textarea[name=body]').form.submit();", vec![]).await?;
    browser.wait_for_text("body", "a General writes only to its own Head of State, its counterpart and the GM").await?;
    // A private word to his own Head of State, which his successor must never read (CAB.1).
    let hedda_seat: i64 = sqlx::query_scalar(
        "select s.seat_id from seat s join account a using (account_id) where a.username = 'hedda' and s.game_id = $1",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await?;
    browser.goto(&format!("{site}{game_path}/press")).await?;
    browser.click(&format!(".to-seat[value='{hedda_seat}']")).await?;
    browser.fill("#body", "Gus's secret plan for the army").await?;
    browser.click("#send").await?;
    browser.wait_for_text("body", "Gus's secret plan for the army").await?;
    let sent: i64 = sqlx::query_scalar("select count(*) from press_message where body like '%secret plan%'")
        .fetch_one(&pool)
        .await?;
    assert_eq!(sent, 1, "the message was sent");
    browser.log_out().await?;

    browser.log_in(&site, "hedda").await?;
    // The Head of State reads his General's pending order on his own order page (CAB.7), votes draws, and
    // concedes to powers, not positions (CAB.6).
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    let pending = browser.wait_for_text("#readable-sheets", &format!("{army} H")).await?;
    assert!(pending.contains(&format!("{title}: General")), "{pending}");
    let menu = browser.text("#concede-to").await?;
    assert!(!menu.contains("General") && !menu.contains("Head of State"), "{menu}");
    browser.click("#draw-toggle").await?;
    browser.wait_for_text("body", "You voted for a draw").await?;
    browser.goto(&format!("{site}{game_path}/cabinet")).await?;
    browser.select("#relieve-seat", &format!("{title} general")).await?;
    browser.click("#propose-relief").await?;
    browser.wait_for_text("body", "is on your order sheet").await?;
    browser.log_out().await?;
    // The Head of State's Cabinet page (with a motion on it), orders and press, and the GM's panel, on a
    // 390 px phone: nothing scrolls sideways.
    let phone = Browser::start_as(Screen::Phone).await?;
    phone.log_in(&site, "hedda").await?;
    for page in ["/cabinet", "/orders", "/press", ""] {
        phone.goto(&format!("{site}{game_path}{page}")).await?;
        phone.screenshot(&format!("cabinet-phone-head{}", page.replace('/', "-"))).await?;
        assert_eq!(phone.sideways_overflow().await?, 0, "{page} scrolls sideways on a phone");
    }
    phone.log_out().await?;
    phone.log_in(&site, "ada").await?;
    phone.goto(&format!("{site}{game_path}/admin")).await?;
    assert_eq!(phone.sideways_overflow().await?, 0, "the GM panel scrolls sideways on a phone");
    phone.close().await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    let public = browser.text("body").await?;
    assert!(!public.contains("Hedda") && !public.contains("Gus") && !public.contains("relieve"), "{public}");
    // The public seat table runs power by power, not in sign-up order (CAB.9).
    let first_row = browser.text("#seats tbody tr").await?;
    assert!(first_row.contains("Austria"), "{first_row}");

    // The phase is processed; the Admiral is asked to co-sign on his notifications page (issue 26.6), and
    // signs with the Cabinet page's button rather than by typing the line.
    process_phase(&pool, game_id).await?;
    browser.log_in(&site, "abe").await?;
    browser.goto(&format!("{site}/notifications")).await?;
    let notice = browser.wait_for_text("#notices", "Motion 1 asks for your signature").await?;
    assert!(notice.contains(&format!("relieve {title}: General")), "{notice}");
    browser.screenshot("cabinet-admiral-notifications").await?;
    let notice_id: i64 = sqlx::query_scalar(
        "select n.notice_id from notice n join account a using (account_id) where a.username = 'abe' and n.kind = 'asked_to_act'",
    )
    .fetch_one(&pool)
    .await?;
    browser.click(&format!("#notice-{notice_id} button")).await?;
    browser.wait_for_path(|path| path.ends_with("/cabinet")).await?;
    browser.screenshot("cabinet-admiral-motion-to-sign").await?;
    browser.click("#sign-1").await?;
    browser.wait_for_text("body", "`SIGN 1` is on your order sheet").await?;
    browser.log_out().await?;
    process_phase(&pool, game_id).await?;
    // The relieved General is told, of his own seat only, and loses its pages.
    browser.log_in(&site, "gus").await?;
    browser.goto(&format!("{site}/notifications")).await?;
    browser.wait_for_text("#notices", &format!("You no longer play {title}: General")).await?;
    browser.log_out().await?;

    // Sam waits on the standby list; the GM seats him in the vacant post. He reads none of Gus's press
    // (CAB.1).
    browser.register(&site, "sam", "Sam Successor").await?;
    browser.goto(&format!("{site}{game_path}/cabinet")).await?;
    browser.click("#join-standby").await?;
    browser.wait_for_text("#on-standby", "You are on the standby list").await?;
    browser.log_out().await?;
    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/admin")).await?;
    browser.select("#vacancy", &format!("{power}-general")).await?;
    browser.click("#seat-standby").await?;
    browser.wait_for_text("body", "Every position in use is held").await?;
    browser.log_out().await?;
    browser.log_in(&site, "sam").await?;
    browser.goto(&format!("{site}{game_path}/orders")).await?;
    browser.wait_for_text("#position-duties", "and only them").await?;
    let conversation: i64 =
        sqlx::query_scalar("select conversation_id from conversation where game_id = $1 and not is_public")
            .bind(game_id)
            .fetch_one(&pool)
            .await?;
    for page in ["/press".to_owned(), format!("/press/{conversation}")] {
        browser.goto(&format!("{site}{game_path}{page}")).await?;
        let text = browser.text("body").await?;
        assert!(!text.contains("secret plan"), "the successor reads his predecessor's press on {page}: {text}");
    }
    browser.log_out().await?;

    browser.log_in(&site, "ada").await?;
    browser.goto(&format!("{site}{game_path}/admin")).await?;
    browser.client.execute("window.confirm = () => true;", vec![]).await?;
    browser.click("#end").await?;
    browser.wait_for_text("#game-status", "Finished").await?;
    browser.log_out().await?;
    browser.goto(&format!("{site}{game_path}")).await?;
    let seats = browser.text("#seats").await?;
    assert!(
        seats.contains("Hedda Headley") && seats.contains("Sam Successor") && seats.contains("Abe Admiralson"),
        "{seats}"
    );
    browser.close().await
}
