//! [`SeatKnowledge`]: everything a bot may know when it orders for one seat, copied out of the game
//! through the same calls that build that seat's pages. A bot decides from this alone.

use kinds::{AnyGame, Kind, OrderForm, PhaseInfo, SeatIndex, SeatInfo, View};

/// What one seat may see now: its view, its order form, the phase and its own seat. This is the only
/// input of every decision in this crate, so a bot holds exactly the secrets a human in the seat holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatKnowledge {
    pub kind: Kind,
    pub seat: SeatInfo,
    pub phase: PhaseInfo,
    pub view: View,
    pub form: OrderForm,
    /// Every seat's public listing (titles and powers), as the game page shows it.
    pub seats: Vec<SeatInfo>,
}

impl SeatKnowledge {
    /// What `seat` may see of `game` now; `None` when the game has no such seat.
    pub fn of(game: &AnyGame, seat: SeatIndex) -> Option<SeatKnowledge> {
        let seats = game.seats();
        let info = seats.iter().find(|info| info.id == seat)?.clone();
        Some(SeatKnowledge {
            kind: game.kind(),
            seat: info,
            phase: game.phase(),
            view: game.seat_view(seat),
            form: game.order_form(seat),
            seats,
        })
    }

    /// The value of a labelled fact of the view (`Your balance` → `1000 DB`).
    pub fn fact(&self, label: &str) -> Option<&str> {
        self.view.facts.iter().find(|(name, _)| name == label).map(|(_, value)| value.as_str())
    }

    /// The first whole number in a fact's value (`1000 DB` → 1000).
    pub fn fact_number(&self, label: &str) -> Option<u32> {
        self.fact(label).and_then(first_number)
    }

    /// Whether the seat plays for this power.
    pub fn plays_for(&self, power: &str) -> bool {
        self.seat.powers.iter().any(|mine| mine == power)
    }
}

/// The first run of digits in `text`, as a number.
pub fn first_number(text: &str) -> Option<u32> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits: String = text[start..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}
