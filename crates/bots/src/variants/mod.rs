//! The variants' layers over the Standard bot: each adds the lines of its own rules (bribes, covert
//! orders, money orders, motions) within what its seat may spend and see, and Covert Operations has a
//! bot of its own.

pub mod cabinet;
pub mod covert_dip;
pub mod covert_ops;
pub mod diplobucks;
pub mod terrorism;

use kinds::FormRow;

use crate::knowledge::SeatKnowledge;

/// The form's rows whose key starts with `prefix` (`bribe`, `fd`, `cio`).
fn rows_keyed<'k>(knowledge: &'k SeatKnowledge, prefix: &str) -> Vec<&'k FormRow> {
    knowledge.form.rows.iter().filter(|row| row.key.starts_with(prefix)).collect()
}

/// Whether a row offers exactly this line.
fn offers(row: &FormRow, line: &str) -> bool {
    row.choices.iter().any(|choice| choice.value == line)
}

/// A unit order's unit (`A bur` of `A bur - mun`) and destination province (`mun`), for moves only.
fn move_of(line: &str) -> Option<(&str, &str)> {
    let (unit, to) = line.split_once(" - ")?;
    let to = to.split_whitespace().next()?;
    Some((unit.trim(), to.split('/').next().unwrap_or(to)))
}

/// The centers of each power, from the view's facts (`France` → `5 centers, 5 units`).
fn centers_by_power(knowledge: &SeatKnowledge) -> Vec<(String, u32)> {
    knowledge
        .view
        .facts
        .iter()
        .filter_map(|(label, value)| {
            let centers = value
                .split(',')
                .find(|part| part.trim_end().ends_with("centers") || part.trim_end().ends_with("center"))?;
            Some((label.clone(), crate::knowledge::first_number(centers)?))
        })
        .collect()
}

/// The strongest other power by centers (ties: the first listed).
fn strongest_enemy(knowledge: &SeatKnowledge) -> Option<String> {
    let enemies = centers_by_power(knowledge).into_iter().filter(|(power, _)| !knowledge.plays_for(power));
    // `max_by_key` keeps the last of equals; ties go to the first listed, so compare reversed positions.
    enemies
        .enumerate()
        .max_by_key(|(index, (_, centers))| (*centers, std::cmp::Reverse(*index)))
        .map(|(_, (power, _))| power)
}
