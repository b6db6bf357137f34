//! Games that start fast (issue 32, item 1): on `/play` a signed-in player waits for the next game of a
//! [`Choice`] (a kind, a pace, a press rule). Like a bus station, everyone who picks the same choice
//! waits in one queue, and a game forms as soon as enough wait: the players who waited longest take its
//! seats and are told (notice and mail); then the game's muster ([`muster`]): each confirms he is there
//! within [`Timing::muster`], and the game starts when all have, or when the muster ends. When every player
//! waiting for a choice allows it, bots take the seats still empty once the longest waiting has waited
//! [`Timing::bot_wait`] (`PLAY_BOT_WAIT_MINUTES`).
//!
//! **Exactly once:** every change to the queue takes one advisory lock for its transaction
//! (`queries::lock_queue`): a join forms the game in its own transaction, and the turn worker's round
//! ([`form_waited`]) forms the games whose wait has passed; the players taken leave the queue in the
//! transaction that seats them, so two replicas never seat anyone twice.
//!
//! **Secrets:** the page shows counts only, never who waits; the formed game's start notice names no
//! other player (rulings 0.5). A choice's reliability requirement ([`Choice::requirement`]) is asked on
//! joining the queue and stored on the game it forms.

pub mod muster;
mod pages;
pub(crate) mod queries;

#[cfg(test)]
mod tests;

use axum::Router;
use axum::routing::{get, post};
use chrono::{DateTime, Utc};
use kinds::Kind;
use sqlx::{PgConnection, PgPool};

use crate::error::{AppError, AppResult, FormErrors};
use crate::games::forms::{GameSettings, GameSettingsForm};
use crate::games::model::{GmAction, PowerAssignment, PressRule, SeatRole, StartRule, default_seat_count};
use crate::games::queries::{self as game_queries, NewGame};
use crate::ids::{AccountId, GameId};
use crate::reliability::Tier;
use crate::reliability::gate::{self, Requirement};
use crate::state::AppState;
use queries::Waiting;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/play", get(pages::play_page))
        .route("/play/join", post(pages::join))
        .route("/play/leave", post(pages::leave))
        .route("/games/{game_id}/muster", post(pages::confirm))
}

/// The deadline class of a choice: a day a phase, or a live game's minutes (processed when all are ready).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    Daily,
    Live(i32),
}

/// Who sits at a choice's table and how they talk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    FullPress,
    /// Full press, among players of the Reliable tier only.
    ReliableOnly,
    /// Anonymous and without press.
    Gunboat,
}

/// What a player may wait for on `/play`: a kind, a pace and a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub kind: Kind,
    pub pace: Pace,
    pub table: Table,
}

/// The paces of live games offered on `/play`, in minutes a phase.
const LIVE_MINUTES: [i32; 3] = [5, 10, 15];

impl Choice {
    /// Every choice offered: each kind a player joins alone, with a day a phase and full press; the standard
    /// game, the most played, also among Reliable players only, as gunboat, and live.
    pub fn all() -> Vec<Choice> {
        let daily = |kind, table| Choice { kind, pace: Pace::Daily, table };
        let standard = Kind::Standard;
        let mut choices = vec![
            daily(standard, Table::FullPress),
            daily(standard, Table::ReliableOnly),
            daily(standard, Table::Gunboat),
        ];
        choices.extend(LIVE_MINUTES.map(|minutes| Choice {
            kind: standard,
            pace: Pace::Live(minutes),
            table: Table::FullPress,
        }));
        let others =
            Kind::ALL.iter().copied().filter(|&kind| kind != standard && kind.facts().seats.seated_by_joining());
        choices.extend(others.map(|kind| daily(kind, Table::FullPress)));
        choices
    }

    /// The queue's key, stored with each waiting player and on the game formed (`game.play_choice`).
    pub fn slug(self) -> String {
        let kind = self.kind.slug();
        match (self.table, self.pace) {
            (Table::FullPress, Pace::Daily) => format!("{kind}-daily"),
            (Table::ReliableOnly, Pace::Daily) => format!("{kind}-daily-reliable"),
            (Table::Gunboat, Pace::Daily) => format!("{kind}-gunboat-daily"),
            (Table::FullPress, Pace::Live(minutes)) => format!("{kind}-live-{minutes}"),
            (Table::ReliableOnly, Pace::Live(minutes)) => format!("{kind}-live-{minutes}-reliable"),
            (Table::Gunboat, Pace::Live(minutes)) => format!("{kind}-gunboat-live-{minutes}"),
        }
    }

    pub fn from_slug(slug: &str) -> Option<Choice> {
        Choice::all().into_iter().find(|choice| choice.slug() == slug)
    }

    /// The choice in words, as the page offers it and names the formed game.
    pub fn label(self) -> String {
        let pace = match self.pace {
            Pace::Daily => "24-hour phases".to_owned(),
            Pace::Live(minutes) => format!("live, {minutes}-minute phases"),
        };
        let table = match self.table {
            Table::FullPress => "full press",
            Table::ReliableOnly => "full press, Reliable players only",
            Table::Gunboat => "gunboat (anonymous, no press)",
        };
        format!("{}, {pace}, {table}", self.kind.name())
    }

    fn press(self) -> PressRule {
        match self.table {
            Table::Gunboat => PressRule::NoPress,
            Table::FullPress | Table::ReliableOnly => PressRule::Full,
        }
    }

    fn anonymous(self) -> bool {
        self.table == Table::Gunboat
    }

    /// Who may wait for it (and so play the game it forms).
    pub fn requirement(self) -> Requirement {
        match self.table {
            Table::ReliableOnly => Requirement { min_tier: Some(Tier::Reliable), no_miss_in_last: None },
            Table::FullPress | Table::Gunboat => Requirement::default(),
        }
    }

    /// How many players make a game.
    pub fn seats(self) -> usize {
        usize::try_from(default_seat_count(self.kind)).unwrap_or(usize::MAX)
    }

    /// The formed game's settings, through the new-game form's validation: public, powers drawn at the
    /// start, bots in empty and abandoned seats only when `bots` (every player allowed them).
    fn settings(self, bots: bool) -> AppResult<GameSettings> {
        let on = |yes: bool| yes.then(|| "on".to_owned());
        let form = GameSettingsForm {
            kind: self.kind.slug().to_owned(),
            name: self.label(),
            description: "Formed on /play from the players waiting for it.".to_owned(),
            press: self.press().slug().to_owned(),
            anonymous: on(self.anonymous()),
            power_assignment: PowerAssignment::Random.slug().to_owned(),
            start_rule: StartRule::ByGm.slug().to_owned(),
            bots_fill: on(bots),
            bots_replace: on(bots),
            pace: match self.pace {
                Pace::Daily => String::new(),
                Pace::Live(minutes) => minutes.to_string(),
            },
            ..GameSettingsForm::default()
        };
        let mut errors = FormErrors::default();
        let settings = form.validate(&mut errors).filter(|_| errors.is_empty());
        let settings =
            settings.ok_or_else(|| AppError::Internal(anyhow::anyhow!("a /play choice's settings are refused")))?;
        Ok(settings.for_kind(self.kind))
    }
}

/// Who of the waiting players a game takes now, and whether the game allows bots (in its empty seats
/// and in seats left in civil disorder: only when every one of them allows bots); `None` while it
/// waits. Enough players: the longest waiting. Fewer: all of them, with bots in the other seats, once
/// every one allows bots and the longest waiting has waited `bot_wait`.
pub fn who_plays(
    waiting: &[Waiting],
    seats: usize,
    now: DateTime<Utc>,
    bot_wait: chrono::Duration,
) -> Option<(Vec<AccountId>, bool)> {
    if waiting.len() >= seats {
        let taken = &waiting[..seats];
        let all_allow = taken.iter().all(|player| player.allows_bots);
        return Some((taken.iter().map(|player| player.account_id).collect(), all_allow));
    }
    let first = waiting.first()?;
    let all_allow = waiting.iter().all(|player| player.allows_bots);
    (all_allow && now - first.joined_at >= bot_wait)
        .then(|| (waiting.iter().map(|player| player.account_id).collect(), true))
}

/// The queue's two waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// After the longest waiting began, bots may fill a game (when everyone waiting allows them).
    pub bot_wait: chrono::Duration,
    /// A formed game's players confirm they are there within this.
    pub muster: chrono::Duration,
}

/// Where a player stands after joining.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    Waiting,
    Formed(GameId),
}

/// Puts `account_id` in the queue for `choice` (the reliability requirement checked) and forms the game
/// if that makes enough; in the caller's transaction.
pub async fn join(
    conn: &mut PgConnection,
    account_id: AccountId,
    choice: Choice,
    allows_bots: bool,
    now: DateTime<Utc>,
    timing: Timing,
) -> AppResult<Joined> {
    if let Some(reason) = gate::refusal_for(conn, choice.requirement(), account_id).await? {
        return Err(AppError::Forbidden(reason));
    }
    queries::lock_queue(conn).await?;
    queries::enqueue(conn, account_id, &choice.slug(), allows_bots, now).await?;
    match form_if_due(conn, choice, now, timing).await? {
        Some((game_id, players)) if players.contains(&account_id) => Ok(Joined::Formed(game_id)),
        _ => Ok(Joined::Waiting),
    }
}

/// Takes `account_id` out of the queue; answers whether he was waiting.
pub async fn leave(conn: &mut PgConnection, account_id: AccountId) -> Result<bool, sqlx::Error> {
    queries::lock_queue(conn).await?;
    Ok(queries::dequeue(conn, &[account_id]).await? > 0)
}

/// The turn worker's round: forms every choice's game whose bots' wait has passed, in one transaction
/// under the queue's lock. Answers the games formed.
pub async fn form_waited(db: &PgPool, now: DateTime<Utc>, timing: Timing) -> AppResult<Vec<GameId>> {
    let mut tx = db.begin().await?;
    queries::lock_queue(&mut tx).await?;
    let mut formed = Vec::new();
    for choice in Choice::all() {
        if let Some((game_id, _)) = form_if_due(&mut tx, choice, now, timing).await? {
            formed.push(game_id);
        }
    }
    tx.commit().await?;
    Ok(formed)
}

/// Forms `choice`'s game if [`who_plays`] says so (the caller holds the queue's lock): answers the game
/// and its players.
async fn form_if_due(
    conn: &mut PgConnection,
    choice: Choice,
    now: DateTime<Utc>,
    timing: Timing,
) -> AppResult<Option<(GameId, Vec<AccountId>)>> {
    let waiting = queries::waiting(conn, &choice.slug()).await?;
    let Some((players, bots)) = who_plays(&waiting, choice.seats(), now, timing.bot_wait) else {
        return Ok(None);
    };
    let game_id = form(conn, choice, &players, bots, now, now + timing.muster).await?;
    muster::announce(conn, game_id, &players, timing.muster, now).await?;
    Ok(Some((game_id, players)))
}

/// Creates `choice`'s game with `players` seated (and, when `bots` allows them, bots in the other seats), run by the
/// site's own GM account, mustering until `muster_until`, and takes the players out of the queue.
async fn form(
    conn: &mut PgConnection,
    choice: Choice,
    players: &[AccountId],
    bots: bool,
    now: DateTime<Utc>,
    muster_until: DateTime<Utc>,
) -> AppResult<GameId> {
    let gm = queries::site_gm(conn, now).await?;
    let settings = choice.settings(bots)?;
    let invite_code = uuid::Uuid::new_v4().simple().to_string();
    let new = NewGame {
        kind: choice.kind,
        gm,
        settings: &settings,
        seat_count: default_seat_count(choice.kind),
        invite_code: &invite_code,
        rng_seed: rand::random(),
    };
    let game_id = game_queries::insert_game(conn, &new).await?;
    gate::store(conn, game_id, choice.requirement()).await?;
    muster::open(conn, game_id, choice, muster_until).await?;
    let created = format!("Formed on /play from {} waiting player(s).", players.len());
    game_queries::record_audit(conn, game_id, gm, GmAction::Create, &created).await?;
    for &player in players {
        game_queries::insert_seat(conn, game_id, player, SeatRole::Player).await?;
    }
    if bots {
        for _ in players.len()..choice.seats() {
            game_queries::insert_bot_seat(conn, game_id).await?;
        }
    }
    queries::dequeue(conn, players).await?;
    Ok(game_id)
}
