//! Bots' orders, given inside the turn worker's transaction as each phase opens (issue 28): every seat
//! a bot holds that must order gets `bots::orders_for` with the phase's seed, checked by the kind like
//! a human's sheet, stored as its sheet and marked ready. A bot seat is therefore never a missed phase,
//! a phase waits only for its humans, and a rollback that replays a phase replays the same sheets.
//!
//! A bot decides from the seat's own view (`bots::SeatKnowledge`), so it holds exactly that seat's
//! secrets; its sheet is stored like a human's and shown only where a human's would be.

use chrono::{DateTime, Utc};
use kinds::{AnyGame, SeatIndex};
use sqlx::PgConnection;

use super::queries;
use super::tick::phase_seed;
use crate::games::model::GmAction;
use crate::games::queries::{self as game_queries, GameRow};
use crate::ids::SeatId;
use crate::standby::seat_title;

/// Gives the orders of every bot seat that must order in phase `phase_index` (just opened from
/// `state`), ready; then, in a game that processes early, brings the deadline forward when no human
/// has orders to give. Returns how many bot sheets were stored.
pub(crate) async fn order_for_bots(
    conn: &mut PgConnection,
    game: &GameRow,
    phase_index: i32,
    state: &AnyGame,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    if state.outcome().is_some() {
        return Ok(0);
    }
    let seed = phase_seed(game.rng_seed, phase_index);
    let bot_seats = queries::bot_seats(conn, game.game_id).await?;
    let mut given = 0;
    for (seat_id, game_seat) in bot_seats.iter().filter(|(_, game_seat)| state.must_order(*game_seat)) {
        let sheet = checked_sheet(state, *game_seat, seed);
        queries::store_bot_sheet(conn, game.game_id, phase_index, *seat_id, &sheet).await?;
        given += 1;
    }
    if given > 0 && queries::has_human_seat(conn, game.game_id).await? {
        queries::bring_deadline_forward_if_all_ready(conn, game.game_id, phase_index, now).await?;
    }
    Ok(given)
}

/// The bot's sheet as the seat's check accepts it (canonical lines only): a line the check refused
/// would be refused to a human too, so it is dropped rather than stored.
pub(crate) fn checked_sheet(state: &AnyGame, seat: SeatIndex, seed: u64) -> String {
    let proposed = bots::orders_for(state, seat, seed);
    state.check_orders(seat, &proposed).sheet()
}

/// In a game whose bots replace absent players, a bot stands in for each seat in civil disorder (no
/// player, or two phases missed in a row) from the phase that just opened, until someone takes the seat
/// over from the standby page. Kinds whose engine seats people fill a post from their own standby list
/// instead, so they are left alone. Each stand-in is written in the game's audit log.
pub(crate) async fn stand_in_for_disorder(conn: &mut PgConnection, game: &GameRow) -> anyhow::Result<()> {
    if !game.bots_replace_disorder || game.kind.facts().seats.engine_seats_people() {
        return Ok(());
    }
    let seats = game_queries::seats(conn, game.game_id).await?;
    let in_disorder = crate::standby::seats_in_civil_disorder(conn, game.game_id).await?;
    for seat in seats.iter().filter(|seat| !seat.bot && in_disorder.contains(&seat.seat_id)) {
        game_queries::set_seat_bot(conn, seat.seat_id, true).await?;
        let detail = format!(
            "A bot stands in for {}, in civil disorder, until a player takes it over.",
            seat_title(&seats, seat.seat_id)
        );
        game_queries::record_audit(conn, game.game_id, game.gm_account_id, GmAction::GiveSeatToBot, &detail).await?;
    }
    Ok(())
}

/// A seat just given to a bot in a running game orders the current phase at once (the phase's own
/// seed, so replaying the phase gives the same sheet).
pub(crate) async fn order_now(
    conn: &mut PgConnection,
    game: &GameRow,
    seat_id: SeatId,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let Some(phase) = queries::current_phase(conn, game.game_id).await? else { return Ok(()) };
    let state = AnyGame::from_json(phase.state)?;
    let Some(game_seat) = game_queries::seats(conn, game.game_id)
        .await?
        .iter()
        .find(|seat| seat.seat_id == seat_id)
        .and_then(|seat| seat.game_seat)
    else {
        return Ok(());
    };
    let game_seat = SeatIndex(u16::try_from(game_seat)?);
    if state.outcome().is_some() || !state.must_order(game_seat) {
        return Ok(());
    }
    let sheet = checked_sheet(&state, game_seat, phase_seed(game.rng_seed, phase.phase_index));
    queries::store_bot_sheet(conn, game.game_id, phase.phase_index, seat_id, &sheet).await?;
    if queries::has_human_seat(conn, game.game_id).await? {
        queries::bring_deadline_forward_if_all_ready(conn, game.game_id, phase.phase_index, now).await?;
    }
    Ok(())
}

/// A seat taken back from its bot: its sheet for the current phase stays, as a suggestion, but no
/// longer ready, so the phase waits for whoever takes the seat.
pub(crate) async fn unready(conn: &mut PgConnection, game: &GameRow, seat_id: SeatId) -> anyhow::Result<()> {
    queries::unready_current_sheet(conn, game.game_id, seat_id).await?;
    Ok(())
}
