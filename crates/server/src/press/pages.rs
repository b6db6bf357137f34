//! The press page (conversations and the compose form), a conversation's page and feed, sending,
//! muting, and the GM's press settings of a started game.

use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Serialize;
use sqlx::PgConnection;

use super::access::{Members, Sender};
use super::forms::{
    Compose, ConversationQuery, FeedQuery, MAX_MESSAGE_CHARS, MuteForm, PressSettingsForm, ReplyForm, TO_GAME_MASTER,
    TO_PUBLIC,
};
use super::queries::{self, ConversationRow};
use super::send::{
    MessageView, Moment, PAGE_SIZE, PhaseGroup, PressContext, Refusal, bot_answer, check_message, compose_members,
    current_moment, readable, send, set_muted,
};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, Query, SignedIn, Viewer, set_flash};
use crate::games::forms::InviteQuery;
use crate::games::load::load_visible_game_locked;
use crate::games::model::{GameStatus, GmAction};
use crate::games::queries::{self as game_queries};
use crate::ids::{ConversationId, GameId, MessageId, SeatId};
use crate::pages::{Nav, format_time};
use crate::state::AppState;

/// The feed answers at most this many messages at once.
const FEED_LIMIT: i64 = 100;

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
    let answer = members.as_ref().and_then(|members| bot_answer(&context, members));
    match send(&mut tx, &context, &signed_in.user, members, compose.grey, &compose.body, state.clock.now()).await? {
        Ok((conversation_id, message_id)) => {
            tx.commit().await?;
            if let Some(answer) = answer {
                set_flash(&signed_in.session, &answer).await?;
            }
            Ok(Redirect::to(&message_path(game_id, conversation_id, message_id)).into_response())
        }
        Err(refusal) => refused(&mut tx, signed_in.nav, &context, &compose, refusal).await,
    }
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
            context.reader.readable_from(conversation),
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
    let members = Members::of(&conversation);
    let answer = bot_answer(&context, &members);
    let grey = form.grey.is_some();
    match send(&mut tx, &context, &signed_in.user, Some(members), grey, &form.body, state.clock.now()).await? {
        Ok((conversation_id, message_id)) => {
            tx.commit().await?;
            if let Some(answer) = answer {
                set_flash(&signed_in.session, &answer).await?;
            }
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
    let from = context.reader.readable_from(&conversation);
    let rows =
        queries::messages_after(&mut conn, conversation_id, context.show_names(), from, after, FEED_LIMIT).await?;
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
    set_muted(&mut conn, game_id, &signed_in.user, conversation_id, form.muted).await?;
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
