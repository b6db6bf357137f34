//! Orders and the line parser: text in the sheet's comma format to [`Order`]s plus [`LineError`]s.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::map::{CountryCode, WorldMap};
use crate::rules::{MAX_ACCESS_CODE_LENGTH, MAX_ARMS_UNITS, MAX_CONTACT_LENGTH};

/// One order of the sheet's summary. Amounts are in $ millions, troops and arms in units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub enum Order {
    /// `A,ccc,nnn`: smuggle 1 to 5 units of arms into ccc.
    Arms { country: CountryCode, units: u32 },
    /// `B,ccc,nnn`: bribe the leader of ccc.
    Bribe { country: CountryCode, amount: u32 },
    /// `C,ccc,kkk,nnn`: send troops from ccc to conquer kkk.
    Conquer { from: CountryCode, to: CountryCode, troops: u32 },
    /// `D,ccc,kkk,nnn`: send troops from ccc to defend kkk.
    Defend { from: CountryCode, to: CountryCode, troops: u32 },
    /// `G,ccc,nnn`: raise security of ccc.
    Guard { country: CountryCode, amount: u32 },
    /// `I,ccc`: build one industry.
    Invest { country: CountryCode },
    /// `K,ccc,nnn`: try to assassinate the leader of ccc.
    Kill { country: CountryCode, amount: u32 },
    /// `L,ccc`: sell one industry.
    Liquidate { country: CountryCode },
    /// `M,ccc`: show one's name and contact to the leader of ccc.
    Message { country: CountryCode },
    /// `R,ccc,nnn`: finance a revolution.
    Revolution { country: CountryCode, amount: u32 },
    /// `S,ccc,nnn`: create or reinforce a spy.
    Spy { country: CountryCode, amount: u32 },
    /// `T,ccc,nnn`: finance terrorist attacks.
    Terrorism { country: CountryCode, amount: u32 },
    /// `W,ccc,kkk,nnn`: bring troops of ccc home from kkk.
    Withdraw { home: CountryCode, from: CountryCode, troops: u32 },
    /// `X,ccc`: move the superspy.
    Superspy { country: CountryCode },
    /// `EMAIL,eee`: change the contact shown by `M`.
    Email { contact: String },
    /// `CODE,aaa`: change the game-specific access code.
    Code { code: String },
    /// `DISCARD`: drop every line received before it.
    Discard,
    /// `STOP`: end today's processing here.
    Stop,
    /// `RESIGN`: leave the game.
    Resign,
}

impl fmt::Display for Order {
    /// Writes the order back in the sheet's canonical comma format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Order::Arms { country, units } => write!(f, "A,{country},{units}"),
            Order::Bribe { country, amount } => write!(f, "B,{country},{amount}"),
            Order::Conquer { from, to, troops } => write!(f, "C,{from},{to},{troops}"),
            Order::Defend { from, to, troops } => write!(f, "D,{from},{to},{troops}"),
            Order::Guard { country, amount } => write!(f, "G,{country},{amount}"),
            Order::Invest { country } => write!(f, "I,{country}"),
            Order::Kill { country, amount } => write!(f, "K,{country},{amount}"),
            Order::Liquidate { country } => write!(f, "L,{country}"),
            Order::Message { country } => write!(f, "M,{country}"),
            Order::Revolution { country, amount } => write!(f, "R,{country},{amount}"),
            Order::Spy { country, amount } => write!(f, "S,{country},{amount}"),
            Order::Terrorism { country, amount } => write!(f, "T,{country},{amount}"),
            Order::Withdraw { home, from, troops } => write!(f, "W,{home},{from},{troops}"),
            Order::Superspy { country } => write!(f, "X,{country}"),
            Order::Email { contact } => write!(f, "EMAIL,{contact}"),
            Order::Code { code } => write!(f, "CODE,{code}"),
            Order::Discard => f.write_str("DISCARD"),
            Order::Stop => f.write_str("STOP"),
            Order::Resign => f.write_str("RESIGN"),
        }
    }
}

/// A line that could not be accepted, with its 1-based line number and text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineError {
    pub line: usize,
    pub input: String,
    pub reason: OrderError,
}

/// Why a line is meaningless (CO.2) or refused; such lines cost nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OrderError {
    #[error("unknown order {code:?}")]
    UnknownOrder { code: String },
    #[error("{order} takes {expected} part(s) after the letter, found {found}")]
    WrongArity { order: String, expected: usize, found: usize },
    #[error("{text:?} is not a whole number")]
    NotANumber { text: String },
    #[error("the number must be at least 1")]
    NotPositive,
    #[error("at most {MAX_ARMS_UNITS} units of arms per order, not {units}")]
    TooManyArms { units: u32 },
    #[error("unknown country code {text:?}")]
    UnknownCountry { text: String },
    #[error("{from} and {to} are not adjacent")]
    NotAdjacent { from: CountryCode, to: CountryCode },
    #[error("an access code has 1 to {MAX_ACCESS_CODE_LENGTH} letters and digits")]
    BadAccessCode,
    #[error("a contact address has 1 to {MAX_CONTACT_LENGTH} characters")]
    BadContact,
    #[error("more than 100 lines received today; the rest are ignored")]
    OverDailyLineLimit,
    #[error("the game is over or the player has resigned")]
    NotPlaying,
}

/// Parses a whole sheet of orders. Blank lines are skipped; every other bad line is reported while
/// the good lines are kept.
pub fn parse_orders(text: &str, map: &WorldMap) -> (Vec<Order>, Vec<LineError>) {
    let mut orders = Vec::new();
    let mut errors = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(line, map) {
            Ok(order) => orders.push(order),
            Err(reason) => errors.push(LineError { line: number + 1, input: line.to_owned(), reason }),
        }
    }
    (orders, errors)
}

/// Parses one non-blank line.
pub fn parse_line(line: &str, map: &WorldMap) -> Result<Order, OrderError> {
    let parts: Vec<&str> = line.split(',').map(str::trim).collect();
    let keyword = parts[0].to_ascii_uppercase();
    let args = &parts[1..];
    match keyword.as_str() {
        "A" => {
            let [country, units] = arity::<2>(&keyword, args)?;
            let units = positive(units)?;
            if units > MAX_ARMS_UNITS {
                return Err(OrderError::TooManyArms { units });
            }
            Ok(Order::Arms { country: country_in(country, map)?, units })
        }
        "B" => country_amount(&keyword, args, map, |country, amount| Order::Bribe { country, amount }),
        "G" => country_amount(&keyword, args, map, |country, amount| Order::Guard { country, amount }),
        "K" => country_amount(&keyword, args, map, |country, amount| Order::Kill { country, amount }),
        "R" => country_amount(&keyword, args, map, |country, amount| Order::Revolution { country, amount }),
        "S" => country_amount(&keyword, args, map, |country, amount| Order::Spy { country, amount }),
        "T" => country_amount(&keyword, args, map, |country, amount| Order::Terrorism { country, amount }),
        "C" => neighbour_move(&keyword, args, map, |from, to, troops| Order::Conquer { from, to, troops }),
        "D" => neighbour_move(&keyword, args, map, |from, to, troops| Order::Defend { from, to, troops }),
        "W" => neighbour_move(&keyword, args, map, |home, from, troops| Order::Withdraw { home, from, troops }),
        "I" => country_only(&keyword, args, map, |country| Order::Invest { country }),
        "L" => country_only(&keyword, args, map, |country| Order::Liquidate { country }),
        "M" => country_only(&keyword, args, map, |country| Order::Message { country }),
        "X" => country_only(&keyword, args, map, |country| Order::Superspy { country }),
        "EMAIL" => {
            let [contact] = arity::<1>(&keyword, args)?;
            if contact.is_empty() || contact.chars().count() > MAX_CONTACT_LENGTH {
                return Err(OrderError::BadContact);
            }
            Ok(Order::Email { contact: contact.to_owned() })
        }
        "CODE" => {
            let [code] = arity::<1>(&keyword, args)?;
            let valid = !code.is_empty()
                && code.len() <= MAX_ACCESS_CODE_LENGTH
                && code.chars().all(|c| c.is_ascii_alphanumeric());
            if !valid {
                return Err(OrderError::BadAccessCode);
            }
            Ok(Order::Code { code: code.to_owned() })
        }
        "DISCARD" => arity::<0>(&keyword, args).map(|[]| Order::Discard),
        "STOP" => arity::<0>(&keyword, args).map(|[]| Order::Stop),
        "RESIGN" => arity::<0>(&keyword, args).map(|[]| Order::Resign),
        _ => Err(OrderError::UnknownOrder { code: parts[0].to_owned() }),
    }
}

fn arity<'a, const N: usize>(keyword: &str, args: &[&'a str]) -> Result<[&'a str; N], OrderError> {
    <[&str; N]>::try_from(args).map_err(|_| OrderError::WrongArity {
        order: keyword.to_owned(),
        expected: N,
        found: args.len(),
    })
}

fn positive(text: &str) -> Result<u32, OrderError> {
    let value: u32 = text.parse().map_err(|_| OrderError::NotANumber { text: text.to_owned() })?;
    if value == 0 {
        return Err(OrderError::NotPositive);
    }
    Ok(value)
}

fn country_in(text: &str, map: &WorldMap) -> Result<CountryCode, OrderError> {
    CountryCode::parse(text)
        .filter(|code| map.index_of(*code).is_some())
        .ok_or_else(|| OrderError::UnknownCountry { text: text.to_owned() })
}

fn country_only(
    keyword: &str,
    args: &[&str],
    map: &WorldMap,
    build: impl FnOnce(CountryCode) -> Order,
) -> Result<Order, OrderError> {
    let [country] = arity::<1>(keyword, args)?;
    Ok(build(country_in(country, map)?))
}

fn country_amount(
    keyword: &str,
    args: &[&str],
    map: &WorldMap,
    build: impl FnOnce(CountryCode, u32) -> Order,
) -> Result<Order, OrderError> {
    let [country, amount] = arity::<2>(keyword, args)?;
    let country = country_in(country, map)?;
    Ok(build(country, positive(amount)?))
}

fn neighbour_move(
    keyword: &str,
    args: &[&str],
    map: &WorldMap,
    build: impl FnOnce(CountryCode, CountryCode, u32) -> Order,
) -> Result<Order, OrderError> {
    let [first, second, troops] = arity::<3>(keyword, args)?;
    let first = country_in(first, map)?;
    let second = country_in(second, map)?;
    let troops = positive(troops)?;
    let adjacent = match (map.index_of(first), map.index_of(second)) {
        (Some(a), Some(b)) => map.are_adjacent(a, b),
        _ => false,
    };
    if !adjacent {
        return Err(OrderError::NotAdjacent { from: first, to: second });
    }
    Ok(build(first, second, troops))
}
