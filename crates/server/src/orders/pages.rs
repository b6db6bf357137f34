//! The order page and its two forms (per-unit selects and the text box), and the ready toggle.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{DateTime, Utc};
use kinds::Notation;
use sqlx::PgConnection;
use std::collections::BTreeMap;

use kinds::{AcceptedLine, OrderForm};

use super::actions::{MySeat, concede_to, load_my_seat, mark_ready, record_draw_vote};
use super::forms::{ConcedeForm, DrawVoteForm, ReadyForm, RowPick, SheetRequest, read_sheet};
use super::queries::{self, SheetRow};
use super::rows::{OptionView, RowView, choices_json, row_views};
use super::save::{Done, OrdersQuery, apply_sheet_request};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, Query, SignedIn, User, set_flash};
use crate::games::model::GameStatus;
use crate::games::queries::RowLock;
use crate::ids::{GameId, SeatId};
use crate::pages::{Nav, format_time, time_left};
use crate::press::panels::{UnreadItem, unread_by_game};
use crate::state::AppState;
use crate::turns::board::BoardView;
use crate::turns::end;
use crate::turns::world::WorldView;

/// A refused line or form row, with the reason.
pub struct RefusalView {
    /// `Line 3`, or the row's label (`F nth`).
    pub place: String,
    /// The line of the text box, for a refused line typed there.
    pub line: Option<usize>,
    pub text: String,
    pub reason: String,
}

/// The answer to a save, shown above the orders.
pub struct SaveMessage {
    pub text: String,
    /// Nothing was saved: shown as an error, not as a success.
    pub is_error: bool,
}

impl SaveMessage {
    pub(crate) fn done(text: impl Into<String>) -> Self {
        SaveMessage { text: text.into(), is_error: false }
    }

    pub(crate) fn refused(text: impl Into<String>) -> Self {
        SaveMessage { text: text.into(), is_error: true }
    }
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
    /// The deadline as RFC 3339, for the page's moving countdown (`static/js/live.js`).
    deadline_iso: Option<String>,
    /// Why the deadline moved, e.g. after the site was down.
    deadline_notice: Option<String>,
    seat_title: String,
    must_order: bool,
    ready: bool,
    /// Whether this seat votes on draws and concessions (where the kind names one seat per power, the
    /// others are not offered the forms).
    decides_the_end: bool,
    /// This seat's own draw vote; nobody is shown anyone else's.
    votes_for_draw: bool,
    /// The other surviving seats this one may concede to, the one it has conceded to selected.
    concede_choices: Vec<OptionView>,
    conceded: bool,
    notes: Vec<String>,
    rows: Vec<RowView>,
    /// Every row's legal orders with their chains, for the map script (JSON, safe inside a script tag).
    choices_json: String,
    accepted: Vec<AcceptedLine>,
    refused: Vec<RefusalView>,
    /// What the text box holds: the saved sheet, or what was just typed (kept when lines are refused).
    text: String,
    message: Option<SaveMessage>,
    board: Option<BoardView>,
    /// The world map (Covert Operations) as this seat knows it; a click on a country writes its code.
    world: Option<WorldView>,
    /// What only this seat may know (a treasury, secret balances, answers): its own view, never another's.
    own_facts: Vec<(String, String)>,
    own_notes: Vec<String>,
    notation: Notation,
    /// In a Cabinet game: what this position may order and why (sheet §5–7).
    position_duties: Option<String>,
    /// Other seats' pending orders this seat may read by the kind's rules (a Head of State his
    /// commanders', CAB.7); empty for most seats.
    readable_sheets: Vec<PendingSheet>,
    /// The viewer's unread press messages in this game, shown beside the link to the press page.
    press_unread: i64,
    /// The what-if board of this phase, for kinds played on the standard board.
    sandbox_link: Option<String>,
}

/// Another seat's saved orders for the open phase, shown to a seat the kind lets read them.
pub struct PendingSheet {
    pub title: String,
    /// The sheet's accepted lines, canonical; empty when that seat has saved nothing yet.
    pub lines: Vec<String>,
}

/// What a request leaves for the page to show besides the saved sheet.
#[derive(Default)]
pub(crate) struct Answer {
    pub refused: Vec<RefusalView>,
    /// What was typed, kept in the box when something of it was refused or nothing was saved.
    pub typed: Option<String>,
    pub message: Option<SaveMessage>,
    /// The rows' picks as sent, shown instead of the saved orders (unfinished chains, or a step).
    pub picks: Option<BTreeMap<usize, RowPick>>,
    /// Set when the request went through whole, so the page may be shown by a redirect.
    pub done: Option<Done>,
    /// The region of the world map drawn alone (`?region=`), if one was asked for.
    pub world_region: Option<String>,
}

impl OrdersPage {
    /// The page for `seat`, with `form` its order form (built once per request: it lists every legal
    /// order of every unit).
    fn build(nav: Nav, user: &User, seat: &MySeat, form: OrderForm, answer: Answer, around: Around) -> AppResult<Self> {
        let sheet = seat.sheet()?;
        let check = seat.state.check_orders(seat.game_seat, &sheet.orders);
        let deadline_notice = match crate::turns::preview::awaits_release(&seat.game) {
            true => Some(crate::turns::preview::AWAITING_RELEASE.to_owned()),
            false => seat.game.deadline_notice.clone(),
        };
        let (votes_for_draw, conceded_to) = (seat.votes_for_draw, seat.conceded_to);
        let decides_the_end = seat.decides_the_end();
        let concede_choices = end::deciding_seats(&seat.state, &seat.numbering)
            .into_iter()
            .filter(|(seat_id, _)| *seat_id != seat.seat_id)
            .map(|(seat_id, title)| OptionView {
                value: seat_id.to_string(),
                label: title,
                selected: conceded_to == Some(seat_id),
            })
            .collect();
        let saved: Vec<&str> = check.accepted.iter().map(|line| line.text.as_str()).collect();
        let choices_json = choices_json(&form.rows);
        let rows = row_views(form.rows, &saved, answer.picks.as_ref());
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
            deadline_iso: seat.game.deadline_at.map(|at| at.to_rfc3339()),
            deadline_notice,
            seat_title,
            must_order: sheet.must_order,
            ready: sheet.ready,
            decides_the_end,
            votes_for_draw,
            concede_choices,
            readable_sheets: around.readable_sheets,
            press_unread: around.press_unread,
            conceded: conceded_to.is_some(),
            notes: form.notes,
            rows,
            choices_json,
            text: answer.typed.unwrap_or_else(|| check.sheet()),
            accepted: check.accepted,
            refused: answer.refused,
            message: answer.message,
            board,
            world: own_view.world.as_ref().map(|world| WorldView::clickable(world, answer.world_region.as_deref())),
            own_facts: only_in_own_view(own_view.facts, &public_view.facts),
            own_notes: only_in_own_view(own_view.notes, &public_view.notes),
            notation: seat.game.kind.facts().notation,
            position_duties: seat.state.duties(seat.game_seat),
            sandbox_link: seat
                .state
                .judge_position()
                .map(|_| crate::sandbox::link_to(seat.game.game_id, seat.phase.phase_index, "")),
        })
    }
}

/// What a seat's own view adds to the public one: the part worth flagging as "only you can see this".
fn only_in_own_view<T: PartialEq>(own: Vec<T>, public: &[T]) -> Vec<T> {
    own.into_iter().filter(|item| !public.contains(item)).collect()
}

/// What the page shows around the seat's own orders: the other seats' pending sheets it may read, and
/// how many press messages of this game the viewer has not read.
pub(crate) struct Around {
    readable_sheets: Vec<PendingSheet>,
    press_unread: i64,
}

async fn around(conn: &mut PgConnection, seat: &MySeat, user: &User) -> AppResult<Around> {
    let readable_sheets = readable_sheets(conn, seat).await?;
    let unread = unread_by_game(conn, user).await?.remove(&seat.game.game_id).unwrap_or_default();
    Ok(Around { readable_sheets, press_unread: unread.iter().map(|item| item.unread).sum() })
}

/// The viewer's seat and what the page shows around it, on a connection given back at once.
async fn load_with_around(state: &AppState, game_id: GameId, user: &User) -> AppResult<(MySeat, Around)> {
    let mut conn = state.db.acquire().await?;
    let seat = load_my_seat(&mut conn, game_id, user, None).await?;
    let around = around(&mut conn, &seat, user).await?;
    Ok((seat, around))
}

/// The pending sheets of the seats the kind lets this seat read (CAB.7: a Head of State reads his
/// commanders'), each as its accepted lines; a seat that saved nothing shows with none.
pub(crate) async fn readable_sheets(conn: &mut PgConnection, seat: &MySeat) -> AppResult<Vec<PendingSheet>> {
    let readable = seat.state.readable_sheets(seat.game_seat);
    if readable.is_empty() {
        return Ok(Vec::new());
    }
    let seat_ids: Vec<SeatId> =
        seat.numbering.iter().filter(|(_, number)| readable.contains(number)).map(|(seat_id, _)| *seat_id).collect();
    let saved = queries::sheets_of(conn, seat.game.game_id, seat.phase.phase_index, &seat_ids).await?;
    let infos = seat.state.seats();
    Ok(readable
        .into_iter()
        .filter_map(|number| {
            let (seat_id, _) = seat.numbering.iter().find(|(_, n)| *n == number)?;
            let title = infos.iter().find(|info| info.id == number)?.title.clone();
            let text = saved.iter().find(|(id, _)| id == seat_id).map_or("", |(_, text)| text.as_str());
            let lines = seat.state.check_orders(number, text).accepted.into_iter().map(|line| line.text).collect();
            Some(PendingSheet { title, lines })
        })
        .collect())
}

/// The order page; after a save that went through whole, `?done=` says what it did.
pub async fn orders_page(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Query(query): Query<OrdersQuery>,
) -> AppResult<OrdersPage> {
    // The connection goes back to the pool before the form is built.
    let (seat, around) = load_with_around(&state, game_id, &signed_in.user).await?;
    let form = seat.state.order_form(seat.game_seat);
    let answer = Answer { message: query.done().map(Done::message), world_region: query.region, ..Answer::default() };
    OrdersPage::build(signed_in.nav, &signed_in.user, &seat, form, answer, around)
}

/// Answers any of the order forms. A save never loses orders silently: a sheet whose lines are all
/// refused, or an empty box, changes nothing and says so; only "Clear my orders" clears. A save that
/// went through whole redirects to the order page (`?done=`), committed before anything is drawn; one
/// with refused lines or unfinished rows shows the page at once, with the reasons and what was typed.
pub async fn save_orders(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(fields): Form<Vec<(String, String)>>,
) -> AppResult<Response> {
    let submission = read_sheet(&fields).map_err(AppError::BadRequest)?;
    if let SheetRequest::Rows { picks, refine: true } = submission.request {
        let (seat, around) = load_with_around(&state, game_id, &signed_in.user).await?;
        let answer = Answer {
            message: Some(SaveMessage::done("Not saved yet: finish your choices, then save.")),
            picks: Some(picks),
            ..Answer::default()
        };
        let form = seat.state.order_form(seat.game_seat);
        let page = OrdersPage::build(signed_in.nav, &signed_in.user, &seat, form, answer, around)?;
        return Ok(page.into_response());
    }
    let mut tx = state.db.begin().await?;
    let seat = load_my_seat(&mut tx, game_id, &signed_in.user, Some(RowLock::Share)).await?;
    let saved =
        apply_sheet_request(&mut tx, &seat, submission.phase_index, submission.request, state.clock.now()).await?;
    tx.commit().await?;
    if let Some(done) = saved.answer.done {
        return Ok(Redirect::to(&format!("/games/{game_id}/orders?{}", done.query())).into_response());
    }
    let around = around(&mut *state.db.acquire().await?, &seat, &signed_in.user).await?;
    let form = seat.state.order_form(seat.game_seat);
    // The page shows the sheet as this save left it.
    let seat = MySeat { sheet: seat.sheet.map(|sheet| SheetRow { orders: saved.sheet, ..sheet }), ..seat };
    let page = OrdersPage::build(signed_in.nav, &signed_in.user, &seat, form, saved.answer, around)?;
    Ok(page.into_response())
}

pub async fn set_ready(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<ReadyForm>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    mark_ready(&mut tx, game_id, &signed_in.user, form.phase, form.ready, state.clock.now()).await?;
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
            // A running game without a deadline waits for its GM to release the results (`gm::preview`).
            (GameStatus::Running, None) => "results being checked by the GM".to_owned(),
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
    let mut tx = state.db.begin().await?;
    let drawn = record_draw_vote(&mut tx, game_id, &signed_in.user, form.draw, state.clock.now()).await?;
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
    let mut tx = state.db.begin().await?;
    let ended = concede_to(&mut tx, game_id, &signed_in.user, to, state.clock.now()).await?;
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
