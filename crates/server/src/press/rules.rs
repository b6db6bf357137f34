//! The game's press settings and the checks every message passes on the server before the game kind's
//! own limits (`kinds::Rules::may_send`). Pure: no database, no clock.

use kinds::{Correspondent, Recipients};

use crate::games::model::{GameStatus, PressRule};
use crate::turns::queries::Stage;

/// What the GM chose about press for one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PressSettings {
    pub rule: PressRule,
    /// Players may publish public messages without their name.
    pub grey: bool,
    /// Once the game has ended, everyone who may see the game reads every conversation.
    pub published_after_end: bool,
}

impl Default for PressSettings {
    fn default() -> Self {
        PressSettings { rule: PressRule::Full, grey: false, published_after_end: false }
    }
}

impl PressSettings {
    /// The settings in words, for the game page and the press page.
    pub fn describe(&self) -> String {
        let mut words = self.rule.label().to_owned();
        if self.grey {
            words.push_str("; grey press allowed");
        }
        if self.published_after_end {
            words.push_str("; all press published when the game ends");
        }
        words
    }
}

/// Where a message goes, as the game's press rule sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Audience {
    /// Public press.
    Everyone,
    /// A private conversation with the game master alone: never negotiation, so always allowed.
    GameMasterOnly,
    /// A private conversation holding at least one other seat: negotiation between players.
    OtherPlayers,
}

fn audience(to: &Recipients) -> Audience {
    match to {
        Recipients::Public => Audience::Everyone,
        Recipients::Private(members) if members.iter().all(|member| *member == Correspondent::GameMaster) => {
            Audience::GameMasterOnly
        }
        Recipients::Private(_) => Audience::OtherPlayers,
    }
}

/// Press is written while the game is played (running or paused), never before its first phase nor
/// after its end.
pub fn require_open(status: GameStatus) -> Result<(), String> {
    match status {
        GameStatus::Running | GameStatus::Paused => Ok(()),
        GameStatus::Forming => Err("Press opens when the game starts.".to_owned()),
        GameStatus::Finished => Err("The game is over: no more press can be sent.".to_owned()),
    }
}

/// Whether the game's press settings allow `from` to write to `to` in a phase of `stage`, grey or not.
/// The game master may always write, to anyone; players may always write to the game master alone.
pub fn check(
    settings: PressSettings,
    stage: Stage,
    from: Correspondent,
    to: &Recipients,
    grey: bool,
) -> Result<(), String> {
    check_grey(settings, from, to, grey)?;
    if from == Correspondent::GameMaster {
        return Ok(());
    }
    match (settings.rule, audience(to)) {
        (_, Audience::GameMasterOnly) | (PressRule::Full, _) | (PressRule::PublicOnly, Audience::Everyone) => Ok(()),
        (PressRule::NoPress, Audience::Everyone | Audience::OtherPlayers) => {
            Err("This is a gunboat game (no press): players write only to the GM.".to_owned())
        }
        (PressRule::PublicOnly, Audience::OtherPlayers) => {
            Err("This game allows public press only: write to everyone, or to the GM alone.".to_owned())
        }
        (PressRule::Rulebook, Audience::Everyone | Audience::OtherPlayers) => match stage {
            Stage::Movement | Stage::Day => Ok(()),
            Stage::Retreat | Stage::Adjustment => {
                Err("Rulebook press: players send no press during retreats and adjustments (only to the GM). \
                 Press opens again with the next movement phase."
                    .to_owned())
            }
        },
    }
}

fn check_grey(settings: PressSettings, from: Correspondent, to: &Recipients, grey: bool) -> Result<(), String> {
    if !grey {
        return Ok(());
    }
    match (from, to) {
        (Correspondent::GameMaster, _) => Err("The GM's messages always say they come from the GM.".to_owned()),
        (Correspondent::Seat(_), Recipients::Private(_)) => {
            Err("Only public messages can be grey; private ones always show who sent them.".to_owned())
        }
        (Correspondent::Seat(_), Recipients::Public) if !settings.grey => {
            Err("Grey press is not allowed in this game: public messages show their sender's power.".to_owned())
        }
        (Correspondent::Seat(_), Recipients::Public) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use kinds::SeatIndex;

    use super::*;

    const FRANCE: Correspondent = Correspondent::Seat(SeatIndex(2));
    const GERMANY: Correspondent = Correspondent::Seat(SeatIndex(3));
    const GM: Correspondent = Correspondent::GameMaster;

    fn settings(rule: PressRule) -> PressSettings {
        PressSettings { rule, ..PressSettings::default() }
    }

    fn to_germany() -> Recipients {
        Recipients::private(FRANCE, [GERMANY])
    }

    fn to_gm() -> Recipients {
        Recipients::private(FRANCE, [GM])
    }

    #[test]
    fn full_press_allows_private_group_and_public_messages() {
        for to in [to_germany(), Recipients::private(FRANCE, [GERMANY, GM]), Recipients::Public] {
            assert_eq!(check(settings(PressRule::Full), Stage::Retreat, FRANCE, &to, false), Ok(()));
        }
    }

    #[test]
    fn public_only_press_refuses_private_messages_between_players_but_not_to_the_gm() {
        let public_only = settings(PressRule::PublicOnly);
        assert!(
            check(public_only, Stage::Movement, FRANCE, &to_germany(), false)
                .unwrap_err()
                .contains("public press only")
        );
        let group_with_gm = Recipients::private(FRANCE, [GERMANY, GM]);
        assert!(check(public_only, Stage::Movement, FRANCE, &group_with_gm, false).is_err());
        assert_eq!(check(public_only, Stage::Movement, FRANCE, &Recipients::Public, false), Ok(()));
        assert_eq!(check(public_only, Stage::Movement, FRANCE, &to_gm(), false), Ok(()));
    }

    #[test]
    fn gunboat_refuses_every_player_message_except_to_the_gm_and_lets_the_gm_write_to_all() {
        let gunboat = settings(PressRule::NoPress);
        assert!(check(gunboat, Stage::Movement, FRANCE, &to_germany(), false).unwrap_err().contains("gunboat"));
        assert!(check(gunboat, Stage::Movement, FRANCE, &Recipients::Public, false).is_err());
        assert_eq!(check(gunboat, Stage::Movement, FRANCE, &to_gm(), false), Ok(()));
        assert_eq!(check(gunboat, Stage::Movement, GM, &Recipients::Public, false), Ok(()));
        assert_eq!(check(gunboat, Stage::Movement, GM, &Recipients::private(GM, [FRANCE]), false), Ok(()));
    }

    #[test]
    fn rulebook_press_is_closed_between_players_in_retreats_and_adjustments_only() {
        let rulebook = settings(PressRule::Rulebook);
        for to in [to_germany(), Recipients::Public] {
            assert_eq!(check(rulebook, Stage::Movement, FRANCE, &to, false), Ok(()));
            for stage in [Stage::Retreat, Stage::Adjustment] {
                assert!(check(rulebook, stage, FRANCE, &to, false).unwrap_err().contains("retreats and adjustments"));
            }
        }
        assert_eq!(check(rulebook, Stage::Adjustment, FRANCE, &to_gm(), false), Ok(()));
        assert_eq!(check(rulebook, Stage::Adjustment, GM, &Recipients::Public, false), Ok(()));
    }

    #[test]
    fn grey_press_is_public_only_for_players_only_and_only_where_the_game_allows_it() {
        let grey = PressSettings { grey: true, ..settings(PressRule::Full) };
        assert_eq!(check(grey, Stage::Movement, FRANCE, &Recipients::Public, true), Ok(()));
        assert!(check(settings(PressRule::Full), Stage::Movement, FRANCE, &Recipients::Public, true).is_err());
        assert!(check(grey, Stage::Movement, FRANCE, &to_germany(), true).is_err());
        assert!(check(grey, Stage::Movement, GM, &Recipients::Public, true).is_err());
    }

    #[test]
    fn press_is_open_only_while_the_game_is_played() {
        assert!(require_open(GameStatus::Running).is_ok() && require_open(GameStatus::Paused).is_ok());
        assert!(require_open(GameStatus::Forming).is_err() && require_open(GameStatus::Finished).is_err());
    }

    #[test]
    fn the_settings_read_in_words() {
        let all = PressSettings { rule: PressRule::PublicOnly, grey: true, published_after_end: true };
        assert_eq!(all.describe(), "Public press only; grey press allowed; all press published when the game ends");
    }
}
