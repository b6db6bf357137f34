//! Preview → release (a per-game GM setting, off by default). When the deadline of a previewed game
//! passes, the turn worker adjudicates the phase in its usual transaction but stores the results as a
//! preview only the GM's view reads, and takes the game's deadline away: no worker claims it again, no
//! order is accepted, nothing is mailed, and every page still shows the phase as unprocessed. The GM then
//! releases it (the phase is processed for real, in one transaction under the game's lock, after
//! checking it gives the previewed results) or reopens the orders for a while, after which the worker
//! makes a new preview.

use axum::extract::State;
use axum::response::Redirect;

use super::queries::{self};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn};
use crate::games::gm_tx::begin_as_gm;
use crate::games::model::{GameStatus, GmAction};
use crate::games::queries::GameRow;
use crate::ids::GameId;
use crate::pages::format_time;
use crate::state::AppState;
use crate::turns::queries as turn_queries;
use crate::turns::tick;

fn internal(error: anyhow::Error) -> AppError {
    AppError::Internal(error)
}

/// Releases the preview: the phase is processed for real (results stored, next phase opened, mails
/// queued) after checking that it gives exactly the previewed results.
pub async fn release(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running], "Only a running game's results can be released.")?;
    let preview = queries::preview(&mut gm.tx, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("There are no results waiting to be released.".to_owned()))?;
    // Recorded as the deadline the phase was processed at, as the worker would have.
    let game = GameRow { deadline_at: preview.deadline_at, ..gm.game.clone() };
    let (phase, _, processed) = tick::adjudicate_current_phase(&mut gm.tx, &game).await.map_err(internal)?;
    if phase.phase_index != preview.phase_index || processed.public != preview.public_report.0 {
        return Err(AppError::Conflict(
            "This phase no longer gives the previewed results; nothing was released. Process it again to see \
             the new results."
                .to_owned(),
        ));
    }
    queries::delete_preview(&mut gm.tx, game_id).await?;
    let numbering = crate::turns::queries::game_seats(&mut gm.tx, game_id).await?;
    tick::process_current_phase(&mut gm.tx, &game, &numbering, state.clock.now()).await.map_err(internal)?;
    let detail = format!("Released the results of {}.", phase.label);
    super::finish(gm, &signed_in, GmAction::ReleaseResults, &detail, "The results are released.").await
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct ReopenForm {
    pub by: String,
}

/// Throws the preview away and lets orders in again until now + `by`; at that deadline the worker
/// adjudicates the phase again and makes a new preview.
pub async fn reopen(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<ReopenForm>,
) -> AppResult<Redirect> {
    let by = crate::games::deadline::PhaseDuration::parse(form.by.trim()).ok_or_else(|| {
        AppError::BadRequest("Enter how long to reopen the orders for, from 5m to 14d, like 2h or 1d.".to_owned())
    })?;
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running], "Only a running game's orders can be reopened.")?;
    if !queries::delete_preview(&mut gm.tx, game_id).await? {
        return Err(AppError::Conflict("There are no results waiting; the orders are open.".to_owned()));
    }
    let now = state.clock.now();
    let deadline = gm.game.settings().deadlines.on_a_processing_day(now + by.duration());
    turn_queries::set_deadline(&mut gm.tx, game_id, deadline).await?;
    let detail = format!(
        "Reopened the orders until {}; the phase will be worked out again then.",
        format_time(deadline, chrono_tz::Tz::UTC)
    );
    super::finish(gm, &signed_in, GmAction::ReopenOrders, &detail, "The orders are open again.").await
}
