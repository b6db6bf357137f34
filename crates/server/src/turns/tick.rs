//! Starting a game's first phase and processing due phases, each in the caller's one transaction.

use anyhow::{Context, anyhow};
use chrono::{DateTime, Utc};
use kinds::{AnyGame, Processed};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{PgConnection, PgPool};

use super::board::center_counts;
use super::end;
use super::queries::{self, NewPhase, PhaseToProcess, Stage};
use crate::games::deadline::DeadlineKind;
use crate::games::queries::{self as game_queries, GameRow};
use crate::games::seating;
use crate::games::status;
use crate::ids::{GameId, SeatId};
use crate::notify;

/// What one call of [`tick`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The game's current phase was processed and its next phase opened.
    Advanced(GameId),
    /// No game was due (or every due game is being processed by another worker).
    Idle,
}

/// Processes the current phase of one due game, if there is one, in a single transaction: claim the
/// game row, load the phase's state and orders, adjudicate with the game's seeded generator, store the
/// results and the next phase with its deadline, and commit. A crash before the commit changes nothing,
/// so the next call processes the same phase once.
///
/// The commit does not wait for the disk (see [`queries::BEGIN_WITHOUT_WAITING_FOR_DISK`]): a phase
/// lost by a database crash in the moment after its commit is processed again by the next worker, with
/// the same orders and the same seed, so to the same results.
pub async fn tick(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Outcome> {
    let mut tx = pool.begin_with(queries::BEGIN_WITHOUT_WAITING_FOR_DISK).await?;
    let Some(game_id) = queries::claim_due_game(&mut tx, now).await? else {
        return Ok(Outcome::Idle);
    };
    if let Err(error) = process_claimed_game(&mut tx, game_id, now).await {
        // Roll back, then keep the game out of the queue for a while, so one broken game cannot
        // hold up every other due game.
        drop(tx);
        queries::postpone_after_failure(pool, game_id, now + RETRY_AFTER_FAILURE).await?;
        return Err(error.context(format!("processing game {game_id}")));
    }
    tx.commit().await?;
    Ok(Outcome::Advanced(game_id))
}

/// How long a game whose phase could not be processed waits before the worker tries it again.
pub const RETRY_AFTER_FAILURE: chrono::Duration = chrono::Duration::minutes(10);

/// Processes the current phase of a game claimed (and locked) in the caller's transaction.
pub(crate) async fn process_claimed_game(
    conn: &mut PgConnection,
    game_id: GameId,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let (game, seats) = game_queries::game_and_seats(conn, game_id).await?.context("the claimed game vanished")?;
    // A game whose GM previews results gets a preview instead, released later by the GM (`gm::preview`).
    if game.preview_results {
        return crate::turns::preview::make_preview(conn, &game, now).await;
    }
    process_current_phase(conn, &game, &game_queries::numbering(&seats), now).await
}

/// The seed of one phase's randomness: a stream of the game's generator per phase, so each phase's dice
/// are fixed by the game's seed (rulings 0.4) yet differ from phase to phase.
pub fn phase_seed(game_seed: i64, phase_index: i32) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed as u64);
    rng.set_stream(u64::from(phase_index.unsigned_abs()));
    rng.random()
}

/// Creates the game kind's state, numbers the seats as the kind does, and opens phase 0. Called by the
/// game start inside its transaction, after powers are given out.
pub async fn open_first_phase(conn: &mut PgConnection, game: &GameRow, now: DateTime<Utc>) -> anyhow::Result<()> {
    let kind = game.kind;
    let seats = game_queries::seats(conn, game.game_id).await?;
    let mut settings = queries::kind_settings(conn, game.game_id).await?;
    if !kind.facts().seats.has_powers() {
        settings = with_player_count(settings, seats.len());
    }
    let mut state = AnyGame::new(kind, &settings, game.rng_seed as u64).map_err(|error| anyhow!("{error}"))?;
    let numbering = seating::number_seats(&state, &seats)?;
    seating::seat_people(&mut state, &seats, &numbering)?;
    for (seat_id, game_seat) in &numbering {
        queries::set_game_seat(conn, *seat_id, game_seat.0).await?;
    }
    let sheets = order_sheets(&state, &numbering);
    open_phase(conn, game.game_id, 0, &state, &sheets, now, queries::OpeningWith::default()).await?;
    super::bots::order_for_bots(conn, game, 0, &state, now).await?;
    Ok(())
}

/// A kind of players without powers takes its number of players from the seats taken at the start (the
/// GM's `seat_count`), beside the kind's own settings.
fn with_player_count(settings: serde_json::Value, players: usize) -> serde_json::Value {
    let mut settings = match settings {
        serde_json::Value::Object(fields) => fields,
        _ => serde_json::Map::new(),
    };
    settings.insert("players".to_owned(), players.into());
    serde_json::Value::Object(settings)
}

/// Stores phase `index` starting from `state`, with an order sheet per seat unless the game is over,
/// and what `with` says besides.
async fn open_phase(
    conn: &mut PgConnection,
    game_id: GameId,
    index: i32,
    state: &AnyGame,
    sheets: &[(SeatId, bool)],
    now: DateTime<Utc>,
    with: queries::OpeningWith<'_>,
) -> anyhow::Result<()> {
    let info = state.phase();
    let center_counts = state.public_view().board.as_ref().map(center_counts);
    let phase = NewPhase { game_id, index, info: &info, state: state.to_json(), started_at: now, center_counts };
    queries::open_phase(conn, phase, sheets, with).await?;
    crate::live::raise(conn, game_id, crate::live::Event::Phase { index, label: info.label.clone() }).await?;
    Ok(())
}

/// Each numbered seat and whether it must order in `state`; none once the game is over.
fn order_sheets(state: &AnyGame, numbering: &[(SeatId, kinds::SeatIndex)]) -> Vec<(SeatId, bool)> {
    match state.outcome() {
        Some(_) => Vec::new(),
        None => numbering.iter().map(|(seat_id, game_seat)| (*seat_id, state.must_order(*game_seat))).collect(),
    }
}

/// Adjudicates the game's current phase with its saved orders and seed, changing nothing: what
/// processing it now would give (for the GM's preview and the release's check), and the state it
/// started from.
pub(crate) async fn adjudicate_current_phase(
    conn: &mut PgConnection,
    game: &GameRow,
) -> anyhow::Result<(PhaseToProcess, AnyGame, Processed<AnyGame>)> {
    let mut phase =
        queries::phase_to_process(conn, game.game_id).await?.context("a running game without a current phase")?;
    let state = AnyGame::from_json(std::mem::take(&mut phase.state))?;
    let processed = state.process(&phase.orders, phase_seed(game.rng_seed, phase.phase_index));
    Ok((phase, state, processed))
}

/// Processes the game's current phase: results stored, the next phase opened (or the game finished),
/// mails queued. `game.deadline_at` is recorded as the deadline the phase was processed at; `numbering`
/// is every started seat's number in the state (`games::queries::numbering`).
pub(crate) async fn process_current_phase(
    conn: &mut PgConnection,
    game: &GameRow,
    numbering: &[(SeatId, kinds::SeatIndex)],
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let game_id = game.game_id;
    let (phase, before, processed) = adjudicate_current_phase(conn, game).await?;
    // Who answers for each sheet on the record, before the engine moves anyone.
    crate::reliability::queries::stamp_holders(conn, game_id, phase.phase_index).await?;
    crate::reliability::disorder::leave_seats_of_absent_players(conn, game, phase.phase_index, now).await?;
    let next = processed.next;
    // A kind's rules may move people between seats (a Cabinet relief or coup, CAB.1).
    let moved = seating::follow_engine(conn, game, &next).await?;
    crate::notices::tell_holder_changes(conn, game_id, &moved, now).await?;
    crate::notices::tell_asks(conn, game_id, &before.asks(&next), now).await?;
    let sheets = order_sheets(&next, numbering);
    let must_order: Vec<SeatId> = sheets.iter().filter(|(_, must)| *must).map(|(seat_id, _)| *seat_id).collect();
    // The next deadline is stored with the results, unless the phase may end the game: by a victory, or
    // by standing votes that the eliminations make unanimous.
    let may_end = next.outcome().is_some() || phase.agreements_pending;
    let deadline = (!may_end).then(|| next_deadline(game, &next, &must_order, now));
    let closing = queries::PhaseResults {
        index: phase.phase_index,
        deadline_at: game.deadline_at,
        processed_at: now,
        public_report: &processed.public,
    };
    let with = queries::OpeningWith { closing: Some(closing), deadline };
    open_phase(conn, game_id, phase.phase_index + 1, &next, &sheets, now, with).await?;
    let private: Vec<(SeatId, &kinds::Report)> = processed
        .private
        .iter()
        .filter_map(|(game_seat, report)| {
            numbering.iter().find(|(_, number)| number == game_seat).map(|(seat_id, _)| (*seat_id, report))
        })
        .collect();
    queries::insert_private_reports(conn, game_id, phase.phase_index, &private).await?;
    match next.outcome() {
        Some(kinds::Outcome::Victory { summary, .. }) => {
            status::finish(conn, game_id, now, Some(&summary)).await?;
            notify::enqueue_game_end(conn, game_id, now).await?;
        }
        None if phase.agreements_pending && end::finish_if_agreed(conn, game_id, &next, now).await? => {}
        None => {
            let deadline = match deadline {
                Some(stored) => stored,
                None => {
                    let deadline = next_deadline(game, &next, &must_order, now);
                    queries::set_deadline(conn, game_id, deadline).await?;
                    deadline
                }
            };
            let facts = notify::NewPhaseFacts {
                game_id,
                game_name: &game.name,
                processed_index: phase.phase_index,
                processed_label: &phase.label,
                events: &processed.public.events,
                next_label: &next.phase().label,
                deadline: Some(deadline),
                must_order: &must_order,
            };
            notify::enqueue_new_phase(conn, facts, now).await?;
            // Last, once the deadline is stored: bots may bring it forward.
            super::bots::stand_in_for_disorder(conn, game).await?;
            super::bots::order_for_bots(conn, game, phase.phase_index + 1, &next, now).await?;
        }
    }
    Ok(())
}

/// The deadline of the phase `next` opens. A phase in which nobody must order is processed at once, in
/// games that process early: the new sheets are not ready yet, so "every seat that must order is
/// ready" means no seat must.
fn next_deadline(game: &GameRow, next: &AnyGame, must_order: &[SeatId], now: DateTime<Utc>) -> DateTime<Utc> {
    let deadline = game.settings().deadlines.next_deadline(deadline_kind(next.phase().stage.into()), now);
    if game.process_when_ready && must_order.is_empty() { deadline.min(now) } else { deadline }
}

/// Which of the game's three durations a stage uses; a Covert Operations day counts as a movement phase.
pub(crate) fn deadline_kind(stage: Stage) -> DeadlineKind {
    match stage {
        Stage::Movement | Stage::Day => DeadlineKind::Movement,
        Stage::Retreat => DeadlineKind::Retreat,
        Stage::Adjustment => DeadlineKind::Adjustment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_phase_gets_its_own_seed_and_the_same_game_and_phase_always_get_the_same_one() {
        assert_eq!(phase_seed(42, 3), phase_seed(42, 3));
        assert_ne!(phase_seed(42, 3), phase_seed(42, 4));
        assert_ne!(phase_seed(42, 3), phase_seed(43, 3));
    }
}
