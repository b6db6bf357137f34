//! Single-use tokens mailed to an account's address: confirming the address, and resetting a forgotten
//! password. The mail carries the token; the database keeps only its SHA-256, so a copy of the
//! `account_token` table opens nothing. A token works once, before it expires, and only while the account
//! still has the address it was sent to.

use chrono::{DateTime, Duration, Utc};
use rand::RngExt;
use rand::distr::Alphanumeric;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;

use crate::ids::AccountId;
use crate::notify::queries as mail_queries;
use crate::notify::{MailContent, MailKind};

/// What a token may do, as stored in `account_token.purpose`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "account_token_purpose", rename_all = "snake_case")]
pub enum Purpose {
    EmailConfirmation,
    PasswordReset,
}

impl Purpose {
    /// A reset link is short-lived: it is as good as the password it replaces. A confirmation only proves
    /// the address, so it may wait a week for its owner to read their mail.
    pub fn lifetime(self) -> Duration {
        match self {
            Purpose::EmailConfirmation => Duration::days(7),
            Purpose::PasswordReset => Duration::hours(1),
        }
    }

    /// The mail that carries a link of this purpose.
    fn mail_kind(self) -> MailKind {
        match self {
            Purpose::EmailConfirmation => MailKind::EmailConfirmation,
            Purpose::PasswordReset => MailKind::PasswordReset,
        }
    }

    /// The page the mailed link opens, with the token in its query.
    fn link_path(self, token: &str) -> String {
        match self {
            Purpose::EmailConfirmation => format!("/account/confirm-email?token={token}"),
            Purpose::PasswordReset => format!("/password-reset/new?token={token}"),
        }
    }
}

/// 43 letters and digits: about 256 bits, from the thread's cryptographically secure generator.
const TOKEN_CHARS: usize = 43;

fn new_token() -> String {
    rand::rng().sample_iter(&Alphanumeric).take(TOKEN_CHARS).map(char::from).collect()
}

/// What the database keeps of a token.
fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Creates a token for `email` and queues the mail that carries it, in the caller's transaction (so the
/// mail exists exactly when the token does).
pub async fn create_and_mail(
    conn: &mut PgConnection,
    account_id: AccountId,
    email: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let token = new_token();
    sqlx::query!(
        "insert into account_token (token_hash, account_id, purpose, email, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)",
        token_hash(&token),
        account_id as AccountId,
        purpose as Purpose,
        email,
        now as _,
        (now + purpose.lifetime()) as _
    )
    .execute(&mut *conn)
    .await?;
    let link_path = Some(purpose.link_path(&token));
    let content = match purpose {
        Purpose::EmailConfirmation => MailContent::EmailConfirmation { email: email.to_owned(), link_path },
        Purpose::PasswordReset => MailContent::PasswordReset { link_path },
    };
    mail_queries::insert_account_mail(conn, account_id, &content, now).await.map(drop)
}

/// A token that still works: its account, and the address it was sent to.
#[derive(Debug, Clone)]
pub struct LiveToken {
    pub account_id: AccountId,
    pub email: String,
}

/// The account a token works for now, without using it up (the page that asks for the new password).
pub async fn find_live(
    conn: &mut PgConnection,
    token: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<Option<LiveToken>, sqlx::Error> {
    sqlx::query_as!(
        LiveToken,
        r#"select t.account_id as "account_id: AccountId", t.email from account_token t join account a using (account_id)
         where t.token_hash = $1 and t.purpose = $2 and t.used_at is null and t.expires_at > $3
           and lower(a.email) = lower(t.email) and a.deleted_at is null"#,
        token_hash(token),
        purpose as Purpose,
        now as _
    )
    .fetch_optional(conn)
    .await
}

/// Uses a token up, if it still works, and with it every other unused token of the same account and
/// purpose (an older reset link must not outlive the reset). Of two requests racing with one token,
/// exactly one gets the account: the update locks the row and the second finds it used.
pub async fn use_up(
    conn: &mut PgConnection,
    token: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<Option<LiveToken>, sqlx::Error> {
    let Some(live) = sqlx::query_as!(
        LiveToken,
        r#"update account_token t set used_at = $3
         from account a
         where t.token_hash = $1 and t.purpose = $2 and t.used_at is null and t.expires_at > $3
           and a.account_id = t.account_id and lower(a.email) = lower(t.email) and a.deleted_at is null
         returning t.account_id as "account_id: AccountId", t.email"#,
        token_hash(token),
        purpose as Purpose,
        now as _
    )
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    sqlx::query!(
        "update account_token set used_at = $3 where account_id = $1 and purpose = $2 and used_at is null",
        live.account_id as AccountId,
        purpose as Purpose,
        now as _
    )
    .execute(&mut *conn)
    .await?;
    mail_queries::forget_account_mail_links(conn, live.account_id, purpose.mail_kind()).await?;
    Ok(Some(live))
}
