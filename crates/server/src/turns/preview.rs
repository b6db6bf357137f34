//! Preview → release (a per-game GM setting, off by default). When the deadline of a previewed game
//! passes, the turn worker adjudicates the phase in its usual transaction but stores the results as a
//! preview only the GM's view reads, and takes the game's deadline away: no worker claims it again, no
//! order is accepted, nothing is mailed, and every page still shows the phase as unprocessed. The GM's
//! release and reopen are in `gm::release`.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::queries as turn_queries;
use super::queries::NewPreview;
use super::tick;
use crate::games::model::GameStatus;
use crate::games::queries::GameRow;
use crate::ids::SeatId;
use crate::notices::{Notice, NoticeKind};

/// What a player is told who sends orders while a preview waits.
pub const ORDERS_CLOSED: &str =
    "The GM is checking this phase's results before releasing them: orders are closed, and nothing was saved.";

/// What the order page says while a preview waits.
pub const AWAITING_RELEASE: &str = "The deadline has passed and the GM is checking this phase's results before releasing them; orders are \
     closed until then.";

/// Whether the game's results wait for the GM: only a running game has a deadline, except while its
/// preview waits for release.
pub fn awaits_release(game: &GameRow) -> bool {
    game.status == GameStatus::Running && game.deadline_at.is_none()
}

/// Adjudicates the current phase and stores it as the game's preview, in the caller's transaction (the
/// worker's, or the GM's "process now"), which holds the game's row lock.
pub(crate) async fn make_preview(conn: &mut PgConnection, game: &GameRow, now: DateTime<Utc>) -> anyhow::Result<()> {
    let game_id = game.game_id;
    let (phase, _, processed) = tick::adjudicate_current_phase(conn, game).await?;
    let numbering = turn_queries::game_seats(conn, game_id).await?;
    let private_reports: Vec<(SeatId, kinds::Report)> = numbering
        .iter()
        .filter_map(|(seat_id, number)| processed.private.get(number).map(|report| (*seat_id, report.clone())))
        .collect();
    turn_queries::store_preview(
        conn,
        NewPreview {
            game_id,
            phase_index: phase.phase_index,
            deadline_at: game.deadline_at,
            public_report: &processed.public,
            private_reports: &private_reports,
            next_state: processed.next.to_json(),
            created_at: now,
        },
    )
    .await?;
    turn_queries::clear_deadline(conn, game_id).await?;
    let notice = Notice {
        game_id,
        kind: NoticeKind::ResultsAwaitRelease,
        detail: &phase.label,
        link_path: format!("/games/{game_id}/gm"),
    };
    crate::notices::notify_gm(conn, &notice, now).await?;
    Ok(())
}
