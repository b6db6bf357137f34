//! The JSON API under `/api/v1/`, for bots and apps: the games, phases, orders and press a person may
//! see and act on through the pages, answered as JSON through the pages' own loading, visibility and
//! checking code. Personal tokens (`Authorization: Bearer`) authenticate; cookies are never read, so
//! the API sits outside the session and CSRF layers. Errors are `application/problem+json`.
//!
//! The OpenAPI 3 document (`/api/v1/openapi.json`) is generated from the handlers' annotations by
//! utoipa, and the routes are registered through the same `OpenApiRouter`, so the document lists
//! exactly the routes served; `document.rs` then adds what every operation shares (its problems as
//! `application/problem+json`, the rate-limit headers, the optional token on reads) so no handler can
//! forget it, and `document_tests.rs` calls every operation to hold the document to the answers.
//! `/api/v1/docs` lists the endpoints for people.
//!
//! Modules by what a bot does: `games.rs` (reading), `entry.rs` (creating, joining, leaving through
//! `games::entry`), `mine.rs` ("what needs my orders"), `play.rs` and `standing.rs` (orders, ready,
//! draw, concession, who has orders in), `press.rs`; `auth.rs` counts each request and leaves its
//! standing for the `RateLimit` headers.

pub(crate) mod auth;
mod bots;
mod document;
mod entry;
mod events;
mod extract;
pub(crate) mod games;
mod mine;
pub(crate) mod play;
pub(crate) mod press;
pub(crate) mod problem;
mod profile;
pub(crate) mod queries;
mod schema;
mod standing;
pub(crate) mod tokens;
mod votes;

#[cfg(test)]
mod bot_tests;
#[cfg(test)]
mod document_tests;
#[cfg(test)]
mod entry_tests;
#[cfg(test)]
pub(crate) mod tests;

use std::sync::Arc;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::AppError;
use crate::pages::Nav;
use crate::state::AppState;
use problem::ApiError;

#[derive(OpenApi)]
#[openapi(
    info(title = "Backchannel API", version = "1",
        description = "Games, phases, orders and press of the Backchannel judge, as the caller may see them."),
    servers((url = "/api/v1")),
    modifiers(&BearerToken),
    components(schemas(problem::Problem)),
    tags((name = "games", description = "Games and their phases: reading, creating, joining and leaving"),
        (name = "play", description = "The caller's own games and seats: orders, ready, draw, concession"),
        (name = "press", description = "Conversations and messages"),
        (name = "players", description = "Players' public profiles and reliability records"))
)]
struct ApiDoc;

/// Declares the personal token scheme the write endpoints name.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("token", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// Every API route with its generated document.
fn documented() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(games::list_games, entry::create_game))
        .routes(routes!(games::get_game))
        .routes(routes!(events::game_events))
        .routes(routes!(entry::join_game, entry::leave_game))
        .routes(routes!(mine::my_games))
        .routes(routes!(games::list_phases))
        .routes(routes!(games::get_phase))
        .routes(routes!(games::my_seat))
        .routes(routes!(play::submit_orders, play::clear_orders))
        .routes(routes!(play::set_ready))
        .routes(routes!(play::vote_draw))
        .routes(routes!(press::conversations, press::send_message))
        .routes(routes!(press::messages, press::reply))
        .routes(routes!(standing::standing))
        .routes(routes!(standing::concede))
        .routes(routes!(press::mute))
        .routes(routes!(bots::give_seat_to_bot, bots::take_seat_back))
        .routes(routes!(profile::profile))
        .routes(routes!(votes::vote))
        .split_for_parts()
}

/// The document as served: the generated one, completed with what every operation shares.
fn document() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut openapi) = documented();
    document::complete(&mut openapi);
    (router, openapi)
}

/// The API, to be nested at `/api/v1` outside the session and CSRF layers.
pub(crate) fn router() -> Router<AppState> {
    let (router, openapi) = document();
    let spec = Arc::new(openapi);
    let endpoints = Arc::new(endpoints(&spec));
    router
        .route("/openapi.json", get(move || openapi_json(spec.clone())))
        .route("/docs", get(move |state| docs_page(state, endpoints.clone())))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(axum::middleware::from_fn(rate_limit_headers))
        .layer(cors())
}

/// Token-less reads may be made from any web page (a public game's board on a fan site): `GET` only,
/// no credentials (the API reads no cookies anyway) and no `Authorization` header, so a page of
/// another site can never act, or read, as anyone.
fn cors() -> tower_http::cors::CorsLayer {
    use tower_http::cors::{Any, CorsLayer};
    CorsLayer::new().allow_origin(Any).allow_methods([axum::http::Method::GET]).expose_headers([
        header::HeaderName::from_static("ratelimit"),
        header::HeaderName::from_static("ratelimit-policy"),
        header::RETRY_AFTER,
    ])
}

/// Adds the IETF draft's `RateLimit` and `RateLimit-Policy` headers to every counted answer, errors
/// included, from the standing the caller's extractor left in the request's [`auth::RateSlot`].
async fn rate_limit_headers(
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let slot = auth::RateSlot::default();
    request.extensions_mut().insert(slot.clone());
    let mut response = next.run(request).await;
    if let Some(standing) = slot.standing() {
        let window = auth::RATE_WINDOW.num_seconds();
        let policy = format!("\"per-minute\";q={};w={window}", standing.limit);
        let now = format!("\"per-minute\";r={};t={}", standing.remaining, standing.reset_secs);
        for (name, value) in [("ratelimit-policy", policy), ("ratelimit", now)] {
            if let Ok(value) = header::HeaderValue::from_str(&value) {
                response.headers_mut().insert(header::HeaderName::from_static(name), value);
            }
        }
    }
    response
}

/// The tokens page, a page like any other (sessions, CSRF), kept out of every cache: the answer to the
/// form holds a new token, which a shared or back-button cache must not keep.
pub(crate) fn pages_router() -> Router<AppState> {
    Router::new()
        .route("/account/tokens", get(tokens::tokens_page).post(tokens::create_token))
        .route("/account/tokens/{token_id}/revoke", post(tokens::revoke_token))
        .route_layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            axum::http::header::CACHE_CONTROL,
            axum::http::HeaderValue::from_static("no-store"),
        ))
}

async fn openapi_json(spec: Arc<utoipa::openapi::OpenApi>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], Json(spec.as_ref().clone()))
}

async fn api_not_found() -> ApiError {
    ApiError::App(AppError::NotFound)
}

async fn api_method_not_allowed() -> ApiError {
    ApiError::App(AppError::Malformed {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "This endpoint does not take that method; see /api/v1/openapi.json.".to_owned(),
    })
}

/// One endpoint as the docs page lists it.
pub struct Endpoint {
    pub method: &'static str,
    pub path: String,
    pub summary: String,
}

/// The endpoints of the generated document, in path order.
fn endpoints(spec: &utoipa::openapi::OpenApi) -> Vec<Endpoint> {
    let mut endpoints = Vec::new();
    for (path, item) in &spec.paths.paths {
        let operations = [("GET", &item.get), ("POST", &item.post), ("PUT", &item.put), ("DELETE", &item.delete)];
        for (method, operation) in operations {
            if let Some(operation) = operation {
                let summary = operation.summary.clone().or_else(|| operation.description.clone()).unwrap_or_default();
                endpoints.push(Endpoint { method, path: path.clone(), summary });
            }
        }
    }
    endpoints
}

#[derive(Template, WebTemplate)]
#[template(path = "api/docs.html")]
pub struct DocsPage {
    nav: Nav,
    endpoints: Arc<Vec<Endpoint>>,
    per_minute: i32,
}

/// The docs page is served outside the session layer like the rest of the API, so its header is the
/// neutral one (no session is read: asking for one here would fail).
async fn docs_page(State(state): State<AppState>, endpoints: Arc<Vec<Endpoint>>) -> DocsPage {
    DocsPage { nav: Nav::neutral(), endpoints, per_minute: state.config.api_requests_per_minute }
}
