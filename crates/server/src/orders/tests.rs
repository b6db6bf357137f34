//! Handler tests for the order page: both forms, the ready toggle, the checks, and order secrecy.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use kinds::{AnyGame, Kind, SeatIndex};
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, game_status, logged_in, make_due, process_phase, started_game, table};

fn orders_path(game_id: GameId) -> String {
    format!("/games/{game_id}/orders")
}

async fn saved_orders(pool: &PgPool, game_id: GameId, power: &str) -> String {
    sqlx::query_scalar(
        "select o.orders from seat_order o join seat_power p on p.seat_id = o.seat_id
         where o.game_id = $1 and p.power::text = $2 order by o.phase_index desc limit 1",
    )
    .bind(game_id)
    .bind(power)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_player_chooses_orders_from_the_selects_and_sees_them_back_in_plain_words(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Selects").await;
    let austria = &mut players[0];
    let page = austria.get(&orders_path(game_id)).await;
    page.assert_status(StatusCode::OK).assert_contains("Spring 1901 Movement").assert_contains("id=\"unit_0_1\"");
    let form = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).unwrap().order_form(SeatIndex(0));
    let choice = form.rows[0].choices.iter().find(|choice| choice.value.contains(" - ")).unwrap();
    let page =
        austria.submit(&orders_path(game_id), &[("phase", "0"), ("unit_0", &choice.value), ("unit_1", "")]).await;
    let destination = &choice.steps[1].value;
    page.assert_status(StatusCode::OK)
        .assert_contains("Saved 1 order.")
        .assert_contains("<option value=\"move\" selected>Move</option>")
        .assert_contains(&format!("<option value=\"{destination}\" selected>"));
    assert_eq!(saved_orders(&pool, game_id, "austria").await, choice.value);
    austria
        .get(&orders_path(game_id))
        .await
        .assert_contains(&format!("<span class=\"row-order\" aria-live=\"polite\">{}</span>", choice.label));
}

#[sqlx::test(migrations = "../../migrations")]
async fn typed_orders_keep_the_good_lines_and_explain_each_refused_one_keeping_what_was_typed(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Typing").await;
    let typed = "A vie - gal\nA xyz - abc\nF tri H";
    let page = players[0].submit(&orders_path(game_id), &[("phase", "0"), ("text", typed)]).await;
    page.assert_status(StatusCode::OK)
        .assert_contains("Saved 2 orders. 1 line was refused")
        .assert_contains("Army Vienna moves to Galicia")
        .assert_contains("id=\"rejected-orders\"")
        .assert_contains("Line 2")
        .assert_contains("is not a province")
        .assert_contains(typed);
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "A vie - gal\nF tri H");
}

#[sqlx::test(migrations = "../../migrations")]
async fn nobody_but_the_seat_sees_its_orders_before_the_phase_is_processed(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Secrets").await;
    let secret = "A vie - boh";
    players[0].submit(&orders_path(game_id), &[("phase", "0"), ("text", secret)]).await.assert_contains(secret);
    let mut observer = logged_in(&pool, "observer").await;
    let mut visitor = Client::new(pool.clone());
    players[1].get(&orders_path(game_id)).await.assert_status(StatusCode::OK).assert_lacks(secret);
    observer.get(&orders_path(game_id)).await.assert_error_page(StatusCode::FORBIDDEN).assert_lacks(secret);
    gm.get(&orders_path(game_id)).await.assert_error_page(StatusCode::FORBIDDEN).assert_lacks(secret);
    visitor.get(&orders_path(game_id)).await.assert_error_page(StatusCode::UNAUTHORIZED).assert_lacks(secret);
    for client in [&mut players[1], &mut observer, &mut gm, &mut visitor] {
        for path in
            [format!("/games/{game_id}"), format!("/games/{game_id}/phases/0"), format!("/games/{game_id}/phases")]
        {
            client.get(&path).await.assert_status(StatusCode::OK).assert_lacks(secret);
        }
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn orders_for_a_phase_already_processed_are_refused_and_saved_nowhere(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Late").await;
    make_due(&pool, game_id).await;
    players[0]
        .submit(&orders_path(game_id), &[("phase", "0"), ("text", "A vie - gal")])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("The deadline has passed");
    // The refused request's transaction is rolled back as its connection goes back to the pool; until
    // then the game stays locked and a worker passes it by.
    let mut outcome = crate::turns::tick(&pool, Utc::now()).await.unwrap();
    for _ in 0..1000 {
        if outcome != crate::turns::Outcome::Idle {
            break;
        }
        tokio::task::yield_now().await;
        outcome = crate::turns::tick(&pool, Utc::now()).await.unwrap();
    }
    assert_eq!(outcome, crate::turns::Outcome::Advanced(game_id));
    players[0]
        .submit(&orders_path(game_id), &[("phase", "0"), ("text", "A vie - gal")])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("earlier phase");
    let saved: Vec<String> = sqlx::query_scalar("select orders from seat_order where game_id = $1")
        .bind(game_id)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(saved.iter().all(String::is_empty), "{saved:?}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_ready_toggle_marks_and_unmarks_the_seat(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Ready").await;
    // Far deadline, so marking one seat ready cannot make anything due.
    sqlx::query("update game set deadline_at = $2 where game_id = $1")
        .bind(game_id)
        .bind(Utc::now() + Duration::days(3))
        .execute(&pool)
        .await
        .unwrap();
    let ready_path = format!("/games/{game_id}/orders/ready");
    players[2].post(&ready_path, &[("phase", "0"), ("ready", "true")]).await.assert_redirect_to(&orders_path(game_id));
    players[2].get(&orders_path(game_id)).await.assert_contains("id=\"ready-state\">ready<");
    players[2].post(&ready_path, &[("phase", "0"), ("ready", "false")]).await;
    players[2].get(&orders_path(game_id)).await.assert_contains("id=\"ready-state\">not ready<");
}

#[sqlx::test(migrations = "../../migrations")]
async fn malformed_order_forms_get_a_400_page_and_games_not_running_refuse_orders(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Odd").await;
    players[0].submit(&orders_path(game_id), &[("text", "A vie H")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    players[0]
        .post(&format!("/games/{game_id}/orders/ready"), &[("phase", "zero")])
        .await
        .assert_error_page(StatusCode::UNPROCESSABLE_ENTITY);
    gm.post(&format!("/games/{game_id}/admin/pause"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    players[0]
        .submit(&orders_path(game_id), &[("phase", "0"), ("text", "A vie H")])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("paused");
    players[0].get("/games/999999/orders").await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_dashboard_shows_each_game_in_play_with_whether_my_orders_are_in_and_i_am_ready(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Dashboard Game").await;
    sqlx::query("update game set deadline_at = $2 where game_id = $1")
        .bind(game_id)
        .bind(Utc::now() + Duration::days(3))
        .execute(&pool)
        .await
        .unwrap();
    let austria = &mut players[0];
    austria
        .get("/dashboard")
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Dashboard Game")
        .assert_contains("UTC (in 2 days 23 hours)")
        .assert_contains(">not yet<");
    austria.submit(&orders_path(game_id), &[("phase", "0"), ("text", "A vie H")]).await;
    austria.post(&format!("/games/{game_id}/orders/ready"), &[("phase", "0"), ("ready", "true")]).await;
    austria
        .get("/dashboard")
        .await
        .assert_contains(">saved<")
        .assert_contains(">ready<")
        .assert_contains("Spring 1901 Movement");
    // The deadline reads in the player's own zone: 18:00 UTC is 03:00 the next day in Tokyo.
    let deadline: chrono::DateTime<Utc> = "2030-01-15T18:00:00Z".parse().unwrap();
    sqlx::query("update game set deadline_at = $2 where game_id = $1")
        .bind(game_id)
        .bind(deadline)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("update account set time_zone = 'Asia/Tokyo' where account_id in (select account_id from seat where game_id = $1)")
        .bind(game_id)
        .execute(&pool)
        .await
        .unwrap();
    austria.get("/dashboard").await.assert_contains("Wed 16 Jan 2030, 03:00 JST").assert_lacks(" UTC");
    let mut observer = logged_in(&pool, "observer").await;
    observer
        .get("/dashboard")
        .await
        .assert_status(StatusCode::OK)
        .assert_lacks("Dashboard Game")
        .assert_contains("id=\"no-games\"");
    Client::new(pool.clone()).get("/dashboard").await.assert_error_page(StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_draw_passes_only_when_every_surviving_power_votes_for_it_and_votes_stay_secret(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Peace").await;
    let draw_path = format!("/games/{game_id}/orders/draw");
    let (last, others) = players.split_last_mut().unwrap();
    for player in others.iter_mut() {
        player.post(&draw_path, &[("draw", "true")]).await.assert_redirect_to(&orders_path(game_id));
    }
    others[0].get(&orders_path(game_id)).await.assert_contains("id=\"draw-state\">vote for a draw<");
    last.get(&orders_path(game_id)).await.assert_contains("id=\"draw-state\">do not vote for a draw<");
    let mut observer = logged_in(&pool, "observer").await;
    for path in [format!("/games/{game_id}"), format!("/games/{game_id}/phases")] {
        observer.get(&path).await.assert_status(StatusCode::OK).assert_lacks("draw");
        // Nor does the power that has not voted, or the GM, learn who has.
        last.get(&path).await.assert_status(StatusCode::OK).assert_lacks("draw");
        gm.get(&path).await.assert_status(StatusCode::OK).assert_lacks("draw");
    }
    gm.get(&format!("/games/{game_id}/admin")).await.assert_status(StatusCode::OK).assert_lacks("draw");
    // A vote withdrawn and given again still counts once.
    others[1].post(&draw_path, &[("draw", "false")]).await;
    others[1].post(&draw_path, &[("draw", "true")]).await;
    last.post(&draw_path, &[("draw", "true")]).await.assert_redirect_to(&format!("/games/{game_id}/phases"));
    assert_eq!(game_status(&pool, game_id).await, "finished");
    observer.get(&format!("/games/{game_id}/phases")).await.assert_contains(
        "Game over: <strong>Draw between Austria, England, France, Germany, Italy, Russia and Turkey</strong>",
    );
    last.post(&draw_path, &[("draw", "false")]).await.assert_error_page(StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../../migrations")]
async fn builds_are_chosen_from_the_form_in_an_adjustment_phase_and_seats_without_orders_are_told(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Winter").await;
    let state = serde_json::json!({"kind": "standard", "state": {
        "phase": "W1901A", "units": ["France A par", "Austria A vie"],
        "owners": {"par": "France", "mar": "France", "bre": "France", "vie": "Austria"},
    }});
    sqlx::query("update phase set state = $2, center_counts = null where game_id = $1")
        .bind(game_id)
        .bind(&state)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query(
        "update seat_order set must_order = (seat_id in (select seat_id from seat_power where power = 'france'))",
    )
    .execute(&pool)
    .await
    .unwrap();
    let form = AnyGame::from_json(state).unwrap().order_form(SeatIndex(2));
    assert!(!form.rows.is_empty(), "France may build");
    let build = &form.rows[0].choices[0];
    let france = &mut players[2];
    france.get(&orders_path(game_id)).await.assert_status(StatusCode::OK).assert_contains(&form.rows[0].label);
    france
        .submit(&orders_path(game_id), &[("phase", "0"), ("unit_0", &build.value)])
        .await
        .assert_contains("Saved 1 order.")
        .assert_contains(&build.label);
    players[0].get(&orders_path(game_id)).await.assert_contains("id=\"nothing-to-order\"");
    process_phase(&pool, game_id).await;
    let built = build.value.trim_start_matches("Build ").trim_start_matches("build ").to_owned();
    Client::new(pool.clone())
        .get(&format!("/games/{game_id}/phases/1"))
        .await
        .assert_contains("Spring 1902 Movement")
        .assert_contains(&built);
}

#[sqlx::test(migrations = "../../migrations")]
async fn when_every_other_surviving_power_concedes_to_one_that_power_wins(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Surrender").await;
    let france: i64 = sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power = 'france'")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let france = france.to_string();
    let concede_path = format!("/games/{game_id}/orders/concede");
    players[2].post(&concede_path, &[("to", &france)]).await.assert_error_page(StatusCode::BAD_REQUEST);
    players[0].post(&concede_path, &[("to", "999999")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    let others: Vec<usize> = vec![0, 1, 3, 4, 5, 6];
    for &index in &others[..5] {
        players[index].post(&concede_path, &[("to", &france)]).await.assert_redirect_to(&orders_path(game_id));
    }
    players[0].get(&orders_path(game_id)).await.assert_contains(&format!("value=\"{france}\" selected"));
    players[6].get(&orders_path(game_id)).await.assert_lacks(&format!("value=\"{france}\" selected"));
    players[6].post(&concede_path, &[("to", &france)]).await.assert_redirect_to(&format!("/games/{game_id}/phases"));
    Client::new(pool.clone())
        .get(&format!("/games/{game_id}/phases"))
        .await
        .assert_contains("Game over: <strong>France wins by concession</strong>");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_order_page_loads_its_map_script_which_the_site_serves_under_a_policy_forbidding_inline_scripts(
    pool: PgPool,
) {
    use axum::body::Body;
    use axum::http::{Request, header};
    use tower::ServiceExt;

    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Scripted").await;
    players[0]
        .get(&orders_path(game_id))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("<script src=\"/static/js/orders.js\" defer></script>")
        .assert_contains("data-province=\"vie\" data-unit=\"A vie\"")
        .assert_contains("<script type=\"application/json\" id=\"order-choices\">[{")
        .assert_contains("id=\"map-status\"");
    let response = crate::test_support::app(pool.clone())
        .oneshot(Request::get("/static/js/orders.js").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
    let policy = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap().to_owned();
    assert!(policy.contains("script-src 'self';"), "{policy}");
    assert!(!policy.contains("unsafe-inline"), "{policy}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_seats_saved_orders_are_drawn_on_its_own_order_page_map_and_on_no_one_elses(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Sketch").await;
    players[0]
        .submit(&orders_path(game_id), &[("phase", "0"), ("text", "A vie - gal\nF tri H")])
        .await
        .assert_contains("Saved 2 orders.")
        .assert_contains("class=\"order move pending\" data-power=\"Austria\"")
        .assert_contains("class=\"order hold pending\" data-power=\"Austria\"");
    players[5].get(&orders_path(game_id)).await.assert_status(StatusCode::OK).assert_lacks("class=\"order ");
    Client::new(pool.clone()).get(&format!("/games/{game_id}")).await.assert_lacks("class=\"order ");
}

/// Saves `text` through the text box as Austria and returns the page.
async fn type_orders(client: &mut Client, game_id: GameId, fields: &[(&str, &str)]) -> crate::test_support::Page {
    let mut all = vec![("phase", "0")];
    all.extend_from_slice(fields);
    client.submit(&orders_path(game_id), &all).await
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_typed_sheet_whose_every_line_is_refused_changes_nothing_and_says_so_as_an_error(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "All refused").await;
    type_orders(&mut players[0], game_id, &[("text", "A vie - gal\nF tri H")]).await.assert_contains("Saved 2 orders.");
    let page = type_orders(&mut players[0], game_id, &[("text", "A vie - mos\nnonsense")]).await;
    page.assert_status(StatusCode::OK)
        .assert_contains("class=\"error-message\"")
        .assert_contains("All 2 lines were refused, so nothing was saved: your saved orders are unchanged.")
        .assert_contains("A vie - mos\nnonsense")
        .assert_lacks("Saved 0 orders");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "A vie - gal\nF tri H");
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_empty_box_changes_nothing_and_only_the_clear_button_removes_every_order(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Empty box").await;
    type_orders(&mut players[0], game_id, &[("text", "A vie - gal")]).await.assert_contains("Saved 1 order.");
    type_orders(&mut players[0], game_id, &[("text", "  \n ")])
        .await
        .assert_contains("The box was empty, so nothing was changed.")
        .assert_contains("class=\"error-message\"");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "A vie - gal");
    type_orders(&mut players[0], game_id, &[("intent", "clear")]).await.assert_contains("Your orders were cleared.");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "");
}

#[sqlx::test(migrations = "../../migrations")]
async fn added_lines_replace_the_saved_order_of_the_same_unit_and_keep_the_others(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Add").await;
    type_orders(&mut players[0], game_id, &[("text", "A vie - gal\nF tri H")]).await;
    type_orders(&mut players[0], game_id, &[("intent", "add"), ("text", "A vie - tyr\nA bud - ser")])
        .await
        .assert_contains("Added 2 orders.");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "F tri H\nA vie - tyr\nA bud - ser");
    type_orders(&mut players[0], game_id, &[("intent", "replace"), ("text", "A bud H")]).await;
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "A bud H");
}

#[sqlx::test(migrations = "../../migrations")]
async fn one_saved_order_is_removed_by_its_own_button(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Remove one").await;
    type_orders(&mut players[0], game_id, &[("text", "A vie - gal\nF tri H")]).await;
    type_orders(&mut players[0], game_id, &[("intent", "remove"), ("line", "A vie - gal")])
        .await
        .assert_contains("Removed the order.");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "F tri H");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_chain_of_small_selects_saves_its_order_and_an_unfinished_chain_is_named_and_kept_on_the_page(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Chains").await;
    let form = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).unwrap().order_form(SeatIndex(0));
    let row = |label: &str| form.rows.iter().position(|row| row.label == label).unwrap();
    let (bud, vie) = (row("A bud"), row("A vie"));
    let bud_1 = format!("unit_{bud}_1");
    let (bud_2, bud_3) = (format!("unit_{bud}_2"), format!("unit_{bud}_3"));
    let vie_1 = format!("unit_{vie}_1");
    let vie_2 = format!("unit_{vie}_2");
    let page = type_orders(
        &mut players[0],
        game_id,
        &[(&bud_1, "support"), (&bud_2, "vie"), (&bud_3, "gal"), (&vie_1, "support"), (&vie_2, "")],
    )
    .await;
    page.assert_contains("Saved 1 order.")
        .assert_contains("A vie: <code>Support</code>: unfinished: choose which unit to support")
        .assert_contains(&format!("<select name=\"{vie_2}\""));
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "A bud S A vie - gal");

    // "Show the next choices" saves nothing and offers the next level of each chain.
    let page = type_orders(&mut players[0], game_id, &[("intent", "refine"), (&vie_1, "move")]).await;
    page.assert_contains("Not saved yet").assert_contains("<option value=\"gal\">to Galicia</option>");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "A bud S A vie - gal");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_chain_that_leads_to_no_legal_order_saves_nothing(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Bad chain").await;
    type_orders(&mut players[0], game_id, &[("text", "F tri H")]).await;
    let page = type_orders(&mut players[0], game_id, &[("unit_0_1", "move"), ("unit_0_2", "mos")]).await;
    page.assert_status(StatusCode::OK).assert_contains("class=\"error-message\"");
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "F tri H");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_save_that_goes_through_whole_redirects_to_the_order_page_which_says_what_was_done(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Redirects").await;
    let path = orders_path(game_id);
    // What is posted, the redirect's query, and what the page then says.
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
    let cases: [Case; 4] = [
        (&[("text", "A vie - gal\nF tri H")], "done=saved&orders=2", "Saved 2 orders."),
        (&[("intent", "add"), ("text", "A bud - ser")], "done=added&orders=1", "Added 1 order."),
        (&[("intent", "remove"), ("line", "F tri H")], "done=removed", "Removed the order."),
        (&[("intent", "clear")], "done=cleared", "Your orders were cleared."),
    ];
    for (fields, query, message) in cases {
        let mut form = vec![("phase", "0")];
        form.extend_from_slice(fields);
        let answer = players[0].post(&path, &form).await;
        answer.assert_redirect_to(&format!("{path}?{query}"));
        assert!(!answer.body.contains("class=\"board\""), "the answer to a save draws no page");
        players[0].get(&format!("{path}?{query}")).await.assert_status(StatusCode::OK).assert_contains(message);
    }
    assert_eq!(saved_orders(&pool, game_id, "austria").await, "");
    // With a refused line the page comes at once, with the reason and what was typed, as before.
    let page = players[0].post(&path, &[("phase", "0"), ("text", "A vie - gal\nA vie - xyz")]).await;
    page.assert_status(StatusCode::OK).assert_contains("1 line was refused").assert_contains("A vie - xyz");
    players[0].get(&format!("{path}?done=sideways")).await.assert_error_page(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../../migrations")]
async fn seats_save_side_by_side_while_the_worker_waits_for_every_save_in_flight(pool: PgPool) {
    use crate::games::queries::{RowLock, game_locked};
    use crate::turns::queries::claim_due_game;

    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Side by side").await;
    // A save in flight holds the game row as every save does: for share.
    let mut in_flight = pool.begin().await.unwrap();
    game_locked(&mut in_flight, game_id, RowLock::Share).await.unwrap().unwrap();
    let path = orders_path(game_id);
    let other_seat = players[1].post(&path, &[("phase", "0"), ("text", "F lon - nth")]);
    let answer = tokio::time::timeout(std::time::Duration::from_secs(10), other_seat)
        .await
        .expect("another seat's save does not wait for the first");
    answer.assert_redirect_to(&format!("{path}?done=saved&orders=1"));

    // The worker comes after the deadline (a clock read, not an update, which would wait for the save).
    let deadline: chrono::DateTime<Utc> = sqlx::query_scalar("select deadline_at from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let now = deadline + Duration::seconds(1);
    let mut worker = pool.begin().await.unwrap();
    assert_eq!(claim_due_game(&mut worker, now).await.unwrap(), None, "no phase is processed mid-save");
    worker.rollback().await.unwrap();
    in_flight.commit().await.unwrap();
    let mut worker = pool.begin().await.unwrap();
    assert_eq!(claim_due_game(&mut worker, now).await.unwrap(), Some(game_id), "once the save ends, it is");
}

// Two saves of one seat (two tabs, a bot) apply one after the other: each locks the seat's sheet as it
// reads it, so neither writes over lines the other added.
#[sqlx::test(migrations = "../../migrations")]
async fn two_saves_of_one_seat_apply_one_after_the_other_and_both_lines_are_kept(pool: PgPool) {
    use crate::games::queries::RowLock;

    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Two tabs").await;
    let seat_id: crate::ids::SeatId = sqlx::query_scalar(
        "select s.seat_id from seat s join account a using (account_id) where s.game_id = $1 and a.username = 'player0'",
    )
    .bind(game_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    let path = orders_path(game_id);
    // The first save has read the sheet (and taken its lock) and is about to add a line.
    let mut first = pool.begin().await.unwrap();
    crate::games::queries::game_locked(&mut first, game_id, RowLock::Share).await.unwrap().unwrap();
    let read = crate::orders::queries::seat_in_open_phase(&mut first, game_id, seat_id, true).await.unwrap();
    assert_eq!(read.and_then(|in_phase| in_phase.sheet).map(|sheet| sheet.orders), Some(String::new()));
    let mut second = Box::pin(players[0].post(&path, &[("phase", "0"), ("intent", "add"), ("text", "A vie - gal")]));
    let waited = tokio::time::timeout(std::time::Duration::from_millis(300), &mut second).await;
    assert!(waited.is_err(), "the second save waits for the first");
    crate::orders::queries::save_orders(&mut first, game_id, 0, seat_id, "F tri - adr").await.unwrap();
    first.commit().await.unwrap();
    second.await.assert_redirect_to(&format!("{path}?done=added&orders=1"));
    let sheet: String = sqlx::query_scalar("select orders from seat_order where seat_id = $1 and phase_index = 0")
        .bind(seat_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(sheet.lines().collect::<Vec<_>>(), ["F tri - adr", "A vie - gal"]);
}
