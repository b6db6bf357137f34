//! A game's live events: the pages' stream (`live`), under the same visibility; with a token, also the
//! caller's own conversations' press.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

use super::auth::ApiCaller;
use super::extract::{ApiPath, ApiQuery};
use super::games::InviteParams;
use super::problem::{ApiResult, Problem};
use crate::games::load::load_visible_game;
use crate::ids::GameId;
use crate::live::stream::{follow, last_event_id};
use crate::state::AppState;

/// The game's events as `text/event-stream`, as its pages follow them, after a first `state` event
/// naming the current phase (`{"phase": n}`, without an id): `orders` (a seat saved orders or
/// changed its ready; `{"phase": n}`, never the orders), `phase` (a phase opened; `{"phase": n,
/// "label": "Fall 1901"}`), `press` (a new message in one of the caller's conversations, or public press;
/// `{"conversation": id}`, never the text), `game` (`{"change": "paused" | "resumed" | "extended" |
/// "rolled_back" | "started" | "ended"}`). Each event has an `id`: reconnect with `Last-Event-ID` to get
/// those missed (kept a day). A comment line every 15 s keeps the connection open.
#[utoipa::path(get, path = "/games/{game_id}/events", tag = "games",
    params(("game_id" = i64, Path), InviteParams,
        ("Last-Event-ID" = Option<i64>, Header, description = "The last event id received: resume after it.")),
    responses((status = 200, content_type = "text/event-stream", body = String,
            description = "Server-sent events, until the caller disconnects."),
        (status = 401, body = Problem), (status = 404, body = Problem)))]
pub async fn game_events(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath(game_id): ApiPath<GameId>,
    ApiQuery(query): ApiQuery<InviteParams>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let mut conn = state.db.acquire().await?;
    load_visible_game(&mut conn, game_id, caller.user.as_ref(), &query.invite).await?;
    drop(conn);
    let account = caller.user.map(|user| user.account_id);
    let stream = follow(state.db.clone(), &state.live, game_id, account, last_event_id(&headers)).await?;
    Ok(stream.into_response())
}
