//! The DB ledger's rules: income, the Winter bonus and extra-unit upkeep (sheet "Income", rulings 4.1,
//! 4.2, DB.4, DB.8).

use std::collections::BTreeMap;

use judge::{Map, Position, Power};

use super::ExtraUnit;
use crate::intrigue::{PowerName, ProvinceName};

/// Every power's balance at the start of the game.
pub const STARTING_BALANCE: u32 = 1000;
/// Paid after each Spring, for use from the Fall moves.
pub const SUMMER_INCOME: u32 = 300;
/// Paid after each Winter, for use from the Spring moves.
pub const WINTER_INCOME: u32 = 200;
/// Due each Winter for each extra unit bought in an earlier Winter.
pub const EXTRA_UNIT_UPKEEP: u32 = 300;

/// How a power's centers changed over a year, by kind of center.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CenterChange {
    pub home_lost: u32,
    pub home_gained: u32,
    pub foreign_lost: u32,
    pub foreign_gained: u32,
}

/// Rulings 4.2: 200 if the count rose; otherwise 200 + 300 per foreign center lost + 400 per home center
/// lost − 300 per foreign center gained − 400 per home center gained, never below 0.
pub fn winter_bonus(change: CenterChange) -> u32 {
    if change.home_gained + change.foreign_gained > change.home_lost + change.foreign_lost {
        return 200;
    }
    let bonus = 200 + 300 * i64::from(change.foreign_lost) + 400 * i64::from(change.home_lost)
        - 300 * i64::from(change.foreign_gained)
        - 400 * i64::from(change.home_gained);
    u32::try_from(bonus.max(0)).expect("clamped to 0 and bounded by 34 centers")
}

/// The change in `power`'s centers between the owners at the year's start and `now`.
pub fn center_change(
    map: &Map,
    power: Power,
    year_start: &BTreeMap<ProvinceName, PowerName>,
    now: &Position,
) -> CenterChange {
    let mut change = CenterChange::default();
    for center in map.supply_centers() {
        let had = year_start.get(&ProvinceName(center)) == Some(&PowerName(power));
        let has = now.owner(center) == Some(power);
        let home = map.province(center).home_of == Some(power);
        match (had, has, home) {
            (true, false, true) => change.home_lost += 1,
            (true, false, false) => change.foreign_lost += 1,
            (false, true, true) => change.home_gained += 1,
            (false, true, false) => change.foreign_gained += 1,
            (true, true, _) | (false, false, _) => {}
        }
    }
    change
}

/// The owners of every center, to compare against at the end of the year.
pub fn owners_of_centers(map: &Map, position: &Position) -> BTreeMap<ProvinceName, PowerName> {
    map.supply_centers()
        .filter_map(|center| position.owner(center).map(|owner| (ProvinceName(center), PowerName(owner))))
        .collect()
}

/// What the end of a year does to the ledger, computed from the balances after the Winter's bribes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct YearEnd {
    /// The Winter income with its bonus, for powers that still own centers.
    pub income: BTreeMap<Power, (u32, u32)>,
    /// Extra units whose upkeep is paid this Winter, by index into the state's list.
    pub upkeep_paid: Vec<usize>,
    /// Extra units whose upkeep could not be paid: they are lost, and their owner removes a unit.
    pub lapsed: Vec<usize>,
}

/// The year's end at `position` (after the Fall), with `balances` after the Winter's own bribes (DB.4:
/// upkeep is taken after that Winter's income, each extra unit in the order bought).
pub fn year_end(
    map: &Map,
    position: &Position,
    year_start: &BTreeMap<ProvinceName, PowerName>,
    extras: &[ExtraUnit],
    balances: &BTreeMap<PowerName, u32>,
) -> YearEnd {
    let mut end = YearEnd::default();
    let mut money: BTreeMap<Power, u32> = balances.iter().map(|(power, amount)| (power.0, *amount)).collect();
    for (power, _) in map.powers() {
        // Income stops with the centers; the bonus is income too (DB.8).
        if position.centers_of(power) == 0 {
            continue;
        }
        let bonus = winter_bonus(center_change(map, power, year_start, position));
        end.income.insert(power, (WINTER_INCOME, bonus));
        *money.entry(power).or_default() += WINTER_INCOME + bonus;
    }
    for (index, extra) in extras.iter().enumerate() {
        if extra.bought_in >= position.phase.year {
            continue;
        }
        let balance = money.entry(extra.owner.0).or_default();
        if *balance >= EXTRA_UNIT_UPKEEP {
            *balance -= EXTRA_UNIT_UPKEEP;
            end.upkeep_paid.push(index);
        } else {
            end.lapsed.push(index);
        }
    }
    end
}

/// The centers each power counts in this Winter: owned centers, plus extra units kept, minus one build
/// per unit destroyed by a bribe since the last Winter (DB.5: builds never below 0).
pub fn winter_center_counts(
    map: &Map,
    position: &Position,
    extras: &[ExtraUnit],
    lapsed: &[usize],
    short: &BTreeMap<PowerName, u32>,
) -> Vec<(Power, usize)> {
    map.powers()
        .map(|(power, _)| {
            let kept = extras
                .iter()
                .enumerate()
                .filter(|(index, extra)| extra.owner.0 == power && !lapsed.contains(index))
                .count();
            let allowed = position.centers_of(power) + kept;
            let units = position.units_of(power);
            let shortfall = short.get(&PowerName(power)).copied().unwrap_or(0) as usize;
            let count = if allowed > units { allowed.saturating_sub(shortfall).max(units) } else { allowed };
            (power, count)
        })
        .collect()
}
