//! Civil disorder by the rules everyone knows (issue 32, item 4): a game may say that a player who
//! misses N movement phases in a row leaves his seat open. The check runs in the turn's transaction, on
//! the sheets just stamped with their holders ([`leave_seats_of_absent_players`]): it reads only stored
//! sheets, so replaying a phase after a rollback decides the same. The seat opens (for takeover, the
//! standby list, or a bot where the game lets bots stand in), the player is told, and his record counts
//! a game left in civil disorder (`seat_left_in_disorder`). A rollback to before that phase undoes it
//! ([`give_back_seats_after_rollback`]): the seat is his again unless someone took it over since.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::error::FormErrors;
use crate::games::model::GmAction;
use crate::games::queries::{self as game_queries, GameRow};
use crate::ids::{AccountId, GameId, SeatId};
use crate::notices::{Notice, NoticeKind, notify};

/// The most movement phases in a row a game may allow a player to miss.
pub const MAX_MISSES_IN_A_ROW: i16 = 20;

/// Reads the form's "leaves his seat after N missed movement phases in a row" (empty: no such rule).
pub fn from_form(text: &str, errors: &mut FormErrors) -> Option<i16> {
    match text.trim() {
        "" => None,
        text => match text.parse::<i16>() {
            Ok(count) if (1..=MAX_MISSES_IN_A_ROW).contains(&count) => Some(count),
            _ => {
                errors.add(
                    "disorder_after",
                    format!("Give a number of movement phases from 1 to {MAX_MISSES_IN_A_ROW}, or leave it empty."),
                );
                None
            }
        },
    }
}

/// Stores the game's rule.
pub async fn store(conn: &mut PgConnection, game_id: GameId, after: Option<i16>) -> Result<(), sqlx::Error> {
    sqlx::query!("update game set disorder_after_misses = $2 where game_id = $1", game_id as GameId, after)
        .execute(conn)
        .await
        .map(drop)
}

/// The game's rule, in words for its page; `None` when it has none.
pub async fn words(conn: &mut PgConnection, game_id: GameId) -> Result<Option<String>, sqlx::Error> {
    Ok(stored(conn, game_id).await?.map(|count| {
        format!("A player who misses {count} movement phase(s) in a row leaves his seat open for someone else.")
    }))
}

/// The game's rule: how many movement phases in a row a player may miss before his seat opens.
pub async fn stored(conn: &mut PgConnection, game_id: GameId) -> Result<Option<i16>, sqlx::Error> {
    sqlx::query_scalar!("select disorder_after_misses from game where game_id = $1", game_id as GameId)
        .fetch_one(conn)
        .await
}

/// After the phase `phase_index` is stamped (in its processing transaction): every seat whose holder
/// missed the game's N last movement phases he had to order leaves the seat open, is told, and has it on
/// his record. Kinds whose engine seats people keep their own rules and are left alone.
pub async fn leave_seats_of_absent_players(
    conn: &mut PgConnection,
    game: &GameRow,
    phase_index: i32,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let Some(after) = stored(conn, game.game_id).await? else { return Ok(()) };
    if game.kind.facts().seats.engine_seats_people() {
        return Ok(());
    }
    let seats = game_queries::seats(conn, game.game_id).await?;
    for (seat_id, holder) in absent_holders(conn, game.game_id, phase_index, after).await? {
        game_queries::set_seat_holder(conn, seat_id, None).await?;
        record(conn, game.game_id, holder, phase_index, seat_id).await?;
        let title = crate::standby::seat_title(&seats, seat_id);
        let notice = Notice {
            game_id: game.game_id,
            kind: NoticeKind::SeatLost,
            detail: &title,
            link_path: format!("/games/{}", game.game_id),
        };
        notify(conn, holder, &notice, now).await?;
        let detail = format!("{title} missed {after} movement phase(s) in a row and is open for another player.");
        game_queries::record_audit(conn, game.game_id, game.gm_account_id, GmAction::RemovePlayer, &detail).await?;
    }
    Ok(())
}

/// The seats whose holder missed each of his last `after` movement phases to order, up to `phase_index`.
async fn absent_holders(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    after: i16,
) -> Result<Vec<(SeatId, AccountId)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select s.seat_id as "seat_id: SeatId", s.account_id as "account_id!: AccountId"
           from seat s
           where s.game_id = $1 and s.account_id is not null and not s.bot
             and (select count(*) = $3 and bool_and(btrim(recent.orders) = '' and recent.held_by = s.account_id)
                  from (select o.orders, o.held_by from seat_order o
                          join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
                        where o.game_id = $1 and o.seat_id = s.seat_id and o.must_order and p.stage = 'movement'
                          and o.phase_index <= $2
                        order by o.phase_index desc limit $3) recent)
           order by s.seat_id"#,
        game_id as GameId,
        phase_index,
        i64::from(after)
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|row| (row.seat_id, row.account_id)).collect())
}

/// In the rollback's transaction, before bots order the reopened phase `to`: each seat the rule opened
/// at `to` or later goes back to its player if nobody took it over since (it is empty, or a bot only
/// stands in), and he is told; the opening leaves his record, since the phase it came from is undone and
/// its replay decides again.
pub async fn give_back_seats_after_rollback(
    conn: &mut PgConnection,
    game: &GameRow,
    to: i32,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let given_back = sqlx::query!(
        r#"update seat s set account_id = d.account_id, bot = false, bot_stands_in = false
           from seat_left_in_disorder d
           where d.game_id = $1 and d.phase_index >= $2 and s.seat_id = d.seat_id
             and s.account_id is null and (not s.bot or s.bot_stands_in)
             and not exists (select from seat o where o.game_id = $1 and o.account_id = d.account_id)
           returning s.seat_id as "seat_id: SeatId", d.account_id as "account_id: AccountId""#,
        game.game_id as GameId,
        to
    )
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query!(
        "delete from seat_left_in_disorder where game_id = $1 and phase_index >= $2",
        game.game_id as GameId,
        to
    )
    .execute(&mut *conn)
    .await?;
    let seats = game_queries::seats(conn, game.game_id).await?;
    for row in given_back {
        let title = crate::standby::seat_title(&seats, row.seat_id);
        let notice = Notice {
            game_id: game.game_id,
            kind: NoticeKind::SeatGiven,
            detail: &title,
            link_path: format!("/games/{}/orders", game.game_id),
        };
        notify(conn, row.account_id, &notice, now).await?;
        let detail = format!("{title} is its player's again: the rollback undid the phase that opened it.");
        game_queries::record_audit(conn, game.game_id, game.gm_account_id, GmAction::RollBack, &detail).await?;
    }
    Ok(())
}

async fn record(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
    phase_index: i32,
    seat_id: SeatId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into seat_left_in_disorder (game_id, account_id, phase_index, seat_id) values ($1, $2, $3, $4)
         on conflict do nothing",
        game_id as GameId,
        account_id as AccountId,
        phase_index,
        seat_id as SeatId
    )
    .execute(conn)
    .await
    .map(drop)
}
