//! Queueing mails inside the transaction of the event they tell about, so a mail exists exactly when
//! its event committed. Each function picks the recipients (seat holders who opted in and have an
//! address) and fixes what the mail says; the mail worker sends it after the commit.

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use sqlx::PgConnection;

use super::content::MailContent;
use super::queries::{self, OptIn};
use crate::games::queries as game_queries;
use crate::games::teams::Position;
use crate::ids::{AccountId, GameId, SeatId};
use crate::notices::{self, Notice, NoticeKind};

/// One new press message, to be mailed (batched) to the conversation's other members.
#[derive(Debug, Clone, Copy)]
pub struct PressNotice<'a> {
    pub game_id: GameId,
    /// press's `conversation.conversation_id`.
    pub conversation_id: i64,
    /// How the mail names the conversation: power names and "the GM", never account names.
    pub conversation_label: &'a str,
    /// Who wrote the new message, by the same rule ("Germany", "the GM", "an anonymous sender").
    pub sender_label: &'a str,
    /// The site path of the conversation's page (`/games/5/press/12`).
    pub link_path: &'a str,
    /// The members to tell: not the sender, not those who muted the conversation.
    pub recipients: &'a [AccountId],
}

/// Tells every seat holder that the game has started, which powers they play and the first deadline.
pub async fn enqueue_game_start(conn: &mut PgConnection, game_id: GameId, now: DateTime<Utc>) -> anyhow::Result<()> {
    let game = queries::game_facts(conn, game_id).await?;
    let phase_label = queries::current_phase_label(conn, game_id).await?.context("a started game without a phase")?;
    let seats = game_queries::seats(conn, game_id).await?;
    for recipient in queries::seat_recipients(conn, game_id, OptIn::GameStartEnd).await? {
        // A post names itself (`General of the Army of France`), not only its power (CAB issue 26.6).
        let powers = seats
            .iter()
            .find(|seat| seat.seat_id == recipient.seat_id)
            .map(|seat| match Position::of(seat) {
                Some(position) => vec![position.words()],
                None => seat.powers.iter().map(|power| power.label().to_owned()).collect(),
            })
            .unwrap_or_default();
        let content = MailContent::GameStart {
            game_id,
            game_name: game.name.clone(),
            powers,
            phase_label: phase_label.clone(),
            deadline: game.deadline_at,
        };
        queries::insert_mail(conn, recipient.account_id, game_id, &content, now, now).await?;
    }
    let started = Notice { game_id, kind: NoticeKind::GameStarted, detail: "", link_path: format!("/games/{game_id}") };
    notices::notify_table(conn, &started, true, now).await?;
    Ok(())
}

/// Tells a person that a captain named them as a teammate, on his notifications page and by mail
/// (whatever his mail settings: an invitation asks for an answer).
pub async fn enqueue_team_invitation(
    conn: &mut PgConnection,
    recipient: AccountId,
    game_id: GameId,
    game_name: &str,
    captain: &str,
    position: &str,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    let detail = format!("{captain} asks you to join their team as {position}");
    let link_path = format!("/games/{game_id}/cabinet");
    let notice = Notice { game_id, kind: NoticeKind::TeamInvitation, detail: &detail, link_path };
    notices::notify(conn, recipient, &notice, now).await?;
    let content = MailContent::TeamInvitation {
        game_id,
        game_name: game_name.to_owned(),
        captain: captain.to_owned(),
        position: position.to_owned(),
    };
    queries::insert_mail(conn, recipient, game_id, &content, now, now).await.map(drop)
}

/// What a new-phase mail tells: all of it known to the turn worker when it opens the next phase, so
/// queueing the mails reads only their recipients.
pub struct NewPhaseFacts<'a> {
    pub game_id: GameId,
    pub game_name: &'a str,
    pub processed_index: i32,
    pub processed_label: &'a str,
    /// The processed phase's public events.
    pub events: &'a [String],
    pub next_label: &'a str,
    pub deadline: Option<DateTime<Utc>>,
    /// The seats that have orders to give in the new phase.
    pub must_order: &'a [SeatId],
}

/// Tells every seat holder that a phase was processed: its public events, a link to its results, the
/// new phase and its deadline, and whether they must order in it. Called after the next phase is open
/// and its deadline set; the mails are queued in one statement.
pub async fn enqueue_new_phase(
    conn: &mut PgConnection,
    facts: NewPhaseFacts<'_>,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let mails: Vec<(AccountId, MailContent)> = queries::seat_recipients(conn, facts.game_id, OptIn::NewPhase)
        .await?
        .into_iter()
        .map(|recipient| {
            let content = MailContent::NewPhase {
                game_id: facts.game_id,
                game_name: facts.game_name.to_owned(),
                processed_index: facts.processed_index,
                processed_label: facts.processed_label.to_owned(),
                events: facts.events.to_vec(),
                next_label: facts.next_label.to_owned(),
                deadline: facts.deadline,
                must_order: facts.must_order.contains(&recipient.seat_id),
            };
            (recipient.account_id, content)
        })
        .collect();
    queries::insert_mails(conn, facts.game_id, &mails, now).await?;
    Ok(())
}

/// Tells every seat holder that the game is over and how (`game.result_summary`, in power names).
/// Called after the game row is marked finished.
pub async fn enqueue_game_end(conn: &mut PgConnection, game_id: GameId, now: DateTime<Utc>) -> anyhow::Result<()> {
    let game = queries::game_facts(conn, game_id).await?;
    let last_phase_index = queries::last_processed_index(conn, game_id).await?;
    for recipient in queries::seat_recipients(conn, game_id, OptIn::GameStartEnd).await? {
        let content = MailContent::GameEnd {
            game_id,
            game_name: game.name.clone(),
            result: game.result_summary.clone(),
            last_phase_index,
        };
        queries::insert_mail(conn, recipient.account_id, game_id, &content, now, now).await?;
    }
    let result = game.result_summary.unwrap_or_default();
    let link_path = match last_phase_index {
        Some(index) => format!("/games/{game_id}/phases/{index}"),
        None => format!("/games/{game_id}"),
    };
    let ended = Notice { game_id, kind: NoticeKind::GameEnded, detail: &result, link_path };
    notices::notify_table(conn, &ended, true, now).await?;
    Ok(())
}

/// Tells every seat holder (who wants deadline mail) that the deadline was extended by `extension`
/// because the site was down when it passed. Called after the new deadline is set.
pub async fn enqueue_deadline_extended(
    conn: &mut PgConnection,
    game_id: GameId,
    extension: Duration,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let game = queries::game_facts(conn, game_id).await?;
    let deadline = game.deadline_at.context("an extended deadline that is not set")?;
    let phase_label = queries::current_phase_label(conn, game_id).await?.context("a running game without a phase")?;
    for recipient in queries::seat_recipients(conn, game_id, OptIn::Deadline).await? {
        let content = MailContent::DeadlineExtended {
            game_id,
            game_name: game.name.clone(),
            phase_label: phase_label.clone(),
            deadline,
            hours: extension.num_hours(),
        };
        queries::insert_mail(conn, recipient.account_id, game_id, &content, now, now).await?;
    }
    Ok(())
}

/// Queues (or merges into a queued) press mail for each recipient who wants press mail: at most one
/// mail per account and conversation per the account's `press_mail_minutes`. The first message in a
/// quiet conversation goes at once; later ones wait for the next slot and go together.
pub async fn enqueue_press_notice(
    conn: &mut PgConnection,
    notice: &PressNotice<'_>,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let game_name = queries::game_facts(conn, notice.game_id).await?.name;
    for (account_id, minutes) in queries::press_recipients(conn, notice.recipients).await? {
        queue_or_merge_press_mail(conn, notice, &game_name, account_id, minutes, now).await?;
    }
    Ok(())
}

async fn queue_or_merge_press_mail(
    conn: &mut PgConnection,
    notice: &PressNotice<'_>,
    game_name: &str,
    account_id: AccountId,
    minutes: i32,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    // Twice at most: if another transaction queues the pending mail between our look and our insert,
    // the second look finds it (the insert waited for that transaction to commit).
    for _ in 0..2 {
        if let Some((mail_id, sqlx::types::Json(queued))) =
            queries::pending_press_mail_for_update(conn, account_id, notice.conversation_id).await?
        {
            queries::replace_content(conn, mail_id, &with_one_more_message(queued, notice.sender_label)).await?;
            return Ok(());
        }
        let content = MailContent::Press {
            game_id: notice.game_id,
            game_name: game_name.to_owned(),
            conversation_label: notice.conversation_label.to_owned(),
            senders: vec![notice.sender_label.to_owned()],
            messages: 1,
            link_path: notice.link_path.to_owned(),
        };
        let inserted = queries::insert_press_mail(
            conn,
            account_id,
            notice.game_id,
            notice.conversation_id,
            &content,
            minutes,
            now,
        )
        .await?;
        if inserted {
            return Ok(());
        }
    }
    anyhow::bail!("could not queue or merge the press mail of conversation {}", notice.conversation_id)
}

/// A queued press mail counting one more message, by `sender`.
fn with_one_more_message(queued: MailContent, sender: &str) -> MailContent {
    match queued {
        MailContent::Press { game_id, game_name, conversation_label, mut senders, messages, link_path } => {
            if !senders.iter().any(|known| known == sender) {
                senders.push(sender.to_owned());
            }
            MailContent::Press { game_id, game_name, conversation_label, senders, messages: messages + 1, link_path }
        }
        other => other,
    }
}
