//! Covert Dip: the Standard bot's orders, plus the covert rows the form offers:
//! - each Fund Diversion row: an FD on a neutral center an enemy unit stands on or next to, which the
//!   bot's own units are not entering (so the enemy's capture counts one center fewer);
//! - the first CIO row: `CIO block` the strongest enemy (no answers about the bot's FDs to him);
//! - the vote row: the bot votes for itself (influence in Switzerland);
//! - in the Spring, the Public Disclosure row: the strongest enemy.
//!
//! Thin: the bot asks no questions (it could not use the answers, being stateless between phases).

use judge::Map;
use rand_chacha::ChaCha8Rng;

use super::{move_of, offers, rows_keyed, strongest_enemy};
use crate::dumbbot::{self, Picture};
use crate::knowledge::SeatKnowledge;

pub fn lines(map: &Map, knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut lines = dumbbot::diplomacy_lines(map, knowledge, rng);
    let diversions = fund_diversions(map, knowledge, &lines);
    lines.extend(diversions);
    lines.extend([block(knowledge), vote(knowledge), disclosure(knowledge)].into_iter().flatten());
    lines
}

fn fund_diversions(map: &Map, knowledge: &SeatKnowledge, lines: &[String]) -> Vec<String> {
    let picture = Picture::of(map, knowledge, &[]);
    let entered: Vec<&str> = lines.iter().filter_map(|line| move_of(line)).map(|(_, to)| to).collect();
    let mut chosen: Vec<String> = Vec::new();
    for row in rows_keyed(knowledge, "fd") {
        let best = row
            .choices
            .iter()
            .filter_map(|choice| {
                let center = choice.value.strip_prefix("FD ")?;
                let province = map.find_province(center)?;
                let mine_there = picture.unit_in(province).is_some_and(|unit| unit.mine);
                let threat = picture.enemies_reaching(province)
                    + usize::from(picture.unit_in(province).is_some_and(|unit| !unit.mine));
                let open = threat > 0 && !mine_there && !entered.contains(&center) && !chosen.contains(&choice.value);
                open.then_some((threat, &choice.value))
            })
            .max_by_key(|(threat, _)| *threat);
        if let Some((_, line)) = best {
            chosen.push(line.clone());
        }
    }
    chosen
}

fn block(knowledge: &SeatKnowledge) -> Option<String> {
    let row = rows_keyed(knowledge, "cio").into_iter().next()?;
    let line = format!("CIO block {}", strongest_enemy(knowledge)?);
    offers(row, &line).then_some(line)
}

fn vote(knowledge: &SeatKnowledge) -> Option<String> {
    let row = rows_keyed(knowledge, "vote").into_iter().next()?;
    let line = format!("VOTE {} 1", knowledge.seat.powers.first()?);
    offers(row, &line).then_some(line)
}

fn disclosure(knowledge: &SeatKnowledge) -> Option<String> {
    let row = rows_keyed(knowledge, "disclose").into_iter().next()?;
    let line = format!("DISCLOSE {}", strongest_enemy(knowledge)?);
    offers(row, &line).then_some(line)
}
