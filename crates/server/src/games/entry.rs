//! Coming into a game: creating one, joining it, leaving it before the start. The pages and the API
//! call these, so a form and a JSON body meet the same validation, rules and refusals.

use chrono::{DateTime, Utc};
use kinds::Kind;
use sqlx::PgConnection;

use super::access::Access;
use super::forms::{GameSettings, GameSettingsForm};
use super::load::load_visible_game_locked;
use super::model::{GameStatus, GmAction, Power, PowerAssignment, SeatRole, StartRule};
use super::queries::{self, GameRow, NewGame, RowLock, SeatRow};
use crate::error::{AppError, AppResult, FormErrors, violates};
use crate::extract::User;
use crate::ids::GameId;
use crate::turns::start;

/// A new game's settings once the form passed validation.
pub(crate) struct ValidNewGame {
    pub kind: Kind,
    pub settings: GameSettings,
    pub seat_count: i16,
    pub requirement: crate::reliability::gate::Requirement,
    pub disorder_after: Option<i16>,
}

/// The "new game" form's validation: the kind, the settings and the seat count, every field's message
/// collected at once so the form (or the API's problem) can name them all.
pub(crate) fn validate_new_game(form: &GameSettingsForm) -> Result<ValidNewGame, FormErrors> {
    let mut errors = FormErrors::default();
    let kind = form.validate_kind(&mut errors);
    let settings = form.validate(&mut errors);
    let seat_count = form.validate_seat_count(kind, &mut errors);
    let requirement = crate::reliability::gate::Requirement::from_form(form, &mut errors);
    let disorder_after = crate::reliability::disorder::from_form(&form.disorder_after, &mut errors);
    match settings.filter(|_| errors.is_empty()) {
        Some(settings) => {
            Ok(ValidNewGame { kind, settings: settings.for_kind(kind), seat_count, requirement, disorder_after })
        }
        None => Err(errors),
    }
}

/// Stores a validated new game with `user` as its GM, and the audit line of its creation.
pub(crate) async fn create_game(conn: &mut PgConnection, user: &User, game: &ValidNewGame) -> AppResult<GameId> {
    let invite_code = uuid::Uuid::new_v4().simple().to_string();
    let new_game = NewGame {
        kind: game.kind,
        gm: user.account_id,
        settings: &game.settings,
        seat_count: game.seat_count,
        invite_code: &invite_code,
        rng_seed: rand::random(),
    };
    let game_id = queries::insert_game(conn, &new_game).await?;
    crate::reliability::gate::store(conn, game_id, game.requirement).await?;
    crate::reliability::disorder::store(conn, game_id, game.disorder_after).await?;
    let line = format!("Created “{}”.", game.settings.name);
    queries::record_audit(conn, game_id, user.account_id, GmAction::Create, &line).await?;
    Ok(game_id)
}

/// Whether a player joining chooses a power: not in kinds without powers, nor in Cabinet games, whose
/// cabinets are formed at the start (sheet §3).
pub(crate) fn chooses_power(kind: Kind) -> bool {
    kind.facts().seats.power_chosen_on_joining()
}

/// Seats `user` in a forming game (with `power` where players choose theirs) and starts the game when
/// that fills it and it starts when full. Answers whether the game started.
pub(crate) async fn join_game(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
    invite: &str,
    power: Option<Power>,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let (game, seats, access) = load_visible_game_locked(conn, game_id, Some(user), invite, RowLock::Update).await?;
    check_can_join(&game, &seats, &access, power)?;
    refuse_own_gm_where_seats_are_secret(&game, user)?;
    crate::reliability::gate::check_may_join(conn, game_id, user.account_id).await?;
    let seat_id = queries::insert_seat(conn, game_id, user.account_id, SeatRole::Player).await?;
    if let Some(power) = power {
        queries::give_power(conn, game_id, seat_id, SeatRole::Player, power).await.map_err(|error| {
            // Two players choosing the same power at once: the second is told, as if it had been seen.
            if violates(&error, queries::POWER_TAKEN) {
                AppError::Conflict(format!("{} has just been taken; choose another power.", power.label()))
            } else {
                error.into()
            }
        })?;
    }
    if game.start_rule != StartRule::WhenFull {
        return Ok(false);
    }
    Ok(start::start_if_ready(conn, &game, now).await?.is_ok())
}

fn check_can_join(game: &GameRow, seats: &[SeatRow], access: &Access, power: Option<Power>) -> AppResult<()> {
    if game.status != GameStatus::Forming {
        return Err(AppError::Conflict("This game has already started; nobody can join it now.".to_owned()));
    }
    if access.my_seat.is_some() {
        return Err(AppError::Conflict("You already have a seat in this game.".to_owned()));
    }
    if seats.len() >= usize::try_from(game.seat_count).unwrap_or(0) {
        return Err(AppError::Conflict("Every seat in this game is taken.".to_owned()));
    }
    let chooses = game.power_assignment == PowerAssignment::PlayersChoose && chooses_power(game.kind);
    match (chooses, power) {
        (true, None) => Err(AppError::BadRequest("Choose the power you want to play.".to_owned())),
        (false, Some(_)) => Err(AppError::BadRequest("Powers in this game are not chosen by players.".to_owned())),
        (true, Some(power)) if seats.iter().any(|seat| seat.powers.contains(&power)) => {
            Err(AppError::Conflict(format!("{} is already taken; choose another power.", power.label())))
        }
        (true, Some(_)) | (false, None) => Ok(()),
    }
}

/// Where who holds which seat is a secret the GM keeps (a Cabinet position, a Covert Operations
/// player), the GM does not also play: he would know every other seat's secrets.
pub(crate) fn refuse_own_gm_where_seats_are_secret(game: &GameRow, user: &User) -> AppResult<()> {
    if game.kind.facts().seats.holders_always_secret() && user.account_id == game.gm_account_id {
        return Err(AppError::Conflict(
            "You are this game's GM: you see every seat's secrets, so you take no seat in it.".to_owned(),
        ));
    }
    Ok(())
}

/// Gives up `user`'s seat in a game that has not started (after the start, the GM replaces players).
pub(crate) async fn leave_game(conn: &mut PgConnection, game_id: GameId, user: &User) -> AppResult<()> {
    let (game, _, access) = load_visible_game_locked(conn, game_id, Some(user), "", RowLock::Update).await?;
    let seat_id = access.my_seat.ok_or_else(|| AppError::Conflict("You have no seat in this game.".to_owned()))?;
    if game.status != GameStatus::Forming {
        return Err(AppError::Conflict(
            "The game has started; ask the GM to replace you instead of leaving.".to_owned(),
        ));
    }
    // A captain's invitations lapse with him; a team he had joined is not formed.
    queries::leave_teams(conn, game_id, user.account_id).await?;
    queries::delete_seat(conn, seat_id).await?;
    Ok(())
}
