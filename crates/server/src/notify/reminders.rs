//! Deadline reminders: not caused by an event but by time passing, so the mail worker looks for them
//! each round. A unique index keeps them to one per account, game and phase with any number of workers.

use chrono::{DateTime, Utc};
use sqlx::{Connection, PgPool};

use super::content::MailContent;
use super::queries::{self, DueReminder};
use crate::notices::{self, Notice, NoticeKind};

/// Queues the reminders that are due at `now` and were not queued yet; returns how many it queued.
pub async fn queue_due_reminders(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<u64> {
    let mut conn = pool.acquire().await?;
    let mut queued = 0;
    for due in queries::due_reminders(&mut conn, now).await? {
        let content = reminder_content(&due);
        // The reminder and its notice together: one exists exactly when the other does.
        let mut tx = conn.begin().await?;
        if queries::insert_reminder_once(&mut tx, due.account_id, due.game_id, due.phase_index, &content, now).await? {
            queued += 1;
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
    Ok(queued)
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
