//! The covert orders of Covert Dip as sheet lines: Fund Diversions (`FD bul`), Covert Intelligence
//! Operations (`CIO ask a Russia`, `CIO block Turkey`), Public Disclosure votes (`VOTE Russia 2`) and the
//! influence holder's designation (`DISCLOSE Russia`); how each is read and when it may be given.

use judge::{Map, PhaseKind, Position, Power, ProvinceId, Season};
use serde::{Deserialize, Serialize};

use super::State;
use crate::intrigue::{ExtraLine, PowerName, ProvinceName, read_power, read_province};

/// The first words of covert order lines.
pub const KEYWORDS: [&str; 4] = ["FD", "CIO", "VOTE", "DISCLOSE"];

/// The four questions a CIO may ask (sheet forms a to d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// a) What FDs is (power) exercising that affect my centers?
    FdsAffectingMe { of: PowerName },
    /// b) What CIOs is (power) exercising that mention my country?
    CiosMentioningMe { of: PowerName },
    /// c) How many FDs does (power) have accumulated in Switzerland?
    Balance { of: PowerName },
    /// d) What powers are supporting counter-insurgencies in (center)?
    Supporters { center: ProvinceName },
}

impl Question {
    /// The power the question is about, for blocks (forms a to c).
    pub fn target(self) -> Option<Power> {
        match self {
            Question::FdsAffectingMe { of } | Question::CiosMentioningMe { of } | Question::Balance { of } => {
                Some(of.0)
            }
            Question::Supporters { .. } => None,
        }
    }

    fn letter(self) -> char {
        match self {
            Question::FdsAffectingMe { .. } => 'a',
            Question::CiosMentioningMe { .. } => 'b',
            Question::Balance { .. } => 'c',
            Question::Supporters { .. } => 'd',
        }
    }
}

/// One covert order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CovertOrder {
    /// A Fund Diversion to a neutral center: a counter-insurgency there for the coming Winter.
    Fd { center: ProvinceName },
    /// A CIO spent on a question.
    Ask { question: Question },
    /// A CIO spent on form e): do not respond to any CIO from `power` that mentions my country.
    Block { power: PowerName },
    /// Public Disclosure votes; they cost nothing (rulings 1.6).
    Vote { candidate: PowerName, votes: u32 },
    /// The influence holder's choice of the power to be disclosed.
    Disclose { power: PowerName },
}

impl CovertOrder {
    /// The canonical notation.
    pub fn notation(self) -> String {
        match self {
            CovertOrder::Fd { center } => format!("FD {center}"),
            CovertOrder::Ask { question: question @ Question::Supporters { center } } => {
                format!("CIO ask {} {center}", question.letter())
            }
            CovertOrder::Ask { question } => {
                format!(
                    "CIO ask {} {}",
                    question.letter(),
                    PowerName(question.target().expect("forms a to c name one"))
                )
            }
            CovertOrder::Block { power } => format!("CIO block {power}"),
            CovertOrder::Vote { candidate, votes } => format!("VOTE {candidate} {votes}"),
            CovertOrder::Disclose { power } => format!("DISCLOSE {power}"),
        }
    }

    /// In plain words.
    pub fn describe(self, map: &Map) -> String {
        match self {
            CovertOrder::Fd { center } => {
                format!("Divert one FD to counter-insurgents in {}", map.province(center.0).name)
            }
            CovertOrder::Ask { question: Question::FdsAffectingMe { of } } => {
                format!("Ask: what FDs is {of} spending that affect my centers?")
            }
            CovertOrder::Ask { question: Question::CiosMentioningMe { of } } => {
                format!("Ask: what CIOs is {of} ordering that mention my country?")
            }
            CovertOrder::Ask { question: Question::Balance { of } } => {
                format!("Ask: how many FDs does {of} have in Switzerland?")
            }
            CovertOrder::Ask { question: Question::Supporters { center } } => {
                format!("Ask: what powers support counter-insurgents in {}?", map.province(center.0).name)
            }
            CovertOrder::Block { power } => format!("Block {power}'s CIOs that mention my country"),
            CovertOrder::Vote { candidate, votes } => format!("Cast {votes} Public Disclosure vote(s) for {candidate}"),
            CovertOrder::Disclose { power } => format!("Designate {power} for Public Disclosure"),
        }
    }

    /// Whether the order spends a CIO.
    pub fn is_cio(self) -> bool {
        matches!(self, CovertOrder::Ask { .. } | CovertOrder::Block { .. })
    }

    /// Whether a CIO order names `power` as its power (CD.5: forms a, b, c and e).
    pub fn mentions(self, power: Power) -> bool {
        match self {
            CovertOrder::Ask { question } => question.target() == Some(power),
            CovertOrder::Block { power: blocked } => blocked.0 == power,
            CovertOrder::Fd { .. } | CovertOrder::Vote { .. } | CovertOrder::Disclose { .. } => false,
        }
    }
}

/// Reads one covert line (syntax and names only).
pub fn parse(map: &Map, text: &str) -> Result<CovertOrder, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|word| word.to_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    match lower.as_slice() {
        ["fd", _] => Ok(CovertOrder::Fd { center: ProvinceName(read_province(map, words[1])?) }),
        ["fd", ..] => Err("an FD names one center: `FD bul`".into()),
        ["cio", "ask", form, _] => {
            let question = match *form {
                "a" => Question::FdsAffectingMe { of: PowerName(read_power(map, words[3])?) },
                "b" => Question::CiosMentioningMe { of: PowerName(read_power(map, words[3])?) },
                "c" => Question::Balance { of: PowerName(read_power(map, words[3])?) },
                "d" => Question::Supporters { center: ProvinceName(read_province(map, words[3])?) },
                _ => return Err(format!("`{form}` is not a question: ask a, b, c (a power) or d (a center)")),
            };
            Ok(CovertOrder::Ask { question })
        }
        ["cio", "block", _] => Ok(CovertOrder::Block { power: PowerName(read_power(map, words[2])?) }),
        ["cio", ..] => Err("write `CIO ask a|b|c <power>`, `CIO ask d <center>` or `CIO block <power>`".into()),
        ["vote", _] => Ok(CovertOrder::Vote { candidate: PowerName(read_power(map, words[1])?), votes: 1 }),
        ["vote", _, count] => {
            let votes: u32 = count.parse().map_err(|_| format!("`{count}` is not a number of votes"))?;
            if votes == 0 {
                return Err("cast at least one vote".into());
            }
            Ok(CovertOrder::Vote { candidate: PowerName(read_power(map, words[1])?), votes })
        }
        ["vote", ..] => Err("write `VOTE <power> <votes>`, like `VOTE Russia 2`".into()),
        ["disclose", _] => Ok(CovertOrder::Disclose { power: PowerName(read_power(map, words[1])?) }),
        _ => Err("write `DISCLOSE <power>`".into()),
    }
}

/// What one power has left to spend while its sheet is read in order.
#[derive(Clone, Copy, Debug)]
struct Left {
    fds: u32,
    cios: u32,
    votes: u32,
    designations: u32,
}

/// The covert lines of one sheet, read and checked in order: each order or why it is refused (CD.8:
/// orders beyond a balance are refused when entered).
pub(crate) fn read_sheet(
    map: &Map,
    state: &State,
    power: Power,
    lines: &[ExtraLine],
) -> Vec<Result<CovertOrder, String>> {
    let account = state.account(power);
    let credit = u32::from(crate::intrigue::owned_home_centers(map, &state.game.position, power) > 0);
    let mut left = Left {
        fds: account.fds,
        cios: account.cios,
        votes: account.fds + credit,
        designations: u32::from(state.influence == Some(PowerName(power))),
    };
    lines
        .iter()
        .map(|line| {
            let order = parse(map, line.text)?;
            check(map, state, power, order, &mut left)?;
            Ok(order)
        })
        .collect()
}

fn check(map: &Map, state: &State, power: Power, order: CovertOrder, left: &mut Left) -> Result<(), String> {
    let position = &state.game.position;
    let phase = position.phase;
    let fall_moves = phase.season == Season::Fall && phase.kind == PhaseKind::Movement;
    let spring_moves = phase.season == Season::Spring && phase.kind == PhaseKind::Movement;
    let disclosed = state.disclosed == Some(PowerName(power));
    match order {
        CovertOrder::Fd { .. } | CovertOrder::Ask { .. } | CovertOrder::Block { .. } | CovertOrder::Vote { .. }
            if !fall_moves =>
        {
            return Err("FDs, CIOs and votes are ordered with the Fall moves".into());
        }
        CovertOrder::Fd { .. } | CovertOrder::Ask { .. } | CovertOrder::Block { .. } if disclosed => {
            return Err("under Public Disclosure you can spend neither FDs nor CIOs this Fall".into());
        }
        CovertOrder::Fd { center } => {
            check_neutral(map, center.0)?;
            left.fds = left.fds.checked_sub(1).ok_or("you have no FD left to spend")?;
            left.votes = left.votes.saturating_sub(1);
        }
        CovertOrder::Ask { question } => {
            match question {
                Question::Supporters { center } => check_neutral(map, center.0)?,
                _ => check_other_power(map, state, power, question.target().expect("forms a to c name one"))?,
            }
            left.cios = left.cios.checked_sub(1).ok_or("you have no CIO left to spend")?;
        }
        CovertOrder::Block { power: blocked } => {
            check_other_power(map, state, power, blocked.0)?;
            left.cios = left.cios.checked_sub(1).ok_or("you have no CIO left to spend")?;
        }
        CovertOrder::Vote { candidate, votes } => {
            if is_out(position, candidate.0) {
                return Err(format!("{candidate} is out of the game"));
            }
            left.votes =
                left.votes.checked_sub(votes).ok_or_else(|| format!("you have only {} vote(s) left", left.votes))?;
        }
        CovertOrder::Disclose { .. } if !spring_moves => {
            return Err("the power to be disclosed is named with the Spring moves".into());
        }
        CovertOrder::Disclose { power: target } => {
            if left.designations == 0 {
                return Err("only the power with influence in Switzerland names one, once".into());
            }
            if target.0 == power {
                return Err("you cannot disclose yourself (CD.9)".into());
            }
            if is_out(position, target.0) {
                return Err(format!("{target} is out of the game"));
            }
            left.designations -= 1;
        }
    }
    Ok(())
}

/// Rulings 1.1: the neutral centers are the 12 that are no power's home center.
pub fn is_neutral_center(map: &Map, center: ProvinceId) -> bool {
    map.province(center).supply_center && map.province(center).home_of.is_none()
}

fn check_neutral(map: &Map, center: ProvinceId) -> Result<(), String> {
    if is_neutral_center(map, center) {
        Ok(())
    } else {
        Err(format!("{} is not a neutral center", map.province_key(center)))
    }
}

/// CD.10: questions and blocks about oneself or a power out of the game are refused and cost nothing.
fn check_other_power(map: &Map, state: &State, power: Power, other: Power) -> Result<(), String> {
    if other == power {
        return Err("a CIO is about another power, not yourself".into());
    }
    if is_out(&state.game.position, other) {
        return Err(format!("{} is out of the game", map.power_name(other)));
    }
    Ok(())
}

/// A power with no centers and no units is out of the game.
pub fn is_out(position: &Position, power: Power) -> bool {
    position.centers_of(power) == 0 && position.units_of(power) == 0
}
