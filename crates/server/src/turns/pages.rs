//! Results and history: a page per phase (orders with results and reasons, events, centers, the board)
//! and the list of every phase with centers over time. Visible to whoever may see the game; private
//! reports only to their own seat.

use std::collections::BTreeSet;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use kinds::{AnyGame, Report, ReportLine, ResultWord};
use sqlx::PgConnection;
use sqlx::types::Json;

use super::board::{BoardView, center_counts};
use super::queries::{self, CenterCounts, PhaseRow, PhaseSummary};
use super::world::WorldView;
use crate::error::{AppError, AppResult};
use crate::extract::{Path, Query, Viewer};
use crate::games::access::Access;
use crate::games::forms::InviteQuery;
use crate::games::pages::load_visible_game;
use crate::ids::GameId;
use crate::pages::{Nav, format_time, zone_of};
use crate::press::pages::MessageView;
use crate::press::panels::public_press_of_phase;
use crate::state::AppState;

/// A report line as shown, with its result in words and a class for styling.
pub struct OrderLine {
    pub by: String,
    pub order: String,
    pub result: &'static str,
    pub class: &'static str,
    pub reason: String,
}

impl From<ReportLine> for OrderLine {
    fn from(line: ReportLine) -> Self {
        let (result, class) = match line.result {
            ResultWord::Succeeds => ("succeeds", "succeeds"),
            ResultWord::Fails => ("fails", "fails"),
            ResultWord::Invalid => ("invalid", "invalid"),
        };
        OrderLine { by: line.by, order: line.order, result, class, reason: line.reason }
    }
}

pub struct ReportView {
    pub orders: Vec<OrderLine>,
    pub events: Vec<String>,
}

impl From<Report> for ReportView {
    fn from(report: Report) -> Self {
        ReportView { orders: report.orders.into_iter().map(OrderLine::from).collect(), events: report.events }
    }
}

/// A link to one phase.
pub struct PhaseLink {
    pub index: i32,
    pub label: String,
    pub processed: bool,
}

impl PhaseLink {
    fn of(phase: &PhaseSummary) -> Self {
        PhaseLink { index: phase.phase_index, label: phase.label.clone(), processed: phase.processed_at.is_some() }
    }
}

fn read_state(phase: &PhaseRow) -> AppResult<AnyGame> {
    AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))
}

#[derive(Template, WebTemplate)]
#[template(path = "turns/phase.html")]
pub struct PhasePage {
    nav: Nav,
    game_id: GameId,
    game_name: String,
    /// How the game ended, once it has.
    result: Option<String>,
    phase: PhaseLink,
    processed_at: Option<String>,
    report: Option<ReportView>,
    /// Only the viewer's own seat's private results.
    private_report: Option<ReportView>,
    /// Supply centers per power once the phase was processed.
    centers_after: Vec<(String, usize)>,
    facts: Vec<(String, String)>,
    /// Stepping through the game: the first phase, the one before, the one after and the latest, each
    /// absent where it would be this phase.
    first: Option<PhaseLink>,
    previous: Option<PhaseLink>,
    next: Option<PhaseLink>,
    latest: Option<PhaseLink>,
    board: Option<BoardView>,
    /// The world map (Covert Operations): after the day as the viewer may know it, the day's news marked.
    world: Option<WorldView>,
    /// The public press sent during this phase.
    public_press: Vec<MessageView>,
    /// Powers that had to order and sent nothing.
    silent: Vec<String>,
}

/// One phase as a viewer may read it: what the results page shows and the API answers, from one place.
pub(crate) struct PhaseReading {
    /// The first, previous, this, next and latest phases, light, with their center counts.
    pub neighbours: Vec<PhaseSummary>,
    pub code: String,
    pub processed_at: Option<chrono::DateTime<chrono::Utc>>,
    pub public_report: Option<Report>,
    /// Only the viewer's own seat's private results.
    pub private_report: Option<Report>,
    /// The public view of the board the phase started from (never a seat's view).
    pub public_view: kinds::View,
    /// Powers that had to order and sent nothing (processed phases only).
    pub silent: Vec<String>,
    /// Supply centers per power once the phase was processed.
    pub centers_after: CenterCounts,
    /// The position the phase started from in judge-cli's JSON (standard-map kinds only): as public as
    /// the board drawn beside the results.
    pub judge_position: Option<kinds::JudgePosition>,
}

impl PhaseReading {
    fn summary(&self, index: i32) -> Option<&PhaseSummary> {
        self.neighbours.iter().find(|phase| phase.phase_index == index)
    }
}

/// Reads phase `phase_index` of a game the viewer may see (`access` from `load_visible_game`); an
/// unknown phase is a 404.
pub(crate) async fn read_phase(
    conn: &mut PgConnection,
    game_id: GameId,
    phase_index: i32,
    access: &Access,
) -> AppResult<PhaseReading> {
    let phase = queries::phase(conn, game_id, phase_index).await?.ok_or(AppError::NotFound)?;
    let mut neighbours = queries::phase_neighbours(conn, game_id, phase_index).await?;
    fill_missing_counts(conn, game_id, &mut neighbours).await?;
    let private_report = match access.my_seat {
        Some(seat_id) if phase.processed_at.is_some() => {
            queries::private_report(conn, game_id, phase_index, seat_id).await?
        }
        _ => None,
    };
    let phase_state = read_state(&phase)?;
    let silent = match phase.processed_at {
        Some(_) => silent_powers(&phase_state, &phase.silent_seats),
        None => Vec::new(),
    };
    let centers_after = neighbours
        .iter()
        .find(|next| i64::from(next.phase_index) == i64::from(phase_index) + 1)
        .and_then(|next| counts_of(next).cloned())
        .unwrap_or_default();
    Ok(PhaseReading {
        code: phase.code,
        processed_at: phase.processed_at,
        public_report: phase.public_report.map(|report| report.0),
        private_report,
        public_view: phase_state.public_view(),
        judge_position: phase_state.judge_position(),
        silent,
        centers_after,
        neighbours,
    })
}

pub async fn phase_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((game_id, phase_index)): Path<(GameId, i32)>,
    Query(query): Query<InviteQuery>,
) -> AppResult<PhasePage> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, access) = load_visible_game(&mut conn, game_id, viewer.user.as_ref(), &query.invite).await?;
    let reading = read_phase(&mut conn, game_id, phase_index, &access).await?;
    let summary = reading.summary(phase_index).ok_or(AppError::NotFound)?;
    let previous = reading.summary(phase_index - 1).map(PhaseLink::of);
    let next = reading.summary(phase_index + 1).map(PhaseLink::of);
    let first = reading.summary(0).filter(|_| phase_index > 0).map(PhaseLink::of);
    let latest = reading.neighbours.last().filter(|last| last.phase_index > phase_index).map(PhaseLink::of);
    let phase = PhaseLink::of(summary);
    let public_press =
        public_press_of_phase(&mut conn, &game, &seats, &access, viewer.user.as_ref(), phase_index).await?;
    let view = &reading.public_view;
    let board = view.board.as_ref().map(|board| BoardView::from_board(board, reading.public_report.as_ref()));
    let world = phase_world(view, reading.public_report.as_ref(), reading.private_report.as_ref());
    let zone = zone_of(viewer.user.as_ref());
    Ok(PhasePage {
        nav: viewer.nav,
        game_id,
        game_name: game.name,
        result: game.result_summary,
        phase,
        processed_at: reading.processed_at.map(|at| format_time(at, zone)),
        report: reading.public_report.map(ReportView::from),
        private_report: reading.private_report.map(ReportView::from),
        centers_after: reading.centers_after.into_iter().collect(),
        facts: reading.public_view.facts,
        first,
        previous,
        next,
        latest,
        board,
        world,
        public_press,
        silent: reading.silent,
    })
}

/// A processed day's world map as the viewer may know it: his own report's (only he reads it), else the
/// public one; a day not yet processed shows the public map.
fn phase_world(
    view: &kinds::View,
    public_report: Option<&kinds::Report>,
    private_report: Option<&kinds::Report>,
) -> Option<WorldView> {
    let world = match public_report {
        Some(public) => private_report.and_then(|own| own.world.as_ref()).or(public.world.as_ref()),
        None => view.world.as_ref(),
    };
    world.map(WorldView::of)
}

/// Every phase of the game, light, each with its center counts: those never computed (phases opened
/// before the counts were stored) are computed from their states once and stored.
pub(crate) async fn summaries_with_counts(conn: &mut PgConnection, game_id: GameId) -> AppResult<Vec<PhaseSummary>> {
    let mut phases = queries::phase_summaries(conn, game_id).await?;
    fill_missing_counts(conn, game_id, &mut phases).await?;
    Ok(phases)
}

/// Computes and stores the center counts missing from any of `phases` (and from the game's other
/// phases, in the same pass).
async fn fill_missing_counts(conn: &mut PgConnection, game_id: GameId, phases: &mut [PhaseSummary]) -> AppResult<()> {
    if phases.iter().any(|phase| phase.center_counts.is_none()) {
        for (index, state) in queries::phases_without_counts(conn, game_id).await? {
            let game = AnyGame::from_json(state).map_err(|error| AppError::Internal(error.into()))?;
            let counts = game.public_view().board.as_ref().map(center_counts);
            queries::set_center_counts(conn, game_id, index, counts.as_ref()).await?;
            if let Some(phase) = phases.iter_mut().find(|phase| phase.phase_index == index) {
                phase.center_counts = Some(Json(counts));
            }
        }
    }
    Ok(())
}

pub(crate) fn counts_of(phase: &PhaseSummary) -> Option<&CenterCounts> {
    phase.center_counts.as_ref().and_then(|counts| counts.0.as_ref())
}

/// The powers of the seats that sent no orders: public, as every judge marks them. Seats without a
/// power (a Covert Operations player) are left out, as their titles say nothing a map shows.
fn silent_powers(state: &AnyGame, silent: &[i16]) -> Vec<String> {
    state
        .seats()
        .into_iter()
        .filter(|seat| !seat.powers.is_empty() && silent.contains(&(seat.id.0 as i16)))
        .map(|seat| seat.title)
        .collect()
}

/// One line of the centers-over-time table: a phase and each power's count at its start.
pub struct CentersLine {
    pub phase: PhaseLink,
    pub counts: Vec<usize>,
}

/// Supply centers at the start of every phase, per power: a chart and the same numbers as a table (the
/// chart's text alternative). Empty for games without a board.
pub struct CentersOverTime {
    pub powers: Vec<String>,
    pub lines: Vec<CentersLine>,
    /// The chart as an inline SVG document (mapview's own markup; power names come from the game kind).
    pub chart: Option<String>,
}

impl CentersOverTime {
    /// From every phase of a game's stored center counts, with the kind's solo-victory line.
    fn of(phases: &[PhaseSummary], goal: Option<usize>) -> Self {
        let counts: Vec<Option<&CenterCounts>> = phases.iter().map(counts_of).collect();
        let powers: BTreeSet<String> = counts.iter().flatten().flat_map(|count| count.keys().cloned()).collect();
        let powers: Vec<String> = powers.into_iter().collect();
        let count_of = |count: &Option<&CenterCounts>, power: &String| {
            count.and_then(|count| count.get(power)).copied().unwrap_or(0)
        };
        let lines = phases
            .iter()
            .zip(&counts)
            .map(|(phase, count)| CentersLine {
                phase: PhaseLink::of(phase),
                counts: powers.iter().map(|power| count_of(count, power)).collect(),
            })
            .collect();
        let chart = (!powers.is_empty()).then(|| {
            mapview::CentersChart {
                phases: phases.iter().map(|phase| phase.label.clone()).collect(),
                series: powers
                    .iter()
                    .map(|power| mapview::CenterSeries {
                        power: power.clone(),
                        counts: counts.iter().map(|count| count_of(count, power)).collect(),
                    })
                    .collect(),
                goal,
            }
            .render()
        });
        CentersOverTime { powers, lines, chart }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "turns/history.html")]
pub struct HistoryPage {
    nav: Nav,
    game_id: GameId,
    game_name: String,
    result: Option<String>,
    has_phases: bool,
    centers: CentersOverTime,
}

pub async fn history(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(game_id): Path<GameId>,
    Query(query): Query<InviteQuery>,
) -> AppResult<HistoryPage> {
    let mut conn = state.db.acquire().await?;
    let (game, _seats, _access) = load_visible_game(&mut conn, game_id, viewer.user.as_ref(), &query.invite).await?;
    let phases = summaries_with_counts(&mut conn, game_id).await?;
    let centers = CentersOverTime::of(&phases, game.kind.facts().victory_centers);
    Ok(HistoryPage {
        nav: viewer.nav,
        game_id,
        game_name: game.name,
        result: game.result_summary,
        has_phases: !phases.is_empty(),
        centers,
    })
}
