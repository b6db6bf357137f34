//! Cabinet Diplomacy II on the site (`rules/cabinet-diplomacy-ii.txt`, rulings §2, CAB.1–CAB.10): signing
//! up as a team or alone and forming cabinets at the start (`formation`), the site's seats following the
//! engine's holders (`seating`), the Cabinet page of each position (who it knows, what it orders and why,
//! motions as forms producing the engine's motion lines, acceptance by a named person) and the standby list
//! (the GM's placing and seating of people is the panel's, `admin::posts`).

pub(crate) mod pages;
pub(crate) mod queries;

use axum::Router;
use axum::routing::{get, post};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{game_id}/cabinet", get(pages::cabinet_page))
        .route("/games/{game_id}/cabinet/team", post(pages::sign_up_team))
        .route("/games/{game_id}/cabinet/team/confirm", post(pages::confirm_team))
        .route("/games/{game_id}/cabinet/team/decline", post(pages::decline_team))
        .route("/games/{game_id}/cabinet/standby", post(pages::join_standby))
        .route("/games/{game_id}/cabinet/standby/leave", post(pages::leave_standby))
        .route("/games/{game_id}/cabinet/motions", post(pages::propose_motion))
        .route("/games/{game_id}/cabinet/motions/{motion}/{action}", post(pages::act_on_motion))
}

#[cfg(test)]
mod tests;
