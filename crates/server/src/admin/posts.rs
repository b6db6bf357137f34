//! The GM's tools for kinds whose powers are shared among posts (`SeatPlan::PostsPerPower`): placing a
//! person in a position by hand before the start, and seating a player from the standby list in a
//! vacant position (`Rules::vacancies`) while the game runs, through the engine's `seat_person` (which
//! applies the kind's own consequences, e.g. lapsing the Cabinet motions naming the seat). Both are in
//! the audit log without names: the log is read by every player, and who holds which position may be
//! a secret (rulings 2.4).

use axum::extract::State;
use axum::response::Redirect;
use kinds::AnyGame;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn};
use crate::games::gm_tx::begin_as_gm;
use crate::games::model::{GameStatus, GmAction, Power, SeatRole, has_posts};
use crate::games::queries as game_queries;
use crate::games::seating::{self, person};
use crate::games::teams::Position;
use crate::ids::{AccountId, GameId, SeatId};
use crate::state::AppState;
use crate::turns::queries as turn_queries;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PlaceForm {
    pub seat_id: String,
    /// `france-general`.
    pub position: String,
}

/// Reads `france-general`.
pub fn read_position(value: &str) -> Option<Position> {
    let (power, role) = value.split_once('-')?;
    let role = SeatRole::from_slug(role).filter(|role| role.is_post())?;
    Some(Position { power: Power::from_slug(power)?, role })
}

/// The form value of a position (`france-general`).
pub fn position_value(position: Position) -> String {
    format!("{}-{}", position.power.slug(), position.role.slug())
}

pub async fn place_by_hand(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<PlaceForm>,
) -> AppResult<Redirect> {
    let position = read_position(&form.position)
        .ok_or_else(|| AppError::BadRequest("Choose a power and a position.".to_owned()))?;
    let seat_id: SeatId =
        form.seat_id.parse().map_err(|_| AppError::BadRequest("Choose the player to place.".to_owned()))?;
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    if !has_posts(gm.game.kind) {
        return Err(AppError::NotFound);
    }
    gm.require_status(&[GameStatus::Forming], "People are placed by hand only before the start.")?;
    let seats = game_queries::seats(&mut gm.tx, game_id).await?;
    if !seats.iter().any(|seat| seat.seat_id == seat_id && seat.account_id.is_some()) {
        return Err(AppError::NotFound);
    }
    if seats.iter().any(|seat| seat.seat_id != seat_id && Position::of(seat) == Some(position)) {
        return Err(AppError::Conflict(format!("{} is already placed.", position.words())));
    }
    game_queries::clear_powers(&mut gm.tx, seat_id).await?;
    game_queries::set_seat_role(&mut gm.tx, seat_id, position.role).await?;
    game_queries::give_power(&mut gm.tx, game_id, seat_id, position.role, position.power).await?;
    if gm.game.start_rule == crate::games::model::StartRule::WhenFull {
        crate::turns::start::start_if_ready(&mut gm.tx, &gm.game, state.clock.now()).await?.ok();
    }
    gm.finish(&signed_in, GmAction::AssignPower, "Placed a player in a position.", "Placed.").await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SeatForm {
    /// The vacant position: `france-general`.
    pub position: String,
    pub account_id: String,
}

pub async fn seat_from_standby(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<SeatForm>,
) -> AppResult<Redirect> {
    let position = read_position(&form.position)
        .ok_or_else(|| AppError::BadRequest("Choose the vacant position to fill.".to_owned()))?;
    let account_id: AccountId = form
        .account_id
        .parse()
        .map_err(|_| AppError::BadRequest("Choose a player from the standby list.".to_owned()))?;
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    if !has_posts(gm.game.kind) {
        return Err(AppError::NotFound);
    }
    gm.require_status(&[GameStatus::Running, GameStatus::Paused], "Standby players are seated while the game runs.")?;
    let standby = game_queries::standby(&mut gm.tx, game_id).await?;
    if !standby.iter().any(|row| row.account_id == account_id) {
        return Err(AppError::BadRequest("That player is not on this game's standby list.".to_owned()));
    }
    let phase = turn_queries::current_phase(&mut gm.tx, game_id).await?.ok_or(AppError::NotFound)?;
    let mut current = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
    let seat = position.kind_seat(&current).ok_or_else(|| AppError::BadRequest("No such position.".to_owned()))?;
    current = current
        .seat_person(seat, Some(person(account_id)))
        .map_err(|reason| AppError::Conflict(format!("Not seated: {reason}.")))?;
    turn_queries::replace_current_state(&mut gm.tx, game_id, phase.phase_index, current.to_json()).await?;
    let moved = seating::follow_engine(&mut gm.tx, &gm.game, &current).await.map_err(AppError::Internal)?;
    crate::notices::tell_holder_changes(&mut gm.tx, game_id, &moved, state.clock.now()).await?;
    let detail = "Seated a player from the standby list.";
    gm.finish(&signed_in, GmAction::ReplacePlayer, detail, &format!("Seated in {}.", position.words())).await
}

/// The panel's positions part: before the start, the people to place and the free positions; while
/// the game runs, the standby list and the vacant positions (those the players asked to fill first).
pub struct PostsGmView {
    pub forming: bool,
    pub people: Vec<(SeatId, String)>,
    pub free_positions: Vec<(String, String)>,
    pub standby: Vec<(AccountId, String)>,
    pub vacancies: Vec<(String, String)>,
}

pub async fn panel_view(
    conn: &mut sqlx::PgConnection,
    game: &game_queries::GameRow,
    seats: &[game_queries::SeatRow],
) -> AppResult<Option<PostsGmView>> {
    if !has_posts(game.kind) {
        return Ok(None);
    }
    let forming = game.status == GameStatus::Forming;
    let placed: Vec<Position> = seats.iter().filter_map(Position::of).collect();
    let people = seats
        .iter()
        .filter(|seat| seat.account_id.is_some())
        .map(|seat| {
            let name = seat.display_name.clone().unwrap_or_default();
            let at = Position::of(seat).map_or_else(|| "not placed".to_owned(), Position::words);
            (seat.seat_id, format!("{name} ({at})"))
        })
        .collect();
    let free_positions = Position::all()
        .filter(|position| !placed.contains(position))
        .map(|position| (position_value(position), position.words()))
        .collect();
    let standby = game_queries::standby(conn, game.game_id)
        .await?
        .into_iter()
        .map(|row| (row.account_id, row.display_name))
        .collect();
    let mut vacancies = Vec::new();
    if let Some(phase) = turn_queries::current_phase(conn, game.game_id).await?.filter(|_| !forming) {
        let current = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
        for vacancy in current.vacancies() {
            let Some(position) = Position::of_kind_seat(&current, vacancy.seat) else { continue };
            let note = if vacancy.standby_asked { " (its players asked for a standby player)" } else { "" };
            vacancies.push((position_value(position), format!("{}{note}", position.words())));
        }
    }
    Ok(Some(PostsGmView { forming, people, free_positions, standby, vacancies }))
}
