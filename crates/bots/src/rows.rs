//! The order form's rows, read into what a bot reasons about: each choice of a unit or adjustment row
//! parsed back into a judge [`Order`], so that a bot chooses among exactly the texts the form offers.

use judge::{Map, Order, ProvinceId, UnitType};
use kinds::FormRow;

/// One legal choice: the text to put on the sheet and, when it is a Diplomacy order, what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub text: String,
    pub order: Order,
}

/// A form row, by what it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// A unit's movement or retreat orders (hold or disband first, as the judge lists them).
    Unit(UnitRow),
    /// One build or one removal of a Winter.
    Adjustment { offers: Vec<Offer> },
    /// A row a variant adds (bribes, covert orders, motions, money orders, Covert Operations lines).
    Other(FormRow),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitRow {
    pub kind: UnitType,
    pub province: ProvinceId,
    pub offers: Vec<Offer>,
}

/// Reads an order form's choice as a judge order. A variant may name the acting power first
/// (`Free Burgundy: A bur - gas`), a name the standard map does not know, so the text after the colon
/// is read when the whole line is not.
pub fn parse_choice(map: &Map, text: &str) -> Option<Order> {
    if let Ok((_, order)) = judge::parse_order(map, text) {
        return Some(order);
    }
    let (_, body) = text.split_once(':')?;
    judge::parse_order(map, body.trim()).ok().map(|(_, order)| order)
}

/// Sorts a form row into the row kinds above.
pub fn classify(map: &Map, row: &FormRow) -> Row {
    let offers: Option<Vec<Offer>> = row
        .choices
        .iter()
        .filter(|choice| !choice.value.is_empty())
        .map(|choice| parse_choice(map, &choice.value).map(|order| Offer { text: choice.value.clone(), order }))
        .collect();
    let Some(offers) = offers.filter(|offers| !offers.is_empty()) else {
        return Row::Other(row.clone());
    };
    let adjustment =
        offers.iter().all(|offer| matches!(offer.order, Order::Build { .. } | Order::Remove { .. } | Order::Waive));
    if adjustment {
        return Row::Adjustment { offers };
    }
    match offers.first().and_then(|offer| offer.order.unit()) {
        Some(unit) if offers.iter().all(|offer| offer.order.unit().map(|u| u.at) == Some(unit.at)) => {
            let kind = unit.kind.unwrap_or(UnitType::Army);
            Row::Unit(UnitRow { kind, province: unit.at.province, offers })
        }
        _ => Row::Other(row.clone()),
    }
}
