//! What a mail says: `MailContent`, stored as json in the outbox when the event happens, and rendered to
//! a subject and a plain-text body (templates under `templates/mail/`) when it is sent or shown.
//!
//! A content holds only what its recipient may read: the game's name, phase labels, the public results,
//! the recipient's own powers and order state, and power names (never account names, so mails are safe
//! in anonymous games). Nothing here can hold a private report or another seat's orders.

use askama::Template;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::ids::GameId;
use crate::pages::format_time;
use crate::pages::join_names;

/// The kinds of mail, as stored in `outbox_mail.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type)]
#[sqlx(type_name = "mail_kind", rename_all = "snake_case")]
pub enum MailKind {
    GameStart,
    NewPhase,
    DeadlineReminder,
    DeadlineExtended,
    GameEnd,
    Press,
    EmailConfirmation,
    PasswordReset,
    TeamInvitation,
    Notice,
}

/// Everything one mail says, fixed when the event happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MailContent {
    /// The game started; the recipient plays `powers` (empty for kinds without powers).
    GameStart {
        game_id: GameId,
        game_name: String,
        powers: Vec<String>,
        phase_label: String,
        deadline: Option<DateTime<Utc>>,
    },
    /// A phase was processed and the next one opened.
    NewPhase {
        game_id: GameId,
        game_name: String,
        processed_index: i32,
        processed_label: String,
        /// The public report's events (dislodgements, builds, center changes): public results only.
        events: Vec<String>,
        next_label: String,
        deadline: Option<DateTime<Utc>>,
        /// Whether the recipient has orders to give in the new phase.
        must_order: bool,
    },
    /// The deadline is near and the recipient's orders are missing or not marked ready.
    DeadlineReminder {
        game_id: GameId,
        game_name: String,
        phase_label: String,
        deadline: DateTime<Utc>,
        orders_saved: bool,
        ready: bool,
    },
    /// The site was down past the deadline, which was extended.
    DeadlineExtended { game_id: GameId, game_name: String, phase_label: String, deadline: DateTime<Utc>, hours: i64 },
    /// The game ended: `result` says how (`France wins`), `None` when the game master ended it.
    GameEnd { game_id: GameId, game_name: String, result: Option<String>, last_phase_index: Option<i32> },
    /// New messages in a press conversation since the last press mail about it.
    Press {
        game_id: GameId,
        game_name: String,
        conversation_label: String,
        /// Who wrote them, as press labels them (power names, "the GM"), each once, in order of writing.
        senders: Vec<String>,
        messages: i32,
        link_path: String,
    },
    /// A notice (`notices`) the recipient chose to get by mail too: its sentence as written for them.
    Notice { game_id: GameId, game_name: String, sentence: String, link_path: String },
    /// The link that confirms `email` is the account's. The only mail an unconfirmed address gets.
    /// `link_path` (holding the token) is `None` once the token is used or replaced.
    EmailConfirmation { email: String, link_path: Option<String> },
    /// The link to choose a new password; `None` once used or replaced.
    PasswordReset { link_path: Option<String> },
    /// `captain` named the recipient as a teammate in `position` (the post, before powers are given).
    TeamInvitation { game_id: GameId, game_name: String, captain: String, position: String },
}

impl MailContent {
    pub fn kind(&self) -> MailKind {
        match self {
            MailContent::GameStart { .. } => MailKind::GameStart,
            MailContent::NewPhase { .. } => MailKind::NewPhase,
            MailContent::DeadlineReminder { .. } => MailKind::DeadlineReminder,
            MailContent::DeadlineExtended { .. } => MailKind::DeadlineExtended,
            MailContent::GameEnd { .. } => MailKind::GameEnd,
            MailContent::Press { .. } => MailKind::Press,
            MailContent::EmailConfirmation { .. } => MailKind::EmailConfirmation,
            MailContent::PasswordReset { .. } => MailKind::PasswordReset,
            MailContent::TeamInvitation { .. } => MailKind::TeamInvitation,
            MailContent::Notice { .. } => MailKind::Notice,
        }
    }
}

/// A mail ready to be put in an envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedMail {
    pub subject: String,
    pub body: String,
}

/// Where links in mails point and how times are shown to the recipient.
#[derive(Debug, Clone, Copy)]
pub struct RenderContext<'a> {
    /// The site's public address, without a trailing slash (`PUBLIC_BASE_URL`).
    pub base_url: &'a str,
    pub zone: Tz,
}

#[derive(Template)]
#[template(path = "mail/game_start.txt")]
struct GameStartMail<'a> {
    game_name: &'a str,
    powers: String,
    phase_label: &'a str,
    deadline: Option<String>,
    game_url: String,
    orders_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/new_phase.txt")]
struct NewPhaseMail<'a> {
    game_name: &'a str,
    processed_label: &'a str,
    events: &'a [String],
    next_label: &'a str,
    deadline: Option<String>,
    must_order: bool,
    results_url: String,
    orders_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/deadline_reminder.txt")]
struct DeadlineReminderMail<'a> {
    game_name: &'a str,
    phase_label: &'a str,
    deadline: String,
    orders_saved: bool,
    ready: bool,
    orders_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/deadline_extended.txt")]
struct DeadlineExtendedMail<'a> {
    game_name: &'a str,
    phase_label: &'a str,
    deadline: String,
    hours: i64,
    orders_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/game_end.txt")]
struct GameEndMail<'a> {
    game_name: &'a str,
    result: Option<&'a str>,
    results_url: Option<String>,
    game_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/press.txt")]
struct PressMail<'a> {
    game_name: &'a str,
    conversation_label: &'a str,
    senders: String,
    messages: i32,
    conversation_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/notice.txt")]
struct NoticeMail<'a> {
    game_name: &'a str,
    sentence: &'a str,
    link_url: String,
    settings_url: String,
}

#[derive(Template)]
#[template(path = "mail/email_confirmation.txt")]
struct EmailConfirmationMail<'a> {
    email: &'a str,
    link: Option<String>,
}

#[derive(Template)]
#[template(path = "mail/password_reset.txt")]
struct PasswordResetMail {
    link: Option<String>,
}

#[derive(Template)]
#[template(path = "mail/team_invitation.txt")]
struct TeamInvitationMail<'a> {
    game_name: &'a str,
    captain: &'a str,
    position: &'a str,
    answer_url: String,
    settings_url: String,
}

impl MailContent {
    /// The subject and plain-text body, with links under `context.base_url` and times in the
    /// recipient's zone.
    pub fn render(&self, context: RenderContext<'_>) -> Result<RenderedMail, askama::Error> {
        let url = |path: String| format!("{}{path}", context.base_url);
        let time = |at: DateTime<Utc>| format_time(at, context.zone);
        let settings_url = url("/account".to_owned());
        match self {
            MailContent::GameStart { game_id, game_name, powers, phase_label, deadline } => Ok(RenderedMail {
                subject: format!("{game_name}: the game has started"),
                body: GameStartMail {
                    game_name,
                    powers: join_words(powers),
                    phase_label,
                    deadline: deadline.map(time),
                    game_url: url(format!("/games/{game_id}")),
                    orders_url: url(format!("/games/{game_id}/orders")),
                    settings_url,
                }
                .render()?,
            }),
            MailContent::NewPhase {
                game_id,
                game_name,
                processed_index,
                processed_label,
                events,
                next_label,
                deadline,
                must_order,
            } => Ok(RenderedMail {
                subject: format!("{game_name}: {processed_label} processed, now {next_label}"),
                body: NewPhaseMail {
                    game_name,
                    processed_label,
                    events,
                    next_label,
                    deadline: deadline.map(time),
                    must_order: *must_order,
                    results_url: url(format!("/games/{game_id}/phases/{processed_index}")),
                    orders_url: url(format!("/games/{game_id}/orders")),
                    settings_url,
                }
                .render()?,
            }),
            MailContent::DeadlineReminder { game_id, game_name, phase_label, deadline, orders_saved, ready } => {
                Ok(RenderedMail {
                    subject: format!("{game_name}: {phase_label} deadline at {}", time(*deadline)),
                    body: DeadlineReminderMail {
                        game_name,
                        phase_label,
                        deadline: time(*deadline),
                        orders_saved: *orders_saved,
                        ready: *ready,
                        orders_url: url(format!("/games/{game_id}/orders")),
                        settings_url,
                    }
                    .render()?,
                })
            }
            MailContent::DeadlineExtended { game_id, game_name, phase_label, deadline, hours } => Ok(RenderedMail {
                subject: format!("{game_name}: deadline extended to {}", time(*deadline)),
                body: DeadlineExtendedMail {
                    game_name,
                    phase_label,
                    deadline: time(*deadline),
                    hours: *hours,
                    orders_url: url(format!("/games/{game_id}/orders")),
                    settings_url,
                }
                .render()?,
            }),
            MailContent::GameEnd { game_id, game_name, result, last_phase_index } => Ok(RenderedMail {
                subject: match result {
                    Some(result) => format!("{game_name} is over: {result}"),
                    None => format!("{game_name} is over"),
                },
                body: GameEndMail {
                    game_name,
                    result: result.as_deref(),
                    results_url: last_phase_index.map(|index| url(format!("/games/{game_id}/phases/{index}"))),
                    game_url: url(format!("/games/{game_id}")),
                    settings_url,
                }
                .render()?,
            }),
            MailContent::Press { game_name, conversation_label, senders, messages, link_path, .. } => {
                Ok(RenderedMail {
                    subject: format!("{game_name}: new press from {}", join_words(senders)),
                    body: PressMail {
                        game_name,
                        conversation_label,
                        senders: join_words(senders),
                        messages: *messages,
                        conversation_url: url(link_path.clone()),
                        settings_url,
                    }
                    .render()?,
                })
            }
            MailContent::TeamInvitation { game_id, game_name, captain, position } => Ok(RenderedMail {
                subject: format!("{game_name}: {captain} invites you to their team"),
                body: TeamInvitationMail {
                    game_name,
                    captain,
                    position,
                    answer_url: url(format!("/games/{game_id}/cabinet")),
                    settings_url,
                }
                .render()?,
            }),
            MailContent::Notice { game_name, sentence, link_path, .. } => Ok(RenderedMail {
                subject: format!("{game_name}: {sentence}"),
                body: NoticeMail { game_name, sentence, link_url: url(link_path.clone()), settings_url }.render()?,
            }),
            MailContent::EmailConfirmation { email, link_path } => Ok(RenderedMail {
                subject: "Confirm your e-mail address for Backchannel".to_owned(),
                body: EmailConfirmationMail { email, link: link_path.clone().map(url) }.render()?,
            }),
            MailContent::PasswordReset { link_path } => Ok(RenderedMail {
                subject: "Choose a new Backchannel password".to_owned(),
                body: PasswordResetMail { link: link_path.clone().map(url) }.render()?,
            }),
        }
    }
}

/// `A`, `A and B`, `A, B and C`.
fn join_words(words: &[String]) -> String {
    join_names(&words.iter().map(String::as_str).collect::<Vec<_>>())
}
