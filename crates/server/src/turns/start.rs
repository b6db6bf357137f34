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

/// Checks whether the game (locked by the caller) can start now. A bot's seat is a taken seat.
pub fn readiness(game: &GameRow, seats: &[SeatRow]) -> Result<(), NotReady> {
    if game.status != GameStatus::Forming {
        return Err(NotReady::AlreadyStarted);
    }
    let filled = seats.iter().filter(|seat| seat.account_id.is_some() || seat.bot).count();
    let needed = usize::try_from(game.seat_count).unwrap_or(usize::MAX);
    if filled < needed {
        return Err(NotReady::SeatsEmpty { filled, needed });
    }
    // A bot's seat gets a free power drawn at the start, whoever assigns the others.
    let unassigned = has_powers(game.kind) && seats.iter().any(|seat| !seat.bot && seat.powers.is_empty());
    if unassigned && game.power_assignment == PowerAssignment::GmAssigns {
        return Err(NotReady::PowersUnassigned);
    }
    Ok(())
}

/// Whether the GM's "start" may start the game now: as [`readiness`], except that in a game whose empty
/// seats are filled with bots at the start, only the players who joined count (at least one).
pub fn readiness_to_start_now(game: &GameRow, seats: &[SeatRow]) -> Result<(), NotReady> {
    let humans = seats.iter().filter(|seat| seat.account_id.is_some()).count();
    match readiness(game, seats) {
        Err(NotReady::SeatsEmpty { .. }) if game.bots_fill_at_start && humans > 0 => Ok(()),
        other => other,
    }
}

/// Starts the game now if [`readiness_to_start_now`] allows: the GM's "start" button and a game against
/// bots. In a game that fills its empty seats with bots, a bot takes each seat still empty first.
pub async fn start_now(
    conn: &mut PgConnection,
    game: &GameRow,
    now: DateTime<Utc>,
) -> Result<Result<DateTime<Utc>, NotReady>, AppError> {
    let seats = queries::seats(conn, game.game_id).await?;
    if let Err(not_ready) = readiness_to_start_now(game, &seats) {
        return Ok(Err(not_ready));
    }
    if game.bots_fill_at_start {
        // A seat left by a player who went (no account, no bot) gets a bot too, then each seat never taken.
        for seat in seats.iter().filter(|seat| seat.account_id.is_none() && !seat.bot) {
            queries::set_seat_bot(conn, seat.seat_id, false).await?;
        }
        for _ in seats.len()..usize::try_from(game.seat_count).unwrap_or(0) {
            queries::insert_bot_seat(conn, game.game_id).await?;
        }
    }
    start_if_ready(conn, game, now).await
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
    begin(conn, game, &seats, now).await.map(Ok)
}

/// Starts a forming game whatever its seats (the caller checked): places them, opens the first phase
/// and tells the players. A seat without holder starts open, for anyone to take over (a muster's end).
pub async fn begin(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, AppError> {
    crate::games::seating::place_at_start(conn, game, seats).await?;
    let deadline = game.settings().deadlines.next_deadline(DeadlineKind::Movement, now);
    crate::games::status::start(conn, game.game_id, now, deadline).await?;
    turns::tick::open_first_phase(conn, game, now).await?;
    crate::notify::enqueue_game_start(conn, game.game_id, now).await?;
    Ok(deadline)
}
