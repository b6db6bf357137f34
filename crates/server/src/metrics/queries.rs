//! The figures the replicas share, read from the database when scraped.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

#[derive(Debug)]
pub struct MailQueue {
    pub pending: i64,
    pub due: i64,
}

/// Pending mails, and those of them due by `now` (both through `outbox_mail_due_idx`, which holds only
/// pending mails).
pub async fn mail_queue(db: &PgPool, now: DateTime<Utc>) -> Result<MailQueue, sqlx::Error> {
    sqlx::query_as!(
        MailQueue,
        r#"select count(*) as "pending!", count(*) filter (where send_after <= $1) as "due!"
         from outbox_mail where status = 'pending'"#,
        now as _
    )
    .fetch_one(db)
    .await
}
