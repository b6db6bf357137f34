//! Rollback by replay: the GM takes a running (or paused) game back to a processed phase. First every
//! phase from that one to the last processed is replayed from its stored state, orders and seed
//! (rulings 0.4), and must give exactly its stored public and private results; a mismatch refuses the
//! rollback with the phase and what differs, changing nothing. Then the undone phases are copied to the
//! archive (`rolled_back_phase`: state, results, reports and every seat's orders), later phases go, and
//! the chosen phase opens again with its players' orders restored for editing, a new deadline, and a
//! notice on the order page saying why; the audit log says it too.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::Redirect;
use kinds::AnyGame;
use serde::Deserialize;
use sqlx::PgConnection;

use super::queries;
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn};
use crate::games::gm_tx::begin_as_gm;
use crate::games::model::{GameStatus, GmAction};
use crate::games::queries::GameRow;
use crate::ids::{GameId, SeatId};
use crate::notices::{Notice, NoticeKind};
use crate::state::AppState;
use crate::turns::queries::{self as turn_queries, PhaseRow};
use crate::turns::tick::{deadline_kind, phase_seed};

/// The longest reason a GM may give, in characters (the table's check).
const MAX_REASON: usize = 500;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RollbackForm {
    pub phase: String,
    pub reason: String,
}

/// Why a replay does not match what was stored: the phase and what differs.
#[derive(Debug, PartialEq, Eq)]
pub struct ReplayMismatch {
    pub label: String,
    pub what: &'static str,
}

impl std::fmt::Display for ReplayMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "replaying {} with its stored orders and seed does not give its stored {}", self.label, self.what)
    }
}

/// Replays phases `from..current` and compares each with its stored results.
pub(super) async fn check_replay(
    conn: &mut PgConnection,
    game: &GameRow,
    from: i32,
    current: i32,
) -> AppResult<Result<(), ReplayMismatch>> {
    let numbering = turn_queries::game_seats(conn, game.game_id).await?;
    for index in from..current {
        let phase = turn_queries::phase(conn, game.game_id, index).await?.ok_or(AppError::NotFound)?;
        let orders: BTreeMap<kinds::SeatIndex, String> =
            turn_queries::order_sheets(conn, game.game_id, index).await?.into_iter().collect();
        let stored_private: BTreeMap<SeatId, kinds::Report> =
            queries::private_reports(conn, game.game_id, index).await?.into_iter().collect();
        if let Err(what) = replay_matches(&phase, &orders, &stored_private, &numbering, game.rng_seed) {
            return Ok(Err(ReplayMismatch { label: phase.label, what }));
        }
    }
    Ok(Ok(()))
}

/// Replays one stored phase; `Err` names what differs from the stored results.
fn replay_matches(
    phase: &PhaseRow,
    orders: &BTreeMap<kinds::SeatIndex, String>,
    stored_private: &BTreeMap<SeatId, kinds::Report>,
    numbering: &[(SeatId, kinds::SeatIndex)],
    game_seed: i64,
) -> Result<(), &'static str> {
    let state = AnyGame::from_json(phase.state.clone()).map_err(|_| "state (it no longer reads back)")?;
    let replay = state.process(orders, phase_seed(game_seed, phase.phase_index));
    if phase.public_report.as_ref().map(|report| &report.0) != Some(&replay.public) {
        return Err("public results");
    }
    let replayed_private: BTreeMap<SeatId, kinds::Report> = numbering
        .iter()
        .filter_map(|(seat_id, number)| replay.private.get(number).map(|report| (*seat_id, report.clone())))
        .collect();
    if &replayed_private != stored_private {
        return Err("private results");
    }
    Ok(())
}

pub async fn roll_back(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<RollbackForm>,
) -> AppResult<Redirect> {
    let to: i32 =
        form.phase.trim().parse().map_err(|_| AppError::BadRequest("Choose a phase to go back to.".to_owned()))?;
    let reason = form.reason.trim();
    if reason.is_empty() || reason.chars().count() > MAX_REASON {
        return Err(AppError::BadRequest(format!(
            "Tell the players why, in 1 to {MAX_REASON} characters; nothing was changed."
        )));
    }
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running, GameStatus::Paused], "Only a running or paused game can be rolled back.")?;
    let current = turn_queries::current_phase(&mut gm.tx, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("This game has no current phase.".to_owned()))?;
    if to < 0 || to >= current.phase_index {
        return Err(AppError::BadRequest("Choose a phase that has been processed.".to_owned()));
    }
    let game = gm.game.clone();
    if let Err(mismatch) = check_replay(&mut gm.tx, &game, to, current.phase_index).await? {
        return Err(AppError::Conflict(format!("The rollback was refused, and nothing was changed: {mismatch}.")));
    }
    let target = turn_queries::phase(&mut gm.tx, game_id, to).await?.ok_or(AppError::NotFound)?;
    let now = state.clock.now();
    let rollback_id = queries::insert_rollback(&mut gm.tx, game_id, to, reason, signed_in.user.account_id, now).await?;
    queries::archive_phases(&mut gm.tx, rollback_id, game_id, to).await?;
    queries::delete_preview(&mut gm.tx, game_id).await?;
    queries::reopen_phase(&mut gm.tx, game_id, to).await?;
    let deadline = game.settings().deadlines.next_deadline(deadline_kind(target.stage), now);
    let notice = format!(
        "The GM rolled the game back to {}: {}. Your orders of that phase are restored; change them until the deadline.",
        target.label,
        reason.trim_end_matches('.')
    );
    queries::set_rollback_deadline(&mut gm.tx, game_id, deadline, now, &notice).await?;
    let told = format!("{}: {}", target.label, reason.trim_end_matches('.'));
    let players =
        Notice { game_id, kind: NoticeKind::RolledBack, detail: &told, link_path: format!("/games/{game_id}/orders") };
    crate::notices::notify_table(&mut gm.tx, &players, false, now).await?;
    let rolled_back = crate::live::Event::Game { change: crate::live::GameChange::RolledBack };
    crate::live::raise(&mut gm.tx, game_id, rolled_back).await?;
    crate::reliability::disorder::give_back_seats_after_rollback(&mut gm.tx, &game, to, now)
        .await
        .map_err(AppError::Internal)?;
    // Bots give their sheets again, ready: the same sheets, since they come from the phase's seed.
    let reopened = kinds::AnyGame::from_json(target.state.clone()).map_err(|error| AppError::Internal(error.into()))?;
    crate::turns::bots::order_for_bots(&mut gm.tx, &game, to, &reopened, now).await.map_err(AppError::Internal)?;
    let undone = current.phase_index - to;
    let detail =
        format!("Rolled the game back to {} ({undone} phase(s) undone, kept in the archive): {reason}", target.label);
    super::finish(gm, &signed_in, GmAction::RollBack, &detail, "The game is rolled back.").await
}
