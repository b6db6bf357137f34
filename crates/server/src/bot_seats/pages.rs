//! "Play against bots" (`/games/bots`): a kind and a power, and the game starts at once; and the GM
//! panel's two buttons, "give to a bot" and "take back for a player".

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use kinds::Kind;
use serde::Deserialize;

use super::{BotGameRequest, create_bot_game, give_seat_to_bot, take_seat_back};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn, set_flash};
use crate::games::gm_tx::begin_as_gm;
use crate::games::model::Power;
use crate::ids::{GameId, SeatId};
use crate::pages::Nav;
use crate::state::AppState;

/// One kind offered, and whether its players choose a power.
pub struct KindChoice {
    pub slug: &'static str,
    pub name: &'static str,
    pub chooses_power: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "bot_seats/play.html")]
pub struct PlayPage {
    nav: Nav,
    kinds: Vec<KindChoice>,
    powers: &'static [Power],
}

pub async fn play_page(signed_in: SignedIn) -> PlayPage {
    let kinds = Kind::ALL
        .iter()
        .map(|&kind| KindChoice {
            slug: kind.slug(),
            name: kind.name(),
            chooses_power: kind.facts().seats.power_chosen_on_joining(),
        })
        .collect();
    PlayPage { nav: signed_in.nav, kinds, powers: Power::ALL }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PlayForm {
    pub kind: String,
    /// A power's slug, or empty (or `random`) for a power drawn at the start.
    pub power: String,
}

impl PlayForm {
    fn request(&self) -> AppResult<BotGameRequest> {
        let kind = Kind::from_slug(&self.kind)
            .ok_or_else(|| AppError::BadRequest(format!("There is no kind of game called {:?}.", self.kind)))?;
        let power = match self.power.as_str() {
            "" | "random" => None,
            slug => Some(
                Power::from_slug(slug)
                    .ok_or_else(|| AppError::BadRequest(format!("There is no power called {slug:?}.")))?,
            ),
        };
        Ok(BotGameRequest { kind, power })
    }
}

pub async fn play(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<PlayForm>,
) -> AppResult<Redirect> {
    let request = form.request()?;
    let mut tx = state.db.begin().await?;
    let game_id = create_bot_game(&mut tx, &signed_in.user, request, state.clock.now()).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, "Your game against bots has started: give your orders, then press ready.").await?;
    Ok(Redirect::to(&format!("/games/{game_id}/orders")))
}

pub async fn give_to_bot(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    give_seat_to_bot(&mut gm.tx, &gm.game, &gm.seats, seat_id, &signed_in.user, state.clock.now()).await?;
    commit_to_panel(gm, &signed_in, "A bot plays the seat now.").await
}

pub async fn take_back(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    take_seat_back(&mut gm.tx, &gm.game, &gm.seats, seat_id, &signed_in.user).await?;
    commit_to_panel(gm, &signed_in, "The seat is empty: give it to a player, or let one take it over.").await
}

/// Commits a GM transaction whose audit line is already written, back to the panel.
async fn commit_to_panel(
    gm: crate::games::gm_tx::GmTransaction,
    signed_in: &SignedIn,
    flash: &str,
) -> AppResult<Redirect> {
    let game_id = gm.game.game_id;
    gm.tx.commit().await?;
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/admin")))
}
