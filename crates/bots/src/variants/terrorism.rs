//! Terrorism I: the Standard bot's unit orders, plus money orders within the treasury:
//! - `BUILD` on the power's free home provinces (rule 3, 3 each), as many as the treasury after this
//!   turn's income and upkeep covers while keeping a reserve, each an army or a fleet by which is worth
//!   more there;
//! - the levy of each group it controls at its maximum, and a new capital (the nearest) when its own
//!   was taken, from the form's rows.
//!
//! Thin: the bot founds no groups, opens no agencies, bids for no nations and cedes nothing; the
//! incomes it counts on are the view's public facts (3 a center), not the exact sheet arithmetic.

use judge::{Map, ProvinceId, RegionId, Terrain, UnitType};
use kinds::kind::BoardMark;
use rand_chacha::ChaCha8Rng;

use super::rows_keyed;
use crate::dumbbot::{self, Picture, Values};
use crate::knowledge::{SeatKnowledge, first_number};

/// Rule 3: the price of a unit.
const BUILD_COST: u32 = 3;
/// Rule 2: income per center while the original capital is held (the bot counts on it).
const INCOME_PER_CENTER: u32 = 3;
/// Kept after builds for levies and the next upkeep.
const RESERVE: u32 = 3;

pub fn lines(map: &Map, knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut lines = dumbbot::diplomacy_lines(map, knowledge, rng);
    lines.extend(first_choices(knowledge, "levy-"));
    lines.extend(first_choices(knowledge, "capital"));
    if knowledge.phase.stage == kinds::PhaseStage::Movement {
        lines.extend(builds(map, knowledge));
    }
    lines
}

/// The first choice of each row keyed so: the maximum levy, the nearest capital.
fn first_choices(knowledge: &SeatKnowledge, prefix: &str) -> Vec<String> {
    rows_keyed(knowledge, prefix)
        .into_iter()
        .filter_map(|row| row.choices.iter().find(|choice| !choice.value.is_empty()))
        .map(|choice| choice.value.clone())
        .collect()
}

/// The power's treasury, centers and units, from its public fact (`treasury 4, capital vie, 3 centers,
/// 3 units`).
fn purse(knowledge: &SeatKnowledge, power: &str) -> Option<(u32, u32, u32)> {
    let fact = knowledge.fact(power)?;
    let part = |word: &str| fact.split(',').find(|part| part.contains(word)).and_then(first_number);
    Some((part("treasury")?, part("center").unwrap_or(0), part("unit").unwrap_or(0)))
}

fn builds(map: &Map, knowledge: &SeatKnowledge) -> Vec<String> {
    let Some(power) = knowledge.seat.powers.first() else { return Vec::new() };
    let Some((treasury, centers, units)) = purse(knowledge, power) else { return Vec::new() };
    let expected = (treasury + INCOME_PER_CENTER * centers).saturating_sub(units + RESERVE);
    let affordable = (expected / BUILD_COST) as usize;
    if affordable == 0 {
        return Vec::new();
    }
    let picture = Picture::of(map, knowledge, &[]);
    let values = Values::new(&picture, false);
    let mut sites: Vec<(f64, String)> = free_homes(map, knowledge, power, &picture)
        .into_iter()
        .map(|province| best_unit_for(map, &values, province))
        .collect();
    sites.sort_by(|a, b| b.0.total_cmp(&a.0));
    sites.into_iter().take(affordable).map(|(_, line)| line).collect()
}

/// Home provinces the power still owns, with no group based there and no unit standing there.
fn free_homes(map: &Map, knowledge: &SeatKnowledge, power: &str, picture: &Picture<'_>) -> Vec<ProvinceId> {
    let owned = knowledge.fact(&format!("Provinces of {power}")).unwrap_or_default();
    let owned: Vec<&str> = owned.split_whitespace().collect();
    let groups: Vec<&str> = knowledge
        .view
        .board
        .iter()
        .flat_map(|board| &board.marks)
        .filter_map(|mark| match mark {
            BoardMark::Group { province, .. } => Some(province.as_str()),
            BoardMark::Double { .. } | BoardMark::Nation { .. } | BoardMark::Insurgency { .. } => None,
        })
        .collect();
    kinds::terrorism::home_province_keys(power)
        .iter()
        .filter(|key| owned.contains(key) && !groups.contains(key))
        .filter_map(|key| map.find_province(key))
        .filter(|&province| picture.unit_in(province).is_none())
        .collect()
}

/// The build line for the unit worth most in a province, with its worth.
fn best_unit_for(map: &Map, values: &Values<'_, '_>, province: ProvinceId) -> (f64, String) {
    let key = map.province_key(province);
    let army = (values.of(UnitType::Army, map.main_region(province)), format!("BUILD A {key}"));
    if map.province(province).terrain != Terrain::Coast {
        return army;
    }
    let fleet_regions: Vec<RegionId> =
        if map.has_split_coasts(province) { map.coasts(province).to_vec() } else { vec![map.main_region(province)] };
    fleet_regions
        .into_iter()
        .map(|region| (values.of(UnitType::Fleet, region) * 1.25, format!("BUILD F {}", map.region_key(region))))
        .chain(std::iter::once(army))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or_else(|| (0.0, format!("BUILD A {key}")))
}
