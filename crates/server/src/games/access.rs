//! Who may see and do what in one game: GM (or site admin), seated player, invited visitor, observer.

use super::model::GameStatus;
use super::queries::{GameRow, SeatRow};
use crate::extract::User;
use crate::ids::SeatId;

/// The viewer's standing in one game, computed once per request on the server.
#[derive(Debug, Clone, Copy)]
pub struct Access {
    /// The game's GM, or a site admin (who may act as GM of any game).
    pub is_gm: bool,
    pub my_seat: Option<SeatId>,
    /// Holds this private game's invite code.
    pub invited: bool,
    pub logged_in: bool,
}

impl Access {
    pub fn of(game: &GameRow, user: Option<&User>, seats: &[SeatRow], invite_code: &str) -> Self {
        let is_gm = user.is_some_and(|user| user.is_site_admin || user.account_id == game.gm_account_id);
        let my_seat = user.and_then(|user| {
            seats.iter().find(|seat| seat.account_id == Some(user.account_id)).map(|seat| seat.seat_id)
        });
        let invited = !invite_code.is_empty() && invite_code == game.invite_code;
        Access { is_gm, my_seat, invited, logged_in: user.is_some() }
    }

    /// Public games are open to everyone; private ones to the GM, their players and invite holders.
    pub fn can_view(&self, game: &GameRow) -> bool {
        game.is_public || self.is_gm || self.my_seat.is_some() || self.invited
    }

    /// Players' names are hidden in anonymous games until the end, from everyone but the GM.
    pub fn sees_names(&self, game: &GameRow) -> bool {
        !game.anonymous || self.is_gm || game.status == GameStatus::Finished
    }

    /// The audit log is for the game's players and its GM.
    pub fn can_read_audit_log(&self) -> bool {
        self.is_gm || self.my_seat.is_some()
    }
}
