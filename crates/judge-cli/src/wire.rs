//! The JSON wire format of `judge adjudicate` (`shared/specs/judge-cli.md`) as serde types, and their
//! conversion to and from the judge library's types.
//!
//! Input is lenient: any case, full names and common aliases, powers as names or abbreviations. Output
//! uses one canonical spelling for everything (`nao`, `stp/sc`, `England`), so that a result's `next` is
//! itself valid input. A position that cannot exist on the board (an unknown province, two units in one
//! province, a fleet inland) is refused with a [`WireError`] rather than adjudicated.

use std::borrow::Cow;
use std::collections::BTreeMap;

use judge::adjudicate::retreat_options;
use judge::geo::Set128;
use judge::phase::PhaseError;
use judge::position::home_ownership;
use judge::{Dislodged, Map, OrderStatus, Phase, Position, PositionError, Power, ProvinceId, RegionId, Unit, UnitType};
use serde::ser::{SerializeMap, SerializeStruct};
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

/// A position with orders: one `judge adjudicate` input. Its text borrows from the input wherever the
/// JSON string holds no escape, so that reading a request copies hardly any of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// Echoed back as given; `None` when the input has no `id` (a JSON `null` id is `Some(Null)`).
    pub id: Option<Value>,
    pub position: PositionText<'a>,
    pub orders: Vec<Text<'a>>,
}

/// A JSON string of the input: borrowed from the input, or owned when it held escapes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(transparent)]
pub struct Text<'a>(#[serde(borrow)] pub Cow<'a, str>);

impl std::ops::Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Text<'_> {
    fn from(text: String) -> Self {
        Text(Cow::Owned(text))
    }
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(text: &'a str) -> Self {
        Text(Cow::Borrowed(text))
    }
}

/// The position fields of a request, as [`WirePosition`] reads them, but borrowing their text.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionText<'a> {
    #[serde(borrow)]
    pub phase: Text<'a>,
    #[serde(borrow)]
    pub units: Vec<UnitText<'a>>,
    #[serde(default, borrow)]
    pub dislodged: Vec<DislodgedText<'a>>,
    #[serde(default, borrow)]
    pub contested: Vec<Text<'a>>,
    #[serde(default, borrow)]
    pub supply_centers: Option<CentersText<'a>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitText<'a> {
    #[serde(borrow)]
    pub power: Text<'a>,
    #[serde(rename = "type", borrow)]
    pub kind: Text<'a>,
    #[serde(borrow)]
    pub at: Text<'a>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DislodgedText<'a> {
    #[serde(borrow)]
    pub power: Text<'a>,
    #[serde(rename = "type", borrow)]
    pub kind: Text<'a>,
    #[serde(borrow)]
    pub at: Text<'a>,
    #[serde(borrow)]
    pub attacked_from: Text<'a>,
    #[serde(default)]
    pub by_convoy: bool,
    #[serde(default, borrow)]
    pub retreats: Option<Vec<Text<'a>>>,
}

/// Owned centers by power, sorted by power name, as [`SupplyCenters`] reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CentersText<'a>(pub Vec<(Text<'a>, Vec<Text<'a>>)>);

impl<'de: 'a, 'a> Deserialize<'de> for CentersText<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let by_power = BTreeMap::<Text<'a>, Vec<Text<'a>>>::deserialize(deserializer)?;
        Ok(CentersText(by_power.into_iter().collect()))
    }
}

impl<'a> Request<'a> {
    pub fn from_json(text: &'a str) -> Result<Request<'a>, WireError> {
        Request::from_json_keeping_id(text).map_err(|(_, error)| error)
    }

    /// Reads a request; when it cannot be read, says why with the `id` it gave, if that much could be
    /// read (batch mode echoes it in the error line).
    ///
    /// A well-formed request is read straight from the text into typed fields. Anything else is read
    /// again the slow way, through a [`Value`], whose errors are the ones this command has always given
    /// (the direct reader words them differently, and accepts a JSON array for an object).
    pub fn from_json_keeping_id(text: &'a str) -> Result<Request<'a>, (Option<Value>, WireError)> {
        if let Some(request) = Request::from_well_formed_json(text) {
            return Ok(request);
        }
        let value: Value = serde_json::from_str(text).map_err(|error| (None, WireError::Json(error)))?;
        let id = value.get("id").cloned();
        Request::from_value(value).map_err(|error| (id, error))
    }

    fn from_well_formed_json(text: &'a str) -> Option<Request<'a>> {
        if !text.trim_start().starts_with('{') {
            return None;
        }
        let fields: RequestFields = serde_json::from_str(text).ok()?;
        Some(Request {
            id: fields.id,
            position: PositionText {
                phase: fields.phase,
                units: fields.units,
                dislodged: fields.dislodged,
                contested: fields.contested,
                supply_centers: fields.supply_centers,
            },
            orders: fields.orders,
        })
    }
}

impl Request<'static> {
    /// `id` and `orders` are taken out first, so that the rest must be exactly a [`WirePosition`] and a
    /// misspelt field is an error instead of being silently ignored.
    pub fn from_value(value: Value) -> Result<Request<'static>, WireError> {
        let Value::Object(mut fields) = value else { return Err(WireError::NotAnObject) };
        let id = fields.remove("id");
        let orders: Vec<String> = match fields.remove("orders") {
            Some(orders) => serde_json::from_value(orders).map_err(WireError::Orders)?,
            None => Vec::new(),
        };
        let position: WirePosition = serde_json::from_value(Value::Object(fields)).map_err(WireError::Shape)?;
        Ok(Request { id, position: position.into_text(), orders: orders.into_iter().map(Text::from).collect() })
    }
}

/// Every field of a request, read in one pass. Any failure (a repeated or unknown field, a wrong type)
/// sends the text to [`Request::from_value`], which explains it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RequestFields<'a> {
    #[serde(default, deserialize_with = "present")]
    id: Option<Value>,
    #[serde(borrow)]
    phase: Text<'a>,
    #[serde(borrow, deserialize_with = "board_list")]
    units: Vec<UnitText<'a>>,
    #[serde(default, borrow)]
    dislodged: Vec<DislodgedText<'a>>,
    #[serde(default, borrow)]
    contested: Vec<Text<'a>>,
    #[serde(default, borrow)]
    supply_centers: Option<CentersText<'a>>,
    #[serde(default, borrow, deserialize_with = "board_list")]
    orders: Vec<Text<'a>>,
}

/// A list with about one item per unit (the units, the orders), read into a vector made with room for
/// a full board at once: serde's own starts empty (JSON does not say how long a list is), and grows
/// four times on the way to a board's 30 units.
fn board_list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Vec<T>, D::Error> {
    struct BoardList<T>(std::marker::PhantomData<T>);

    impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for BoardList<T> {
        type Value = Vec<T>;

        fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
            formatter.write_str("a list")
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<Vec<T>, A::Error> {
            /// The supply centers of the standard map: the most units a board can hold.
            const FULL_BOARD: usize = 34;
            let mut list = Vec::with_capacity(FULL_BOARD);
            while let Some(item) = items.next_element()? {
                list.push(item);
            }
            Ok(list)
        }
    }

    deserializer.deserialize_seq(BoardList(std::marker::PhantomData))
}

/// A field that is present, even as `null`: an `"id": null` is echoed back as `null`.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
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

impl PositionText<'_> {
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
}

impl WirePosition {
    /// The position this describes, or why it cannot exist.
    pub fn to_position(&self, map: &Map) -> Result<Position, WireError> {
        self.clone().into_text().to_position(map)
    }

    /// The same fields as request text.
    pub fn into_text(self) -> PositionText<'static> {
        let unit = |power: String, kind: String, at: String| UnitText {
            power: power.into(),
            kind: kind.into(),
            at: at.into(),
        };
        PositionText {
            phase: self.phase.into(),
            units: self.units.into_iter().map(|u| unit(u.power, u.kind, u.at)).collect(),
            dislodged: self
                .dislodged
                .into_iter()
                .map(|d| DislodgedText {
                    power: d.power.into(),
                    kind: d.kind.into(),
                    at: d.at.into(),
                    attacked_from: d.attacked_from.into(),
                    by_convoy: d.by_convoy,
                    retreats: d.retreats.map(|retreats| retreats.into_iter().map(Text::from).collect()),
                })
                .collect(),
            contested: self.contested.into_iter().map(Text::from).collect(),
            supply_centers: self.supply_centers.map(|centers| {
                CentersText(
                    centers
                        .0
                        .into_iter()
                        .map(|(power, names)| (power.into(), names.into_iter().map(Text::from).collect()))
                        .collect(),
                )
            }),
        }
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

fn read_dislodged(map: &Map, dislodged: &DislodgedText) -> Result<Dislodged, WireError> {
    let unit = read_unit(map, &dislodged.power, &dislodged.kind, &dislodged.at)?;
    let attacked_from = read_province(map, &dislodged.attacked_from)?;
    let retreats = dislodged
        .retreats
        .as_ref()
        .map(|retreats| retreats.iter().map(|name| read_region(map, name)).collect::<Result<Vec<_>, _>>())
        .transpose()?;
    Ok(Dislodged { unit, attacked_from, by_convoy: dislodged.by_convoy, retreats })
}

fn read_owners(map: &Map, centers: &CentersText) -> Result<Vec<Option<Power>>, WireError> {
    let mut owners = vec![None; map.province_count()];
    for (name, names) in &centers.0 {
        let power = read_power(map, name)?;
        for center in names {
            let province = read_province(map, center)?;
            if !map.province(province).supply_center {
                return Err(WireError::NotACenter(center.to_string()));
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

/// The result of one input as it is written: the JSON of a [`Response`], serialised straight from the
/// order lines, the judge's results and the next position, without first copying every name into a
/// `String` of its own (a batch writes a few hundred names per phase).
pub struct Answer<'a> {
    pub map: &'a Map,
    pub id: Option<&'a Value>,
    pub phase: Phase,
    pub results: Vec<AnsweredLine<'a>>,
    pub next: Position,
}

/// One order line and what became of it.
pub struct AnsweredLine<'a> {
    /// The line as given.
    pub order: &'a str,
    /// The power the order was counted for, if any.
    pub power: Option<Power>,
    pub status: OrderStatus,
}

impl Answer<'_> {
    /// The same answer as owned values, as a program reading the output gets it.
    pub fn to_response(&self) -> Response {
        Response {
            id: self.id.cloned(),
            phase: self.phase.code(),
            results: self
                .results
                .iter()
                .map(|line| WireResult::new(self.map, line.order, line.power, &line.status))
                .collect(),
            next: WirePosition::from_position(self.map, &self.next),
        }
    }
}

impl Serialize for Answer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("Response", 4)?;
        match self.id {
            Some(id) => fields.serialize_field("id", id)?,
            None => fields.skip_field("id")?,
        }
        fields.serialize_field("phase", &Code(self.phase))?;
        fields.serialize_field("results", &Each(self.results.iter().map(|line| LineOut { map: self.map, line })))?;
        fields.serialize_field("next", &PositionOut { map: self.map, position: &self.next })?;
        fields.end()
    }
}

/// Serialises the items of an iterator as a JSON list, without collecting them first.
struct Each<I>(I);

impl<I: Iterator<Item = T> + Clone, T: Serialize> Serialize for Each<I> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.clone())
    }
}

/// A phase as its code, `S1901M`.
struct Code(Phase);

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// A region's canonical name, `lon` or `stp/sc`.
#[derive(Clone, Copy)]
struct RegionName<'a>(&'a Map, RegionId);

impl Serialize for RegionName<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let RegionName(map, region) = *self;
        let info = map.region(region);
        let province = map.province_key(info.province);
        match info.coast {
            Some(coast) => serializer.collect_str(&format_args!("{province}/{}", coast.abbreviation())),
            None => serializer.serialize_str(province),
        }
    }
}

fn unit_type_letter(kind: UnitType) -> &'static str {
    match kind {
        UnitType::Army => "A",
        UnitType::Fleet => "F",
    }
}

struct LineOut<'a> {
    map: &'a Map,
    line: &'a AnsweredLine<'a>,
}

impl Serialize for LineOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let LineOut { map, line } = *self;
        let verdict = match line.status {
            OrderStatus::Succeeds => Verdict::Succeeds,
            OrderStatus::Fails(_) => Verdict::Fails,
            OrderStatus::Invalid(_) => Verdict::Invalid,
        };
        let mut fields = serializer.serialize_struct("WireResult", 4)?;
        fields.serialize_field("order", line.order)?;
        fields.serialize_field("power", &line.power.map(|power| map.power_name(power)))?;
        fields.serialize_field("result", &verdict)?;
        let reason = line.status.reason(map);
        if reason.is_empty() {
            fields.skip_field("reason")?;
        } else {
            fields.serialize_field("reason", &reason)?;
        }
        fields.end()
    }
}

struct PositionOut<'a> {
    map: &'a Map,
    position: &'a Position,
}

impl Serialize for PositionOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let PositionOut { map, position } = *self;
        let mut fields = serializer.serialize_struct("WirePosition", 5)?;
        fields.serialize_field("phase", &Code(position.phase))?;
        fields.serialize_field("units", &Each(position.units.iter().map(|unit| UnitOut { map, unit })))?;
        fields.serialize_field(
            "dislodged",
            &Each(position.dislodged.iter().map(|dislodged| DislodgedOut { map, position, dislodged })),
        )?;
        fields.serialize_field(
            "contested",
            &Each(position.contested.iter().map(|&province| map.province_key(province))),
        )?;
        fields.serialize_field("supply_centers", &CentersOut { map, position })?;
        fields.end()
    }
}

struct UnitOut<'a> {
    map: &'a Map,
    unit: &'a Unit,
}

impl Serialize for UnitOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let UnitOut { map, unit } = *self;
        let mut fields = serializer.serialize_struct("WireUnit", 3)?;
        fields.serialize_field("power", map.power_name(unit.power))?;
        fields.serialize_field("type", unit_type_letter(unit.kind))?;
        fields.serialize_field("at", &RegionName(map, unit.region))?;
        fields.end()
    }
}

struct DislodgedOut<'a> {
    map: &'a Map,
    position: &'a Position,
    dislodged: &'a Dislodged,
}

impl Serialize for DislodgedOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let DislodgedOut { map, position, dislodged } = *self;
        let retreats = retreat_options(map, position, dislodged);
        let mut fields = serializer.serialize_struct("WireDislodged", 6)?;
        fields.serialize_field("power", map.power_name(dislodged.unit.power))?;
        fields.serialize_field("type", unit_type_letter(dislodged.unit.kind))?;
        fields.serialize_field("at", &RegionName(map, dislodged.unit.region))?;
        fields.serialize_field("attacked_from", map.province_key(dislodged.attacked_from))?;
        fields.serialize_field("by_convoy", &dislodged.by_convoy)?;
        fields.serialize_field("retreats", &Each(retreats.iter().map(|&region| RegionName(map, region))))?;
        fields.end()
    }
}

/// Owned centers by power, in the map's order of powers; powers without a center are left out.
struct CentersOut<'a> {
    map: &'a Map,
    position: &'a Position,
}

impl Serialize for CentersOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let CentersOut { map, position } = *self;
        let owned = centers_by_power(map, position);
        let mut entries = serializer.serialize_map(None)?;
        for ((_, info), centers) in map.powers().zip(owned) {
            if !centers.is_empty() {
                entries.serialize_entry(
                    &info.name,
                    &Each(centers.iter().map(|center| map.province_key(ProvinceId(center)))),
                )?;
            }
        }
        entries.end()
    }
}

/// Each power's owned centers, found in one pass over the board rather than one per power.
pub(crate) fn centers_by_power(map: &Map, position: &Position) -> Vec<Set128> {
    let mut owned = vec![Set128::default(); map.power_count()];
    for (province, _) in map.provinces().filter(|(_, province)| province.supply_center) {
        if let Some(centers) = position.owner(province).and_then(|power| owned.get_mut(usize::from(power.0))) {
            centers.insert(province.0);
        }
    }
    owned
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::adjudicate;

    #[test]
    fn request_text_is_borrowed_from_the_input_unless_it_holds_escapes() {
        let text = r#"{"phase": "S1901M", "units": [{"power": "France", "type": "A", "at": "par"}], "orders": ["A par - bur", "A par \u002d bur"]}"#;
        let request = Request::from_json(text).expect("a readable request");
        assert!(matches!(request.orders[0].0, Cow::Borrowed(_)), "{:?}", request.orders[0]);
        assert!(matches!(request.position.units[0].at.0, Cow::Borrowed(_)), "{:?}", request.position.units[0]);
        assert_eq!(&*request.orders[1], "A par - bur");
        assert!(matches!(request.orders[1].0, Cow::Owned(_)), "an escape is read into a string of its own");
    }

    #[test]
    fn an_answer_serialises_as_the_response_it_stands_for() {
        let map = Map::standard().expect("the standard map loads");
        let request = Request::from_json(
            r#"{"id": [1, {"b": null}], "phase": "S1901M", "orders": ["A sil - ber", "A pru S A sil - ber", "F kie - hol", "nonsense"],
                "units": [{"power": "Germany", "type": "A", "at": "ber"}, {"power": "Russia", "type": "A", "at": "sil"},
                          {"power": "Russia", "type": "A", "at": "pru"}, {"power": "Germany", "type": "F", "at": "kie"},
                          {"power": "Russia", "type": "F", "at": "stp/sc"}],
                "supply_centers": {"Germany": ["ber", "kie", "mun"], "Russia": ["stp", "war"]}}"#,
        )
        .expect("a readable request");
        let answer = adjudicate(&map, &request).expect("a possible position");
        let written = serde_json::to_string(&answer).expect("an answer serialises");
        let response = answer.to_response();
        assert_eq!(written, serde_json::to_string(&response).expect("a response serialises"));
        assert_eq!(response.next.dislodged.len(), 1, "the answer has a dislodged unit to write: {written}");
        let read_back: Response = serde_json::from_str(&written).expect("the answer reads back as a response");
        assert_eq!(read_back, response);
    }
}
