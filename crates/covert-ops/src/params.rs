//! Game parameters: starting values and the undisclosed covert-action odds (rulings 5.2).
//!
//! The sheet fixes prices and the order economy; those are constants in [`crate::rules`]. What the
//! sheet leaves to the game master lives here, with documented defaults a GM may change per game.
//! Players never see these values.

use serde::{Deserialize, Serialize};

/// Per-game settings. `Parameters::default()` is the documented default game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Parameters {
    /// Cash each player starts with, in $ millions.
    pub start_cash: u32,
    /// The fixed daily income of every player, in $ millions.
    pub fixed_income: u32,
    /// Home troops every country starts with.
    pub start_troops: u32,
    /// Security level every country starts with.
    pub start_security: u32,
    /// Industries every country starts with.
    pub start_industry: u32,
    /// Influence the ordering leader loses in the sending country per executed C or D order (CO.5).
    pub troop_order_influence_cost: u32,
    pub covert: CovertParameters,
}

impl Default for Parameters {
    fn default() -> Self {
        Parameters {
            start_cash: 20,
            fixed_income: 5,
            start_troops: 3,
            start_security: 2,
            start_industry: 1,
            troop_order_influence_cost: 1,
            covert: CovertParameters::default(),
        }
    }
}

/// The secret bonuses and difficulties of assassination (K), terrorism (T) and revolution (R).
///
/// An attempt succeeds when a uniform draw in `0..attack + resistance` falls below `attack`, where
/// `attack` is the cash spent plus the bonuses that apply and `resistance` is the action's difficulty
/// plus `security_weight` times the target's security.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CovertParameters {
    /// Bonus when the acting player has a spy in the target.
    pub spy_bonus: u32,
    /// Bonus when the acting player's superspy is in the target.
    pub superspy_bonus: u32,
    /// Bonus when troops of a country the player leads stand in the target.
    pub troops_bonus: u32,
    /// Extra bonus when those troops outnumber the target's defenders.
    pub more_troops_bonus: u32,
    /// Bonus per neighbour of the target that the player leads.
    pub adjacent_bonus: u32,
    /// Resistance added per security level of the target.
    pub security_weight: u32,
    pub terrorism_difficulty: u32,
    pub assassination_difficulty: u32,
    pub revolution_difficulty: u32,
    /// Terrorism lowers security by `ceil(spent / divisor)`, caught or not.
    pub terrorism_security_divisor: u32,
    /// Terrorism lowers the leader's influence by `ceil(spent / divisor)`, caught or not.
    pub terrorism_influence_divisor: u32,
    /// Successful terrorism cuts that day's industry income by `ceil(spent / divisor)`.
    pub terrorism_income_divisor: u32,
    /// Chance in percent that successful terrorism destroys one industry.
    pub terrorism_destroy_industry_percent: u32,
    /// Security lost when a leader is assassinated.
    pub assassination_security_loss: u32,
    /// Security lost when a revolution succeeds.
    pub revolution_security_loss: u32,
}

impl Default for CovertParameters {
    fn default() -> Self {
        CovertParameters {
            spy_bonus: 3,
            superspy_bonus: 6,
            troops_bonus: 3,
            more_troops_bonus: 3,
            adjacent_bonus: 1,
            security_weight: 1,
            terrorism_difficulty: 5,
            assassination_difficulty: 10,
            revolution_difficulty: 20,
            terrorism_security_divisor: 3,
            terrorism_influence_divisor: 2,
            terrorism_income_divisor: 2,
            terrorism_destroy_industry_percent: 25,
            assassination_security_loss: 1,
            revolution_security_loss: 0,
        }
    }
}

/// Why a parameter set was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParameterError {
    #[error("the sheet requires terrorism < assassination < revolution in difficulty")]
    DifficultyOrder,
    #[error("terrorism divisors must be at least 1")]
    ZeroDivisor,
    #[error("a percentage must be between 0 and 100")]
    PercentOutOfRange,
}

impl Parameters {
    /// Checks the rules the sheet imposes on the hidden values (rulings 5.2).
    pub fn validate(&self) -> Result<(), ParameterError> {
        let covert = &self.covert;
        if !(covert.terrorism_difficulty < covert.assassination_difficulty
            && covert.assassination_difficulty < covert.revolution_difficulty)
        {
            return Err(ParameterError::DifficultyOrder);
        }
        let divisors =
            [covert.terrorism_security_divisor, covert.terrorism_influence_divisor, covert.terrorism_income_divisor];
        if divisors.contains(&0) {
            return Err(ParameterError::ZeroDivisor);
        }
        if covert.terrorism_destroy_industry_percent > 100 {
            return Err(ParameterError::PercentOutOfRange);
        }
        Ok(())
    }
}
