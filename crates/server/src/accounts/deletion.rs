//! "Delete my account", confirmed with the password. The account row stays (games, audit lines and press
//! refer to it) but is emptied of everything personal: a placeholder name, no address, a password that
//! matches nothing, every session ended. Seats of games still forming are given up; seats of running
//! games stay with their powers, empty (the powers hold, as in civil disorder, until the GM puts a
//! replacement in); finished games keep their powers and show the placeholder name.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use sqlx::PgConnection;

use crate::error::{AppError, AppResult, FormErrors, invalid_form};
use crate::extract::{ClientAddress, Form, SignedIn, log_out, set_flash};
use crate::games::model::{GameStatus, GmAction};
use crate::games::queries as game_queries;
use crate::ids::{AccountId, GameId};
use crate::pages::Nav;
use crate::state::AppState;

use super::pages::check_own_password;
use super::queries;

#[derive(Template, WebTemplate)]
#[template(path = "accounts/delete.html")]
pub struct DeletePage {
    nav: Nav,
    errors: FormErrors,
}

pub async fn delete_page(signed_in: SignedIn) -> DeletePage {
    DeletePage { nav: signed_in.nav, errors: FormErrors::default() }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DeleteForm {
    password: String,
}

pub async fn delete_account(
    State(state): State<AppState>,
    signed_in: SignedIn,
    ClientAddress(client): ClientAddress,
    Form(form): Form<DeleteForm>,
) -> AppResult<Response> {
    let account_id = signed_in.user.account_id;
    if !check_own_password(&state, account_id, &client, form.password).await? {
        let mut errors = FormErrors::default();
        errors.add("password", "That is not your password; your account stays.");
        return Ok(invalid_form(DeletePage { nav: signed_in.nav, errors }));
    }
    let mut tx = state.db.begin().await?;
    let running_as_gm = queries::unfinished_games_run_by(&mut tx, account_id).await?;
    if !running_as_gm.is_empty() {
        return Err(AppError::Conflict(format!(
            "You are the GM of {} game(s) that have not ended ({}): end them first, so that no game is left \
             without its GM. Your account stays.",
            running_as_gm.len(),
            running_as_gm.join(", ")
        )));
    }
    for game_id in queries::unfinished_games_seating(&mut tx, account_id).await? {
        give_up_seat(&mut tx, game_id, account_id).await?;
    }
    queries::erase_account(&mut tx, account_id, state.clock.now()).await?;
    tx.commit().await?;
    log_out(&signed_in.session).await?;
    set_flash(&signed_in.session, "Your account is deleted. Thank you for playing.").await?;
    Ok(Redirect::to("/games").into_response())
}

/// Gives up the account's seat in one unfinished game, under the game's row lock like every seat change:
/// before the start the seat goes; after it the seat stays, empty, with its powers, and the game's log
/// says so (naming powers only), so the GM knows to find a replacement.
async fn give_up_seat(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> AppResult<()> {
    let Some((game, seats)) = game_queries::game_and_seats_for_update(conn, game_id).await? else { return Ok(()) };
    let Some(seat) = seats.iter().find(|seat| seat.account_id == Some(account_id)) else { return Ok(()) };
    match game.status {
        GameStatus::Finished => {}
        GameStatus::Forming => game_queries::delete_seat(conn, seat.seat_id).await?,
        GameStatus::Running | GameStatus::Paused => {
            game_queries::set_seat_holder(conn, seat.seat_id, None).await?;
            let powers: Vec<&str> = seat.powers.iter().map(|power| power.label()).collect();
            let seat_words = if powers.is_empty() { "a seat".to_owned() } else { powers.join(", ") };
            let detail = format!(
                "A player deleted their account: {seat_words} is empty and holds until the GM puts a replacement in."
            );
            game_queries::record_audit(conn, game_id, account_id, GmAction::RemovePlayer, &detail).await?;
        }
    }
    Ok(())
}
