//! Notification tests: mails are queued by the real events (game start, the turn worker, the GM panel,
//! the downtime check), drained by calling `drain_once` directly (no sleeping), and read back rendered,
//! as their recipients would get them.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::http::StatusCode;
use chrono::{DateTime, Duration, SubsecRound, Utc};
use lettre::Message;
use sqlx::PgPool;

use super::content::{MailContent, RenderContext};
use super::drain::{DrainOutcome, MAX_ATTEMPTS, MailSettings, drain_once};
use super::enqueue::{PressNotice, enqueue_press_notice};
use super::queries::MailId;
use super::reminders::queue_due_reminders;
use super::transport::{MailDirectory, Mailer, Transport};
use crate::ids::{AccountId, GameId};
use crate::test_support::{Client, assert_lacks_any_case, logged_in, make_due, started_game, started_game_with, table};
use crate::turns::{Outcome, downtime, tick};

/// A mailer that keeps what it was given, failing the first `failures` sends.
#[derive(Default)]
struct Recorder {
    sent: Mutex<Vec<(MailId, String)>>,
    /// Every message it was asked to send, sent or not.
    attempts: Mutex<Vec<String>>,
    failures: AtomicUsize,
}

impl Recorder {
    fn failing(failures: usize) -> Self {
        Recorder { failures: AtomicUsize::new(failures), ..Recorder::default() }
    }

    fn sent_ids(&self) -> Vec<MailId> {
        self.sent.lock().unwrap().iter().map(|(id, _)| *id).collect()
    }

    fn texts(&self) -> Vec<String> {
        self.sent.lock().unwrap().iter().map(|(_, text)| text.clone()).collect()
    }
}

impl Mailer for Recorder {
    async fn send(&self, mail_id: MailId, message: &Message) -> anyhow::Result<()> {
        // Lets another drainer run between the claim and the send, as a slow SMTP server would.
        tokio::task::yield_now().await;
        let text = String::from_utf8(message.formatted()).unwrap();
        self.attempts.lock().unwrap().push(text.clone());
        if self.failures.load(Ordering::SeqCst) > 0 {
            self.failures.fetch_sub(1, Ordering::SeqCst);
            anyhow::bail!("the SMTP server is down");
        }
        self.sent.lock().unwrap().push((mail_id, text));
        Ok(())
    }
}

fn settings() -> MailSettings {
    MailSettings {
        from: "Backchannel <judge@example.test>".parse().unwrap(),
        base_url: "https://bc.example.test".to_owned(),
    }
}

/// Gives every account an address `<username>@example.test`.
async fn give_everyone_an_address(pool: &PgPool) {
    update_accounts(pool, "email = username || '@example.test', email_confirmed = true", "true").await;
}

/// `update account set <set> where <which>`, for arranging opt-ins and addresses.
async fn update_accounts(pool: &PgPool, set: &str, which: &str) {
    sqlx::query(&format!("update account set {set} where {which}")).execute(pool).await.unwrap();
}

async fn account_id(pool: &PgPool, username: &str) -> AccountId {
    sqlx::query_scalar("select account_id from account where username = $1")
        .bind(username)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Recipients' usernames of the queued mails of `kind` in `game_id`, sorted.
async fn recipients_of(pool: &PgPool, game_id: GameId, kind: &str) -> Vec<String> {
    sqlx::query_scalar(
        "select a.username from outbox_mail m join account a using (account_id)
         where m.game_id = $1 and m.kind::text = $2 order by a.username",
    )
    .bind(game_id)
    .bind(kind)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// Every queued mail of the game, rendered as its recipient would read it: (username, subject + body).
async fn rendered_mails(pool: &PgPool, game_id: GameId) -> Vec<(String, String)> {
    let rows: Vec<(String, sqlx::types::Json<MailContent>)> = sqlx::query_as(
        "select a.username, m.content from outbox_mail m join account a using (account_id)
         where m.game_id = $1 order by m.mail_id",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
    .unwrap();
    let context = RenderContext { base_url: "https://bc.example.test", zone: chrono_tz::Tz::UTC };
    rows.into_iter()
        .map(|(username, content)| {
            let mail = content.render(context).unwrap();
            (username, format!("{}\n{}", mail.subject, mail.body))
        })
        .collect()
}

async fn drain_all(pool: &PgPool, mailer: &impl Mailer, now: DateTime<Utc>) -> Vec<DrainOutcome> {
    let mut outcomes = Vec::new();
    loop {
        match drain_once(pool, mailer, &settings(), now).await.unwrap() {
            DrainOutcome::Idle => return outcomes,
            outcome => outcomes.push(outcome),
        }
    }
}

async fn status_of(pool: &PgPool, mail_id: MailId) -> (String, i32) {
    sqlx::query_as("select status::text, attempts from outbox_mail where mail_id = $1")
        .bind(mail_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn starting_a_game_and_processing_a_phase_queue_one_mail_per_opted_in_seat_holder(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_new_phase = false", "username = 'player1'").await;
    update_accounts(&pool, "notify_game_start_end = false", "username = 'player3'").await;
    update_accounts(&pool, "email = null", "username = 'player2'").await;

    let game_id = started_game(&mut gm, &mut players, "Mailed").await;
    let everyone_but = |left_out: &[&str]| -> Vec<String> {
        (0..7).map(|n| format!("player{n}")).filter(|name| !left_out.contains(&name.as_str())).collect()
    };
    assert_eq!(recipients_of(&pool, game_id, "game_start").await, everyone_but(&["player2", "player3"]));
    assert_eq!(recipients_of(&pool, game_id, "new_phase").await, Vec::<String>::new());

    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(recipients_of(&pool, game_id, "new_phase").await, everyone_but(&["player1", "player2"]));

    let mails = rendered_mails(&pool, game_id).await;
    let (_, start) = mails.iter().find(|(name, text)| name == "player0" && text.contains("has started")).unwrap();
    assert!(start.contains("You play Austria."), "{start}");
    assert!(start.contains(&format!("https://bc.example.test/games/{game_id}/orders")), "{start}");
    let (_, phase) = mails.iter().find(|(name, text)| name == "player0" && text.contains("processed")).unwrap();
    assert!(phase.contains("Spring 1901 Movement processed, now Fall 1901 Movement"), "{phase}");
    assert!(phase.contains(&format!("https://bc.example.test/games/{game_id}/phases/0")), "{phase}");
    assert!(phase.contains("You have orders to give"), "{phase}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_ending_a_game_tells_the_players_and_a_solo_result_names_the_winner(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    let game_id = started_game(&mut gm, &mut players, "Short").await;
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(recipients_of(&pool, game_id, "game_end").await.len(), 7);
    let mails = rendered_mails(&pool, game_id).await;
    let (_, end) = mails.iter().find(|(_, text)| text.contains("is over")).unwrap();
    assert!(end.contains("The game master ended the game."), "{end}");

    let ended = MailContent::GameEnd {
        game_id,
        game_name: "Short".to_owned(),
        result: Some("France wins".to_owned()),
        last_phase_index: Some(9),
    };
    let text = ended.render(RenderContext { base_url: "https://x.test", zone: chrono_tz::Tz::UTC }).unwrap();
    assert_eq!(text.subject, "Short is over: France wins");
    assert!(
        text.body.contains("France wins.") && text.body.contains(&format!("https://x.test/games/{game_id}/phases/9"))
    );
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_deadline_warning_reaches_every_player_without_orders_once_per_phase_by_mail_only_by_choice(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_deadline = false", "username = 'player6'").await;
    update_accounts(&pool, "deadline_reminder_hours = 2", "username = 'player5'").await;
    let game_id = started_game(&mut gm, &mut players, "Reminded").await;
    let orders = format!("/games/{game_id}/orders");
    players[0].submit(&orders, &[("phase", "0"), ("text", "A vie - gal")]).await.assert_status(StatusCode::OK);
    players[0].post(&format!("{orders}/ready"), &[("phase", "0"), ("ready", "true")]).await;
    players[1].submit(&orders, &[("phase", "0"), ("text", "F lon - nth")]).await.assert_status(StatusCode::OK);
    let deadline: DateTime<Utc> = sqlx::query_scalar("select deadline_at from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();

    assert_eq!(queue_due_reminders(&pool, deadline - Duration::hours(13)).await.unwrap(), 0);
    // Two workers look at once: each reminder is still queued once.
    let at = deadline - Duration::hours(11);
    let (first, second) = tokio::join!(queue_due_reminders(&pool, at), queue_due_reminders(&pool, at));
    assert_eq!(first.unwrap() + second.unwrap(), 5, "player6 too, who chose no reminder mail");
    assert_eq!(recipients_of(&pool, game_id, "deadline_reminder").await, ["player1", "player2", "player3", "player4"]);
    assert_eq!(queue_due_reminders(&pool, deadline - Duration::hours(1)).await.unwrap(), 1, "player5's 2 hours");
    assert_eq!(queue_due_reminders(&pool, deadline - Duration::minutes(1)).await.unwrap(), 0);
    // Every warning is a notice on /notifications, once; only the mail follows the choice.
    let warned: Vec<String> = sqlx::query_scalar(
        "select a.username from notice n join account a using (account_id)
         where n.game_id = $1 and n.kind = 'nmr_warning' order by a.username",
    )
    .bind(game_id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(warned, ["player1", "player2", "player3", "player4", "player5", "player6"]);
    players[1].get("/notifications").await.assert_contains("the deadline is near and your orders are not ready");

    let mails = rendered_mails(&pool, game_id).await;
    let reminder = |name: &str| {
        mails
            .iter()
            .find(|(to, text)| to == name && text.contains("deadline of"))
            .map(|(_, text)| text.clone())
            .unwrap()
    };
    assert!(reminder("player1").contains("saved but not marked ready"));
    assert!(reminder("player2").contains("You have not saved any orders yet."));
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_drainers_racing_send_each_mail_exactly_once(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    let first = started_game(&mut gm, &mut players, "One").await;
    let second = started_game(&mut gm, &mut players, "Two").await;
    let queued: Vec<MailId> =
        sqlx::query_scalar("select mail_id from outbox_mail order by mail_id").fetch_all(&pool).await.unwrap();
    assert_eq!(queued.len(), 14);

    let recorder = Recorder::default();
    let now = Utc::now();
    let (one, two) = tokio::join!(drain_all(&pool, &recorder, now), drain_all(&pool, &recorder, now));
    assert!(!one.is_empty() && !two.is_empty(), "both drainers sent some: {one:?} / {two:?}");
    let mut sent = recorder.sent_ids();
    sent.sort();
    assert_eq!(sent, queued);
    assert_eq!(drain_once(&pool, &recorder, &settings(), now + Duration::days(1)).await.unwrap(), DrainOutcome::Idle);
    for game_id in [first, second] {
        let unsent: i64 =
            sqlx::query_scalar("select count(*) from outbox_mail where game_id = $1 and status <> 'sent'")
                .bind(game_id)
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(unsent, 0);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_failed_send_is_retried_later_and_not_lost(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_game_start_end = false", "username <> 'player0'").await;
    started_game(&mut gm, &mut players, "Flaky").await;
    let now = Utc::now();
    let broken = Recorder::failing(1);
    let DrainOutcome::Failed(mail_id) = drain_once(&pool, &broken, &settings(), now).await.unwrap() else {
        panic!("the send should have failed");
    };
    assert_eq!(status_of(&pool, mail_id).await, ("pending".to_owned(), 1));
    // Not retried at once: the backoff holds it for a minute.
    assert_eq!(drain_once(&pool, &broken, &settings(), now).await.unwrap(), DrainOutcome::Idle);
    assert_eq!(
        drain_once(&pool, &broken, &settings(), now + Duration::minutes(2)).await.unwrap(),
        DrainOutcome::Sent(mail_id)
    );
    assert_eq!(status_of(&pool, mail_id).await, ("sent".to_owned(), 2));
    assert_eq!(broken.sent_ids(), [mail_id]);
    assert!(broken.texts()[0].contains("To: player0@example.test"));
    let message_ids: Vec<String> = broken
        .attempts
        .lock()
        .unwrap()
        .iter()
        .map(|text| text.lines().find(|line| line.starts_with("Message-ID:")).unwrap().to_owned())
        .collect();
    assert_eq!(message_ids.len(), 2);
    assert_eq!(message_ids[0], message_ids[1], "a retried mail keeps its Message-ID");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_mail_that_keeps_failing_is_given_up_after_the_last_attempt(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_game_start_end = false", "username <> 'player0'").await;
    started_game(&mut gm, &mut players, "Doomed").await;
    let broken = Recorder::failing(usize::MAX);
    let mut now = Utc::now();
    let mut outcomes = Vec::new();
    for _ in 0..MAX_ATTEMPTS {
        outcomes.push(drain_once(&pool, &broken, &settings(), now).await.unwrap());
        now += Duration::hours(7);
    }
    assert!(outcomes[..outcomes.len() - 1].iter().all(|outcome| matches!(outcome, DrainOutcome::Failed(_))));
    let Some(DrainOutcome::Abandoned(mail_id)) = outcomes.last() else { panic!("{outcomes:?}") };
    assert_eq!(status_of(&pool, *mail_id).await, ("abandoned".to_owned(), MAX_ATTEMPTS));
    assert_eq!(drain_once(&pool, &broken, &settings(), now).await.unwrap(), DrainOutcome::Idle);
}

#[sqlx::test(migrations = "../../migrations")]
async fn press_messages_within_a_players_batching_window_go_out_as_one_mail(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_press = true, press_mail_minutes = 30", "true").await;
    update_accounts(&pool, "notify_press = false", "username = 'player3'").await;
    update_accounts(&pool, "email = null", "username = 'player4'").await;
    let game_id = started_game(&mut gm, &mut players, "Talkative").await;
    sqlx::query("delete from outbox_mail").execute(&pool).await.unwrap();
    let recipients =
        [account_id(&pool, "player0").await, account_id(&pool, "player3").await, account_id(&pool, "player4").await];
    let notice = |sender| PressNotice {
        game_id,
        conversation_id: 77,
        conversation_label: "Austria, France and Germany",
        sender_label: sender,
        link_path: "/games/1/press/77",
        recipients: &recipients,
    };
    let start = Utc::now().trunc_subsecs(6);
    let press = |sender, at| {
        let pool = pool.clone();
        async move {
            let mut conn = pool.acquire().await.unwrap();
            enqueue_press_notice(&mut conn, &notice(sender), at).await.unwrap();
        }
    };
    let recorder = Recorder::default();

    press("Germany", start).await;
    assert_eq!(drain_all(&pool, &recorder, start).await.len(), 1, "the first message is mailed at once");
    press("Germany", start + Duration::minutes(1)).await;
    press("France", start + Duration::minutes(2)).await;
    press("Germany", start + Duration::minutes(3)).await;
    assert_eq!(recipients_of(&pool, game_id, "press").await, ["player0", "player0"], "merged into one more mail");
    assert!(drain_all(&pool, &recorder, start + Duration::minutes(29)).await.is_empty(), "not before 30 minutes");
    assert_eq!(drain_all(&pool, &recorder, start + Duration::minutes(30)).await.len(), 1);
    let texts = recorder.texts();
    assert!(texts[0].contains("A new message from Germany"), "{}", texts[0]);
    assert!(texts[1].contains("3 new messages from Germany and France"), "{}", texts[1]);
    assert!(texts[1].contains("https://bc.example.test/games/1/press/77"), "{}", texts[1]);

    // Quiet for longer than the window: the next message is mailed at once again.
    press("France", start + Duration::hours(2)).await;
    assert_eq!(drain_all(&pool, &recorder, start + Duration::hours(2)).await.len(), 1);
}

#[sqlx::test(migrations = "../../migrations")]
async fn no_mail_carries_another_seats_private_report_or_orders(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    let game_id = started_game_with(&mut gm, &mut players, "Ledger", &[("kind", "diplobucks")]).await;
    let orders = format!("/games/{game_id}/orders");
    // England's bribe answers England alone (its private report says "Turkey has 1000 DB").
    players[1].submit(&orders, &[("phase", "0"), ("text", "BRIBE learn Turkey\nF lon - nth")]).await;
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    let private: String =
        sqlx::query_scalar("select string_agg(report::text, ' ') from private_report where game_id = $1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(private.contains("Turkey has"), "the planted secret is there: {private}");
    // Austria saves next phase's orders: nobody else may learn them from a reminder.
    players[0].submit(&orders, &[("phase", "1"), ("text", "F tri - adr")]).await.assert_status(StatusCode::OK);
    let deadline: DateTime<Utc> = sqlx::query_scalar("select deadline_at from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(queue_due_reminders(&pool, deadline - Duration::hours(1)).await.unwrap() >= 6);

    let mails = rendered_mails(&pool, game_id).await;
    assert!(mails.len() >= 20, "start, new phase and reminder mails: {}", mails.len());
    for (_, text) in &mails {
        assert_lacks_any_case(text, &["Turkey has", "BRIBE learn", "Your balance", " DB", "tri - adr", "Trieste"]);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn mails_of_an_anonymous_game_name_no_account(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "zed").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_press = true", "true").await;
    let game_id = started_game_with(&mut gm, &mut players, "Masks", &[("anonymous", "on")]).await;
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    let recipients = [account_id(&pool, "zedplayer1").await];
    let notice = PressNotice {
        game_id,
        conversation_id: 5,
        conversation_label: "Austria and England",
        sender_label: "Austria",
        link_path: "/games/1/press/5",
        recipients: &recipients,
    };
    enqueue_press_notice(&mut pool.acquire().await.unwrap(), &notice, now).await.unwrap();
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);

    let mails = rendered_mails(&pool, game_id).await;
    for kind in ["has started", "processed", "new press", "is over"] {
        assert!(mails.iter().any(|(_, text)| text.contains(kind)), "a {kind:?} mail was queued");
    }
    for (_, text) in &mails {
        assert_lacks_any_case(text, &["zed"]);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn players_are_told_when_their_deadline_is_extended_after_downtime(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    let game_id = started_game(&mut gm, &mut players, "Outage").await;
    let before = Utc::now().trunc_subsecs(6);
    downtime::beat(&pool, before, Duration::hours(24)).await.unwrap();
    make_due(&pool, game_id).await;
    assert_eq!(downtime::beat(&pool, before + Duration::hours(3), Duration::hours(24)).await.unwrap(), 1);
    assert_eq!(recipients_of(&pool, game_id, "deadline_extended").await.len(), 7);
    let mails = rendered_mails(&pool, game_id).await;
    let (_, text) = mails.iter().find(|(_, text)| text.contains("deadline extended")).unwrap();
    assert!(text.contains("extended by 24 hours"), "{text}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_file_transport_writes_each_mail_as_an_eml_file(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    started_game(&mut gm, &mut players, "Filed").await;
    let dir = std::env::temp_dir().join(format!(
        "backchannel-mail-{}-{}",
        std::process::id(),
        Utc::now().timestamp_nanos_opt().unwrap()
    ));
    let files = MailDirectory::new(dir.clone());
    let DrainOutcome::Sent(mail_id) = drain_once(&pool, &files, &settings(), Utc::now()).await.unwrap() else {
        panic!("a mail should have been sent");
    };
    let text = std::fs::read_to_string(files.path_of(mail_id)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(text.contains("To: player0@example.test"), "{text}");
    assert!(text.contains("From: Backchannel <judge@example.test>"), "{text}");
    assert!(text.contains("Subject: Filed: the game has started"), "{text}");
    assert!(text.contains("You play Austria."), "{text}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_mailbox_shows_the_signed_in_user_their_own_mails_and_nobody_elses(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    started_game(&mut gm, &mut players, "Inbox").await;
    let page = players[0].get("/mailbox").await;
    page.assert_status(StatusCode::OK)
        .assert_contains("Inbox: the game has started")
        .assert_contains("You play Austria.")
        .assert_contains("<a href=\"/games/");
    for other in ["You play England.", "You play Turkey."] {
        page.assert_lacks(other);
    }
    let mut stranger = logged_in(&pool, "stranger").await;
    stranger.get("/mailbox").await.assert_status(StatusCode::OK).assert_contains("No mail yet").assert_lacks("Inbox");
    Client::new(pool.clone()).get("/mailbox").await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_mailbox_does_not_exist_when_mail_goes_out_by_smtp(pool: PgPool) {
    crate::test_support::account(&pool, "smtpuser", false).await;
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.mail_transport = crate::config::MailTransport::Smtp;
    let mut client = Client::with_app(crate::app(crate::state::AppState::new(pool, config)));
    client.log_in("smtpuser").await;
    client.get("/mailbox").await.assert_error_page(StatusCode::NOT_FOUND);
    client.get("/account").await.assert_status(StatusCode::OK).assert_lacks("/mailbox");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_profile_saves_how_often_press_mail_may_come_and_refuses_a_bad_value(pool: PgPool) {
    let mut client = logged_in(&pool, "paula").await;
    let form = |minutes| {
        vec![
            ("display_name", "Paula"),
            ("time_zone", "UTC"),
            ("deadline_reminder_hours", "12"),
            ("press_mail_minutes", minutes),
        ]
    };
    client.post("/account", &form("90")).await.assert_redirect_to("/account");
    client
        .get("/account")
        .await
        .assert_contains("name=\"press_mail_minutes\" value=\"90\"")
        .assert_contains("/mailbox");
    client
        .post("/account", &form("0"))
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-press_mail_minutes\"");
    let minutes: i32 = sqlx::query_scalar("select press_mail_minutes from account where username = 'paula'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(minutes, 90);
}

/// A tiny SMTP server on a free port for one client: answers every command (refusing `MAIL FROM` with a
/// temporary error when `refuse`), and returns everything the client said.
async fn fake_smtp_server(refuse: bool) -> (u16, tokio::task::JoinHandle<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (reader, mut writer) = socket.into_split();
        let mut lines = BufReader::new(reader).lines();
        let mut transcript = String::new();
        writer.write_all(b"220 fake.test ESMTP\r\n").await.unwrap();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            transcript.push_str(&line);
            transcript.push('\n');
            let command = line.to_ascii_uppercase();
            let answer: &[u8] = match () {
                () if in_data && line == "." => {
                    in_data = false;
                    b"250 queued\r\n"
                }
                () if in_data => continue,
                () if command.starts_with("MAIL FROM") && refuse => b"451 try again later\r\n",
                () if command.starts_with("DATA") => {
                    in_data = true;
                    b"354 go ahead\r\n"
                }
                () if command.starts_with("QUIT") => {
                    writer.write_all(b"221 bye\r\n").await.unwrap();
                    break;
                }
                () => b"250 fake.test\r\n",
            };
            writer.write_all(answer).await.unwrap();
        }
        transcript
    });
    (port, server)
}

fn smtp_transport(port: u16) -> Transport {
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.mail_transport = crate::config::MailTransport::Smtp;
    config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    Transport::from_config(&config).unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_smtp_transport_delivers_a_mail_to_an_smtp_server(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_game_start_end = false", "username <> 'player0'").await;
    started_game(&mut gm, &mut players, "Wired").await;
    let (port, server) = fake_smtp_server(false).await;
    let transport = smtp_transport(port);
    let DrainOutcome::Sent(mail_id) = drain_once(&pool, &transport, &settings(), Utc::now()).await.unwrap() else {
        panic!("the mail should have been sent");
    };
    drop(transport);
    let transcript = server.await.unwrap();
    assert!(transcript.contains("MAIL FROM:<judge@example.test>"), "{transcript}");
    assert!(transcript.contains("RCPT TO:<player0@example.test>"), "{transcript}");
    assert!(transcript.contains("Subject: Wired: the game has started"), "{transcript}");
    assert!(transcript.contains(&format!("Message-ID: <mail-{mail_id}.")), "{transcript}");
    assert_eq!(status_of(&pool, mail_id).await, ("sent".to_owned(), 1));
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_mail_the_smtp_server_refuses_stays_queued_for_a_retry(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_game_start_end = false", "username <> 'player0'").await;
    started_game(&mut gm, &mut players, "Refused").await;
    let (port, _server) = fake_smtp_server(true).await;
    let outcome = drain_once(&pool, &smtp_transport(port), &settings(), Utc::now()).await.unwrap();
    let DrainOutcome::Failed(mail_id) = outcome else { panic!("{outcome:?}") };
    assert_eq!(status_of(&pool, mail_id).await, ("pending".to_owned(), 1));
    let error: String = sqlx::query_scalar("select last_error from outbox_mail where mail_id = $1")
        .bind(mail_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(error.contains("try again later"), "{error}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_cleanup_deletes_old_sent_mails_and_keeps_unsent_ones(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    started_game(&mut gm, &mut players, "Archive").await;
    let now = Utc::now();
    let recorder = Recorder::default();
    for _ in 0..3 {
        drain_once(&pool, &recorder, &settings(), now).await.unwrap();
    }
    assert_eq!(super::queries::delete_old_mails(&pool, now - Duration::days(1)).await.unwrap(), 0, "too young");
    assert_eq!(super::queries::delete_old_mails(&pool, now + Duration::days(1)).await.unwrap(), 3);
    let left: i64 =
        sqlx::query_scalar("select count(*) from outbox_mail where status = 'pending'").fetch_one(&pool).await.unwrap();
    assert_eq!(left, 4);
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_press_messages_sent_at_once_merge_into_one_mail(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    give_everyone_an_address(&pool).await;
    update_accounts(&pool, "notify_press = true", "true").await;
    let game_id = started_game(&mut gm, &mut players, "Crosstalk").await;
    let recipients = [account_id(&pool, "player0").await];
    let now = Utc::now();
    let send = |sender: &'static str| {
        let pool = pool.clone();
        async move {
            let mut tx = pool.begin().await.unwrap();
            let notice = PressNotice {
                game_id,
                conversation_id: 9,
                conversation_label: "Austria, England and France",
                sender_label: sender,
                link_path: "/games/1/press/9",
                recipients: &recipients,
            };
            enqueue_press_notice(&mut tx, &notice, now).await.unwrap();
            tx.commit().await.unwrap();
        }
    };
    let (england, france) = tokio::join!(tokio::spawn(send("England")), tokio::spawn(send("France")));
    england.unwrap();
    france.unwrap();
    let contents: Vec<sqlx::types::Json<MailContent>> =
        sqlx::query_scalar("select content from outbox_mail where kind = 'press'").fetch_all(&pool).await.unwrap();
    assert_eq!(contents.len(), 1, "one mail for both messages");
    let MailContent::Press { messages, senders, .. } = &contents[0].0 else { panic!("{contents:?}") };
    assert_eq!(*messages, 2);
    assert_eq!(senders.len(), 2);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_mailbox_does_not_show_the_server_s_mail_directory(pool: PgPool) {
    crate::test_support::account(&pool, "reader", false).await;
    let mut config = crate::config::Config::with_database_url("postgres://unused");
    config.mail_dir = std::path::PathBuf::from("/srv/backchannel-secret/mail");
    let mut client = Client::with_app(crate::app(crate::state::AppState::new(pool.clone(), config)));
    client.log_in("reader").await;
    client.get("/mailbox").await.assert_status(StatusCode::OK).assert_lacks("backchannel-secret");
}
