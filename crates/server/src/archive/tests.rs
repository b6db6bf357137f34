//! The archive: every lobby tab paged by keyset without gaps or repeats, and the search of finished
//! games, which never finds a player of a game that hides its players.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::{AccountId, GameId};
use crate::test_support::{Client, account};

/// Inserts `count` finished public Standard games named `<prefix> <n>`, created a minute apart (some
/// at the same instant, so the id must break ties), won by France; returns their ids.
async fn finished_games(pool: &PgPool, gm: AccountId, prefix: &str, count: i64) -> Vec<GameId> {
    sqlx::query_scalar(
        "insert into game (kind, name, gm_account_id, status, invite_code, seat_count, rng_seed, created_at,
                           started_at, finished_at, result_summary)
         select 'standard', $2 || ' ' || n, $1, 'finished', md5(random()::text || n), 7, n,
                timestamptz '2026-01-01' + (n / 2) * interval '1 minute', timestamptz '2026-01-01',
                timestamptz '2026-02-01', 'France wins'
         from generate_series(1, $3) n
         returning game_id",
    )
    .bind(gm)
    .bind(prefix)
    .bind(count)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The ids of the games a list page links to, in order.
fn listed_games(body: &str) -> Vec<i64> {
    let start = body.find("<tbody>").map_or(body.len(), |at| at);
    let end = body[start..].find("</tbody>").map_or(body.len(), |at| start + at);
    body[start..end]
        .split("<td><a href=\"/games/")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
        .collect()
}

fn older_link(body: &str) -> Option<String> {
    let at = body.find("id=\"older-page\"")?;
    let href = body[..at].rfind("href=\"")? + 6;
    Some(body[href..body[href..].find('"')? + href].replace("&#38;", "&").replace("&amp;", "&"))
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_lobby_tab_pages_through_every_game_newest_first_without_gaps_or_repeats(pool: PgPool) {
    let gm = account(&pool, "pager", false).await;
    let mut ids = finished_games(&pool, gm, "Old game", 120).await;
    let mut client = Client::new(pool.clone());
    let mut seen = Vec::new();
    let mut path = Some("/games?show=finished".to_owned());
    let mut pages = 0;
    while let Some(next) = path {
        let page = client.get(&next).await;
        page.assert_status(StatusCode::OK);
        seen.extend(listed_games(&page.body));
        path = older_link(&page.body);
        pages += 1;
        assert!(pages <= 3, "a fourth page, {path:?}, after {} games", seen.len());
    }
    assert_eq!(pages, 3, "120 games at 50 a page");
    // Newest first: later creation first, and the higher id first among games created together.
    ids.sort_by_key(|id| std::cmp::Reverse(((id.0 + 1) / 2, id.0)));
    let expected: Vec<i64> = ids.iter().map(|id| id.0).collect();
    assert_eq!(seen, expected);
    client.get("/games?show=finished&before=nonsense").await.assert_error_page(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_archive_finds_finished_games_by_name_kind_and_result_and_links_their_results(pool: PgPool) {
    let gm = account(&pool, "archivist", false).await;
    finished_games(&pool, gm, "Spring fling", 3).await;
    let draws = finished_games(&pool, gm, "Autumn 100% war_game", 2).await;
    sqlx::query("update game set result_summary = 'Draw between England and Russia', kind = 'diplobucks' where game_id = any($1)")
        .bind(draws.iter().map(|id| id.0).collect::<Vec<_>>())
        .execute(&pool)
        .await
        .unwrap();
    let mut client = Client::new(pool.clone());
    let by_name = client.get("/games/archive?name=FLING").await;
    assert_eq!(listed_games(&by_name.body).len(), 3);
    by_name.assert_contains("/phases\" class=\"results-link\"");
    // `%` and `_` are taken literally.
    assert_eq!(listed_games(&client.get("/games/archive?name=100%25+war_").await.body).len(), 2);
    assert_eq!(listed_games(&client.get("/games/archive?name=1%25").await.body).len(), 0);
    assert_eq!(listed_games(&client.get("/games/archive?winner=russia").await.body).len(), 2);
    assert_eq!(listed_games(&client.get("/games/archive?kind=diplobucks&winner=france").await.body).len(), 0);
    assert_eq!(listed_games(&client.get("/games/archive?kind=standard").await.body).len(), 3);
    client.get("/games/archive?kind=chess").await.assert_error_page(StatusCode::BAD_REQUEST);
    client.get(&format!("/games/archive?name={}", "x".repeat(101))).await.assert_error_page(StatusCode::BAD_REQUEST);
    client.get("/games/archive?before=1.2.3").await.assert_error_page(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_player_is_found_only_in_games_that_show_their_players(pool: PgPool) {
    let gm = account(&pool, "host", false).await;
    let player = account(&pool, "wanda", false).await;
    let games = finished_games(&pool, gm, "Seated", 5).await;
    // Game 0 shows its players; the others hide them, each in its own way.
    let hiding = [
        "anonymous = true",
        "press = 'none'",
        "kind = 'cabinet_diplomacy'",
        "kind = 'covert_operations', anonymous = true",
    ];
    for (game, change) in games[1..].iter().zip(hiding) {
        sqlx::query(&format!("update game set {change} where game_id = $1")).bind(game).execute(&pool).await.unwrap();
    }
    for game in &games {
        sqlx::query("insert into seat (game_id, account_id, role) values ($1, $2, 'player')")
            .bind(game)
            .bind(player)
            .execute(&pool)
            .await
            .unwrap();
    }
    let mut client = Client::new(pool.clone());
    for name in ["wanda", "WANDA", "wanda display"] {
        let found = listed_games(&client.get(&format!("/games/archive?player={}", name.replace(' ', "+"))).await.body);
        assert_eq!(found, vec![games[0].0], "searching for {name:?}");
    }
    let nobody = client.get("/games/archive?player=nobody").await;
    nobody.assert_status(StatusCode::OK).assert_contains("id=\"archive-empty\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_search_matching_many_games_pages_through_all_of_them_in_order(pool: PgPool) {
    let gm = account(&pool, "many", false).await;
    let mut ids = finished_games(&pool, gm, "Common name", 120).await;
    finished_games(&pool, gm, "Other", 30).await;
    let mut client = Client::new(pool.clone());
    let mut seen = Vec::new();
    let mut path = Some("/games/archive?name=common".to_owned());
    while let Some(next) = path {
        let page = client.get(&next).await;
        page.assert_status(StatusCode::OK);
        seen.extend(listed_games(&page.body));
        path = older_link(&page.body);
        assert!(seen.len() <= 120, "more games than match");
    }
    ids.sort_by_key(|id| std::cmp::Reverse(((id.0 + 1) / 2, id.0)));
    assert_eq!(seen, ids.iter().map(|id| id.0).collect::<Vec<_>>());
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_cursor_before_postgresql_s_earliest_date_is_a_400_on_the_lobby_and_the_archive(pool: PgPool) {
    let mut client = Client::new(pool);
    for path in ["/games/archive?before=-300000000000000000.1", "/games?before=-300000000000000000.1"] {
        client.get(path).await.assert_error_page(StatusCode::BAD_REQUEST);
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn text_searches_of_the_archive_are_throttled_per_address_and_browsing_is_not(pool: PgPool) {
    let mut client = Client::new(pool);
    let underscores = "_".repeat(100);
    for _ in 0..super::pages::MAX_SEARCHES_PER_ADDRESS {
        client.get(&format!("/games/archive?name={underscores}")).await.assert_status(StatusCode::OK);
    }
    client.get(&format!("/games/archive?name={underscores}")).await.assert_error_page(StatusCode::TOO_MANY_REQUESTS);
    client.get("/games/archive").await.assert_status(StatusCode::OK);
}
