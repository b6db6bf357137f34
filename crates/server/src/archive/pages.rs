//! `/games/archive`: finished public games, newest first, searched and paged.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use serde::Deserialize;

use super::queries::{self, ArchivedGame, Search};
use super::{Cursor, PAGE_SIZE};
use crate::accounts::throttle::{self, Counter};
use crate::error::{AppError, AppResult};
use crate::extract::{ClientAddress, Query, Viewer};
use crate::pages::{Nav, format_time, zone_of};
use crate::state::AppState;
use kinds::Kind;

/// Longest text a search field takes.
const MAX_SEARCH_CHARS: usize = 100;

/// Text searches are counted per client address over this window.
const SEARCH_WINDOW: chrono::Duration = chrono::Duration::minutes(1);
/// Text searches from one client address per window: a person searching pages through far fewer.
pub const MAX_SEARCHES_PER_ADDRESS: i32 = 30;

fn search_counter(client: &str) -> Counter {
    Counter { scope: "archive_search_address", key: client.to_owned(), limit: MAX_SEARCHES_PER_ADDRESS }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ArchiveQuery {
    name: String,
    kind: String,
    winner: String,
    player: String,
    before: String,
}

pub struct ArchiveLine {
    pub game_id: i64,
    pub name: String,
    pub kind: &'static str,
    pub result: String,
    pub finished: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "archive/search.html")]
pub struct ArchivePage {
    nav: Nav,
    query: ArchiveQuery,
    kinds: &'static [Kind],
    games: Vec<ArchiveLine>,
    /// The link to the next (older) page, when there is one.
    older: Option<String>,
    /// Whether this is a later page (it links back to the newest).
    paged: bool,
}

pub async fn archive(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddress(client): ClientAddress,
    Query(mut query): Query<ArchiveQuery>,
) -> AppResult<ArchivePage> {
    for field in [&mut query.name, &mut query.winner, &mut query.player] {
        *field = field.trim().to_owned();
        if field.chars().count() > MAX_SEARCH_CHARS {
            return Err(AppError::BadRequest(format!("Search with at most {MAX_SEARCH_CHARS} characters per field.")));
        }
    }
    let kind = match query.kind.as_str() {
        "" => None,
        slug => Some(
            Kind::from_slug(slug).ok_or_else(|| AppError::BadRequest("There is no such kind of game.".to_owned()))?,
        ),
    };
    let after = Cursor::parse(&query.before).map_err(AppError::BadRequest)?;
    let mut conn = state.db.acquire().await?;
    // A text search can miss the trigram indexes (a hundred underscores took up to 264 ms over 100,000
    // games), so they are counted per client address; browsing the newest games is not.
    let searches_text = [&query.name, &query.winner, &query.player].iter().any(|field| !field.is_empty());
    if searches_text
        && !throttle::take_slot(&mut conn, &[search_counter(&client)], SEARCH_WINDOW, state.clock.now()).await?
    {
        return Err(AppError::TooManyRequests(
            "Too many searches from your address. Wait a minute and try again.".to_owned(),
        ));
    }
    let players = match query.player.as_str() {
        "" => None,
        name => Some(queries::accounts_named(&mut conn, name).await?),
    };
    let search = Search { name: query.name.clone(), kind, winner: query.winner.clone(), players, after };
    let mut games = if search.players.as_ref().is_some_and(Vec::is_empty) {
        Vec::new()
    } else {
        queries::search(&mut conn, &search, PAGE_SIZE + 1).await?
    };
    let more = games.len() > usize::try_from(PAGE_SIZE).unwrap_or(usize::MAX);
    games.truncate(usize::try_from(PAGE_SIZE).unwrap_or(usize::MAX));
    let older = games.last().filter(|_| more).map(|last| older_link(&query, last));
    let zone = zone_of(viewer.user.as_ref());
    let lines = games
        .into_iter()
        .map(|game| ArchiveLine {
            game_id: game.game_id.0,
            name: game.name,
            kind: game.kind.name(),
            result: game.result_summary.unwrap_or_else(|| "Ended by the GM".to_owned()),
            finished: game.finished_at.map(|at| format_time(at, zone)).unwrap_or_default(),
        })
        .collect();
    Ok(ArchivePage { nav: viewer.nav, paged: after.is_some(), query, kinds: Kind::ALL, games: lines, older })
}

/// The same search, one page further.
fn older_link(query: &ArchiveQuery, last: &ArchivedGame) -> String {
    let cursor = Cursor { created_at: last.created_at, game_id: last.game_id }.encode();
    let pairs = [
        ("name", query.name.as_str()),
        ("kind", query.kind.as_str()),
        ("winner", query.winner.as_str()),
        ("player", query.player.as_str()),
        ("before", cursor.as_str()),
    ];
    let mut serializer = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in pairs.iter().filter(|(_, value)| !value.is_empty()) {
        serializer.append_pair(key, value);
    }
    format!("/games/archive?{}", serializer.finish())
}
