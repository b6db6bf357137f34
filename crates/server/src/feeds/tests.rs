//! Feed tests: valid Atom read back with a real XML parser, the same access as the pages, and nothing
//! but public facts whoever asks.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::test_support::{
    Client, assert_lacks_any_case, create_game, logged_in, process_phase, started_game_with, table,
};

const ATOM: &str = "http://www.w3.org/2005/Atom";

/// The first child element of `node` named `name` in the Atom namespace.
fn child<'a, 'input>(node: roxmltree::Node<'a, 'input>, name: &str) -> Option<roxmltree::Node<'a, 'input>> {
    node.children().find(|child| child.tag_name().name() == name && child.tag_name().namespace() == Some(ATOM))
}

/// The feed's entries as (id, title, alternate link, content), after checking what Atom requires of
/// the feed and of each entry.
fn read_atom(xml: &str) -> Vec<(String, String, String, String)> {
    let document = roxmltree::Document::parse(xml).expect("a well-formed XML document");
    let feed = document.root_element();
    assert_eq!((feed.tag_name().namespace(), feed.tag_name().name()), (Some(ATOM), "feed"));
    for required in ["id", "title", "updated", "author"] {
        assert!(child(feed, required).is_some(), "the feed has no <{required}>");
    }
    let updated = child(feed, "updated").unwrap().text().unwrap();
    chrono::DateTime::parse_from_rfc3339(updated).expect("an RFC 3339 <updated>");
    feed.children()
        .filter(|node| node.tag_name().name() == "entry")
        .map(|entry| {
            let text = |name| child(entry, name).and_then(|node| node.text()).unwrap_or_default().to_owned();
            chrono::DateTime::parse_from_rfc3339(&text("updated")).expect("an entry with an RFC 3339 <updated>");
            let link = entry
                .children()
                .find(|node| node.tag_name().name() == "link" && node.attribute("rel") == Some("alternate"))
                .and_then(|node| node.attribute("href"))
                .expect("an entry with an alternate link")
                .to_owned();
            (text("id"), text("title"), link, text("content"))
        })
        .collect()
}

async fn feed_of(client: &mut Client, path: &str) -> String {
    let page = client.get(path).await;
    page.assert_status(StatusCode::OK);
    page.body.clone()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_feed_has_an_entry_per_processed_phase_with_its_public_results_and_public_press_only(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "feed").await;
    let game_id = started_game_with(&mut gm, &mut players, "Feed game", &[]).await;
    let england: crate::ids::SeatId =
        sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power = 'england'")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    let england = england.to_string();
    players[0].post(&format!("/games/{game_id}/press"), &[("to", "public"), ("body", "Austria wants peace")]).await;
    players[0].post(&format!("/games/{game_id}/press"), &[("to", &england), ("body", "Secret plan Zeppelin")]).await;
    let stored: i64 = sqlx::query_scalar("select count(*) from press_message where body like '%Zeppelin%'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stored, 1, "the private message was not sent, so the test would prove nothing");
    players[0]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "0"), ("text", "A vie - gal\nF tri - alb")])
        .await
        .assert_contains("Saved 2 orders");
    let mut observer = Client::new(pool.clone());
    let before = read_atom(&feed_of(&mut observer, &format!("/games/{game_id}/feed.atom")).await);
    assert!(before.is_empty(), "an entry before any phase was processed: {before:?}");

    process_phase(&pool, game_id).await;
    // Orders saved for the new phase are nobody's business until it is processed.
    players[1]
        .submit(&format!("/games/{game_id}/orders"), &[("phase", "1"), ("text", "F lon - nth")])
        .await
        .assert_contains("Saved 1 order");
    let xml = feed_of(&mut observer, &format!("/games/{game_id}/feed.atom")).await;
    let entries = read_atom(&xml);
    assert_eq!(entries.len(), 1, "{entries:?}");
    let (id, title, link, content) = &entries[0];
    assert!(id.starts_with("tag:"), "{id}");
    assert_eq!(title, "Feed game: Spring 1901 Movement");
    assert_eq!(link, &format!("/games/{game_id}/phases/0"));
    assert!(content.contains("A vie - gal") || content.contains("Vienna"), "{content}");
    assert!(content.contains("Austria wants peace"), "{content}");
    assert_lacks_any_case(&xml, &["Zeppelin", "F lon - nth"]);
    // A player of the game gets the same feed as the observer: no seat's view in a feed.
    let as_player = feed_of(&mut players[0], &format!("/games/{game_id}/feed.atom")).await;
    assert_eq!(read_atom(&as_player), entries);
    // The results page it links to exists, and the game page links the feed both ways.
    observer.get(link).await.assert_status(StatusCode::OK);
    observer
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains(&format!("rel=\"alternate\" type=\"application/atom+xml\" title=\"Feed game: results\" href=\"/games/{game_id}/feed.atom\""))
        .assert_contains("id=\"game-feed\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_private_games_feed_needs_its_invite_code_and_its_links_carry_it(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "hidden").await;
    let game_id = started_game_with(&mut gm, &mut players, "Hidden game", &[]).await;
    // Made private once its players are in (joining a private game takes the invite link).
    sqlx::query("update game set is_public = false where game_id = $1").bind(game_id).execute(&pool).await.unwrap();
    let invite: String = sqlx::query_scalar("select invite_code from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    process_phase(&pool, game_id).await;
    let mut stranger = Client::new(pool.clone());
    stranger.get(&format!("/games/{game_id}/feed.atom")).await.assert_error_page(StatusCode::NOT_FOUND);
    stranger.get(&format!("/games/{game_id}/feed.atom?invite=wrong")).await.assert_error_page(StatusCode::NOT_FOUND);
    let entries = read_atom(&feed_of(&mut stranger, &format!("/games/{game_id}/feed.atom?invite={invite}")).await);
    assert_eq!(entries[0].2, format!("/games/{game_id}/phases/0?invite={invite}"));
    // The lobby feed never names a private game.
    let lobby = feed_of(&mut stranger, "/games/feed.atom").await;
    read_atom(&lobby);
    assert!(!lobby.contains("Hidden game"), "{lobby}");
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_anonymous_games_feed_names_no_player_even_in_public_press(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "masked").await;
    let game_id = started_game_with(&mut gm, &mut players, "Masked game", &[("anonymous", "on")]).await;
    players[3].post(&format!("/games/{game_id}/press"), &[("to", "public"), ("body", "Guess who I am")]).await;
    process_phase(&pool, game_id).await;
    let xml = feed_of(&mut gm, &format!("/games/{game_id}/feed.atom")).await;
    assert!(xml.contains("Guess who I am"), "{xml}");
    assert_lacks_any_case(&xml, &["maskedplayer", "display"]);
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_lobby_feed_lists_new_and_finished_public_games_and_bad_ids_get_404(pool: PgPool) {
    let mut gm = logged_in(&pool, "lobbygm").await;
    let open = create_game(&mut gm, "Open <game> & co", &[]).await;
    let ended = create_game(&mut gm, "Ended game", &[]).await;
    sqlx::query(
        "update game set status = 'finished', finished_at = now() + interval '1 minute',
                result_summary = 'France wins' where game_id = $1",
    )
    .bind(ended)
    .execute(&pool)
    .await
    .unwrap();
    let mut visitor = Client::new(pool.clone());
    let page = visitor.get("/games/feed.atom").await;
    page.assert_status(StatusCode::OK);
    let entries = read_atom(&page.body);
    let titles: Vec<&str> = entries.iter().map(|entry| entry.1.as_str()).collect();
    assert_eq!(titles[0], "Ended game is over: France wins", "{titles:?}");
    assert!(titles.contains(&"New game: Open <game> & co"), "{titles:?}");
    assert!(entries.iter().any(|entry| entry.2 == format!("/games/{open}")));
    assert!(entries.iter().any(|entry| entry.2 == format!("/games/{ended}/phases")));
    visitor.get("/games").await.assert_contains("href=\"/games/feed.atom\"").assert_contains("id=\"lobby-feed\"");
    visitor.get("/games/nonsense/feed.atom").await.assert_error_page(StatusCode::NOT_FOUND);
    visitor.get("/games/999999/feed.atom").await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_game_named_with_a_noncharacter_leaves_the_lobby_feed_valid_for_every_reader(pool: PgPool) {
    let mut gm = logged_in(&pool, "breaker").await;
    create_game(&mut gm, "Feed breaker \u{FFFF} end", &[]).await;
    create_game(&mut gm, "Feed breaker \u{FDD0}\u{10FFFE} too", &[]).await;
    let mut visitor = Client::new(pool.clone());
    let entries = read_atom(&feed_of(&mut visitor, "/games/feed.atom").await);
    let titles: Vec<&str> = entries.iter().map(|entry| entry.1.as_str()).collect();
    assert!(titles.contains(&"New game: Feed breaker  end"), "{titles:?}");
    assert!(titles.contains(&"New game: Feed breaker  too"), "{titles:?}");
}
