//! SQL for Cabinet games: teams signing up together, the standby list, and keeping the site's seats in
//! step with the engine's holders.

use sqlx::PgConnection;

use crate::games::model::SeatRole;
use crate::ids::{AccountId, GameId, SeatId, TeamId};

/// One member of a team, as the start and the game page read it.
#[derive(Debug, Clone)]
pub struct TeamMember {
    pub cabinet_team_id: TeamId,
    pub account_id: AccountId,
    pub display_name: String,
    pub role: SeatRole,
    pub confirmed: bool,
    /// The member's seat at the table, once confirmed.
    pub seat_id: Option<SeatId>,
}

pub async fn team_members(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<TeamMember>, sqlx::Error> {
    sqlx::query_as!(
        TeamMember,
        r#"select m.cabinet_team_id as "cabinet_team_id: TeamId", m.account_id as "account_id: AccountId",
            a.display_name, m.role as "role: SeatRole", m.confirmed, s.seat_id as "seat_id?: SeatId"
         from cabinet_team_member m
         join account a on a.account_id = m.account_id
         left join seat s on s.game_id = m.game_id and s.account_id = m.account_id
         where m.game_id = $1 order by m.cabinet_team_id, m.role"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

pub async fn insert_team(conn: &mut PgConnection, game_id: GameId, captain: AccountId) -> Result<TeamId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into cabinet_team (game_id, captain_account_id) values ($1, $2)
         returning cabinet_team_id as "cabinet_team_id: TeamId""#,
        game_id as GameId,
        captain as AccountId
    )
    .fetch_one(conn)
    .await
}

/// Unique (game_id, account_id): the person is already in a team of this game.
pub const ALREADY_IN_A_TEAM: &str = "cabinet_team_member_game_id_account_id_key";

pub async fn insert_member(
    conn: &mut PgConnection,
    team_id: TeamId,
    game_id: GameId,
    account_id: AccountId,
    role: SeatRole,
    confirmed: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into cabinet_team_member (cabinet_team_id, game_id, account_id, role, confirmed)
         values ($1, $2, $3, $4, $5)",
        team_id as TeamId,
        game_id as GameId,
        account_id as AccountId,
        role as SeatRole,
        confirmed
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn confirm_member(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update cabinet_team_member set confirmed = true where game_id = $1 and account_id = $2",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Breaks up a team (a teammate declined or left): its members who joined stay signed up alone.
pub async fn delete_team(conn: &mut PgConnection, team_id: TeamId) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from cabinet_team where cabinet_team_id = $1", team_id as TeamId).execute(conn).await.map(drop)
}

/// A person waiting on the standby list.
#[derive(Debug, Clone)]
pub struct StandbyRow {
    pub account_id: AccountId,
    pub display_name: String,
}

pub async fn standby(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<StandbyRow>, sqlx::Error> {
    sqlx::query_as!(
        StandbyRow,
        r#"select s.account_id as "account_id: AccountId", a.display_name from cabinet_standby s
         join account a on a.account_id = s.account_id
         where s.game_id = $1 order by s.joined_at, s.account_id"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

pub async fn join_standby(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into cabinet_standby (game_id, account_id) values ($1, $2) on conflict do nothing",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn leave_standby(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from cabinet_standby where game_id = $1 and account_id = $2",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn set_seat_role(conn: &mut PgConnection, seat_id: SeatId, role: SeatRole) -> Result<(), sqlx::Error> {
    sqlx::query!("update seat set role = $2 where seat_id = $1", seat_id as SeatId, role as SeatRole)
        .execute(conn)
        .await
        .map(drop)
}

/// Gives each listed seat its holder, first emptying every seat whose holder changes, so that a person
/// moving from one seat to another (a commander made Head of State by a coup) never sits in two at once
/// (`unique (game_id, account_id)`).
pub async fn set_holders(
    conn: &mut PgConnection,
    game_id: GameId,
    holders: &[(SeatId, Option<AccountId>)],
) -> Result<(), sqlx::Error> {
    for (seat_id, account_id) in holders {
        sqlx::query!(
            "update seat set account_id = null where game_id = $1 and seat_id = $2 and account_id is distinct from $3",
            game_id as GameId,
            *seat_id as SeatId,
            *account_id as _
        )
        .execute(&mut *conn)
        .await?;
    }
    for (seat_id, account_id) in holders.iter().filter(|(_, account)| account.is_some()) {
        sqlx::query!(
            "update seat set account_id = $3, joined_at = now()
             where game_id = $1 and seat_id = $2 and account_id is null",
            game_id as GameId,
            *seat_id as SeatId,
            *account_id as _
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Display names of accounts, for the people a viewer may know by name.
pub async fn display_names(
    conn: &mut PgConnection,
    accounts: &[AccountId],
) -> Result<Vec<(AccountId, String)>, sqlx::Error> {
    let ids: Vec<i64> = accounts.iter().map(|account| account.0).collect();
    sqlx::query!(
        r#"select account_id as "account_id: AccountId", display_name from account where account_id = any($1)"#,
        &ids
    )
    .map(|row| (row.account_id, row.display_name))
    .fetch_all(conn)
    .await
}
