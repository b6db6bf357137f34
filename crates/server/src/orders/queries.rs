//! SQL for one seat's order sheet in the current phase.

use sqlx::PgConnection;

use crate::ids::{GameId, SeatId};

/// A seat's saved sheet for one phase.
#[derive(Debug)]
pub struct SheetRow {
    pub orders: String,
    pub must_order: bool,
    pub ready: bool,
}

pub async fn sheet(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    seat_id: SeatId,
) -> Result<Option<SheetRow>, sqlx::Error> {
    sqlx::query_as!(
        SheetRow,
        "select orders, must_order, ready from seat_order
         where game_id = $1 and phase_index = $2 and seat_id = $3",
        game_id as GameId,
        phase_index,
        seat_id as SeatId
    )
    .fetch_optional(conn)
    .await
}

/// The saved sheets of these seats in one phase (a seat with none is left out). Only for a reader the
/// game kind lets read them (a Cabinet Head of State, his commanders', CAB.7).
pub async fn sheets_of(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    seat_ids: &[SeatId],
) -> Result<Vec<(SeatId, String)>, sqlx::Error> {
    sqlx::query!(
        r#"select seat_id as "seat_id: SeatId", orders from seat_order
         where game_id = $1 and phase_index = $2 and seat_id = any($3)"#,
        game_id as GameId,
        phase_index,
        seat_ids as _
    )
    .map(|row| (row.seat_id, row.orders))
    .fetch_all(conn)
    .await
}

/// The game's open phase as a seat's orders need it.
#[derive(Debug)]
pub struct OpenPhase {
    pub phase_index: i32,
    pub code: String,
    pub label: String,
    /// The state the phase started from.
    pub state: serde_json::Value,
}

/// The open phase with what one seat has given in it: its sheet (none once the game is over), its
/// draw vote and its concession. Read with the phase in one statement, since every order page and
/// every save needs them all.
#[derive(Debug)]
pub struct SeatInPhase {
    pub phase: OpenPhase,
    pub sheet: Option<SheetRow>,
    pub votes_for_draw: bool,
    pub conceded_to: Option<SeatId>,
}

/// One row of [`seat_in_open_phase`]'s two queries.
struct SeatInPhaseRow {
    phase_index: i32,
    code: String,
    label: String,
    state: serde_json::Value,
    orders: Option<String>,
    must_order: Option<bool>,
    ready: Option<bool>,
    votes_for_draw: bool,
    conceded_to: Option<SeatId>,
}

impl From<SeatInPhaseRow> for SeatInPhase {
    fn from(row: SeatInPhaseRow) -> Self {
        let sheet = match (row.orders, row.must_order, row.ready) {
            (Some(orders), Some(must_order), Some(ready)) => Some(SheetRow { orders, must_order, ready }),
            _ => None,
        };
        SeatInPhase {
            phase: OpenPhase { phase_index: row.phase_index, code: row.code, label: row.label, state: row.state },
            sheet,
            votes_for_draw: row.votes_for_draw,
            conceded_to: row.conceded_to,
        }
    }
}

/// The game's open phase and what `seat_id` has given in it. With `lock_sheet`, the seat's sheet row
/// stays locked until the transaction ends, so two saves of one seat apply one after the other; a
/// seat without a sheet then reads as no phase. Two queries, because a page must not lock: a lock is
/// a write.
pub async fn seat_in_open_phase(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    lock_sheet: bool,
) -> Result<Option<SeatInPhase>, sqlx::Error> {
    let row = if lock_sheet {
        sqlx::query_as!(
            SeatInPhaseRow,
            r#"select p.phase_index, p.code, p.label, p.state,
                o.orders as "orders?", o.must_order as "must_order?", o.ready as "ready?",
                exists (select 1 from draw_vote d where d.game_id = p.game_id and d.seat_id = $2) as "votes_for_draw!",
                (select c.to_seat_id from concession c where c.game_id = p.game_id and c.seat_id = $2)
                  as "conceded_to: SeatId"
             from phase p
               join seat_order o on o.game_id = p.game_id and o.phase_index = p.phase_index and o.seat_id = $2
             where p.game_id = $1 and p.processed_at is null
             for update of o"#,
            game_id as GameId,
            seat_id as SeatId
        )
        .fetch_optional(conn)
        .await?
    } else {
        sqlx::query_as!(
            SeatInPhaseRow,
            r#"select p.phase_index, p.code, p.label, p.state,
                o.orders as "orders?", o.must_order as "must_order?", o.ready as "ready?",
                exists (select 1 from draw_vote d where d.game_id = p.game_id and d.seat_id = $2) as "votes_for_draw!",
                (select c.to_seat_id from concession c where c.game_id = p.game_id and c.seat_id = $2)
                  as "conceded_to: SeatId"
             from phase p
               left join seat_order o on o.game_id = p.game_id and o.phase_index = p.phase_index and o.seat_id = $2
             where p.game_id = $1 and p.processed_at is null"#,
            game_id as GameId,
            seat_id as SeatId
        )
        .fetch_optional(conn)
        .await?
    };
    Ok(row.map(SeatInPhase::from))
}

/// The seat's number in the game kind's state (null before the game started).
pub async fn game_seat(conn: &mut PgConnection, seat_id: SeatId) -> Result<Option<kinds::SeatIndex>, sqlx::Error> {
    let number: Option<i16> =
        sqlx::query_scalar!("select game_seat from seat where seat_id = $1", seat_id as SeatId).fetch_one(conn).await?;
    Ok(number.and_then(|number| u16::try_from(number).ok()).map(kinds::SeatIndex))
}

pub async fn save_orders(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    seat_id: SeatId,
    orders: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat_order set orders = $4 where game_id = $1 and phase_index = $2 and seat_id = $3",
        game_id as GameId,
        phase_index,
        seat_id as SeatId,
        orders
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn set_ready(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    seat_id: SeatId,
    ready: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat_order set ready = $4 where game_id = $1 and phase_index = $2 and seat_id = $3",
        game_id as GameId,
        phase_index,
        seat_id as SeatId,
        ready
    )
    .execute(conn)
    .await
    .map(drop)
}

/// A running or paused game the account holds a seat in, with its sheet for the current phase.
#[derive(Debug)]
pub struct DashboardRow {
    pub game_id: GameId,
    pub name: String,
    pub status: crate::games::model::GameStatus,
    pub deadline_at: Option<chrono::DateTime<chrono::Utc>>,
    pub phase_label: Option<String>,
    pub has_orders: Option<bool>,
    pub must_order: Option<bool>,
    pub ready: Option<bool>,
    /// The account runs this game as its GM and holds no seat in it.
    pub as_gm: bool,
}

/// The account's games in play (those it plays in, and those it runs as GM), the nearest deadline first.
pub async fn dashboard(
    conn: &mut PgConnection,
    account_id: crate::ids::AccountId,
) -> Result<Vec<DashboardRow>, sqlx::Error> {
    sqlx::query_as!(
        DashboardRow,
        r#"select g.game_id as "game_id: GameId", g.name, g.status as "status: crate::games::model::GameStatus",
            g.deadline_at as "deadline_at: chrono::DateTime<chrono::Utc>", p.label as "phase_label?",
            o.orders <> '' as has_orders, o.must_order as "must_order?", o.ready as "ready?",
            s.seat_id is null as "as_gm!"
         from game g
         left join seat s on s.game_id = g.game_id and s.account_id = $1
         left join phase p on p.game_id = g.game_id and p.processed_at is null
         left join seat_order o on o.game_id = g.game_id and o.phase_index = p.phase_index and o.seat_id = s.seat_id
         where (s.seat_id is not null or g.gm_account_id = $1) and g.status in ('running', 'paused')
         order by g.deadline_at nulls last, g.game_id"#,
        account_id as crate::ids::AccountId
    )
    .fetch_all(conn)
    .await
}
