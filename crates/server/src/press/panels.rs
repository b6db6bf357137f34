//! What other features' pages show of press: the game page's press box, the dashboard's unread counts,
//! and a phase's public press beside its results. Each goes through the same reader checks as the
//! press pages.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use sqlx::PgConnection;

use super::pages::ConversationItem;
use super::queries;
use super::send::{MessageView, PhaseGroup, PressContext};
use crate::error::AppResult;
use crate::extract::User;
use crate::games::access::Access;
use crate::games::queries::{self as game_queries, GameRow, SeatRow};
use crate::ids::GameId;

/// The game page shows this much of the latest public press.
const LATEST_PUBLIC: i64 = 5;

/// The game page's press box: the viewer's conversations with unread counts, and the latest public press.
pub struct PressSummary {
    /// The press page, with the viewer's invite code of a private game.
    pub press_href: String,
    pub rules: String,
    pub conversations: Vec<ConversationItem>,
    pub unread: i64,
    pub latest_public: Vec<PhaseGroup>,
}

fn context(game: &GameRow, seats: &[SeatRow], access: &Access, user: Option<&User>) -> PressContext {
    PressContext::new(game.clone(), seats.to_vec(), access, user)
}

/// The press box of a started game (before the start there is no press).
pub async fn game_summary(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    access: &Access,
    user: Option<&User>,
) -> AppResult<Option<PressSummary>> {
    if game.started_at.is_none() {
        return Ok(None);
    }
    let context = context(game, seats, access, user);
    let lines = queries::readable_conversations(conn, game.game_id, &context.reader).await?;
    // Everyone reads public press, so the list says whether there is any to show.
    let public_press_sent = lines.iter().any(|line| line.conversation.is_public && line.messages > 0);
    let conversations: Vec<ConversationItem> = lines
        .into_iter()
        .filter(|line| context.reader.follows(&line.conversation))
        .map(|line| ConversationItem::new(&context, line))
        .collect();
    let latest = if public_press_sent {
        queries::latest_public_messages(conn, game.game_id, context.show_names(), LATEST_PUBLIC).await?
    } else {
        Vec::new()
    };
    Ok(Some(PressSummary {
        press_href: context.href(&format!("/games/{}/press", game.game_id)),
        rules: game.settings().press.describe(),
        unread: conversations.iter().filter_map(|item| item.unread).sum(),
        conversations,
        latest_public: context.groups(latest),
    }))
}

/// The public press sent during one phase, for its results page.
pub async fn public_press_of_phase(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    access: &Access,
    user: Option<&User>,
    phase_index: i32,
) -> AppResult<Vec<MessageView>> {
    let context = context(game, seats, access, user);
    let rows = queries::public_messages_of_phase(conn, game.game_id, context.show_names(), phase_index).await?;
    Ok(rows.into_iter().map(|row| context.message_view(row)).collect())
}

/// One conversation with unread messages, on the dashboard.
pub struct UnreadItem {
    pub href: String,
    pub title: String,
    pub unread: i64,
}

/// The user's unread press per game they play in or run as GM (muted conversations left out).
pub async fn unread_by_game(conn: &mut PgConnection, user: &User) -> AppResult<BTreeMap<GameId, Vec<UnreadItem>>> {
    let lines = queries::unread_in_my_games(conn, user.account_id).await?;
    let mut contexts: BTreeMap<GameId, PressContext> = BTreeMap::new();
    let mut unread: BTreeMap<GameId, Vec<UnreadItem>> = BTreeMap::new();
    for line in lines {
        let context = match contexts.entry(line.game_id) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(slot) => {
                let Some((game, seats)) = game_queries::game_and_seats(conn, line.game_id).await? else { continue };
                let access = Access::of(&game, Some(user), &seats, "");
                slot.insert(context(&game, &seats, &access, Some(user)))
            }
        };
        if !context.reader.follows(&line.conversation) {
            continue;
        }
        unread.entry(line.game_id).or_default().push(UnreadItem {
            href: format!("/games/{}/press/{}", line.game_id, line.conversation.conversation_id),
            title: context.title(&line.conversation),
            unread: line.unread,
        });
    }
    Ok(unread)
}
