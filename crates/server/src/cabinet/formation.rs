//! Forming cabinets at the start (sheet §3): whole teams first, each to a free power, then the people who
//! signed up alone (and the members of teams that never became whole) in the positions left, at random
//! from the game's seeded generator (rulings 0.4), so the start can be replayed. Positions the GM placed
//! by hand stay as they are. Pure: the caller reads the sign-ups and writes the result.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::games::model::{Power, SeatRole};
use crate::ids::SeatId;

/// A position at the table: a power and one of its three roles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub power: Power,
    pub role: SeatRole,
}

impl Position {
    /// Every position, power by power, Head of State, General, Admiral (the engine's seat order).
    pub fn all() -> impl Iterator<Item = Position> {
        Power::ALL.iter().flat_map(|&power| SeatRole::CABINET.map(|role| Position { power, role }))
    }

    /// "General of the Army of France".
    pub fn words(self) -> String {
        format!("{} of {}", self.role.label(), self.power.label())
    }

    /// The engine's seat for this position.
    pub fn seat_ref(self) -> Option<kinds::cabinet::SeatRef> {
        let role = self.role.cabinet_role()?;
        kinds::cabinet::SeatRef::parse(&format!("{} {}", self.power.label(), role.title()))
    }
}

/// Who signed up, as the start sees them.
#[derive(Debug, Clone, Default)]
pub struct Signups {
    /// Seats the GM placed by hand.
    pub placed: Vec<(SeatId, Position)>,
    /// Whole teams (all three confirmed), each member's seat with the role the captain chose, in the
    /// order the teams signed up.
    pub teams: Vec<Vec<(SeatId, SeatRole)>>,
    /// Everyone else, in the order they signed up.
    pub individuals: Vec<SeatId>,
}

/// Places every seat not placed by hand: each whole team at a power none of whose positions is taken
/// (the powers drawn at random), then the rest at random over the positions left. A team that finds no
/// free power, or one of whose members the GM placed, is seated like individuals.
pub fn form_cabinets(seed: i64, signups: &Signups) -> Vec<(SeatId, Position)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
    // A stream of its own, so this draw does not repeat the first numbers of the game's other draws.
    rng.set_stream(0xCAB1);
    let placed_seat = |seat: SeatId| signups.placed.iter().any(|(placed, _)| *placed == seat);
    let mut taken: Vec<Position> = signups.placed.iter().map(|(_, position)| *position).collect();
    let mut free_powers: Vec<Power> =
        Power::ALL.iter().copied().filter(|power| !taken.iter().any(|position| position.power == *power)).collect();
    free_powers.shuffle(&mut rng);
    let mut placements = Vec::new();
    let mut alone: Vec<SeatId> = Vec::new();
    for team in &signups.teams {
        let whole = team.iter().all(|(seat, _)| !placed_seat(*seat));
        match free_powers.last().copied().filter(|_| whole) {
            Some(power) => {
                free_powers.pop();
                for (seat, role) in team {
                    let position = Position { power, role: *role };
                    taken.push(position);
                    placements.push((*seat, position));
                }
            }
            None => alone.extend(team.iter().map(|(seat, _)| *seat).filter(|seat| !placed_seat(*seat))),
        }
    }
    alone.extend(signups.individuals.iter().copied().filter(|seat| !placed_seat(*seat)));
    let mut open: Vec<Position> = Position::all().filter(|position| !taken.contains(position)).collect();
    open.shuffle(&mut rng);
    placements.extend(alone.into_iter().zip(open));
    placements
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(range: std::ops::Range<i64>) -> Vec<SeatId> {
        range.map(SeatId).collect()
    }

    fn team(first: i64) -> Vec<(SeatId, SeatRole)> {
        SeatRole::CABINET.iter().enumerate().map(|(index, role)| (SeatId(first + index as i64), *role)).collect()
    }

    // See: rules/cabinet-diplomacy-ii.txt §3 ("the GM will create teams and assign positions randomly")
    #[test]
    fn a_whole_team_keeps_its_positions_at_one_power_and_individuals_fill_every_other_position_once() {
        let signups = Signups { placed: Vec::new(), teams: vec![team(1)], individuals: seats(4..22) };
        let placements = form_cabinets(7, &signups);
        assert_eq!(placements.len(), 21);
        let team_power = placements[0].1.power;
        for (seat, role) in team(1) {
            assert_eq!(placements.iter().find(|(s, _)| *s == seat).unwrap().1, Position { power: team_power, role });
        }
        let mut positions: Vec<String> = placements.iter().map(|(_, position)| position.words()).collect();
        positions.sort();
        positions.dedup();
        assert_eq!(positions.len(), 21, "every position exactly once");
    }

    // See: rulings 0.4 (randomness from the game's seed, replayable)
    #[test]
    fn the_same_seed_forms_the_same_cabinets_and_another_seed_may_not() {
        let signups = Signups { placed: Vec::new(), teams: Vec::new(), individuals: seats(1..22) };
        assert_eq!(form_cabinets(42, &signups), form_cabinets(42, &signups));
        assert!((0..5).any(|seed| form_cabinets(seed, &signups) != form_cabinets(42, &signups)));
    }

    #[test]
    fn positions_the_gm_placed_by_hand_are_kept_and_a_team_with_a_placed_member_is_seated_alone() {
        let france_general = Position { power: Power::France, role: SeatRole::General };
        let signups =
            Signups { placed: vec![(SeatId(1), france_general)], teams: vec![team(1)], individuals: seats(4..22) };
        let placements = form_cabinets(3, &signups);
        assert_eq!(placements.len(), 20);
        assert!(!placements.iter().any(|(seat, position)| *seat == SeatId(1) || *position == france_general));
    }
}
