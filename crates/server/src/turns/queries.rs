//! SQL for phases, seat orders and private reports. Functions take `&mut PgConnection` so the turn
//! worker, the game start and order submission each run them inside their own single transaction.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use sqlx::types::Json;

use crate::ids::{GameId, SeatId};

/// How a phase's deadline is counted (`kinds::PhaseStage`, stored as the `phase_stage` enum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "phase_stage", rename_all = "snake_case")]
pub enum Stage {
    Movement,
    Retreat,
    Adjustment,
    Day,
}

impl From<kinds::PhaseStage> for Stage {
    fn from(stage: kinds::PhaseStage) -> Self {
        match stage {
            kinds::PhaseStage::Movement => Stage::Movement,
            kinds::PhaseStage::Retreat => Stage::Retreat,
            kinds::PhaseStage::Adjustment => Stage::Adjustment,
            kinds::PhaseStage::Day => Stage::Day,
        }
    }
}

/// Begins a transaction whose commit returns before its record is on disk (`synchronous_commit = off`
/// for this transaction only). PostgreSQL stays consistent: a crash can only lose the last fraction
/// of a second of such commits, whole, and any later ordinary commit (an order saved, a mail marked
/// sent) writes them to disk first, since the log is written in order. For the turn worker, whose
/// phases are deterministic, a lost commit is a phase processed again to the same results, and the
/// wait for the disk was most of a phase's time. Sent with the `begin`, in the same round trip.
pub const BEGIN_WITHOUT_WAITING_FOR_DISK: &str = "begin; set local synchronous_commit = off";

/// Claims one running game whose deadline has passed (a phase processed early because every seat is
/// ready has had its deadline moved to that moment). The row stays locked until the transaction ends;
/// games another worker holds are skipped, so replicas never process the same phase twice.
pub async fn claim_due_game(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<Option<GameId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select game_id as "game_id: GameId" from game
         where status = 'running' and deadline_at <= $1 and (turn_retry_at is null or turn_retry_at <= $1)
         order by deadline_at
         limit 1
         for update skip locked"#,
        now as _
    )
    .fetch_optional(conn)
    .await
}

/// If the game processes early and every seat that must order this phase is ready, brings its deadline
/// forward to `now`, so the worker processes the phase at once. Returns whether it did.
pub async fn bring_deadline_forward_if_all_ready(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "update game set deadline_at = $3
         where game_id = $1 and status = 'running' and process_when_ready and deadline_at > $3
           and not exists (
               select 1 from seat_order o
               where o.game_id = $1 and o.phase_index = $2 and o.must_order and not o.ready)",
        game_id as GameId,
        phase_index,
        now as _
    )
    .execute(&mut *conn)
    .await?;
    let brought_forward = done.rows_affected() > 0;
    if brought_forward {
        super::wake::wake_turn_workers(conn, game_id).await?;
    }
    Ok(brought_forward)
}

/// The started seats a bot holds, with their numbers in the game kind's state.
pub async fn bot_seats(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Vec<(SeatId, kinds::SeatIndex)>, sqlx::Error> {
    sqlx::query!(
        r#"select seat_id as "seat_id: SeatId", game_seat as "game_seat!" from seat
         where game_id = $1 and bot and game_seat is not null order by game_seat"#,
        game_id as GameId
    )
    .map(|row| (row.seat_id, kinds::SeatIndex(u16::try_from(row.game_seat).unwrap_or(0))))
    .fetch_all(conn)
    .await
}

/// Stores a bot's sheet for the phase, ready (a bot never changes its mind).
pub async fn store_bot_sheet(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    seat_id: SeatId,
    orders: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat_order set orders = $4, ready = true, updated_at = now()
         where game_id = $1 and phase_index = $2 and seat_id = $3",
        game_id as GameId,
        phase_index,
        seat_id as SeatId,
        orders
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The seat's sheet in the game's open phase, no longer ready.
pub async fn unready_current_sheet(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat_order o set ready = false from phase p
         where o.game_id = $1 and o.seat_id = $2 and p.game_id = o.game_id and p.phase_index = o.phase_index
           and p.processed_at is null",
        game_id as GameId,
        seat_id as SeatId
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Whether a person holds any seat of the game: a table of bots alone waits for its deadlines, so it
/// never turns the worker into a loop playing bots against bots.
pub async fn has_human_seat(conn: &mut PgConnection, game_id: GameId) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from seat where game_id = $1 and account_id is not null) as "human!""#,
        game_id as GameId
    )
    .fetch_one(conn)
    .await
}

/// The settings only this game's kind has (bribe prices and the like).
pub async fn kind_settings(conn: &mut PgConnection, game_id: GameId) -> Result<serde_json::Value, sqlx::Error> {
    sqlx::query_scalar!("select kind_settings from game where game_id = $1", game_id as GameId).fetch_one(conn).await
}

pub async fn set_game_seat(conn: &mut PgConnection, seat_id: SeatId, game_seat: u16) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat set game_seat = $2 where seat_id = $1",
        seat_id as SeatId,
        i16::try_from(game_seat).unwrap_or(i16::MAX)
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Every seat of the game with its number in the game kind's state.
pub async fn game_seats(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Vec<(SeatId, kinds::SeatIndex)>, sqlx::Error> {
    sqlx::query!(
        r#"select seat_id as "seat_id: SeatId", game_seat as "game_seat!" from seat
         where game_id = $1 and game_seat is not null order by game_seat"#,
        game_id as GameId
    )
    .map(|row| (row.seat_id, kinds::SeatIndex(u16::try_from(row.game_seat).unwrap_or(0))))
    .fetch_all(conn)
    .await
}

pub struct NewPhase<'a> {
    pub game_id: GameId,
    pub index: i32,
    pub info: &'a kinds::PhaseInfo,
    pub state: serde_json::Value,
    pub started_at: DateTime<Utc>,
    /// Supply centers per power on the public board (`None` for a game without a board).
    pub center_counts: Option<CenterCounts>,
}

/// Supply centers per power.
pub type CenterCounts = BTreeMap<String, usize>;

/// The results that close a processed phase.
pub struct PhaseResults<'a> {
    pub index: i32,
    /// The deadline the phase was processed at (the game's, when the worker processes it).
    pub deadline_at: Option<DateTime<Utc>>,
    pub processed_at: DateTime<Utc>,
    pub public_report: &'a kinds::Report,
}

/// What [`open_phase`] stores besides the new phase and its sheets.
#[derive(Default)]
pub struct OpeningWith<'a> {
    /// The phase before it, marked processed with its results first (only one phase is open at once).
    pub closing: Option<PhaseResults<'a>>,
    /// The game's next deadline; a notice about the earlier one no longer applies and is cleared.
    pub deadline: Option<DateTime<Utc>>,
}

/// Stores a new phase with an (empty) order sheet for each of `sheets` (a seat, and whether it must
/// order), with what `with` says, in one statement: the turn worker writes a processed phase in one
/// round trip. The sheets' foreign key to the phase is checked at the statement's end.
pub async fn open_phase(
    conn: &mut PgConnection,
    phase: NewPhase<'_>,
    sheets: &[(SeatId, bool)],
    with: OpeningWith<'_>,
) -> Result<(), sqlx::Error> {
    let seats: Vec<SeatId> = sheets.iter().map(|(seat, _)| *seat).collect();
    let must_order: Vec<bool> = sheets.iter().map(|(_, must)| *must).collect();
    let closing = with.closing.as_ref();
    // The new phase is stored only once the phase it follows is closed: `exists` reads the update's
    // row first, and the unique index on a game's open phase is checked as each row is stored.
    let opened = sqlx::query_scalar!(
        r#"with closed as (
           update phase set deadline_at = $12, processed_at = $13, public_report = $14
           where game_id = $1 and phase_index = $11 and processed_at is null
           returning phase_index),
         opened as (
           insert into phase (game_id, phase_index, code, label, stage, state, started_at, center_counts)
           select $1, $2, $3, $4, $5, $6, $7, $8
           where $11::integer is null or exists (select from closed)
           returning game_id, phase_index),
         sheets as (
           insert into seat_order (game_id, phase_index, seat_id, must_order)
           select opened.game_id, opened.phase_index, sheet.seat, sheet.must
           from opened, unnest($9::bigint[], $10::boolean[]) as sheet(seat, must)),
         deadline as (
           update game set deadline_at = $15, deadline_notice = null
           where game_id = $1 and $15::timestamptz is not null)
         select count(*) as "opened!" from opened"#,
        phase.game_id as GameId,
        phase.index,
        &phase.info.code,
        &phase.info.label,
        Stage::from(phase.info.stage) as Stage,
        phase.state,
        phase.started_at as _,
        Json(phase.center_counts) as _,
        seats as _,
        must_order as _,
        closing.map(|results| results.index),
        closing.and_then(|results| results.deadline_at) as _,
        closing.map(|results| results.processed_at) as _,
        closing.map(|results| Json(results.public_report)) as _,
        with.deadline as _
    )
    .fetch_one(conn)
    .await?;
    // Nothing was stored when the phase to close was not open.
    if opened == 1 { Ok(()) } else { Err(sqlx::Error::RowNotFound) }
}

/// A phase as stored, with the game state it started from.
#[derive(Debug)]
pub struct PhaseRow {
    pub phase_index: i32,
    pub code: String,
    pub label: String,
    pub stage: Stage,
    pub state: serde_json::Value,
    pub started_at: DateTime<Utc>,
    pub deadline_at: Option<DateTime<Utc>>,
    pub processed_at: Option<DateTime<Utc>>,
    pub public_report: Option<Json<kinds::Report>>,
    /// The game kind's numbers of the seats that had to order and have saved no order at all (so far,
    /// in a phase not yet processed): the results page names them.
    pub silent_seats: Vec<i16>,
}

pub async fn current_phase(conn: &mut PgConnection, game_id: GameId) -> Result<Option<PhaseRow>, sqlx::Error> {
    phase_row(conn, game_id, None).await
}

/// The phase `index` of the game, or with `None` its current (unprocessed) one.
async fn phase_row(
    conn: &mut PgConnection,
    game_id: GameId,
    index: Option<i32>,
) -> Result<Option<PhaseRow>, sqlx::Error> {
    sqlx::query_as!(
        PhaseRow,
        r#"select phase_index, code, label, stage as "stage: Stage", state,
            started_at as "started_at: DateTime<Utc>", deadline_at as "deadline_at: DateTime<Utc>",
            processed_at as "processed_at: DateTime<Utc>", public_report as "public_report: Json<kinds::Report>",
            array(select s.game_seat from seat_order o join seat s on s.seat_id = o.seat_id
                  where o.game_id = phase.game_id and o.phase_index = phase.phase_index and o.must_order
                    and btrim(o.orders) = '' and s.game_seat is not null
                  order by s.game_seat) as "silent_seats!: Vec<i16>"
         from phase
         where game_id = $1 and (($2::integer is null and processed_at is null) or phase_index = $2)"#,
        game_id as GameId,
        index
    )
    .fetch_optional(conn)
    .await
}

/// Replaces the state the current (unprocessed) phase starts from: a GM action taken before processing.
pub async fn replace_current_state(
    conn: &mut PgConnection,
    game_id: GameId,
    index: i32,
    state: serde_json::Value,
) -> Result<(), sqlx::Error> {
    sqlx::query!("update phase set state = $3, center_counts = null where game_id = $1 and phase_index = $2 and processed_at is null", game_id as GameId, index, state)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn phase(conn: &mut PgConnection, game_id: GameId, index: i32) -> Result<Option<PhaseRow>, sqlx::Error> {
    phase_row(conn, game_id, Some(index)).await
}

/// Every phase of the game, first to last.
/// A phase as lists of phases show it: without its state or report, which a long game's pages would
/// otherwise read for every phase.
#[derive(Debug)]
pub struct PhaseSummary {
    pub phase_index: i32,
    pub label: String,
    pub processed_at: Option<DateTime<Utc>>,
    /// `None` before it was computed (a phase opened before the column existed); JSON `null` inside for
    /// a game without a board.
    pub center_counts: Option<Json<Option<CenterCounts>>>,
}

pub async fn phase_summaries(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<PhaseSummary>, sqlx::Error> {
    sqlx::query_as!(
        PhaseSummary,
        r#"select phase_index, label, processed_at as "processed_at: DateTime<Utc>",
            center_counts as "center_counts: Json<Option<CenterCounts>>"
         from phase where game_id = $1 order by phase_index"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

/// The phases a results page links to, light: the first, the one before `index`, `index` itself, the
/// one after and the latest (phases are numbered 0, 1, 2, ... without gaps), so that the page reads the
/// same few rows however long the game.
pub async fn phase_neighbours(
    conn: &mut PgConnection,
    game_id: GameId,
    index: i32,
) -> Result<Vec<PhaseSummary>, sqlx::Error> {
    sqlx::query_as!(
        PhaseSummary,
        r#"select phase_index, label, processed_at as "processed_at: DateTime<Utc>",
            center_counts as "center_counts: Json<Option<CenterCounts>>"
         from phase
         where game_id = $1
           and (phase_index in (0, $2::bigint - 1, $2, $2 + 1)
                or phase_index = (select max(phase_index) from phase where game_id = $1))
         order by phase_index"#,
        game_id as GameId,
        // In bigint, so that the neighbours of the last int (or the first) are not an overflow error.
        i64::from(index)
    )
    .fetch_all(conn)
    .await
}

/// The states of the phases whose center counts were never computed.
pub async fn phases_without_counts(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Vec<(i32, serde_json::Value)>, sqlx::Error> {
    sqlx::query!("select phase_index, state from phase where game_id = $1 and center_counts is null", game_id as GameId)
        .map(|row| (row.phase_index, row.state))
        .fetch_all(conn)
        .await
}

pub async fn set_center_counts(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    counts: Option<&CenterCounts>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update phase set center_counts = $3 where game_id = $1 and phase_index = $2",
        game_id as GameId,
        phase_index,
        Json(counts) as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The phase's order sheets, by the seat's number in the game kind's state.
pub async fn order_sheets(
    conn: &mut PgConnection,
    game_id: GameId,
    index: i32,
) -> Result<Vec<(kinds::SeatIndex, String)>, sqlx::Error> {
    sqlx::query!(
        r#"select s.game_seat as "game_seat!", o.orders from seat_order o join seat s on s.seat_id = o.seat_id
         where o.game_id = $1 and o.phase_index = $2 and s.game_seat is not null"#,
        game_id as GameId,
        index
    )
    .map(|row| (kinds::SeatIndex(u16::try_from(row.game_seat).unwrap_or(0)), row.orders))
    .fetch_all(conn)
    .await
}

/// The current phase as processing reads it (the worker, the GM's preview and its release).
#[derive(Debug)]
pub struct PhaseToProcess {
    pub phase_index: i32,
    pub label: String,
    /// The state the phase started from.
    pub state: serde_json::Value,
    /// Every numbered seat's saved orders, by the game kind's seat number.
    pub orders: BTreeMap<kinds::SeatIndex, String>,
    /// Whether any seat has voted for a draw or conceded: only then can the phase end the game by
    /// agreement (`end::finish_if_agreed`).
    pub agreements_pending: bool,
}

/// The game's current phase with its orders and whether agreements are pending, in one statement:
/// the turn worker reads them for every phase, and a round trip costs the database more than the reads.
pub async fn phase_to_process(conn: &mut PgConnection, game_id: GameId) -> Result<Option<PhaseToProcess>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select p.phase_index, p.label, p.state,
            (select coalesce(json_agg(json_build_array(s.game_seat, o.orders)), '[]')
               from seat_order o join seat s on s.seat_id = o.seat_id
               where o.game_id = p.game_id and o.phase_index = p.phase_index and s.game_seat is not null)
              as "orders!: Json<Vec<(u16, String)>>",
            (exists (select 1 from draw_vote d where d.game_id = p.game_id)
              or exists (select 1 from concession c where c.game_id = p.game_id)) as "agreements_pending!"
         from phase p
         where p.game_id = $1 and p.processed_at is null"#,
        game_id as GameId
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|row| PhaseToProcess {
        phase_index: row.phase_index,
        label: row.label,
        state: row.state,
        orders: row.orders.0.into_iter().map(|(seat, orders)| (kinds::SeatIndex(seat), orders)).collect(),
        agreements_pending: row.agreements_pending,
    }))
}

/// Whether any seat of the game has voted for a draw or conceded.
pub async fn has_draw_votes_or_concessions(conn: &mut PgConnection, game_id: GameId) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select (exists (select 1 from draw_vote where game_id = $1)
            or exists (select 1 from concession where game_id = $1)) as "any!""#,
        game_id as GameId
    )
    .fetch_one(conn)
    .await
}

/// Stores each seat's private report of phase `index`, in one statement.
pub async fn insert_private_reports(
    conn: &mut PgConnection,
    game_id: GameId,
    index: i32,
    reports: &[(SeatId, &kinds::Report)],
) -> Result<(), sqlx::Error> {
    if reports.is_empty() {
        return Ok(());
    }
    let seats: Vec<SeatId> = reports.iter().map(|(seat, _)| *seat).collect();
    let texts: Vec<Json<&kinds::Report>> = reports.iter().map(|(_, report)| Json(*report)).collect();
    sqlx::query!(
        "insert into private_report (game_id, phase_index, seat_id, report)
         select $1, $2, seat, report from unnest($3::bigint[], $4::jsonb[]) as private(seat, report)",
        game_id as GameId,
        index,
        seats as _,
        texts as _
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn private_report(
    conn: &mut PgConnection,
    game_id: GameId,
    index: i32,
    seat_id: SeatId,
) -> Result<Option<kinds::Report>, sqlx::Error> {
    let report: Option<Json<kinds::Report>> = sqlx::query_scalar!(
        r#"select report as "report: Json<kinds::Report>" from private_report
         where game_id = $1 and phase_index = $2 and seat_id = $3"#,
        game_id as GameId,
        index,
        seat_id as SeatId
    )
    .fetch_optional(conn)
    .await?;
    Ok(report.map(|Json(report)| report))
}

pub async fn set_deadline(
    conn: &mut PgConnection,
    game_id: GameId,
    deadline_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    // A new phase's deadline is an ordinary one: a notice about an earlier deadline no longer applies.
    sqlx::query!(
        "update game set deadline_at = $2, deadline_notice = null where game_id = $1",
        game_id as GameId,
        deadline_at as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Moves a running game's deadline without touching its notice (a deadline moved off a no-process weekday).
pub async fn move_deadline(
    conn: &mut PgConnection,
    game_id: GameId,
    deadline_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!("update game set deadline_at = $2 where game_id = $1", game_id as GameId, deadline_at as _)
        .execute(conn)
        .await
        .map(drop)
}
/// When a turn worker last looked for due games (locked until the transaction ends), recording `now`.
pub async fn swap_heartbeat(conn: &mut PgConnection, now: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query!(
        "insert into turn_worker_heartbeat (last_seen_at) values ($1) on conflict (singleton) do nothing",
        now as _
    )
    .execute(&mut *conn)
    .await?;
    let last: DateTime<Utc> = sqlx::query_scalar!(
        r#"select last_seen_at as "last_seen_at: DateTime<Utc>" from turn_worker_heartbeat for update"#
    )
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query!("update turn_worker_heartbeat set last_seen_at = greatest(last_seen_at, $1)", now as _)
        .execute(&mut *conn)
        .await?;
    Ok((last < now).then_some(last))
}

/// Moves every passed deadline of a running game to `new_deadline`, telling the players why on the order
/// page; returns the games extended.
pub async fn extend_passed_deadlines(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    new_deadline: DateTime<Utc>,
    notice: &str,
) -> Result<Vec<GameId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"update game set deadline_at = $2, deadline_notice = $3
         where status = 'running' and deadline_at <= $1 returning game_id as "game_id: GameId""#,
        now as _,
        new_deadline as _,
        notice
    )
    .fetch_all(conn)
    .await
}

/// Keeps a game whose phase could not be processed out of the worker's queue until `retry_at`.
pub async fn postpone_after_failure(
    pool: &sqlx::PgPool,
    game_id: GameId,
    retry_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!("update game set turn_retry_at = $2 where game_id = $1", game_id as GameId, retry_at as _)
        .execute(pool)
        .await
        .map(drop)
}

pub async fn set_draw_vote(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    in_favour: bool,
) -> Result<(), sqlx::Error> {
    let query = if in_favour {
        sqlx::query!(
            "insert into draw_vote (game_id, seat_id) values ($1, $2) on conflict do nothing",
            game_id as GameId,
            seat_id as SeatId
        )
    } else {
        sqlx::query!("delete from draw_vote where game_id = $1 and seat_id = $2", game_id as GameId, seat_id as SeatId)
    };
    query.execute(conn).await.map(drop)
}

/// The seats that have voted for a draw. Only the draw check reads this; pages show a seat its own vote.
pub async fn draw_voters(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<SeatId>, sqlx::Error> {
    sqlx::query_scalar!(r#"select seat_id as "seat_id: SeatId" from draw_vote where game_id = $1"#, game_id as GameId)
        .fetch_all(conn)
        .await
}

/// Concedes the game to `to` (or withdraws the seat's concession with `None`).
pub async fn set_concession(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    to: Option<SeatId>,
) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from concession where game_id = $1 and seat_id = $2", game_id as GameId, seat_id as SeatId)
        .execute(&mut *conn)
        .await?;
    if let Some(to) = to {
        sqlx::query!(
            "insert into concession (game_id, seat_id, to_seat_id) values ($1, $2, $3)",
            game_id as GameId,
            seat_id as SeatId,
            to as SeatId
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Every standing concession as (conceding seat, seat conceded to). Read only by the end-of-game check
/// and, for its own row, by the conceding seat's page.
pub async fn concessions(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<(SeatId, SeatId)>, sqlx::Error> {
    sqlx::query!(
        r#"select seat_id as "seat_id: SeatId", to_seat_id as "to_seat_id: SeatId" from concession where game_id = $1"#,
        game_id as GameId
    )
    .map(|row| (row.seat_id, row.to_seat_id))
    .fetch_all(conn)
    .await
}

/// Whether a seat's sheet holds orders and is ready, never what it says: what everyone may see.
#[derive(Debug, serde::Deserialize)]
pub struct SheetProgress {
    pub game_seat: kinds::SeatIndex,
    pub must_order: bool,
    pub has_orders: bool,
    pub ready: bool,
    /// A bot holds the seat (its sheet is given, ready, as the phase opens).
    #[serde(default)]
    pub bot: bool,
}

/// The game's latest phase (its number, label and state) with each seat's progress in it, in the game
/// kind's seat order: what the game page shows of where a game stands (read with the game,
/// `games::queries::game_seats_and_phase`).
#[derive(Debug, serde::Deserialize)]
pub struct PhaseProgress {
    pub phase_index: i32,
    pub label: String,
    pub state: serde_json::Value,
    pub sheets: Vec<SheetProgress>,
}

pub struct NewPreview<'a> {
    pub game_id: GameId,
    pub phase_index: i32,
    pub deadline_at: Option<DateTime<Utc>>,
    pub public_report: &'a kinds::Report,
    pub private_reports: &'a [(SeatId, kinds::Report)],
    pub next_state: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

/// Stores the game's preview, replacing any earlier one (a phase adjudicated again).
pub async fn store_preview(conn: &mut PgConnection, preview: NewPreview<'_>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into phase_preview (game_id, phase_index, deadline_at, public_report, private_reports, next_state, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (game_id) do update set phase_index = excluded.phase_index, deadline_at = excluded.deadline_at,
             public_report = excluded.public_report, private_reports = excluded.private_reports,
             next_state = excluded.next_state, created_at = excluded.created_at",
        preview.game_id as GameId,
        preview.phase_index,
        preview.deadline_at as _,
        Json(preview.public_report) as _,
        Json(preview.private_reports) as _,
        preview.next_state,
        preview.created_at as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Takes the running game's deadline away while its preview waits: no worker claims it, no reminder is
/// due and no order is accepted until the GM releases or reopens.
pub async fn clear_deadline(conn: &mut PgConnection, game_id: GameId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set deadline_at = null, deadline_notice = null, turn_retry_at = null where game_id = $1",
        game_id as GameId
    )
    .execute(conn)
    .await
    .map(drop)
}
