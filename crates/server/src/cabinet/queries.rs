//! SQL for Cabinet games: teams signing up together, the standby list, and keeping the site's seats in
//! step with the engine's holders.

use sqlx::PgConnection;

use crate::games::model::SeatRole;
use crate::ids::{AccountId, GameId, TeamId};

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
