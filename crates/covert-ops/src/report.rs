//! What the day tells each player (their own turn result) and the public.
//!
//! A [`PlayerReport`] holds only what its player is entitled to know (rulings 0.5): their own
//! position, the countries they lead, their spies, their superspy's picture, combat that concerns
//! them and messages sent to them. [`News`] is public and never names who paid for anything.

use serde::{Deserialize, Serialize};

use crate::map::CountryCode;
use crate::order::LineError;
use crate::state::{Deployment, GameStatus, PlayerId, PlayerState, Stance};

/// A player's turn result for one day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerReport {
    pub day: u32,
    pub player: PlayerId,
    pub position: Position,
    /// Lines refused on receipt (meaningless or over the daily line cap); they cost nothing.
    pub line_errors: Vec<LineError>,
    /// Every order dealt with today, in queue order, with its outcome.
    pub orders: Vec<OrderReport>,
    /// Countries this player leads at the end of the day.
    pub countries: Vec<LedCountry>,
    /// This player's influence wherever it is above zero.
    pub influence: Vec<InfluenceLevel>,
    pub spies: Vec<SpyReport>,
    pub superspy: SuperspyReport,
    pub combat: Vec<CombatReport>,
    pub income: IncomeReport,
    /// `M` messages received: senders who chose to reveal themselves to this player.
    pub messages: Vec<MessageReport>,
    pub news: Vec<News>,
}

/// The player's own position after the day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub name: String,
    pub contact: String,
    pub cash: u32,
    pub fixed_income: u32,
    pub orders_available: u32,
    /// Orders kept for later days, in the order they will be processed.
    pub queued: Vec<String>,
    pub superspy: CountryCode,
    pub resigned: bool,
}

impl Position {
    pub fn of(player: &PlayerState) -> Position {
        Position {
            name: player.name.clone(),
            contact: player.contact.clone(),
            cash: player.cash,
            fixed_income: player.fixed_income,
            orders_available: player.orders_available,
            queued: player.queue.iter().map(ToString::to_string).collect(),
            superspy: player.superspy,
            resigned: !player.is_active(),
        }
    }
}

/// One order and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderReport {
    /// The order in canonical comma format.
    pub order: String,
    pub outcome: OrderOutcome,
}

/// What happened to an order. Only `Executed` uses a courier; `Executed` and `Failed` count
/// against the day's ten (sheet "Orders"; CO.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum OrderOutcome {
    Executed {
        effect: Effect,
    },
    /// Failed for lack of cash, troops, industry or influence, or cancelled: no courier used, the
    /// line is not queued again.
    Failed {
        reason: FailReason,
    },
    /// Could not be carried out at all; costs nothing (CO.2).
    Meaningless {
        reason: MeaninglessReason,
    },
    /// An administrative order, acted on at once.
    Administrative {
        effect: AdminEffect,
    },
}

/// The visible effect of an executed order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Effect {
    SuperspyMoved,
    IndustrySold,
    ArmsSmuggled { cost: u32 },
    SecurityRaised,
    SpyReinforced { value: u32 },
    IndustryBuilt,
    TroopsWithdrawn,
    TroopsSent { stance: Stance },
    Assassination { result: CovertResult },
    Terrorism { caught: bool, industry_destroyed: bool },
    Revolution { result: CovertResult },
    Bribed { influence: u32 },
    MessageSent,
}

/// Outcome of an assassination or revolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CovertResult {
    Succeeded,
    Failed,
    /// The government had already fallen that day; the cash is spent (CO.7).
    GovernmentAlreadyFell,
}

/// Why an order failed (CO.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FailReason {
    #[error("not enough cash: ${needed} million needed, ${available} million available")]
    NotEnoughCash { needed: u32, available: u32 },
    #[error("not enough troops: {needed} needed, {available} available")]
    NotEnoughTroops { needed: u32, available: u32 },
    #[error("no industry to sell")]
    NoIndustry,
    #[error("you do not lead {country}")]
    NotLeader { country: CountryCode },
    /// A bribe cancelled after a change of government (step 14).
    #[error("cancelled: the government changed today")]
    GovernmentChanged,
}

/// Why an order was meaningless when it came to be processed (CO.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MeaninglessReason {
    #[error("no troops of that country are there")]
    NoTroopsThere,
    #[error("nobody leads that country")]
    NoLeader,
}

/// What an administrative order did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AdminEffect {
    ContactChanged,
    AccessCodeChanged,
    Discarded { lines: usize },
    Stopped,
    Resigned,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedCountry {
    pub code: CountryCode,
    pub influence: u32,
    pub security: u32,
    pub industry: u32,
    pub home_troops: u32,
    /// Foreign troops standing in the country.
    pub foreign_troops: Vec<Deployment>,
    /// The country's own troops abroad: where, and how.
    pub troops_abroad: Vec<TroopsAbroad>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TroopsAbroad {
    pub country: CountryCode,
    pub stance: Stance,
    pub troops: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfluenceLevel {
    pub country: CountryCode,
    pub influence: u32,
    pub leader: bool,
}

/// An ordinary spy reports only its own value and its capture (CO.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpyReport {
    pub country: CountryCode,
    /// Value after today's decay; 0 when caught.
    pub value: u32,
    pub caught: bool,
}

/// Everything in the superspy's country at the end of the day (CO.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuperspyReport {
    pub country: CountryCode,
    pub leader: Option<PlayerId>,
    pub influence: Vec<PlayerValue>,
    pub spies: Vec<PlayerValue>,
    pub security: u32,
    pub industry: u32,
    pub home_troops: u32,
    pub foreign_troops: Vec<Deployment>,
    pub other_superspies: Vec<PlayerId>,
    pub combat: Option<CombatReport>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerValue {
    pub player: PlayerId,
    pub value: u32,
}

/// One country's combat on one day (step 13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatReport {
    pub country: CountryCode,
    pub defenders_before: u32,
    pub defenders_lost: u32,
    pub invaders: Vec<InvadingForce>,
    pub conquered_by: Option<CountryCode>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvadingForce {
    pub from: CountryCode,
    pub before: u32,
    pub lost: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IncomeReport {
    pub fixed: u32,
    pub industry: u32,
}

/// A sender who revealed itself to this player with `M` (rulings 5.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageReport {
    pub from: PlayerId,
    pub name: String,
    pub contact: String,
    pub country: CountryCode,
}

/// Public news: seen by every player and observer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum News {
    LeaderAssassinated {
        country: CountryCode,
    },
    GovernmentOverthrown {
        country: CountryCode,
    },
    Conquered {
        country: CountryCode,
        by: CountryCode,
    },
    /// A player leads more than half of the countries; one day to break it up (CO.9).
    MajorityWarning {
        player: PlayerId,
        name: String,
        countries: usize,
    },
    PlayerResigned {
        player: PlayerId,
        name: String,
    },
    GameOver {
        status: GameStatus,
    },
}

/// Everything one day produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayResult {
    pub day: u32,
    pub reports: Vec<PlayerReport>,
    pub news: Vec<News>,
}
