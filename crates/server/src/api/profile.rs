//! A player's public profile (`/players/{username}` as JSON): the reliability record, through the
//! page's own code (`reliability::record_of`), so it shows exactly what the page shows.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::extract::ApiPath;
use super::problem::ApiResult;
use crate::error::AppError;
use crate::reliability::{self, queries};
use crate::state::AppState;

/// A finished game the profile lists (only games that show who played).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileGame {
    pub game_id: i64,
    pub name: String,
    pub kind: String,
    /// How it ended, in words.
    pub result: String,
    pub phases_to_order: i64,
    pub phases_missed: i64,
    pub left_in_civil_disorder: bool,
}

/// A player's reliability record and finished games. Misses in games still running, or in games that
/// keep their players secret, count only in the totals.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "alice", "display_name": "Alice", "tier": "reliable",
    "why": "Reliable: missed 1 of 40 phase(s) to order in their last 3 game(s) (within the 10% allowed), and left none of them in civil disorder.",
    "phases_to_order": 40, "phases_missed": 1, "missed_in_running_games": 0, "missed_in_secret_games": 0,
    "games_left_in_civil_disorder": 0, "games_finished": 2, "seats_taken_over": 1, "musters_missed": 0, "finished_games": []}))]
pub struct Profile {
    pub username: String,
    pub display_name: String,
    /// `new`, `reliable` or `unreliable`.
    pub tier: &'static str,
    /// Why the tier, in words.
    pub why: String,
    pub phases_to_order: i64,
    pub phases_missed: i64,
    pub missed_in_running_games: i64,
    pub missed_in_secret_games: i64,
    pub games_left_in_civil_disorder: usize,
    pub games_finished: usize,
    /// Seats taken over from a player who left, or from a bot standing in: to the player's credit.
    pub seats_taken_over: i64,
    /// Games formed on `/play` the player did not confirm he was there for (no missed phase).
    pub musters_missed: i64,
    pub finished_games: Vec<ProfileGame>,
}

/// A player's profile: their reliability tier and why, their record, and their finished games, as the
/// profile page shows anyone.
#[utoipa::path(get, path = "/players/{username}", tag = "players", params(("username" = String, Path)),
    responses((status = 200, body = Profile)))]
pub async fn profile(
    State(state): State<AppState>,
    _caller: ApiCaller,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<Json<Profile>> {
    let mut conn = state.db.acquire().await?;
    let account = queries::account_by_username(&mut conn, &username).await?.ok_or(AppError::NotFound)?;
    let record = reliability::record_of(&mut conn, account.account_id).await?;
    let finished_games = record
        .listed
        .iter()
        .map(|game| ProfileGame {
            game_id: game.game_id.0,
            name: game.name.clone(),
            kind: game.kind.slug().to_owned(),
            result: reliability::result_words(game),
            phases_to_order: game.phases_to_order,
            phases_missed: game.phases_missed,
            left_in_civil_disorder: game.left_in_disorder,
        })
        .collect();
    Ok(Json(Profile {
        username: account.username,
        display_name: account.display_name,
        tier: record.rating.tier.slug(),
        why: record.rating.why,
        phases_to_order: record.phases_to_order,
        phases_missed: record.phases_missed,
        missed_in_running_games: record.missed_in_running_games,
        missed_in_secret_games: record.missed_in_secret_games,
        games_left_in_civil_disorder: record.games_left_in_disorder,
        games_finished: record.games_finished,
        seats_taken_over: record.seats_taken_over,
        musters_missed: record.musters_missed,
        finished_games,
    }))
}
