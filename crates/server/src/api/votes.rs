//! Players' votes to pause or cancel a game, as the votes page gives them (`votes::record_vote`).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiUser;
use super::extract::{ApiJson, ApiPath};
use super::problem::ApiResult;
use crate::error::AppError;
use crate::ids::GameId;
use crate::state::AppState;
use crate::votes::{Motion, record_vote};

/// A vote for a motion (`pause` or `cancel`), or its withdrawal.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"motion": "pause", "vote": true}))]
pub struct VoteRequest {
    /// `pause` or `cancel`.
    pub motion: String,
    pub vote: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VoteAnswer {
    pub motion: String,
    pub vote: bool,
    /// Every player voted for it: the game is now paused, or cancelled.
    pub passed: bool,
}

/// Gives or withdraws the caller's seat's secret vote to pause or cancel the game, as the votes page
/// does; the motion is carried out when every player still in the game votes for it.
#[utoipa::path(put, path = "/games/{game_id}/votes", tag = "play", params(("game_id" = i64, Path)),
    request_body = VoteRequest, security(("token" = [])), responses((status = 200, body = VoteAnswer)))]
pub async fn vote(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    ApiJson(request): ApiJson<VoteRequest>,
) -> ApiResult<Json<VoteAnswer>> {
    let motion = Motion::from_slug(&request.motion)
        .ok_or_else(|| AppError::BadRequest("`motion` is `pause` or `cancel`.".to_owned()))?;
    let mut tx = state.db.begin().await?;
    let passed = record_vote(&mut tx, game_id, &caller.user, motion, request.vote, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(VoteAnswer { motion: motion.slug().to_owned(), vote: request.vote, passed }))
}
