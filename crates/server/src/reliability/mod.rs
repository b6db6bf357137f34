//! The reliability record (issue 32): what follows a player from one game to the next. Computed from
//! what the site stores anyway: each processed phase's sheets, stamped with the account that held the
//! seat when the phase was processed (`queries::stamp_holders`, in the turn's own transaction; a
//! rollback reopens phases, and only processed phases count, so the record follows it).
//!
//! **The rule, in plain words** ([`rate`]): the record looks at the player's last [`RECENT_GAMES`]
//! games in which they had orders to give. With fewer than [`PHASES_TO_JUDGE`] phases to order there,
//! the player is **New**, whatever they missed: a newcomer is never punished. Otherwise the player is
//! **Reliable** when they missed at most [`MAX_MISSED_PERCENT`] % of those phases and left none of
//! those games in civil disorder (two of their phases to order missed in a row, the site's civil
//! disorder), and **Unreliable** when not.
//!
//! **Secrets** (rulings 0.5, §2): a profile lists a game, and the player's misses in it, only once the
//! game has finished and only where the game shows who played, by the archive's rule
//! ([`shows_players`]): public, not anonymous, not gunboat, and not a kind whose holders are always
//! secret (Cabinet Diplomacy's posts, Covert Operations' players). Everything else counts only in the
//! totals ("and 2 missed phases in games still running"), never tied to a game or a power.

pub mod disorder;
pub mod gate;
mod pages;
pub(crate) mod queries;

#[cfg(test)]
mod disorder_tests;
#[cfg(test)]
mod tests;

use axum::Router;
use axum::routing::get;

use crate::games::model::{GameStatus, PressRule};
use crate::state::AppState;
use queries::PlayedGame;

pub use pages::{profile_path, result_words};

/// How many of a player's most recent games the tier looks at.
pub const RECENT_GAMES: usize = 10;
/// Fewer phases to order than this in the recent games: too few to judge, the player is New.
pub const PHASES_TO_JUDGE: i64 = 10;
/// The share of phases a Reliable player may miss in the recent games, in percent.
pub const MAX_MISSED_PERCENT: i64 = 10;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/players/{username}", get(pages::profile))
}

/// A player's reliability, in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type, serde::Deserialize)]
#[sqlx(type_name = "reliability_tier", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Unreliable,
    New,
    Reliable,
}

impl Tier {
    pub fn label(self) -> &'static str {
        match self {
            Tier::New => "New",
            Tier::Reliable => "Reliable",
            Tier::Unreliable => "Unreliable",
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Tier::New => "new",
            Tier::Reliable => "reliable",
            Tier::Unreliable => "unreliable",
        }
    }
}

/// The tier and why, from the recent games' totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub tier: Tier,
    pub why: String,
}

/// The rule of the module's documentation, applied to the recent games.
pub fn rate(recent: &[&PlayedGame]) -> Rating {
    let games = recent.len();
    let to_order: i64 = recent.iter().map(|game| game.phases_to_order).sum();
    let missed: i64 = recent.iter().map(|game| game.phases_missed).sum();
    let left = recent.iter().filter(|game| game.left_in_disorder).count();
    let over = format!("in their last {games} game(s)");
    if to_order < PHASES_TO_JUDGE {
        let why = format!(
            "{to_order} phase(s) to order {over}: it takes {PHASES_TO_JUDGE} to judge, and a newcomer is never rated Unreliable."
        );
        return Rating { tier: Tier::New, why };
    }
    let too_many = missed * 100 > to_order * MAX_MISSED_PERCENT;
    let tier = if too_many || left > 0 { Tier::Unreliable } else { Tier::Reliable };
    let misses = format!(
        "missed {missed} of {to_order} phase(s) to order {over} ({} {MAX_MISSED_PERCENT}% allowed)",
        if too_many { "more than the" } else { "within the" }
    );
    let disorder = match left {
        0 => "left none of them in civil disorder".to_owned(),
        left => format!("left {left} of them in civil disorder (two missed phases in a row)"),
    };
    Rating { tier, why: format!("{}: {misses}, and {disorder}.", tier.label()) }
}

/// Whether a game shows who played in it, once finished (the archive's rule): public, not anonymous,
/// not gunboat, and of a kind whose holders are not always secret.
pub fn shows_players(game: &PlayedGame) -> bool {
    game.is_public
        && !game.anonymous
        && game.press != PressRule::NoPress
        && !game.kind.facts().seats.holders_always_secret()
}

/// An account's whole record, as its profile shows it.
#[derive(Debug, Clone)]
pub struct Record {
    pub phases_to_order: i64,
    pub phases_missed: i64,
    pub games_left_in_disorder: usize,
    /// Finished games the player held a seat in at the end (cancelled games are no result).
    pub games_finished: usize,
    pub rating: Rating,
    /// The finished games a profile may list, newest first.
    pub listed: Vec<PlayedGame>,
    /// Misses in games still running, counted only in the total.
    pub missed_in_running_games: i64,
    /// Misses in finished games that keep their players secret, counted only in the total.
    pub missed_in_secret_games: i64,
    /// Seats taken over from someone else (a player who left, or a bot standing in): the record's
    /// credit, counted only in the total.
    pub seats_taken_over: i64,
    /// Games formed on `/play` the player did not confirm he was there for (no missed phase: he had
    /// none to order), counted only in the total, outside the tier.
    pub musters_missed: i64,
}

impl Record {
    /// The record of the games an account played in, the most recently started first (without the
    /// seats taken over, which [`record_of`] reads besides).
    pub fn of(games: Vec<PlayedGame>) -> Record {
        let judged: Vec<&PlayedGame> =
            games.iter().filter(|game| game.phases_to_order > 0).take(RECENT_GAMES).collect();
        let rating = rate(&judged);
        let finished = |game: &&PlayedGame| game.status == GameStatus::Finished;
        let missed_in = |keep: &dyn Fn(&PlayedGame) -> bool| -> i64 {
            games.iter().filter(|game| keep(game)).map(|game| game.phases_missed).sum()
        };
        Record {
            phases_to_order: games.iter().map(|game| game.phases_to_order).sum(),
            phases_missed: games.iter().map(|game| game.phases_missed).sum(),
            games_left_in_disorder: games.iter().filter(|game| game.left_in_disorder).count(),
            games_finished: games.iter().filter(finished).filter(|game| game.seated && !game.cancelled).count(),
            rating,
            missed_in_running_games: missed_in(&|game| game.status != GameStatus::Finished),
            missed_in_secret_games: missed_in(&|game| game.status == GameStatus::Finished && !shows_players(game)),
            listed: games
                .into_iter()
                .filter(|game| game.status == GameStatus::Finished && shows_players(game))
                .collect(),
            seats_taken_over: 0,
            musters_missed: 0,
        }
    }
}

/// The account's record, read now.
pub async fn record_of(
    conn: &mut sqlx::PgConnection,
    account_id: crate::ids::AccountId,
) -> Result<Record, sqlx::Error> {
    let record = Record::of(queries::played_games(conn, account_id).await?);
    Ok(Record {
        seats_taken_over: queries::seats_taken_over(conn, account_id).await?,
        musters_missed: crate::play::queries::musters_missed(conn, account_id).await?,
        ..record
    })
}
