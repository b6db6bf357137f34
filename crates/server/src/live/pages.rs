//! `GET /games/{id}/events` for the pages (the session's viewer) and `/static/js/live.js`, the script
//! that follows it.

use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::stream::{follow, last_event_id};
use crate::error::AppResult;
use crate::extract::{Path, Query, Reader};
use crate::games::load::load_visible_game;
use crate::ids::GameId;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct InviteQuery {
    /// A private game's invite code, as its page takes it.
    pub invite: String,
}

/// The game's event stream, for whoever may see the game page (a 404 otherwise).
pub async fn game_events(
    State(state): State<AppState>,
    reader: Reader,
    Path(game_id): Path<GameId>,
    Query(query): Query<InviteQuery>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let mut conn = state.db.acquire().await?;
    load_visible_game(&mut conn, game_id, reader.user.as_ref(), &query.invite).await?;
    drop(conn);
    let account = reader.user.map(|user| user.account_id);
    let stream = follow(state.db.clone(), &state.live, game_id, account, last_event_id(&headers)).await?;
    Ok(stream.into_response())
}

/// The live pages' script (progressive enhancement), compiled in like the stylesheet.
pub async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../../../../static/js/live.js"))
}
