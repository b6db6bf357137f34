//! The API's press: the caller's conversations, their messages, and sending. Reading goes through the
//! press pages' `PressContext` and SQL that filters by reader (`press::queries::READABLE`); sending
//! through the pages' `send`, with the same rules, limits and mail.

use std::collections::BTreeSet;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::{ApiCaller, ApiUser};
use super::extract::{ApiJson, ApiPath, ApiQuery};
use super::problem::{ApiError, ApiResult, Problem};
use crate::error::AppError;
use crate::ids::{ConversationId, GameId, MessageId, SeatId};
use crate::press::access::Members;
use crate::press::forms::Compose;
use crate::press::queries::{self as press_queries, MessageRow};
use crate::press::send::{PAGE_SIZE, PressContext, Refusal, compose_members, readable, send};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PressQuery {
    /// Messages before this one (older); the newest page when absent.
    #[param(value_type = Option<i64>)]
    pub before: Option<MessageId>,
    /// The invite code of a private game.
    pub invite: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Conversation {
    pub id: i64,
    /// The other members by power (and "GM"), or "Public press".
    pub title: String,
    pub public: bool,
    pub messages: i64,
    pub unread: i64,
    pub last_sent_at: Option<DateTime<Utc>>,
}

/// The conversations the caller may read in this game: public press, and the private ones they are
/// a member of (all of them once the game has ended, if its GM published press).
#[utoipa::path(get, path = "/games/{game_id}/press", tag = "press", params(("game_id" = i64, Path), PressQuery),
    responses((status = 200, body = Vec<Conversation>), (status = 404, body = Problem)))]
pub async fn conversations(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath(game_id): ApiPath<GameId>,
    ApiQuery(query): ApiQuery<PressQuery>,
) -> ApiResult<Json<Vec<Conversation>>> {
    let mut conn = state.db.acquire().await?;
    let context = PressContext::load(&mut conn, game_id, caller.user.as_ref(), &query.invite).await?;
    let lines = press_queries::readable_conversations(&mut conn, game_id, &context.reader).await?;
    Ok(Json(
        lines
            .into_iter()
            .map(|line| Conversation {
                id: line.conversation.conversation_id.0,
                title: context.title(&line.conversation),
                public: line.conversation.is_public,
                messages: line.messages,
                unread: line.unread,
                last_sent_at: line.last_sent_at,
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub id: i64,
    /// The sender as the game shows senders: a power (and the player's name where names are shown),
    /// "GM", or nobody for grey press.
    pub sender: String,
    pub phase: String,
    pub sent_at: DateTime<Utc>,
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Messages {
    pub conversation: i64,
    pub title: String,
    /// Oldest first.
    pub messages: Vec<Message>,
    /// Pass as `before` for older messages; absent when there are none.
    pub older_before: Option<i64>,
}

fn message(context: &PressContext, row: MessageRow) -> Message {
    Message {
        id: row.press_message_id.0,
        sender: context.sender(&row),
        phase: row.phase_label,
        sent_at: row.sent_at,
        body: row.body,
    }
}

/// A conversation's messages, 50 at a time. A conversation the caller may not read is the same 404 as
/// an unknown one. Unlike the page, reading here marks nothing read: API reads change nothing.
#[utoipa::path(get, path = "/games/{game_id}/press/{conversation_id}", tag = "press",
    params(("game_id" = i64, Path), ("conversation_id" = i64, Path), PressQuery),
    responses((status = 200, body = Messages), (status = 404, body = Problem)))]
pub async fn messages(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath((game_id, conversation_id)): ApiPath<(GameId, ConversationId)>,
    ApiQuery(query): ApiQuery<PressQuery>,
) -> ApiResult<Json<Messages>> {
    let mut conn = state.db.acquire().await?;
    let context = PressContext::load(&mut conn, game_id, caller.user.as_ref(), &query.invite).await?;
    let conversation = readable(&mut conn, &context, conversation_id).await?;
    let from = context.reader.readable_from(&conversation);
    let (rows, has_older) = press_queries::page_of_messages(
        &mut conn,
        conversation_id,
        context.show_names(),
        from,
        query.before,
        PAGE_SIZE,
    )
    .await?;
    let older_before = rows.first().filter(|_| has_older).map(|oldest| oldest.press_message_id.0);
    Ok(Json(Messages {
        conversation: conversation_id.0,
        title: context.title(&conversation),
        messages: rows.into_iter().map(|row| message(&context, row)).collect(),
        older_before,
    }))
}

/// A new message: to everyone (`public`), or to the GM and/or seats (by `seat_id` of the game's seats).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(example = json!({"public": false, "gm": false, "seats": [41], "grey": false, "body": "Shall we talk about Belgium?"}))]
pub struct NewMessage {
    pub public: bool,
    pub gm: bool,
    pub seats: Vec<i64>,
    /// Grey press (public press without a sender), where the game allows it.
    pub grey: bool,
    pub body: String,
}

/// A reply in an existing conversation.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(example = json!({"body": "Agreed: Burgundy stays empty."}))]
pub struct Reply {
    pub grey: bool,
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Sent {
    pub conversation: i64,
    pub message: i64,
}

/// A refused message's problem: 422 for the rules (the reason says which), 429 over the press limit.
fn refusal(refusal: Refusal) -> ApiError {
    let error = if refusal.status == StatusCode::TOO_MANY_REQUESTS {
        AppError::TooManyRequests(refusal.reason)
    } else {
        AppError::Malformed { status: StatusCode::UNPROCESSABLE_ENTITY, message: refusal.reason }
    };
    ApiError::App(error)
}

/// Sends a message, starting or continuing the conversation with exactly these members.
#[utoipa::path(post, path = "/games/{game_id}/press", tag = "press", params(("game_id" = i64, Path)),
    request_body = NewMessage, security(("token" = [])),
    responses((status = 201, body = Sent), (status = 400, body = Problem), (status = 401, body = Problem),
        (status = 403, body = Problem), (status = 404, body = Problem), (status = 422, body = Problem),
        (status = 429, body = Problem)))]
pub async fn send_message(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    ApiJson(request): ApiJson<NewMessage>,
) -> ApiResult<(StatusCode, Json<Sent>)> {
    let compose = Compose {
        public: request.public,
        seats: request.seats.into_iter().map(SeatId).collect::<BTreeSet<_>>(),
        game_master: request.gm,
        grey: request.grey,
        body: request.body,
    };
    let mut tx = state.db.begin().await?;
    let context = PressContext::load_for_sending(&mut tx, game_id, &caller.user).await?;
    let members = compose_members(&context, &compose)?.map_err(refusal)?;
    let now = state.clock.now();
    let (conversation, message) =
        send(&mut tx, &context, &caller.user, members, compose.grey, &compose.body, now).await?.map_err(refusal)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Sent { conversation: conversation.0, message: message.0 })))
}

/// Writes in a conversation the caller is a member of (or in public press).
#[utoipa::path(post, path = "/games/{game_id}/press/{conversation_id}", tag = "press",
    params(("game_id" = i64, Path), ("conversation_id" = i64, Path)),
    request_body = Reply, security(("token" = [])),
    responses((status = 201, body = Sent), (status = 401, body = Problem), (status = 403, body = Problem),
        (status = 404, body = Problem), (status = 422, body = Problem), (status = 429, body = Problem)))]
pub async fn reply(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath((game_id, conversation_id)): ApiPath<(GameId, ConversationId)>,
    ApiJson(request): ApiJson<Reply>,
) -> ApiResult<(StatusCode, Json<Sent>)> {
    let mut tx = state.db.begin().await?;
    let context = PressContext::load_for_sending(&mut tx, game_id, &caller.user).await?;
    let conversation = readable(&mut tx, &context, conversation_id).await?;
    if !conversation.is_public && !context.reader.is_member(&conversation) {
        return Err(AppError::Forbidden("Only the members of a conversation write in it.".to_owned()).into());
    }
    let body = request.body;
    let members = Some(Members::of(&conversation));
    let now = state.clock.now();
    let (conversation, message) =
        send(&mut tx, &context, &caller.user, members, request.grey, &body, now).await?.map_err(refusal)?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(Sent { conversation: conversation.0, message: message.0 })))
}

/// Muting a conversation: a muted one counts no unread messages and sends no mail.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"muted": true}))]
pub struct MuteRequest {
    pub muted: bool,
}

/// Mutes or unmutes a conversation the caller follows (a member, or the GM), as the press page does.
#[utoipa::path(put, path = "/games/{game_id}/press/{conversation_id}/mute", tag = "press",
    params(("game_id" = i64, Path), ("conversation_id" = i64, Path)),
    request_body = MuteRequest, security(("token" = [])), responses((status = 200, body = MuteRequest)))]
pub async fn mute(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath((game_id, conversation_id)): ApiPath<(GameId, ConversationId)>,
    ApiJson(request): ApiJson<MuteRequest>,
) -> ApiResult<Json<MuteRequest>> {
    let mut conn = state.db.acquire().await?;
    crate::press::send::set_muted(&mut conn, game_id, &caller.user, conversation_id, request.muted).await?;
    Ok(Json(request))
}
