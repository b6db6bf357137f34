//! The OpenAPI document says what the API does: every operation of the served document is called with
//! and without a token (and with a bad one), with good, missing, malformed and wrongly typed bodies
//! and ids, and each answer's status and content type must be ones the document declares for that
//! operation, with the rate-limit headers. The Rust stand-in for a Schemathesis run, in the test suite.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::PgPool;

use super::tests::{Answer, api_app, call, send, token_of};
use crate::test_support::{started_game, table};

/// One operation of the document.
struct Operation {
    method: String,
    path: String,
    spec: Value,
}

fn operations(document: &Value) -> Vec<Operation> {
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in ["get", "post", "put", "delete", "patch"] {
            if item[method].is_object() {
                operations.push(Operation {
                    method: method.to_uppercase(),
                    path: path.clone(),
                    spec: item[method].clone(),
                });
            }
        }
    }
    operations
}

/// The path with its parameters filled in: `{game_id}` with `game`, every other id with `other`.
fn filled(path: &str, game: &str, other: &str) -> String {
    let mut filled = String::new();
    for segment in path.split('/').filter(|segment| !segment.is_empty()) {
        filled.push('/');
        filled.push_str(match segment {
            "{game_id}" => game,
            _ if segment.starts_with('{') => other,
            _ => segment,
        });
    }
    filled
}

/// The example of the operation's request body, resolved through `$ref`, or `{}`.
fn example_body(document: &Value, spec: &Value) -> Value {
    let schema = &spec["requestBody"]["content"]["application/json"]["schema"];
    let schema = match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            &document["components"]["schemas"][name]
        }
        None => schema,
    };
    schema.get("example").cloned().unwrap_or_else(|| json!({}))
}

/// Asserts the answer is one the operation documents: its status, its content type, the headers.
#[track_caller]
fn assert_documented(operation: &Operation, request: &str, answer: &Answer) {
    let what =
        format!("{} {} ({request}) answered {}: {}", operation.method, operation.path, answer.status, answer.text);
    let responses = &operation.spec["responses"];
    let documented = &responses[answer.status.as_str()];
    assert!(documented.is_object(), "undocumented status: {what}");
    match documented["content"].as_object() {
        Some(content) => {
            let media = answer.content_type.split(';').next().unwrap_or_default().trim();
            assert!(content.contains_key(media), "undocumented content type {media:?}: {what}");
        }
        None => assert!(answer.text.is_empty(), "a body where none is documented: {what}"),
    }
    if answer.status.is_client_error() {
        assert_eq!(answer.content_type, "application/problem+json", "{what}");
    }
    assert!(answer.rate_limit.is_some() && answer.rate_limit_policy.is_some(), "no RateLimit headers: {what}");
}

/// One request with a raw body and content type.
async fn raw(app: &Router, method: &str, path: &str, token: Option<&str>, content_type: &str, body: &str) -> Answer {
    let mut request = Request::builder().method(method).uri(format!("/api/v1{path}"));
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let request = request.header(header::CONTENT_TYPE, content_type).body(Body::from(body.to_owned()));
    send(app, request.expect("a request")).await
}

/// Every way the walk calls one operation, as (what, answer).
async fn calls(
    app: &Router,
    document: &Value,
    operation: &Operation,
    path: &str,
    token: Option<&str>,
) -> Vec<(String, Answer)> {
    let method = operation.method.as_str();
    let mut answers = Vec::new();
    let takes_body = operation.spec["requestBody"].is_object();
    if takes_body {
        let example = example_body(document, &operation.spec);
        answers.push(("the example".to_owned(), call(app, method, path, token, Some(example)).await));
        answers.push(("{}".to_owned(), call(app, method, path, token, Some(json!({}))).await));
        answers.push(("an array".to_owned(), call(app, method, path, token, Some(json!([1, "x"]))).await));
        answers
            .push(("broken JSON".to_owned(), raw(app, method, path, token, "application/json", "{\"phase\":").await));
        answers.push(("text".to_owned(), raw(app, method, path, token, "text/plain", "hello").await));
        let huge = format!("{{\"text\": \"{}\"}}", "x".repeat(100 * 1024));
        answers.push(("a huge body".to_owned(), raw(app, method, path, token, "application/json", &huge).await));
    }
    answers.push(("no body".to_owned(), call(app, method, path, token, None).await));
    if method == "GET" {
        let query = format!("{path}?show=nowhere&kind=chess&limit=0&before=zzz&invite=%00");
        answers.push(("a bad query".to_owned(), call(app, method, &query, token, None).await));
    }
    answers
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_operation_answers_only_what_the_document_declares_with_and_without_a_token(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Walked").await;
    let app = api_app(&pool, 100_000);
    let player = token_of(&pool, "player0").await;
    let outsider = {
        crate::test_support::account(&pool, "outsider", false).await;
        token_of(&pool, "outsider").await
    };
    let document = call(&app, "GET", "/openapi.json", None, None).await.ok().clone();
    let operations = operations(&document);
    assert!(operations.len() >= 19, "{} operations", operations.len());
    let game = game_id.to_string();
    let tokens = [None, Some(player.as_str()), Some(outsider.as_str()), Some("bc_not_a_token")];
    for operation in &operations {
        let paths = [
            filled(&operation.path, &game, "0"),
            filled(&operation.path, "999999", "1"),
            filled(&operation.path, "x", "-1"),
        ];
        for path in &paths {
            for token in tokens {
                for (what, answer) in calls(&app, &document, operation, path, token).await {
                    assert!(!answer.status.is_server_error(), "{} {path}: {}", operation.method, answer.text);
                    assert_documented(operation, &format!("{path}, {what}, token {token:?}"), &answer);
                }
            }
        }
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_operation_documents_its_429_and_the_rate_limit_headers_count_down(pool: PgPool) {
    crate::test_support::account(&pool, "hasty", false).await;
    let app = api_app(&pool, 2);
    let token = token_of(&pool, "hasty").await;
    let first = call(&app, "GET", "/games", Some(&token), None).await;
    assert_eq!(first.rate_limit_policy.as_deref(), Some("\"per-minute\";q=2;w=60"));
    assert!(
        first.rate_limit.as_deref().is_some_and(|now| now.starts_with("\"per-minute\";r=1;t=")),
        "{:?}",
        first.rate_limit
    );
    call(&app, "GET", "/games", Some(&token), None).await.ok();
    let document = call(&app, "GET", "/openapi.json", None, None).await.ok().clone();
    for operation in operations(&document) {
        let path = filled(&operation.path, "1", "1");
        let answer = call(&app, &operation.method, &path, Some(&token), None).await;
        assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS, "{} {path}", operation.method);
        assert!(answer.retry_after.is_some());
        assert_documented(&operation, "over the limit", &answer);
        assert!(answer.rate_limit.as_deref().is_some_and(|now| now.starts_with("\"per-minute\";r=0;")));
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_document_declares_problems_enums_examples_and_the_optional_token_on_reads(pool: PgPool) {
    let app = api_app(&pool, 100);
    let document = call(&app, "GET", "/openapi.json", None, None).await.ok().clone();
    for operation in operations(&document) {
        let what = format!("{} {}", operation.method, operation.path);
        for (status, response) in operation.spec["responses"].as_object().expect("responses") {
            if status.starts_with('4') || status.starts_with('5') {
                assert!(response["content"]["application/problem+json"].is_object(), "{what} {status}");
                assert!(response["content"].get("application/json").is_none(), "{what} {status}");
            }
        }
        for status in ["400", "401", "429"] {
            assert!(operation.spec["responses"][status].is_object(), "{what} lacks {status}");
        }
        if operation.spec["requestBody"].is_object() {
            for status in ["413", "415", "422"] {
                assert!(operation.spec["responses"][status].is_object(), "{what} lacks {status}");
            }
        }
        let security = operation.spec["security"].as_array().expect("security on every operation");
        assert!(security.iter().any(|requirement| requirement.get("token").is_some()), "{what}");
        if operation.method == "GET" && operation.path != "/me/games" && !operation.path.ends_with("/me") {
            assert!(security.iter().any(|requirement| requirement == &json!({})), "{what}: the token is optional");
        }
    }
    let schemas = &document["components"]["schemas"];
    assert!(schemas["KindSlug"]["enum"].as_array().is_some_and(|kinds| kinds.contains(&json!("diplobucks"))));
    assert_eq!(schemas["GameLine"]["properties"]["kind"]["$ref"], "#/components/schemas/KindSlug");
    assert_eq!(schemas["SeatStateSlug"]["enum"][0], "forming");
    assert!(schemas["Position"]["properties"]["units"].is_object(), "the position is typed");
    assert!(schemas["NewGameRequest"]["example"].is_object());
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_phase_written_as_a_whole_float_is_the_integer_the_document_allows(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Floats").await;
    let app = api_app(&pool, 10_000);
    let token = token_of(&pool, "player5").await;
    let body = json!({"phase": 0.0, "text": "A mos - ukr"});
    let answer = call(&app, "PUT", &format!("/games/{game_id}/orders"), Some(&token), Some(body)).await;
    assert_eq!(answer.ok()["orders"][0]["text"], "A mos - ukr");
    let half = json!({"phase": 0.5, "text": "A mos - ukr"});
    let answer = call(&app, "PUT", &format!("/games/{game_id}/orders"), Some(&token), Some(half)).await;
    answer.problem(StatusCode::UNPROCESSABLE_ENTITY);
}
