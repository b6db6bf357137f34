//! The GM's tools beyond the panel (issue 18): the GM's own view of a game (every seat's orders,
//! readiness, private view and missed orders, the kind's secret state in words), "process now",
//! previewing a phase's results before releasing them, and rolling a game back to a processed phase
//! after checking that a replay gives its stored results. Every action runs in one transaction that
//! holds the game's row lock and writes its line in the audit log the players read (what was done,
//! never a secret).

mod actions;
pub(crate) mod queries;
mod release;
mod rollback;
mod view;

use axum::Router;
use axum::response::Redirect;
use axum::routing::{get, post};

use crate::error::AppResult;
use crate::extract::{SignedIn, set_flash};
use crate::games::gm_tx::GmTransaction;
use crate::games::model::GmAction;
use crate::games::queries as game_queries;
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/gm", get(view::gm_view))
        .route("/games/{game_id}/gm/settings", post(actions::change_settings))
        .route("/games/{game_id}/gm/process-now", post(actions::process_now))
        .route("/games/{game_id}/gm/release", post(release::release))
        .route("/games/{game_id}/gm/reopen", post(release::reopen))
        .route("/games/{game_id}/gm/rollback", post(rollback::roll_back))
}

/// Logs the GM's action, commits, and goes back to the GM's view with `flash`.
async fn finish(
    mut gm: GmTransaction,
    signed_in: &SignedIn,
    action: GmAction,
    detail: &str,
    flash: &str,
) -> AppResult<Redirect> {
    let game_id = gm.game.game_id;
    game_queries::record_audit(&mut gm.tx, game_id, signed_in.user.account_id, action, detail).await?;
    gm.tx.commit().await?;
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/gm")))
}

#[cfg(test)]
mod tests;
