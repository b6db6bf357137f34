//! Projections of the state for pages between days: what observers may see, and a player's own
//! position (for the order form before their first report).

use serde::{Deserialize, Serialize};

use crate::report::Position;
use crate::state::{GameState, GameStatus, PlayerId};

/// What anyone may see of a game: its day, status and players' names (rulings 0.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub day: u32,
    pub status: GameStatus,
    pub players: Vec<PublicPlayer>,
    /// The player warned of leading more than half the countries, if the warning stands (CO.9).
    pub majority_warning: Option<PlayerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub id: PlayerId,
    pub name: String,
    pub resigned: bool,
}

impl GameState {
    pub fn public_view(&self) -> PublicView {
        PublicView {
            day: self.day,
            status: self.status,
            players: self
                .players
                .iter()
                .map(|player| PublicPlayer { id: player.id, name: player.name.clone(), resigned: !player.is_active() })
                .collect(),
            majority_warning: self.near_win.map(|near| near.player),
        }
    }

    /// The player's own position as it stands now; `None` for a player not in the game.
    pub fn position_of(&self, player: PlayerId) -> Option<Position> {
        self.player(player).map(Position::of)
    }
}
