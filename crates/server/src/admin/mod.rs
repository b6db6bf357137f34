//! The GM panel: edit settings until the start; start, pause, resume, extend, end; the kind's own GM
//! actions (a Terrorism I press award); remove, replace and assign players; the audit log of every GM
//! action, readable by the game's players; and the site admin's page of every account and game.
//!
//! # How it is built
//!
//! the GM panel: settings until the start, start/pause/resume/extend/end, remove/replace/assign players, each
//! in one transaction that locks the game row and writes its `game_audit` line; the log page for the game's
//! players. `kind_action.rs`: a kind's own GM action (`Rules::gm_action`, a Terrorism I press award)
//! replaces the current phase's stored state under the same lock, so the worker processes the phase with it
//! or without it, never half; its audit line holds only the kind's public report, never the GM's text (which
//! may hold a private note). `site.rs`: the site admin's page (every account and game; grant or revoke site
//! admin, never one's own).

mod forms;
mod kind_action;
pub(crate) mod pages;
pub(crate) mod posts;
mod queries;
mod site;

use axum::Router;
use axum::routing::{get, post};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/admin", get(pages::panel))
        .route("/games/{game_id}/admin/settings", post(pages::update_settings))
        .route("/games/{game_id}/admin/start", post(pages::start))
        .route("/games/{game_id}/admin/pause", post(pages::pause))
        .route("/games/{game_id}/admin/resume", post(pages::resume))
        .route("/games/{game_id}/admin/extend", post(pages::extend))
        .route("/games/{game_id}/admin/end", post(pages::end))
        .route("/games/{game_id}/admin/kind-action", post(kind_action::apply_kind_action))
        .route("/games/{game_id}/admin/seats/{seat_id}/remove", post(pages::remove_player))
        .route("/games/{game_id}/admin/seats/{seat_id}/replace", post(pages::replace_player))
        .route("/games/{game_id}/admin/seats/{seat_id}/power", post(pages::assign_power))
        .route("/games/{game_id}/admin/posts/place", post(posts::place_by_hand))
        .route("/games/{game_id}/admin/posts/seat", post(posts::seat_from_standby))
        .route("/games/{game_id}/log", get(pages::audit_page))
        .route("/admin", get(site::site_page))
        .route("/admin/accounts/{account_id}/site-admin", post(site::set_site_admin))
}

#[cfg(test)]
mod tests;
