//! The closed vocabularies of the API as OpenAPI string enums, written from the same lists the server
//! checks against (`Kind::ALL`, the stored enums' `ALL`), so a generated client knows every value and
//! the document can never offer a value the server refuses.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

use crate::games::model::{DeadlineMode, GameStatus, Power, PowerAssignment, PressRule, StartRule};

fn string_enum(description: &str, values: Vec<&'static str>) -> RefOr<Schema> {
    let example = values.first().copied();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(values))
        .examples(example)
        .into()
}

/// Declares a schema-only type: a string of one of `$values`.
macro_rules! slug_schema {
    ($name:ident, $description:literal, $values:expr) => {
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                string_enum($description, $values)
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

slug_schema!(KindSlug, "A kind of game.", kinds::Kind::ALL.iter().map(|kind| kind.slug()).collect());
slug_schema!(StatusSlug, "Where a game is in its life.", GameStatus::ALL.iter().map(|s| s.slug()).collect());
slug_schema!(PressSlug, "Which messages players may send.", PressRule::ALL.iter().map(|s| s.slug()).collect());
slug_schema!(PowerSlug, "A power of the standard map.", Power::ALL.iter().map(|s| s.slug()).collect());
slug_schema!(DeadlineModeSlug, "How deadlines are set.", DeadlineMode::ALL.iter().map(|s| s.slug()).collect());
slug_schema!(PowerAssignmentSlug, "How powers reach seats.", PowerAssignment::ALL.iter().map(|s| s.slug()).collect());
slug_schema!(StartRuleSlug, "When a game starts.", StartRule::ALL.iter().map(|s| s.slug()).collect());
slug_schema!(ResultSlug, "What became of an order.", vec!["succeeds", "fails", "invalid"]);
slug_schema!(
    WeekdaySlug,
    "A day of the week (in the deadline's time zone).",
    vec!["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
);
slug_schema!(
    SeatStateSlug,
    "Where the caller's seat stands in the current phase: `forming` (not started), `to_order` (orders \
     still to give), `ready` (marked ready), `saved` (orders saved, not ready), `nothing_to_order`, \
     `paused`, `finished`.",
    vec!["forming", "to_order", "saved", "ready", "nothing_to_order", "paused", "finished"]
);
slug_schema!(LobbyListSlug, "A lobby list.", vec!["joinable", "running", "finished"]);

/// Every schema above, registered with the document's components.
pub fn register(components: &mut utoipa::openapi::Components) {
    use utoipa::PartialSchema;
    let all = [
        ("KindSlug", KindSlug::schema()),
        ("StatusSlug", StatusSlug::schema()),
        ("PressSlug", PressSlug::schema()),
        ("PowerSlug", PowerSlug::schema()),
        ("DeadlineModeSlug", DeadlineModeSlug::schema()),
        ("PowerAssignmentSlug", PowerAssignmentSlug::schema()),
        ("StartRuleSlug", StartRuleSlug::schema()),
        ("ResultSlug", ResultSlug::schema()),
        ("WeekdaySlug", WeekdaySlug::schema()),
        ("SeatStateSlug", SeatStateSlug::schema()),
        ("LobbyListSlug", LobbyListSlug::schema()),
        ("UnitTypeSlug", UnitTypeSlug::schema()),
        ("OrderProgressSlug", OrderProgressSlug::schema()),
    ];
    for (name, schema) in all {
        components.schemas.insert(name.to_owned(), schema);
    }
}

/// The position a phase starts from, in `judge adjudicate`'s JSON (`kinds::JudgePosition`), described
/// for the document only: add `orders` (one order per string) and feed it to the judge.
#[derive(utoipa::ToSchema)]
#[schema(as = Position, example = json!({"phase": "S1901M",
    "units": [{"power": "france", "type": "A", "at": "par"}, {"power": "russia", "type": "F", "at": "stp/sc"}],
    "dislodged": [], "contested": [], "supply_centers": {"france": ["bre", "mar", "par"]}}))]
#[allow(dead_code)]
pub struct PositionSchema {
    /// `S1901M`, `F1901R`, `W1901A`.
    phase: String,
    units: Vec<PositionUnit>,
    dislodged: Vec<PositionDislodged>,
    /// Provinces left empty by a standoff (no retreat into them).
    contested: Vec<String>,
    /// Each power's owned centers.
    supply_centers: std::collections::BTreeMap<String, Vec<String>>,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct PositionUnit {
    power: String,
    #[schema(rename = "type", value_type = UnitTypeSlug)]
    kind: String,
    /// Canonical region key: `stp/sc`.
    at: String,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct PositionDislodged {
    power: String,
    #[schema(rename = "type", value_type = UnitTypeSlug)]
    kind: String,
    at: String,
    attacked_from: String,
    by_convoy: bool,
    /// Where it may retreat.
    retreats: Vec<String>,
}

slug_schema!(UnitTypeSlug, "An army or a fleet.", vec!["A", "F"]);

slug_schema!(
    OrderProgressSlug,
    "Whether a seat has given orders: `nothing_to_order`, `missing` (not yet) or `saved`.",
    vec!["nothing_to_order", "missing", "saved"]
);
