//! The what-if board (`GET /games/{id}/phases/{index}/sandbox`): a private copy of a phase's public
//! position on which anyone who may see the game orders every power's units, by the order page's rows
//! and taps or typed lines, and reads the judge's results with their reasons, then carries on to the
//! next phase.
//!
//! # How it is built
//!
//! Stateless: the form is a GET, so the orders travel in the address (`orders`, the rows' `unit_…`
//! fields, and one `before` per phase already played in the sandbox, replayed from the game's phase on
//! every request); nothing is written, and any replica answers any request. The position comes from
//! `AnyGame::judge_position` of the stored phase only (units, dislodged units, contested provinces,
//! center owners: what every board shows), and `kinds::sandbox::Sandbox` plays it by the Standard rules,
//! so no pending order and no kind's secret can enter. Kinds without a standard position (Covert
//! Operations, Terrorism I) get a page that says so. The rows and their JSON are `orders::rows`', the
//! results table `templates/partials/results.html`, the taps `static/js/orders.js`.

pub(crate) mod forms;
pub(crate) mod pages;

use axum::Router;
use axum::routing::get;

use crate::ids::GameId;
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/games/{game_id}/phases/{phase_index}/sandbox", get(pages::sandbox_page))
}

/// The address of a phase's what-if board, with the invite a private game's pages carry.
pub(crate) fn link_to(game_id: GameId, phase_index: i32, invite: &str) -> String {
    let path = format!("/games/{game_id}/phases/{phase_index}/sandbox");
    match invite.is_empty() {
        true => path,
        false => format!("{path}?{}", serde_urlencoded::to_string([("invite", invite)]).unwrap_or_default()),
    }
}

#[cfg(test)]
mod tests;
