//! The JSON wire format of `judge adjudicate` (`shared/specs/judge-cli.md`) as serde types, and their
//! conversion to and from the judge library's types.
//!
//! Input is lenient: any case, full names and common aliases, powers as names or abbreviations. Output
//! uses one canonical spelling for everything (`nao`, `stp/sc`, `England`), so that a result's `next` is
//! itself valid input. A position that cannot exist on the board (an unknown province, two units in one
//! province, a fleet inland) is refused with a [`WireError`] rather than adjudicated.

use std::collections::BTreeMap;

use judge::adjudicate::retreat_options;
use judge::phase::PhaseError;
use judge::position::home_ownership;
use judge::{Dislodged, Map, OrderStatus, Phase, Position, PositionError, Power, ProvinceId, RegionId, Unit, UnitType};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// Why an input is not a position the judge can adjudicate.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("not valid JSON: {0}")]
    Json(serde_json::Error),
    #[error("the input must be a JSON object")]
    NotAnObject,
    #[error("not a position: {0}")]
    Shape(serde_json::Error),
    #[error("`orders` must be a list of order lines: {0}")]
    Orders(serde_json::Error),
    #[error(transparent)]
    Phase(#[from] PhaseError),
    #[error("`{0}` is not a power")]
    UnknownPower(String),
    #[error("`{0}` is not a unit type: write A or F")]
    UnknownUnitType(String),
    #[error("`{0}` is not a province")]
    UnknownProvince(String),
    #[error("`{0}` is not a coast of that province")]
    UnknownCoast(String),
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("`{0}` is not a supply center")]
    NotACenter(String),
    #[error("{center} is given to both {first} and {second}")]
    CenterOwnedTwice { center: String, first: String, second: String },
}

/// A position: the input's position fields, and a result's `next`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WirePosition {
    /// `S1901M`, or `Spring 1901 Movement` on input.
    pub phase: String,
    /// Required, even when empty: a position that forgot its units should not read as an empty board.
    pub units: Vec<WireUnit>,
    /// Retreat phases only.
    #[serde(default)]
    pub dislodged: Vec<WireDislodged>,
    /// Retreat phases only: provinces left empty by a standoff.
    #[serde(default)]
    pub contested: Vec<String>,
    /// Omitted on input: the 1901 ownership. Always given on output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_centers: Option<SupplyCenters>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireUnit {
    pub power: String,
    /// `A` or `F`.
    #[serde(rename = "type")]
    pub kind: String,
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireDislodged {
    pub power: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub at: String,
    /// The attacker's province, without coast.
    pub attacked_from: String,
    /// Whether the attack came by convoy (the unit may then retreat to `attacked_from`).
    #[serde(default)]
    pub by_convoy: bool,
    /// When given, the authoritative list of legal retreats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreats: Option<Vec<String>>,
}

/// Owned centers by power, written as a JSON object in the map's order of powers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SupplyCenters(pub Vec<(String, Vec<String>)>);

impl Serialize for SupplyCenters {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(power, centers)| (power, centers)))
    }
}

impl<'de> Deserialize<'de> for SupplyCenters {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let by_power = BTreeMap::<String, Vec<String>>::deserialize(deserializer)?;
        Ok(SupplyCenters(by_power.into_iter().collect()))
    }
}

/// A position with orders: one `judge adjudicate` input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Echoed back as given; `None` when the input has no `id` (a JSON `null` id is `Some(Null)`).
    pub id: Option<Value>,
    pub position: WirePosition,
    pub orders: Vec<String>,
}

impl Request {
    pub fn from_json(text: &str) -> Result<Request, WireError> {
        Request::from_value(serde_json::from_str(text).map_err(WireError::Json)?)
    }

    /// `id` and `orders` are taken out first, so that the rest must be exactly a [`WirePosition`] and a
    /// misspelt field is an error instead of being silently ignored.
    pub fn from_value(value: Value) -> Result<Request, WireError> {
        let Value::Object(mut fields) = value else { return Err(WireError::NotAnObject) };
        let id = fields.remove("id");
        let orders = match fields.remove("orders") {
            Some(orders) => serde_json::from_value(orders).map_err(WireError::Orders)?,
            None => Vec::new(),
        };
        let position = serde_json::from_value(Value::Object(fields)).map_err(WireError::Shape)?;
        Ok(Request { id, position, orders })
    }
}

/// The result of one `judge adjudicate` input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    /// The adjudicated phase, as a code.
    pub phase: String,
    /// One per order line, in the order given.
    pub results: Vec<WireResult>,
    pub next: WirePosition,
}

/// The answer to an input line that could not be adjudicated (batch mode).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorLine {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    pub error: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Succeeds,
    Fails,
    Invalid,
}

/// What became of one order line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireResult {
    /// The line as given.
    pub order: String,
    /// The power the order was counted for; `None` when none was given and none can be inferred.
    pub power: Option<String>,
    pub result: Verdict,
    /// Why it failed or is invalid; omitted for an order that succeeds.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

impl WireResult {
    pub fn new(map: &Map, order: &str, power: Option<Power>, status: &OrderStatus) -> WireResult {
        let result = match status {
            OrderStatus::Succeeds => Verdict::Succeeds,
            OrderStatus::Fails(_) => Verdict::Fails,
            OrderStatus::Invalid(_) => Verdict::Invalid,
        };
        WireResult {
            order: order.to_string(),
            power: power.map(|power| map.power_name(power).to_string()),
            result,
            reason: status.reason(map),
        }
    }
}

impl WirePosition {
    /// The position this describes, or why it cannot exist.
    pub fn to_position(&self, map: &Map) -> Result<Position, WireError> {
        let phase = Phase::parse(&self.phase)?;
        let units = self
            .units
            .iter()
            .map(|unit| read_unit(map, &unit.power, &unit.kind, &unit.at))
            .collect::<Result<Vec<_>, _>>()?;
        let dislodged =
            self.dislodged.iter().map(|dislodged| read_dislodged(map, dislodged)).collect::<Result<Vec<_>, _>>()?;
        let contested = self.contested.iter().map(|name| read_province(map, name)).collect::<Result<Vec<_>, _>>()?;
        let owners = match &self.supply_centers {
            Some(centers) => read_owners(map, centers)?,
            None => home_ownership(map),
        };
        let position = Position { phase, units, dislodged, contested, owners };
        position.validate(map)?;
        Ok(position)
    }

    /// The position in canonical spelling, every field given.
    pub fn from_position(map: &Map, position: &Position) -> WirePosition {
        WirePosition {
            phase: position.phase.code(),
            units: position.units.iter().map(|unit| write_unit(map, unit)).collect(),
            dislodged: position.dislodged.iter().map(|dislodged| write_dislodged(map, position, dislodged)).collect(),
            contested: position.contested.iter().map(|&province| map.province_key(province).to_string()).collect(),
            supply_centers: Some(write_owners(map, position)),
        }
    }
}

fn read_power(map: &Map, name: &str) -> Result<Power, WireError> {
    map.find_power(name).ok_or_else(|| WireError::UnknownPower(name.to_string()))
}

fn read_province(map: &Map, name: &str) -> Result<ProvinceId, WireError> {
    map.find_location(name).map(|(province, _)| province).ok_or_else(|| WireError::UnknownProvince(name.to_string()))
}

fn read_region(map: &Map, name: &str) -> Result<RegionId, WireError> {
    let (province, coast) = map.find_location(name).ok_or_else(|| WireError::UnknownProvince(name.to_string()))?;
    map.region_with_coast(province, coast).ok_or_else(|| WireError::UnknownCoast(name.to_string()))
}

fn read_unit(map: &Map, power: &str, kind: &str, at: &str) -> Result<Unit, WireError> {
    let power = read_power(map, power)?;
    let kind = UnitType::parse(kind).ok_or_else(|| WireError::UnknownUnitType(kind.to_string()))?;
    Ok(Unit { power, kind, region: read_region(map, at)? })
}

fn read_dislodged(map: &Map, dislodged: &WireDislodged) -> Result<Dislodged, WireError> {
    let unit = read_unit(map, &dislodged.power, &dislodged.kind, &dislodged.at)?;
    let attacked_from = read_province(map, &dislodged.attacked_from)?;
    let retreats = dislodged
        .retreats
        .as_ref()
        .map(|retreats| retreats.iter().map(|name| read_region(map, name)).collect::<Result<Vec<_>, _>>())
        .transpose()?;
    Ok(Dislodged { unit, attacked_from, by_convoy: dislodged.by_convoy, retreats })
}

fn read_owners(map: &Map, centers: &SupplyCenters) -> Result<Vec<Option<Power>>, WireError> {
    let mut owners = vec![None; map.province_count()];
    for (name, names) in &centers.0 {
        let power = read_power(map, name)?;
        for center in names {
            let province = read_province(map, center)?;
            if !map.province(province).supply_center {
                return Err(WireError::NotACenter(center.clone()));
            }
            if let Some(other) = owners[province.0 as usize].replace(power)
                && other != power
            {
                return Err(WireError::CenterOwnedTwice {
                    center: map.province_key(province).to_string(),
                    first: map.power_name(other).to_string(),
                    second: map.power_name(power).to_string(),
                });
            }
        }
    }
    Ok(owners)
}

fn write_unit(map: &Map, unit: &Unit) -> WireUnit {
    WireUnit {
        power: map.power_name(unit.power).to_string(),
        kind: unit.kind.letter().to_string(),
        at: map.region_key(unit.region),
    }
}

fn write_dislodged(map: &Map, position: &Position, dislodged: &Dislodged) -> WireDislodged {
    let unit = write_unit(map, &dislodged.unit);
    let retreats = retreat_options(map, position, dislodged).into_iter().map(|region| map.region_key(region)).collect();
    WireDislodged {
        power: unit.power,
        kind: unit.kind,
        at: unit.at,
        attacked_from: map.province_key(dislodged.attacked_from).to_string(),
        by_convoy: dislodged.by_convoy,
        retreats: Some(retreats),
    }
}

fn write_owners(map: &Map, position: &Position) -> SupplyCenters {
    let owned_by = |power: Power| -> Vec<String> {
        map.supply_centers()
            .filter(|&center| position.owner(center) == Some(power))
            .map(|center| map.province_key(center).to_string())
            .collect()
    };
    SupplyCenters(
        map.powers()
            .map(|(power, info)| (info.name.clone(), owned_by(power)))
            .filter(|(_, centers)| !centers.is_empty())
            .collect(),
    )
}
