//! The nine bribes of the sheet: their notation, what each buys, its price, who may pay it and when
//! (sheet "Expenditures", rulings 4.3, 4.6, DB.3, DB.6, DB.7, DB.8).

use judge::{Map, PhaseKind, Position, Power, ProvinceId, RegionId, UnitType};

use crate::intrigue::{read_power, read_province};
use crate::kind::Step;

/// The first word of a bribe line.
pub const KEYWORD: &str = "BRIBE";

/// What a bribe buys. The numbers are the sheet's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BribeKind {
    /// 1. The right to publish press for two years.
    Press,
    /// 2. Learn another power's balance.
    Learn { of: Power },
    /// 3. See every bribe of this phase.
    SeeAll,
    /// 4. Turn one's own unit into the other type, standing in `into`.
    Convert { unit: ProvinceId, into: RegionId },
    /// 5. A double unit (strength 2) for two movement phases.
    Double { unit: ProvinceId },
    /// 6. The unit holds this movement phase whatever it was ordered.
    Hold { unit: ProvinceId },
    /// 7. One more unit than centers for `owner`, bought in Winter.
    Extra { owner: Power },
    /// 8. The unit is destroyed.
    Destroy { unit: ProvinceId },
    /// 9. The power's movement orders this phase are ignored.
    Nmr { target: Power },
}

/// One bribe as a sheet gives it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bribe {
    pub kind: BribeKind,
    /// The contributors and their shares for a group bribe; empty when the orderer pays alone.
    pub shares: Vec<(Power, u32)>,
}

impl BribeKind {
    /// The sheet's number for this bribe.
    pub fn number(self) -> u8 {
        match self {
            BribeKind::Press => 1,
            BribeKind::Learn { .. } => 2,
            BribeKind::SeeAll => 3,
            BribeKind::Convert { .. } => 4,
            BribeKind::Double { .. } => 5,
            BribeKind::Hold { .. } => 6,
            BribeKind::Extra { .. } => 7,
            BribeKind::Destroy { .. } => 8,
            BribeKind::Nmr { .. } => 9,
        }
    }

    /// The price, with the units of a forced NMR's target counted at the phase start (DB.6).
    pub fn price(self, position: &Position) -> u32 {
        match self {
            BribeKind::Press | BribeKind::Learn { .. } => 100,
            BribeKind::SeeAll => 200,
            BribeKind::Convert { .. } => 300,
            BribeKind::Double { .. } | BribeKind::Hold { .. } => 500,
            BribeKind::Extra { .. } => 1000,
            BribeKind::Destroy { .. } => 1200,
            BribeKind::Nmr { target } => (500 * position.units_of(target) as u32).min(1500),
        }
    }

    /// Bribes 5 to 9 may be paid by a group; 1 to 4 come from one source only.
    pub fn may_be_group(self) -> bool {
        self.number() >= 5
    }

    /// DB.8: bribes 1 to 3 in any phase, 7 in Winter, the others in movement phases.
    pub fn allowed_in(self, phase: PhaseKind) -> bool {
        match self {
            BribeKind::Press | BribeKind::Learn { .. } | BribeKind::SeeAll => true,
            BribeKind::Extra { .. } => phase == PhaseKind::Adjustment,
            BribeKind::Convert { .. }
            | BribeKind::Double { .. }
            | BribeKind::Hold { .. }
            | BribeKind::Destroy { .. }
            | BribeKind::Nmr { .. } => phase == PhaseKind::Movement,
        }
    }

    /// The unit the bribe acts on, if it acts on one.
    pub fn unit(self) -> Option<ProvinceId> {
        match self {
            BribeKind::Convert { unit, .. }
            | BribeKind::Double { unit }
            | BribeKind::Hold { unit }
            | BribeKind::Destroy { unit } => Some(unit),
            BribeKind::Press
            | BribeKind::Learn { .. }
            | BribeKind::SeeAll
            | BribeKind::Extra { .. }
            | BribeKind::Nmr { .. } => None,
        }
    }
}

impl Bribe {
    /// The canonical notation, `BRIBE nmr Turkey: France 800, Italy 700`, with units as they stand in
    /// `position`.
    pub fn notation(&self, map: &Map, position: &Position) -> String {
        let unit = |province: ProvinceId| match position.unit_in(map, province) {
            Some(unit) => format!("{} {}", unit.kind.letter(), map.region_key(unit.region)),
            None => map.province_key(province).to_string(),
        };
        let what = match self.kind {
            BribeKind::Press => "press".to_string(),
            BribeKind::Learn { of } => format!("learn {}", map.power_name(of)),
            BribeKind::SeeAll => "see".to_string(),
            BribeKind::Convert { unit: at, into } => match position.unit_in(map, at) {
                Some(standing) if standing.kind == UnitType::Army => format!("convert A {}", map.region_key(into)),
                _ => format!("convert {}", unit(at)),
            },
            BribeKind::Double { unit: at } => format!("double {}", unit(at)),
            BribeKind::Hold { unit: at } => format!("hold {}", unit(at)),
            BribeKind::Extra { owner } => format!("extra {}", map.power_name(owner)),
            BribeKind::Destroy { unit: at } => format!("destroy {}", unit(at)),
            BribeKind::Nmr { target } => format!("nmr {}", map.power_name(target)),
        };
        let shares = self
            .shares
            .iter()
            .map(|(power, amount)| format!("{} {amount}", map.power_name(*power)))
            .collect::<Vec<_>>()
            .join(", ");
        if shares.is_empty() { format!("{KEYWORD} {what}") } else { format!("{KEYWORD} {what}: {shares}") }
    }

    /// In plain words, for the order sheet check and the reports.
    pub fn describe(&self, map: &Map, position: &Position) -> String {
        let price = self.kind.price(position);
        let payers = if self.shares.is_empty() {
            String::new()
        } else {
            format!(
                ", paid by {}",
                self.shares
                    .iter()
                    .map(|(power, amount)| format!("{} ({amount} DB)", map.power_name(*power)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let unit = |province: ProvinceId| match position.unit_in(map, province) {
            Some(unit) => {
                format!("{}'s {} {}", map.power_name(unit.power), unit.kind.letter(), map.province_key(province))
            }
            None => map.province_key(province).to_string(),
        };
        let what = match self.kind {
            BribeKind::Press => "the right to publish press for two years".to_string(),
            BribeKind::Learn { of } => format!("learn {}'s balance", map.power_name(of)),
            BribeKind::SeeAll => "see every bribe of this phase".to_string(),
            BribeKind::Convert { unit: at, into } => {
                format!("convert {} to stand in {}", unit(at), map.region_key(into))
            }
            BribeKind::Double { unit: at } => format!("make {} a double unit", unit(at)),
            BribeKind::Hold { unit: at } => format!("make {} hold", unit(at)),
            BribeKind::Extra { owner } => format!("an extra unit for {}", map.power_name(owner)),
            BribeKind::Destroy { unit: at } => format!("destroy {}", unit(at)),
            BribeKind::Nmr { target } => format!("make {} miss its moves", map.power_name(target)),
        };
        format!("Bribe {} ({price} DB): {what}{payers}", self.kind.number())
    }

    /// The bribe as a chain of small choices for an order form: which of the nine, then the unit or the
    /// power it is about, then (a conversion) where the new unit stands. Only for a bribe paid alone.
    pub fn steps(&self, map: &Map, position: &Position) -> Vec<Step> {
        let price = self.kind.price(position);
        let unit = |province: ProvinceId| {
            let words = match position.unit_in(map, province) {
                Some(unit) => {
                    format!("{}'s {} {}", map.power_name(unit.power), unit.kind.letter(), map.province(province).name)
                }
                None => map.province(province).name.clone(),
            };
            Step::new(map.province_key(province).to_string(), words)
        };
        let power = |power: Power| Step::new(map.power_name(power).to_lowercase(), map.power_name(power).to_string());
        let kind = |value: &str, words: &str| Step::new(value, words.to_string());
        match self.kind {
            BribeKind::Press => vec![kind("bribe-press", "1. Press rights for two years (100 DB)")],
            BribeKind::Learn { of } => vec![kind("bribe-learn", "2. Learn a power's balance (100 DB)"), power(of)],
            BribeKind::SeeAll => vec![kind("bribe-see", "3. See every bribe of this phase (200 DB)")],
            BribeKind::Convert { unit: at, into } => vec![
                kind("bribe-convert", "4. Convert one of your units (300 DB)"),
                unit(at),
                Step::new(map.region_key(into).to_string(), format!("to stand in {}", map.region_key(into))),
            ],
            BribeKind::Double { unit: at } => vec![kind("bribe-double", "5. Make a unit double (500 DB)"), unit(at)],
            BribeKind::Hold { unit: at } => vec![kind("bribe-hold", "6. Make a unit hold (500 DB)"), unit(at)],
            BribeKind::Extra { owner } => {
                vec![kind("bribe-extra", "7. An extra unit (1000 DB)"), power(owner)]
            }
            BribeKind::Destroy { unit: at } => vec![kind("bribe-destroy", "8. Destroy a unit (1200 DB)"), unit(at)],
            BribeKind::Nmr { target } => vec![
                kind("bribe-nmr", "9. Make a power miss its moves"),
                Step::new(map.power_name(target).to_lowercase(), format!("{} ({price} DB)", map.power_name(target))),
            ],
        }
    }

    /// What the given power pays: its share, or the whole price when it pays alone.
    pub fn share_of(&self, power: Power, position: &Position) -> u32 {
        if self.shares.is_empty() {
            self.kind.price(position)
        } else {
            self.shares.iter().find(|(p, _)| *p == power).map_or(0, |(_, amount)| *amount)
        }
    }

    /// Who pays: the named contributors, or the orderer alone.
    pub fn payers(&self, orderer: Power) -> Vec<Power> {
        if self.shares.is_empty() { vec![orderer] } else { self.shares.iter().map(|(p, _)| *p).collect() }
    }
}

/// Reads a bribe line (syntax and names only; [`check`] decides whether it may be bought now).
pub fn parse(map: &Map, position: &Position, orderer: Power, text: &str) -> Result<Bribe, String> {
    let (head, shares) = match text.split_once(':') {
        Some((head, shares)) => (head, parse_shares(map, shares)?),
        None => (text, Vec::new()),
    };
    let words: Vec<&str> = head.split_whitespace().skip(1).collect();
    let Some((&what, rest)) = words.split_first() else {
        return Err("say which bribe: press, learn, see, convert, double, hold, extra, destroy or nmr".into());
    };
    let kind = match (what.to_lowercase().as_str(), rest) {
        ("press", []) => BribeKind::Press,
        ("learn", [power]) => BribeKind::Learn { of: read_power(map, power)? },
        ("see", []) => BribeKind::SeeAll,
        ("convert", unit) => convert(map, position, unit)?,
        ("double", unit) => BribeKind::Double { unit: unit_at(map, position, unit)? },
        ("hold", unit) => BribeKind::Hold { unit: unit_at(map, position, unit)? },
        ("extra", []) => BribeKind::Extra { owner: orderer },
        ("extra", [power]) => BribeKind::Extra { owner: read_power(map, power)? },
        ("destroy", unit) => BribeKind::Destroy { unit: unit_at(map, position, unit)? },
        ("nmr", [power]) => BribeKind::Nmr { target: read_power(map, power)? },
        ("press" | "see", _) => return Err(format!("`{what}` takes nothing more")),
        ("learn" | "nmr", _) => return Err(format!("`{what}` needs one power: `BRIBE {what} Turkey`")),
        ("extra", _) => return Err("`extra` takes at most the power that gets the unit".into()),
        _ => {
            return Err(format!(
                "`{what}` is not a bribe the GM takes: only press, learn, see, convert, double, hold, extra, \
                 destroy and nmr (DB cannot be given away, gambled or spent against other bribes)"
            ));
        }
    };
    Ok(Bribe { kind, shares })
}

fn parse_shares(map: &Map, text: &str) -> Result<Vec<(Power, u32)>, String> {
    let mut shares = Vec::new();
    for part in text.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let [power, amount] = words.as_slice() else {
            return Err(format!("a share is a power and an amount, like `France 800`, not `{}`", part.trim()));
        };
        let power = read_power(map, power)?;
        let amount: u32 =
            amount.trim_end_matches("DB").parse().map_err(|_| format!("`{amount}` is not an amount of DB"))?;
        if amount == 0 {
            return Err("a share must be more than 0 DB".into());
        }
        if shares.iter().any(|(p, _)| *p == power) {
            return Err(format!("{} is named twice among the contributors", map.power_name(power)));
        }
        shares.push((power, amount));
    }
    shares.sort();
    Ok(shares)
}

/// The province of a unit named `A mun`, `F nth`, `mun`: there must be a unit there of the type named.
fn unit_at(map: &Map, position: &Position, words: &[&str]) -> Result<ProvinceId, String> {
    let (kind, place) = match words {
        [letter, place] if letter.eq_ignore_ascii_case("a") => (Some(UnitType::Army), *place),
        [letter, place] if letter.eq_ignore_ascii_case("f") => (Some(UnitType::Fleet), *place),
        [place] => (None, *place),
        _ => return Err("name one unit, like `A mun` or `F nth`".into()),
    };
    let province = read_province(map, place.split('/').next().unwrap_or(place))?;
    let unit =
        position.unit_in(map, province).ok_or_else(|| format!("there is no unit in {}", map.province_key(province)))?;
    if kind.is_some_and(|kind| kind != unit.kind) {
        return Err(format!("the unit in {} is {}", map.province_key(province), article(unit.kind)));
    }
    Ok(province)
}

fn article(kind: UnitType) -> &'static str {
    match kind {
        UnitType::Army => "an army",
        UnitType::Fleet => "a fleet",
    }
}

/// `convert A bre`, `convert A spa/nc` (the coast the new fleet stands on), `convert F spa/sc`.
fn convert(map: &Map, position: &Position, words: &[&str]) -> Result<BribeKind, String> {
    let place = words.last().ok_or("name the unit to convert, like `A bre` or `A spa/nc`")?;
    let (_, coast) = map.find_location(place).ok_or_else(|| format!("`{place}` is not a province"))?;
    let unit = unit_at(map, position, words)?;
    let standing = position.unit_in(map, unit).expect("unit_at found it");
    let into = match standing.kind {
        UnitType::Fleet => map.main_region(unit),
        UnitType::Army if map.has_split_coasts(unit) => match coast {
            Some(coast) => map
                .region_with_coast(unit, Some(coast))
                .ok_or_else(|| format!("{} has no {} coast", map.province_key(unit), coast.name()))?,
            None => {
                return Err(format!(
                    "{} has two coasts: name the fleet's, like `A {}/nc`",
                    map.province_key(unit),
                    map.province_key(unit)
                ));
            }
        },
        UnitType::Army => map.main_region(unit),
    };
    let new_kind = match standing.kind {
        UnitType::Army => UnitType::Fleet,
        UnitType::Fleet => UnitType::Army,
    };
    if !map.can_occupy(new_kind, into) {
        return Err(format!("{} cannot stand in {} (rulings 4.6)", article(new_kind), map.province_key(unit)));
    }
    Ok(BribeKind::Convert { unit, into })
}

/// Whether `orderer` may order `bribe` now, with `left` DB not yet committed by its earlier lines.
/// Returns what the orderer pays.
pub fn check(map: &Map, position: &Position, orderer: Power, bribe: &Bribe, left: u32) -> Result<u32, String> {
    let kind = bribe.kind;
    if !kind.allowed_in(position.phase.kind) {
        return Err(match kind.number() {
            7 => "an extra unit is bought in Winter only".to_string(),
            _ => format!("bribe {} is bought in movement phases only", kind.number()),
        });
    }
    if !bribe.shares.is_empty() {
        check_shares(map, position, orderer, bribe)?;
    }
    match kind {
        BribeKind::Learn { of } if of == orderer => return Err("you know your own balance".into()),
        BribeKind::Convert { unit, .. } => {
            let owner = position.unit_in(map, unit).map(|unit| unit.power);
            if owner != Some(orderer) {
                return Err("a conversion may not be used on foreign units".into());
            }
        }
        BribeKind::Extra { owner } => {
            if !bribe.payers(orderer).contains(&owner) {
                return Err("an extra unit is for one of those who pay for it".into());
            }
            if judge::buildable_sites(map, position, owner, &judge::Extensions::default()).is_empty() {
                return Err(format!("{} has no free owned home center to build it on", map.power_name(owner)));
            }
        }
        BribeKind::Nmr { target } if position.units_of(target) == 0 => {
            return Err(format!("{} has no units to miss moves with", map.power_name(target)));
        }
        _ => {}
    }
    let share = bribe.share_of(orderer, position);
    if share > left {
        return Err(format!("this costs you {share} DB but you have only {left} DB left"));
    }
    Ok(share)
}

fn check_shares(map: &Map, position: &Position, orderer: Power, bribe: &Bribe) -> Result<(), String> {
    let kind = bribe.kind;
    if !kind.may_be_group() {
        return Err(format!("bribe {} must come from one source only", kind.number()));
    }
    if !bribe.shares.iter().any(|(power, _)| *power == orderer) {
        return Err(format!("{} must be among the contributors of its own group bribe", map.power_name(orderer)));
    }
    let total: u32 = bribe.shares.iter().map(|(_, amount)| amount).sum();
    let price = kind.price(position);
    if total != price {
        return Err(format!("the shares add up to {total} DB but the price is {price} DB (DB.7)"));
    }
    Ok(())
}
