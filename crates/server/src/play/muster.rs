//! The muster of a game formed on `/play`: before its first phase every player confirms he is there
//! (the game page's button) within the muster. When all have, the game starts at once; when the muster
//! ends ([`settle_ended`], the turn worker's round), whoever did not confirm loses his seat (recorded in
//! `muster_miss`, told by a notice; it is no missed phase: he had none to order), the players waiting
//! longest for the same choice take the seats left, then bots where the game allows them, and any seat
//! still empty opens for anyone to take over; the game starts on time.
//!
//! **Exactly once:** a confirmation holds the game's row lock; the muster's end is claimed with
//! `FOR UPDATE SKIP LOCKED` and takes the queue's lock before seating anyone from it.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

use super::{Choice, queries};
use crate::error::{AppError, AppResult};
use crate::games::model::SeatRole;
use crate::games::queries::{self as game_queries, GameRow};
use crate::ids::{AccountId, GameId};
use crate::notices::{Notice, NoticeKind, notify};

/// The muster as the game page shows it.
#[derive(Debug, Clone)]
pub struct Muster {
    pub until: DateTime<Utc>,
    pub confirmed: usize,
    pub players: usize,
    /// The viewer's own confirmation, when he holds a seat.
    pub mine: Option<bool>,
}

/// Marks the new game as mustering until `until`.
pub async fn open(conn: &mut PgConnection, game_id: GameId, choice: Choice, until: DateTime<Utc>) -> AppResult<()> {
    Ok(queries::open_muster(conn, game_id, &choice.slug(), until).await?)
}

/// Tells each player his game has formed and how long he has to confirm.
pub async fn announce(
    conn: &mut PgConnection,
    game_id: GameId,
    players: &[AccountId],
    muster: chrono::Duration,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let within = format!("{} minutes", muster.num_minutes());
    for &player in players {
        let notice =
            Notice { game_id, kind: NoticeKind::GameFormed, detail: &within, link_path: format!("/games/{game_id}") };
        notify(conn, player, &notice, now).await?;
    }
    Ok(())
}

/// The game's muster for `viewer`; `None` when the game is not mustering.
pub async fn of(conn: &mut PgConnection, game_id: GameId, viewer: Option<AccountId>) -> AppResult<Option<Muster>> {
    let Some((until, _)) = queries::muster_of(conn, game_id).await? else {
        return Ok(None);
    };
    let seats = queries::mustered(conn, game_id).await?;
    let mine = viewer.and_then(|viewer| seats.iter().find(|(_, holder, _)| *holder == viewer)).map(|seat| seat.2);
    let confirmed = seats.iter().filter(|(_, _, confirmed)| *confirmed).count();
    Ok(Some(Muster { until, confirmed, players: seats.len(), mine }))
}

/// Confirms that `account_id` is there; starts the game when every seat is held and confirmed (or
/// played by a bot). Answers whether it started.
pub async fn confirm(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let (game, seats) = game_queries::game_and_seats_for_update(conn, game_id).await?.ok_or(AppError::NotFound)?;
    let (until, _) = queries::muster_of(conn, game_id)
        .await?
        .ok_or_else(|| AppError::Conflict("This game is not waiting for its players' confirmation.".to_owned()))?;
    if now >= until {
        return Err(AppError::Conflict("The time to confirm has passed.".to_owned()));
    }
    let seat = seats
        .iter()
        .find(|seat| seat.account_id == Some(account_id))
        .ok_or_else(|| AppError::Forbidden("You have no seat in this game.".to_owned()))?;
    queries::confirm_seat(conn, seat.seat_id, now).await?;
    let everyone = queries::mustered(conn, game_id).await?.iter().all(|(_, _, confirmed)| *confirmed);
    let full = crate::turns::start::readiness(&game, &seats).is_ok();
    if !(everyone && full) {
        return Ok(false);
    }
    queries::close_muster(conn, game_id).await?;
    crate::turns::start::begin(conn, &game, &seats, now).await?;
    Ok(true)
}

/// The turn worker's round: settles every muster that has ended, each in its own transaction. Answers
/// the games started.
pub async fn settle_ended(db: &PgPool, now: DateTime<Utc>) -> AppResult<Vec<GameId>> {
    let mut started = Vec::new();
    loop {
        let mut tx = db.begin().await?;
        let Some(game_id) = queries::claim_ended_muster(&mut tx, now).await? else {
            return Ok(started);
        };
        let game = game_queries::game(&mut tx, game_id).await?.ok_or(AppError::NotFound)?;
        settle(&mut tx, &game, now).await?;
        tx.commit().await?;
        started.push(game_id);
    }
}

/// Ends `game`'s muster (its row locked by the caller): unseats who did not confirm, seats the players
/// waiting for the same choice, then bots where allowed, opens what is left, and starts the game.
async fn settle(conn: &mut PgConnection, game: &GameRow, now: DateTime<Utc>) -> AppResult<()> {
    let game_id = game.game_id;
    let (_, slug) = queries::muster_of(conn, game_id).await?.ok_or(AppError::NotFound)?;
    let choice =
        Choice::from_slug(&slug).ok_or_else(|| AppError::Internal(anyhow::anyhow!("unknown choice {slug}")))?;
    for (seat_id, holder, confirmed) in queries::mustered(conn, game_id).await? {
        if !confirmed {
            queries::record_muster_miss(conn, holder, game_id, now).await?;
            game_queries::set_seat_holder(conn, seat_id, None).await?;
            let notice =
                Notice { game_id, kind: NoticeKind::MusterMissed, detail: "", link_path: format!("/games/{game_id}") };
            notify(conn, holder, &notice, now).await?;
        }
    }
    fill_from_queue(conn, game, choice).await?;
    fill_the_rest(conn, game).await?;
    queries::close_muster(conn, game_id).await?;
    let seats = game_queries::seats(conn, game_id).await?;
    crate::turns::start::begin(conn, game, &seats, now).await?;
    Ok(())
}

/// Seats the players waiting longest for `choice` in the game's empty seats, and takes them out of the
/// queue (under its lock). Nobody already in the game is seated twice.
async fn fill_from_queue(conn: &mut PgConnection, game: &GameRow, choice: Choice) -> AppResult<()> {
    queries::lock_queue(conn).await?;
    let seats = game_queries::seats(conn, game.game_id).await?;
    let open: Vec<_> =
        seats.iter().filter(|seat| seat.account_id.is_none() && !seat.bot).map(|seat| seat.seat_id).collect();
    let gaps = usize::try_from(game.seat_count).unwrap_or(0).saturating_sub(seats.len());
    let lapsed = queries::lapsed_in(conn, game.game_id).await?;
    let seated_or_lapsed =
        |account: AccountId| seats.iter().any(|seat| seat.account_id == Some(account)) || lapsed.contains(&account);
    let waiting: Vec<AccountId> = queries::waiting(conn, &choice.slug())
        .await?
        .into_iter()
        .map(|player| player.account_id)
        .filter(|account| !seated_or_lapsed(*account))
        .take(open.len() + gaps)
        .collect();
    for (at, &player) in waiting.iter().enumerate() {
        match open.get(at) {
            Some(&seat_id) => game_queries::set_seat_holder(conn, seat_id, Some(player)).await?,
            None => drop(game_queries::insert_seat(conn, game.game_id, player, SeatRole::Player).await?),
        }
    }
    queries::dequeue(conn, &waiting).await?;
    Ok(())
}

/// Gives every empty seat to a bot where the game allows bots; else leaves it open (a seat row without
/// holder), for anyone to take over once the game runs.
async fn fill_the_rest(conn: &mut PgConnection, game: &GameRow) -> AppResult<()> {
    let seats = game_queries::seats(conn, game.game_id).await?;
    for _ in seats.len()..usize::try_from(game.seat_count).unwrap_or(0) {
        let seat_id = game_queries::insert_bot_seat(conn, game.game_id).await?;
        if !game.bots_fill_at_start {
            game_queries::set_seat_holder(conn, seat_id, None).await?;
        }
    }
    if game.bots_fill_at_start {
        for seat in seats.iter().filter(|seat| seat.account_id.is_none() && !seat.bot) {
            game_queries::set_seat_bot(conn, seat.seat_id, false).await?;
        }
    }
    Ok(())
}
