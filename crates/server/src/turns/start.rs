//! Starting a game: checks that every seat is taken, gives out powers (in Cabinet games, forms the
//! cabinets: `crate::cabinet::seating`), sets the first deadline and
//! opens the first phase (`turns`). Shared by the GM's "start" button and the automatic start when the
//! last seat is taken.

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sqlx::PgConnection;

use crate::error::AppError;
use crate::games::deadline::PhaseKind;
use crate::games::model::{GameStatus, Power, PowerAssignment, has_powers, is_cabinet};
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
    if is_cabinet(game.kind) {
        crate::cabinet::seating::place_at_start(conn, game, &seats).await?;
    } else if has_powers(game.kind) {
        for (seat, power) in draw_missing_powers(game.rng_seed, &seats) {
            queries::give_power(conn, game.game_id, seat.seat_id, seat.role, power).await?;
        }
    }
    let deadline = game.settings().deadlines.next_deadline(PhaseKind::Movement, now);
    crate::games::status::start(conn, game.game_id, now, deadline).await?;
    turns::tick::open_first_phase(conn, game, now).await?;
    crate::notify::enqueue_game_start(conn, game.game_id, now).await?;
    Ok(Ok(deadline))
}

/// Pairs each seat without a power with a free power, in an order fixed by `seed`.
pub fn draw_missing_powers(seed: i64, seats: &[SeatRow]) -> Vec<(&SeatRow, Power)> {
    let mut free: Vec<Power> =
        Power::ALL.iter().copied().filter(|power| !seats.iter().any(|seat| seat.powers.contains(power))).collect();
    free.shuffle(&mut ChaCha8Rng::seed_from_u64(seed as u64));
    seats.iter().filter(|seat| seat.powers.is_empty()).zip(free).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::SeatRole;
    use crate::ids::{AccountId, SeatId};

    fn seat(id: i64, powers: Vec<Power>) -> SeatRow {
        SeatRow {
            seat_id: SeatId(id),
            role: SeatRole::Player,
            account_id: Some(AccountId(id)),
            display_name: None,
            powers,
            game_seat: None,
        }
    }

    #[test]
    fn the_random_draw_gives_each_seat_a_distinct_free_power_and_repeats_with_the_same_seed() {
        let seats: Vec<SeatRow> = (1..=6).map(|id| seat(id, vec![])).chain([seat(7, vec![Power::France])]).collect();
        let draw = |seed| draw_missing_powers(seed, &seats).iter().map(|(s, p)| (s.seat_id, *p)).collect::<Vec<_>>();
        let first = draw(42);
        assert_eq!(first.len(), 6);
        assert!(first.iter().all(|(_, power)| *power != Power::France));
        let mut powers: Vec<_> = first.iter().map(|(_, power)| power.slug()).collect();
        powers.sort_unstable();
        powers.dedup();
        assert_eq!(powers.len(), 6);
        assert_eq!(first, draw(42));
    }
}
