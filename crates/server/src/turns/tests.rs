//! Turn worker tests: `tick` is called directly (no sleeping), against a fresh database per test.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, SubsecRound, Utc};
use kinds::Kind;
use sqlx::PgPool;

use super::{Outcome, downtime, tick};
use crate::error::FormErrors;
use crate::games::forms::GameSettingsForm;
use crate::games::model::{Power, SeatRole, default_seat_count};
use crate::games::queries::{self as game_queries, NewGame};
use crate::ids::{AccountId, GameId};
use crate::test_support::{Client, game_status, logged_in, make_due, process_phase, started_game, table};
use crate::turns::start;

async fn deadline_of(pool: &PgPool, game_id: GameId) -> DateTime<Utc> {
    sqlx::query_scalar("select deadline_at from game where game_id = $1").bind(game_id).fetch_one(pool).await.unwrap()
}

/// What `tick` does before its commit: the caller decides whether to commit, roll back or "crash".
async fn claim_and_process(conn: &mut sqlx::PgConnection, now: DateTime<Utc>) -> GameId {
    let game_id = super::queries::claim_due_game(conn, now).await.unwrap().expect("a due game");
    super::tick::process_claimed_game(conn, game_id, now).await.unwrap();
    game_id
}

/// (phase index, processed) for every phase of the game.
async fn phases_of(pool: &PgPool, game_id: GameId) -> Vec<(i32, bool)> {
    sqlx::query_as("select phase_index, processed_at is not null from phase where game_id = $1 order by phase_index")
        .bind(game_id)
        .fetch_all(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn starting_a_game_opens_its_first_phase_with_an_order_sheet_per_seat(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Opening").await;
    assert_eq!(phases_of(&pool, game_id).await, [(0, false)]);
    let (code, sheets): (String, i64) = sqlx::query_as(
        "select p.code, (select count(*) from seat_order o where o.game_id = p.game_id and o.must_order)
         from phase p where p.game_id = $1",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((code.as_str(), sheets), ("S1901M", 7));
    let numbers: Vec<i16> = sqlx::query_scalar("select game_seat from seat where game_id = $1 order by game_seat")
        .bind(game_id)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(numbers, [0, 1, 2, 3, 4, 5, 6]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_whose_deadline_has_not_come_is_left_alone(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Patience").await;
    assert_eq!(tick(&pool, Utc::now()).await.unwrap(), Outcome::Idle);
    assert_eq!(phases_of(&pool, game_id).await, [(0, false)]);
}

/// `count` full standard games (the same seven accounts at each), started by the site's own start code,
/// each with its first phase due.
async fn due_standard_games(pool: &PgPool, count: usize) -> Vec<GameId> {
    let mut tx = pool.begin().await.unwrap();
    let mut accounts = Vec::new();
    for name in ["racegm", "race0", "race1", "race2", "race3", "race4", "race5", "race6"] {
        let account: AccountId = sqlx::query_scalar(
            "insert into account (username, display_name, password_hash, time_zone)
             values ($1, $1, 'never logs in', 'UTC') returning account_id",
        )
        .bind(name)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        accounts.push(account);
    }
    let (gm, players) = accounts.split_first().unwrap();
    let form = GameSettingsForm { name: "Race".to_owned(), ..GameSettingsForm::default() };
    let settings = form.validate(&mut FormErrors::default()).unwrap();
    // Started two days ago with a day per movement phase: every first deadline has passed.
    let started = Utc::now() - Duration::days(2);
    let mut games = Vec::new();
    for number in 0..count {
        let new = NewGame {
            kind: Kind::Standard,
            gm: *gm,
            settings: &settings,
            seat_count: default_seat_count(Kind::Standard),
            invite_code: &format!("race-{number}"),
            rng_seed: number as i64,
        };
        let game_id = game_queries::insert_game(&mut tx, &new).await.unwrap();
        for (player, power) in players.iter().zip(Power::ALL) {
            let seat_id = game_queries::insert_seat(&mut tx, game_id, *player, SeatRole::Player).await.unwrap();
            game_queries::give_power(&mut tx, game_id, seat_id, SeatRole::Player, *power).await.unwrap();
        }
        let game = game_queries::game(&mut tx, game_id).await.unwrap().unwrap();
        start::start_if_ready(&mut tx, &game, started).await.unwrap().unwrap();
        games.push(game_id);
    }
    tx.commit().await.unwrap();
    games
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_workers_racing_on_a_hundred_due_games_process_each_exactly_once(pool: PgPool) {
    let games = due_standard_games(&pool, 100).await;
    let now = Utc::now();
    let worker = |pool: PgPool| async move {
        let mut advanced = Vec::new();
        while let Outcome::Advanced(game_id) = tick(&pool, now).await.unwrap() {
            advanced.push(game_id);
        }
        advanced
    };
    let (first, second) = tokio::join!(tokio::spawn(worker(pool.clone())), tokio::spawn(worker(pool.clone())));
    let (first, second) = (first.unwrap(), second.unwrap());
    assert!(!first.is_empty() && !second.is_empty(), "both workers took games: {} and {}", first.len(), second.len());
    let mut advanced: Vec<GameId> = first.into_iter().chain(second).collect();
    advanced.sort();
    assert_eq!(advanced, games, "each game advanced by exactly one worker, exactly once");
    // The database agrees: each game has its first phase processed once and its second open, no more.
    let phases: Vec<(GameId, i64, i64, i64)> = sqlx::query_as(
        "select game_id, count(*), count(processed_at), count(*) filter (where phase_index = 1 and processed_at is null)
         from phase group by game_id order by game_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let expected: Vec<(GameId, i64, i64, i64)> = games.iter().map(|game_id| (*game_id, 2, 1, 1)).collect();
    assert_eq!(phases, expected);
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Idle, "nothing is left to process");
}

#[sqlx::test(migrations = "../../migrations")]
async fn orders_saved_before_the_deadline_are_used_and_the_next_phase_gets_its_deadline(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Moves").await;
    players[0]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A vie - gal\nF tri - alb")])
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Saved 2 orders.");
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)]);
    // The game's movement phases last a day (the test form's default); Fall 1901 follows at once.
    assert_eq!(deadline_of(&pool, game_id).await, now + Duration::days(1));
    let mut observer = logged_in(&pool, "observer").await;
    observer
        .get(&format!("/games/{game_id}/phases/0"))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("A vie - gal")
        .assert_contains("succeeds")
        .assert_contains("class=\"order move succeeded\"");
    observer
        .get(&format!("/games/{game_id}/phases/1"))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Fall 1901 Movement")
        .assert_contains("A gal")
        .assert_contains("F alb")
        .assert_contains("<figure class=\"map\" id=\"map\"><svg");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_phase_is_processed_early_once_every_seat_that_must_order_is_ready(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Eager").await;
    let (last, others) = players.split_last_mut().unwrap();
    for player in others {
        player.post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")]).await;
    }
    assert_eq!(tick(&pool, Utc::now()).await.unwrap(), Outcome::Idle, "one seat is not ready yet");
    last.post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    assert_eq!(tick(&pool, Utc::now()).await.unwrap(), Outcome::Advanced(game_id));
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_set_to_wait_for_its_deadlines_is_not_processed_early_when_every_seat_is_ready(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let form: Vec<(&str, &str)> = crate::test_support::game_form("Unhurried", &[])
        .into_iter()
        .filter(|(field, _)| *field != "process_when_ready")
        .collect();
    let location = gm.post("/games", &form).await.location.clone().unwrap();
    let game_id: GameId = location.trim_start_matches("/games/").parse().unwrap();
    for (player, power) in players.iter_mut().zip(crate::test_support::POWERS) {
        player.post(&format!("/games/{game_id}/join"), &[("power", power)]).await.assert_status(StatusCode::SEE_OTHER);
    }
    let deadline = deadline_of(&pool, game_id).await;
    for player in &mut players {
        player
            .post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    assert_eq!(tick(&pool, Utc::now()).await.unwrap(), Outcome::Idle);
    assert_eq!(deadline_of(&pool, game_id).await, deadline, "the deadline stays where it was");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_paused_game_is_not_processed_even_past_its_deadline(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Break").await;
    make_due(&pool, game_id).await;
    gm.post(&format!("/games/{game_id}/admin/pause"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(tick(&pool, Utc::now() + Duration::days(30)).await.unwrap(), Outcome::Idle);
    assert_eq!(phases_of(&pool, game_id).await, [(0, false)]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_history_page_lists_every_phase_with_centers_over_time(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Chronicle").await;
    let now = make_due(&pool, game_id).await;
    tick(&pool, now).await.unwrap();
    let page = crate::test_support::Client::new(pool.clone()).get(&format!("/games/{game_id}/phases")).await;
    page.assert_status(StatusCode::OK)
        .assert_contains("id=\"centers-over-time\"")
        .assert_contains("<figure class=\"chart\" id=\"centers-chart\"><svg")
        .assert_contains("Russia: 4 at Spring 1901 Movement")
        .assert_contains("18 to win")
        .assert_contains("Spring 1901 Movement")
        .assert_contains("Fall 1901 Movement</a> (current)")
        // Austria, England, France, Germany, Italy, Russia, Turkey: 3, 3, 3, 3, 3, 4, 3 home centers.
        .assert_contains(
            "Spring 1901 Movement</a></th>\n      <td data-label=\"Austria\">3</td><td data-label=\"England\">3</td>\
             <td data-label=\"France\">3</td><td data-label=\"Germany\">3</td><td data-label=\"Italy\">3</td>\
             <td data-label=\"Russia\">4</td><td data-label=\"Turkey\">3</td></tr>",
        );
}

/// Everything the turn worker writes for a game, as one comparable value: the game row, its phases,
/// order sheets and private reports.
async fn turn_snapshot(pool: &PgPool, game_id: GameId) -> serde_json::Value {
    sqlx::query_scalar(
        "select json_build_object(
            'game', (select row_to_json(g) from game g where game_id = $1),
            'phases', (select json_agg(p order by phase_index) from phase p where game_id = $1),
            'sheets', (select json_agg(o order by phase_index, seat_id) from seat_order o where game_id = $1),
            'private_reports', (select json_agg(r order by phase_index, seat_id) from private_report r where game_id = $1))",
    )
    .bind(game_id)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_crash_between_claim_and_commit_leaves_the_phase_as_it_was_and_the_next_run_processes_it_once(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Crash").await;
    players[0]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A vie - gal")])
        .await
        .assert_contains("Saved 1 order.");
    let now = make_due(&pool, game_id).await;
    let before = turn_snapshot(&pool, game_id).await;
    // A worker on its own connection claims and processes the phase, then its process dies before the
    // commit: the socket closes without a goodbye, and PostgreSQL aborts the transaction.
    let mut crashed = pool.acquire().await.unwrap().detach();
    sqlx::query("begin").execute(&mut crashed).await.unwrap();
    assert_eq!(claim_and_process(&mut crashed, now).await, game_id);
    drop(crashed);
    wait_until_no_transaction_is_open(&pool).await;
    assert_eq!(turn_snapshot(&pool, game_id).await, before, "the crashed run left a trace");
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Idle);
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)]);
    // The orders saved before the crash were the ones processed.
    Client::new(pool.clone())
        .get(&format!("/games/{game_id}/phases/0"))
        .await
        .assert_contains("A vie - gal")
        .assert_contains("class=\"order move succeeded\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn orders_and_ready_sent_while_the_phase_is_being_processed_are_refused_and_saved_nowhere(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Overlap").await;
    let now = make_due(&pool, game_id).await;
    let mut processing = pool.begin().await.unwrap();
    claim_and_process(&mut processing, now).await;
    let (austria, rest) = players.split_first_mut().unwrap();
    let england = &mut rest[0];
    let orders = format!("/games/{game_id}/orders");
    let ready = format!("/games/{game_id}/orders/ready");
    // Both requests and the worker's commit run concurrently in this task: the requests must wait for
    // the worker's lock, then find the phase they were sent for already processed.
    let (sent, readied, ()) = tokio::join!(
        austria.post(&orders, &[("phase", "0"), ("text", "A vie - gal")]),
        england.post(&ready, &[("phase", "0"), ("ready", "true")]),
        async {
            wait_until_queries_wait_for_a_lock(&pool, 2).await;
            processing.commit().await.unwrap();
        }
    );
    for refused in [sent, readied] {
        refused
            .assert_error_page(StatusCode::CONFLICT)
            .assert_contains("earlier phase, which has been processed; nothing was saved")
            .assert_contains("The game is now in Fall 1901 Movement");
    }
    let sheets: Vec<(i32, String, bool)> =
        sqlx::query_as("select phase_index, orders, ready from seat_order where game_id = $1 order by phase_index")
            .bind(game_id)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(sheets.len(), 14, "a sheet per seat in the processed phase and in the new one");
    assert!(sheets.iter().all(|(_, orders, ready)| orders.is_empty() && !ready), "{sheets:?}");
}

/// Polls PostgreSQL until `count` sessions of this test's database wait for a row lock.
async fn wait_until_queries_wait_for_a_lock(pool: &PgPool, count: i64) {
    for _ in 0..2000 {
        let waiting: i64 = sqlx::query_scalar(
            "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if waiting >= count {
            return;
        }
        tokio::task::yield_now().await;
    }
    panic!("the requests never waited for the game's lock");
}

#[sqlx::test(migrations = "../../migrations")]
async fn deadlines_missed_while_the_site_was_down_are_extended_and_the_players_told(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Outage").await;
    let extension = Duration::hours(24);
    let before_outage = Utc::now().trunc_subsecs(6);
    assert_eq!(downtime::beat(&pool, before_outage, extension).await.unwrap(), 0);
    make_due(&pool, game_id).await;
    // A worker that kept running would have processed it; one that beats again soon extends nothing.
    assert_eq!(downtime::beat(&pool, before_outage + Duration::seconds(2), extension).await.unwrap(), 0);
    let back_up = before_outage + Duration::hours(3);
    assert_eq!(downtime::beat(&pool, back_up, extension).await.unwrap(), 1);
    assert_eq!(deadline_of(&pool, game_id).await, back_up + extension);
    assert_eq!(tick(&pool, back_up).await.unwrap(), Outcome::Idle);
    players[0]
        .get(&format!("/games/{game_id}/orders"))
        .await
        .assert_contains("The site was down when this phase&#39;s deadline passed");
    // The notice belongs to that phase: the next one has an ordinary deadline and says nothing of it.
    let due = back_up + extension + Duration::seconds(1);
    assert_eq!(tick(&pool, due).await.unwrap(), Outcome::Advanced(game_id));
    let next_phase = players[0].get(&format!("/games/{game_id}/orders")).await;
    assert!(!next_phase.body.contains("The site was down"), "{}", next_phase.body);
}

/// Blocks `day` (in the game's own time zone) from processing.
async fn block_weekday_of(pool: &PgPool, game_id: GameId, at: DateTime<Utc>) {
    let zone: String = sqlx::query_scalar("select deadline_time_zone from game where game_id = $1")
        .bind(game_id)
        .fetch_one(pool)
        .await
        .unwrap();
    let zone: chrono_tz::Tz = zone.parse().unwrap();
    let day = chrono::Datelike::weekday(&at.with_timezone(&zone));
    sqlx::query("update game set no_process_weekdays = $2 where game_id = $1")
        .bind(game_id)
        .bind(1_i16 << day.num_days_from_monday())
        .execute(pool)
        .await
        .unwrap();
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_deadline_extended_after_downtime_onto_a_no_process_weekday_moves_on_a_day(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Weekend outage").await;
    let extension = Duration::hours(24);
    let before_outage = Utc::now().trunc_subsecs(6);
    downtime::beat(&pool, before_outage, extension).await.unwrap();
    make_due(&pool, game_id).await;
    let back_up = before_outage + Duration::hours(3);
    block_weekday_of(&pool, game_id, back_up + extension).await;
    assert_eq!(downtime::beat(&pool, back_up, extension).await.unwrap(), 1);
    assert_eq!(deadline_of(&pool, game_id).await, back_up + extension + Duration::days(1));
    assert_eq!(tick(&pool, back_up + extension + Duration::seconds(1)).await.unwrap(), Outcome::Idle);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_that_cannot_be_processed_waits_and_does_not_hold_up_the_other_due_games(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let broken = started_game(&mut gm, &mut players, "Broken").await;
    let healthy = started_game(&mut gm, &mut players, "Healthy").await;
    make_due(&pool, healthy).await;
    let now = make_due(&pool, broken).await;
    sqlx::query("update phase set state = '{\"kind\": \"chess\"}' where game_id = $1")
        .bind(broken)
        .execute(&pool)
        .await
        .unwrap();
    let mut outcomes = Vec::new();
    for _ in 0..3 {
        outcomes.push(tick(&pool, now).await.map_err(|error| format!("{error:#}")));
    }
    assert!(outcomes.contains(&Ok(Outcome::Advanced(healthy))), "{outcomes:?}");
    assert!(
        outcomes.iter().any(|outcome| outcome.as_ref().is_err_and(|error| error.contains(&format!("game {broken}"))))
    );
    assert_eq!(outcomes.last(), Some(&Ok(Outcome::Idle)), "the broken game is not retried at once");
    assert_eq!(phases_of(&pool, broken).await, [(0, false)]);
    let later = now + super::tick::RETRY_AFTER_FAILURE;
    assert!(tick(&pool, later).await.is_err(), "the broken game is tried again later");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_worker_loop_processes_a_due_game_by_itself_and_stops_on_shutdown(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Unattended").await;
    make_due(&pool, game_id).await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = tokio::spawn(super::worker::run_worker(
        pool.clone(),
        std::sync::Arc::new(crate::clock::SystemClock),
        super::worker::WorkerSettings {
            downtime_extension: Duration::hours(24),
            concurrency: 3,
            idle_pause: super::worker::IDLE_PAUSE,
            play: crate::play::Timing { bot_wait: Duration::minutes(10), muster: Duration::minutes(5) },
        },
        async {
            stopped.await.ok();
        },
    ));
    let waited = tokio::time::timeout(std::time::Duration::from_secs(20), async {
        while phases_of(&pool, game_id).await != [(0, true), (1, false)] {
            tokio::task::yield_now().await;
        }
    })
    .await;
    assert!(waited.is_ok(), "the worker never processed the due game");
    stop.send(()).unwrap();
    worker.await.unwrap();
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_private_games_results_are_hidden_from_observers_and_private_reports_from_other_seats(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = crate::test_support::create_game(&mut gm, "Hidden", &[("visibility", "private")]).await;
    let invite: String = sqlx::query_scalar("select invite_code from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    for (player, power) in players.iter_mut().zip(crate::test_support::POWERS) {
        player
            .post(&format!("/games/{game_id}/join"), &[("power", power), ("invite", &invite)])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    // Standard games have no private results; store one to check only its seat reads it.
    sqlx::query(
        "insert into private_report (game_id, phase_index, seat_id, report)
         select $1, 0, seat_id, '{\"orders\": [], \"events\": [\"Only Austria reads this\"]}'
         from seat_power where game_id = $1 and power = 'austria'",
    )
    .bind(game_id)
    .execute(&pool)
    .await
    .unwrap();
    let mut observer = logged_in(&pool, "observer").await;
    for path in [format!("/games/{game_id}/phases"), format!("/games/{game_id}/phases/0")] {
        observer.get(&path).await.assert_error_page(StatusCode::NOT_FOUND);
        crate::test_support::Client::new(pool.clone()).get(&path).await.assert_error_page(StatusCode::NOT_FOUND);
    }
    let phase_zero = format!("/games/{game_id}/phases/0");
    players[0].get(&phase_zero).await.assert_status(StatusCode::OK).assert_contains("Only Austria reads this");
    players[1].get(&phase_zero).await.assert_status(StatusCode::OK).assert_lacks("Only Austria reads this");
    gm.get(&phase_zero).await.assert_status(StatusCode::OK).assert_lacks("Only Austria reads this");
}

/// Polls PostgreSQL until no session of this test's database is inside a transaction (a cut connection's
/// transaction is aborted by the server shortly after the cut).
async fn wait_until_no_transaction_is_open(pool: &PgPool) {
    for _ in 0..2000 {
        let open: i64 = sqlx::query_scalar(
            "select count(*) from pg_stat_activity
             where datname = current_database() and state like 'idle in transaction%'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if open == 0 {
            return;
        }
        tokio::task::yield_now().await;
    }
    panic!("the cut connection's transaction was never aborted");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_solo_victory_finishes_the_game_and_its_pages_say_who_won(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true")
        .execute(&pool)
        .await
        .unwrap();
    let game_id = started_game(&mut gm, &mut players, "Empire").await;
    // France holds 17 centers in Fall 1901 and marches on an 18th.
    let french: Vec<&str> = vec![
        "par", "mar", "bre", "spa", "por", "bel", "hol", "lon", "edi", "lvp", "kie", "ber", "den", "nwy", "swe", "tun",
        "nap",
    ];
    let mut owners: serde_json::Map<String, serde_json::Value> =
        french.iter().map(|center| ((*center).to_owned(), "France".into())).collect();
    owners.insert("mos".to_owned(), "Russia".into());
    let state = serde_json::json!({"kind": "standard", "state": {
        "phase": "F1901M", "units": ["France A ruh", "Russia A mos"], "owners": owners,
    }});
    sqlx::query("update phase set state = $2, center_counts = null, code = 'F1901M', label = 'Fall 1901 Movement' where game_id = $1")
        .bind(game_id)
        .bind(state)
        .execute(&pool)
        .await
        .unwrap();
    players[2]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A ruh - mun")])
        .await
        .assert_contains("Saved 1 order.");
    let mut now = Utc::now();
    for _ in 0..3 {
        now += Duration::days(30);
        if tick(&pool, now).await.unwrap() == Outcome::Idle {
            break;
        }
    }
    let (status, result): (String, Option<String>) =
        sqlx::query_as("select status::text, result_summary from game where game_id = $1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((status.as_str(), result.as_deref()), ("finished", Some("France wins")));
    let end_mails: i64 =
        sqlx::query_scalar("select count(*) from outbox_mail where game_id = $1 and kind = 'game_end'")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(end_mails, 7, "every player with an address is told the game is over");
    logged_in(&pool, "observer")
        .await
        .get(&format!("/games/{game_id}/phases"))
        .await
        .assert_contains("Game over: <strong>France wins</strong>");
    Client::new(pool.clone())
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("Game over: <strong>France wins</strong>")
        .assert_contains("Final position")
        .assert_contains("<figure class=\"map\" id=\"map\"><svg")
        .assert_lacks("id=\"order-progress\"");
    players[2]
        .get(&format!("/games/{game_id}/orders"))
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("The game is over");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_game_page_shows_observers_the_board_and_who_has_orders_in_but_never_the_orders(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Watched").await;
    players[0]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A vie - gal")])
        .await
        .assert_contains("Saved 1 order.");
    players[0]
        .post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let page = Client::new(pool.clone()).get(&format!("/games/{game_id}")).await;
    page.assert_status(StatusCode::OK)
        .assert_contains("Now: <a href=\"/games/")
        .assert_contains(">Spring 1901 Movement</a>")
        .assert_contains("<figure class=\"map\" id=\"map\"><svg")
        .assert_contains("A vie")
        .assert_contains("<th scope=\"row\">Austria</th><td class=\"orders-saved\">orders in</td><td>ready</td>")
        .assert_contains("<th scope=\"row\">England</th><td class=\"orders-missing\">not yet</td><td>not ready</td>")
        .assert_contains("(<span id=\"deadline-in\" data-deadline=\"")
        .assert_contains("\">in 23 hours ")
        .assert_lacks("vie - gal")
        .assert_lacks("class=\"order ")
        .assert_lacks("Game over");
}

/// Replaces the current phase's state with a standard position (`units` like `France A bur`).
async fn set_position(
    pool: &PgPool,
    game_id: GameId,
    code: &str,
    label: &str,
    units: &[&str],
    owners: &[(&str, &str)],
) {
    let owners: serde_json::Map<String, serde_json::Value> =
        owners.iter().map(|(center, power)| ((*center).to_owned(), (*power).into())).collect();
    let state = serde_json::json!({"kind": "standard", "state": {"phase": code, "units": units, "owners": owners}});
    sqlx::query("update phase set state = $2, center_counts = null, code = $3, label = $4 where game_id = $1 and processed_at is null")
        .bind(game_id)
        .bind(state)
        .bind(code)
        .bind(label)
        .execute(pool)
        .await
        .unwrap();
}

async fn process_now(pool: &PgPool, game_id: GameId) {
    let now = make_due(pool, game_id).await;
    assert_eq!(tick(pool, now).await.unwrap(), Outcome::Advanced(game_id));
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_observer_replays_a_dislodgement_its_retreat_and_the_winter_build_on_the_map_phase_by_phase(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Replay").await;
    let owners = [
        ("par", "France"),
        ("bre", "France"),
        ("mar", "France"),
        ("ber", "Germany"),
        ("kie", "Germany"),
        ("mun", "Germany"),
    ];
    set_position(
        &pool,
        game_id,
        "F1901M",
        "Fall 1901 Movement",
        &["France A bur", "Germany A ruh", "Germany A mun", "Germany A hol"],
        &owners,
    )
    .await;
    let orders = |phase: &'static str, text: &'static str| [("phase", phase), ("text", text)];
    players[3]
        .submit(&format!("/games/{game_id}/orders"), &orders("0", "A ruh - bur\nA mun S A ruh - bur"))
        .await
        .assert_contains("Saved 2 orders.");
    process_now(&pool, game_id).await;
    players[2]
        .submit(&format!("/games/{game_id}/orders"), &orders("1", "A bur - pic"))
        .await
        .assert_contains("Saved 1 order.");
    process_now(&pool, game_id).await;
    players[3]
        .submit(&format!("/games/{game_id}/orders"), &orders("2", "Build A ber"))
        .await
        .assert_contains("Saved 1 order.");
    process_now(&pool, game_id).await;

    let mut observer = Client::new(pool.clone());
    let phase = |index: i32| format!("/games/{game_id}/phases/{index}");
    observer
        .get(&phase(0))
        .await
        .assert_contains("class=\"order move succeeded\"")
        .assert_contains("class=\"order support succeeded\"")
        .assert_contains(&format!("href=\"{}\" id=\"next-phase\" rel=\"next\">Fall 1901 Retreat", phase(1)))
        .assert_contains(&format!("href=\"{}\" id=\"latest-phase\"", phase(3)))
        .assert_lacks("id=\"first-phase\"")
        .assert_lacks("id=\"previous-phase\"");
    observer
        .get(&phase(1))
        .await
        .assert_contains("class=\"unit army dislodged\"")
        .assert_contains("class=\"order retreat succeeded\"")
        .assert_contains(&format!("href=\"{}\" id=\"first-phase\"", phase(0)))
        .assert_contains(&format!("href=\"{}\" id=\"previous-phase\"", phase(0)));
    observer
        .get(&phase(2))
        .await
        .assert_contains("Winter 1901")
        .assert_contains("class=\"order build succeeded\"")
        .assert_contains("<th scope=\"row\">Germany</th><td>4</td>")
        .assert_contains("id=\"centers-over-time-link\"")
        .assert_lacks("id=\"centers-chart\"");
    observer.get(&format!("/games/{game_id}/phases")).await.assert_contains("Germany: 4 at Spring 1902 Movement");
    observer
        .get(&phase(3))
        .await
        .assert_contains("id=\"not-processed\"")
        .assert_contains("Germany: army in Berlin")
        .assert_contains("France: army in Picardy")
        .assert_lacks("id=\"latest-phase\"")
        .assert_lacks("id=\"next-phase\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_results_page_marks_the_powers_that_sent_no_orders_and_only_those(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Silent powers").await;
    players[0]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A vie - gal")])
        .await
        .assert_contains("Saved 1 order.");
    gm.get(&format!("/games/{game_id}/phases/0")).await.assert_lacks("id=\"silent-powers\"");
    process_now(&pool, game_id).await;
    let page = gm.get(&format!("/games/{game_id}/phases/0")).await;
    page.assert_contains("<strong>No orders from:</strong> England, France, Germany, Italy, Russia, Turkey (");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_browser_revalidates_a_page_with_its_etag_and_gets_304_until_the_game_changes(pool: PgPool) {
    use axum::body::Body;
    use axum::http::{Request, header};
    use tower::ServiceExt;

    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Revalidated").await;
    let get = |tag: Option<&str>| {
        let mut request = Request::get(format!("/games/{game_id}"));
        if let Some(tag) = tag {
            request = request.header(header::IF_NONE_MATCH, tag);
        }
        crate::test_support::app(pool.clone()).oneshot(request.body(Body::empty()).unwrap())
    };
    let first = get(None).await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(first.headers()[header::CACHE_CONTROL], "private, no-cache");
    let tag = first.headers()[header::ETAG].to_str().unwrap().to_owned();
    let again = get(Some(&tag)).await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let body = axum::body::to_bytes(again.into_body(), 1024).await.unwrap();
    assert!(body.is_empty(), "a 304 carries no page");

    process_now(&pool, game_id).await;
    let changed = get(Some(&tag)).await.unwrap();
    assert_eq!(changed.status(), StatusCode::OK, "a processed phase is a new page");
    assert_ne!(changed.headers()[header::ETAG].to_str().unwrap(), tag);
}

#[sqlx::test(migrations = "../../migrations")]
async fn center_counts_are_stored_as_phases_open_and_computed_once_for_phases_opened_before_they_were(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Counted").await;
    let stored = || async {
        sqlx::query_scalar::<_, Option<serde_json::Value>>("select center_counts from phase where game_id = $1")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    assert_eq!(stored().await.unwrap()["Austria"], 3, "counted when the phase opened");
    sqlx::query("update phase set center_counts = null where game_id = $1").bind(game_id).execute(&pool).await.unwrap();
    gm.get(&format!("/games/{game_id}/phases")).await.assert_contains("Austria: 3 at Spring 1901 Movement");
    assert_eq!(stored().await.unwrap()["Russia"], 4, "computed on first read and kept");
}

/// The worker's transaction commits without waiting for the disk, and only it: the setting ends with
/// the transaction, so the pooled connection's next user (an order save) commits durably again.
#[sqlx::test(migrations = "../../migrations")]
async fn the_worker_s_transaction_alone_commits_without_waiting_for_the_disk(pool: PgPool) {
    use sqlx::Connection;
    let mut conn = pool.acquire().await.unwrap();
    let mut tx = conn.begin_with(super::queries::BEGIN_WITHOUT_WAITING_FOR_DISK).await.unwrap();
    let inside: String = sqlx::query_scalar("show synchronous_commit").fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let after: String = sqlx::query_scalar("show synchronous_commit").fetch_one(&mut *conn).await.unwrap();
    assert_eq!((inside.as_str(), after.as_str()), ("off", "on"));
}

// The worker reads whether any vote stands with the phase, and checks agreements only then: an
// elimination it processes must still end a game whose other powers had all voted for a draw.
#[sqlx::test(migrations = "../../migrations")]
async fn a_draw_vote_made_unanimous_by_an_elimination_ends_the_game_when_the_phase_is_processed(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Last stand").await;
    // Winter 1901 with Austria down to one army and no center: its adjustment disbands the army.
    sqlx::query(
        "update phase set code = 'W1901A', label = 'Winter 1901 Adjustment', stage = 'adjustment',
            state = jsonb_set(jsonb_set(jsonb_set(state, '{state,phase}', '\"W1901A\"'),
              '{state,units}', (select jsonb_agg(unit) from jsonb_array_elements(state->'state'->'units') unit
                                where unit #>> '{}' not in ('Austria A vie', 'Austria F tri'))),
              '{state,owners}', (state->'state'->'owners') - 'bud' - 'tri' - 'vie')
         where game_id = $1",
    )
    .bind(game_id)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into draw_vote (game_id, seat_id)
         select game_id, seat_id from seat_power where game_id = $1 and power <> 'austria'",
    )
    .bind(game_id)
    .execute(&pool)
    .await
    .unwrap();
    let mut observer = Client::new(pool.clone());
    observer.get(&format!("/games/{game_id}")).await.assert_contains("id=\"game-status\">Running<");
    process_phase(&pool, game_id).await;
    observer
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("id=\"game-status\">Finished<")
        .assert_contains("Draw between England, France, Germany, Italy, Russia and Turkey");
}

// With votes standing, the worker sets the next deadline only after checking them: a vote that does not
// pass leaves the game running with its next phase and an ordinary deadline.
#[sqlx::test(migrations = "../../migrations")]
async fn a_standing_draw_vote_that_does_not_pass_leaves_the_next_phase_its_deadline(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Half a peace").await;
    players[0].post(&format!("/games/{game_id}/orders/draw"), &[("draw", "true")]).await;
    let now = make_due(&pool, game_id).await;
    assert_eq!(tick(&pool, now).await.unwrap(), Outcome::Advanced(game_id));
    assert_eq!(phases_of(&pool, game_id).await, [(0, true), (1, false)]);
    let deadline = deadline_of(&pool, game_id).await;
    assert!(deadline > now + Duration::hours(1), "the next phase's deadline {deadline} is an ordinary one after {now}");
    assert_eq!(game_status(&pool, game_id).await, "running");
}
