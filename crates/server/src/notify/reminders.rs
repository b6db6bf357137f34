//! Deadline reminders: not caused by an event but by time passing, so the mail worker looks for them
//! each round. Every player whose orders are missing is warned on `/notifications`; mail goes only to
//! those who chose it. `nmr_warning` keeps it to one warning per account, game and phase with any number
//! of workers.

use chrono::{DateTime, Utc};
use sqlx::{Connection, PgPool};

use super::content::MailContent;
use super::queries::{self, DueReminder};
use crate::notices::{self, Notice, NoticeKind};

/// Warns every player whose orders are missing or not ready once the reminder time of the phase has come
/// (on `/notifications`, by mail too for those who chose reminder mail); returns how many it warned.
pub async fn queue_due_reminders(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<u64> {
    let mut conn = pool.acquire().await?;
    let mut warned = 0;
    for due in queries::due_reminders(&mut conn, now).await? {
        // The warning, its notice and its mail together: each exists exactly when the others do.
        let mut tx = conn.begin().await?;
        if queries::insert_warning_once(&mut tx, due.account_id, due.game_id, due.phase_index).await? {
            warned += 1;
            if due.mailed {
                queries::insert_reminder_once(
                    &mut tx,
                    due.account_id,
                    due.game_id,
                    due.phase_index,
                    &reminder_content(&due),
                    now,
                )
                .await?;
            }
            let notice = Notice {
                game_id: due.game_id,
                kind: NoticeKind::NmrWarning,
                detail: &due.phase_label,
                link_path: format!("/games/{}/orders", due.game_id),
            };
            notices::notify(&mut tx, due.account_id, &notice, now).await?;
        }
        tx.commit().await?;
    }
    Ok(warned)
}

fn reminder_content(due: &DueReminder) -> MailContent {
    MailContent::DeadlineReminder {
        game_id: due.game_id,
        game_name: due.game_name.clone(),
        phase_label: due.phase_label.clone(),
        deadline: due.deadline_at,
        orders_saved: due.orders_saved,
        ready: due.ready,
    }
}
