//! What a seat does in its open phase, shared by the order page and the API: load the viewer's seat
//! (refusing anyone without one), mark it ready, vote for a draw.

use chrono::{DateTime, Utc};
use kinds::AnyGame;
use sqlx::PgConnection;

use super::queries::{self, OpenPhase, SeatInPhase, SheetRow};

use crate::error::{AppError, AppResult};
use crate::extract::User;
use crate::games::load::{load_visible_game, load_visible_game_locked};
use crate::games::model::GameStatus;
use crate::games::queries::{self as game_queries, GameRow, RowLock};
use crate::ids::{GameId, SeatId};
use crate::turns::end;
use crate::turns::queries as turn_queries;

/// The viewer's own seat in a running game's current phase, with the state that phase starts from.
pub(crate) struct MySeat {
    pub game: GameRow,
    pub seat_id: SeatId,
    pub game_seat: kinds::SeatIndex,
    pub phase: OpenPhase,
    pub state: AnyGame,
    /// Every started seat's number in the state.
    pub numbering: Vec<(SeatId, kinds::SeatIndex)>,
    /// The seat's sheet in the phase (none once the game is over), locked when the seat was loaded
    /// with a lock.
    pub sheet: Option<SheetRow>,
    pub sheet_locked: bool,
    pub votes_for_draw: bool,
    pub conceded_to: Option<SeatId>,
}

/// Loads the viewer's seat, refusing anyone who does not hold a seat in this running game. With a
/// `lock`, the game row stays locked until the transaction ends: the turn worker claims a game for
/// update, so orders are never saved into a phase while it is being processed.
pub(crate) async fn load_my_seat(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    lock: Option<RowLock>,
) -> AppResult<MySeat> {
    let (game, seats, access) = match lock {
        Some(lock) => load_visible_game_locked(conn, game_id, Some(user), "", lock).await?,
        None => load_visible_game(conn, game_id, Some(user), "").await?,
    };
    let seat_id = access.my_seat.ok_or_else(|| {
        AppError::Forbidden("Only the players of this game give orders, each for their own seat.".to_owned())
    })?;
    require_running(game.status)?;
    let sheet_locked = lock.is_some();
    let in_phase = match queries::seat_in_open_phase(conn, game_id, seat_id, sheet_locked).await? {
        Some(in_phase) => Some(in_phase),
        // The locking read finds nothing for a seat without a sheet; the phase is read without it.
        None if sheet_locked => queries::seat_in_open_phase(conn, game_id, seat_id, false).await?,
        None => None,
    };
    let SeatInPhase { phase, sheet, votes_for_draw, conceded_to } =
        in_phase.ok_or_else(|| AppError::Conflict("This game has no phase to order for.".to_owned()))?;
    let numbering = game_queries::numbering(&seats);
    let game_seat = game_queries::number_of(&seats, seat_id)
        .ok_or_else(|| AppError::Conflict("Your seat has no orders to give in this game.".to_owned()))?;
    let state = AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))?;
    Ok(MySeat { game, seat_id, game_seat, phase, state, numbering, sheet, sheet_locked, votes_for_draw, conceded_to })
}

/// Why a seat may not vote on a draw or concede.
pub(crate) const NOT_A_DECIDER: &str =
    "Only powers still in the game vote on a draw or concede, each through the seat the game's rules name.";

impl MySeat {
    /// Whether this seat votes on draws and concessions (a surviving seat, or the seat the kind names
    /// for its power).
    pub(crate) fn decides_the_end(&self) -> bool {
        end::deciding_seats(&self.state, &self.numbering).iter().any(|(seat_id, _)| *seat_id == self.seat_id)
    }

    /// The seat's sheet in the phase; a seat without one has nothing to show or change.
    pub(crate) fn sheet(&self) -> AppResult<&SheetRow> {
        self.sheet.as_ref().ok_or_else(|| AppError::Conflict("Your seat has no order sheet in this phase.".to_owned()))
    }
}

fn require_running(status: GameStatus) -> AppResult<()> {
    let refusal = match status {
        GameStatus::Running => return Ok(()),
        GameStatus::Forming => "The game has not started yet; orders open with its first phase.",
        GameStatus::Paused => "The game is paused; orders open again when the GM resumes it.",
        GameStatus::Finished => "The game is over; there are no more orders to give.",
    };
    Err(AppError::Conflict(refusal.to_owned()))
}

/// Marks the user's seat ready (or not) for phase `phase_index`, if it is still open, and brings the
/// deadline forward when that makes every seat ready. Shared by the order page and the API.
pub(crate) async fn mark_ready(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    phase_index: i32,
    ready: bool,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let seat = load_my_seat(conn, game_id, user, Some(RowLock::Update)).await?;
    require_open_phase(&seat, phase_index, now)?;
    queries::set_ready(conn, game_id, seat.phase.phase_index, seat.seat_id, ready).await?;
    crate::live::raise(conn, game_id, crate::live::Event::Orders { phase: seat.phase.phase_index }).await?;
    turn_queries::bring_deadline_forward_if_all_ready(conn, game_id, seat.phase.phase_index, now).await?;
    Ok(())
}

/// Records the user's seat's draw vote (or its withdrawal) and answers whether the game has ended in a
/// draw. Shared by the order page and the API.
pub(crate) async fn record_draw_vote(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    draw: bool,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let seat = load_my_seat(conn, game_id, user, Some(RowLock::Update)).await?;
    if !seat.decides_the_end() {
        return Err(AppError::Conflict(NOT_A_DECIDER.to_owned()));
    }
    turn_queries::set_draw_vote(conn, game_id, seat.seat_id, draw).await?;
    Ok(draw && end::finish_if_agreed(conn, game_id, &seat.state, now).await?)
}

/// Refuses orders for a phase other than the current one, or after its deadline has passed.
pub(crate) fn require_open_phase(seat: &MySeat, phase_index: i32, now: DateTime<Utc>) -> AppResult<()> {
    if phase_index != seat.phase.phase_index {
        return Err(AppError::Conflict(format!(
            "Those orders were for an earlier phase, which has been processed; nothing was saved. \
             The game is now in {}: open the orders page again.",
            seat.phase.label
        )));
    }
    if seat.game.deadline_at.is_some_and(|deadline| deadline <= now) {
        return Err(AppError::Conflict(
            "The deadline has passed and this phase is being processed; nothing was saved.".to_owned(),
        ));
    }
    if crate::turns::preview::awaits_release(&seat.game) {
        return Err(AppError::Conflict(crate::turns::preview::ORDERS_CLOSED.to_owned()));
    }
    Ok(())
}

/// Concedes the user's seat's game to another surviving seat (`None`: withdraws the concession) and
/// answers whether the game has ended, every other surviving seat having conceded to the same one.
/// Shared by the order page and the API.
pub(crate) async fn concede_to(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    to: Option<SeatId>,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let seat = load_my_seat(conn, game_id, user, Some(RowLock::Update)).await?;
    let survivors = end::deciding_seats(&seat.state, &seat.numbering);
    if !seat.decides_the_end() {
        return Err(AppError::Conflict(NOT_A_DECIDER.to_owned()));
    }
    if let Some(to) = to
        && (to == seat.seat_id || !survivors.iter().any(|(seat_id, _)| *seat_id == to))
    {
        return Err(AppError::BadRequest("You can concede only to another power still in the game.".to_owned()));
    }
    turn_queries::set_concession(conn, game_id, seat.seat_id, to).await?;
    Ok(to.is_some() && end::finish_if_agreed(conn, game_id, &seat.state, now).await?)
}
