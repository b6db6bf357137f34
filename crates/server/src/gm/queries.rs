//! SQL of the GM's tools: the per-game GM settings, previews, what the GM's view reads (every seat's
//! sheet, NMR history), and the rollback's archive. Every function takes `&mut PgConnection`, so each GM
//! action runs in the one transaction that holds the game's row lock.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use sqlx::types::Json;

use crate::ids::{AccountId, GameId, SeatId};

/// The GM's own switches for one game.
#[derive(Debug, Clone, Copy)]
pub struct GmSettings {
    pub preview_results: bool,
    pub takeover_needs_approval: bool,
}

pub async fn gm_settings(conn: &mut PgConnection, game_id: GameId) -> Result<GmSettings, sqlx::Error> {
    sqlx::query_as!(
        GmSettings,
        "select preview_results, takeover_needs_approval from game where game_id = $1",
        game_id as GameId
    )
    .fetch_one(conn)
    .await
}

pub async fn set_gm_settings(
    conn: &mut PgConnection,
    game_id: GameId,
    settings: GmSettings,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set preview_results = $2, takeover_needs_approval = $3 where game_id = $1",
        game_id as GameId,
        settings.preview_results,
        settings.takeover_needs_approval
    )
    .execute(conn)
    .await
    .map(drop)
}

/// A stored preview: the current phase's results, seen only by the GM until released.
#[derive(Debug)]
pub struct PreviewRow {
    pub phase_index: i32,
    pub deadline_at: Option<DateTime<Utc>>,
    pub public_report: Json<kinds::Report>,
    pub private_reports: Json<Vec<(SeatId, kinds::Report)>>,
    pub next_state: serde_json::Value,
}

pub async fn preview(conn: &mut PgConnection, game_id: GameId) -> Result<Option<PreviewRow>, sqlx::Error> {
    sqlx::query_as!(
        PreviewRow,
        r#"select phase_index, deadline_at as "deadline_at: DateTime<Utc>",
            public_report as "public_report: Json<kinds::Report>",
            private_reports as "private_reports: Json<Vec<(SeatId, kinds::Report)>>", next_state
         from phase_preview where game_id = $1"#,
        game_id as GameId
    )
    .fetch_optional(conn)
    .await
}

pub async fn delete_preview(conn: &mut PgConnection, game_id: GameId) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!("delete from phase_preview where game_id = $1", game_id as GameId).execute(conn).await?;
    Ok(done.rows_affected() > 0)
}

/// One seat's sheet in a phase, as only the GM (and the seat itself) may read it.
#[derive(Debug)]
pub struct SheetRow {
    pub seat_id: SeatId,
    pub orders: String,
    pub must_order: bool,
    pub ready: bool,
}

pub async fn sheets(conn: &mut PgConnection, game_id: GameId, phase_index: i32) -> Result<Vec<SheetRow>, sqlx::Error> {
    sqlx::query_as!(
        SheetRow,
        r#"select seat_id as "seat_id: SeatId", orders, must_order, ready from seat_order
         where game_id = $1 and phase_index = $2 order by seat_id"#,
        game_id as GameId,
        phase_index
    )
    .fetch_all(conn)
    .await
}

/// Every processed phase in which a seat had to order and sent nothing, as (seat, phase label).
pub async fn missed_orders(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<(SeatId, String)>, sqlx::Error> {
    sqlx::query!(
        r#"select o.seat_id as "seat_id: SeatId", p.label from seat_order o
         join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
         where o.game_id = $1 and p.processed_at is not null and o.must_order and btrim(o.orders) = ''
         order by o.seat_id, p.phase_index"#,
        game_id as GameId
    )
    .map(|row| (row.seat_id, row.label))
    .fetch_all(conn)
    .await
}

/// Each seat's private report of one processed phase.
pub async fn private_reports(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
) -> Result<Vec<(SeatId, kinds::Report)>, sqlx::Error> {
    sqlx::query!(
        r#"select seat_id as "seat_id: SeatId", report as "report: Json<kinds::Report>" from private_report
         where game_id = $1 and phase_index = $2 order by seat_id"#,
        game_id as GameId,
        phase_index
    )
    .map(|row| (row.seat_id, row.report.0))
    .fetch_all(conn)
    .await
}

pub async fn insert_rollback(
    conn: &mut PgConnection,
    game_id: GameId,
    to_phase_index: i32,
    reason: &str,
    actor: AccountId,
    now: DateTime<Utc>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into game_rollback (game_id, to_phase_index, reason, actor_account_id, created_at)
         values ($1, $2, $3, $4, $5) returning game_rollback_id",
        game_id as GameId,
        to_phase_index,
        reason,
        actor as AccountId,
        now as _
    )
    .fetch_one(conn)
    .await
}

/// Copies phases `from..` of the game, with their private reports and every seat's orders, into the
/// rollback's archive, before the rollback changes them.
pub async fn archive_phases(
    conn: &mut PgConnection,
    rollback_id: i64,
    game_id: GameId,
    from: i32,
) -> Result<u64, sqlx::Error> {
    sqlx::query!(
        "insert into rolled_back_phase (game_rollback_id, phase_index, code, label, state, started_at, deadline_at,
             processed_at, public_report, private_reports, orders)
         select $1, p.phase_index, p.code, p.label, p.state, p.started_at, p.deadline_at, p.processed_at, p.public_report,
             coalesce((select jsonb_agg(jsonb_build_array(r.seat_id, r.report) order by r.seat_id) from private_report r
                       where r.game_id = p.game_id and r.phase_index = p.phase_index), '[]'::jsonb),
             coalesce((select jsonb_agg(jsonb_build_array(o.seat_id, o.orders, o.ready) order by o.seat_id) from seat_order o
                       where o.game_id = p.game_id and o.phase_index = p.phase_index), '[]'::jsonb)
         from phase p where p.game_id = $2 and p.phase_index >= $3",
        rollback_id,
        game_id as GameId,
        from
    )
    .execute(conn)
    .await
    .map(|done| done.rows_affected())
}

/// Takes the game back to phase `to`: press sent in later phases is filed under `to` (it is never lost),
/// later phases go (their sheets and reports with them; the archive keeps a copy), and `to` is open
/// again with its orders kept, no longer ready, for its players to edit.
pub async fn reopen_phase(conn: &mut PgConnection, game_id: GameId, to: i32) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update press_message set phase_index = $2 where game_id = $1 and phase_index > $2",
        game_id as GameId,
        to
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("delete from phase where game_id = $1 and phase_index > $2", game_id as GameId, to)
        .execute(&mut *conn)
        .await?;
    sqlx::query!("delete from private_report where game_id = $1 and phase_index = $2", game_id as GameId, to)
        .execute(&mut *conn)
        .await?;
    sqlx::query!(
        "update phase set processed_at = null, public_report = null, deadline_at = null
         where game_id = $1 and phase_index = $2",
        game_id as GameId,
        to
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("update seat_order set ready = false where game_id = $1 and phase_index = $2", game_id as GameId, to)
        .execute(&mut *conn)
        .await
        .map(drop)
}

/// The deadline of a game rolled back: a running game's deadline and a notice telling the players why;
/// a paused game keeps the time as what is left when it resumes.
pub async fn set_rollback_deadline(
    conn: &mut PgConnection,
    game_id: GameId,
    deadline_at: DateTime<Utc>,
    now: DateTime<Utc>,
    notice: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update game set
            deadline_at = case when status = 'running' then $2::timestamptz end,
            paused_remaining_seconds = case when status = 'paused'
                then greatest(0, extract(epoch from $2::timestamptz - $3::timestamptz))::bigint end,
            deadline_notice = $4, turn_retry_at = null
         where game_id = $1",
        game_id as GameId,
        deadline_at as _,
        now as _,
        notice
    )
    .execute(conn)
    .await
    .map(drop)
}
