//! Covert Operations: a budget heuristic over the day's comma-separated lines, from the player's own
//! facts and world map (his cash, the countries he leads, his influence and what his superspy sees):
//! - bribe one country a day with two thirds of the cash (`B,ccc,n`): where the bot already has
//!   influence but does not lead, else where its superspy sees nobody leading, else a country drawn
//!   from the form's list; the superspy goes (`X,ccc`) to the country bribed, so the next day shows
//!   whether the bribe took it;
//! - build an industry (`I,ccc`) in a country it leads when $4 million are left, for the income;
//! - guard (`G,ccc,n`) the first country it leads with what is left over $2 million.
//!
//! Thin: no troops, arms, assassinations, terrorism or revolutions, and no messages.

use kinds::kind::{WorldCountry, WorldLeader};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::knowledge::SeatKnowledge;

/// Rule sheet, step 6: an industry's price.
const INDUSTRY_COST: u32 = 4;
/// Cash kept back from guarding.
const GUARD_RESERVE: u32 = 2;

pub fn lines(knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let Some(mut cash) = knowledge.fact_number("Your cash") else { return Vec::new() };
    let countries = knowledge.view.world.as_ref().map(|world| &world.countries);
    let known: Vec<(&String, &WorldCountry)> = countries.into_iter().flatten().collect();
    let led: Vec<&str> = known
        .iter()
        .filter(|(_, country)| country.leader == Some(WorldLeader::Reader))
        .map(|(code, _)| code.as_str())
        .collect();
    let mut lines = Vec::new();
    if let Some(target) = bribe_target(knowledge, &known, rng) {
        if !known.iter().any(|(code, country)| *code == &target && country.superspy) {
            lines.push(format!("X,{target}"));
        }
        let amount = cash * 2 / 3;
        if amount > 0 {
            lines.push(format!("B,{target},{amount}"));
            cash -= amount;
        }
    }
    if let Some(home) = led.first() {
        if cash >= INDUSTRY_COST {
            lines.push(format!("I,{home}"));
            cash -= INDUSTRY_COST;
        }
        if cash > GUARD_RESERVE {
            lines.push(format!("G,{home},{}", cash - GUARD_RESERVE));
        }
    }
    lines
}

/// Where to bribe today (see the module's doc).
fn bribe_target(knowledge: &SeatKnowledge, known: &[(&String, &WorldCountry)], rng: &mut ChaCha8Rng) -> Option<String> {
    let not_led = |country: &WorldCountry| country.leader != Some(WorldLeader::Reader);
    let courted = known
        .iter()
        .filter(|(_, country)| not_led(country) && country.influence.unwrap_or(0) > 0)
        .max_by_key(|(_, country)| country.influence.unwrap_or(0))
        .map(|(code, _)| (*code).clone());
    let leaderless = || {
        known.iter().find(|(_, country)| country.leader == Some(WorldLeader::Nobody)).map(|(code, _)| (*code).clone())
    };
    courted.or_else(leaderless).or_else(|| drawn_country(knowledge, rng))
}

/// A country from the form's superspy row (every country but the one the superspy watches).
fn drawn_country(knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Option<String> {
    let row = knowledge.form.rows.iter().find(|row| row.key == "superspy")?;
    let codes: Vec<&str> = row.choices.iter().filter_map(|choice| choice.value.strip_prefix("X,")).collect();
    (!codes.is_empty()).then(|| codes[rng.random_range(0..codes.len())].to_string())
}
