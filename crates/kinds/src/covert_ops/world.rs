//! The world map as each reader may know it (`kind::WorldBoard`), built only from the engine's
//! per-player projections (`PlayerMap`, from the state between days or from a day's `PlayerReport`) and
//! the public `News`, never from the whole state, so a map can show nothing the reader may not know.

use covert_ops::{CountryCode, News, PlayerId, PlayerMap};

use super::{player_title, seat_of};
use crate::kind::{WorldBoard, WorldCountry, WorldEvent, WorldLeader};

/// A player's own map: the leaders he can see, his influence, his spies and his superspy.
pub(super) fn player_world(known: &PlayerMap) -> WorldBoard {
    let mut world = WorldBoard::default();
    for &(code, leader) in &known.known_leaders {
        country(&mut world, code).leader = Some(leader_as_seen_by(known.player, leader));
    }
    for &(code, influence) in &known.influence {
        country(&mut world, code).influence = Some(influence);
    }
    for &(code, value) in &known.spies {
        country(&mut world, code).spy = Some(value);
    }
    country(&mut world, known.superspy).superspy = true;
    world
}

fn country(world: &mut WorldBoard, code: CountryCode) -> &mut WorldCountry {
    world.countries.entry(code.to_string()).or_default()
}

/// The day's public events marked on a map (the reader's own, or an empty one for the public).
pub(super) fn mark_news(mut world: WorldBoard, news: &[News]) -> WorldBoard {
    for item in news {
        let (code, event) = match item {
            News::LeaderAssassinated { country } => (*country, WorldEvent::Assassination),
            News::GovernmentOverthrown { country } => (*country, WorldEvent::Revolution),
            News::Conquered { country, by } => (*country, WorldEvent::Conquered { by: by.to_string() }),
            News::MajorityWarning { .. } | News::PlayerResigned { .. } | News::GameOver { .. } => continue,
        };
        country(&mut world, code).events.push(event);
    }
    world
}

fn leader_as_seen_by(reader: PlayerId, leader: Option<PlayerId>) -> WorldLeader {
    match leader {
        Some(player) if player == reader => WorldLeader::Reader,
        Some(player) => WorldLeader::Seat(seat_of(player), player_title(player)),
        None => WorldLeader::Nobody,
    }
}
