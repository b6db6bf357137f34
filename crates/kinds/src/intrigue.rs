//! What the intrigue kinds (Diplobucks, Covert Dip) share on top of the standard game: powers and
//! provinces stored by name, order sheets that mix unit orders with extra lines, and Winters whose
//! center counts the variant changes.

use std::fmt;

use judge::{Extensions, Map, PhaseKind, Position, Power, ProvinceId, Season, adjustment_due, buildable_sites};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::kind::{AcceptedLine, OrderCheck, RejectedLine};
use crate::standard::standard_map;

/// The standard map, which every state of these kinds was checked against when it was created or read.
pub(crate) fn map() -> &'static Map {
    standard_map().expect("the standard map was validated when the state was created or read")
}

/// A power, stored by its name (`France`) so that stored games do not depend on the map's internal order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PowerName(pub Power);

/// A province, stored by its key (`bul`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProvinceName(pub ProvinceId);

impl fmt::Display for PowerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(map().power_name(self.0))
    }
}

impl fmt::Display for ProvinceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(map().province_key(self.0))
    }
}

impl Serialize for PowerName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Serialize for ProvinceName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

fn read_name<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    what: &str,
    find: impl Fn(&Map, &str) -> Option<T>,
) -> Result<T, D::Error> {
    let text = String::deserialize(deserializer)?;
    let map = standard_map().map_err(D::Error::custom)?;
    find(map, &text).ok_or_else(|| D::Error::custom(format!("unknown {what} `{text}`")))
}

impl<'de> Deserialize<'de> for PowerName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_name(deserializer, "power", |map, text| map.find_power(text).map(PowerName))
    }
}

impl<'de> Deserialize<'de> for ProvinceName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_name(deserializer, "province", |map, text| map.find_province(text).map(ProvinceName))
    }
}

/// One line of a sheet that is not a unit order: a bribe, a diversion, a question, a vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ExtraLine<'a> {
    /// 1-based, as in the whole sheet.
    pub line: usize,
    /// Trimmed.
    pub text: &'a str,
}

/// A sheet split in two: the unit orders (extra lines blanked, so line numbers stay true) and the
/// extra lines, recognised by their first word.
pub(crate) fn split_sheet<'a>(text: &'a str, keywords: &[&str]) -> (String, Vec<ExtraLine<'a>>) {
    let mut unit_text = Vec::new();
    let mut extras = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        let first = trimmed.split_whitespace().next().unwrap_or("");
        if keywords.iter().any(|keyword| keyword.eq_ignore_ascii_case(first)) {
            extras.push(ExtraLine { line: index + 1, text: trimmed });
            unit_text.push("");
        } else {
            unit_text.push(raw);
        }
    }
    (unit_text.join("\n"), extras)
}

/// The check of the unit orders merged with the checks of the extra lines, in sheet order.
pub(crate) fn merge_checks(mut check: OrderCheck, extras: Vec<Result<AcceptedLine, RejectedLine>>) -> OrderCheck {
    for extra in extras {
        match extra {
            Ok(accepted) => check.accepted.push(accepted),
            Err(rejected) => check.rejected.push(rejected),
        }
    }
    check.accepted.sort_by_key(|accepted| accepted.line);
    check.rejected.sort_by_key(|rejected| rejected.line);
    check
}

/// Whether the phase after `before` is the first phase after the Fall season (the Winter adjustment,
/// or next Spring when the judge skipped that Winter).
pub(crate) fn fall_just_ended(before: &Position, after: &Position) -> bool {
    before.phase.season == Season::Fall && after.phase.kind != PhaseKind::Retreat
}

/// Puts `next` (just out of the Fall) at the Winter adjustment when a power has something to decide under
/// the variant's `extensions`, else at next Spring (rulings 0.2): a variant's center counts can call for a
/// Winter the judge's own counts would skip, and the other way round.
pub(crate) fn settle_winter(map: &Map, next: &mut Position, extensions: &Extensions) {
    let year = if next.phase.season == Season::Winter { next.phase.year } else { next.phase.year - 1 };
    let winter = judge::Phase::new(year, Season::Winter, PhaseKind::Adjustment);
    next.phase = if winter_has_decisions(map, next, extensions) { winter } else { winter.following() };
}

fn winter_has_decisions(map: &Map, position: &Position, extensions: &Extensions) -> bool {
    map.powers().any(|(power, _)| {
        let due = adjustment_due(position, power, extensions);
        due < 0 || (due > 0 && !buildable_sites(map, position, power, extensions).is_empty())
    })
}

/// Reads a power's name from an extra line, with a clear reason when it is not one.
pub(crate) fn read_power(map: &Map, word: &str) -> Result<Power, String> {
    map.find_power(word).ok_or_else(|| format!("`{word}` is not a power"))
}

/// Reads a province from an extra line.
pub(crate) fn read_province(map: &Map, word: &str) -> Result<ProvinceId, String> {
    map.find_province(word).ok_or_else(|| format!("`{word}` is not a province"))
}

/// How many of its home centers `power` owns.
pub(crate) fn owned_home_centers(map: &Map, position: &Position, power: Power) -> usize {
    map.home_centers(power).filter(|&center| position.owner(center) == Some(power)).count()
}
