//! The order page and its two forms (per-unit selects and the text box), and the ready toggle.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use chrono::{DateTime, Utc};
use games::{AcceptedLine, AnyGame, OrderCheck, RejectedLine};
use sqlx::PgConnection;

use super::forms::{ConcedeForm, DrawVoteForm, ROW_FIELD_PREFIX, ReadyForm, read_sheet};
use super::queries;
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn, User, set_flash};
use crate::games::access::Access;
use crate::games::model::{GameKind, GameStatus};
use crate::games::queries::{self as game_queries, GameRow};
use crate::ids::{GameId, SeatId};
use crate::pages::{Nav, format_time, time_left};
use crate::press::panels::{UnreadItem, unread_by_game};
use crate::state::AppState;
use crate::turns::board::BoardView;
use crate::turns::end;
use crate::turns::queries::{self as turn_queries, PhaseRow};

/// The viewer's own seat in a running game's current phase, with the state that phase starts from.
struct MySeat {
    game: GameRow,
    seat_id: SeatId,
    game_seat: games::SeatId,
    phase: PhaseRow,
    state: AnyGame,
}

/// Loads the viewer's seat, refusing anyone who does not hold a seat in this running game. With
/// `lock`, the game row stays locked until the transaction ends: the turn worker takes the same lock,
/// so orders are never saved into a phase while it is being processed.
async fn load_my_seat(conn: &mut PgConnection, game_id: GameId, user: &User, lock: bool) -> AppResult<MySeat> {
    let game = if lock {
        game_queries::game_for_update(conn, game_id).await?
    } else {
        game_queries::game(conn, game_id).await?
    };
    let game = game.ok_or(AppError::NotFound)?;
    let seats = game_queries::seats(conn, game_id).await?;
    let access = Access::of(&game, Some(user), &seats, "");
    if !access.can_view(&game) {
        return Err(AppError::NotFound);
    }
    let seat_id = access.my_seat.ok_or_else(|| {
        AppError::Forbidden("Only the players of this game give orders, each for their own seat.".to_owned())
    })?;
    require_running(game.status)?;
    let phase = turn_queries::current_phase(conn, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("This game has no phase to order for.".to_owned()))?;
    let game_seat = queries::game_seat(conn, seat_id)
        .await?
        .ok_or_else(|| AppError::Conflict("Your seat has no orders to give in this game.".to_owned()))?;
    let state = AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))?;
    Ok(MySeat { game, seat_id, game_seat, phase, state })
}

fn require_running(status: GameStatus) -> AppResult<()> {
    let refusal = match status {
        GameStatus::Running => return Ok(()),
        GameStatus::Forming => "The game has not started yet; orders open with its first phase.",
        GameStatus::Paused => "The game is paused; orders open again when the GM resumes it.",
        GameStatus::Finished => "The game is over; there are no more orders to give.",
    };
    Err(AppError::Conflict(refusal.to_owned()))
}

/// One choice of a select, marked when it is the saved order.
pub struct OptionView {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// One unit's (or build's) select.
pub struct RowView {
    pub label: String,
    /// The kind's key for the row (a unit's province), which the map script matches to the unit.
    pub key: String,
    pub field: String,
    pub options: Vec<OptionView>,
    pub has_saved_order: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "orders/edit.html")]
pub struct OrdersPage {
    nav: Nav,
    game_id: GameId,
    game_name: String,
    phase_index: i32,
    phase_label: String,
    deadline: Option<String>,
    /// Why the deadline moved, e.g. after the site was down.
    deadline_notice: Option<String>,
    seat_title: String,
    must_order: bool,
    ready: bool,
    /// This seat's own draw vote; nobody is shown anyone else's.
    votes_for_draw: bool,
    /// The other surviving seats this one may concede to, the one it has conceded to selected.
    concede_choices: Vec<OptionView>,
    conceded: bool,
    notes: Vec<String>,
    rows: Vec<RowView>,
    accepted: Vec<AcceptedLine>,
    rejected: Vec<RejectedLine>,
    /// What the text box holds: the saved sheet, or what was just typed (kept when lines are refused).
    text: String,
    saved_message: Option<String>,
    board: Option<BoardView>,
    /// What only this seat may know (a treasury, secret balances, answers): its own view, never another's.
    own_facts: Vec<(String, String)>,
    own_notes: Vec<String>,
    notation: Notation,
}

/// Which order notation the page explains beside the text box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Diplomacy's judge notation (`A vie-tri`), for every kind on the standard map.
    Judge,
    /// Covert Operations' comma-separated lines (`B,FRA,5`).
    CommaLines,
}

impl Notation {
    fn of(kind: GameKind) -> Notation {
        match kind {
            GameKind::Standard
            | GameKind::CovertDip
            | GameKind::CabinetDiplomacy
            | GameKind::TerrorismI
            | GameKind::Diplobucks => Notation::Judge,
            GameKind::CovertOperations => Notation::CommaLines,
        }
    }
}

impl OrdersPage {
    async fn build(
        conn: &mut PgConnection,
        nav: Nav,
        user: &User,
        seat: &MySeat,
        check: OrderCheck,
        text: Option<String>,
        saved_message: Option<String>,
    ) -> AppResult<Self> {
        let sheet = queries::sheet(conn, seat.game.game_id, seat.phase.phase_index, seat.seat_id)
            .await?
            .ok_or_else(|| AppError::Conflict("Your seat has no order sheet in this phase.".to_owned()))?;
        let deadline_notice = turn_queries::deadline_notice(conn, seat.game.game_id).await?;
        let votes_for_draw = turn_queries::draw_voters(conn, seat.game.game_id).await?.contains(&seat.seat_id);
        let conceded_to = turn_queries::concessions(conn, seat.game.game_id)
            .await?
            .into_iter()
            .find(|(from, _)| *from == seat.seat_id)
            .map(|(_, to)| to);
        let numbering = turn_queries::game_seats(conn, seat.game.game_id).await?;
        let concede_choices = end::surviving_seats(&seat.state, &numbering)
            .into_iter()
            .filter(|(seat_id, _)| *seat_id != seat.seat_id)
            .map(|(seat_id, title)| OptionView {
                value: seat_id.to_string(),
                label: title,
                selected: conceded_to == Some(seat_id),
            })
            .collect();
        let form = seat.state.order_form(seat.game_seat);
        let saved: Vec<&str> = check.accepted.iter().map(|line| line.text.as_str()).collect();
        let rows = row_views(form.rows, &saved);
        let own_view = seat.state.seat_view(seat.game_seat);
        let public_view = seat.state.public_view();
        let seat_info = seat.state.seats().into_iter().find(|info| info.id == seat.game_seat);
        let seat_title = seat_info.as_ref().map(|info| info.title.clone()).unwrap_or_default();
        // Orders are drawn in the colour of the seat's (first) power.
        let seat_power = seat_info.and_then(|info| info.powers.into_iter().next()).unwrap_or_default();
        let board = own_view.board.as_ref().map(|board| BoardView::with_pending_orders(board, &seat_power, &saved));
        Ok(OrdersPage {
            nav,
            game_id: seat.game.game_id,
            game_name: seat.game.name.clone(),
            phase_index: seat.phase.phase_index,
            phase_label: seat.phase.label.clone(),
            deadline: seat.game.deadline_at.map(|at| format_time(at, user.time_zone)),
            deadline_notice,
            seat_title,
            must_order: sheet.must_order,
            ready: sheet.ready,
            votes_for_draw,
            concede_choices,
            conceded: conceded_to.is_some(),
            notes: form.notes,
            rows,
            text: text.unwrap_or_else(|| check.sheet()),
            accepted: check.accepted,
            rejected: check.rejected,
            saved_message,
            board,
            own_facts: only_in_own_view(own_view.facts, &public_view.facts),
            own_notes: only_in_own_view(own_view.notes, &public_view.notes),
            notation: Notation::of(seat.game.kind),
        })
    }
}

/// What a seat's own view adds to the public one: the part worth flagging as "only you can see this".
fn only_in_own_view<T: PartialEq>(own: Vec<T>, public: &[T]) -> Vec<T> {
    own.into_iter().filter(|item| !public.contains(item)).collect()
}

/// The form's rows, each with the saved order it holds selected. Rows offering the same choices (the
/// builds of a Winter) take the saved orders one each, so every saved order shows in exactly one row.
fn row_views(rows: Vec<games::FormRow>, saved: &[&str]) -> Vec<RowView> {
    let mut unplaced: Vec<&str> = saved.to_vec();
    rows.into_iter()
        .enumerate()
        .map(|(index, row)| {
            let placed = row.choices.iter().position(|choice| unplaced.contains(&choice.value.as_str()));
            if let Some(position) = placed {
                let value = row.choices[position].value.as_str();
                unplaced.retain(|line| *line != value);
            }
            let options = row
                .choices
                .into_iter()
                .enumerate()
                .map(|(position, choice)| OptionView {
                    selected: placed == Some(position),
                    value: choice.value,
                    label: choice.label,
                })
                .collect();
            RowView {
                has_saved_order: placed.is_some(),
                label: row.label,
                key: row.key,
                field: format!("{ROW_FIELD_PREFIX}{index}"),
                options,
            }
        })
        .collect()
}

pub async fn orders_page(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<OrdersPage> {
    let mut conn = state.db.acquire().await?;
    let seat = load_my_seat(&mut conn, game_id, &signed_in.user, false).await?;
    let sheet = queries::sheet(&mut conn, game_id, seat.phase.phase_index, seat.seat_id).await?;
    let check = seat.state.check_orders(seat.game_seat, sheet.map(|sheet| sheet.orders).as_deref().unwrap_or(""));
    OrdersPage::build(&mut conn, signed_in.nav, &signed_in.user, &seat, check, None, None).await
}

/// Refuses orders for a phase other than the current one, or after its deadline has passed.
fn require_open_phase(seat: &MySeat, phase_index: i32, now: DateTime<Utc>) -> AppResult<()> {
    if phase_index != seat.phase.phase_index {
        return Err(AppError::Conflict(format!(
            "Those orders were for an earlier phase, which has been processed; nothing was saved. \
             The game is now in {}: open the orders page again.",
            seat.phase.label
        )));
    }
    if seat.game.deadline_at.is_some_and(|deadline| deadline <= now) {
        return Err(AppError::Conflict(
            "The deadline has passed and this phase is being processed; nothing was saved.".to_owned(),
        ));
    }
    Ok(())
}

/// Saves the sheet from either form: the accepted lines replace the saved orders; refused lines are
/// shown with their reasons, and the text box keeps what was typed.
pub async fn save_orders(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(fields): Form<Vec<(String, String)>>,
) -> AppResult<OrdersPage> {
    let submission = read_sheet(&fields).map_err(AppError::BadRequest)?;
    let mut tx = state.db.begin().await?;
    let seat = load_my_seat(&mut tx, game_id, &signed_in.user, true).await?;
    require_open_phase(&seat, submission.phase_index, state.clock.now())?;
    let check = seat.state.check_orders(seat.game_seat, &submission.text);
    queries::save_orders(&mut tx, game_id, seat.phase.phase_index, seat.seat_id, &check.sheet()).await?;
    let message = saved_message(&check);
    let page =
        OrdersPage::build(&mut tx, signed_in.nav, &signed_in.user, &seat, check, Some(submission.text), Some(message))
            .await?;
    tx.commit().await?;
    Ok(page)
}

fn saved_message(check: &OrderCheck) -> String {
    let saved = match check.accepted.len() {
        1 => "Saved 1 order.".to_owned(),
        count => format!("Saved {count} orders."),
    };
    match check.rejected.len() {
        0 => saved,
        1 => format!("{saved} 1 line was refused; see why below."),
        count => format!("{saved} {count} lines were refused; see why below."),
    }
}

pub async fn set_ready(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<ReadyForm>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let seat = load_my_seat(&mut tx, game_id, &signed_in.user, true).await?;
    require_open_phase(&seat, form.phase, state.clock.now())?;
    queries::set_ready(&mut tx, game_id, seat.phase.phase_index, seat.seat_id, form.ready).await?;
    turn_queries::bring_deadline_forward_if_all_ready(&mut tx, game_id, seat.phase.phase_index, state.clock.now())
        .await?;
    tx.commit().await?;
    let message = if form.ready {
        "You are marked ready. You can still change your orders until the deadline."
    } else {
        "You are no longer marked ready."
    };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/orders")))
}

/// A line of the dashboard: where the player stands in one game.
pub struct DashboardLine {
    pub game_id: GameId,
    pub name: String,
    pub phase: String,
    pub deadline: String,
    pub orders: &'static str,
    pub orders_class: &'static str,
    pub ready: bool,
    /// A game the user runs as GM (and does not play in): no orders of their own.
    pub as_gm: bool,
    /// Conversations with unread messages in this game.
    pub press: Vec<UnreadItem>,
}

impl DashboardLine {
    fn new(row: queries::DashboardRow, zone: chrono_tz::Tz, now: DateTime<Utc>) -> Self {
        let (orders, orders_class) = match (row.must_order, row.has_orders) {
            (Some(false), _) => ("nothing to order", "orders-none-needed"),
            (Some(true), Some(true)) => ("saved", "orders-saved"),
            (Some(true), Some(false) | None) | (None, _) => ("not yet", "orders-missing"),
        };
        let deadline = match (row.status, row.deadline_at) {
            (GameStatus::Paused, _) => "paused".to_owned(),
            (_, Some(at)) => format!("{} ({})", format_time(at, zone), time_left(at, now)),
            (_, None) => String::new(),
        };
        DashboardLine {
            game_id: row.game_id,
            name: row.name,
            phase: row.phase_label.unwrap_or_default(),
            deadline,
            orders,
            orders_class,
            ready: row.ready.unwrap_or(false),
            as_gm: row.as_gm,
            press: Vec::new(),
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "orders/dashboard.html")]
pub struct DashboardPage {
    nav: Nav,
    lines: Vec<DashboardLine>,
}

/// My games in play: each deadline in my time zone, whether my orders are in and whether I am ready.
pub async fn dashboard(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<DashboardPage> {
    let mut conn = state.db.acquire().await?;
    let rows = queries::dashboard(&mut conn, signed_in.user.account_id).await?;
    let zone = signed_in.user.time_zone;
    let now = state.clock.now();
    let mut unread = unread_by_game(&mut conn, &signed_in.user).await?;
    let lines = rows
        .into_iter()
        .map(|row| DashboardLine {
            press: unread.remove(&row.game_id).unwrap_or_default(),
            ..DashboardLine::new(row, zone, now)
        })
        .collect();
    Ok(DashboardPage { nav: signed_in.nav, lines })
}

/// Votes for (or withdraws from) a draw. The game ends at once when every surviving seat has voted for
/// one; otherwise nobody learns how anyone voted.
pub async fn vote_draw(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<DrawVoteForm>,
) -> AppResult<Redirect> {
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    let seat = load_my_seat(&mut tx, game_id, &signed_in.user, true).await?;
    let numbering = turn_queries::game_seats(&mut tx, game_id).await?;
    if !end::surviving_seats(&seat.state, &numbering).iter().any(|(seat_id, _)| *seat_id == seat.seat_id) {
        return Err(AppError::Conflict("Only powers still in the game vote on a draw.".to_owned()));
    }
    turn_queries::set_draw_vote(&mut tx, game_id, seat.seat_id, form.draw).await?;
    let drawn = form.draw && end::finish_if_agreed(&mut tx, game_id, &seat.state, now).await?;
    tx.commit().await?;
    let (message, to) = match (drawn, form.draw) {
        (true, _) => (
            "Every surviving power voted for a draw: the game has ended in a draw.",
            format!("/games/{game_id}/phases"),
        ),
        (false, true) => (
            "You voted for a draw. It passes only if every surviving power votes for it.",
            format!("/games/{game_id}/orders"),
        ),
        (false, false) => ("You no longer vote for a draw.", format!("/games/{game_id}/orders")),
    };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&to))
}

/// Concedes the game to another surviving seat, or withdraws the concession. The game ends at once
/// when every other surviving seat has conceded to the same one.
pub async fn concede(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<ConcedeForm>,
) -> AppResult<Redirect> {
    let to = match form.to.trim() {
        "" => None,
        text => {
            Some(text.parse::<SeatId>().map_err(|_| AppError::BadRequest("Choose whom to concede to.".to_owned()))?)
        }
    };
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    let seat = load_my_seat(&mut tx, game_id, &signed_in.user, true).await?;
    let numbering = turn_queries::game_seats(&mut tx, game_id).await?;
    let survivors = end::surviving_seats(&seat.state, &numbering);
    if !survivors.iter().any(|(seat_id, _)| *seat_id == seat.seat_id) {
        return Err(AppError::Conflict("Only powers still in the game may concede.".to_owned()));
    }
    if let Some(to) = to
        && (to == seat.seat_id || !survivors.iter().any(|(seat_id, _)| *seat_id == to))
    {
        return Err(AppError::BadRequest("You can concede only to another power still in the game.".to_owned()));
    }
    turn_queries::set_concession(&mut tx, game_id, seat.seat_id, to).await?;
    let ended = to.is_some() && end::finish_if_agreed(&mut tx, game_id, &seat.state, now).await?;
    tx.commit().await?;
    let (message, path) = match (ended, to) {
        (true, _) => ("Every other power has conceded: the game is over.", format!("/games/{game_id}/phases")),
        (false, Some(_)) => (
            "You conceded. The game ends when every other surviving power concedes to the same power.",
            format!("/games/{game_id}/orders"),
        ),
        (false, None) => ("You no longer concede.", format!("/games/{game_id}/orders")),
    };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&path))
}

#[cfg(test)]
mod row_tests {
    use super::*;

    fn build_row(number: usize) -> games::FormRow {
        let choice = |value: &str| games::Choice { value: value.to_owned(), label: value.to_owned() };
        games::FormRow {
            label: format!("Build {number} of 2"),
            key: format!("build{number}"),
            choices: vec![choice("Build A mar"), choice("Build F bre")],
        }
    }

    #[test]
    fn two_saved_builds_show_one_in_each_build_row() {
        let rows = row_views(vec![build_row(1), build_row(2)], &["Build F bre", "Build A mar"]);
        let selected: Vec<Vec<&str>> = rows
            .iter()
            .map(|row| row.options.iter().filter(|o| o.selected).map(|o| o.value.as_str()).collect())
            .collect();
        assert_eq!(selected, [vec!["Build A mar"], vec!["Build F bre"]]);
        let one = row_views(vec![build_row(1), build_row(2)], &["Build F bre"]);
        assert!(one[0].has_saved_order && !one[1].has_saved_order);
    }
}
