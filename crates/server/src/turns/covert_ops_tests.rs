//! Covert Operations on the site: a game of players without powers, created with the GM's number of
//! players, joined without choosing a power, numbered `Player 1`, `Player 2`, … in join order, ordered
//! through the order page and processed by the turn worker, each player's report kept to that player.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, create_game, game_form, process_phase, table};

/// A Covert Operations game of `players.len()` players, created by `gm`; it starts when the last joins.
async fn started_covert_operations(gm: &mut Client, players: &mut [Client]) -> GameId {
    let count = players.len().to_string();
    let game_id = create_game(gm, "Shadows", &[("kind", "covert_operations"), ("players", &count)]).await;
    for player in players.iter_mut() {
        player.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    game_id
}

/// The map's tooltip of one country: `GER Germany: ...` up to its closing `</title>`.
fn country_title<'a>(body: &'a str, country: &str) -> &'a str {
    let start =
        body.find(&format!("<title>{country}")).unwrap_or_else(|| panic!("no tooltip for {country} in:\n{body}"));
    let title = &body[start + "<title>".len()..];
    &title[..title.find("</title>").expect("the tooltip is closed")]
}

async fn save_orders(player: &mut Client, game_id: GameId, phase: i32, text: &str) {
    player
        .submit(&format!("/games/{game_id}/orders"), &[("phase", phase.to_string().as_str()), ("text", text)])
        .await
        .assert_status(StatusCode::OK)
        .assert_lacks("Refused lines");
}

#[sqlx::test(migrations = "../../migrations")]
async fn players_join_without_a_power_and_are_numbered_in_join_order_when_the_game_starts(pool: PgPool) {
    let (mut gm, mut table_players) = table(&pool, "").await;
    let players = &mut table_players[..3];
    let game_id = create_game(&mut gm, "Shadows", &[("kind", "covert_operations"), ("players", "3")]).await;
    gm.get(&format!("/games/{game_id}")).await.assert_status(StatusCode::OK).assert_lacks("join-power");
    let refused = players[0].post(&format!("/games/{game_id}/join"), &[("power", "france")]).await;
    refused.assert_status(StatusCode::BAD_REQUEST).assert_contains("Powers in this game are not chosen by players.");
    for player in players.iter_mut() {
        player.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    for (index, player) in players.iter_mut().enumerate() {
        let page = player.get(&format!("/games/{game_id}/orders")).await;
        page.assert_status(StatusCode::OK)
            .assert_contains(&format!("<strong id=\"seat-title\">Player {}</strong>", index + 1))
            .assert_contains("Day 1")
            .assert_contains("Your cash")
            .assert_contains("Move your superspy to")
            .assert_contains("B,FRA,5")
            .assert_lacks("id=\"board\"");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_chooses_two_to_thirty_players_and_can_change_it_until_the_start(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    gm.get("/games/new").await.assert_contains("Players (Covert Operations: 2 to 30 only)");
    let too_many = gm.post("/games", &game_form("Crowd", &[("kind", "covert_operations"), ("players", "31")])).await;
    too_many.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("Choose from 2 to 30 players.");
    let game_id = create_game(&mut gm, "Shadows", &[("kind", "covert_operations"), ("players", "4")]).await;
    gm.get("/games").await.assert_contains("0/4");
    players[0].post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    players[1].post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let settings = format!("/games/{game_id}/admin/settings");
    let below = gm.post(&settings, &game_form("Shadows", &[("players", "1")])).await;
    below.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("Choose from 2 to 30 players.");
    gm.post(&settings, &game_form("Shadows", &[("players", "3")])).await.assert_status(StatusCode::SEE_OTHER);
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("value=\"3\"");
    players[2].post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let running = players[2].get(&format!("/games/{game_id}/orders")).await;
    running.assert_status(StatusCode::OK).assert_contains("Player 3");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_covert_operations_game_is_anonymous_so_positions_stay_secret(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_covert_operations(&mut gm, &mut players[..2]).await;
    let mut observer = Client::new(pool.clone());
    let page = observer.get(&format!("/games/{game_id}")).await;
    page.assert_status(StatusCode::OK).assert_lacks("player0 display").assert_lacks("player1 display");
    players[1].get(&format!("/games/{game_id}")).await.assert_lacks("player0 display");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_day_is_processed_by_the_worker_and_each_report_reaches_its_player_alone(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_covert_operations(&mut gm, &mut players[..3]).await;
    save_orders(&mut players[0], game_id, 0, "B,MEX,5\nS,GER,2\nEMAIL,hidden@example.org").await;
    save_orders(&mut players[1], game_id, 0, "G,ITA,1").await;
    players[1].get(&format!("/games/{game_id}/orders")).await.assert_lacks("B,MEX,5").assert_lacks("hidden@");
    process_phase(&pool, game_id).await;

    let results = format!("/games/{game_id}/phases/0");
    let own = players[0].get(&results).await;
    own.assert_status(StatusCode::OK)
        .assert_contains("Only for you")
        .assert_contains("your influence there is now 5")
        .assert_contains("Your spy in Germany (GER) has value 9.")
        .assert_contains("A quiet day");
    let mut observer = Client::new(pool.clone());
    let public = observer.get(&results).await;
    public.assert_status(StatusCode::OK).assert_contains("A quiet day").assert_contains("No orders were published.");
    for page in [public, players[1].get(&results).await, players[2].get(&results).await] {
        page.assert_lacks("B,MEX,5")
            .assert_lacks("Your spy in")
            .assert_lacks("hidden@example.org")
            .assert_lacks("$19 million");
    }
    let orders = players[0].get(&format!("/games/{game_id}/orders")).await;
    orders.assert_contains("Day 2").assert_contains("Troops of Mexico (MEX)");
    observer
        .get(&format!("/games/{game_id}/phases"))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Every phase");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_resignation_leaves_the_last_player_the_winner_and_the_game_ends(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_covert_operations(&mut gm, &mut players[..2]).await;
    save_orders(&mut players[1], game_id, 0, "RESIGN").await;
    process_phase(&pool, game_id).await;
    let page = gm.get(&format!("/games/{game_id}")).await;
    page.assert_status(StatusCode::OK).assert_contains("Player 1 wins as the last player left in the game.");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_world_map_is_on_the_game_results_and_order_pages_each_as_its_viewer_may_know_it(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_covert_operations(&mut gm, &mut players[..2]).await;
    save_orders(&mut players[0], game_id, 0, "B,MEX,5\nS,GER,2").await;
    process_phase(&pool, game_id).await;
    let mut observer = Client::new(pool.clone());
    let own_pages = [
        players[0].get(&format!("/games/{game_id}")).await,
        players[0].get(&format!("/games/{game_id}/phases/0")).await,
        players[0].get(&format!("/games/{game_id}/orders")).await,
    ];
    for page in own_pages {
        page.assert_status(StatusCode::OK)
            .assert_contains("id=\"world-map\"")
            .assert_contains("data-country=\"SAF\"")
            .assert_contains("MEX Mexico: led by you; your influence 5");
        // The seed may start Player 1's superspy in Germany, which then also tells who leads it.
        let germany = country_title(&page.body, "GER Germany");
        assert!(germany.contains("your spy, value 9"), "Germany's tooltip: {germany:?}");
    }
    for page in [
        observer.get(&format!("/games/{game_id}")).await,
        observer.get(&format!("/games/{game_id}/phases/0")).await,
        players[1].get(&format!("/games/{game_id}")).await,
        players[1].get(&format!("/games/{game_id}/phases/0")).await,
        players[1].get(&format!("/games/{game_id}/orders")).await,
    ] {
        // Player 2 may know who leads Mexico if his superspy starts there (the seed places it), never
        // how much influence Player 1 has there, nor Player 1's spy.
        page.assert_status(StatusCode::OK)
            .assert_contains("id=\"world-map\"")
            .assert_contains("data-country=\"MEX\"")
            .assert_lacks("MEX Mexico: led by you")
            .assert_lacks("your influence 5")
            .assert_lacks("your spy, value 9")
            .assert_lacks("Player 1 leads");
    }
    for path in [format!("/games/{game_id}"), format!("/games/{game_id}/phases/0")] {
        observer.get(&path).await.assert_lacks("MEX Mexico: led");
    }
    observer.get(&format!("/games/{game_id}")).await.assert_contains("id=\"world-known-none\"");
    let orders = players[0].get(&format!("/games/{game_id}/orders")).await;
    orders
        .assert_contains("<script src=\"/static/js/world-map.js\" defer></script>")
        .assert_contains("id=\"world-map-status\"");
    observer.get(&format!("/games/{game_id}")).await.assert_lacks("world-map.js");
    let script = observer.get("/static/js/world-map.js").await;
    script.assert_status(StatusCode::OK).assert_contains("data-country");
}

// See: issue 17: a Covert Operations game has days only, and no powers to choose.
#[sqlx::test(migrations = "../../migrations")]
async fn a_covert_operations_game_lists_only_the_settings_it_uses_and_its_first_results_are_day_1(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_covert_operations(&mut gm, &mut players[..2]).await;
    let page = gm.get(&format!("/games/{game_id}")).await;
    page.assert_status(StatusCode::OK)
        .assert_contains("Each day lasts")
        .assert_contains("Player 1, Player 2, … in the order players join")
        .assert_lacks("retreats")
        .assert_lacks("adjustments")
        .assert_lacks("Players choose when joining");
    process_phase(&pool, game_id).await;
    let results = gm.get(&format!("/games/{game_id}/phases/0")).await;
    results.assert_contains("<dt>Day</dt><dd>1</dd>").assert_lacks("Days played");
}
