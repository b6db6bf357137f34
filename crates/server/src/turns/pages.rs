//! Results and history: a page per phase (orders with results and reasons, events, centers, the board)
//! and the list of every phase with centers over time. Visible to whoever may see the game; private
//! reports only to their own seat.

use std::collections::BTreeSet;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;

use super::board::BoardView;
use super::queries::{CenterCounts, PhaseSummary};
use super::read::{ReportView, counts_of, read_phase, summaries_with_counts};
use super::world::WorldView;
use crate::error::{AppError, AppResult};
use crate::extract::{Path, Query, Viewer};
use crate::games::forms::InviteQuery;
use crate::games::load::load_visible_game;
use crate::ids::GameId;
use crate::pages::{Nav, format_time, zone_of};
use crate::press::panels::public_press_of_phase;
use crate::press::send::MessageView;
use crate::state::AppState;

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
    /// The what-if board of this phase (`sandbox/`), for kinds played on the standard board.
    sandbox_link: Option<String>,
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
    let sandbox_link =
        reading.judge_position.is_some().then(|| crate::sandbox::link_to(game_id, phase_index, &query.invite));
    Ok(PhasePage {
        nav: viewer.nav,
        game_id,
        game_name: game.name,
        result: game.result_summary,
        phase,
        processed_at: reading.processed_at.map(|at| format_time(at, zone)),
        report: reading.public_report.map(|report| ReportView::in_words(report, game.kind)),
        private_report: reading.private_report.map(|report| ReportView::in_words(report, game.kind)),
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
        sandbox_link,
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
