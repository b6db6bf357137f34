//! A game kind's own game-master action (a Terrorism I press award, rule 6), written as one line on the
//! GM panel. It changes the current phase's state before that phase is processed, under the game's row
//! lock, so the turn worker sees it or not at all; the audit log records only what the kind made public.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use kinds::{AnyGame, GmActionError};
use serde::Deserialize;
use sqlx::PgConnection;

use super::pages::panel_page;
use crate::error::{AppError, AppResult, invalid_form};
use crate::extract::{Form, Path, SignedIn};
use crate::games::gm_tx::begin_as_gm;
use crate::games::model::{GameStatus, GmAction};
use crate::ids::GameId;
use crate::state::AppState;
use crate::turns::queries as turn_queries;

/// The action form as the panel shows it: how to write the action, what was typed, why it was refused.
pub struct KindActionView {
    pub syntax: &'static str,
    pub text: String,
    pub error: Option<String>,
}

impl KindActionView {
    /// The empty form, if the current phase's kind has GM actions.
    pub async fn for_current_phase(conn: &mut PgConnection, game_id: GameId) -> AppResult<Option<KindActionView>> {
        let Some(phase) = turn_queries::current_phase(conn, game_id).await? else { return Ok(None) };
        let state = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
        Ok(state.gm_action_syntax().map(|syntax| KindActionView { syntax, text: String::new(), error: None }))
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct KindActionForm {
    pub action: String,
}

pub async fn apply_kind_action(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<KindActionForm>,
) -> AppResult<Response> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running, GameStatus::Paused], "Actions apply only while the game is on.")?;
    let phase = turn_queries::current_phase(&mut gm.tx, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("This game has no phase to act on.".to_owned()))?;
    let current = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
    let refusal = match current.gm_action(form.action.trim()) {
        Ok((next, report)) => {
            turn_queries::replace_current_state(&mut gm.tx, game_id, phase.phase_index, next.to_json()).await?;
            let detail = report.events.join(" ");
            return Ok(gm.finish(&signed_in, GmAction::KindAction, &detail, "Done.").await?.into_response());
        }
        Err(GmActionError::Unsupported) => {
            return Err(AppError::Conflict("This kind of game has no game-master actions.".to_owned()));
        }
        Err(GmActionError::Refused(reason)) => reason,
    };
    drop(gm);
    let mut conn = state.db.acquire().await?;
    let mut page = panel_page(&mut conn, signed_in.nav.clone(), &signed_in.user, game_id, None).await?;
    page.kind_action = page.kind_action.map(|view| KindActionView { text: form.action, error: Some(refusal), ..view });
    Ok(invalid_form(page))
}
