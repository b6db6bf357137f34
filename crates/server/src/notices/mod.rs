//! Notices: every event that asks something of someone or changes their game leaves a notice for
//! exactly the people it concerns, listed on `/notifications` (unread first, each linked to its game;
//! the unread count in the site's header), and mailed through the outbox unless the recipient turned
//! that kind's mail off on the account page.
//!
//! # How it is built
//!
//! `notify(conn, recipient, game, kind, detail, link_path, now)` writes one notice in the caller's
//! transaction (so a notice exists exactly when its event committed) and queues its mail; the helpers
//! beside it pick the recipients of each event: a game's seat holders, its GM. The callers: the turn
//! worker's preview (`ResultsAwaitRelease`, the GM), the GM's rollback (`RolledBack`, with its reason,
//! the players), the standby page (`TakeoverRequested` to the GM, `SeatTakenOver` to the new and the old
//! holder and the GM), the start and end mails (`GameStarted`, `GameEnded`) and the deadline reminders
//! (`NmrWarning`), both in `notify::enqueue` and `notify::reminders`, and the processed phase
//! (`AskedToAct`: whom the kind's rules ask to act, such as a Cabinet motion's signers). `queries.rs` the table,
//! `pages.rs` the page, marking read, and the mail preferences' form (shown on the account page).
//!
//! **Secrets:** a notice's `detail` is written for its recipient alone and names no player (anonymous
//! games, Cabinet positions, Covert Operations): seats are named by their public titles. Draw and
//! concession votes stay secret until unanimous, so no notice tells of one; the game's end does.

pub(crate) mod pages;
pub mod queries;

use axum::Router;
use axum::routing::{get, post};
use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use kinds::{Addressee, Ask, PersonId};

use crate::games::model::has_posts;
use crate::ids::{AccountId, GameId};
use crate::notify::MailContent;
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/notifications", get(pages::notifications_page))
        .route("/notifications/read", post(pages::mark_all_read))
        .route("/notifications/mail", post(pages::save_mail_choices))
        .route("/notifications/{notice_id}", post(pages::open_notice))
}

/// What a notice tells; stored as snake_case text in `notice.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// The GM's previewed results wait for release (to the GM).
    ResultsAwaitRelease,
    /// The GM rolled the game back; `detail` holds the phase and the reason (to the players).
    RolledBack,
    /// Someone asked to take over a seat in civil disorder (to the GM).
    TakeoverRequested,
    /// A seat changed hands (to the new holder, the old one and the GM).
    SeatTakenOver,
    /// The seat is now the recipient's (to the new holder).
    SeatGiven,
    /// The recipient's seat was given to someone else (to the old holder).
    SeatLost,
    GameStarted,
    GameEnded,
    /// The deadline is near and the recipient's orders are missing or not ready.
    NmrWarning,
    /// The game's rules ask the recipient to act: a Cabinet motion to sign or accept, a coup against him.
    AskedToAct,
    /// A captain named the recipient as a teammate; `detail` says who and as what.
    TeamInvitation,
    /// A game formed on `/play` with the recipient in it: he confirms he is there (`detail`: how long).
    GameFormed,
    /// The recipient did not confirm at the muster and lost his seat.
    MusterMissed,
}

impl NoticeKind {
    pub const ALL: [NoticeKind; 13] = [
        NoticeKind::ResultsAwaitRelease,
        NoticeKind::RolledBack,
        NoticeKind::TakeoverRequested,
        NoticeKind::SeatTakenOver,
        NoticeKind::SeatGiven,
        NoticeKind::SeatLost,
        NoticeKind::GameStarted,
        NoticeKind::GameEnded,
        NoticeKind::NmrWarning,
        NoticeKind::AskedToAct,
        NoticeKind::TeamInvitation,
        NoticeKind::GameFormed,
        NoticeKind::MusterMissed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::ResultsAwaitRelease => "results_await_release",
            NoticeKind::RolledBack => "rolled_back",
            NoticeKind::TakeoverRequested => "takeover_requested",
            NoticeKind::SeatTakenOver => "seat_taken_over",
            NoticeKind::SeatGiven => "seat_given",
            NoticeKind::SeatLost => "seat_lost",
            NoticeKind::GameStarted => "game_started",
            NoticeKind::GameEnded => "game_ended",
            NoticeKind::NmrWarning => "nmr_warning",
            NoticeKind::AskedToAct => "asked_to_act",
            NoticeKind::TeamInvitation => "team_invitation",
            NoticeKind::GameFormed => "game_formed",
            NoticeKind::MusterMissed => "muster_missed",
        }
    }

    pub fn parse(text: &str) -> Option<NoticeKind> {
        NoticeKind::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// What the notice says, after the game's name; `detail` was written for the recipient.
    pub fn sentence(self, detail: &str) -> String {
        match self {
            NoticeKind::ResultsAwaitRelease => format!("The results of {detail} wait for your release."),
            NoticeKind::RolledBack => format!("The GM rolled the game back to {detail}."),
            NoticeKind::TakeoverRequested => format!("A player asks to take over {detail}."),
            NoticeKind::SeatTakenOver => format!("{detail} has a new player."),
            NoticeKind::SeatGiven => format!("You now play {detail}: give its orders."),
            NoticeKind::SeatLost => format!("You no longer play {detail}."),
            NoticeKind::GameStarted => "The game has started.".to_owned(),
            NoticeKind::GameEnded => match detail {
                "" => "The game is over.".to_owned(),
                result => format!("The game is over: {result}."),
            },
            NoticeKind::NmrWarning => format!("{detail}: the deadline is near and your orders are not ready."),
            NoticeKind::AskedToAct => format!("{detail}."),
            NoticeKind::TeamInvitation => format!("{detail}: confirm or decline on the game's Cabinet page."),
            NoticeKind::GameFormed => {
                format!("Your game has formed: confirm on its page that you are there, within {detail}.")
            }
            NoticeKind::MusterMissed => "You did not confirm in time, so your seat went to someone else.".to_owned(),
        }
    }

    /// How the account page names the kind, for its mail choice.
    pub fn choice_label(self) -> &'static str {
        match self {
            NoticeKind::ResultsAwaitRelease => "Results of my games wait for my release (as GM)",
            NoticeKind::RolledBack => "A game of mine is rolled back",
            NoticeKind::TakeoverRequested => "Someone asks to take over a seat (as GM)",
            NoticeKind::SeatTakenOver => "A seat in my game has a new player (as GM)",
            NoticeKind::SeatGiven => "A seat is given to me",
            NoticeKind::SeatLost => "My seat is given to someone else",
            NoticeKind::GameStarted => "Game started",
            NoticeKind::GameEnded => "Game ended",
            NoticeKind::NmrWarning => "Deadline near, my orders not ready",
            NoticeKind::AskedToAct => "A motion asks for my signature or answer, or a coup is proposed against me",
            NoticeKind::TeamInvitation => "Someone names me as a teammate",
            NoticeKind::GameFormed => "A game I waited for on Play now has formed",
            NoticeKind::MusterMissed => "I lost a seat for not confirming in time",
        }
    }

    /// Whether this notice is mailed by itself. Starts, ends, deadline reminders and team invitations
    /// already have their own mails, so their notices are not mailed twice.
    pub fn mailed_as_notice(self) -> bool {
        !matches!(
            self,
            NoticeKind::GameStarted | NoticeKind::GameEnded | NoticeKind::NmrWarning | NoticeKind::TeamInvitation
        )
    }
}

/// One notice to write: what, about which game, and where it links.
#[derive(Debug, Clone)]
pub struct Notice<'a> {
    pub game_id: GameId,
    pub kind: NoticeKind,
    /// What the sentence names besides the game, written for the recipient (see [`NoticeKind::sentence`]).
    pub detail: &'a str,
    /// The site path the notice links to.
    pub link_path: String,
}

/// Tells `recipient` of `notice` in the caller's transaction, queues a push to each of his devices if he
/// asked for this kind's pushes, and queues its mail if the kind is mailed as a notice, the recipient
/// has a confirmed address and did not turn this kind's mail off.
pub async fn notify(
    conn: &mut PgConnection,
    recipient: AccountId,
    notice: &Notice<'_>,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    queries::insert_notice(conn, recipient, notice, now).await?;
    let game_name = queries::game_name(conn, notice.game_id).await?;
    crate::push::queue(conn, recipient, notice, &game_name, now).await?;
    if notice.kind.mailed_as_notice() && queries::wants_mail(conn, recipient, notice.kind).await? {
        let content = MailContent::Notice {
            game_id: notice.game_id,
            game_name,
            sentence: notice.kind.sentence(notice.detail),
            link_path: notice.link_path.clone(),
        };
        crate::notify::queries::insert_mail(conn, recipient, notice.game_id, &content, now, now).await?;
    }
    Ok(())
}

/// Tells each person the engine moved (a Cabinet relief, coup or secession, a standby player seated)
/// of his own seat only: the one who left it that he no longer plays it, the one who took it that it is
/// now his. Nobody else learns who holds which seat.
pub async fn tell_holder_changes(
    conn: &mut PgConnection,
    game_id: GameId,
    changes: &[crate::games::seating::HolderChange],
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    for change in changes {
        let notice = |kind, link_path| Notice { game_id, kind, detail: &change.title, link_path };
        if let Some(left) = change.left {
            notify(conn, left, &notice(NoticeKind::SeatLost, format!("/games/{game_id}")), now).await?;
        }
        if let Some(took) = change.took {
            notify(conn, took, &notice(NoticeKind::SeatGiven, format!("/games/{game_id}/orders")), now).await?;
        }
    }
    Ok(())
}

/// Tells each person a processed phase asks to act (`AnyGame::asks`): a seat's holder (after the engine
/// moved people), or a named person holding no seat here. Each notice carries his own ask only; the
/// people an ask mentions are named by their usernames.
pub async fn tell_asks(
    conn: &mut PgConnection,
    game_id: GameId,
    asks: &[Ask],
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    if asks.is_empty() {
        return Ok(());
    }
    let holders = queries::holders_by_game_seat(conn, game_id).await?;
    let link_path = match has_posts(queries::game_kind(conn, game_id).await?) {
        true => format!("/games/{game_id}/cabinet"),
        false => format!("/games/{game_id}/orders"),
    };
    for ask in asks {
        let recipient = match ask.to {
            Addressee::Seat(index) => {
                holders.iter().find(|(seat, _)| i32::from(*seat) == i32::from(index.0)).map(|(_, account)| *account)
            }
            Addressee::Person(person) => crate::games::seating::holder_of(person).account(),
        };
        let Some(recipient) = recipient else { continue };
        if queries::username(conn, recipient).await?.is_none() {
            continue;
        }
        let detail = with_usernames(conn, &ask.text, &ask.names).await?;
        let notice = Notice { game_id, kind: NoticeKind::AskedToAct, detail: &detail, link_path: link_path.clone() };
        notify(conn, recipient, &notice, now).await?;
    }
    Ok(())
}

/// The text with each `person N` it mentions called by his username.
async fn with_usernames(conn: &mut PgConnection, text: &str, people: &[PersonId]) -> Result<String, sqlx::Error> {
    let mut text = text.to_owned();
    for person in people {
        let name = queries::username(conn, crate::games::seating::account(*person)).await?;
        text = text.replace(&person.to_string(), name.as_deref().unwrap_or("a player"));
    }
    Ok(text)
}

/// Tells every account holding a seat in the game, and its GM when `with_gm`.
pub async fn notify_table(
    conn: &mut PgConnection,
    notice: &Notice<'_>,
    with_gm: bool,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    for recipient in queries::table_accounts(conn, notice.game_id, with_gm).await? {
        notify(conn, recipient, notice, now).await?;
    }
    Ok(())
}

/// Tells the game's GM.
pub async fn notify_gm(conn: &mut PgConnection, notice: &Notice<'_>, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    let gm = queries::gm_of(conn, notice.game_id).await?;
    notify(conn, gm, notice, now).await
}

/// One kind's mail choice on the account page.
pub struct MailChoice {
    pub kind: &'static str,
    pub label: &'static str,
    pub mailed: bool,
}

/// The account's mail choices, one per kind mailed as a notice.
pub async fn mail_choices(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<MailChoice>, sqlx::Error> {
    let off = queries::mail_off(conn, account_id).await?;
    Ok(NoticeKind::ALL
        .into_iter()
        .filter(|kind| kind.mailed_as_notice())
        .map(|kind| MailChoice {
            kind: kind.as_str(),
            label: kind.choice_label(),
            mailed: !off.iter().any(|off| off == kind.as_str()),
        })
        .collect())
}

#[cfg(test)]
mod tests;
