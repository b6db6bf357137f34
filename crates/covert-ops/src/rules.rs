//! Numbers the rule sheet fixes; unlike [`crate::Parameters`] they are the same in every game.

/// Orders (couriers) a player has on day 1 (sheet "Orders"; CO.1).
pub const START_ORDERS: u32 = 10;
/// Couriers that arrive at the start of every later day.
pub const ORDERS_PER_DAY: u32 = 7;
/// Orders processed for one player in one day, at most.
pub const MAX_ORDERS_PER_DAY: u32 = 10;
/// Lines accepted from one player in one day, at most (CO.1: every line counts).
pub const MAX_NEW_LINES_PER_DAY: usize = 100;
/// The arms table stops at five units (CO.3).
pub const MAX_ARMS_UNITS: u32 = 5;
/// Cost of building one industry (step 6).
pub const INVEST_COST: u32 = 4;
/// Cash from liquidating one industry (step 2).
pub const LIQUIDATE_VALUE: u32 = 3;
/// Income of one industry per day (sheet "Industry").
pub const INDUSTRY_INCOME: u32 = 1;
/// Spy value bought per $1 million (step 5).
pub const SPY_VALUE_PER_MILLION: u32 = 5;
/// Influence the conquering country's leader receives in the conquered country (step 13).
pub const CONQUEST_INFLUENCE: u32 = 10;
/// Longest position name (sheet "Players").
pub const MAX_NAME_LENGTH: usize = 40;
/// Longest access code (sheet "Identification").
pub const MAX_ACCESS_CODE_LENGTH: usize = 10;
/// Longest contact address kept for `EMAIL`.
pub const MAX_CONTACT_LENGTH: usize = 120;

/// The sheet's arms table: 1, 3, 6, 10, 15 ($ millions) for 1 to 5 units, i.e. the triangular numbers.
pub fn arms_cost(units: u32) -> u32 {
    units * (units + 1) / 2
}
