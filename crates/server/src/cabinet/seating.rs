//! The site's seats and the engine's holders, kept in step. The engine's `State` is the truth about who
//! holds which position once the game runs (reliefs, coups and standby players change it); the site's
//! `seat` rows follow it after every change, so access to a position's pages follows the engine (CAB.1:
//! a relieved or deposed holder loses the seat and everything it let him read).

use anyhow::{Context, anyhow};
use kinds::AnyGame;
use kinds::cabinet::{PersonId, SeatStatus};
use sqlx::PgConnection;

use super::formation::{Position, Signups, form_cabinets};
use super::queries;
use crate::games::queries::{self as game_queries, GameRow, SeatRow};
use crate::ids::{AccountId, SeatId};
use crate::turns::queries as turn_queries;

/// The position a placed seat holds.
pub fn position_of(seat: &SeatRow) -> Option<Position> {
    seat.role.cabinet_role()?;
    seat.powers.first().map(|power| Position { power: *power, role: seat.role })
}

/// Who signed up how, from the seats and the teams.
pub fn signups(seats: &[SeatRow], members: &[queries::TeamMember]) -> Signups {
    let placed: Vec<(SeatId, Position)> =
        seats.iter().filter_map(|seat| position_of(seat).map(|position| (seat.seat_id, position))).collect();
    let mut teams: Vec<Vec<(SeatId, crate::games::model::SeatRole)>> = Vec::new();
    let mut ids: Vec<_> = members.iter().map(|member| member.cabinet_team_id).collect();
    ids.dedup();
    for id in ids {
        let team: Vec<_> = members.iter().filter(|member| member.cabinet_team_id == id).collect();
        let whole = team.len() == 3 && team.iter().all(|member| member.confirmed && member.seat_id.is_some());
        if whole {
            teams.push(team.iter().filter_map(|member| member.seat_id.map(|seat| (seat, member.role))).collect());
        }
    }
    let in_team = |seat: SeatId| teams.iter().flatten().any(|(member, _)| *member == seat);
    let individuals = seats
        .iter()
        .filter(|seat| seat.account_id.is_some() && !in_team(seat.seat_id))
        .filter(|seat| !placed.iter().any(|(placed, _)| *placed == seat.seat_id))
        .map(|seat| seat.seat_id)
        .collect();
    Signups { placed, teams, individuals }
}

/// Forms the cabinets at the start, inside the start's transaction: every seat gets its power and role.
pub async fn place_at_start(conn: &mut PgConnection, game: &GameRow, seats: &[SeatRow]) -> Result<(), sqlx::Error> {
    let members = queries::team_members(conn, game.game_id).await?;
    for (seat_id, position) in form_cabinets(game.rng_seed, &signups(seats, &members)) {
        queries::set_seat_role(conn, seat_id, position.role).await?;
        game_queries::give_power(conn, game.game_id, seat_id, position.role, position.power).await?;
    }
    Ok(())
}

/// Pairs every placed seat with the engine's seat of the same position.
pub fn number_seats(seats: &[SeatRow]) -> anyhow::Result<Vec<(SeatId, kinds::SeatIndex)>> {
    seats
        .iter()
        .map(|seat| {
            let position = position_of(seat).with_context(|| format!("seat {} has no position", seat.seat_id))?;
            let seat_ref = position.seat_ref().ok_or_else(|| anyhow!("no engine seat for {}", position.words()))?;
            Ok((seat.seat_id, seat_ref.id()))
        })
        .collect()
}

/// Seats every person in the engine's new game at the start (the engine starts with every seat vacant).
pub fn seat_people(state: &mut AnyGame, seats: &[SeatRow]) -> anyhow::Result<()> {
    let AnyGame::CabinetDiplomacy(cabinet) = state else { return Ok(()) };
    for seat in seats {
        let (Some(account), Some(position)) = (seat.account_id, position_of(seat)) else { continue };
        let seat_ref = position.seat_ref().ok_or_else(|| anyhow!("no engine seat for {}", position.words()))?;
        cabinet.seat_person(seat_ref, person(account)).map_err(|error| anyhow!(error))?;
    }
    Ok(())
}

/// The engine's person for an account: the account's id (`PersonId` is opaque to the engine).
pub fn person(account: AccountId) -> PersonId {
    PersonId(account.0)
}

pub fn account(person: PersonId) -> AccountId {
    AccountId(person.0)
}

/// Makes the site's seats follow the engine's holders after any change (a processed phase, a GM's
/// seating, an acceptance), and takes whoever now holds a seat off the standby list.
pub async fn follow_engine(conn: &mut PgConnection, game: &GameRow, state: &AnyGame) -> anyhow::Result<()> {
    let AnyGame::CabinetDiplomacy(cabinet) = state else { return Ok(()) };
    let numbering = turn_queries::game_seats(conn, game.game_id).await?;
    let holders: Vec<(SeatId, Option<AccountId>)> = numbering
        .iter()
        .map(|(seat_id, index)| {
            let holder = match kinds::cabinet::status_of(cabinet, *index) {
                Some(SeatStatus::Held(holder)) => Some(account(holder.person)),
                _ => None,
            };
            (*seat_id, holder)
        })
        .collect();
    queries::set_holders(conn, game.game_id, &holders).await?;
    for account in holders.iter().filter_map(|(_, account)| *account) {
        queries::leave_standby(conn, game.game_id, account).await?;
    }
    Ok(())
}
