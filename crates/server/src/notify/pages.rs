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
    /// The body, its links to this site made clickable.
    pub body: Vec<BodyPart>,
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
        body: body_parts(&rendered.body, context.base_url),
        status: match mail.status {
            MailStatus::Sent => "sent",
            MailStatus::Pending => "waiting to be sent",
            MailStatus::Abandoned => "could not be sent",
        },
        queued_at: format_time(mail.created_at, context.zone),
    })
}

/// A piece of a mail's body: plain text, or a link to this site (the mails' links: reset, confirmation,
/// games), which the Mailbox page makes clickable as a mail program would.
#[derive(Debug, PartialEq, Eq)]
pub struct BodyPart {
    pub text: String,
    pub is_link: bool,
}

/// Splits a body into text and links: a word that is the site's address or a page under it (with no
/// address set, a path on the site), without the punctuation that may close a sentence after it. Press
/// text is in mails too: `https://site.example.evil/` or `//evil.example` is no link.
fn body_parts(body: &str, base_url: &str) -> Vec<BodyPart> {
    let is_link = |word: &str| match base_url {
        "" => word.starts_with('/') && !word.starts_with("//") && word.len() > 1,
        base => word.strip_prefix(base).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')),
    };
    let mut parts: Vec<BodyPart> = Vec::new();
    let mut push = |text: &str, is_link: bool| match parts.last_mut() {
        Some(last) if !last.is_link && !is_link => last.text.push_str(text),
        _ if text.is_empty() => {}
        _ => parts.push(BodyPart { text: text.to_owned(), is_link }),
    };
    for piece in body.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end_matches(char::is_whitespace).trim_end_matches(['.', ',', ')', ';', ':']);
        if is_link(word) {
            push(word, true);
            push(&piece[word.len()..], false);
        } else {
            push(piece, false);
        }
    }
    parts
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

#[cfg(test)]
mod tests {
    use super::*;

    fn links(parts: &[BodyPart]) -> Vec<&str> {
        parts.iter().filter(|part| part.is_link).map(|part| part.text.as_str()).collect()
    }

    #[test]
    fn links_to_the_site_are_links_and_the_rest_stays_text_word_for_word() {
        let body = "Choose a new password at https://dip.example/reset/abc.\nNot https://elsewhere.example/x, \
                    https://dip.example.evil/x or //evil.example.";
        let parts = body_parts(body, "https://dip.example");
        assert_eq!(links(&parts), ["https://dip.example/reset/abc"]);
        let whole: String = parts.iter().map(|part| part.text.as_str()).collect();
        assert_eq!(whole, body, "nothing is lost or added");
    }

    #[test]
    fn without_a_site_address_paths_on_the_site_are_the_links() {
        assert_eq!(links(&body_parts("Your game: /games/3, see you, not //evil.example.", "")), ["/games/3"]);
    }
}
