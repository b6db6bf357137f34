//! The how-to-play pages: one per kind, open to everyone, each with its orders, examples, secrets and
//! phase end; an unknown kind is a 404.

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::test_support::Client;

#[sqlx::test(migrations = "../../migrations")]
async fn every_kind_has_a_how_to_play_page_open_to_a_visitor_and_the_list_links_each(pool: PgPool) {
    let mut visitor = Client::new(pool);
    let list = visitor.get("/how-to-play").await;
    list.assert_status(StatusCode::OK);
    for kind in kinds::Kind::ALL {
        list.assert_contains(&format!("href=\"/how-to-play/{}\"", kind.slug()));
        let page = visitor.get(&format!("/how-to-play/{}", kind.slug())).await;
        page.assert_status(StatusCode::OK)
            .assert_contains(&format!("How to play {}", kind.name()))
            .assert_contains("id=\"guide-examples\"")
            .assert_contains("What stays secret")
            .assert_contains("How a phase ends");
    }
    visitor
        .get("/how-to-play/standard")
        .await
        .assert_contains("Army Vienna moves to Galicia")
        .assert_contains("<code>A vie - gal</code>");
    visitor.get("/how-to-play/chess").await.assert_error_page(StatusCode::NOT_FOUND);
}
