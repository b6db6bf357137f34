//! The sheet's money arithmetic, as pure functions: income, costs, the levy's maximum, demobilisation
//! yield and attrition.

/// Rule 3: the price of a new army or fleet.
pub const BUILD_COST: u32 = 3;
/// Rule 3 and rulings 3.1: what each unit costs every turn.
pub const UPKEEP: u32 = 1;
/// Rule 8: what each demobilised unit yields.
pub const DEMOB_YIELD: u32 = 2;
/// Rule 6: the most a GM press award may give.
pub const MAX_PRESS_AWARD: u32 = 20;
/// Rule 4: a founding needs more than this.
pub const FOUNDING_MINIMUM: u32 = 2;
/// Rule 12: agencies a player may hold at once.
pub const MAX_AGENCIES: usize = 4;

/// Rule 2: income per supply center, reduced while the original capital is lost.
pub fn income_per_center(holds_original_capital: bool) -> u32 {
    if holds_original_capital { 3 } else { 2 }
}

/// Rule 7 with rule 14's rounding: half the group's treasury, halves going up.
pub fn levy_maximum(group_treasury: u32) -> u32 {
    group_treasury.div_ceil(2)
}

/// Rule 8: how many units must go to cover a shortfall, at 2 each.
pub fn demobs_needed(shortfall: u32) -> u32 {
    shortfall.div_ceil(DEMOB_YIELD)
}

/// Rulings 3.4: 2 for each complete 10 above 10 up to 50, plus 5 for each complete 10 above 50.
pub fn attrition(balance: u32) -> u32 {
    let middle = balance.min(50).saturating_sub(10) / 10;
    let top = balance.saturating_sub(50) / 10;
    2 * middle + 5 * top
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attrition_spares_ten_and_below_and_grows_by_band() {
        assert_eq!([9, 10, 19, 20, 35, 50, 59, 60, 75].map(attrition), [0, 0, 0, 2, 4, 8, 8, 13, 18]);
    }

    #[test]
    fn the_levy_maximum_rounds_halves_up() {
        assert_eq!([0, 1, 5, 6].map(levy_maximum), [0, 1, 3, 3]);
    }
}
