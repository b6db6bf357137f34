//! The Mailbox page: the signed-in user's own mails, as they were (or will be) sent. Only when mail stays
//! on this machine (`MAIL_TRANSPORT=file`, the quick start); with SMTP the page does not exist.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;

use super::content::{MailKind, RenderContext};
use super::queries::{self, MailStatus, OwnMail};
use crate::config::MailTransport;
use crate::error::AppError;
use crate::extract::SignedIn;
use crate::pages::{Nav, format_time};
use crate::state::AppState;

/// The most mails the page lists.
const MAILBOX_SIZE: i64 = 100;

pub struct MailView {
    pub mail_id: i64,
    pub kind: &'static str,
    pub subject: String,
    pub body: String,
    pub status: &'static str,
    pub queued_at: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "notify/mailbox.html")]
pub struct MailboxPage {
    nav: Nav,
    mails: Vec<MailView>,
}

/// Lists the signed-in user's own mails, newest first. Nobody ever sees another account's mail here:
/// the query takes the session's account id and nothing from the request.
pub async fn mailbox(State(state): State<AppState>, signed_in: SignedIn) -> Result<MailboxPage, AppError> {
    if state.config.mail_transport != MailTransport::File {
        return Err(AppError::NotFound);
    }
    let mut conn = state.db.acquire().await?;
    let own = queries::own_mails(&mut conn, signed_in.user.account_id, MAILBOX_SIZE).await?;
    let context = RenderContext { base_url: super::base_url(&state.config), zone: signed_in.user.time_zone };
    let mails = own.into_iter().map(|mail| mail_view(mail, context)).collect::<Result<_, _>>()?;
    // The mail directory is not named: it is the server's own path, nothing a player can use.
    Ok(MailboxPage { nav: signed_in.nav, mails })
}

fn mail_view(mail: OwnMail, context: RenderContext<'_>) -> Result<MailView, AppError> {
    let rendered = mail.content.render(context).map_err(|error| AppError::Internal(error.into()))?;
    Ok(MailView {
        mail_id: mail.mail_id.0,
        kind: kind_words(mail.kind),
        subject: rendered.subject,
        body: rendered.body,
        status: match mail.status {
            MailStatus::Sent => "sent",
            MailStatus::Pending => "waiting to be sent",
            MailStatus::Abandoned => "could not be sent",
        },
        queued_at: format_time(mail.created_at, context.zone),
    })
}

fn kind_words(kind: MailKind) -> &'static str {
    match kind {
        MailKind::GameStart => "game start",
        MailKind::NewPhase => "new phase",
        MailKind::DeadlineReminder => "deadline reminder",
        MailKind::DeadlineExtended => "deadline extended",
        MailKind::GameEnd => "game end",
        MailKind::Press => "press",
        MailKind::EmailConfirmation => "address confirmation",
        MailKind::PasswordReset => "password reset",
        MailKind::TeamInvitation => "team invitation",
        MailKind::Notice => "notification",
    }
}
