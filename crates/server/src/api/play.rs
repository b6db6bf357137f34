//! The API's writes to a game: orders, ready, draw votes. Each runs the order page's own code
//! (`apply_sheet_request`, `mark_ready`, `record_draw_vote`) in one transaction holding the game row
//! lock, so a bot's orders are checked and saved exactly as a player's typed ones.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiUser;
use super::extract::{ApiJson, ApiPath, OptionalJson};
use super::games::SavedOrder;
use super::problem::{ApiResult, Problem};
use crate::games::queries::RowLock;
use crate::ids::GameId;
use crate::orders::actions::{load_my_seat, mark_ready, record_draw_vote};
use crate::orders::forms::SheetRequest;
use crate::orders::save::{Saved, apply_sheet_request};
use crate::state::AppState;

/// An order sheet as typed in the order page's text box.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"phase": 0, "text": "A par - bur\nF bre - mao", "add": false}))]
pub struct OrdersRequest {
    /// The phase the orders are for (`phase_index` of `GET /games/{id}/me`): orders for a phase that
    /// has since been processed are refused (409), never saved into the next one.
    #[serde(deserialize_with = "super::extract::whole_i32")]
    pub phase: i32,
    /// One order per line, in the game's notation (`A par - bur`, `BRIBE hold A mun`).
    pub text: String,
    /// Merge into the saved sheet unit by unit instead of replacing it.
    #[serde(default)]
    pub add: bool,
}

/// A refused line: its number in the text sent, the line, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefusedLine {
    pub line: Option<usize>,
    pub text: String,
    pub reason: String,
}

/// The answer to a sheet: what is saved now, and each refused line with the reason.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrdersAnswer {
    /// Whether the saved sheet changed. A sheet whose every line is refused, or an empty one, changes
    /// nothing (use DELETE to clear).
    pub saved: bool,
    pub message: String,
    /// The saved sheet after this request, canonical.
    pub orders: Vec<SavedOrder>,
    pub refused: Vec<RefusedLine>,
}

/// Submits orders as the order page's text box does: good lines kept, bad lines explained.
#[utoipa::path(put, path = "/games/{game_id}/orders", tag = "play", params(("game_id" = i64, Path)),
    request_body = OrdersRequest, security(("token" = [])),
    responses((status = 200, body = OrdersAnswer), (status = 401, body = Problem), (status = 403, body = Problem),
        (status = 404, body = Problem), (status = 409, body = Problem), (status = 422, body = Problem)))]
pub async fn submit_orders(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    ApiJson(request): ApiJson<OrdersRequest>,
) -> ApiResult<Json<OrdersAnswer>> {
    let text = request.text;
    answer_sheet(&state, &caller, game_id, Some(request.phase), SheetRequest::Text { text, add: request.add }).await
}

/// The phase a clear is for; without it (or without a body), the current phase.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(example = json!({"phase": 0}))]
pub struct PhaseRequest {
    #[serde(deserialize_with = "super::extract::whole_i32_or_none")]
    pub phase: Option<i32>,
}

/// Clears the caller's saved orders (the order page's "Clear my orders"). The body may be left out:
/// the current phase's orders are cleared then.
#[utoipa::path(delete, path = "/games/{game_id}/orders", tag = "play", params(("game_id" = i64, Path)),
    request_body(content = Option<PhaseRequest>), security(("token" = [])),
    responses((status = 200, body = OrdersAnswer)))]
pub async fn clear_orders(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    OptionalJson(request): OptionalJson<PhaseRequest>,
) -> ApiResult<Json<OrdersAnswer>> {
    answer_sheet(&state, &caller, game_id, request.phase, SheetRequest::Clear).await
}

async fn answer_sheet(
    state: &AppState,
    caller: &ApiUser,
    game_id: GameId,
    phase: Option<i32>,
    request: SheetRequest,
) -> ApiResult<Json<OrdersAnswer>> {
    let mut tx = state.db.begin().await?;
    let seat = load_my_seat(&mut tx, game_id, &caller.user, Some(RowLock::Share)).await?;
    let phase = phase.unwrap_or(seat.phase.phase_index);
    let Saved { answer, sheet: saved } = apply_sheet_request(&mut tx, &seat, phase, request, state.clock.now()).await?;
    tx.commit().await?;
    let message = answer.message.as_ref().map(|message| message.text.clone()).unwrap_or_default();
    let changed = answer.message.as_ref().is_some_and(|message| !message.is_error);
    let orders = seat.state.check_orders(seat.game_seat, &saved).accepted;
    Ok(Json(OrdersAnswer {
        saved: changed,
        message,
        orders: orders.into_iter().map(|line| SavedOrder { text: line.text, plain: line.plain }).collect(),
        refused: answer
            .refused
            .into_iter()
            .map(|refusal| RefusedLine { line: refusal.line, text: refusal.text, reason: refusal.reason })
            .collect(),
    }))
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[schema(example = json!({"phase": 0, "ready": true}))]
pub struct ReadyRequest {
    #[serde(deserialize_with = "super::extract::whole_i32")]
    pub phase: i32,
    pub ready: bool,
}

/// Marks the caller's seat ready (or not) in the current phase; with early processing, the phase is
/// processed once every seat that must order is ready.
#[utoipa::path(put, path = "/games/{game_id}/ready", tag = "play", params(("game_id" = i64, Path)),
    request_body = ReadyRequest, security(("token" = [])),
    responses((status = 200, body = ReadyRequest), (status = 401, body = Problem), (status = 403, body = Problem),
        (status = 404, body = Problem), (status = 409, body = Problem)))]
pub async fn set_ready(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    ApiJson(request): ApiJson<ReadyRequest>,
) -> ApiResult<Json<ReadyRequest>> {
    let mut tx = state.db.begin().await?;
    mark_ready(&mut tx, game_id, &caller.user, request.phase, request.ready, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(request))
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"draw": true}))]
pub struct DrawRequest {
    pub draw: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DrawAnswer {
    pub draw: bool,
    /// Every surviving seat has voted for a draw: the game has ended.
    pub game_drawn: bool,
}

/// Gives or withdraws the caller's seat's draw vote; nobody is told how anyone else voted.
#[utoipa::path(put, path = "/games/{game_id}/draw", tag = "play", params(("game_id" = i64, Path)),
    request_body = DrawRequest, security(("token" = [])),
    responses((status = 200, body = DrawAnswer), (status = 401, body = Problem), (status = 403, body = Problem),
        (status = 404, body = Problem), (status = 409, body = Problem)))]
pub async fn vote_draw(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    ApiJson(request): ApiJson<DrawRequest>,
) -> ApiResult<Json<DrawAnswer>> {
    let mut tx = state.db.begin().await?;
    let drawn = record_draw_vote(&mut tx, game_id, &caller.user, request.draw, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(DrawAnswer { draw: request.draw, game_drawn: drawn }))
}
