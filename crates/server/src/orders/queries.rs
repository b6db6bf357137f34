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

/// The seat's saved sheet, its row locked until the transaction ends, so two saves of one seat apply
/// one after the other.
pub async fn sheet_for_update(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    seat_id: SeatId,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select orders from seat_order where game_id = $1 and phase_index = $2 and seat_id = $3 for update",
        game_id as GameId,
        phase_index,
        seat_id as SeatId
    )
    .fetch_optional(conn)
    .await
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
