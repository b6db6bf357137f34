//! Where a game stands (the game page's "who has orders in" table) and conceding (the order page's
//! concession), through the pages' own code: `turns::standing` and `orders::actions::concede_to`.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::{ApiCaller, ApiUser};
use super::extract::{ApiJson, ApiPath, ApiQuery};
use super::games::InviteParams;
use super::problem::ApiResult;
use crate::error::AppError;
use crate::games::load::visible_access;
use crate::games::queries as game_queries;
use crate::ids::{GameId, SeatId};
use crate::orders::actions::concede_to;
use crate::state::AppState;
use crate::turns::standing::{OrderProgress, standing as standing_of};

/// One seat's progress in the latest phase: never its orders, only whether it has given any.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatProgress {
    /// The seat as the game names it (its power).
    pub title: String,
    /// `nothing_to_order`, `missing` or `saved`.
    #[schema(value_type = super::schema::OrderProgressSlug)]
    pub orders: &'static str,
    pub ready: bool,
}

/// The latest phase of a started game and each seat's progress in it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"phase_index": 3, "phase_label": "Spring 1902, movement",
    "seats": [{"title": "France", "orders": "saved", "ready": true}]}))]
pub struct Standing {
    pub phase_index: i32,
    pub phase_label: String,
    /// Empty once the game is over (the final phase has no sheets).
    pub seats: Vec<SeatProgress>,
}

fn progress_slug(progress: OrderProgress) -> &'static str {
    match progress {
        OrderProgress::NothingToOrder => "nothing_to_order",
        OrderProgress::Missing => "missing",
        OrderProgress::Saved => "saved",
    }
}

/// Who has orders in and is ready in the latest phase, as the game page shows anyone who may see the
/// game (404 before the start, as the page shows no table then).
#[utoipa::path(get, path = "/games/{game_id}/standing", tag = "games", params(("game_id" = i64, Path), InviteParams),
    responses((status = 200, body = Standing)))]
pub async fn standing(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath(game_id): ApiPath<GameId>,
    ApiQuery(query): ApiQuery<InviteParams>,
) -> ApiResult<Json<Standing>> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, phase) =
        game_queries::game_seats_and_phase(&mut conn, game_id).await?.ok_or(AppError::NotFound)?;
    let access = visible_access(&game, &seats, caller.user.as_ref(), &query.invite)?;
    let reader = access.my_seat.and_then(|mine| game_queries::number_of(&seats, mine));
    let standing = standing_of(phase.ok_or(AppError::NotFound)?, reader)?;
    Ok(Json(Standing {
        phase_index: standing.phase_index,
        phase_label: standing.phase_label,
        seats: standing
            .seats
            .into_iter()
            .map(|seat| SeatProgress { title: seat.title, orders: progress_slug(seat.orders), ready: seat.ready })
            .collect(),
    }))
}

/// A concession: the seat conceded to (a `seat_id` of `GET /games/{id}`), or null to withdraw it.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"to": 41}))]
pub struct ConcedeRequest {
    pub to: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConcedeAnswer {
    pub to: Option<i64>,
    /// Every other surviving seat has conceded to the same one: the game has ended.
    pub game_over: bool,
}

/// Concedes the game to another surviving seat, or withdraws the concession, as the order page does;
/// the game ends when every other surviving seat has conceded to the same one.
#[utoipa::path(put, path = "/games/{game_id}/concession", tag = "play", params(("game_id" = i64, Path)),
    request_body = ConcedeRequest, security(("token" = [])), responses((status = 200, body = ConcedeAnswer)))]
pub async fn concede(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    ApiJson(request): ApiJson<ConcedeRequest>,
) -> ApiResult<Json<ConcedeAnswer>> {
    let mut tx = state.db.begin().await?;
    let game_over = concede_to(&mut tx, game_id, &caller.user, request.to.map(SeatId), state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(ConcedeAnswer { to: request.to, game_over }))
}
