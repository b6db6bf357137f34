//! SQL of the replacement flow: seats in civil disorder, the standby list and takeover requests.

use sqlx::PgConnection;

use crate::ids::{AccountId, GameId, SeatId};

/// The seats of a started game in civil disorder: no player (the GM removed one), or a player who sent
/// nothing in each of the last two processed phases in which the seat had to order. A bot's seat is in
/// civil disorder only while the bot stands in for an absent player (`bot_stands_in`), so that anyone
/// may still take it over; a bot otherwise never misses a phase.
pub async fn seats_in_civil_disorder(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<SeatId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select s.seat_id as "seat_id: SeatId" from seat s
         where s.game_id = $1 and s.game_seat is not null and (s.bot_stands_in
           or (not s.bot and s.account_id is null) or (not s.bot and s.seat_id in (
             select seat_id from (
                 select o.seat_id, btrim(o.orders) = '' as missed,
                        row_number() over (partition by o.seat_id order by o.phase_index desc) as recent
                 from seat_order o join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
                 where o.game_id = $1 and p.processed_at is not null and o.must_order
             ) as history
             where recent <= 2 group by seat_id having count(*) = 2 and bool_and(missed))))
         order by s.seat_id"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

/// The accounts standing by for the game, by display name.
pub async fn standby_list(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<(AccountId, String)>, sqlx::Error> {
    sqlx::query!(
        r#"select a.account_id as "account_id: AccountId", a.display_name
         from standby s join account a on a.account_id = s.account_id
         where s.game_id = $1 order by s.created_at, a.account_id"#,
        game_id as GameId
    )
    .map(|row| (row.account_id, row.display_name))
    .fetch_all(conn)
    .await
}

pub async fn set_standby(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
    standing_by: bool,
) -> Result<(), sqlx::Error> {
    let done = if standing_by {
        sqlx::query!(
            "insert into standby (game_id, account_id) values ($1, $2) on conflict do nothing",
            game_id as GameId,
            account_id as AccountId
        )
        .execute(conn)
        .await
    } else {
        sqlx::query!(
            "delete from standby where game_id = $1 and account_id = $2",
            game_id as GameId,
            account_id as AccountId
        )
        .execute(conn)
        .await
    };
    done.map(drop)
}

pub async fn is_standing_by(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from standby where game_id = $1 and account_id = $2) as "standing_by!""#,
        game_id as GameId,
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}

pub async fn request_takeover(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    account_id: AccountId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into takeover_request (game_id, seat_id, account_id) values ($1, $2, $3) on conflict do nothing",
        game_id as GameId,
        seat_id as SeatId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Every waiting request of the game as (seat, account, display name).
pub async fn takeover_requests(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Vec<(SeatId, AccountId, String)>, sqlx::Error> {
    sqlx::query!(
        r#"select r.seat_id as "seat_id: SeatId", r.account_id as "account_id: AccountId", a.display_name
         from takeover_request r join account a on a.account_id = r.account_id
         where r.game_id = $1 order by r.created_at, r.account_id"#,
        game_id as GameId
    )
    .map(|row| (row.seat_id, row.account_id, row.display_name))
    .fetch_all(conn)
    .await
}

/// The seats the account asked to take over in this game.
pub async fn requested_by(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
) -> Result<Vec<SeatId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select seat_id as "seat_id: SeatId" from takeover_request where game_id = $1 and account_id = $2"#,
        game_id as GameId,
        account_id as AccountId
    )
    .fetch_all(conn)
    .await
}

/// Once a player has a seat, their other requests and their standby offer for the game lapse, and the
/// seat's other requests with them.
pub async fn settle_after_takeover(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    account_id: AccountId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from takeover_request where game_id = $1 and (seat_id = $2 or account_id = $3)",
        game_id as GameId,
        seat_id as SeatId,
        account_id as AccountId
    )
    .execute(&mut *conn)
    .await?;
    set_standby(conn, game_id, account_id, false).await
}
