//! A phase's bribes: reading them from the sheets, paying, settling group bribes and applying their
//! effects to the position before adjudication (rulings 4.3, DB.3, DB.6, DB.7).

use std::collections::BTreeMap;

use judge::{Map, Position, Power, ProvinceId, RegionId, Unit, UnitType};

use super::bribes::{self, Bribe, BribeKind};
use crate::intrigue::{ExtraLine, PowerName};

/// One bribe line of a sheet, read and checked: the bribe and what the orderer pays, or why not.
pub type CheckedLine<'a> = (ExtraLine<'a>, Result<(Bribe, u32), String>);

/// Reads and checks one power's bribe lines in the order given, against its `balance` (rulings CD.8's
/// rule for both kinds: a line beyond what is left is refused when entered).
pub fn read_sheet<'a>(
    map: &Map,
    position: &Position,
    power: Power,
    balance: u32,
    lines: &[ExtraLine<'a>],
) -> Vec<CheckedLine<'a>> {
    let mut left = balance;
    let mut seen: Vec<Bribe> = Vec::new();
    lines
        .iter()
        .map(|line| {
            let checked = bribes::parse(map, position, power, line.text).and_then(|bribe| {
                if seen.contains(&bribe) {
                    return Err("the same bribe is already on this sheet".to_string());
                }
                let share = bribes::check(map, position, power, &bribe, left)?;
                left -= share;
                seen.push(bribe.clone());
                Ok((bribe, share))
            });
            (*line, checked)
        })
        .collect()
}

/// What became of a bribe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PurchaseOutcome {
    Bought,
    /// A named contributor did not pay: those who paid get half back (rulings 4.3).
    Reneged {
        missing: Vec<Power>,
    },
    /// Its unit was gone by the time it acted: refunded in full (DB.7).
    Void,
}

/// One bribe of the phase with everyone who paid for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Purchase {
    pub bribe: Bribe,
    /// Who ordered it and what each paid.
    pub paid: Vec<(Power, u32)>,
    pub outcome: PurchaseOutcome,
}

impl Purchase {
    pub fn bought(&self) -> bool {
        self.outcome == PurchaseOutcome::Bought
    }

    /// What each payer got back.
    pub fn refunds(&self) -> Vec<(Power, u32)> {
        match &self.outcome {
            PurchaseOutcome::Bought => Vec::new(),
            PurchaseOutcome::Reneged { .. } => self.paid.iter().map(|(power, amount)| (*power, amount / 2)).collect(),
            PurchaseOutcome::Void => self.paid.clone(),
        }
    }
}

/// Every power's accepted bribes become purchases: sole bribes one each, group bribes one per distinct
/// bribe with all who ordered it. Payment is debited from `balances`.
pub fn purchases(
    position: &Position,
    sheets: &BTreeMap<Power, Vec<Bribe>>,
    balances: &mut BTreeMap<PowerName, u32>,
) -> Vec<Purchase> {
    let mut list: Vec<Purchase> = Vec::new();
    for (&power, bribes) in sheets {
        for bribe in bribes {
            let share = bribe.share_of(power, position);
            *balances.entry(PowerName(power)).or_default() -= share;
            match list.iter_mut().find(|p| !bribe.shares.is_empty() && p.bribe == *bribe) {
                Some(group) => group.paid.push((power, share)),
                None => list.push(Purchase {
                    bribe: bribe.clone(),
                    paid: vec![(power, share)],
                    outcome: PurchaseOutcome::Bought,
                }),
            }
        }
    }
    for purchase in &mut list {
        let missing: Vec<Power> = purchase
            .bribe
            .shares
            .iter()
            .map(|(power, _)| *power)
            .filter(|power| !purchase.paid.iter().any(|(payer, _)| payer == power))
            .collect();
        if !missing.is_empty() {
            purchase.outcome = PurchaseOutcome::Reneged { missing };
        }
    }
    list
}

/// What the bought bribes do to the phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub destroyed: Vec<Unit>,
    /// Each converted unit before and after.
    pub converted: Vec<(Unit, Unit)>,
    pub nmr: Vec<Power>,
    pub held: Vec<ProvinceId>,
    pub doubled: Vec<ProvinceId>,
    pub extra: Vec<Power>,
}

/// The DB.7 order of effects: destroy, convert, NMR, hold, double; the rest act after.
fn effect_rank(kind: BribeKind) -> u8 {
    match kind {
        BribeKind::Destroy { .. } => 0,
        BribeKind::Convert { .. } => 1,
        BribeKind::Nmr { .. } => 2,
        BribeKind::Hold { .. } => 3,
        BribeKind::Double { .. } => 4,
        BribeKind::Press | BribeKind::Learn { .. } | BribeKind::SeeAll | BribeKind::Extra { .. } => 5,
    }
}

/// Applies the bought bribes to `position` in the DB.7 order, voiding (and refunding) those whose unit
/// is gone, then pays every refund into `balances`.
pub fn apply(
    map: &Map,
    position: &mut Position,
    purchases: &mut [Purchase],
    balances: &mut BTreeMap<PowerName, u32>,
) -> Effects {
    let mut effects = Effects::default();
    let mut order: Vec<usize> = (0..purchases.len()).collect();
    order.sort_by_key(|&index| effect_rank(purchases[index].bribe.kind));
    for index in order {
        let purchase = &mut purchases[index];
        if !purchase.bought() {
            continue;
        }
        let kind = purchase.bribe.kind;
        if let Some(province) = kind.unit()
            && position.unit_in(map, province).is_none()
        {
            purchase.outcome = PurchaseOutcome::Void;
            continue;
        }
        act(map, position, kind, &mut effects);
    }
    for purchase in purchases.iter() {
        for (power, amount) in purchase.refunds() {
            *balances.entry(PowerName(power)).or_default() += amount;
        }
    }
    effects
}

fn act(map: &Map, position: &mut Position, kind: BribeKind, effects: &mut Effects) {
    let index_of = |position: &Position, province: ProvinceId| {
        position.units.iter().position(|unit| map.province_of(unit.region) == province).expect("checked by the caller")
    };
    match kind {
        BribeKind::Destroy { unit } => {
            let index = index_of(position, unit);
            effects.destroyed.push(position.units.remove(index));
        }
        BribeKind::Convert { unit, into } => {
            let index = index_of(position, unit);
            let before = position.units[index];
            position.units[index] = converted(before, into);
            effects.converted.push((before, position.units[index]));
        }
        BribeKind::Nmr { target } => effects.nmr.push(target),
        BribeKind::Hold { unit } => effects.held.push(unit),
        BribeKind::Double { unit } => effects.doubled.push(unit),
        // These change nothing on the board: they act through the buyer's rights and reports.
        BribeKind::Press | BribeKind::Learn { .. } | BribeKind::SeeAll => {}
        BribeKind::Extra { owner } => effects.extra.push(owner),
    }
}

/// The unit after a conversion (bribe 4): the other type, standing in `into`.
pub fn converted(unit: Unit, into: RegionId) -> Unit {
    let kind = match unit.kind {
        UnitType::Army => UnitType::Fleet,
        UnitType::Fleet => UnitType::Army,
    };
    Unit { power: unit.power, kind, region: into }
}
