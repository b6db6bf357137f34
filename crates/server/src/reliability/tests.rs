//! The reliability record on a real database: misses counted against whoever held the seat, the tier's
//! rule, a GM's rollback followed, and no profile (page or API) ever tying a player to a secret seat.

use axum::http::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use super::queries::PlayedGame;
use super::{Tier, rate};
use crate::api::tests::{api_app, call};
use crate::games::model::{GameStatus, PressRule};
use crate::ids::GameId;
use crate::test_support::{
    Client, assert_lacks_any_case, create_game, logged_in, process_phase, started_game, started_game_with, table,
};

fn played(phases_to_order: i64, phases_missed: i64, left_in_disorder: bool) -> PlayedGame {
    PlayedGame {
        game_id: GameId(1),
        name: "A game".to_owned(),
        kind: kinds::Kind::Standard,
        status: GameStatus::Finished,
        is_public: true,
        anonymous: false,
        press: PressRule::Full,
        cancelled: false,
        result_summary: None,
        finished_at: None,
        phases_to_order,
        phases_missed,
        left_in_disorder,
        seated: true,
    }
}

#[test]
fn a_newcomer_is_new_whatever_he_missed_until_there_are_enough_phases_to_judge() {
    let first = played(9, 9, true);
    let rating = rate(&[&first]);
    assert_eq!(rating.tier, Tier::New);
    assert!(rating.why.contains("never rated Unreliable"), "{}", rating.why);
    assert_eq!(rate(&[]).tier, Tier::New);
}

#[test]
fn at_most_one_miss_in_ten_and_no_game_left_in_disorder_is_reliable_and_more_is_unreliable() {
    let (good, one_miss) = (played(20, 0, false), played(10, 3, false));
    assert_eq!(rate(&[&good, &one_miss]).tier, Tier::Reliable, "3 of 30 is 10%");
    let worse = played(10, 4, false);
    let rating = rate(&[&good, &worse]);
    assert_eq!(rating.tier, Tier::Unreliable);
    assert!(rating.why.contains("missed 4 of 30"), "{}", rating.why);
    let left = played(20, 2, true);
    let rating = rate(&[&good, &left]);
    assert_eq!(rating.tier, Tier::Unreliable);
    assert!(rating.why.contains("left 1 of them in civil disorder"), "{}", rating.why);
}

/// Saves a sheet for the player in the game's current phase.
async fn order(client: &mut Client, game_id: GameId, phase: &str, text: &str) {
    client
        .submit(&format!("/games/{game_id}/orders"), &[("phase", phase), ("text", text)])
        .await
        .assert_status(StatusCode::OK);
}

async fn api_profile(pool: &PgPool, username: &str) -> Value {
    call(&api_app(pool, 100_000), "GET", &format!("/players/{username}"), None, None).await.ok().clone()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_finished_public_game_is_listed_with_the_misses_of_whoever_held_the_seat(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Counted game").await;
    order(&mut players[0], game_id, "0", "A vie H").await;
    process_phase(&pool, game_id).await;
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let mut visitor = Client::new(pool.clone());
    visitor
        .get("/players/player0")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Counted game")
        .assert_contains("0 of 1")
        .assert_contains("id=\"tier\"")
        .assert_contains(">New<");
    visitor.get("/players/player1").await.assert_contains("1 of 1").assert_contains("id=\"phases-missed\">1<");
    let json = api_profile(&pool, "player1").await;
    assert_eq!(json["phases_missed"], 1);
    assert_eq!(json["games_finished"], 1);
    assert_eq!(json["tier"], "new");
    assert_eq!(json["finished_games"][0]["name"], "Counted game");
    visitor.get("/players/nobody-at-all").await.assert_error_page(StatusCode::NOT_FOUND);
    // The game page links each name it shows to the player's profile.
    visitor.get(&format!("/games/{game_id}")).await.assert_contains("href=\"/players/player3\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_phase_rolled_back_by_the_gm_no_longer_counts_and_counts_again_as_reprocessed(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Rolled").await;
    process_phase(&pool, game_id).await;
    assert_eq!(api_profile(&pool, "player0").await["phases_missed"], 1);
    gm.post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "A lost sheet.")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let json = api_profile(&pool, "player0").await;
    assert_eq!((json["phases_to_order"].as_i64(), json["phases_missed"].as_i64()), (Some(0), Some(0)));
    order(&mut players[0], game_id, "0", "A vie H").await;
    process_phase(&pool, game_id).await;
    let json = api_profile(&pool, "player0").await;
    assert_eq!((json["phases_to_order"].as_i64(), json["phases_missed"].as_i64()), (Some(1), Some(0)));
    assert_eq!(api_profile(&pool, "player1").await["phases_missed"], 1);
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_misses_in_a_row_leave_a_game_in_civil_disorder_and_a_successor_is_not_charged(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Deserted").await;
    process_phase(&pool, game_id).await;
    process_phase(&pool, game_id).await;
    let json = api_profile(&pool, "player0").await;
    assert_eq!(json["games_left_in_civil_disorder"], 1);
    // A newcomer takes the seat over: the old misses stay with the one who left.
    let _newcomer = logged_in(&pool, "newcomer").await;
    sqlx::query("update seat set account_id = (select account_id from account where username = 'newcomer') where game_id = $1 and account_id = (select account_id from account where username = 'player0')")
        .bind(game_id)
        .execute(&pool)
        .await
        .unwrap();
    let json = api_profile(&pool, "newcomer").await;
    assert_eq!((json["phases_missed"].as_i64(), json["games_left_in_civil_disorder"].as_i64()), (Some(0), Some(0)));
    // Once he has answered for a phase, the takeover is to his credit, and only to his.
    process_phase(&pool, game_id).await;
    assert_eq!(api_profile(&pool, "newcomer").await["seats_taken_over"], 1);
    assert_eq!(api_profile(&pool, "player1").await["seats_taken_over"], 0);
    assert!(api_profile(&pool, "player0").await["phases_missed"].as_i64() >= Some(2));
}

/// Every profile page and API answer of `usernames`, as a visitor sees them.
async fn every_profile(pool: &PgPool, usernames: &[String]) -> Vec<String> {
    let mut visitor = Client::new(pool.clone());
    let mut answers = Vec::new();
    for username in usernames {
        answers.push(visitor.get(&format!("/players/{username}")).await.assert_status(StatusCode::OK).body.clone());
        answers.push(api_profile(pool, username).await.to_string());
    }
    answers
}

/// What would tie a player to a secret game or seat: the game's name and address, and the seats'
/// names (powers, Cabinet posts, Covert Operations numbers).
fn secret_marks(game_ids: &[GameId]) -> Vec<String> {
    let mut marks: Vec<String> =
        game_ids.iter().flat_map(|id| [format!("/games/{id}\""), format!("\"game_id\":{id}")]).collect();
    marks.extend(
        [
            "Zq",
            "Austria",
            "England",
            "France",
            "Germany",
            "Italy",
            "Russia",
            "Turkey",
            "Head of State",
            "General",
            "Admiral",
            "Player 1",
            "Player 2",
        ]
        .map(str::to_owned),
    );
    marks
}

#[sqlx::test(migrations = "../../migrations")]
async fn misses_in_anonymous_cabinet_and_covert_operations_games_are_only_counted_never_tied_to_a_game_or_seat(
    pool: PgPool,
) {
    // An anonymous Standard game, a Cabinet game and a Covert Operations game, every seat missing its
    // first phase.
    let (mut gm, mut players) = table(&pool, "").await;
    let anonymous = started_game_with(&mut gm, &mut players, "Zqmasks", &[("anonymous", "on")]).await;
    let mut usernames: Vec<String> = (0..7).map(|index| format!("player{index}")).collect();
    let covert = create_game(&mut gm, "Zqshadows", &[("kind", "covert_operations"), ("players", "2")]).await;
    for player in &mut players[..2] {
        player.post(&format!("/games/{covert}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    let cabinet =
        create_game(&mut gm, "Zqcabinet", &[("kind", "cabinet_diplomacy"), ("power_assignment", "random")]).await;
    for player in &mut players {
        player.post(&format!("/games/{cabinet}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    for index in 7..21 {
        let username = format!("cab{index:02}");
        let mut person = logged_in(&pool, &username).await;
        person.post(&format!("/games/{cabinet}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
        usernames.push(username);
    }
    for game_id in [anonymous, covert, cabinet] {
        assert_eq!(crate::test_support::game_status(&pool, game_id).await, "running");
        process_phase(&pool, game_id).await;
    }
    let answers = every_profile(&pool, &usernames).await;
    let marks = secret_marks(&[anonymous, covert, cabinet]);
    let marks: Vec<&str> = marks.iter().map(String::as_str).collect();
    for answer in &answers {
        assert_lacks_any_case(answer, &marks);
    }
    // The misses are there, in the totals: the anonymous and Covert Operations games' for a player of
    // all three (and the Cabinet's too where his post had to order), the Cabinet's for the others.
    let json = api_profile(&pool, "player0").await;
    let missed = json["phases_missed"].as_i64().unwrap_or_default();
    assert!(missed >= 2 && json["missed_in_running_games"].as_i64() == Some(missed), "{json}");
    let page = Client::new(pool.clone()).get("/players/player0").await;
    page.assert_contains(&format!("{missed} in games still running"));
    let mut cabinet_misses = 0;
    for username in &usernames[7..] {
        cabinet_misses += api_profile(&pool, username).await["missed_in_running_games"].as_i64().unwrap_or_default();
    }
    assert!(cabinet_misses > 0);

    // Once ended, the games stay off every profile: none of the three shows who played.
    for game_id in [anonymous, covert, cabinet] {
        gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    for answer in &every_profile(&pool, &usernames).await {
        assert_lacks_any_case(answer, &marks);
    }
    let json = api_profile(&pool, "player0").await;
    assert_eq!(
        (json["missed_in_secret_games"].as_i64(), json["missed_in_running_games"].as_i64()),
        (Some(missed), Some(0))
    );
    let page = Client::new(pool.clone()).get("/players/player0").await;
    page.assert_contains(&format!("{missed} in finished games that keep their players secret"));

    // The anonymous game's page links no profile to a visitor while it hides the names.
    let (mut gm2, mut others) = table(&pool, "b").await;
    let masked = started_game_with(&mut gm2, &mut others, "Masked", &[("anonymous", "on")]).await;
    Client::new(pool.clone()).get(&format!("/games/{masked}")).await.assert_lacks("/players/");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_for_reliable_players_refuses_a_newcomer_with_the_reason_on_the_page_and_in_the_api(pool: PgPool) {
    let mut gm = logged_in(&pool, "gamemaster").await;
    let game_id = create_game(&mut gm, "Reliable only", &[("reliability", "reliable")]).await;
    let mut newcomer = logged_in(&pool, "newcomer").await;
    newcomer
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("Open to players rated Reliable.")
        .assert_contains("id=\"join-refusal\"");
    newcomer
        .post(&format!("/games/{game_id}/join"), &[("power", "france")])
        .await
        .assert_error_page(StatusCode::FORBIDDEN)
        .assert_contains("This game takes Reliable players only, and you are rated New.");
    let token = crate::api::tests::token_of(&pool, "newcomer").await;
    let app = api_app(&pool, 100_000);
    let answer = call(
        &app,
        "POST",
        &format!("/games/{game_id}/join"),
        Some(&token),
        Some(serde_json::json!({"power": "france", "invite": ""})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.text);
    assert!(answer.text.contains("you are rated New"), "{}", answer.text);
    let seats: i64 = sqlx::query_scalar("select count(*) from seat where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(seats, 0);
    // The GM opens the game to anyone with no missed phase lately: the newcomer joins.
    gm.post(
        &format!("/games/{game_id}/admin/settings"),
        &crate::test_support::game_form("Reliable only", &[("reliability", ""), ("no_miss_in_last", "5")]),
    )
    .await
    .assert_status(StatusCode::SEE_OTHER);
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("value=\"5\"");
    newcomer.post(&format!("/games/{game_id}/join"), &[("power", "france")]).await.assert_status(StatusCode::SEE_OTHER);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_asking_for_no_missed_phase_in_the_last_n_refuses_a_player_who_missed_one(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Where one missed").await;
    order(&mut players[0], game_id, "0", "A vie H").await;
    process_phase(&pool, game_id).await;
    let strict = create_game(&mut gm, "Strict", &[("no_miss_in_last", "3")]).await;
    players[0]
        .post(&format!("/games/{strict}/join"), &[("power", "france")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    players[1]
        .post(&format!("/games/{strict}/join"), &[("power", "italy")])
        .await
        .assert_error_page(StatusCode::FORBIDDEN)
        .assert_contains("no missed phase in their last 3 phases to order, and you missed 1");
    gm.post("/games", &crate::test_support::game_form("Bad", &[("no_miss_in_last", "0"), ("reliability", "best")]))
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("id=\"error-no_miss_in_last\"")
        .assert_contains("id=\"error-reliability\"");
}
