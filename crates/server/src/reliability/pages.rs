//! `/players/{username}`: a player's public profile, their reliability record and finished games.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;

use super::{Record, Tier};
use crate::error::{AppError, AppResult};
use crate::extract::{Path, Viewer};
use crate::pages::{Nav, format_time, zone_of};
use crate::state::AppState;

/// The profile page of the account with this username (usernames are URL-safe: letters, digits, `_`,
/// `.` and `-`).
pub fn profile_path(username: &str) -> String {
    format!("/players/{username}")
}

/// A finished game as the profile lists it.
pub struct FinishedLine {
    pub game_id: i64,
    pub name: String,
    pub kind: &'static str,
    pub result: String,
    pub finished: String,
    pub phases_to_order: i64,
    pub phases_missed: i64,
    pub left_in_disorder: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "reliability/profile.html")]
pub struct ProfilePage {
    nav: Nav,
    username: String,
    display_name: String,
    tier: Tier,
    record: Record,
    games: Vec<FinishedLine>,
    rule: String,
}

/// The rule of the tiers, in the words of the module's documentation.
pub fn rule_in_words() -> String {
    format!(
        "The tier looks at the player's last {} games with orders to give. With fewer than {} phases to order there, \
         the player is New, whatever they missed: newcomers are never punished. Otherwise they are Reliable when \
         they missed at most {}% of those phases and left none of those games in civil disorder (two of their \
         phases missed in a row), and Unreliable when not.",
        super::RECENT_GAMES,
        super::PHASES_TO_JUDGE,
        super::MAX_MISSED_PERCENT
    )
}

pub async fn profile(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(username): Path<String>,
) -> AppResult<ProfilePage> {
    let mut conn = state.db.acquire().await?;
    let account = super::queries::account_by_username(&mut conn, &username).await?.ok_or(AppError::NotFound)?;
    let record = super::record_of(&mut conn, account.account_id).await?;
    let zone = zone_of(viewer.user.as_ref());
    let games = record
        .listed
        .iter()
        .map(|game| FinishedLine {
            game_id: game.game_id.0,
            name: game.name.clone(),
            kind: game.kind.name(),
            result: result_words(game),
            finished: game.finished_at.map(|at| format_time(at, zone)).unwrap_or_default(),
            phases_to_order: game.phases_to_order,
            phases_missed: game.phases_missed,
            left_in_disorder: game.left_in_disorder,
        })
        .collect();
    Ok(ProfilePage {
        nav: viewer.nav,
        username: account.username,
        display_name: account.display_name,
        tier: record.rating.tier,
        record,
        games,
        rule: rule_in_words(),
    })
}

/// How a listed game ended, in words.
pub fn result_words(game: &super::queries::PlayedGame) -> String {
    if game.cancelled {
        "Cancelled by its players".to_owned()
    } else {
        game.result_summary.clone().unwrap_or_else(|| "Ended by the GM".to_owned())
    }
}
