//! Seating a game whose powers are shared among posts (`SeatPlan::PostsPerPower`, e.g. Cabinet sheet §3)
//! at the start: whole teams first, each to a free power, then the people who signed up alone (and the
//! members of teams that never became whole) in the posts left, at random from the game's seeded
//! generator (rulings 0.4), so the start can be replayed. Posts the GM placed by hand stay as they are.
//! `form_teams` is pure: the caller reads the sign-ups and writes the result.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use sqlx::PgConnection;

use super::model::{Power, SeatRole};
use super::queries::{self, GameRow, SeatRow, TeamMember};
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
        Power::ALL.iter().flat_map(|&power| SeatRole::POSTS.map(|role| Position { power, role }))
    }

    /// "General of the Army of France".
    pub fn words(self) -> String {
        format!("{} of {}", self.role.label(), self.power.label())
    }

    /// The kind's seat for this position: the one of the same power and post.
    pub fn kind_seat(self, state: &kinds::AnyGame) -> Option<kinds::SeatIndex> {
        let power = self.power.label();
        state
            .seats()
            .into_iter()
            .find(|info| info.role == self.role.in_kind() && info.powers.iter().map(String::as_str).eq([power]))
            .map(|info| info.id)
    }

    /// The position of one of the kind's own seats.
    pub fn of_kind_seat(state: &kinds::AnyGame, seat: kinds::SeatIndex) -> Option<Position> {
        Position::all().find(|position| position.kind_seat(state) == Some(seat))
    }

    /// The position a placed seat holds.
    pub fn of(seat: &SeatRow) -> Option<Position> {
        seat.role.is_post().then_some(())?;
        seat.powers.first().map(|power| Position { power: *power, role: seat.role })
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
pub fn form_teams(seed: i64, signups: &Signups) -> Vec<(SeatId, Position)> {
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

/// Who signed up how, from the seats and the teams.
pub fn signups(seats: &[SeatRow], members: &[TeamMember]) -> Signups {
    let placed: Vec<(SeatId, Position)> =
        seats.iter().filter_map(|seat| Position::of(seat).map(|position| (seat.seat_id, position))).collect();
    let mut teams: Vec<Vec<(SeatId, SeatRole)>> = Vec::new();
    let mut ids: Vec<_> = members.iter().map(|member| member.team_id).collect();
    ids.dedup();
    for id in ids {
        let team: Vec<_> = members.iter().filter(|member| member.team_id == id).collect();
        let whole = team.len() == 3 && team.iter().all(|member| member.confirmed && member.seat_id.is_some());
        if whole {
            teams.push(team.iter().filter_map(|member| member.seat_id.map(|seat| (seat, member.role))).collect());
        }
    }
    let in_team = |seat: SeatId| teams.iter().flatten().any(|(member, _)| *member == seat);
    let individuals = seats
        .iter()
        .filter(|seat| (seat.account_id.is_some() || seat.bot) && !in_team(seat.seat_id))
        .filter(|seat| !placed.iter().any(|(placed, _)| *placed == seat.seat_id))
        .map(|seat| seat.seat_id)
        .collect();
    Signups { placed, teams, individuals }
}

/// Forms the teams into posts at the start, inside the start's transaction: every seat gets its power
/// and post.
pub async fn place_at_start(conn: &mut PgConnection, game: &GameRow, seats: &[SeatRow]) -> Result<(), sqlx::Error> {
    let members = queries::team_members(conn, game.game_id).await?;
    for (seat_id, position) in form_teams(game.rng_seed, &signups(seats, &members)) {
        queries::set_seat_role(conn, seat_id, position.role).await?;
        queries::give_power(conn, game.game_id, seat_id, position.role, position.power).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(range: std::ops::Range<i64>) -> Vec<SeatId> {
        range.map(SeatId).collect()
    }

    fn team(first: i64) -> Vec<(SeatId, SeatRole)> {
        SeatRole::POSTS.iter().enumerate().map(|(index, role)| (SeatId(first + index as i64), *role)).collect()
    }

    // See: rules/cabinet-diplomacy-ii.txt §3 ("the GM will create teams and assign positions randomly")
    #[test]
    fn a_whole_team_keeps_its_positions_at_one_power_and_individuals_fill_every_other_position_once() {
        let signups = Signups { placed: Vec::new(), teams: vec![team(1)], individuals: seats(4..22) };
        let placements = form_teams(7, &signups);
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
        assert_eq!(form_teams(42, &signups), form_teams(42, &signups));
        assert!((0..5).any(|seed| form_teams(seed, &signups) != form_teams(42, &signups)));
    }

    #[test]
    fn positions_the_gm_placed_by_hand_are_kept_and_a_team_with_a_placed_member_is_seated_alone() {
        let france_general = Position { power: Power::France, role: SeatRole::General };
        let signups =
            Signups { placed: vec![(SeatId(1), france_general)], teams: vec![team(1)], individuals: seats(4..22) };
        let placements = form_teams(3, &signups);
        assert_eq!(placements.len(), 20);
        assert!(!placements.iter().any(|(seat, position)| *seat == SeatId(1) || *position == france_general));
    }
}
