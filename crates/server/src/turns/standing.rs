//! Where a game stands now, as anyone who may see it sees it: the latest phase, its public board and
//! which seats have orders in and are ready. Never the orders themselves: only whether a sheet holds
//! any, which webDiplomacy and Backstabbr show everyone too.

use super::board::BoardView;
use super::queries::{PhaseProgress, SheetProgress};
use super::world::WorldView;
use crate::error::{AppError, AppResult};

/// Whether a seat has given its orders for the current phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderProgress {
    NothingToOrder,
    Missing,
    Saved,
}

impl OrderProgress {
    fn of(sheet: &SheetProgress) -> Self {
        match (sheet.must_order, sheet.has_orders) {
            (false, _) => OrderProgress::NothingToOrder,
            (true, false) => OrderProgress::Missing,
            (true, true) => OrderProgress::Saved,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            OrderProgress::NothingToOrder => "nothing to order",
            OrderProgress::Missing => "not yet",
            OrderProgress::Saved => "orders in",
        }
    }

    /// The same classes as the dashboard's, so both pages colour a sheet alike.
    pub fn class(self) -> &'static str {
        match self {
            OrderProgress::NothingToOrder => "orders-none-needed",
            OrderProgress::Missing => "orders-missing",
            OrderProgress::Saved => "orders-saved",
        }
    }
}

/// One seat's progress in the current phase, named as the game names the seat (its power).
pub struct SeatProgress {
    pub title: String,
    pub orders: OrderProgress,
    pub ready: bool,
    /// A bot plays the seat (shown in anonymous games too: a bot has no name to hide).
    pub bot: bool,
}

/// The latest phase of a started game.
pub struct Standing {
    pub phase_index: i32,
    pub phase_label: String,
    pub board: Option<BoardView>,
    /// The world map (Covert Operations), as the reader may know it.
    pub world: Option<WorldView>,
    /// Empty once the game is over (the final phase has no order sheets).
    pub seats: Vec<SeatProgress>,
    /// The kind's seats sharing a win, once a game is won.
    pub victors: Vec<kinds::SeatIndex>,
}

/// The game's latest phase (the current one, or the final position of a finished game), if it has
/// started. `reader` is the viewer's seat's number in the game, if he holds one: a world map then shows
/// what his seat knows.
pub fn standing(phase: PhaseProgress, reader: Option<kinds::SeatIndex>) -> AppResult<Standing> {
    let state = kinds::AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
    let titles = state.seats();
    let seats = phase
        .sheets
        .iter()
        .filter_map(|sheet| {
            let title = titles.iter().find(|info| info.id == sheet.game_seat)?.title.clone();
            Some(SeatProgress { title, orders: OrderProgress::of(sheet), ready: sheet.ready, bot: sheet.bot })
        })
        .collect();
    let public = state.public_view();
    let board = public.board.as_ref().map(|board| BoardView::from_board(board, None));
    let world = match reader {
        Some(seat) => state.seat_view(seat).world.as_ref().map(WorldView::of),
        None => public.world.as_ref().map(WorldView::of),
    };
    let victors = match state.outcome() {
        Some(kinds::Outcome::Victory { winners, .. }) => winners,
        None => Vec::new(),
    };
    Ok(Standing { phase_index: phase.phase_index, phase_label: phase.label, board, world, seats, victors })
}
