//! SQL for Cabinet games: teams signing up together, the standby list, and keeping the site's seats in
//! step with the engine's holders.

use sqlx::PgConnection;

use crate::games::model::SeatRole;
use crate::ids::{AccountId, GameId, TeamId};

pub async fn insert_team(conn: &mut PgConnection, game_id: GameId, captain: AccountId) -> Result<TeamId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into team (game_id, captain_account_id) values ($1, $2)
         returning team_id as "team_id: TeamId""#,
        game_id as GameId,
        captain as AccountId
    )
    .fetch_one(conn)
    .await
}

/// Unique (game_id, account_id): the person is already in a team of this game.
pub const ALREADY_IN_A_TEAM: &str = "team_member_game_id_account_id_key";

pub async fn insert_member(
    conn: &mut PgConnection,
    team_id: TeamId,
    game_id: GameId,
    account_id: AccountId,
    role: SeatRole,
    confirmed: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into team_member (team_id, game_id, account_id, role, confirmed)
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
        "update team_member set confirmed = true where game_id = $1 and account_id = $2",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Breaks up a team (a teammate declined or left): its members who joined stay signed up alone.
pub async fn delete_team(conn: &mut PgConnection, team_id: TeamId) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from team where team_id = $1", team_id as TeamId).execute(conn).await.map(drop)
}

pub async fn join_standby(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into post_standby (game_id, account_id) values ($1, $2) on conflict do nothing",
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
