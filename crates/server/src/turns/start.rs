//! Starting a game: checks that every seat is taken, places every seat as the kind's seat plan says
//! (`games::seating`), sets the first deadline and
//! opens the first phase (`turns`). Shared by the GM's "start" button and the automatic start when the
//! last seat is taken.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::error::AppError;
use crate::games::deadline::DeadlineKind;
use crate::games::model::{GameStatus, PowerAssignment, has_powers};
use crate::games::queries::{self, GameRow, SeatRow};
use crate::turns;

/// Why a game cannot start yet, in words for the GM.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotReady {
    AlreadyStarted,
    SeatsEmpty { filled: usize, needed: usize },
    PowersUnassigned,
}

impl std::fmt::Display for NotReady {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotReady::AlreadyStarted => f.write_str("The game has already started."),
            NotReady::SeatsEmpty { filled, needed } => {
                write!(f, "Only {filled} of {needed} seats are taken; the game starts when every seat is.")
            }
            NotReady::PowersUnassigned => f.write_str("Assign a power to every seat first."),
        }
    }
}

/// Checks whether the game (locked by the caller) can start now.
pub fn readiness(game: &GameRow, seats: &[SeatRow]) -> Result<(), NotReady> {
    if game.status != GameStatus::Forming {
        return Err(NotReady::AlreadyStarted);
    }
    let filled = seats.iter().filter(|seat| seat.account_id.is_some()).count();
    let needed = usize::try_from(game.seat_count).unwrap_or(usize::MAX);
    if filled < needed {
        return Err(NotReady::SeatsEmpty { filled, needed });
    }
    let unassigned = has_powers(game.kind) && seats.iter().any(|seat| seat.powers.is_empty());
    if unassigned && game.power_assignment == PowerAssignment::GmAssigns {
        return Err(NotReady::PowersUnassigned);
    }
    Ok(())
}

/// Starts the game if it is ready, inside the caller's transaction (which holds the game row lock).
/// Seats without a power get one of the free powers, drawn with the game's seeded generator so the
/// draw can be replayed (rulings 0.4).
pub async fn start_if_ready(
    conn: &mut PgConnection,
    game: &GameRow,
    now: DateTime<Utc>,
) -> Result<Result<DateTime<Utc>, NotReady>, AppError> {
    let seats = queries::seats(conn, game.game_id).await?;
    if let Err(not_ready) = readiness(game, &seats) {
        return Ok(Err(not_ready));
    }
    crate::games::seating::place_at_start(conn, game, &seats).await?;
    let deadline = game.settings().deadlines.next_deadline(DeadlineKind::Movement, now);
    crate::games::status::start(conn, game.game_id, now, deadline).await?;
    turns::tick::open_first_phase(conn, game, now).await?;
    crate::notify::enqueue_game_start(conn, game.game_id, now).await?;
    Ok(Ok(deadline))
}
