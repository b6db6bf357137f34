//! How a game ends besides a solo: a draw agreed by every deciding seat (every surviving seat, unless
//! the kind says who votes for a power), or every other deciding seat conceding to one. Votes and concessions are secret; the only thing ever shown about them is a seat's
//! own choice and, when it passes, the result itself.

use anyhow::Context;
use chrono::{DateTime, Utc};
use kinds::AnyGame;
use sqlx::PgConnection;

use super::queries;
use crate::games::status;
use crate::ids::{GameId, SeatId};
use crate::notify;
use crate::pages::join_names;

/// The seats still in the game: those whose powers hold a center or a unit (for kinds without a board,
/// the seats that still play: a resigned Covert Operations player does not).
pub fn surviving_seats(state: &AnyGame, numbering: &[(SeatId, kinds::SeatIndex)]) -> Vec<(SeatId, String)> {
    let board = state.public_view().board;
    state
        .seats()
        .into_iter()
        .filter(|info| {
            board.as_ref().map_or_else(
                || state.must_order(info.id),
                |board| {
                    info.powers.iter().any(|power| {
                        board.owners.values().any(|owner| owner == power)
                            || board.units.iter().any(|unit| &unit.power == power)
                    })
                },
            )
        })
        .filter_map(|info| {
            numbering.iter().find(|(_, number)| *number == info.id).map(|(seat_id, _)| (*seat_id, info.title))
        })
        .collect()
}

/// The seats whose votes decide a draw or a concession, each with the name it is voted and conceded to
/// under: every surviving seat by its title, unless the kind says who votes for a power (a Cabinet
/// power votes through its Head of State, CAB.6), then those seats by their powers.
pub fn deciding_seats(state: &AnyGame, numbering: &[(SeatId, kinds::SeatIndex)]) -> Vec<(SeatId, String)> {
    let Some(voters) = state.draw_voters() else {
        return surviving_seats(state, numbering);
    };
    state
        .seats()
        .into_iter()
        .filter(|info| voters.contains(&info.id))
        .filter_map(|info| {
            let powers: Vec<&str> = info.powers.iter().map(String::as_str).collect();
            let name = if powers.is_empty() { info.title.clone() } else { join_names(&powers) };
            numbering.iter().find(|(_, number)| *number == info.id).map(|(seat_id, _)| (*seat_id, name))
        })
        .collect()
}

/// The powers still in the game, for a draw's announcement (the seats' titles in kinds without powers):
/// every surviving power, whoever votes for it, so the announcement says nothing of who governs whom.
fn survivors_named(state: &AnyGame, numbering: &[(SeatId, kinds::SeatIndex)]) -> String {
    let survivors: Vec<SeatId> = surviving_seats(state, numbering).into_iter().map(|(seat_id, _)| seat_id).collect();
    let mut names: Vec<String> = Vec::new();
    for info in state.seats() {
        let surviving = numbering.iter().any(|(seat_id, number)| *number == info.id && survivors.contains(seat_id));
        let seat_names = if info.powers.is_empty() { vec![info.title] } else { info.powers };
        for name in seat_names.into_iter().filter(|_| surviving) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    join_names(&names.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Ends the game in a draw if every seat that decides has voted for one; returns whether it did.
pub async fn finish_if_draw_agreed(
    conn: &mut PgConnection,
    game_id: GameId,
    state: &AnyGame,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let numbering = queries::game_seats(conn, game_id).await?;
    let deciders = deciding_seats(state, &numbering);
    let voters = queries::draw_voters(conn, game_id).await?;
    if deciders.is_empty() || !deciders.iter().all(|(seat_id, _)| voters.contains(seat_id)) {
        return Ok(false);
    }
    let summary = format!("Draw between {}", survivors_named(state, &numbering));
    status::finish(conn, game_id, now, Some(&summary)).await.context("finishing the game in a draw")?;
    notify::enqueue_game_end(conn, game_id, now).await?;
    Ok(true)
}

/// Ends the game if every deciding seat but one has conceded to that one; returns whether it did.
pub async fn finish_if_conceded(
    conn: &mut PgConnection,
    game_id: GameId,
    state: &AnyGame,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let numbering = queries::game_seats(conn, game_id).await?;
    let survivors = deciding_seats(state, &numbering);
    let concessions = queries::concessions(conn, game_id).await?;
    let winner = survivors.iter().find(|(winner, _)| {
        survivors.iter().filter(|(seat, _)| seat != winner).all(|(seat, _)| concessions.contains(&(*seat, *winner)))
    });
    let Some((_, title)) = winner.filter(|_| survivors.len() > 1) else {
        return Ok(false);
    };
    status::finish(conn, game_id, now, Some(&format!("{title} wins by concession")))
        .await
        .context("finishing the game by concession")?;
    notify::enqueue_game_end(conn, game_id, now).await?;
    Ok(true)
}

/// Ends the game by a draw or a concession if the seats have agreed on one; returns whether it did.
pub async fn finish_if_agreed(
    conn: &mut PgConnection,
    game_id: GameId,
    state: &AnyGame,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    // Most phases have neither: one look for any spares the turn worker the full checks.
    if !queries::has_draw_votes_or_concessions(conn, game_id).await? {
        return Ok(false);
    }
    Ok(finish_if_draw_agreed(conn, game_id, state, now).await? || finish_if_conceded(conn, game_id, state, now).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_start_of_a_standard_game_every_seat_survives() {
        let state = AnyGame::new(kinds::Kind::Standard, &serde_json::Value::Null, 1).unwrap();
        let numbering: Vec<(SeatId, kinds::SeatIndex)> =
            (0..7).map(|n| (SeatId(100 + i64::from(n)), kinds::SeatIndex(n))).collect();
        let survivors = surviving_seats(&state, &numbering);
        assert_eq!(survivors.len(), 7);
        assert_eq!(survivors[0], (SeatId(100), "Austria".to_owned()));
    }
}
