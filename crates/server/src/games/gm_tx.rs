//! The GM transaction every GM action runs in: the game row locked, its seats read, the viewer checked
//! to be its GM; `finish` writes the audit line and commits.

use axum::response::Redirect;
use chrono::{DateTime, Utc};
use sqlx::{Postgres, Transaction};

use super::access::Access;
use super::load::load_visible_game_locked;
use super::model::{GameStatus, GmAction};
use super::queries::{self as game_queries, GameRow, SeatRow};
use crate::error::{AppError, AppResult};
use crate::extract::{SignedIn, User, set_flash};
use crate::ids::{GameId, SeatId};
use crate::state::AppState;
use crate::turns::queries as turn_queries;

pub(crate) fn require_gm(access: &Access) -> AppResult<()> {
    if access.is_gm { Ok(()) } else { Err(AppError::Forbidden("Only this game's GM can do that.".to_owned())) }
}

/// An open GM transaction: the game row is locked and the user is its GM.
pub(crate) struct GmTransaction {
    pub(crate) tx: Transaction<'static, Postgres>,
    pub(crate) game: GameRow,
    pub(crate) seats: Vec<SeatRow>,
}

pub(crate) async fn begin_as_gm(state: &AppState, user: &User, game_id: GameId) -> AppResult<GmTransaction> {
    let mut tx = state.db.begin().await?;
    let (game, seats, access) =
        load_visible_game_locked(&mut tx, game_id, Some(user), "", game_queries::RowLock::Update).await?;
    require_gm(&access)?;
    Ok(GmTransaction { tx, game, seats })
}

impl GmTransaction {
    pub(crate) async fn finish(
        mut self,
        signed_in: &SignedIn,
        action: GmAction,
        detail: &str,
        flash: &str,
    ) -> AppResult<Redirect> {
        let game_id = self.game.game_id;
        game_queries::record_audit(&mut self.tx, game_id, signed_in.user.account_id, action, detail).await?;
        self.tx.commit().await?;
        set_flash(&signed_in.session, flash).await?;
        Ok(Redirect::to(&format!("/games/{game_id}/admin")))
    }

    /// The game's deadline, moved off its no-process weekdays if `deadline` falls on one.
    pub(crate) async fn keep_off_no_process_days(&mut self, deadline: DateTime<Utc>) -> AppResult<DateTime<Utc>> {
        let allowed = self.game.settings().deadlines.on_a_processing_day(deadline);
        if allowed != deadline {
            turn_queries::move_deadline(&mut self.tx, self.game.game_id, allowed).await?;
        }
        Ok(allowed)
    }

    pub(crate) fn require_status(&self, allowed: &[GameStatus], refusal: &str) -> AppResult<()> {
        if allowed.contains(&self.game.status) { Ok(()) } else { Err(AppError::Conflict(refusal.to_owned())) }
    }

    pub(crate) fn seat(&self, seat_id: SeatId) -> AppResult<&SeatRow> {
        self.seats.iter().find(|seat| seat.seat_id == seat_id).ok_or(AppError::NotFound)
    }

    /// How the audit log names a seat: by number and power, and by player unless the game is anonymous
    /// (the log is read by all players, so it must not unmask anyone).
    pub(crate) fn describe_seat(&self, seat: &SeatRow) -> String {
        let number = self.seats.iter().position(|other| other.seat_id == seat.seat_id).map_or(0, |index| index + 1);
        let powers: Vec<&str> = seat.powers.iter().map(|power| power.label()).collect();
        let mut description = format!("seat {number}");
        if !powers.is_empty() {
            description.push_str(&format!(" ({})", powers.join(", ")));
        }
        if let (false, Some(name)) = (self.game.anonymous, &seat.display_name) {
            description.push_str(&format!(", held by {name}"));
        }
        description
    }
}
