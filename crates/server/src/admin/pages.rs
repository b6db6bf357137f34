//! The GM panel and the audit log page. Every action runs in one transaction holding the game's row
//! lock, checks the GM on the server, and writes its audit line in that same transaction.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::forms::{AssignPowerForm, ExtendForm, ReplaceForm};
use super::kind_action::KindActionView;
use super::queries;
use crate::error::{AppError, AppResult, FormErrors, invalid_form, violates};
use crate::extract::{Form, Path, SignedIn, User};
use crate::games::forms::{GameSettings, GameSettingsForm};
use crate::games::gm_tx::{begin_as_gm, require_gm};
use crate::games::load::load_visible_game;
use crate::games::model::{GameStatus, GmAction, Power, PowerAssignment, StartRule};
use crate::games::queries::{self as game_queries, AuditEntry, GameRow};
use crate::games::seating;
use crate::games::status;
use crate::games::views::{SeatView, SettingsFormView, seat_views, settings_lines};
use crate::ids::{GameId, SeatId};
use crate::pages::{Nav, format_time};
use crate::press::send::PressSettingsView;
use crate::state::AppState;
use crate::turns::start;

/// An audit line as shown.
pub struct AuditLine {
    pub when: String,
    pub who: String,
    pub action: &'static str,
    pub detail: String,
}

fn audit_lines(entries: Vec<AuditEntry>, zone: chrono_tz::Tz) -> Vec<AuditLine> {
    entries
        .into_iter()
        .map(|entry| AuditLine {
            when: format_time(entry.created_at, zone),
            who: entry.actor_display_name,
            action: entry.action.label(),
            detail: entry.detail,
        })
        .collect()
}

/// A seat line in the panel, with what the GM can do to it.
pub struct PanelSeat {
    pub view: SeatView,
    pub seat_id: Option<SeatId>,
    pub needs_power: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/panel.html")]
pub struct PanelPage {
    nav: Nav,
    game_id: GameId,
    name: String,
    status: &'static str,
    is_forming: bool,
    is_running: bool,
    is_paused: bool,
    is_finished: bool,
    deadline: Option<String>,
    settings: Vec<(&'static str, String)>,
    sf: SettingsFormView,
    seats: Vec<PanelSeat>,
    free_powers: Vec<Power>,
    start_blocker: Option<String>,
    invite_path: Option<String>,
    audit: Vec<AuditLine>,
    /// The game kind's own GM action form, for kinds that have one, while the game runs.
    pub(super) kind_action: Option<KindActionView>,
    /// The press settings form, once the game has started (before, the settings form holds them).
    press: Option<PressSettingsView>,
    /// Kinds whose powers are shared among posts: placing people by hand, the standby list and
    /// vacant positions.
    posts: Option<super::posts::PostsGmView>,
}

pub(super) async fn panel_page(
    conn: &mut PgConnection,
    nav: Nav,
    user: &User,
    game_id: GameId,
    form: Option<(GameSettingsForm, FormErrors)>,
) -> AppResult<PanelPage> {
    let (game, seats, access) = load_visible_game(conn, game_id, Some(user), "").await?;
    require_gm(&access)?;
    let audit = game_queries::audit_log(conn, game_id).await?;
    let settings = game.settings();
    let (form, errors) = match form {
        Some(refused) => refused,
        None => (stored_settings_form(conn, &game, &settings).await?, FormErrors::default()),
    };
    let views = seat_views(&game, &seats, &access);
    let gm_assigns = game.power_assignment == PowerAssignment::GmAssigns && game.status == GameStatus::Forming;
    let panel_seats = views
        .into_iter()
        .map(|view| {
            let seat = seats.get(view.number - 1);
            PanelSeat {
                seat_id: seat.map(|seat| seat.seat_id),
                needs_power: gm_assigns && seat.is_some_and(|seat| seat.powers.is_empty()),
                view,
            }
        })
        .collect();
    let free_powers =
        Power::ALL.iter().copied().filter(|power| !seats.iter().any(|seat| seat.powers.contains(power))).collect();
    let kind_action = if game.status == GameStatus::Running || game.status == GameStatus::Paused {
        KindActionView::for_current_phase(conn, game_id).await?
    } else {
        None
    };
    let posts = super::posts::panel_view(conn, &game, &seats).await?;
    let start_blocker = match start::readiness_to_start_now(&game, &seats) {
        Ok(()) => None,
        Err(not_ready) => Some(not_ready.to_string()),
    };
    Ok(PanelPage {
        nav,
        game_id,
        status: game.status.label(),
        is_forming: game.status == GameStatus::Forming,
        is_running: game.status == GameStatus::Running,
        is_paused: game.status == GameStatus::Paused,
        is_finished: game.status == GameStatus::Finished,
        deadline: game.deadline_at.map(|at| format_time(at, user.time_zone)),
        settings: settings_lines(&game, &settings),
        sf: SettingsFormView::new(form, errors, format!("/games/{game_id}/admin/settings"), false),
        seats: panel_seats,
        free_powers,
        start_blocker,
        invite_path: (!game.is_public).then(|| format!("/games/{}?invite={}", game.game_id, game.invite_code)),
        audit: audit_lines(audit, user.time_zone),
        kind_action,
        press: (game.status != GameStatus::Forming).then(|| PressSettingsView::of(&game)),
        posts,
        name: game.name,
    })
}

/// The settings form as stored: the game's settings, its reliability requirement and its civil disorder
/// rule.
async fn stored_settings_form(
    conn: &mut PgConnection,
    game: &GameRow,
    settings: &GameSettings,
) -> AppResult<GameSettingsForm> {
    let stored = GameSettingsForm::from_settings(game.kind, settings);
    let (reliability, no_miss_in_last) = crate::reliability::gate::stored(conn, game.game_id).await?.form_fields();
    let disorder_after = crate::reliability::disorder::stored(conn, game.game_id).await?;
    Ok(GameSettingsForm {
        players: game.seat_count.to_string(),
        reliability,
        no_miss_in_last,
        disorder_after: disorder_after.map(|count| count.to_string()).unwrap_or_default(),
        ..stored
    })
}

pub async fn panel(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<PanelPage> {
    let mut conn = state.db.acquire().await?;
    panel_page(&mut conn, signed_in.nav, &signed_in.user, game_id, None).await
}

pub async fn update_settings(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<GameSettingsForm>,
) -> AppResult<Response> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Forming], "Settings can only change before the game starts.")?;
    let mut errors = FormErrors::default();
    // The kind is fixed at creation; the form's kind field is ignored here.
    let form = GameSettingsForm { kind: gm.game.kind.slug().to_owned(), ..form };
    let settings = form.validate(&mut errors);
    let seat_count = form.validate_seat_count(gm.game.kind, &mut errors);
    let requirement = crate::reliability::gate::Requirement::from_form(&form, &mut errors);
    let disorder_after = crate::reliability::disorder::from_form(&form.disorder_after, &mut errors);
    if usize::try_from(seat_count).unwrap_or(0) < gm.seats.len() {
        errors.add("players", format!("{} players have joined already; choose at least that many.", gm.seats.len()));
    }
    let Some(settings) = settings.filter(|_| errors.is_empty()) else {
        drop(gm);
        let mut conn = state.db.acquire().await?;
        let page = panel_page(&mut conn, signed_in.nav.clone(), &signed_in.user, game_id, Some((form, errors))).await?;
        return Ok(invalid_form(page));
    };
    let settings = settings.for_kind(gm.game.kind);
    game_queries::update_settings(&mut gm.tx, game_id, &settings).await?;
    game_queries::set_seat_count(&mut gm.tx, game_id, seat_count).await?;
    crate::reliability::gate::store(&mut gm.tx, game_id, requirement).await?;
    crate::reliability::disorder::store(&mut gm.tx, game_id, disorder_after).await?;
    let started = if settings.start_rule == StartRule::WhenFull {
        let updated = game_queries::game(&mut gm.tx, game_id).await?.ok_or(AppError::NotFound)?;
        start::start_if_ready(&mut gm.tx, &updated, state.clock.now()).await?.is_ok()
    } else {
        false
    };
    let flash =
        if started { "Settings saved; every seat was taken, so the game has started." } else { "Settings saved." };
    Ok(gm.finish(&signed_in, GmAction::EditSettings, "", flash).await?.into_response())
}

pub async fn start(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    let now = state.clock.now();
    let deadline = start::start_now(&mut gm.tx, &gm.game, now)
        .await?
        .map_err(|not_ready| AppError::Conflict(not_ready.to_string()))?;
    let detail = format!("First deadline {}.", format_utc(deadline));
    gm.finish(&signed_in, GmAction::Start, &detail, "The game has started.").await
}

pub async fn pause(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running], "Only a running game can be paused.")?;
    status::pause(&mut gm.tx, game_id, state.clock.now()).await?;
    gm.finish(&signed_in, GmAction::Pause, "", "The game is paused; its deadline clock has stopped.").await
}

pub async fn resume(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Paused], "Only a paused game can be resumed.")?;
    let deadline = status::resume(&mut gm.tx, game_id, state.clock.now()).await?;
    let deadline = gm.keep_off_no_process_days(deadline).await?;
    let detail = format!("Deadline now {}.", format_utc(deadline));
    gm.finish(&signed_in, GmAction::Resume, &detail, "The game is running again.").await
}

pub async fn extend(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<ExtendForm>,
) -> AppResult<Redirect> {
    let by = form.duration().map_err(AppError::BadRequest)?;
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Running, GameStatus::Paused], "Only a running or paused game has a deadline.")?;
    let extended = queries::extend(&mut gm.tx, game_id, by.duration().num_seconds()).await?;
    crate::live::raise(&mut gm.tx, game_id, crate::live::Event::Game { change: crate::live::GameChange::Extended })
        .await?;
    if let Some(deadline) = extended {
        gm.keep_off_no_process_days(deadline).await?;
    }
    let detail = format!("Extended by {by}.");
    gm.finish(&signed_in, GmAction::ExtendDeadline, &detail, "The deadline is extended.").await
}

pub async fn end(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Forming, GameStatus::Running, GameStatus::Paused], "The game has already ended.")?;
    status::finish(&mut gm.tx, game_id, state.clock.now(), None).await?;
    crate::notify::enqueue_game_end(&mut gm.tx, game_id, state.clock.now()).await?;
    gm.finish(&signed_in, GmAction::End, "", "The game has ended.").await
}

pub async fn remove_player(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(
        &[GameStatus::Forming, GameStatus::Running, GameStatus::Paused],
        "The game has ended; its seats no longer change.",
    )?;
    let seat = gm.seat(seat_id)?.clone();
    if seat.account_id.is_none() {
        return Err(AppError::Conflict("That seat is already empty.".to_owned()));
    }
    let detail = format!("Removed the player of {}.", gm.describe_seat(&seat));
    // Before the start the seat goes away; after it, the seat and its powers stay, empty, for a replacement.
    if gm.game.status == GameStatus::Forming {
        game_queries::delete_seat(&mut gm.tx, seat_id).await?;
    } else if let Some(moved) = seating::change_holder(&mut gm.tx, &gm.game, &seat, seating::Holder::Nobody).await? {
        // The engine's holder changed and the seat followed it: the one who left is told.
        crate::notices::tell_holder_changes(&mut gm.tx, game_id, &moved, state.clock.now()).await?;
    } else {
        game_queries::set_seat_holder(&mut gm.tx, seat_id, None).await?;
    }
    gm.finish(&signed_in, GmAction::RemovePlayer, &detail, "The player was removed.").await
}

pub async fn replace_player(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
    Form(form): Form<ReplaceForm>,
) -> AppResult<Redirect> {
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(
        &[GameStatus::Forming, GameStatus::Running, GameStatus::Paused],
        "The game has ended; its seats no longer change.",
    )?;
    let seat = gm.seat(seat_id)?.clone();
    let username = form.username.trim();
    if username.is_empty() {
        return Err(AppError::BadRequest("Enter the username of the new player.".to_owned()));
    }
    let (account_id, display_name) = game_queries::account_by_username(&mut gm.tx, username)
        .await?
        .ok_or_else(|| AppError::BadRequest(format!("There is no account called {username:?}.")))?;
    let before = gm.describe_seat(&seat);
    if gm.seats.iter().any(|other| other.account_id == Some(account_id)) {
        return Err(AppError::Conflict(format!("{display_name} already has a seat in this game.")));
    }
    if let Some(moved) =
        seating::change_holder(&mut gm.tx, &gm.game, &seat, seating::Holder::Person(account_id)).await?
    {
        crate::notices::tell_holder_changes(&mut gm.tx, game_id, &moved, state.clock.now()).await?;
        let detail = format!("Gave {before} to a new player.");
        return gm.finish(&signed_in, GmAction::ReplacePlayer, &detail, "The seat has a new player.").await;
    }
    game_queries::set_seat_holder(&mut gm.tx, seat_id, Some(account_id)).await.map_err(|error| {
        if violates(&error, game_queries::ALREADY_SEATED) {
            AppError::Conflict(format!("{display_name} already has a seat in this game."))
        } else {
            error.into()
        }
    })?;
    let detail = if gm.game.anonymous {
        format!("Gave {before} to a new player.")
    } else {
        format!("Gave {before} to {display_name}.")
    };
    gm.finish(&signed_in, GmAction::ReplacePlayer, &detail, "The seat has a new player.").await
}

pub async fn assign_power(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, seat_id)): Path<(GameId, SeatId)>,
    Form(form): Form<AssignPowerForm>,
) -> AppResult<Redirect> {
    let power = form.power().map_err(AppError::BadRequest)?;
    let mut gm = begin_as_gm(&state, &signed_in.user, game_id).await?;
    gm.require_status(&[GameStatus::Forming], "Powers can only be assigned before the start.")?;
    if gm.game.power_assignment != PowerAssignment::GmAssigns {
        return Err(AppError::Conflict("In this game the GM does not assign powers.".to_owned()));
    }
    let seat = gm.seat(seat_id)?.clone();
    if gm.seats.iter().any(|other| other.powers.contains(&power)) {
        return Err(AppError::Conflict(format!("{} is already assigned.", power.label())));
    }
    game_queries::clear_powers(&mut gm.tx, seat_id).await?;
    game_queries::give_power(&mut gm.tx, game_id, seat_id, seat.role, power).await?;
    let detail = format!("Gave {} to {}.", power.label(), gm.describe_seat(&seat));
    if gm.game.start_rule == StartRule::WhenFull {
        start::start_if_ready(&mut gm.tx, &gm.game, state.clock.now()).await?.ok();
    }
    gm.finish(&signed_in, GmAction::AssignPower, &detail, "Power assigned.").await
}

fn format_utc(at: DateTime<Utc>) -> String {
    format_time(at, chrono_tz::Tz::UTC)
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/log.html")]
pub struct AuditPage {
    nav: Nav,
    game_id: GameId,
    name: String,
    audit: Vec<AuditLine>,
}

pub async fn audit_page(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<AuditPage> {
    let mut conn = state.db.acquire().await?;
    let (game, _, access) = load_visible_game(&mut conn, game_id, Some(&signed_in.user), "").await?;
    if !access.can_read_audit_log() {
        return Err(AppError::Forbidden("The GM's log is for this game's players and GM.".to_owned()));
    }
    let audit = game_queries::audit_log(&mut conn, game_id).await?;
    Ok(AuditPage { nav: signed_in.nav, game_id, name: game.name, audit: audit_lines(audit, signed_in.user.time_zone) })
}
