//! The SQL behind the feeds: light rows, newest first, a bounded number of them.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use sqlx::types::Json;

use kinds::Kind;

use crate::games::model::{GameStatus, StoredKind};
use crate::ids::GameId;

/// A processed phase with its public report (never a private one, never the state).
#[derive(Debug)]
pub struct ProcessedPhase {
    pub phase_index: i32,
    pub label: String,
    pub processed_at: DateTime<Utc>,
    pub public_report: Json<kinds::Report>,
}

/// The game's latest processed phases, newest first.
pub async fn processed_phases(
    conn: &mut PgConnection,
    game_id: GameId,
    limit: i64,
) -> Result<Vec<ProcessedPhase>, sqlx::Error> {
    sqlx::query_as!(
        ProcessedPhase,
        r#"select phase_index, label, processed_at as "processed_at!: DateTime<Utc>",
            public_report as "public_report!: Json<kinds::Report>"
         from phase
         where game_id = $1 and processed_at is not null and public_report is not null
         order by phase_index desc limit $2"#,
        game_id as GameId,
        limit
    )
    .fetch_all(conn)
    .await
}

/// A public game as the lobby feed tells of it.
#[derive(Debug)]
pub struct LobbyGame {
    pub game_id: GameId,
    pub name: String,
    pub kind: Kind,
    pub status: GameStatus,
    pub result_summary: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// The newest public games, by creation.
pub async fn newest_public_games(conn: &mut PgConnection, limit: i64) -> Result<Vec<LobbyGame>, sqlx::Error> {
    sqlx::query_as!(
        LobbyGame,
        r#"select game_id as "game_id: GameId", name, kind as "kind: StoredKind", status as "status: GameStatus",
            result_summary, created_at as "created_at: DateTime<Utc>", finished_at as "finished_at: DateTime<Utc>"
         from game where is_public order by created_at desc limit $1"#,
        limit
    )
    .fetch_all(conn)
    .await
}

/// The public games that ended last.
pub async fn last_finished_public_games(conn: &mut PgConnection, limit: i64) -> Result<Vec<LobbyGame>, sqlx::Error> {
    sqlx::query_as!(
        LobbyGame,
        r#"select game_id as "game_id: GameId", name, kind as "kind: StoredKind", status as "status: GameStatus",
            result_summary, created_at as "created_at: DateTime<Utc>", finished_at as "finished_at: DateTime<Utc>"
         from game where is_public and status = 'finished'
         order by finished_at desc limit $1"#,
        limit
    )
    .fetch_all(conn)
    .await
}
