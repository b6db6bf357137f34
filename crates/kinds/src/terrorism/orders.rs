//! The extra order lines of a Terrorism I sheet (money, groups, agencies, cedes, bids, builds), read
//! line by line: a good line becomes an [`ExtraLine`], a bad one a [`RejectedLine`] with its reason, and
//! every other line is left, at its line number, for the judge to read as a unit order.
//!
//! A line may start with `Name:` to say which purse or power acts: one of the player's powers (its Great
//! Power or a nation it bought) or one of its agencies. Without it, the player's Great Power acts.

use judge::{Order, UnitType, parse_order};

use super::names::{Province, map};
use super::state::{Purse, State};
use super::treasury::MAX_AGENCIES;
use crate::kind::{AcceptedLine, RejectedLine};

/// One extra order, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    /// Rule 3.
    Build {
        kind: UnitType,
        region: judge::RegionId,
    },
    /// Rule 8: a unit the power chooses to demobilise if money runs short, in order of preference.
    Demob {
        at: Province,
    },
    /// Rule 2: a new capital while the original is lost.
    Capital {
        at: Province,
    },
    /// Rule 11.
    Cede {
        at: Province,
    },
    /// Rule 4 and TER.4: permission for groups to be founded where this player's unit stands.
    Permit {
        at: Province,
    },
    /// Rule 4.
    Found {
        at: Province,
        amount: u32,
        name: String,
    },
    /// Rule 5.
    Contribute {
        at: Province,
        amount: u32,
    },
    /// Rule 7: the controller's decree.
    Levy {
        at: Province,
        amount: u32,
    },
    /// TER.8: the controller may rename its group.
    Rename {
        at: Province,
        name: String,
    },
    /// Rule 12.
    Open {
        agency: String,
    },
    Close {
        agency: String,
    },
    Transfer {
        amount: u32,
        to: String,
    },
    /// Rule 11 and TER.6.
    Bid {
        amount: u32,
        nation: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraLine {
    pub line: usize,
    /// Who acts: a power's treasury or an agency.
    pub source: Purse,
    pub order: Extra,
    pub text: String,
}

/// A player's sheet, read.
#[derive(Clone, Debug, Default)]
pub struct Sheet {
    pub extras: Vec<ExtraLine>,
    pub accepted: Vec<AcceptedLine>,
    pub rejected: Vec<RejectedLine>,
    /// The sheet with the extra lines blanked out, so the judge's line numbers stay right.
    pub unit_text: String,
}

impl Sheet {
    /// The accepted extra lines alone, at their line numbers, to be read again with [`Reading::Resume`].
    pub fn extras_text(&self) -> String {
        let length = self.extras.iter().map(|line| line.line).max().unwrap_or(0);
        let mut lines = vec![String::new(); length];
        for extra in &self.extras {
            lines[extra.line - 1] = extra.text.clone();
        }
        lines.join("\n")
    }

    pub fn lines<'a>(&'a self, source: &'a Purse) -> impl Iterator<Item = &'a ExtraLine> {
        self.extras.iter().filter(move |line| &line.source == source)
    }
}

const KEYWORDS: &[&str] = &[
    "build",
    "demob",
    "remove",
    "capital",
    "cede",
    "permit",
    "found",
    "establish",
    "contribute",
    "levy",
    "rename",
    "open",
    "close",
    "transfer",
    "bid",
];

/// Why a sheet is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A turn's sheet: unit orders and extra lines, each extra line checked against the state.
    Turn,
    /// A retreat stage's sheet: retreats only.
    Retreats,
    /// The extra lines a turn accepted before its retreats, read again to finish the turn: they were
    /// checked then, and what has changed since is for the steps to find.
    Resume,
}

/// Reads every extra line of `player`'s sheet against the state.
pub fn read_sheet(state: &State, player: &str, text: &str, reading: Reading) -> Sheet {
    let mut sheet = Sheet::default();
    let mut unit_lines = Vec::new();
    let mut opened: Vec<String> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let input = raw.trim();
        let Some((prefix, body)) = split_extra(input) else {
            match nation_unit_order(state, player, input) {
                Some(Ok(body)) => unit_lines.push(body),
                Some(Err(reason)) => {
                    unit_lines.push("");
                    sheet.rejected.push(RejectedLine { line: index + 1, text: input.to_string(), reason });
                }
                None => unit_lines.push(raw),
            }
            continue;
        };
        unit_lines.push("");
        let line = index + 1;
        let result = match reading {
            Reading::Turn | Reading::Resume => read_line(state, player, prefix, body, &opened, reading),
            Reading::Retreats => {
                Err("only retreats are ordered now: give money orders with the turn's movement orders".to_string())
            }
        };
        match result {
            Ok((source, order)) => {
                if let Extra::Open { agency } = &order {
                    opened.push(agency.clone());
                }
                let text = canonical(player, &source, &order);
                sheet.accepted.push(AcceptedLine { line, text: text.clone(), plain: describe(&source, &order) });
                sheet.extras.push(ExtraLine { line, source, order, text });
            }
            Err(reason) => sheet.rejected.push(RejectedLine { line, text: input.to_string(), reason }),
        }
    }
    sheet.unit_text = unit_lines.join("\n");
    sheet
}

/// A unit order written after a nation's name (`Free Munich: A mun - tyr`), as the order page invites
/// for every line: the order alone for the judge when the player orders for that nation, the reason
/// when he does not; `None` when the line names no nation (the judge reads Great Powers' names itself).
fn nation_unit_order<'a>(state: &State, player: &str, input: &'a str) -> Option<Result<&'a str, String>> {
    let (prefix, body) = input.split_once(':')?;
    let nation = state.nation(prefix.trim())?;
    let orders_for_it = match &nation.controller {
        Some(controller) => controller == player,
        // A nation up for auction is ordered by any bidder, as its extra lines are (`source_for`).
        None => nation.ceded_by != player,
    };
    Some(if orders_for_it { Ok(body.trim()) } else { Err(state.why_not_controlled(&nation.name)) })
}

/// `(prefix, body)` when the line is an extra order, `None` for a unit order or a blank line.
fn split_extra(input: &str) -> Option<(Option<&str>, &str)> {
    let is_extra = |body: &str| {
        let first = body.split_whitespace().next().unwrap_or("").to_lowercase();
        KEYWORDS.contains(&first.as_str())
    };
    if let Some((prefix, body)) = input.split_once(':')
        && is_extra(body)
    {
        return Some((Some(prefix.trim()), body.trim()));
    }
    is_extra(input).then_some((None, input))
}

fn read_line(
    state: &State,
    player: &str,
    prefix: Option<&str>,
    body: &str,
    opened: &[String],
    reading: Reading,
) -> Result<(Purse, Extra), String> {
    let source = source_for(state, player, prefix, opened)?;
    let words: Vec<&str> = body.split_whitespace().collect();
    let keyword = words[0].to_lowercase();
    let rest = &words[1..];
    let order = match keyword.as_str() {
        "build" => read_build(body)?,
        "demob" | "remove" => Extra::Demob { at: province_after_unit_type(rest)? },
        "capital" => Extra::Capital { at: whole_province(rest)? },
        "cede" => Extra::Cede { at: whole_province(rest)? },
        "permit" => Extra::Permit { at: read_permit(rest)? },
        "found" | "establish" => read_found(rest)?,
        "contribute" => {
            let (amount, at) = amount_word_province(rest, "to", "CONTRIBUTE 5 TO bur")?;
            Extra::Contribute { at, amount }
        }
        "levy" => {
            let (amount, at) = amount_word_province(rest, "in", "LEVY 3 IN bur")?;
            Extra::Levy { at, amount }
        }
        "rename" => read_rename(rest)?,
        "open" => Extra::Open { agency: agency_name(state, rest)? },
        "close" => Extra::Close { agency: agency_name(state, rest)? },
        "transfer" => {
            let (amount, to) = amount_word_name(rest, "to", "TRANSFER 6 TO KGB")?;
            Extra::Transfer { amount, to }
        }
        "bid" => {
            let (amount, nation) = amount_word_name(rest, "for", "BID 10 FOR Free Picardy")?;
            Extra::Bid { amount, nation }
        }
        other => unreachable!("split_extra only lets keywords through, not `{other}`"),
    };
    if reading == Reading::Turn {
        check(state, player, &source, &order, opened)?;
    }
    Ok((source, order))
}

/// Who acts on a line: the prefix's power or agency, else the player's own Great Power.
fn source_for(state: &State, player: &str, prefix: Option<&str>, opened: &[String]) -> Result<Purse, String> {
    let own = prefix.is_none_or(|prefix| prefix.eq_ignore_ascii_case(player));
    if own && state.controller_of(player) != Some(player) {
        // An eliminated Great Power's lines would be dropped before step 1 (auction.rs): say so now.
        return Err(state.why_not_controlled(player));
    }
    let Some(prefix) = prefix else { return Ok(Purse::Power(player.to_string())) };
    if let Some(power) = state.powers_of(player).into_iter().find(|p| p.eq_ignore_ascii_case(prefix)) {
        return Ok(Purse::Power(power));
    }
    // A nation up for auction may be ordered by any bidder: the auction is settled before step 1, and
    // the lines of those who do not win it are dropped then.
    if let Some(nation) = state.nation(prefix).filter(|n| n.controller.is_none() && n.ceded_by != player) {
        return Ok(Purse::Power(nation.name.clone()));
    }
    let own_agency = state.agency(prefix).filter(|agency| agency.owner == player).map(|agency| agency.name.clone());
    let new_agency = opened.iter().find(|name| name.eq_ignore_ascii_case(prefix)).cloned();
    own_agency
        .or(new_agency)
        .map(Purse::Agency)
        .ok_or_else(|| format!("`{prefix}` is not one of your powers or agencies"))
}

fn read_build(body: &str) -> Result<Extra, String> {
    let map = map();
    match parse_order(map, body) {
        Ok((None, Order::Build { kind, at })) => {
            let region = match (kind, map.has_split_coasts(at.province)) {
                (UnitType::Fleet, true) if at.coast.is_none() => {
                    return Err(format!("{} has two coasts: name one (BUILD F stp/nc)", map.province_key(at.province)));
                }
                (UnitType::Fleet, _) => map.region_with_coast(at.province, at.coast),
                (UnitType::Army, _) => Some(map.main_region(at.province)),
            };
            match region.filter(|&region| map.can_occupy(kind, region)) {
                Some(region) => Ok(Extra::Build { kind, region }),
                None => Err(format!("a {} cannot stand in {}", unit_word(kind), map.province_key(at.province))),
            }
        }
        Ok(_) => Err("write a build as BUILD A lvp or BUILD F stp/nc".to_string()),
        Err(error) => Err(format!("unreadable build: {error}")),
    }
}

fn unit_word(kind: UnitType) -> &'static str {
    match kind {
        UnitType::Army => "army",
        UnitType::Fleet => "fleet",
    }
}

fn province_after_unit_type(words: &[&str]) -> Result<Province, String> {
    match words {
        [kind, rest @ ..] if ["a", "f", "army", "fleet"].contains(&kind.to_lowercase().as_str()) => {
            whole_province(rest)
        }
        _ => whole_province(words),
    }
}

fn whole_province(words: &[&str]) -> Result<Province, String> {
    let text = words.join(" ");
    if text.is_empty() {
        return Err("a province is missing".to_string());
    }
    Province::find(&text).ok_or_else(|| format!("`{text}` is not a province"))
}

/// `PERMIT bur` or `PERMIT GROUPS IN bur THIS TURN` (TER.4's wording).
fn read_permit(words: &[&str]) -> Result<Province, String> {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let mut slice: Vec<&str> = words.to_vec();
    if lower.len() >= 2 && lower[0] == "groups" && lower[1] == "in" {
        slice.drain(..2);
    }
    let len = slice.len();
    if len >= 2 && slice[len - 2].eq_ignore_ascii_case("this") && slice[len - 1].eq_ignore_ascii_case("turn") {
        slice.truncate(len - 2);
    }
    whole_province(&slice)
}

/// `FOUND 4 IN bur AS Burgundian Liberation Front`.
fn read_found(words: &[&str]) -> Result<Extra, String> {
    const FORM: &str = "FOUND 4 IN bur AS Burgundian Liberation Front";
    let split = words.iter().position(|w| w.eq_ignore_ascii_case("as")).ok_or_else(|| format!("write {FORM}"))?;
    let (amount, at) = amount_word_province(&words[..split], "in", FORM)?;
    let name = group_name(&words[split + 1..])?;
    Ok(Extra::Found { at, amount, name })
}

/// `RENAME bur AS Tartan Army`.
fn read_rename(words: &[&str]) -> Result<Extra, String> {
    let split = words.iter().position(|w| w.eq_ignore_ascii_case("as")).ok_or("write RENAME bur AS Tartan Army")?;
    Ok(Extra::Rename { at: whole_province(&words[..split])?, name: group_name(&words[split + 1..])? })
}

fn group_name(words: &[&str]) -> Result<String, String> {
    let name = words.join(" ");
    if name.is_empty() || name.len() > 60 {
        return Err("a group needs a name of 1 to 60 characters".to_string());
    }
    Ok(name)
}

fn amount(word: Option<&&str>, form: &str) -> Result<u32, String> {
    let word = word.ok_or_else(|| format!("write {form}"))?;
    word.parse::<u32>().map_err(|_| format!("`{word}` is not a whole amount: write {form}"))
}

fn amount_word_province(words: &[&str], joiner: &str, form: &str) -> Result<(u32, Province), String> {
    let value = amount(words.first(), form)?;
    match words.get(1) {
        Some(word) if word.eq_ignore_ascii_case(joiner) => Ok((value, whole_province(&words[2..])?)),
        _ => Err(format!("write {form}")),
    }
}

fn amount_word_name(words: &[&str], joiner: &str, form: &str) -> Result<(u32, String), String> {
    let value = amount(words.first(), form)?;
    match words.get(1) {
        Some(word) if word.eq_ignore_ascii_case(joiner) && words.len() > 2 => Ok((value, words[2..].join(" "))),
        _ => Err(format!("write {form}")),
    }
}

fn agency_name(state: &State, words: &[&str]) -> Result<String, String> {
    let name = words.join(" ");
    if name.is_empty() || name.len() > 40 {
        return Err("an agency needs a name of 1 to 40 characters".to_string());
    }
    if state.is_great_power(&name) || state.nation(&name).is_some() {
        return Err(format!("`{name}` is a power's name"));
    }
    Ok(name)
}

/// The checks that can be made when the sheet is written; the rest (money, positions after the moves)
/// are made when the step runs, and a line that fails then is reported privately.
fn check(state: &State, player: &str, source: &Purse, order: &Extra, opened: &[String]) -> Result<(), String> {
    let acting_power = match source {
        Purse::Power(power) => Some(power.as_str()),
        Purse::Agency(_) | Purse::Group(_) => None,
    };
    let needs_power = || acting_power.ok_or("an agency cannot do this: only a power can".to_string());
    let players_own = matches!(
        order,
        Extra::Capital { .. }
            | Extra::Permit { .. }
            | Extra::Levy { .. }
            | Extra::Rename { .. }
            | Extra::Open { .. }
            | Extra::Close { .. }
            | Extra::Bid { .. }
    );
    if players_own && acting_power != Some(player) {
        return Err("you give this order yourself: write it without a prefix".to_string());
    }
    match order {
        Extra::Build { region, .. } => {
            let power = needs_power()?;
            let site = Province(map().province_of(*region));
            if !state.homes_of(power).contains(&site) {
                return Err(format!("{site} is not a home province of {power}"));
            }
            // Step 6's refusals that no move before it can undo: a move that retakes the province leaves
            // a unit standing in it, and groups are founded only after builds.
            if state.owner(site).is_some_and(|owner| owner != power) {
                return Err(format!("{site} is owned by another power"));
            }
            if state.group_at(site).is_some() {
                return Err(format!("{site} is subject to terrorism"));
            }
        }
        Extra::Demob { at } => {
            let power = needs_power()?;
            if state.unit_in(*at).is_none_or(|unit| unit.power != power) {
                return Err(format!("{power} has no unit in {at}"));
            }
        }
        Extra::Capital { at } => {
            if state.powers.get(player).is_some_and(|great| great.capital.is_some()) {
                return Err("your capital has not been captured".to_string());
            }
            if !at.is_center() || state.owner(*at) != Some(player) {
                return Err(format!("{at} is not a supply center you own"));
            }
        }
        Extra::Cede { at } => {
            let power = needs_power()?;
            if state.owner(*at) != Some(power) {
                return Err(format!("{power} does not own {at}"));
            }
            if state.group_at(*at).is_none() {
                return Err(format!("no terrorist group is based in {at}"));
            }
        }
        Extra::Permit { .. } => {}
        Extra::Found { at, amount, .. } => {
            if *amount == 0 {
                return Err("the amount must be at least 1".to_string());
            }
            if let Some(reason) = state.founding_refusal(*at, &[player]) {
                return Err(reason);
            }
        }
        Extra::Contribute { at, amount } => {
            if *amount == 0 {
                return Err("the amount must be at least 1".to_string());
            }
            if state.group_at(*at).is_none() {
                return Err(format!("no terrorist group is based in {at}"));
            }
        }
        Extra::Levy { at, .. } | Extra::Rename { at, .. } => {
            if state.group_at(*at).is_none_or(|group| group.controller.as_deref() != Some(player)) {
                return Err(format!("you do not control a group in {at}"));
            }
            if let (Extra::Levy { .. }, Some(reason)) = (order, state.levy_refusal(*at)) {
                return Err(reason);
            }
        }
        Extra::Open { agency } => {
            let owned = state.agencies.iter().filter(|a| a.owner == player).count() + opened.len();
            if state.agency(agency).is_some_and(|a| a.owner == player)
                || opened.iter().any(|o| o.eq_ignore_ascii_case(agency))
            {
                return Err(format!("you already have an agency called {agency}"));
            }
            // Step 7 refuses another player's name in these words too, so the page says it now.
            if state.agency(agency).is_some() {
                return Err(format!("the name {agency} is taken"));
            }
            if owned >= MAX_AGENCIES {
                return Err(format!("a player may hold at most {MAX_AGENCIES} agencies"));
            }
        }
        Extra::Close { agency } => {
            if state.agency(agency).is_none_or(|a| a.owner != player) {
                return Err(format!("you have no agency called {agency}"));
            }
        }
        Extra::Transfer { amount, to } => {
            if *amount == 0 {
                return Err("the amount must be at least 1".to_string());
            }
            // Step 7 would refuse it in the same words; the turn tells the same thing a turn later.
            if state.agency(to).is_none() && !opened.iter().any(|name| name.eq_ignore_ascii_case(to)) {
                return Err(format!("no agency is called {to}"));
            }
        }
        Extra::Bid { amount, nation } => {
            let Some(found) = state.nation(nation) else { return Err(format!("there is no nation called {nation}")) };
            if found.controller.is_some() {
                return Err(format!("{} is not up for auction", found.name));
            }
            if found.ceded_by == player {
                return Err("the ceding player may not bid".to_string());
            }
            if *amount == 0 {
                return Err("the amount must be at least 1".to_string());
            }
        }
    }
    Ok(())
}

fn canonical(player: &str, source: &Purse, order: &Extra) -> String {
    let prefix = match source {
        Purse::Power(power) if power == player => String::new(),
        Purse::Power(name) | Purse::Agency(name) => format!("{name}: "),
        Purse::Group(province) => format!("{province}: "),
    };
    let body = match order {
        Extra::Build { kind, region } => format!("BUILD {} {}", kind.letter(), map().region_key(*region)),
        Extra::Demob { at } => format!("DEMOB {at}"),
        Extra::Capital { at } => format!("CAPITAL {at}"),
        Extra::Cede { at } => format!("CEDE {at}"),
        Extra::Permit { at } => format!("PERMIT {at}"),
        Extra::Found { at, amount, name } => format!("FOUND {amount} IN {at} AS {name}"),
        Extra::Contribute { at, amount } => format!("CONTRIBUTE {amount} TO {at}"),
        Extra::Levy { at, amount } => format!("LEVY {amount} IN {at}"),
        Extra::Rename { at, name } => format!("RENAME {at} AS {name}"),
        Extra::Open { agency } => format!("OPEN {agency}"),
        Extra::Close { agency } => format!("CLOSE {agency}"),
        Extra::Transfer { amount, to } => format!("TRANSFER {amount} TO {to}"),
        Extra::Bid { amount, nation } => format!("BID {amount} FOR {nation}"),
    };
    format!("{prefix}{body}")
}

fn describe(source: &Purse, order: &Extra) -> String {
    let who = match source {
        Purse::Power(name) | Purse::Agency(name) => name.clone(),
        Purse::Group(province) => province.to_string(),
    };
    let map = map();
    match order {
        Extra::Build { kind, region } => format!("{who} builds a {} in {}", unit_word(*kind), map.region_key(*region)),
        Extra::Demob { at } => format!("{who} demobilises its unit in {} first if money runs short", at.name()),
        Extra::Capital { at } => format!("{who} moves its capital to {}", at.name()),
        Extra::Cede { at } => format!("{who} cedes {} to its terrorist group", at.name()),
        Extra::Permit { at } => format!("terrorist groups may be founded in {} this turn", at.name()),
        Extra::Found { at, amount, name } => format!("{who} pays {amount} to found {name} in {}", at.name()),
        Extra::Contribute { at, amount } => format!("{who} gives {amount} to the group in {}", at.name()),
        Extra::Levy { at, amount } => format!("the group in {} levies at most {amount}", at.name()),
        Extra::Rename { at, name } => format!("the group in {} is renamed {name}", at.name()),
        Extra::Open { agency } => format!("open the agency {agency}"),
        Extra::Close { agency } => format!("close the agency {agency}, its balance back to your treasury"),
        Extra::Transfer { amount, to } => format!("{who} transfers {amount} to the agency {to}"),
        Extra::Bid { amount, nation } => format!("bid {amount} for {nation}"),
    }
}
