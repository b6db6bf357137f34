//! SQL of the reliability record: the holder stamped on each sheet as its phase is processed, and each
//! account's phases to order and misses, game by game.

use chrono::{DateTime, Utc};
use kinds::Kind;
use sqlx::PgConnection;

use crate::games::model::{GameStatus, PressRule, StoredKind};
use crate::ids::{AccountId, GameId};

/// Stamps each sheet of the phase being processed with the account holding its seat now (none for a
/// bot's or an empty seat's sheet): the account answerable for it on the record. Called by the turn
/// worker in the transaction that processes the phase, before the engine moves anyone.
pub async fn stamp_holders(conn: &mut PgConnection, game_id: GameId, phase_index: i32) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat_order o set held_by = case when s.bot then null else s.account_id end
         from seat s where s.seat_id = o.seat_id and o.game_id = $1 and o.phase_index = $2",
        game_id as GameId,
        phase_index
    )
    .execute(conn)
    .await
    .map(drop)
}

/// The account a profile shows: live accounts only.
pub struct ProfileAccount {
    pub account_id: AccountId,
    pub username: String,
    pub display_name: String,
}

pub async fn account_by_username(
    conn: &mut PgConnection,
    username: &str,
) -> Result<Option<ProfileAccount>, sqlx::Error> {
    sqlx::query_as!(
        ProfileAccount,
        r#"select account_id as "account_id: AccountId", username, display_name from account
         where lower(username) = lower($1) and deleted_at is null"#,
        username
    )
    .fetch_optional(conn)
    .await
}

/// One started game an account played in (had a phase to order, or holds a seat), with its part in it.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    pub game_id: GameId,
    pub name: String,
    pub kind: Kind,
    pub status: GameStatus,
    pub is_public: bool,
    pub anonymous: bool,
    pub press: PressRule,
    pub cancelled: bool,
    pub result_summary: Option<String>,
    pub finished_at: Option<DateTime<Utc>>,
    /// Processed phases in which the account held a seat that had to order.
    pub phases_to_order: i64,
    /// Of those, the ones whose sheet was empty.
    pub phases_missed: i64,
    /// Two of the account's phases to order in a row were missed: the site's civil disorder.
    pub left_in_disorder: bool,
    /// The account holds a seat of the game now (at the end, for a finished game).
    pub seated: bool,
}

/// Every started game the account played in, the most recently started first. A miss counts against
/// whoever held the seat when the phase was processed (`seat_order.held_by`).
pub async fn played_games(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<PlayedGame>, sqlx::Error> {
    sqlx::query!(
        r#"with duty as (
             select o.game_id, o.phase_index, btrim(o.orders) = '' as missed
             from seat_order o join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
             where o.held_by = $1 and o.must_order and p.processed_at is not null),
           runs as (
             select game_id, missed, lag(missed) over (partition by game_id order by phase_index) as missed_before
             from duty),
           per_game as (
             select game_id, count(*) as duties, count(*) filter (where missed) as misses,
                    bool_or(missed and coalesce(missed_before, false)) as left_in_disorder
             from runs group by game_id)
           select g.game_id as "game_id: GameId", g.name, g.kind as "kind: StoredKind",
                  g.status as "status: GameStatus", g.is_public, g.anonymous, g.press as "press: PressRule",
                  g.cancelled, g.result_summary, g.finished_at as "finished_at: DateTime<Utc>",
                  coalesce(pg.duties, 0) as "phases_to_order!", coalesce(pg.misses, 0) as "phases_missed!",
                  coalesce(pg.left_in_disorder, false) or exists (
                      select from seat_left_in_disorder d
                        join phase p on p.game_id = d.game_id and p.phase_index = d.phase_index
                      where d.game_id = g.game_id and d.account_id = $1 and p.processed_at is not null
                  ) as "left_in_disorder!",
                  exists (select from seat s where s.game_id = g.game_id and s.account_id = $1) as "seated!"
           from game g left join per_game pg on pg.game_id = g.game_id
           where g.started_at is not null
             and (pg.game_id is not null or g.game_id in (select s.game_id from seat s where s.account_id = $1))
           order by g.started_at desc, g.game_id desc"#,
        account_id as AccountId
    )
    .map(|row| PlayedGame {
        game_id: row.game_id,
        name: row.name,
        kind: row.kind.into(),
        status: row.status,
        is_public: row.is_public,
        anonymous: row.anonymous,
        press: row.press,
        cancelled: row.cancelled,
        result_summary: row.result_summary,
        finished_at: row.finished_at,
        phases_to_order: row.phases_to_order,
        phases_missed: row.phases_missed,
        left_in_disorder: row.left_in_disorder,
        seated: row.seated,
    })
    .fetch_all(conn)
    .await
}

/// How many of the account's last `last` phases to order (in every game, by when they were processed)
/// it missed.
pub async fn misses_in_last(conn: &mut PgConnection, account_id: AccountId, last: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) filter (where missed) as "missed!" from (
             select btrim(o.orders) = '' as missed
             from seat_order o join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
             where o.held_by = $1 and o.must_order and p.processed_at is not null
             order by p.processed_at desc, o.game_id desc, o.phase_index desc limit $2) as recent"#,
        account_id as AccountId,
        last
    )
    .fetch_one(conn)
    .await
}

/// How many seats the account took over from someone else (a player who left, an empty seat or a bot
/// standing in): seats it held in a processed phase after a processed phase someone else answered for.
pub async fn seats_taken_over(conn: &mut PgConnection, account_id: AccountId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) as "taken!" from (
             select distinct o.game_id, o.seat_id
             from seat_order o join phase p on p.game_id = o.game_id and p.phase_index = o.phase_index
             where o.held_by = $1 and p.processed_at is not null and exists (
               select from seat_order e join phase q on q.game_id = e.game_id and q.phase_index = e.phase_index
               where e.game_id = o.game_id and e.seat_id = o.seat_id and e.phase_index < o.phase_index
                 and q.processed_at is not null and e.held_by is distinct from $1)) as taken"#,
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}
