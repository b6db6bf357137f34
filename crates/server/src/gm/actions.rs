//! The GM's "process now" and the GM's own per-game switches (preview before release, approval of
//! takeovers).

use axum::extract::State;
use axum::response::Redirect;
use serde::Deserialize;

use super::queries::{self, GmSettings};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn};
use crate::games::gm_tx::begin_as_gm;
use crate::games::model::{GameStatus, GmAction};
use crate::ids::GameId;
use crate::state::AppState;
use crate::turns::{queries as turn_queries, tick};

/// Processes the current phase at once, in the GM's transaction under the game's row lock (the worker
/// skips a locked game, and the phase is marked processed in this same commit: still exactly once). In
/// a game with previews, this makes the preview instead.
pub async fn process_now(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running], "Only a running game's phase can be processed.")?;
    if crate::turns::preview::awaits_release(&gm.game) {
        return Err(AppError::Conflict(
            "This phase's results are waiting for you: release them, or reopen the orders.".to_owned(),
        ));
    }
    let phase = turn_queries::current_phase(&mut gm.tx, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("This game has no phase to process.".to_owned()))?;
    tick::process_claimed_game(&mut gm.tx, game_id, state.clock.now()).await.map_err(AppError::Internal)?;
    let previewing = queries::gm_settings(&mut gm.tx, game_id).await?.preview_results;
    let (detail, flash) = if previewing {
        (
            format!("Worked out {} before its deadline, for the GM to check.", phase.label),
            "The results wait for you below.",
        )
    } else {
        (format!("Processed {} before its deadline.", phase.label), "The phase is processed.")
    };
    super::finish(gm, &signed_in, GmAction::ProcessNow, &detail, flash).await
}

/// The two switches, as checkboxes: absent means off.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct GmSettingsForm {
    pub preview_results: Option<String>,
    pub takeover_needs_approval: Option<String>,
}

pub async fn change_settings(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<GmSettingsForm>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(
        &[GameStatus::Forming, GameStatus::Running, GameStatus::Paused],
        "The game has ended; its settings no longer change.",
    )?;
    let before = queries::gm_settings(&mut gm.tx, game_id).await?;
    let after = GmSettings {
        preview_results: form.preview_results.is_some(),
        takeover_needs_approval: form.takeover_needs_approval.is_some(),
    };
    // Turning previews off while one waits would leave the phase without a deadline (or, paused, keep a
    // preview nobody can release): release or reopen it first.
    if before.preview_results && !after.preview_results && queries::preview(&mut gm.tx, game_id).await?.is_some() {
        return Err(AppError::Conflict(
            "Release or reopen the waiting results before turning previews off.".to_owned(),
        ));
    }
    queries::set_gm_settings(&mut gm.tx, game_id, after).await?;
    let mut changes = Vec::new();
    if before.preview_results != after.preview_results {
        changes.push(if after.preview_results {
            "The GM now checks each phase's results before releasing them."
        } else {
            "Results are now released as soon as a phase is processed."
        });
    }
    if before.takeover_needs_approval != after.takeover_needs_approval {
        changes.push(if after.takeover_needs_approval {
            "Taking over a seat in civil disorder now needs the GM's approval."
        } else {
            "A seat in civil disorder can now be taken over without the GM's approval."
        });
    }
    let detail = if changes.is_empty() { "No change.".to_owned() } else { changes.join(" ") };
    super::finish(gm, &signed_in, GmAction::ChangeGmSettings, &detail, "Saved.").await
}
