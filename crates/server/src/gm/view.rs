//! The GM's own view of a game (`/games/{id}/gm`, the GM or a site admin only): every seat's current
//! orders and readiness, each seat's private view, the seats' missed orders, the kind's secret state in
//! words (`AnyGame::gm_view`), a waiting preview with its board, and the GM's buttons. No other page
//! shows any of it: players, observers and visitors get 403 or 404 here.

use std::collections::BTreeMap;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use kinds::AnyGame;
use sqlx::PgConnection;

use super::queries::{self, GmSettings, PreviewRow};
use crate::error::{AppError, AppResult};
use crate::extract::{Path, SignedIn, User};
use crate::games::load::load_visible_game;
use crate::games::model::GameStatus;
use crate::games::queries::{GameRow, SeatRow};
use crate::ids::{GameId, SeatId};
use crate::pages::{Nav, format_time};
use crate::standby::{self, StandbyPanel};
use crate::state::AppState;
use crate::turns::board::BoardView;
use crate::turns::queries::{self as turn_queries, PhaseRow};
use crate::turns::read::ReportView;

/// One seat as the GM sees it.
pub struct GmSeat {
    pub title: String,
    pub player: String,
    pub must_order: bool,
    pub has_orders: bool,
    pub ready: bool,
    /// The seat's saved orders, one a line.
    pub orders: Vec<String>,
    /// The phases in which it had to order and sent nothing.
    pub missed: Vec<String>,
    /// What the seat's own pages show it now.
    pub view: KindView,
}

/// A kind's `View` in words (facts and notes), without its board.
pub struct KindView {
    pub facts: Vec<(String, String)>,
    pub notes: Vec<String>,
}

impl From<kinds::View> for KindView {
    fn from(view: kinds::View) -> Self {
        KindView { facts: view.facts, notes: view.notes }
    }
}

/// A waiting preview: the phase's results, each seat's private results and the board after it.
pub struct PreviewView {
    pub report: ReportView,
    pub private: Vec<(String, ReportView)>,
    pub board: Option<BoardView>,
    /// The kind's secret state the next phase would start from.
    pub after: KindView,
}

/// A processed phase the GM may roll back to.
pub struct PhaseChoice {
    pub index: i32,
    pub label: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "gm/view.html")]
pub struct GmViewPage {
    nav: Nav,
    game_id: GameId,
    name: String,
    status: &'static str,
    is_running: bool,
    can_roll_back: bool,
    is_over: bool,
    phase_label: Option<String>,
    deadline: Option<String>,
    awaits_release: bool,
    settings: GmSettings,
    seats: Vec<GmSeat>,
    secrets: KindView,
    preview: Option<PreviewView>,
    processed: Vec<PhaseChoice>,
    standby: StandbyPanel,
}

pub async fn gm_view(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<GmViewPage> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, access) = load_visible_game(&mut conn, game_id, Some(&signed_in.user), "").await?;
    if !access.is_gm {
        return Err(AppError::Forbidden("Only this game's GM can see the GM's view.".to_owned()));
    }
    build(&mut conn, signed_in.nav, &signed_in.user, game, &seats).await
}

async fn build(
    conn: &mut PgConnection,
    nav: Nav,
    user: &User,
    game: GameRow,
    seats: &[SeatRow],
) -> AppResult<GmViewPage> {
    let game_id = game.game_id;
    let settings = queries::gm_settings(conn, game_id).await?;
    let current = turn_queries::current_phase(conn, game_id).await?;
    let state = match &current {
        Some(phase) => Some(AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))?),
        None => None,
    };
    let numbering: BTreeMap<SeatId, kinds::SeatIndex> =
        turn_queries::game_seats(conn, game_id).await?.into_iter().collect();
    let seat_lines = match (&current, &state) {
        (Some(phase), Some(state)) => seat_lines(conn, game_id, phase, state, seats, &numbering).await?,
        _ => Vec::new(),
    };
    let preview = match (queries::preview(conn, game_id).await?, &state) {
        (Some(preview), Some(state)) => Some(preview_view(preview, state, &numbering)?),
        _ => None,
    };
    let processed = turn_queries::phase_summaries(conn, game_id)
        .await?
        .into_iter()
        .filter(|phase| phase.processed_at.is_some())
        .map(|phase| PhaseChoice { index: phase.phase_index, label: phase.label })
        .collect();
    let standby = standby::gm_panel(conn, &game, seats, settings.takeover_needs_approval).await?;
    Ok(GmViewPage {
        nav,
        game_id,
        status: game.status.label(),
        is_running: game.status == GameStatus::Running,
        can_roll_back: matches!(game.status, GameStatus::Running | GameStatus::Paused),
        is_over: game.status == GameStatus::Finished,
        phase_label: current.as_ref().map(|phase| phase.label.clone()),
        deadline: game.deadline_at.map(|at| format_time(at, user.time_zone)),
        awaits_release: crate::turns::preview::awaits_release(&game),
        settings,
        seats: seat_lines,
        secrets: state
            .as_ref()
            .map(|state| KindView::from(state.gm_view()))
            .unwrap_or(KindView { facts: Vec::new(), notes: Vec::new() }),
        preview,
        processed,
        standby,
        name: game.name,
    })
}

async fn seat_lines(
    conn: &mut PgConnection,
    game_id: GameId,
    phase: &PhaseRow,
    state: &AnyGame,
    seats: &[SeatRow],
    numbering: &BTreeMap<SeatId, kinds::SeatIndex>,
) -> AppResult<Vec<GmSeat>> {
    let sheets = queries::sheets(conn, game_id, phase.phase_index).await?;
    let missed = queries::missed_orders(conn, game_id).await?;
    let titles: BTreeMap<kinds::SeatIndex, String> =
        state.seats().into_iter().map(|info| (info.id, info.title)).collect();
    Ok(seats
        .iter()
        .filter_map(|seat| {
            let number = *numbering.get(&seat.seat_id)?;
            let sheet = sheets.iter().find(|sheet| sheet.seat_id == seat.seat_id);
            Some(GmSeat {
                title: titles.get(&number).cloned().unwrap_or_default(),
                player: match (&seat.display_name, seat.bot) {
                    (Some(name), _) => name.clone(),
                    (None, true) => "a bot".to_owned(),
                    (None, false) => "nobody (civil disorder)".to_owned(),
                },
                must_order: sheet.is_some_and(|sheet| sheet.must_order),
                has_orders: sheet.is_some_and(|sheet| !sheet.orders.trim().is_empty()),
                ready: sheet.is_some_and(|sheet| sheet.ready),
                orders: sheet.map(|sheet| sheet.orders.lines().map(str::to_owned).collect()).unwrap_or_default(),
                missed: missed.iter().filter(|(id, _)| *id == seat.seat_id).map(|(_, label)| label.clone()).collect(),
                view: state.seat_view(number).into(),
            })
        })
        .collect())
}

fn preview_view(
    preview: PreviewRow,
    state: &AnyGame,
    numbering: &BTreeMap<SeatId, kinds::SeatIndex>,
) -> AppResult<PreviewView> {
    let titles: BTreeMap<kinds::SeatIndex, String> =
        state.seats().into_iter().map(|info| (info.id, info.title)).collect();
    let private = preview
        .private_reports
        .0
        .into_iter()
        .map(|(seat_id, report)| {
            let title = numbering.get(&seat_id).and_then(|number| titles.get(number)).cloned().unwrap_or_default();
            (title, ReportView::from(report))
        })
        .collect();
    // The board the phase started from, with the previewed orders drawn on it, as a results page draws it.
    let board = state.public_view().board.map(|board| BoardView::from_board(&board, Some(&preview.public_report.0)));
    let after =
        AnyGame::from_json(preview.next_state).map_err(|error| AppError::Internal(error.into()))?.gm_view().into();
    Ok(PreviewView { report: ReportView::from(preview.public_report.0), private, board, after })
}
