//! The feed handlers. Each checks access exactly as the game's pages do (`load_visible_game`: a private
//! game needs its invite code, else 404), then builds the feed as an observer sees the game, whoever
//! the requester is: a feed is read by programs and shared, so it never carries a seat's or the GM's view.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use kinds::ResultWord;
use sqlx::PgConnection;

use super::atom::{FeedEntry, FeedHead, write_feed};
use super::queries::{self, LobbyGame, ProcessedPhase};
use crate::error::AppResult;
use crate::extract::{Path, Query, Viewer};
use crate::games::access::Access;
use crate::games::forms::InviteQuery;
use crate::games::load::load_visible_game;
use crate::games::model::GameStatus;
use crate::games::queries::{GameRow, SeatRow};
use crate::ids::GameId;
use crate::press::panels::public_press_of_phase;
use crate::state::AppState;

/// A feed holds at most this many entries: the latest phases, the latest games.
const FEED_ENTRIES: i64 = 50;

/// Entry and feed ids: tag URIs (RFC 4151), which stay the same whatever address the site is reached at.
const TAG: &str = "tag:backchannel,2026:";

/// Where the feed's links point: under `PUBLIC_BASE_URL` when set, else relative to the feed itself.
fn absolute(state: &AppState, path: &str) -> String {
    format!("{}{path}", crate::notify::base_url(&state.config))
}

/// The game's links keep the invite code a private game's feed was opened with, so they open too.
fn with_invite(path: String, invite: &str) -> String {
    if invite.is_empty() { path } else { format!("{path}?invite={}", url_encoded(invite)) }
}

fn url_encoded(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

fn atom_response(xml: String) -> Response {
    ([(header::CONTENT_TYPE, "application/atom+xml; charset=utf-8")], xml).into_response()
}

pub async fn game_feed(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(game_id): Path<GameId>,
    Query(query): Query<InviteQuery>,
) -> AppResult<Response> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, _) = load_visible_game(&mut conn, game_id, viewer.user.as_ref(), &query.invite).await?;
    let phases = queries::processed_phases(&mut conn, game_id, FEED_ENTRIES).await?;
    let mut entries = Vec::with_capacity(phases.len() + 1);
    entries.extend(game_over_entry(&state, &game, &query.invite));
    for phase in phases {
        let press = public_press_text(&mut conn, &game, &seats, phase.phase_index).await?;
        entries.push(phase_entry(&state, &game, &query.invite, phase, &press));
    }
    let head = FeedHead {
        id: format!("{TAG}games/{game_id}"),
        title: format!("{}: results", game.name),
        subtitle: Some(game_subtitle(&game)),
        page: absolute(&state, &with_invite(format!("/games/{game_id}"), &query.invite)),
        feed: absolute(&state, &with_invite(format!("/games/{game_id}/feed.atom"), &query.invite)),
    };
    Ok(atom_response(write_feed(head, entries, game.created_at)))
}

fn game_subtitle(game: &GameRow) -> String {
    match game.status {
        GameStatus::Finished => format!("{}, finished.", game.kind.name()),
        _ => format!("{}: every processed phase, with its public results.", game.kind.name()),
    }
}

/// The public press sent during the phase, as its results page shows it to an observer: the sender as
/// the game's press rules name it (no player names in anonymous games, no sender for grey press).
async fn public_press_text(
    conn: &mut PgConnection,
    game: &GameRow,
    seats: &[SeatRow],
    phase_index: i32,
) -> AppResult<Vec<String>> {
    let observer = Access { is_gm: false, my_seat: None, invited: true, logged_in: false };
    let messages = public_press_of_phase(conn, game, seats, &observer, None, phase_index).await?;
    Ok(messages.into_iter().map(|message| format!("{}: {}", message.sender, message.body)).collect())
}

fn phase_entry(state: &AppState, game: &GameRow, invite: &str, phase: ProcessedPhase, press: &[String]) -> FeedEntry {
    let report = phase.public_report.0;
    let mut body = String::new();
    for event in &report.events {
        body.push_str(event);
        body.push('\n');
    }
    if !report.orders.is_empty() {
        body.push_str("\nOrders:\n");
        for line in &report.orders {
            let result = match line.result {
                ResultWord::Succeeds => "succeeds",
                ResultWord::Fails => "fails",
                ResultWord::Invalid => "invalid",
            };
            body.push_str(&format!("{}: {} ({result}{})\n", line.by, line.order, reason(&line.reason)));
        }
    }
    if !press.is_empty() {
        body.push_str("\nPublic press:\n");
        for message in press {
            body.push_str(message);
            body.push('\n');
        }
    }
    let path = format!("/games/{}/phases/{}", game.game_id, phase.phase_index);
    FeedEntry {
        id: format!("{TAG}games/{}/phases/{}", game.game_id, phase.phase_index),
        title: format!("{}: {}", game.name, phase.label),
        link: absolute(state, &with_invite(path, invite)),
        updated: phase.processed_at,
        body,
    }
}

fn reason(reason: &str) -> String {
    if reason.is_empty() { String::new() } else { format!(": {reason}") }
}

/// New and finished public games, newest event first.
pub async fn lobby_feed(State(state): State<AppState>) -> AppResult<Response> {
    let mut conn = state.db.acquire().await?;
    let mut entries: Vec<FeedEntry> = queries::newest_public_games(&mut conn, FEED_ENTRIES)
        .await?
        .into_iter()
        .map(|game| new_game_entry(&state, &game))
        .collect();
    let finished = queries::last_finished_public_games(&mut conn, FEED_ENTRIES).await?;
    entries.extend(finished.iter().filter_map(|game| finished_game_entry(&state, game)));
    entries.sort_by_key(|entry| std::cmp::Reverse(entry.updated));
    entries.truncate(usize::try_from(FEED_ENTRIES).unwrap_or(usize::MAX));
    let head = FeedHead {
        id: format!("{TAG}games"),
        title: "Backchannel: new and finished games".to_owned(),
        subtitle: None,
        page: absolute(&state, "/games"),
        feed: absolute(&state, "/games/feed.atom"),
    };
    Ok(atom_response(write_feed(head, entries, DateTime::<Utc>::UNIX_EPOCH)))
}

fn new_game_entry(state: &AppState, game: &LobbyGame) -> FeedEntry {
    FeedEntry {
        id: format!("{TAG}games/{}/new", game.game_id),
        title: format!("New game: {}", game.name),
        link: absolute(state, &format!("/games/{}", game.game_id)),
        updated: game.created_at,
        body: format!("A new {} game, \"{}\".", game.kind.name(), game.name),
    }
}

/// A finished game's last entry, as its page says how it ended: a reader of the feed learns the end
/// without waiting for a phase that will never come (a draw or a concession ends between phases).
fn game_over_entry(state: &AppState, game: &GameRow, invite: &str) -> Option<FeedEntry> {
    let finished_at = game.finished_at.filter(|_| game.status == GameStatus::Finished)?;
    let result = game.result_summary.clone().unwrap_or_else(|| "ended by its GM".to_owned());
    Some(FeedEntry {
        id: format!("{TAG}games/{}/finished", game.game_id),
        title: format!("The game is over: {result}"),
        link: absolute(state, &with_invite(format!("/games/{}/phases", game.game_id), invite)),
        updated: finished_at,
        body: format!("The {} game \"{}\" is over: {result}.", game.kind.name(), game.name),
    })
}

fn finished_game_entry(state: &AppState, game: &LobbyGame) -> Option<FeedEntry> {
    let finished_at = game.finished_at.filter(|_| game.status == GameStatus::Finished)?;
    let result = game.result_summary.clone().unwrap_or_else(|| "ended by its GM".to_owned());
    Some(FeedEntry {
        id: format!("{TAG}games/{}/finished", game.game_id),
        title: format!("{} is over: {result}", game.name),
        link: absolute(state, &format!("/games/{}/phases", game.game_id)),
        updated: finished_at,
        body: format!("The {} game \"{}\" is over: {result}.", game.kind.name(), game.name),
    })
}
