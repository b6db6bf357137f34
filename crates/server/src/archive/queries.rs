//! The archive search: one statement built from the criteria given, so that each criterion present
//! can use its index (trigram indexes for the name and the result, the seat index for a player).

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, Postgres, QueryBuilder};

use super::Cursor;
use crate::ids::{AccountId, GameId};
use kinds::Kind;

/// What a search asks for; empty criteria are left out.
#[derive(Debug, Default)]
pub struct Search {
    pub name: String,
    pub kind: Option<Kind>,
    /// Words of the result: a power ("France"), "Draw", "concession".
    pub winner: String,
    /// Accounts whose games to find (already resolved from the name asked for).
    pub players: Option<Vec<AccountId>>,
    pub after: Option<Cursor>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct ArchivedGame {
    pub game_id: GameId,
    pub name: String,
    #[sqlx(try_from = "String")]
    pub kind: Kind,
    pub result_summary: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

const ARCHIVED_COLUMNS: &str = "g.game_id, g.name, g.kind, g.result_summary, g.created_at, g.finished_at";

/// `text` as a `like` pattern matching it anywhere, its own `%`, `_` and `\` taken literally.
fn contains_pattern(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// The SQL of a search, for `EXPLAIN` in the benchmark and run by [`search`].
///
/// With a name, a result or a player, the matching games are found first through their indexes
/// (trigram, seat) and only then ordered: left to itself, PostgreSQL walks the games newest first and
/// filters them, fast when many match and a scan of every finished game when few or none do. Without
/// them, the games are read in index order from the cursor on, which costs the same on any page.
pub fn search_query(search: &Search, limit: i64) -> QueryBuilder<'static, Postgres> {
    let selective = !search.name.is_empty() || !search.winner.is_empty() || search.players.is_some();
    let mut sql = QueryBuilder::new("");
    if selective {
        // The matches carry what the page shows, so nothing is read twice.
        sql.push(format!("with g as materialized (select {ARCHIVED_COLUMNS} from game g where "));
        push_criteria(&mut sql, search);
        sql.push(format!(") select {ARCHIVED_COLUMNS} from g where true"));
    } else {
        sql.push(format!("select {ARCHIVED_COLUMNS} from game g where "));
        push_criteria(&mut sql, search);
    }
    let after = search.after.unwrap_or(Cursor::BEFORE_ALL);
    sql.push(" and (g.created_at, g.game_id) < (")
        .push_bind(after.created_at)
        .push(", ")
        .push_bind(after.game_id)
        .push(") order by g.created_at desc, g.game_id desc limit ")
        .push_bind(limit);
    sql
}

/// The conditions on `game g` the search asks for.
fn push_criteria(sql: &mut QueryBuilder<'static, Postgres>, search: &Search) {
    sql.push("g.is_public and g.status = 'finished'");
    if !search.name.is_empty() {
        sql.push(" and g.name ilike ").push_bind(contains_pattern(&search.name));
    }
    if let Some(kind) = search.kind {
        sql.push(" and g.kind = ").push_bind(kind.slug());
    }
    if !search.winner.is_empty() {
        sql.push(" and g.result_summary ilike ").push_bind(contains_pattern(&search.winner));
    }
    if let Some(players) = &search.players {
        let ids: Vec<i64> = players.iter().map(|account| account.0).collect();
        // Only games that show who played: see the module's documentation.
        sql.push(
            " and not g.anonymous and g.press <> 'none'
              and not (g.kind = any(",
        )
        .push_bind(kinds_with_secret_holders())
        .push(
            "))
              and g.game_id in (select s.game_id from seat s where s.account_id = any(",
        )
        .push_bind(ids)
        .push("))");
    }
}

/// The kinds whose seats' holders stay secret even after the game (a Cabinet position, a Covert
/// Operations player): a search by player never finds their games.
fn kinds_with_secret_holders() -> Vec<&'static str> {
    Kind::ALL.iter().filter(|kind| kind.facts().seats.holders_always_secret()).map(|kind| kind.slug()).collect()
}

/// The newest finished games a search looks through before it asks the indexes.
const RECENT_WINDOW: i64 = 2000;

/// The search among the `RECENT_WINDOW` newest finished games from the cursor: when a criterion
/// matches many games, this fills the page at once, in index order, where finding every match first
/// would read thousands.
pub fn recent_query(search: &Search, limit: i64) -> QueryBuilder<'static, Postgres> {
    let after = search.after.unwrap_or(Cursor::BEFORE_ALL);
    let mut sql = QueryBuilder::new(
        "select g.game_id, g.name, g.kind, g.result_summary, g.created_at, g.finished_at
         from (select * from game g where g.is_public and g.status = 'finished' and (g.created_at, g.game_id) < (",
    );
    sql.push_bind(after.created_at)
        .push(", ")
        .push_bind(after.game_id)
        .push(") order by g.created_at desc, g.game_id desc limit ")
        .push_bind(RECENT_WINDOW)
        .push(") g where ");
    push_criteria(&mut sql, search);
    sql.push(" order by g.created_at desc, g.game_id desc limit ").push_bind(limit);
    sql
}

/// The page of a search: from the newest games when they fill it, else from the indexes. Either
/// gives the same page: a window that fills the page holds its newest matches.
///
/// Runs as unnamed statements, planned each time for their own values: a cached generic plan cannot
/// know whether a name matches ten games or ten thousand.
///
/// The server's only SQL built at run time (not a checked macro): which criteria the statement holds,
/// and so which indexes it can use, depends on the search; one static statement with every criterion
/// optional would be planned without them.
pub async fn search(conn: &mut PgConnection, search: &Search, limit: i64) -> Result<Vec<ArchivedGame>, sqlx::Error> {
    let selective = !search.name.is_empty() || !search.winner.is_empty() || search.players.is_some();
    if selective {
        let recent: Vec<ArchivedGame> =
            recent_query(search, limit).build_query_as().persistent(false).fetch_all(&mut *conn).await?;
        if i64::try_from(recent.len()).unwrap_or(i64::MAX) >= limit {
            return Ok(recent);
        }
    }
    search_query(search, limit).build_query_as().persistent(false).fetch_all(conn).await
}

/// The live accounts whose username or display name is `name` (any case).
pub async fn accounts_named(conn: &mut PgConnection, name: &str) -> Result<Vec<AccountId>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select account_id as "account_id: AccountId" from account
         where deleted_at is null and (lower(username) = lower($1) or lower(display_name) = lower($1))
         order by account_id limit 20"#,
        name
    )
    .fetch_all(conn)
    .await
}
