//! Who reads and writes which conversation. The privacy invariant lives here: only a conversation's
//! members read it (public press: everyone who may see the game), unless the GM chose to publish all
//! press and the game has ended.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use kinds::Correspondent;

use super::queries::ConversationRow;
use super::rules::PressSettings;
use crate::games::access::Access;
use crate::games::model::{GameStatus, SeatRole};
use crate::games::queries::{GameRow, SeatRow};
use crate::ids::{AccountId, SeatId};

/// The viewer of a game's press, worked out once per request on the server.
#[derive(Debug, Clone, Copy)]
pub struct Reader {
    pub account_id: Option<AccountId>,
    /// The viewer's seat in the game.
    pub seat: Option<SeatId>,
    /// The game's GM or a site admin (who may act as GM of any game).
    pub is_gm: bool,
    /// The game has ended and its GM chose to publish all press: everyone reads every conversation.
    pub everything_published: bool,
    /// Where the reader's tenure in his seat starts: where the game's engine moves people between seats,
    /// a successor reads his own tenure's press only (CAB.1); the whole game otherwise.
    pub tenure_from: Tenure,
}

/// The start of a holder's tenure: the kind's first phase of it, and the moment the site seated him
/// (a successor seated during a phase must not read what his predecessor wrote earlier in it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tenure {
    pub phase_index: i32,
    pub since: DateTime<Utc>,
}

impl Tenure {
    /// The whole game.
    pub const WHOLE_GAME: Tenure = Tenure { phase_index: 0, since: DateTime::<Utc>::UNIX_EPOCH };
}

impl Reader {
    pub fn of(game: &GameRow, access: &Access, account_id: Option<AccountId>) -> Self {
        Reader::with(game.settings().press, game.status, access, account_id)
    }

    /// The reader of a game with these press settings and status. Publishing all press is a setting the
    /// GM may tick at any time, but it only takes effect once the game has ended: while the game is
    /// played, every private conversation stays with its members.
    pub fn with(settings: PressSettings, status: GameStatus, access: &Access, account_id: Option<AccountId>) -> Self {
        Reader {
            account_id,
            seat: access.my_seat,
            is_gm: access.is_gm,
            everything_published: settings.published_after_end && status == GameStatus::Finished,
            tenure_from: Tenure::WHOLE_GAME,
        }
    }

    /// From when this reader may read a conversation's messages: all of public press (and of everything
    /// once published), his own conversations from his tenure on.
    pub fn readable_from(&self, conversation: &ConversationRow) -> Tenure {
        match conversation.is_public || self.everything_published {
            true => Tenure::WHOLE_GAME,
            false => self.tenure_from,
        }
    }

    /// Who the viewer writes as: their seat if they play in the game (a seated site admin writes as a
    /// player), otherwise the game master if they are it.
    pub fn writes_as(&self) -> Option<Sender> {
        match (self.seat, self.is_gm) {
            (Some(seat), _) => Some(Sender::Seat(seat)),
            (None, true) => Some(Sender::GameMaster),
            (None, false) => None,
        }
    }

    /// A member of this private conversation (public press has no members).
    pub fn is_member(&self, conversation: &ConversationRow) -> bool {
        !conversation.is_public
            && (self.seat.is_some_and(|seat| conversation.member_seat_ids.contains(&seat))
                || (self.is_gm && conversation.with_game_master))
    }

    pub fn can_read(&self, conversation: &ConversationRow) -> bool {
        conversation.is_public || self.everything_published || self.is_member(conversation)
    }

    /// Conversations whose unread messages the viewer is counted: their own, and public press for the
    /// game's players and GM (not for observers).
    pub fn follows(&self, conversation: &ConversationRow) -> bool {
        self.is_member(conversation) || (conversation.is_public && self.writes_as().is_some())
    }
}

/// Who sends a message, in the server's ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sender {
    GameMaster,
    Seat(SeatId),
}

impl Sender {
    pub fn seat(self) -> Option<SeatId> {
        match self {
            Sender::GameMaster => None,
            Sender::Seat(seat) => Some(seat),
        }
    }
}

/// A conversation's identity: public press, or the full set of its members (sender included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Members {
    Public,
    Private { seats: BTreeSet<SeatId>, game_master: bool },
}

impl Members {
    pub fn of(conversation: &ConversationRow) -> Self {
        if conversation.is_public {
            Members::Public
        } else {
            Members::Private {
                seats: conversation.member_seat_ids.iter().copied().collect(),
                game_master: conversation.with_game_master,
            }
        }
    }

    /// The members chosen on the compose form plus the sender; `None` when nobody else was chosen.
    pub fn with_sender(sender: Sender, mut seats: BTreeSet<SeatId>, mut game_master: bool) -> Option<Self> {
        match sender {
            Sender::GameMaster => game_master = true,
            Sender::Seat(seat) => {
                seats.insert(seat);
            }
        }
        (seats.len() + usize::from(game_master) >= 2).then_some(Members::Private { seats, game_master })
    }

    /// The recipients as the game kind sees them: the members other than the sender, by their number
    /// in the kind's state. A seat without a number (it cannot happen in a started game) is left out.
    pub fn recipients(&self, sender: Sender, numbering: &[(SeatId, kinds::SeatIndex)]) -> kinds::Recipients {
        match self {
            Members::Public => kinds::Recipients::Public,
            Members::Private { seats, game_master } => {
                let seats = seats.iter().filter_map(|seat| correspondent(Sender::Seat(*seat), numbering));
                let gm = game_master.then_some(Correspondent::GameMaster);
                let from = correspondent(sender, numbering).unwrap_or(Correspondent::GameMaster);
                kinds::Recipients::private(from, seats.chain(gm))
            }
        }
    }
}

/// A sender as the game kind numbers it.
pub fn correspondent(sender: Sender, numbering: &[(SeatId, kinds::SeatIndex)]) -> Option<Correspondent> {
    match sender {
        Sender::GameMaster => Some(Correspondent::GameMaster),
        Sender::Seat(seat) => {
            numbering.iter().find(|(id, _)| *id == seat).map(|(_, number)| Correspondent::Seat(*number))
        }
    }
}

/// How a seat is named in press: its power(s), and its role where a power has several seats
/// (`France`, `General of France`); a seat without powers by its number on the game page (`Player 3`).
/// Never its player.
pub fn seat_title(seat: &SeatRow, number: usize) -> String {
    let powers = seat.powers.iter().map(|power| power.label()).collect::<Vec<_>>().join(", ");
    match (powers.is_empty(), seat.role) {
        (true, role) => format!("{} {number}", role.label()),
        (false, SeatRole::Player) => powers,
        (false, role) => format!("{} of {powers}", role.title()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::Power;

    fn seat(id: i64, power: Power) -> SeatRow {
        SeatRow {
            seat_id: SeatId(id),
            role: SeatRole::Player,
            account_id: None,
            display_name: None,
            username: None,
            powers: vec![power],
            game_seat: None,
            bot: false,
            bot_stands_in: false,
        }
    }

    fn conversation(public: bool, seats: &[i64], gm: bool) -> ConversationRow {
        ConversationRow {
            conversation_id: crate::ids::ConversationId(1),
            is_public: public,
            member_seat_ids: seats.iter().copied().map(SeatId).collect(),
            with_game_master: gm,
        }
    }

    fn reader(seat: Option<i64>, is_gm: bool) -> Reader {
        Reader {
            account_id: None,
            seat: seat.map(SeatId),
            is_gm,
            everything_published: false,
            tenure_from: Tenure::WHOLE_GAME,
        }
    }

    #[test]
    fn only_members_read_a_private_conversation_and_the_gm_only_when_it_is_a_member() {
        let between_two = conversation(false, &[1, 2], false);
        assert!(reader(Some(1), false).can_read(&between_two));
        assert!(!reader(Some(3), false).can_read(&between_two), "another player");
        assert!(!reader(None, false).can_read(&between_two), "an observer");
        assert!(!reader(None, true).can_read(&between_two), "the GM, not a member");
        assert!(reader(None, true).can_read(&conversation(false, &[1], true)), "the GM, a member");
        assert!(reader(None, false).can_read(&conversation(true, &[], false)), "public press");
    }

    /// An observer (no seat, not the GM) of a game with these settings and status, worked out as the
    /// pages work it out.
    fn observer_of(published_after_end: bool, status: GameStatus) -> Reader {
        let settings = PressSettings { published_after_end, ..PressSettings::default() };
        let access = Access { is_gm: false, my_seat: None, invited: false, logged_in: true };
        Reader::with(settings, status, &access, Some(AccountId(99)))
    }

    #[test]
    fn published_press_is_read_by_everyone_once_the_game_has_ended() {
        let published = observer_of(true, GameStatus::Finished);
        assert!(published.everything_published);
        assert!(published.can_read(&conversation(false, &[1, 2], false)));
        assert!(!published.follows(&conversation(false, &[1, 2], false)), "but nobody is counted unread messages");
        assert!(!observer_of(false, GameStatus::Finished).can_read(&conversation(false, &[1, 2], false)), "not ticked");
    }

    #[test]
    fn publishing_all_press_takes_effect_only_when_the_game_ends() {
        let private = conversation(false, &[1, 2], false);
        for status in [GameStatus::Forming, GameStatus::Running, GameStatus::Paused] {
            let reader = observer_of(true, status);
            assert!(!reader.everything_published, "{status:?}");
            assert!(!reader.can_read(&private), "{status:?}: ticked mid-game, nothing is revealed yet");
        }
        let player = Access { is_gm: false, my_seat: Some(SeatId(3)), invited: false, logged_in: true };
        let settings = PressSettings { published_after_end: true, ..PressSettings::default() };
        assert!(!Reader::with(settings, GameStatus::Running, &player, None).can_read(&private), "another player");
    }

    #[test]
    fn members_are_the_chosen_ones_and_the_sender_and_need_someone_else() {
        let chosen: BTreeSet<SeatId> = [SeatId(2)].into();
        let members = Members::with_sender(Sender::Seat(SeatId(1)), chosen, false).unwrap();
        assert_eq!(members, Members::Private { seats: [SeatId(1), SeatId(2)].into(), game_master: false });
        assert_eq!(Members::with_sender(Sender::Seat(SeatId(1)), [SeatId(1)].into(), false), None);
        assert_eq!(Members::with_sender(Sender::GameMaster, BTreeSet::new(), true), None);
    }

    #[test]
    fn the_kind_sees_the_other_members_by_their_number_in_its_state() {
        let numbering = [(SeatId(10), kinds::SeatIndex(0)), (SeatId(11), kinds::SeatIndex(1))];
        let members = Members::Private { seats: [SeatId(10), SeatId(11)].into(), game_master: true };
        let recipients = members.recipients(Sender::Seat(SeatId(10)), &numbering);
        let expected = [Correspondent::Seat(kinds::SeatIndex(1)), Correspondent::GameMaster];
        assert_eq!(recipients, kinds::Recipients::Private(expected.into()));
    }

    #[test]
    fn a_seat_is_titled_by_its_power_and_never_its_player() {
        let mut france = seat(1, Power::France);
        france.display_name = Some("Alice".to_owned());
        assert_eq!(seat_title(&france, 3), "France");
        france.role = SeatRole::General;
        assert_eq!(seat_title(&france, 3), "General of France");
        france.powers.clear();
        france.role = SeatRole::Player;
        assert_eq!(seat_title(&france, 3), "Player 3");
    }
}
