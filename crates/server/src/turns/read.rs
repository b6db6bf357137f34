//! Reading processed phases as a viewer may: one phase with its reports (the results page and the API),
//! every phase's light summary with its center counts, and reports as pages and the GM's view show them.

use kinds::{AnyGame, Report, ReportLine, ResultWord};
use sqlx::PgConnection;
use sqlx::types::Json;

use super::board::center_counts;
use super::queries::{self, CenterCounts, PhaseRow, PhaseSummary};
use crate::error::{AppError, AppResult};
use crate::games::access::Access;
use crate::ids::GameId;

/// A report line as shown, with its result in words and a class for styling.
pub struct OrderLine {
    pub by: String,
    /// The order as written (its notation).
    pub order: String,
    /// The same order in words, as the order page says it; empty where the kind has no words for it.
    pub words: String,
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
        OrderLine { by: line.by, order: line.order, words: String::new(), result, class, reason: line.reason }
    }
}

pub struct ReportView {
    pub orders: Vec<OrderLine>,
    pub events: Vec<String>,
}

impl ReportView {
    /// The report with each order also in words, as `kind` says it.
    pub fn in_words(report: Report, kind: kinds::Kind) -> Self {
        let mut view = ReportView::from(report);
        for line in &mut view.orders {
            line.words = kind.order_in_words(&line.order).unwrap_or_default();
        }
        view
    }

    /// The orders a reader should see first: those that failed or were invalid, and successes that
    /// come with a reason.
    pub fn notable_orders(&self) -> Vec<&OrderLine> {
        self.orders.iter().filter(|line| !line.is_plain_success()).collect()
    }

    /// Orders that simply succeeded, which a results page may fold away.
    pub fn plain_successes(&self) -> Vec<&OrderLine> {
        self.orders.iter().filter(|line| line.is_plain_success()).collect()
    }
}

impl OrderLine {
    fn is_plain_success(&self) -> bool {
        self.class == "succeeds" && self.reason.is_empty()
    }
}

impl From<Report> for ReportView {
    fn from(report: Report) -> Self {
        ReportView { orders: report.orders.into_iter().map(OrderLine::from).collect(), events: report.events }
    }
}

pub(crate) fn read_state(phase: &PhaseRow) -> AppResult<AnyGame> {
    AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))
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
    pub(crate) fn summary(&self, index: i32) -> Option<&PhaseSummary> {
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
