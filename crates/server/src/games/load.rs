//! Loading a game for a viewer: the game, its seats and the viewer's access in one read, locked or not;
//! a game the viewer may not see answers 404 either way, so private games stay unknown.

use sqlx::PgConnection;

use super::access::Access;
use super::queries::{self, GameRow, SeatRow};
use crate::error::{AppError, AppResult};
use crate::extract::User;
use crate::ids::GameId;

/// Loads a game the viewer may see; games they may not see answer 404, so private games stay unknown.
pub async fn load_visible_game(
    conn: &mut PgConnection,
    game_id: GameId,
    user: Option<&User>,
    invite: &str,
) -> AppResult<(GameRow, Vec<SeatRow>, Access)> {
    let (game, seats) = queries::game_and_seats(conn, game_id).await?.ok_or(AppError::NotFound)?;
    let access = visible_access(&game, &seats, user, invite)?;
    Ok((game, seats, access))
}

/// [`load_visible_game`] with the game's row locked as `lock` says until the transaction ends (and read
/// after the lock is granted).
pub async fn load_visible_game_locked(
    conn: &mut PgConnection,
    game_id: GameId,
    user: Option<&User>,
    invite: &str,
    lock: queries::RowLock,
) -> AppResult<(GameRow, Vec<SeatRow>, Access)> {
    let (game, seats) = queries::game_and_seats_locked(conn, game_id, lock).await?.ok_or(AppError::NotFound)?;
    let access = visible_access(&game, &seats, user, invite)?;
    Ok((game, seats, access))
}

/// The viewer's access to a game; a game they may not see answers 404.
pub(crate) fn visible_access(
    game: &GameRow,
    seats: &[SeatRow],
    user: Option<&User>,
    invite: &str,
) -> AppResult<Access> {
    let access = Access::of(game, user, seats, invite);
    if access.can_view(game) { Ok(access) } else { Err(AppError::NotFound) }
}
