//! Seat plans on the site: how a game's seats are filled at the start and paired with the kind's seats,
//! and who holds which seat while it runs. The kind's `SeatPlan` (its facts) chooses; nothing here names
//! a kind:
//! - `OnePerPower`: players chose their powers or get a free one drawn from the game's seed.
//! - `PostsPerPower`: teams and individuals are formed into posts (`teams`), and the engine, which
//!   starts with every post vacant, is told who holds each; from then on the engine's `holders` are the
//!   truth (reliefs and coups move people) and the site's seats follow them after every change, so
//!   access and press membership follow the post (CAB.1).
//! - `PlayersOnly`: seats are numbered in join order.

use anyhow::anyhow;
use kinds::{AnyGame, PersonId, SeatIndex, SeatPlan};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sqlx::PgConnection;

use super::model::{GameStatus, Power};
use super::queries::{self, GameRow, SeatRow};
use super::teams;
use crate::error::{AppError, AppResult};
use crate::ids::{AccountId, SeatId};
use crate::turns::queries as turn_queries;

/// Gives every seat its place before the first phase, inside the start's transaction (which holds the
/// game row's lock), as the kind's seat plan says.
pub async fn place_at_start(conn: &mut PgConnection, game: &GameRow, seats: &[SeatRow]) -> Result<(), sqlx::Error> {
    match game.kind.facts().seats {
        SeatPlan::OnePerPower => {
            for (seat, power) in draw_missing_powers(game.rng_seed, seats) {
                queries::give_power(conn, game.game_id, seat.seat_id, seat.role, power).await?;
            }
            Ok(())
        }
        SeatPlan::PostsPerPower => teams::place_at_start(conn, game, seats).await,
        SeatPlan::PlayersOnly { .. } => Ok(()),
    }
}

/// Pairs each seat without a power with a free power, in an order fixed by `seed`.
pub fn draw_missing_powers(seed: i64, seats: &[SeatRow]) -> Vec<(&SeatRow, Power)> {
    let mut free: Vec<Power> =
        Power::ALL.iter().copied().filter(|power| !seats.iter().any(|seat| seat.powers.contains(power))).collect();
    free.shuffle(&mut ChaCha8Rng::seed_from_u64(seed as u64));
    seats.iter().filter(|seat| seat.powers.is_empty()).zip(free).collect()
}

/// Seats every person in the kind's new game, where its engine keeps track of holders (it starts with
/// every seat vacant); other kinds never hear of people.
pub fn seat_people(state: &mut AnyGame, seats: &[SeatRow], numbering: &[(SeatId, SeatIndex)]) -> anyhow::Result<()> {
    if !state.kind().facts().seats.engine_seats_people() {
        return Ok(());
    }
    for (seat_id, index) in numbering {
        let Some(seat) = seats.iter().find(|seat| seat.seat_id == *seat_id) else { continue };
        let person = match (seat.account_id, seat.bot) {
            (Some(account), _) => person(account),
            (None, true) => bot_person(*index),
            (None, false) => continue,
        };
        *state = state.seat_person(*index, Some(person)).map_err(|error| anyhow!(error))?;
    }
    Ok(())
}

/// Who holds a seat, as the site stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Nobody,
    Person(AccountId),
    Bot,
}

impl Holder {
    pub fn account(self) -> Option<AccountId> {
        match self {
            Holder::Person(account) => Some(account),
            Holder::Nobody | Holder::Bot => None,
        }
    }
}

/// The engine's person for an account: the account's id (`PersonId` is opaque to the engine).
pub fn person(account: AccountId) -> PersonId {
    PersonId(account.0)
}

/// The account of an engine's person (a bot's person has none: see [`holder_of`]).
pub fn account(person: PersonId) -> AccountId {
    AccountId(person.0)
}

/// The engine's person for a bot holding the kind's seat `index`: a negative id, which no account has
/// (account ids are positive), one per seat so that the engine, which seats a person once, can seat a
/// bot in every post. If the engine moves that person to another post (a coup), the bot goes with it.
pub fn bot_person(index: SeatIndex) -> PersonId {
    PersonId(-1 - i64::from(index.0))
}

/// Who the engine's person is on the site.
pub fn holder_of(person: PersonId) -> Holder {
    if person.0 < 0 { Holder::Bot } else { Holder::Person(AccountId(person.0)) }
}

/// Makes the site's seats follow the engine's holders after any change (a processed phase, a GM's
/// seating, an acceptance), and takes whoever now holds a seat off the standby list. Nothing to do for
/// kinds whose engine does not track holders.
pub async fn follow_engine(
    conn: &mut PgConnection,
    game: &GameRow,
    state: &AnyGame,
) -> anyhow::Result<Vec<HolderChange>> {
    let Some(engine_holders) = state.holders() else { return Ok(Vec::new()) };
    let numbering = turn_queries::game_seats(conn, game.game_id).await?;
    let before = queries::seats(conn, game.game_id).await?;
    let titles = state.seats();
    let mut changes = Vec::new();
    let mut holders = Vec::new();
    for (seat_id, index) in &numbering {
        let person = engine_holders.iter().find(|(seat, _)| seat == index).and_then(|(_, person)| *person);
        let holder = person.map_or(Holder::Nobody, holder_of);
        let left = before.iter().find(|seat| seat.seat_id == *seat_id).and_then(|seat| seat.account_id);
        if left != holder.account() {
            let title = titles.iter().find(|info| info.id == *index).map(|info| info.title.clone()).unwrap_or_default();
            changes.push(HolderChange { title, left, took: holder.account() });
        }
        holders.push((*seat_id, holder));
    }
    queries::set_holders(conn, game.game_id, &holders).await?;
    for account in holders.iter().filter_map(|(_, holder)| holder.account()) {
        queries::leave_standby(conn, game.game_id, account).await?;
    }
    Ok(changes)
}

/// A seat whose holder the engine changed (a relief, a coup, a standby player seated): the accounts to
/// tell, each of his own seat only (a bot or nobody is nobody to tell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HolderChange {
    /// The seat's title in the game (`France: General`).
    pub title: String,
    pub left: Option<AccountId>,
    pub took: Option<AccountId>,
}

/// The GM removing or replacing the holder of a seat in a running game whose engine tracks holders: the
/// engine's holder changes first (emptied, then filled; a Cabinet's motions naming the seat lapse,
/// CAB.8), and the site's seats follow it. Returns `false` for games where the seat row alone is the
/// truth, which the caller then changes itself.
pub async fn change_holder(
    conn: &mut PgConnection,
    game: &GameRow,
    seat: &SeatRow,
    holder: Holder,
) -> AppResult<Option<Vec<HolderChange>>> {
    if !game.kind.facts().seats.engine_seats_people() || game.status == GameStatus::Forming {
        return Ok(None);
    }
    let Some(index) = seat.game_seat.and_then(|number| u16::try_from(number).ok()).map(SeatIndex) else {
        return Ok(None);
    };
    let phase = turn_queries::current_phase(conn, game.game_id).await?.ok_or(AppError::NotFound)?;
    let mut current = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
    let held = current.holders().unwrap_or_default().iter().any(|(at, person)| *at == index && person.is_some());
    if held {
        current =
            current.seat_person(index, None).map_err(|reason| AppError::Conflict(format!("Not changed: {reason}.")))?;
    }
    let new_person = match holder {
        Holder::Nobody => None,
        Holder::Person(account_id) => Some(person(account_id)),
        Holder::Bot => Some(bot_person(index)),
    };
    if let Some(new_person) = new_person {
        current = current
            .seat_person(index, Some(new_person))
            .map_err(|reason| AppError::Conflict(format!("Not seated: {reason}.")))?;
    }
    turn_queries::replace_current_state(conn, game.game_id, phase.phase_index, current.to_json()).await?;
    follow_engine(conn, game, &current).await.map(Some).map_err(AppError::Internal)
}

/// Pairs each server seat with the game kind's seat playing the same powers (by name) in the same post.
/// Seats without powers (a players-only plan) are paired in join order: the server's seats by id, the
/// kind's in its own order, so `Player 1` is whoever joined first.
pub fn number_seats(state: &AnyGame, seats: &[SeatRow]) -> anyhow::Result<Vec<(SeatId, kinds::SeatIndex)>> {
    let kind_seats = state.seats();
    if seats.iter().all(|seat| seat.powers.is_empty()) && kind_seats.iter().all(|info| info.powers.is_empty()) {
        if seats.len() != kind_seats.len() {
            return Err(anyhow!("{} seats for a game of {} players", seats.len(), kind_seats.len()));
        }
        let mut in_join_order: Vec<&SeatRow> = seats.iter().collect();
        in_join_order.sort_by_key(|seat| seat.seat_id);
        return Ok(in_join_order.into_iter().zip(&kind_seats).map(|(seat, info)| (seat.seat_id, info.id)).collect());
    }
    seats
        .iter()
        .map(|seat| {
            let names: Vec<&str> = seat.powers.iter().map(|power| power.label()).collect();
            kind_seats
                .iter()
                .find(|info| {
                    info.role == seat.role.in_kind() && info.powers.iter().map(String::as_str).eq(names.iter().copied())
                })
                .map(|info| (seat.seat_id, info.id))
                .ok_or_else(|| anyhow!("no seat of the game plays {names:?}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::SeatRole;

    fn seat(id: i64, powers: Vec<Power>) -> SeatRow {
        SeatRow {
            seat_id: SeatId(id),
            role: SeatRole::Player,
            account_id: Some(AccountId(id)),
            display_name: None,
            username: None,
            powers,
            game_seat: None,
            bot: false,
            bot_stands_in: false,
        }
    }

    #[test]
    fn the_random_draw_gives_each_seat_a_distinct_free_power_and_repeats_with_the_same_seed() {
        let seats: Vec<SeatRow> = (1..=6).map(|id| seat(id, vec![])).chain([seat(7, vec![Power::France])]).collect();
        let draw = |seed| draw_missing_powers(seed, &seats).iter().map(|(s, p)| (s.seat_id, *p)).collect::<Vec<_>>();
        let first = draw(42);
        assert_eq!(first.len(), 6);
        assert!(first.iter().all(|(_, power)| *power != Power::France));
        let mut powers: Vec<_> = first.iter().map(|(_, power)| power.slug()).collect();
        powers.sort_unstable();
        powers.dedup();
        assert_eq!(powers.len(), 6);
        assert_eq!(first, draw(42));
    }
}
