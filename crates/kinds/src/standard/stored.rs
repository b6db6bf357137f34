//! How a standard position is stored: by canonical names (`England F stp/sc`), not by the map's internal
//! indices, so that stored games survive changes to the order of the map's data files.

use std::collections::BTreeMap;

use judge::{Dislodged, Map, Phase, Position, Unit, UnitType};
use serde::{Deserialize, Serialize};

use super::{State, standard_map};
use crate::kind::StateError;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct StoredState {
    phase: String,
    units: Vec<String>,
    #[serde(default)]
    dislodged: Vec<StoredDislodged>,
    #[serde(default)]
    contested: Vec<String>,
    owners: BTreeMap<String, String>,
    #[serde(default)]
    winner: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredDislodged {
    unit: String,
    attacked_from: String,
    by_convoy: bool,
    retreats: Vec<String>,
}

fn unit_name(map: &Map, unit: &Unit) -> String {
    format!("{} {} {}", map.power_name(unit.power), unit.kind.letter(), map.region_key(unit.region))
}

fn read_unit(map: &Map, text: &str) -> Result<Unit, StateError> {
    let bad = || StateError(format!("bad unit `{text}`"));
    let mut words = text.split_whitespace();
    let (Some(power), Some(kind), Some(region), None) = (words.next(), words.next(), words.next(), words.next()) else {
        return Err(bad());
    };
    let kind = UnitType::parse(kind).ok_or_else(bad)?;
    let region = map.find_region(region).ok_or_else(bad)?;
    Ok(Unit { power: map.find_power(power).ok_or_else(bad)?, kind, region })
}

fn read_province(map: &Map, key: &str) -> Result<judge::ProvinceId, StateError> {
    map.find_province(key).ok_or_else(|| StateError(format!("unknown province `{key}`")))
}

impl From<State> for StoredState {
    fn from(state: State) -> StoredState {
        let map = standard_map().expect("a state exists only once the map loaded");
        let position = &state.position;
        StoredState {
            phase: position.phase.code(),
            units: position.units.iter().map(|unit| unit_name(map, unit)).collect(),
            dislodged: position
                .dislodged
                .iter()
                .map(|d| StoredDislodged {
                    unit: unit_name(map, &d.unit),
                    attacked_from: map.province_key(d.attacked_from).to_string(),
                    by_convoy: d.by_convoy,
                    retreats: judge::retreat_options(map, position, d).iter().map(|r| map.region_key(*r)).collect(),
                })
                .collect(),
            contested: position.contested.iter().map(|p| map.province_key(*p).to_string()).collect(),
            owners: map
                .supply_centers()
                .filter_map(|c| {
                    position.owner(c).map(|o| (map.province_key(c).to_string(), map.power_name(o).to_string()))
                })
                .collect(),
            winner: state.winner.map(|w| map.power_name(w).to_string()),
        }
    }
}

impl TryFrom<StoredState> for State {
    type Error = StateError;

    fn try_from(stored: StoredState) -> Result<State, StateError> {
        let map = standard_map().map_err(|e| StateError(e.to_string()))?;
        let phase = Phase::parse(&stored.phase).map_err(|e| StateError(e.to_string()))?;
        let units = stored.units.iter().map(|u| read_unit(map, u)).collect::<Result<Vec<_>, _>>()?;
        let mut dislodged = Vec::new();
        for d in &stored.dislodged {
            let retreats = d
                .retreats
                .iter()
                .map(|r| map.find_region(r).ok_or_else(|| StateError(format!("bad retreat `{r}`"))))
                .collect::<Result<Vec<_>, _>>()?;
            dislodged.push(Dislodged {
                unit: read_unit(map, &d.unit)?,
                attacked_from: read_province(map, &d.attacked_from)?,
                by_convoy: d.by_convoy,
                retreats: Some(retreats),
            });
        }
        let contested = stored.contested.iter().map(|p| read_province(map, p)).collect::<Result<Vec<_>, _>>()?;
        let mut owners = vec![None; map.province_count()];
        for (center, owner) in &stored.owners {
            let province = read_province(map, center)?;
            owners[province.0 as usize] =
                Some(map.find_power(owner).ok_or_else(|| StateError(format!("unknown power `{owner}`")))?);
        }
        let winner = match &stored.winner {
            Some(name) => Some(map.find_power(name).ok_or_else(|| StateError(format!("unknown power `{name}`")))?),
            None => None,
        };
        let position = Position { phase, units, dislodged, contested, owners };
        position.validate(map).map_err(|e| StateError(e.to_string()))?;
        Ok(State { position, winner })
    }
}
