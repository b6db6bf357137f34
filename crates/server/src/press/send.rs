//! Press as every reader of it uses it (the pages and the API): a game's press as one viewer sees it
//! (`PressContext`), which conversations he may read, the members a new message goes to, and sending one
//! message in one transaction with its mail; the press settings as the GM panel shows them.

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use kinds::AnyGame;
use serde::Serialize;
use sqlx::PgConnection;

use super::access::{Members, Reader, Sender, Tenure, correspondent, seat_title};
use super::forms::{Compose, message_text};
use super::queries::{self, ConversationRow, MessageRow, NewMessage};
use super::rules::{self, PressSettings};
use crate::error::{AppError, AppResult};
use crate::extract::User;
use crate::games::access::Access;
use crate::games::load::load_visible_game;
use crate::games::model::{GameStatus, PressRule};
use crate::games::queries::{GameRow, SeatRow, number_of};
use crate::ids::{ConversationId, GameId, MessageId, SeatId};
use crate::notify::{PressNotice, enqueue_press_notice};
use crate::pages::{format_time, zone_of};
use crate::turns::queries::{self as turn_queries, PhaseRow};

/// A conversation page shows this many messages; older ones are a link away.
pub const PAGE_SIZE: i64 = 50;

/// Each seat (and the GM) sends at most `RATE_LIMIT` messages per `RATE_WINDOW_MINUTES` in a game.
pub const RATE_LIMIT: i64 = 30;
pub const RATE_WINDOW_MINUTES: i64 = 10;

/// A game's press as one viewer sees it.
pub(crate) struct PressContext {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    pub reader: Reader,
    pub zone: Tz,
    /// The private game's invite code when the viewer came with it (and it is right), else empty: every
    /// link of press pages carries it, or an observer who came by invite would meet a 404.
    pub invite: String,
}

/// The start of the reader's tenure in his seat, where the kind's engine moves people between seats and
/// says when each tenure began (a Cabinet successor, CAB.1): its first phase, and the moment the site
/// seated him; the whole game otherwise.
async fn tenure_from(conn: &mut PgConnection, context: &PressContext) -> AppResult<Tenure> {
    let Some(seat_id) = context.reader.seat else { return Ok(Tenure::WHOLE_GAME) };
    if !context.game.kind.facts().seats.engine_seats_people() {
        return Ok(Tenure::WHOLE_GAME);
    }
    let (Some(number), Some(state)) =
        (number_of(&context.seats, seat_id), queries::latest_state(conn, context.game.game_id).await?)
    else {
        return Ok(Tenure::WHOLE_GAME);
    };
    let state = AnyGame::from_json(state).map_err(|error| AppError::Internal(error.into()))?;
    let phase_index = match state.tenure_start(number) {
        Some(code) => queries::phase_index_of(conn, context.game.game_id, &code).await?.unwrap_or(0),
        None => 0,
    };
    let since = queries::seat_taken_at(conn, seat_id).await?.unwrap_or(Tenure::WHOLE_GAME.since);
    Ok(Tenure { phase_index, since })
}

/// `path` with the invite code of a private game added to its query, if there is one.
pub fn with_invite(path: &str, invite: &str) -> String {
    match (invite, path.contains('?')) {
        ("", _) => path.to_owned(),
        (code, false) => format!("{path}?invite={code}"),
        (code, true) => format!("{path}&invite={code}"),
    }
}

impl PressContext {
    /// Loads a game the viewer may see (404 otherwise, so private games stay unknown).
    pub async fn load(conn: &mut PgConnection, game_id: GameId, user: Option<&User>, invite: &str) -> AppResult<Self> {
        let (game, seats, access) = load_visible_game(conn, game_id, user, invite).await?;
        let mut context = PressContext::new(game, seats, &access, user);
        context.reader.tenure_from = tenure_from(conn, &context).await?;
        Ok(context)
    }

    pub fn new(game: GameRow, seats: Vec<SeatRow>, access: &Access, user: Option<&User>) -> Self {
        let reader = Reader::of(&game, access, user.map(|user| user.account_id));
        let invite = if access.invited { game.invite_code.clone() } else { String::new() };
        PressContext { game, seats, reader, zone: zone_of(user), invite }
    }

    /// Loads the game for sending a message: first takes a share lock on the game row, held until the
    /// transaction ends, then loads it. The turn worker locks the game row `FOR UPDATE` while it
    /// processes a phase, so the phase, status and settings read here stay current until the message
    /// commits: a message is never checked against, nor stamped with, a phase that closed meanwhile.
    pub async fn load_for_sending(conn: &mut PgConnection, game_id: GameId, user: &User) -> AppResult<Self> {
        // An unknown game is the same 404 as one the sender may not see (`load` answers that).
        if !queries::lock_game_for_share(conn, game_id).await? {
            return Err(AppError::NotFound);
        }
        PressContext::load(conn, game_id, Some(user), "").await
    }

    /// A path of this game with the viewer's invite code, if they came with one.
    pub fn href(&self, path: &str) -> String {
        with_invite(path, &self.invite)
    }

    pub(crate) fn settings(&self) -> PressSettings {
        self.game.settings().press
    }

    /// Players' names appear beside their power only in games that are not anonymous.
    pub fn show_names(&self) -> bool {
        !self.game.anonymous
    }

    /// The conversation's name for this reader: the other members, or "Public press".
    pub fn title(&self, conversation: &ConversationRow) -> String {
        if conversation.is_public {
            return "Public press".to_owned();
        }
        let member = self.reader.is_member(conversation);
        let mut names: Vec<String> = conversation
            .member_seat_ids
            .iter()
            .filter(|seat| !(member && self.reader.seat == Some(**seat)))
            .map(|seat| self.seat_name(*seat))
            .collect();
        let i_am_the_gm = member && self.reader.writes_as() == Some(Sender::GameMaster);
        if conversation.with_game_master && !i_am_the_gm {
            names.push("GM".to_owned());
        }
        names.join(", ")
    }

    pub(crate) fn seat_name(&self, seat_id: SeatId) -> String {
        let position = self.seats.iter().position(|seat| seat.seat_id == seat_id);
        position.map_or_else(|| "A former seat".to_owned(), |index| seat_title(&self.seats[index], index + 1))
    }

    /// Every member of a conversation by power, and the GM: how a mail names it.
    pub(crate) fn members_label(&self, members: &Members) -> String {
        match members {
            Members::Public => "public press".to_owned(),
            Members::Private { seats, game_master } => {
                let names = seats.iter().map(|seat| self.seat_name(*seat));
                let gm = game_master.then(|| "the GM".to_owned());
                names.chain(gm).collect::<Vec<_>>().join(", ")
            }
        }
    }

    /// A sender by power or as the GM, never by account.
    pub(crate) fn sender_label(&self, sender: Sender) -> String {
        match sender {
            Sender::GameMaster => "the GM".to_owned(),
            Sender::Seat(seat) => self.seat_name(seat),
        }
    }

    /// Who sent a message, as this game shows senders: grey press has none, the GM is the GM, a seat is
    /// its power (and its player's name where names are shown; the query leaves it out otherwise).
    pub(crate) fn sender(&self, message: &MessageRow) -> String {
        match (message.grey, message.from_game_master, message.sender_seat_id) {
            (true, _, _) => "Grey press (sender not shown)".to_owned(),
            (false, true, _) => "GM".to_owned(),
            (false, false, Some(seat)) => match &message.sender_name {
                Some(name) => format!("{} · {name}", self.seat_name(seat)),
                None => self.seat_name(seat),
            },
            (false, false, None) => "A former seat".to_owned(),
        }
    }

    pub fn message_view(&self, message: MessageRow) -> MessageView {
        MessageView {
            id: message.press_message_id,
            sender: self.sender(&message),
            sent_at: format_time(message.sent_at, self.zone),
            phase: message.phase_label,
            body: message.body,
        }
    }

    /// Messages grouped by the phase they were sent in, in order.
    pub fn groups(&self, messages: Vec<MessageRow>) -> Vec<PhaseGroup> {
        let mut groups: Vec<PhaseGroup> = Vec::new();
        for message in messages {
            let view = self.message_view(message);
            match groups.last_mut() {
                Some(group) if group.phase == view.phase => group.messages.push(view),
                _ => groups.push(PhaseGroup { phase: view.phase.clone(), messages: vec![view] }),
            }
        }
        groups
    }
}

/// One message as shown. The body is plain text: askama escapes it, so markup typed by a player
/// arrives as text.
#[derive(Debug, Serialize)]
pub struct MessageView {
    pub id: MessageId,
    pub sender: String,
    /// In the reader's time zone.
    pub sent_at: String,
    /// The phase it was sent in.
    pub phase: String,
    pub body: String,
}

/// What sending needs to know about the current phase.
pub(crate) struct Moment {
    pub(crate) phase: PhaseRow,
    pub(crate) state: AnyGame,
    pub(crate) numbering: Vec<(SeatId, kinds::SeatIndex)>,
}

pub(crate) async fn current_moment(conn: &mut PgConnection, game: &GameRow) -> AppResult<Result<Moment, String>> {
    if let Err(closed) = rules::require_open(game.status) {
        return Ok(Err(closed));
    }
    let Some(phase) = turn_queries::current_phase(conn, game.game_id).await? else {
        return Ok(Err("This game has no phase open for press.".to_owned()));
    };
    let state = AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))?;
    let numbering = turn_queries::game_seats(conn, game.game_id).await?;
    Ok(Ok(Moment { phase, state, numbering }))
}

/// Why a message was not sent: shown on its form, with the text kept (or in the API's problem).
pub(crate) struct Refusal {
    pub status: StatusCode,
    pub reason: String,
}

impl From<String> for Refusal {
    fn from(reason: String) -> Self {
        Refusal { status: StatusCode::UNPROCESSABLE_ENTITY, reason }
    }
}

/// Checks and stores one message in one transaction; `Ok(Err(_))` is a refusal to show on the form.
/// `context` must come from [`PressContext::load_for_sending`] in the same transaction, so the phase
/// cannot change before the message commits.
pub(crate) async fn send(
    conn: &mut PgConnection,
    context: &PressContext,
    user: &User,
    members: Option<Members>,
    grey: bool,
    typed: &str,
    now: DateTime<Utc>,
) -> AppResult<Result<(ConversationId, MessageId), Refusal>> {
    let sender = writer(context)?;
    let Some(members) = members else {
        return Ok(Err("Choose whom to write to: everyone, the GM, or one or more powers.".to_owned().into()));
    };
    let body = match message_text(typed) {
        Ok(body) => body,
        Err(reason) => return Ok(Err(reason.into())),
    };
    let moment = match current_moment(conn, &context.game).await? {
        Ok(moment) => moment,
        Err(closed) => return Ok(Err(closed.into())),
    };
    if let Err(reason) = check_message(context, &moment, sender, &members, grey) {
        return Ok(Err(reason.into()));
    }
    let since = now - chrono::Duration::minutes(RATE_WINDOW_MINUTES);
    if queries::lock_and_count_recent(conn, context.game.game_id, sender, since).await? >= RATE_LIMIT {
        return Ok(Err(Refusal {
            status: StatusCode::TOO_MANY_REQUESTS,
            reason: format!(
                "You have sent {RATE_LIMIT} messages in the last {RATE_WINDOW_MINUTES} minutes, the most a seat may. \
                 Wait a few minutes and send this again."
            ),
        }));
    }
    let conversation_id = queries::conversation_of(conn, context.game.game_id, &members).await?;
    let message = NewMessage {
        conversation_id,
        game_id: context.game.game_id,
        phase_index: moment.phase.phase_index,
        sender,
        sender_account_id: user.account_id,
        grey,
        body: &body,
        sent_at: now,
    };
    let message_id = queries::insert_message(conn, &message).await?;
    queries::mark_read(conn, conversation_id, user.account_id, message_id).await?;
    tell_live_pages(conn, context.game.game_id, conversation_id, &members).await?;
    if let Members::Private { .. } = members {
        tell_by_mail(conn, context, conversation_id, &members, sender, user, now).await?;
    }
    Ok(Ok((conversation_id, message_id)))
}

/// Tells the live pages of the conversation's members (everyone's, for public press) that it has a new
/// message, without its text.
async fn tell_live_pages(
    conn: &mut PgConnection,
    game_id: GameId,
    conversation_id: ConversationId,
    members: &Members,
) -> Result<(), sqlx::Error> {
    let audience = match members {
        Members::Public => None,
        Members::Private { .. } => Some(crate::live::queries::conversation_members(conn, conversation_id.0).await?),
    };
    crate::live::raise(conn, game_id, crate::live::Event::Press { conversation: conversation_id.0, audience }).await
}

/// The automatic answer to a private message sent to seats bots hold (bots send no press and read
/// none): shown to the sender at once, and nothing is stored, so no bot seat ever writes a message.
pub(crate) fn bot_answer(context: &PressContext, members: &Members) -> Option<String> {
    let Members::Private { seats, .. } = members else { return None };
    let bots: Vec<String> = context
        .seats
        .iter()
        .filter(|seat| seat.bot && seats.contains(&seat.seat_id))
        .map(|seat| context.seat_name(seat.seat_id))
        .collect();
    match bots.as_slice() {
        [] => None,
        [one] => Some(format!("Automatic answer: {one} is played by a bot, which reads no press and sends none.")),
        many => Some(format!(
            "Automatic answer: {} are played by bots, which read no press and send none.",
            many.join(", ")
        )),
    }
}

/// Queues the batched "new private message" mail for the conversation's other members (not those who
/// muted it; notify leaves out those who did not opt in), in the message's own transaction. The mail
/// names powers and the GM only, never an account, and carries no message text.
pub(crate) async fn tell_by_mail(
    conn: &mut PgConnection,
    context: &PressContext,
    conversation_id: ConversationId,
    members: &Members,
    sender: Sender,
    user: &User,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let recipients = queries::mail_recipients(conn, conversation_id, user.account_id).await?;
    if recipients.is_empty() {
        return Ok(());
    }
    let notice = PressNotice {
        game_id: context.game.game_id,
        conversation_id: conversation_id.0,
        conversation_label: &context.members_label(members),
        sender_label: &context.sender_label(sender),
        link_path: &format!("/games/{}/press/{conversation_id}", context.game.game_id),
        recipients: &recipients,
    };
    enqueue_press_notice(conn, &notice, now).await?;
    Ok(())
}

/// Whether the game's press settings, then its kind, let `sender` write to `members` now.
pub(crate) fn check_message(
    context: &PressContext,
    moment: &Moment,
    sender: Sender,
    members: &Members,
    grey: bool,
) -> Result<(), String> {
    let from = correspondent(sender, &moment.numbering).ok_or("Your seat has no place in this game's press.")?;
    let to = members.recipients(sender, &moment.numbering);
    rules::check(context.settings(), moment.phase.stage, from, &to, grey)?;
    moment.state.may_send(from, &to).map_err(|refusal| refusal.to_string())
}

/// Only the game's players and its GM write press.
pub(crate) fn writer(context: &PressContext) -> AppResult<Sender> {
    context
        .reader
        .writes_as()
        .ok_or_else(|| AppError::Forbidden("Only the players and the GM of this game write press.".to_owned()))
}

/// The members a new message goes to, from the recipients chosen (the sender added); `None` when
/// nobody was chosen, which [`send`] refuses. A recipient that is no seat of the game is a bad request;
/// public press together with other recipients is a refusal to show with the text kept.
pub(crate) fn compose_members(
    context: &PressContext,
    compose: &Compose,
) -> AppResult<Result<Option<Members>, Refusal>> {
    let sender = writer(context)?;
    if compose.seats.iter().any(|seat| !context.seats.iter().any(|known| known.seat_id == *seat)) {
        return Err(AppError::BadRequest("One of the chosen recipients is not a seat of this game.".to_owned()));
    }
    Ok(Ok(match (compose.public, compose.chose_nobody()) {
        (true, _) if compose.game_master || !compose.seats.is_empty() => {
            let refusal = "Public press goes to everyone: untick the other recipients, or untick “Everyone”.";
            return Ok(Err(refusal.to_owned().into()));
        }
        (true, _) => Some(Members::Public),
        (false, true) => None,
        (false, false) => Members::with_sender(sender, compose.seats.clone(), compose.game_master),
    }))
}

/// The conversation, if the viewer may read it; otherwise the same 404 as for an unknown id.
pub(crate) async fn readable(
    conn: &mut PgConnection,
    context: &PressContext,
    conversation_id: ConversationId,
) -> AppResult<ConversationRow> {
    let conversation = queries::readable_conversation(conn, context.game.game_id, conversation_id, &context.reader)
        .await?
        .filter(|conversation| context.reader.can_read(conversation));
    conversation.ok_or(AppError::NotFound)
}

/// The GM panel's press settings form, for games past their start.
pub struct PressSettingsView {
    pub rules: &'static [PressRule],
    pub settings: PressSettings,
    /// The game has ended: publishing all press takes effect at once rather than at the end.
    pub ended: bool,
}

impl PressSettingsView {
    pub fn of(game: &GameRow) -> Self {
        PressSettingsView {
            rules: PressRule::ALL,
            settings: game.settings().press,
            ended: game.status == GameStatus::Finished,
        }
    }
}

/// The messages sent during one phase.
pub struct PhaseGroup {
    pub phase: String,
    pub messages: Vec<MessageView>,
}

/// Mutes or unmutes a conversation `user` follows (a member, or the GM): muted ones count no unread
/// messages and send no mail. Shared by the press page and the API.
pub(crate) async fn set_muted(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    conversation_id: ConversationId,
    muted: bool,
) -> AppResult<()> {
    let context = PressContext::load(conn, game_id, Some(user), "").await?;
    let conversation = readable(conn, &context, conversation_id).await?;
    if !context.reader.follows(&conversation) {
        return Err(AppError::Forbidden("Only the game's players and GM mute its conversations.".to_owned()));
    }
    queries::set_muted(conn, conversation_id, user.account_id, muted).await?;
    Ok(())
}
