//! Orders: a seat holder's order page for the current phase (per-unit selects and a text box editing
//! one saved sheet), and the ready toggle. Nobody but the seat's holder ever sees its orders before the
//! phase is processed. The dashboard lists the player's games in play with their deadlines and sheets.
//!
//! # How it is built
//!
//! the order page of a seat holder in a running game (`GET/POST /games/{id}/orders`). `forms.rs` reads the
//! posted forms into a `SheetRequest` (rows of the select form, the text box to replace or add, clear, remove
//! one line); `chain.rs` turns a form row's legal orders into a chain of small selects from each
//! `kinds::Choice`'s `steps` (kind of order, unit or place, destination); `save.rs` answers each request
//! against the kind's `check_orders` and saves the one sheet (`seat_order.orders`, the accepted lines in
//! canonical text) under a share lock on the game row; `pages.rs` then redirects to the order page when
//! the save went through whole (`?done=`), or draws it at once with the refused lines and what was typed. **Architecture Invariant:** a save never loses
//! orders silently: a request whose every line is refused, or an empty box, leaves the saved sheet untouched
//! and says so as an error; only `Clear` empties it. The page embeds every chained row's choices as JSON
//! (`#order-choices`, a data block, not a script) for `orders.js`. Its map draws the seat's saved orders,
//! pending (`BoardView::with_pending_orders`, `mapview::Arrow::pending`); no other page draws an unprocessed
//! order. `POST /games/{id}/orders/ready` toggles "ready". Works without JavaScript. `POST
//! /games/{id}/orders/draw` gives or withdraws the seat's draw vote, `POST /games/{id}/orders/concede` its
//! concession to another surviving seat (`turns::end`). `/dashboard` ("My orders"): the player's running
//! games, each deadline in their zone (and the time left), whether their orders are saved and whether they
//! are ready.

pub(crate) mod actions;
pub(crate) mod chain;
pub(crate) mod forms;
pub(crate) mod pages;
pub(crate) mod queries;
pub(crate) mod rows;
pub(crate) mod save;

use axum::Router;
use axum::routing::{get, post};

use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/dashboard", get(pages::dashboard))
        .route("/games/{game_id}/orders", get(pages::orders_page).post(pages::save_orders))
        .route("/games/{game_id}/orders/ready", post(pages::set_ready))
        .route("/games/{game_id}/orders/draw", post(pages::vote_draw))
        .route("/games/{game_id}/orders/concede", post(pages::concede))
}

#[cfg(test)]
mod tests;
