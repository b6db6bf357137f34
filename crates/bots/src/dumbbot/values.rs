//! Province values in the DumbBot tradition: each supply center gets a worth from the seat's side (a
//! neutral center to take, an enemy's center to win, an own center to defend when threatened), and the
//! worth spreads over the map, halving with each move a unit of that type needs to get there.

use std::sync::OnceLock;

use judge::{Map, ProvinceId, RegionId, UnitType};

use super::picture::{Holder, Picture};

/// How much a neutral center is worth: the cheapest centers to take, so the first targets.
const NEUTRAL_CENTER: f64 = 10.0;
/// An enemy's center, before its owner's strength is added (a big enemy's centers are worth more: he
/// is the one to stop).
const ENEMY_CENTER: f64 = 7.0;
/// An own center, per enemy unit that could enter it this phase.
const DEFENCE_PER_THREAT: f64 = 6.0;
/// How much a center's worth keeps at each further move (DumbBot's spreading, as a geometric decay).
const DECAY: f64 = 0.45;
/// Beyond this many moves a center adds nothing.
const HORIZON: u8 = 7;
/// In the Fall only standing on a center takes it, so the center itself counts this much more.
const FALL_OCCUPATION: f64 = 2.5;

/// Moves between places: armies across any border (as a convoy could carry them), fleets by water.
struct Distances {
    /// `army[from][to]`, by province.
    army: Vec<Vec<u8>>,
    /// `fleet[from region][to province]`.
    fleet: Vec<Vec<u8>>,
}

const FAR: u8 = u8::MAX;

fn distances(map: &Map) -> &'static Distances {
    // One table for the one map the bots play on: the standard map, loaded once per process.
    static TABLE: OnceLock<Distances> = OnceLock::new();
    TABLE.get_or_init(|| Distances { army: army_distances(map), fleet: fleet_distances(map) })
}

fn army_distances(map: &Map) -> Vec<Vec<u8>> {
    map.provinces()
        .map(|(from, _)| {
            map.province_distances(from).into_iter().map(|steps| u8::try_from(steps).unwrap_or(FAR)).collect()
        })
        .collect()
}

fn fleet_distances(map: &Map) -> Vec<Vec<u8>> {
    map.regions().map(|(from, _)| fleet_distances_from(map, from)).collect()
}

/// Fleet moves from one region to each province (any coast of it).
fn fleet_distances_from(map: &Map, from: RegionId) -> Vec<u8> {
    let mut by_region = vec![FAR; map.region_count()];
    by_region[usize::from(from.0)] = 0;
    let mut frontier = vec![from];
    let mut step = 0u8;
    while !frontier.is_empty() && step < FAR - 1 {
        step += 1;
        let mut next = Vec::new();
        for region in frontier {
            for neighbour in map.region(region).fleet_neighbours.iter() {
                if by_region[usize::from(neighbour)] == FAR {
                    by_region[usize::from(neighbour)] = step;
                    next.push(RegionId(neighbour));
                }
            }
        }
        frontier = next;
    }
    let mut by_province = vec![FAR; map.province_count()];
    for (region, info) in map.regions() {
        let slot = &mut by_province[usize::from(info.province.0)];
        *slot = (*slot).min(by_region[usize::from(region.0)]);
    }
    by_province
}

/// Each center's worth to the seat now, and what a unit standing in a region is worth for it.
pub struct Values<'p, 'm> {
    picture: &'p Picture<'m>,
    /// `(center, worth)` for every center worth something.
    worths: Vec<(ProvinceId, f64)>,
    fall: bool,
}

impl<'p, 'm> Values<'p, 'm> {
    pub fn new(picture: &'p Picture<'m>, fall: bool) -> Values<'p, 'm> {
        let worths = picture
            .map
            .supply_centers()
            .filter_map(|center| {
                let worth = center_worth(picture, center);
                (worth > 0.0).then_some((center, worth))
            })
            .collect();
        Values { picture, worths, fall }
    }

    /// What a unit of `kind` in `region` is worth: every center's worth, decayed by the moves to it.
    pub fn of(&self, kind: UnitType, region: RegionId) -> f64 {
        let map = self.picture.map;
        let table = distances(map);
        let here = map.province_of(region);
        self.worths
            .iter()
            .map(|&(center, worth)| {
                let steps = match kind {
                    UnitType::Army => table.army[usize::from(here.0)][usize::from(center.0)],
                    UnitType::Fleet => table.fleet[usize::from(region.0)][usize::from(center.0)],
                };
                match steps {
                    0 if self.fall => worth * FALL_OCCUPATION,
                    steps if steps <= HORIZON => worth * DECAY.powi(i32::from(steps)),
                    _ => 0.0,
                }
            })
            .sum()
    }
}

fn center_worth(picture: &Picture<'_>, center: ProvinceId) -> f64 {
    match picture.holder(center) {
        Some(Holder::Neutral) => NEUTRAL_CENTER,
        Some(Holder::Enemy { centers }) => ENEMY_CENTER + centers as f64 * 0.5,
        Some(Holder::Mine) => DEFENCE_PER_THREAT * picture.enemies_reaching(center) as f64,
        None => 0.0,
    }
}
