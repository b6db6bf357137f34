//! The archive at scale: keyset paging for the lobby's tabs (`Cursor`), and the search of finished
//! public games by name, kind, result and player (`/games/archive`), each linked to its results.
//!
//! A player is searched for only in games that never show who played: not anonymous ones (not even
//! once they end), not gunboat ones (no press), not Cabinet Diplomacy (its holders stay secret) and not
//! Covert Operations (always anonymous). Otherwise a search by name would tell who sat in them.

mod cursor;
mod pages;
mod queries;

use axum::Router;
use axum::routing::get;

pub use cursor::Cursor;

use crate::state::AppState;

/// Games per page, on every lobby tab and in the archive.
pub const PAGE_SIZE: i64 = 50;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/games/archive", get(pages::archive))
}

#[cfg(test)]
mod tests;
