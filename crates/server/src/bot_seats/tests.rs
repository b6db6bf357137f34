//! Bot seats on the site: "Play against bots" for every kind, bots ordering as phases open, the
//! new-game options, the GM's give and take back, marking, secrets and replay.

use axum::http::StatusCode;
use kinds::Kind;
use sqlx::PgPool;

use crate::ids::{GameId, SeatId};
use crate::test_support::{Client, create_game, logged_in, make_due, process_phase, started_game_with, table};
use crate::turns::{Outcome, tick};

/// Starts a game against bots of `kind` as `client` and returns its id.
async fn play_against_bots(client: &mut Client, kind: &str, power: &str) -> GameId {
    let page = client.post("/games/bots", &[("kind", kind), ("power", power)]).await;
    page.assert_status(StatusCode::SEE_OTHER);
    let location = page.location.clone().unwrap();
    location.trim_start_matches("/games/").trim_end_matches("/orders").parse().unwrap()
}

/// Each seat of the game: (seat, bot, has an account).
async fn seats(pool: &PgPool, game_id: GameId) -> Vec<(SeatId, bool, bool)> {
    sqlx::query_as("select seat_id, bot, account_id is not null from seat where game_id = $1 order by seat_id")
        .bind(game_id)
        .fetch_all(pool)
        .await
        .unwrap()
}

/// The current phase's sheets: (seat, bot, must order, orders, ready).
async fn current_sheets(pool: &PgPool, game_id: GameId) -> Vec<(SeatId, bool, bool, String, bool)> {
    sqlx::query_as(
        "select o.seat_id, s.bot, o.must_order, o.orders, o.ready from seat_order o
         join seat s on s.seat_id = o.seat_id
         join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
         where o.game_id = $1 and p.processed_at is null order by o.seat_id",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn current_phase_index(pool: &PgPool, game_id: GameId) -> i32 {
    sqlx::query_scalar("select phase_index from phase where game_id = $1 and processed_at is null")
        .bind(game_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[track_caller]
fn assert_bots_ordered(sheets: &[(SeatId, bool, bool, String, bool)]) {
    for (seat, bot, must_order, orders, ready) in sheets.iter().filter(|sheet| sheet.1) {
        if *must_order {
            assert!(*ready && !orders.trim().is_empty(), "bot seat {seat:?} ({bot}) has no sheet ready: {orders:?}");
        }
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn play_against_bots_starts_every_kind_at_once_with_bots_in_every_other_seat_ordered_and_ready(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    player.get("/games").await.assert_contains("Play against bots");
    player.get("/games/bots").await.assert_status(StatusCode::OK).assert_contains("Cabinet");
    for kind in Kind::ALL {
        let game_id = play_against_bots(&mut player, kind.slug(), "france").await;
        assert_eq!(crate::test_support::game_status(&pool, game_id).await, "running", "{kind:?}");
        let seats = seats(&pool, game_id).await;
        assert_eq!(seats.len(), usize::try_from(crate::games::model::default_seat_count(*kind)).unwrap());
        assert_eq!(seats.iter().filter(|(_, bot, human)| !bot && *human).count(), 1, "{kind:?}: one human");
        assert!(seats.iter().all(|(_, bot, human)| bot ^ human), "{kind:?}: every other seat a bot");
        assert_bots_ordered(&current_sheets(&pool, game_id).await);
        let page = player.get(&format!("/games/{game_id}")).await;
        page.assert_contains("badge bot").assert_contains("(you)");
    }
    // Standard's chosen power is the player's.
    let game_id = play_against_bots(&mut player, "standard", "turkey").await;
    let power: String = sqlx::query_scalar(
        "select p.power::text from seat_power p join seat s using (seat_id) where s.game_id = $1 and not s.bot",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(power, "turkey");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_bot_games_phase_is_processed_once_the_human_is_ready_and_the_results_show_the_bots_orders(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    let game_id = play_against_bots(&mut player, "standard", "france").await;
    let bot_line = current_sheets(&pool, game_id)
        .await
        .into_iter()
        .find(|sheet| sheet.1)
        .and_then(|sheet| sheet.3.lines().next().map(str::to_owned))
        .unwrap();
    player.post(&format!("/games/{game_id}/orders"), &[("orders", "A par - bur")]).await;
    // Not ready yet: the worker has nothing due.
    assert_eq!(tick(&pool, chrono::Utc::now()).await.unwrap(), Outcome::Idle);
    player
        .post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    // The deadline came forward to the moment the player got ready.
    assert_eq!(tick(&pool, chrono::Utc::now()).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(current_phase_index(&pool, game_id).await, 1);
    assert_bots_ordered(&current_sheets(&pool, game_id).await);
    let results = player.get(&format!("/games/{game_id}/phases/0")).await;
    results.assert_contains(&bot_line);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_table_of_bots_alone_waits_for_its_deadline_instead_of_looping(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    let game_id = play_against_bots(&mut player, "standard", "").await;
    let human: SeatId = seats(&pool, game_id).await.into_iter().find(|seat| seat.2).unwrap().0;
    let mut gm = player;
    gm.post(&format!("/games/{game_id}/admin/seats/{human}/bot"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(
        tick(&pool, chrono::Utc::now()).await.unwrap(),
        Outcome::Idle,
        "no human to wait for, no early processing"
    );
    process_phase(&pool, game_id).await;
    assert_bots_ordered(&current_sheets(&pool, game_id).await);
    assert_eq!(tick(&pool, chrono::Utc::now()).await.unwrap(), Outcome::Idle);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_new_game_form_fills_the_seats_still_empty_with_bots_when_the_gm_starts(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let overrides = [("start_rule", "by_gm"), ("bots_fill", "on")];
    let game_id = started_game_with(&mut gm, &mut players[..2], "Friends", &overrides).await;
    assert_eq!(crate::test_support::game_status(&pool, game_id).await, "forming", "two joins start nothing");
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains(r#"name="bots_fill" id="bots-fill" checked"#);
    gm.post(&format!("/games/{game_id}/admin/start"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(crate::test_support::game_status(&pool, game_id).await, "running");
    let seats = seats(&pool, game_id).await;
    assert_eq!((seats.len(), seats.iter().filter(|seat| seat.1).count()), (7, 5));
    let powers: i64 = sqlx::query_scalar("select count(distinct power) from seat_power where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(powers, 7, "the bots got the free powers");
    assert_bots_ordered(&current_sheets(&pool, game_id).await);
    // Without the option, the GM cannot start with empty seats.
    let plain = create_game(&mut gm, "Plain", &[("start_rule", "by_gm")]).await;
    players[3].post(&format!("/games/{plain}/join"), &[("power", "italy")]).await;
    gm.post(&format!("/games/{plain}/admin/start"), &[]).await.assert_error_page(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_bot_stands_in_for_a_seat_in_civil_disorder_until_someone_takes_it_over(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game_with(&mut gm, &mut players, "Disorder", &[("bots_replace", "on")]).await;
    let france: SeatId = sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power = 'france'")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    gm.post(&format!("/games/{game_id}/admin/seats/{france}/remove"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;
    let sheets = current_sheets(&pool, game_id).await;
    let sheet = sheets.iter().find(|sheet| sheet.0 == france).unwrap();
    assert!(sheet.1 && sheet.4 && !sheet.3.is_empty(), "the bot stands in and orders: {sheet:?}");
    gm.get(&format!("/games/{game_id}/log")).await.assert_contains("A bot stands in for seat 3 (France)");
    // Anyone may still take the seat over; once taken, the bot is gone.
    gm.post(&format!("/games/{game_id}/gm/settings"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let mut newcomer = logged_in(&pool, "newcomer").await;
    newcomer.get(&format!("/games/{game_id}/standby")).await.assert_contains("seat 3 (France)");
    newcomer
        .post(&format!("/games/{game_id}/standby/seats/{france}/take-over"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let after = seats(&pool, game_id).await;
    assert!(after.iter().any(|seat| seat.0 == france && !seat.1 && seat.2), "{after:?}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_gives_a_seat_to_a_bot_and_takes_it_back_and_the_log_records_both(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game_with(&mut gm, &mut players, "Handover", &[("anonymous", "on")]).await;
    let seat = seats(&pool, game_id).await[1].0;
    let give = format!("/games/{game_id}/admin/seats/{seat}/bot");
    players[0].post(&give, &[]).await.assert_error_page(StatusCode::FORBIDDEN);
    gm.post(&give, &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.post(&give, &[]).await.assert_error_page(StatusCode::CONFLICT);
    let sheet = current_sheets(&pool, game_id).await.into_iter().find(|sheet| sheet.0 == seat).unwrap();
    assert!(sheet.1 && sheet.4 && !sheet.3.is_empty(), "the bot orders the current phase at once: {sheet:?}");
    // Marked on the game page of an anonymous game, for a player and for a visitor.
    players[2].get(&format!("/games/{game_id}")).await.assert_contains("badge bot");
    Client::new(pool.clone()).get(&format!("/games/{game_id}")).await.assert_contains("badge bot");
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("Take back for a player");
    gm.post(&format!("/games/{game_id}/admin/seats/{seat}/human"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let sheet = current_sheets(&pool, game_id).await.into_iter().find(|sheet| sheet.0 == seat).unwrap();
    assert!(!sheet.1 && !sheet.4, "taken back: no bot, not ready: {sheet:?}");
    let log = players[4].get(&format!("/games/{game_id}/log")).await;
    log.assert_contains("Gave seat 2 (England) to a bot.").assert_contains("Took seat 2 (England) back from its bot");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_bots_sheet_stays_secret_from_other_seats_and_is_replayed_the_same_after_a_rollback(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    let game_id = play_against_bots(&mut player, "standard", "france").await;
    let before: Vec<(SeatId, String)> = current_sheets(&pool, game_id)
        .await
        .into_iter()
        .filter(|sheet| sheet.1)
        .map(|sheet| (sheet.0, sheet.3))
        .collect();
    // A bot's sheet is another seat's orders: not on the human's pages before the phase is processed.
    let moves: Vec<String> = before
        .iter()
        .flat_map(|(_, sheet)| sheet.lines().filter(|line| line.contains(" - ")).map(str::to_owned))
        .collect();
    for path in [format!("/games/{game_id}"), format!("/games/{game_id}/orders"), format!("/games/{game_id}/press")] {
        let page = player.get(&path).await;
        // Whole orders only: the player's own options may name a bot's unit ("F bre S F lon - eng").
        for line in &moves {
            page.assert_lacks(&format!("\"{line}\"")).assert_lacks(&format!(">{line}<"));
        }
    }
    player.post(&format!("/games/{game_id}/orders"), &[("orders", "A par h")]).await;
    player.post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")]).await;
    assert_eq!(tick(&pool, chrono::Utc::now()).await.unwrap(), Outcome::Advanced(game_id));
    player
        .post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "Again")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let after: Vec<(SeatId, String)> = current_sheets(&pool, game_id)
        .await
        .into_iter()
        .filter(|sheet| sheet.1 && sheet.4)
        .map(|sheet| (sheet.0, sheet.3))
        .collect();
    assert_eq!(after, before, "the bots' sheets are the same, ready again");
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_message_to_a_bots_seat_gets_an_automatic_answer_and_the_bot_writes_nothing(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    let game_id = play_against_bots(&mut player, "standard", "france").await;
    let bot = seats(&pool, game_id).await.into_iter().find(|seat| seat.1).unwrap().0.to_string();
    let sent = player.post(&format!("/games/{game_id}/press"), &[("to", bot.as_str()), ("body", "Ally?")]).await;
    sent.assert_status(StatusCode::SEE_OTHER);
    let page = player.get(sent.location.as_deref().unwrap()).await;
    page.assert_contains("is played by a bot, which reads no press and sends none.");
    let from_bots: i64 = sqlx::query_scalar(
        "select count(*) from press_message m join seat s on s.seat_id = m.sender_seat_id where s.bot and m.game_id = $1",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(from_bots, 0);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_apis_game_answer_marks_bot_seats(pool: PgPool) {
    use axum::body::Body;
    use axum::http::{Request, header};
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let mut player = logged_in(&pool, "lone").await;
    let game_id = play_against_bots(&mut player, "standard", "france").await;
    let account_id: crate::ids::AccountId =
        sqlx::query_scalar("select account_id from account where username = 'lone'").fetch_one(&pool).await.unwrap();
    let token = crate::api::auth::new_token();
    let mut conn = pool.acquire().await.unwrap();
    let hash = crate::api::auth::token_hash(&token);
    crate::api::queries::insert_token(&mut conn, account_id, "test", &hash, None).await.unwrap();
    let request = Request::get(format!("/api/v1/games/{game_id}"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    let response = crate::test_support::app(pool.clone()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let game: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let bots = game["seats"].as_array().unwrap().iter().filter(|seat| seat["is_bot"] == true).count();
    assert_eq!(bots, 6, "{game}");
}

/// A line as the pages may print it: raw, or escaped for HTML.
fn as_printed(line: &str) -> [String; 2] {
    let escaped = line.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&#34;");
    [line.to_owned(), escaped]
}

/// Rulings 0.5, for every kind of the registry: a seat's saved orders are its secret until the phase is
/// processed. Every bot seat has a sheet saved as the game starts; none of its lines may reach the one
/// human's pages or an observer's (pages, feeds, the API).
#[sqlx::test(migrations = "../../migrations")]
async fn every_kinds_saved_sheets_stay_secret_from_the_other_seats_and_the_public_until_processed(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    let mut observer = logged_in(&pool, "watcher").await;
    for kind in Kind::ALL {
        let game_id = play_against_bots(&mut player, kind.slug(), "").await;
        let pending: Vec<String> = current_sheets(&pool, game_id)
            .await
            .into_iter()
            .filter(|sheet| sheet.1)
            .flat_map(|sheet| sheet.3.lines().map(str::trim).map(str::to_owned).collect::<Vec<_>>())
            .filter(|line| line.len() >= 6)
            .collect();
        assert!(!pending.is_empty(), "{kind:?}: the bots saved no sheet to keep secret");
        // Not the human's order page: its choices list every order his units could support or convoy,
        // the bots' among them.
        let own_pages = [format!("/games/{game_id}"), format!("/games/{game_id}/press")];
        let public_pages = [
            format!("/games/{game_id}"),
            format!("/games/{game_id}/phases"),
            format!("/games/{game_id}/feed.atom"),
            format!("/api/v1/games/{game_id}"),
            format!("/api/v1/games/{game_id}/phases"),
        ];
        let mut read = Vec::new();
        for path in &own_pages {
            read.push((format!("the human's {path}"), player.get(path).await));
        }
        for path in &public_pages {
            read.push((format!("an observer's {path}"), observer.get(path).await));
        }
        assert!(read.iter().any(|(_, page)| page.status == StatusCode::OK), "{kind:?}: nothing was read");
        for (what, page) in &read {
            for line in &pending {
                for printed in as_printed(line) {
                    assert!(!page.body.contains(&printed), "{kind:?}: {what} shows a bot's pending order {line:?}");
                }
            }
        }
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_last_human_marking_ready_wakes_the_turn_worker_at_once_rather_than_at_its_next_poll(pool: PgPool) {
    let mut player = logged_in(&pool, "lone").await;
    let game_id = play_against_bots(&mut player, "standard", "france").await;
    let mut alarm = crate::turns::wake::Alarm::new(pool.clone());
    assert!(alarm.listening().await.is_some(), "the worker listens for due games");
    player
        .post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    // A pause of an hour: only the wake-up can end the wait before the guard gives up.
    let an_hour = std::time::Duration::from_secs(3600);
    let woken = tokio::time::timeout(std::time::Duration::from_secs(60), alarm.wait(an_hour)).await;
    assert!(woken.is_ok(), "marking the last seat ready woke the worker");
    assert_eq!(tick(&pool, chrono::Utc::now()).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(current_phase_index(&pool, game_id).await, 1);
}
