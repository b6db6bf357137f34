//! "What needs my orders": every game the caller holds a seat in, with where that seat stands in the
//! open phase, in one request (bots poll this instead of reading every game).

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::auth::ApiUser;
use super::problem::ApiResult;
use super::queries::{self, MySeatLine};
use crate::games::model::GameStatus;
use crate::state::AppState;

/// One of the caller's games, as their seat stands in it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"game_id": 12, "name": "Bots only", "kind": "standard", "status": "running",
    "seat_state": "to_order", "must_order": true, "orders_saved": false, "ready": false,
    "phase_index": 3, "phase_code": "S1902M", "deadline": "2026-11-28T20:00:00Z"}))]
pub struct MyGame {
    pub game_id: i64,
    pub name: String,
    #[schema(value_type = super::schema::KindSlug)]
    pub kind: &'static str,
    #[schema(value_type = super::schema::StatusSlug)]
    pub status: &'static str,
    /// `to_order` is what a bot looks for: the seat must order and is not ready yet.
    #[schema(value_type = super::schema::SeatStateSlug)]
    pub seat_state: &'static str,
    /// The seat has orders to give in the open phase.
    pub must_order: bool,
    /// Orders are saved for the open phase.
    pub orders_saved: bool,
    /// The seat is marked ready in the open phase.
    pub ready: bool,
    pub phase_index: Option<i32>,
    pub phase_code: Option<String>,
    pub deadline: Option<DateTime<Utc>>,
}

/// Where a seat stands: the game's status first, then its sheet in the open phase.
fn seat_state(line: &MySeatLine) -> &'static str {
    match line.status {
        GameStatus::Forming => "forming",
        GameStatus::Paused => "paused",
        GameStatus::Finished => "finished",
        GameStatus::Running => match (line.must_order, line.ready, line.has_orders) {
            (Some(true), Some(true), _) => "ready",
            (Some(true), _, Some(true)) => "saved",
            (Some(true), _, _) => "to_order",
            _ => "nothing_to_order",
        },
    }
}

impl From<MySeatLine> for MyGame {
    fn from(line: MySeatLine) -> Self {
        MyGame {
            seat_state: seat_state(&line),
            game_id: line.game_id.0,
            name: line.name,
            kind: line.kind.slug(),
            status: line.status.slug(),
            must_order: line.must_order.unwrap_or(false),
            orders_saved: line.has_orders.unwrap_or(false),
            ready: line.ready.unwrap_or(false),
            phase_index: line.phase_index,
            phase_code: line.phase_code,
            deadline: line.deadline_at,
        }
    }
}

/// The caller's games (every seat they hold), with whether each seat still has orders to give, is
/// ready, and the deadline: unfinished games first, the nearest deadline first.
#[utoipa::path(get, path = "/me/games", tag = "play", security(("token" = [])),
    responses((status = 200, body = Vec<MyGame>)))]
pub async fn my_games(State(state): State<AppState>, caller: ApiUser) -> ApiResult<Json<Vec<MyGame>>> {
    let mut conn = state.db.acquire().await?;
    let lines = queries::my_seats(&mut conn, caller.user.account_id).await?;
    Ok(Json(lines.into_iter().map(MyGame::from).collect()))
}
