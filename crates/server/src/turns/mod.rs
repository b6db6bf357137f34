//! Turns: the phases of a running game, the deadline worker that processes them exactly once, and the
//! results and history pages of processed phases.
//!
//! # How it is built
//!
//! `tick.rs` (`tick(&pool, now) -> Outcome::{Advanced(GameId), Idle}`, `open_first_phase`, `phase_seed`),
//! `worker.rs` (the loop: heartbeat, then `TURN_WORKER_CONCURRENCY` ticks in flight until idle or 5 s
//! have passed, pause 2 s when idle unless woken; `run` runs it beside the web server in one `tokio::select!`), `wake.rs` (`LISTEN/NOTIFY` on
//! `backchannel_turn_due`: a transaction that makes every seat ready wakes every replica's worker at its
//! commit; the poll stays as the fallback), `downtime.rs` (deadlines missed while the site was down are extended), `end.rs`
//! (surviving seats; a draw ends the game when every surviving seat votes for it, a concession when every
//! other surviving seat concedes to the same one; checked at each vote and after each phase), `board.rs` (the
//! board as a page shows it, from a projection: the `mapview` SVG inlined, and the same board as a list, its
//! text alternative; on a results page the phase's orders are drawn as arrows, read back from the public
//! report by `mapview::Arrow::from_report`, and its `unit_marks`; each drawing is kept in a bounded
//! in-process cache keyed by its full inputs, board, arrows and unit marks, so a replica reuses it without
//! ever serving a stale board or another seat's pending orders), `world.rs` (the Covert Operations world map
//! from a `WorldBoard` made for one reader: the seat's own view on the game and order pages, its own report
//! on a results page, else the public one; the SVG and, as its text alternative, what the reader knows
//! country by country; it also serves `/static/js/world-map.js`), `standing.rs` (the game page's view of the
//! latest phase: its public board and, per seat, whether orders are in and it is ready, never the orders),
//! `pages.rs` (`/games/{id}/phases`: every phase with centers over time as a chart and a table, its text
//! alternative, each phase linked; `/games/{id}/phases/{index}`: orders with result and reason, powers that
//! sent none, events, private results for the viewer's own seat only, centers after, the board beside the
//! results, a link to the chart), `queries.rs` (`phase.center_counts` is written when a phase opens, and
//! filled on first read for older phases, so lists of phases never read every phase's state). **Architecture
//! Invariant:** a results page's cost does not grow with the game's length: it reads its own phase, the next
//! one's counts and the phases' light summaries only.

pub(crate) mod board;
pub(crate) mod bots;
pub mod downtime;
pub mod end;
pub(crate) mod pages;
pub(crate) mod preview;
pub mod queries;
pub(crate) mod read;
pub(crate) mod standing;
pub(crate) mod start;
pub mod tick;
pub mod wake;
pub mod worker;
pub(crate) mod world;

use axum::Router;
use axum::routing::get;

pub use tick::{Outcome, tick};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/phases", get(pages::history))
        .route("/games/{game_id}/phases/{phase_index}", get(pages::phase_page))
        .route("/static/js/world-map.js", get(world::script))
        .route("/static/js/board.js", get(world::board_script))
        .route("/static/js/map-centre.js", get(world::centre_script))
}

#[cfg(test)]
mod covert_ops_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
