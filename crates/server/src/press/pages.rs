//! The press page (conversations and the compose form), a conversation's page and feed, sending,
//! muting, and the GM's press settings of a started game.

use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use kinds::AnyGame;
use serde::Serialize;
use sqlx::PgConnection;

use super::access::{Members, Reader, Sender, correspondent, seat_title};
use super::forms::{
    Compose, ConversationQuery, FeedQuery, MAX_MESSAGE_CHARS, MuteForm, PressSettingsForm, ReplyForm, TO_GAME_MASTER,
    TO_PUBLIC, message_text,
};
use super::queries::{self, ConversationRow, MessageRow, NewMessage};
use super::rules::{self, PressSettings};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, Query, SignedIn, User, Viewer, set_flash};
use crate::games::access::Access;
use crate::games::forms::InviteQuery;
use crate::games::model::{GameStatus, GmAction, PressRule};
use crate::games::pages::load_visible_game;
use crate::games::pages::load_visible_game_locked;
use crate::games::queries::{self as game_queries, GameRow, SeatRow};
use crate::ids::{ConversationId, GameId, MessageId, SeatId};
use crate::notify::{PressNotice, enqueue_press_notice};
use crate::pages::{Nav, format_time, zone_of};
use crate::state::AppState;
use crate::turns::queries::{self as turn_queries, PhaseRow};

/// A conversation page shows this many messages; older ones are a link away.
pub const PAGE_SIZE: i64 = 50;
/// The feed answers at most this many messages at once.
const FEED_LIMIT: i64 = 100;
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
        Ok(PressContext::new(game, seats, &access, user))
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

    fn settings(&self) -> PressSettings {
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

    fn seat_name(&self, seat_id: SeatId) -> String {
        let position = self.seats.iter().position(|seat| seat.seat_id == seat_id);
        position.map_or_else(|| "A former seat".to_owned(), |index| seat_title(&self.seats[index], index + 1))
    }

    /// Every member of a conversation by power, and the GM: how a mail names it.
    fn members_label(&self, members: &Members) -> String {
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
    fn sender_label(&self, sender: Sender) -> String {
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

/// The messages sent during one phase.
pub struct PhaseGroup {
    pub phase: String,
    pub messages: Vec<MessageView>,
}

/// A conversation in the press page's list.
pub struct ConversationItem {
    pub id: ConversationId,
    /// The conversation's page, with the viewer's invite code.
    pub href: String,
    pub title: String,
    pub last: String,
    pub messages: i64,
    /// Shown to the conversation's followers only; muted conversations count none.
    pub unread: Option<i64>,
    pub muted: bool,
}

impl ConversationItem {
    pub(super) fn new(context: &PressContext, line: queries::ConversationLine) -> Self {
        let follows = context.reader.follows(&line.conversation);
        ConversationItem {
            id: line.conversation.conversation_id,
            href: context.href(&format!("/games/{}/press/{}", context.game.game_id, line.conversation.conversation_id)),
            title: context.title(&line.conversation),
            last: line.last_sent_at.map(|at| format_time(at, context.zone)).unwrap_or_default(),
            messages: line.messages,
            unread: (follows && !line.muted).then_some(line.unread),
            muted: follows && line.muted,
        }
    }
}

/// A recipient box of the compose form.
pub struct RecipientBox {
    pub value: String,
    pub label: String,
    pub checked: bool,
}

/// The compose form: only the recipients the game's rules and kind allow now, and what was typed.
pub struct ComposeView {
    pub public: Option<RecipientBox>,
    pub game_master: Option<RecipientBox>,
    pub seats: Vec<RecipientBox>,
    pub grey_allowed: bool,
    pub grey: bool,
    pub body: String,
}

/// What sending needs to know about the current phase.
struct Moment {
    phase: PhaseRow,
    state: AnyGame,
    numbering: Vec<(SeatId, kinds::SeatIndex)>,
}

async fn current_moment(conn: &mut PgConnection, game: &GameRow) -> AppResult<Result<Moment, String>> {
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

fn compose_view(context: &PressContext, moment: &Moment, sender: Sender, typed: &Compose) -> ComposeView {
    let pair = |seats: &[SeatId], game_master| {
        Members::with_sender(sender, seats.iter().copied().collect(), game_master)
            .is_some_and(|members| check_message(context, moment, sender, &members, false).is_ok())
    };
    let public = check_message(context, moment, sender, &Members::Public, false).is_ok().then(|| RecipientBox {
        value: TO_PUBLIC.to_owned(),
        label: "Everyone (public press)".to_owned(),
        checked: typed.public,
    });
    let game_master = (sender != Sender::GameMaster && pair(&[], true)).then(|| RecipientBox {
        value: TO_GAME_MASTER.to_owned(),
        label: "GM".to_owned(),
        checked: typed.game_master,
    });
    let seats = context
        .seats
        .iter()
        .filter(|seat| Some(seat.seat_id) != sender.seat() && pair(&[seat.seat_id], false))
        .map(|seat| RecipientBox {
            value: seat.seat_id.to_string(),
            label: context.seat_name(seat.seat_id),
            checked: typed.seats.contains(&seat.seat_id),
        })
        .collect();
    ComposeView {
        public,
        game_master,
        seats,
        grey_allowed: context.settings().grey && sender != Sender::GameMaster,
        grey: typed.grey,
        body: typed.body.clone(),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "press/index.html")]
pub struct PressPage {
    nav: Nav,
    game_id: GameId,
    game_name: String,
    rules: String,
    /// Whom the viewer writes as (`France`, `GM`), when they write at all.
    writes_as: Option<String>,
    /// Why nothing can be written now, when it cannot.
    closed: Option<String>,
    conversations: Vec<ConversationItem>,
    compose: Option<ComposeView>,
    /// Why the message just sent was refused; its text is back in the form.
    refusal: Option<String>,
    /// The refused text, when press is closed and there is no form to hold it.
    unsent: Option<String>,
    max_chars: usize,
    /// The game page, with the viewer's invite code.
    game_href: String,
}

impl PressPage {
    async fn build(
        conn: &mut PgConnection,
        nav: Nav,
        context: &PressContext,
        typed: &Compose,
        refusal: Option<String>,
    ) -> AppResult<Self> {
        let lines = queries::readable_conversations(conn, context.game.game_id, &context.reader).await?;
        let sender = context.reader.writes_as();
        let (closed, compose) = match sender {
            None => (None, None),
            Some(sender) => match current_moment(conn, &context.game).await? {
                Ok(moment) => (None, Some(compose_view(context, &moment, sender, typed))),
                Err(closed) => (Some(closed), None),
            },
        };
        Ok(PressPage {
            nav,
            game_id: context.game.game_id,
            game_name: context.game.name.clone(),
            rules: context.settings().describe(),
            writes_as: sender.map(|sender| match sender {
                Sender::GameMaster => "GM".to_owned(),
                Sender::Seat(seat) => context.seat_name(seat),
            }),
            unsent: (compose.is_none() && refusal.is_some()).then(|| typed.body.clone()),
            closed,
            conversations: lines.into_iter().map(|line| ConversationItem::new(context, line)).collect(),
            compose,
            refusal,
            max_chars: MAX_MESSAGE_CHARS,
            game_href: context.href(&format!("/games/{}", context.game.game_id)),
        })
    }
}

/// Every conversation the viewer may read, with unread counts, and the form to start one.
pub async fn press_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(game_id): Path<GameId>,
    Query(query): Query<InviteQuery>,
) -> AppResult<PressPage> {
    let mut conn = state.db.acquire().await?;
    let context = PressContext::load(&mut conn, game_id, viewer.user.as_ref(), &query.invite).await?;
    PressPage::build(&mut conn, viewer.nav, &context, &Compose::default(), None).await
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
    if let Members::Private { .. } = members {
        tell_by_mail(conn, context, conversation_id, &members, sender, user, now).await?;
    }
    Ok(Ok((conversation_id, message_id)))
}

/// Queues the batched "new private message" mail for the conversation's other members (not those who
/// muted it; notify leaves out those who did not opt in), in the message's own transaction. The mail
/// names powers and the GM only, never an account, and carries no message text.
async fn tell_by_mail(
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
fn check_message(
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

/// Starts (or continues) the conversation with the ticked recipients.
pub async fn send_new(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(fields): Form<Vec<(String, String)>>,
) -> AppResult<Response> {
    let compose = Compose::read(&fields).map_err(AppError::BadRequest)?;
    let mut tx = state.db.begin().await?;
    let context = PressContext::load_for_sending(&mut tx, game_id, &signed_in.user).await?;
    let members = match compose_members(&context, &compose)? {
        Ok(members) => members,
        Err(refusal) => return refused(&mut tx, signed_in.nav, &context, &compose, refusal).await,
    };
    match send(&mut tx, &context, &signed_in.user, members, compose.grey, &compose.body, state.clock.now()).await? {
        Ok((conversation_id, message_id)) => {
            tx.commit().await?;
            Ok(Redirect::to(&message_path(game_id, conversation_id, message_id)).into_response())
        }
        Err(refusal) => refused(&mut tx, signed_in.nav, &context, &compose, refusal).await,
    }
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

async fn refused(
    conn: &mut PgConnection,
    nav: Nav,
    context: &PressContext,
    compose: &Compose,
    refusal: Refusal,
) -> AppResult<Response> {
    let page = PressPage::build(conn, nav, context, compose, Some(refusal.reason)).await?;
    Ok((refusal.status, page).into_response())
}

fn message_path(game_id: GameId, conversation_id: ConversationId, message_id: MessageId) -> String {
    format!("/games/{game_id}/press/{conversation_id}#message-{message_id}")
}

/// The reply form under a conversation.
pub struct ReplyView {
    pub body: String,
    pub grey_allowed: bool,
    pub grey: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "press/conversation.html")]
pub struct ConversationPage {
    nav: Nav,
    game_id: GameId,
    game_name: String,
    conversation_id: ConversationId,
    title: String,
    is_public: bool,
    groups: Vec<PhaseGroup>,
    /// Links to older messages and back to the newest, keeping the invite code of a private game.
    older: Option<String>,
    newest: Option<String>,
    /// The game page, all its conversations and this conversation's feed, with the invite code.
    game_href: String,
    press_href: String,
    feed_href: String,
    /// The newest message shown, for the feed script to ask for what came after.
    newest_id: MessageId,
    reply: Option<ReplyView>,
    refusal: Option<String>,
    /// Why a member cannot write here now, when the press rules close this conversation to them.
    closed: Option<String>,
    follows: bool,
    muted: bool,
    max_chars: usize,
}

struct Paging {
    before: Option<MessageId>,
}

impl ConversationPage {
    async fn build(
        conn: &mut PgConnection,
        nav: Nav,
        context: &PressContext,
        conversation: &ConversationRow,
        paging: &Paging,
        typed: Option<(&ReplyForm, Refusal)>,
    ) -> AppResult<Self> {
        let (messages, has_older) = queries::page_of_messages(
            conn,
            conversation.conversation_id,
            context.show_names(),
            paging.before,
            PAGE_SIZE,
        )
        .await?;
        let base = format!("/games/{}/press/{}", context.game.game_id, conversation.conversation_id);
        let older = match (has_older, messages.first()) {
            (true, Some(oldest)) => Some(context.href(&format!("{base}?before={}", oldest.press_message_id))),
            _ => None,
        };
        let newest = paging.before.map(|_| context.href(&base));
        let newest_id = messages.last().map_or(MessageId(0), |message| message.press_message_id);
        let follows = context.reader.follows(conversation);
        let muted = match (follows, context.reader.account_id) {
            (true, Some(account_id)) => queries::muted(conn, conversation.conversation_id, account_id).await?,
            _ => false,
        };
        // The reply form is offered only where a message would be accepted now; a member who may not
        // write (public press only, gunboat, rulebook press in a retreat) is told why instead.
        let writing = match context.reader.writes_as() {
            Some(sender) if conversation.is_public || context.reader.is_member(conversation) => {
                Some(match current_moment(conn, &context.game).await? {
                    Ok(moment) => check_message(context, &moment, sender, &Members::of(conversation), false),
                    Err(closed) => Err(closed),
                })
            }
            _ => None,
        };
        let may_write = matches!(writing, Some(Ok(())));
        let closed = writing.and_then(Result::err);
        let (typed, refusal) = match typed {
            Some((form, refusal)) => (Some(form), Some(refusal.reason)),
            None => (None, None),
        };
        Ok(ConversationPage {
            nav,
            game_id: context.game.game_id,
            game_name: context.game.name.clone(),
            conversation_id: conversation.conversation_id,
            title: context.title(conversation),
            is_public: conversation.is_public,
            groups: context.groups(messages),
            older,
            newest,
            game_href: context.href(&format!("/games/{}", context.game.game_id)),
            press_href: context.href(&format!("/games/{}/press", context.game.game_id)),
            feed_href: context.href(&format!("{base}/feed")),
            newest_id,
            // After a refusal the form stays, holding the text, even where press has closed meanwhile.
            reply: (may_write || refusal.is_some()).then(|| ReplyView {
                body: typed.map(|form| form.body.clone()).unwrap_or_default(),
                grey_allowed: conversation.is_public
                    && context.settings().grey
                    && context.reader.writes_as() != Some(Sender::GameMaster),
                grey: typed.is_some_and(|form| form.grey.is_some()),
            }),
            closed: if refusal.is_some() { None } else { closed },
            refusal,
            follows,
            muted,
            max_chars: MAX_MESSAGE_CHARS,
        })
    }
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

/// A conversation, newest messages last, grouped by phase; seeing the newest page marks it read.
pub async fn conversation_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((game_id, conversation_id)): Path<(GameId, ConversationId)>,
    Query(query): Query<ConversationQuery>,
) -> AppResult<ConversationPage> {
    let mut conn = state.db.acquire().await?;
    let context = PressContext::load(&mut conn, game_id, viewer.user.as_ref(), &query.invite).await?;
    let conversation = readable(&mut conn, &context, conversation_id).await?;
    let paging = Paging { before: query.before };
    let page = ConversationPage::build(&mut conn, viewer.nav, &context, &conversation, &paging, None).await?;
    // Reading marks read: the one change a GET makes, and only to the reader's own read marker.
    if let (true, None, Some(account_id)) = (page.follows, paging.before, context.reader.account_id)
        && page.newest_id.0 > 0
    {
        queries::mark_read(&mut conn, conversation_id, account_id, page.newest_id).await?;
    }
    Ok(page)
}

/// Writes in a conversation the viewer is a member of (or in public press).
pub async fn reply(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, conversation_id)): Path<(GameId, ConversationId)>,
    Form(form): Form<ReplyForm>,
) -> AppResult<Response> {
    let mut tx = state.db.begin().await?;
    let context = PressContext::load_for_sending(&mut tx, game_id, &signed_in.user).await?;
    let conversation = readable(&mut tx, &context, conversation_id).await?;
    if !conversation.is_public && !context.reader.is_member(&conversation) {
        return Err(AppError::Forbidden("Only the members of a conversation write in it.".to_owned()));
    }
    let members = Some(Members::of(&conversation));
    let grey = form.grey.is_some();
    match send(&mut tx, &context, &signed_in.user, members, grey, &form.body, state.clock.now()).await? {
        Ok((conversation_id, message_id)) => {
            tx.commit().await?;
            Ok(Redirect::to(&message_path(game_id, conversation_id, message_id)).into_response())
        }
        Err(refusal) => {
            let status = refusal.status;
            let paging = Paging { before: None };
            let page = ConversationPage::build(
                &mut tx,
                signed_in.nav,
                &context,
                &conversation,
                &paging,
                Some((&form, refusal)),
            )
            .await?;
            Ok((status, page).into_response())
        }
    }
}

#[derive(Serialize)]
pub struct Feed {
    conversation: ConversationId,
    messages: Vec<MessageView>,
}

/// The conversation's messages after `after`, as JSON (the conversation page's script polls it). The same
/// privacy as the page: a conversation the viewer may not read is the same 404 as an unknown one.
pub async fn feed(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((game_id, conversation_id)): Path<(GameId, ConversationId)>,
    Query(query): Query<FeedQuery>,
) -> AppResult<Json<Feed>> {
    let mut conn = state.db.acquire().await?;
    let context = PressContext::load(&mut conn, game_id, viewer.user.as_ref(), &query.invite).await?;
    let conversation = readable(&mut conn, &context, conversation_id).await?;
    let after = query.after.unwrap_or(MessageId(0));
    let rows = queries::messages_after(&mut conn, conversation_id, context.show_names(), after, FEED_LIMIT).await?;
    // Like the page, the feed marks read what it shows the conversation's follower (the page's script
    // shows these messages as they come).
    if let (true, Some(account_id), Some(newest)) =
        (context.reader.follows(&conversation), context.reader.account_id, rows.last())
    {
        queries::mark_read(&mut conn, conversation_id, account_id, newest.press_message_id).await?;
    }
    let messages = rows.into_iter().map(|row| context.message_view(row)).collect();
    Ok(Json(Feed { conversation: conversation.conversation_id, messages }))
}

/// Mutes or unmutes a conversation the viewer follows: muted ones count no unread messages and send no
/// mail.
pub async fn mute(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, conversation_id)): Path<(GameId, ConversationId)>,
    Form(form): Form<MuteForm>,
) -> AppResult<Redirect> {
    let mut conn = state.db.acquire().await?;
    let context = PressContext::load(&mut conn, game_id, Some(&signed_in.user), "").await?;
    let conversation = readable(&mut conn, &context, conversation_id).await?;
    if !context.reader.follows(&conversation) {
        return Err(AppError::Forbidden("Only the game's players and GM mute its conversations.".to_owned()));
    }
    queries::set_muted(&mut conn, conversation_id, signed_in.user.account_id, form.muted).await?;
    let message = if form.muted {
        "Conversation muted: it counts no unread messages and sends you no mail."
    } else {
        "Conversation unmuted."
    };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/press/{conversation_id}")))
}

/// The GM's press settings for a game that has started (before the start they are part of the game's
/// settings form).
pub async fn update_press_settings(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<PressSettingsForm>,
) -> AppResult<Redirect> {
    let settings = form.validate().map_err(AppError::BadRequest)?;
    let mut tx = state.db.begin().await?;
    let (game, _, access) =
        load_visible_game_locked(&mut tx, game_id, Some(&signed_in.user), "", game_queries::RowLock::Update).await?;
    if !access.is_gm {
        return Err(AppError::Forbidden("Only this game's GM can do that.".to_owned()));
    }
    queries::update_settings(&mut tx, game_id, settings).await?;
    let detail = format!("Press: {}.", settings.describe());
    game_queries::record_audit(&mut tx, game_id, signed_in.user.account_id, GmAction::EditSettings, &detail).await?;
    tx.commit().await?;
    let message = match (settings.published_after_end, game.status) {
        (true, GameStatus::Finished) => "Press settings saved. All press is now published.",
        (true, _) => {
            "Press settings saved. All press will be published when the game ends; until then every \
             conversation stays with its members."
        }
        (false, _) => "Press settings saved.",
    };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/admin")))
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
