//! Bots through the API (issue 28), by the same operations as the pages (`bot_seats`): a game against
//! bots, created and started at once with the caller in one seat (`POST /games` with `"bots": "fill"`,
//! in `entry`), and the GM giving a seat to a bot or taking it back for a human.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::auth::ApiUser;
use super::extract::ApiPath;
use super::problem::ApiResult;
use crate::bot_seats;
use crate::games::gm_tx::begin_as_gm;
use crate::ids::{GameId, SeatId};
use crate::state::AppState;

/// A seat's new holder, as the GM's audit log records it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"game_id": 12, "seat_id": 81, "bot": true, "detail": "Gave seat 3 (France) to a bot."}))]
pub struct SeatHolder {
    pub game_id: i64,
    /// The seat's id, as the game's answer lists it.
    pub seat_id: i64,
    /// A bot now plays the seat (`false`: the seat waits for a human).
    pub bot: bool,
    /// The audit log's line.
    pub detail: String,
}

/// Gives a seat to a bot, as the GM panel's "Give to a bot" does (the game's GM only: 403 otherwise); in
/// a started game the bot orders the current phase at once.
#[utoipa::path(post, path = "/games/{game_id}/seats/{seat_id}/bot", tag = "games",
    params(("game_id" = i64, Path), ("seat_id" = i64, Path)), security(("token" = [])),
    responses((status = 200, body = SeatHolder)))]
pub async fn give_seat_to_bot(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath((game_id, seat_id)): ApiPath<(GameId, SeatId)>,
) -> ApiResult<Json<SeatHolder>> {
    let mut gm = begin_as_gm(&state, &caller.user, game_id).await?;
    let now = state.clock.now();
    let detail = bot_seats::give_seat_to_bot(&mut gm.tx, &gm.game, &gm.seats, seat_id, &caller.user, now).await?;
    gm.tx.commit().await?;
    Ok(Json(SeatHolder { game_id: game_id.0, seat_id: seat_id.0, bot: true, detail }))
}

/// Takes a seat back from its bot for a human, as the GM panel's "Take back for a player" does (the
/// game's GM only); the seat is left empty, for a replacement or the standby page.
#[utoipa::path(delete, path = "/games/{game_id}/seats/{seat_id}/bot", tag = "games",
    params(("game_id" = i64, Path), ("seat_id" = i64, Path)), security(("token" = [])),
    responses((status = 200, body = SeatHolder)))]
pub async fn take_seat_back(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath((game_id, seat_id)): ApiPath<(GameId, SeatId)>,
) -> ApiResult<Json<SeatHolder>> {
    let mut gm = begin_as_gm(&state, &caller.user, game_id).await?;
    let detail = bot_seats::take_seat_back(&mut gm.tx, &gm.game, &gm.seats, seat_id, &caller.user).await?;
    gm.tx.commit().await?;
    Ok(Json(SeatHolder { game_id: game_id.0, seat_id: seat_id.0, bot: false, detail }))
}
