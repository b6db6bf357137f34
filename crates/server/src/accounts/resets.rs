//! Answers "forgot your password?" requests off the request path: the form only records the address
//! (`record_reset_request`), the same write whatever it is, so how long the answer takes tells nobody
//! whether an account has it; the mail worker then mails a link to a live account that confirmed it.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

use super::queries;
use super::tokens::{self, Purpose};

/// How many requests one round answers in one transaction.
const BATCH: i64 = 50;

pub async fn record_reset_request(conn: &mut PgConnection, email: &str, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!("insert into password_reset_request (email, requested_at) values ($1, $2)", email, now as _)
        .execute(conn)
        .await
        .map(drop)
}

/// Answers the waiting requests (each exactly once, whichever replica's worker claims it) and returns
/// how many it answered.
pub async fn answer_reset_requests(db: &PgPool, now: DateTime<Utc>) -> Result<usize, sqlx::Error> {
    let mut answered = 0;
    loop {
        let mut tx = db.begin().await?;
        let emails = sqlx::query_scalar!(
            "delete from password_reset_request where request_id in (
               select request_id from password_reset_request order by request_id limit $1 for update skip locked)
             returning email",
            BATCH
        )
        .fetch_all(&mut *tx)
        .await?;
        for email in &emails {
            if let Some(account_id) = queries::account_with_confirmed_email(&mut tx, email).await? {
                tokens::create_and_mail(&mut tx, account_id, email, Purpose::PasswordReset, now).await?;
            }
        }
        tx.commit().await?;
        answered += emails.len();
        if emails.len() < usize::try_from(BATCH).unwrap_or(usize::MAX) {
            return Ok(answered);
        }
    }
}
