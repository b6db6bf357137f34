//! SQL for games, seats and the audit log. Functions take `&mut PgConnection` so one transaction can
//! span features (the GM panel reuses these inside its own transactions).

use chrono::{DateTime, NaiveTime, Utc};
use chrono_tz::Tz;
use kinds::Kind;
use sqlx::PgConnection;
use sqlx::types::Json;

use super::deadline::{DeadlineSettings, PhaseDuration, WeekdaySet};
use super::forms::{BotSettings, GameSettings};
use super::model::{
    DeadlineMode, GameStatus, GmAction, Power, PowerAssignment, PressRule, SeatRole, StartRule, StoredKind,
};
use crate::ids::{AccountId, GameId, SeatId, TeamId};
use crate::press::rules::PressSettings;
use crate::turns::queries::PhaseProgress;

/// A `game` row, less what no page needs.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub game_id: GameId,
    pub kind: Kind,
    pub name: String,
    pub description: String,
    pub gm_account_id: AccountId,
    pub gm_display_name: String,
    pub status: GameStatus,
    pub is_public: bool,
    pub invite_code: String,
    pub press: PressRule,
    pub grey_press: bool,
    pub press_published_after_end: bool,
    pub anonymous: bool,
    pub deadline_mode: DeadlineMode,
    pub movement_minutes: i32,
    pub retreat_minutes: i32,
    pub adjustment_minutes: i32,
    pub fixed_deadline_time: Option<NaiveTime>,
    pub deadline_time_zone: String,
    pub no_process_weekdays: i16,
    pub power_assignment: PowerAssignment,
    pub start_rule: StartRule,
    pub process_when_ready: bool,
    pub seat_count: i16,
    pub rng_seed: i64,
    pub deadline_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The GM previews each phase's results before releasing them (`gm::preview`).
    pub preview_results: bool,
    /// Why the deadline moved, for the order page (e.g. after the site was down).
    pub deadline_notice: Option<String>,
    /// How the game ended (who won), once it has.
    pub result_summary: Option<String>,
    /// The start fills the seats still empty with bots.
    pub bots_fill_at_start: bool,
    /// The turn worker gives a seat in civil disorder to a bot.
    pub bots_replace_disorder: bool,
}

impl GameRow {
    /// The stored settings in their typed form; out-of-range durations cannot be stored (table checks).
    pub fn settings(&self) -> GameSettings {
        let duration = |minutes| PhaseDuration::from_minutes(minutes).unwrap_or(PhaseDuration::ONE_DAY);
        GameSettings {
            name: self.name.clone(),
            description: self.description.clone(),
            is_public: self.is_public,
            press: PressSettings {
                rule: self.press,
                grey: self.grey_press,
                published_after_end: self.press_published_after_end,
            },
            anonymous: self.anonymous,
            deadlines: DeadlineSettings {
                mode: self.deadline_mode,
                movement: duration(self.movement_minutes),
                retreat: duration(self.retreat_minutes),
                adjustment: duration(self.adjustment_minutes),
                fixed_time: self.fixed_deadline_time,
                zone: self.deadline_time_zone.parse().unwrap_or(Tz::UTC),
                no_process_days: WeekdaySet::from_bits(self.no_process_weekdays),
            },
            power_assignment: self.power_assignment,
            start_rule: self.start_rule,
            process_when_ready: self.process_when_ready,
            bots: BotSettings { fill_at_start: self.bots_fill_at_start, replace_disorder: self.bots_replace_disorder },
        }
    }
}

/// The game alone: [`game_and_seats`], whose one query every read of a game row goes through.
pub async fn game(conn: &mut PgConnection, game_id: GameId) -> Result<Option<GameRow>, sqlx::Error> {
    Ok(game_and_seats(conn, game_id).await?.map(|(game, _)| game))
}

/// The game with its seats (as [`seats`] reads them), in one statement: the pages that show a game read
/// both on every request, and a round trip costs the database more than either query.
pub async fn game_and_seats(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Option<(GameRow, Vec<SeatRow>)>, sqlx::Error> {
    Ok(game_row(conn, game_id, false).await?.map(|(game, seats, _)| (game, seats)))
}

/// [`game_and_seats`] with the game's latest phase and every seat's progress in it, in the same
/// statement: the game page, the site's busiest, shows all three.
pub async fn game_seats_and_phase(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Option<(GameRow, Vec<SeatRow>, Option<PhaseProgress>)>, sqlx::Error> {
    game_row(conn, game_id, true).await
}

/// The one query behind every read of a game row; the latest phase is read only `with_phase`.
async fn game_row(
    conn: &mut PgConnection,
    game_id: GameId,
    with_phase: bool,
) -> Result<Option<(GameRow, Vec<SeatRow>, Option<PhaseProgress>)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select g.game_id as "game_id: GameId", g.kind as "kind: StoredKind", g.name, g.description,
            g.gm_account_id as "gm_account_id: AccountId", gm.display_name as gm_display_name,
            g.status as "status: GameStatus", g.is_public, g.invite_code, g.press as "press: PressRule",
            g.grey_press, g.press_published_after_end, g.anonymous, g.deadline_mode as "deadline_mode: DeadlineMode",
            g.movement_minutes, g.retreat_minutes, g.adjustment_minutes,
            g.fixed_deadline_time as "fixed_deadline_time: NaiveTime", g.deadline_time_zone, g.no_process_weekdays,
            g.power_assignment as "power_assignment: PowerAssignment", g.start_rule as "start_rule: StartRule",
            g.process_when_ready, g.seat_count, g.rng_seed, g.deadline_at as "deadline_at: DateTime<Utc>",
            g.created_at as "created_at: DateTime<Utc>", g.started_at as "started_at: DateTime<Utc>",
            g.finished_at as "finished_at: DateTime<Utc>", g.preview_results, g.deadline_notice, g.result_summary,
            g.bots_fill_at_start, g.bots_replace_disorder,
            (select coalesce(json_agg(json_build_object('seat_id', s.seat_id, 'role', s.role,
                        'account_id', s.account_id, 'display_name', a.display_name, 'username', a.username, 'game_seat', s.game_seat,
                        'bot', s.bot, 'bot_stands_in', s.bot_stands_in,
                        'powers', array(select p.power from seat_power p where p.seat_id = s.seat_id order by p.power))
                      order by s.seat_id), '[]')
               from seat s left join account a on a.account_id = s.account_id
               where s.game_id = g.game_id) as "seats!: Json<Vec<SeatRow>>",
            -- In a sub-select, so the planner cannot fold the flag into a plan for each call: the
            -- statement is planned once per connection.
            case when (select $2::boolean) then
              (select json_build_object('phase_index', p.phase_index, 'label', p.label, 'state', p.state,
                  'sheets', (select coalesce(json_agg(json_build_object('game_seat', s.game_seat,
                                'must_order', o.must_order, 'has_orders', o.orders <> '', 'ready', o.ready,
                                'bot', s.bot)
                              order by s.game_seat), '[]')
                             from seat_order o join seat s on s.seat_id = o.seat_id
                             where o.game_id = p.game_id and o.phase_index = p.phase_index
                               and s.game_seat is not null))
                 from phase p
                 where p.game_id = g.game_id and p.processed_at is null)
            end as "phase: Json<PhaseProgress>"
         from game g join account gm on gm.account_id = g.gm_account_id
         where g.game_id = $1"#,
        game_id as GameId,
        with_phase
    )
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|row| {
        let game = GameRow {
            game_id: row.game_id,
            kind: row.kind.into(),
            name: row.name,
            description: row.description,
            gm_account_id: row.gm_account_id,
            gm_display_name: row.gm_display_name,
            status: row.status,
            is_public: row.is_public,
            invite_code: row.invite_code,
            press: row.press,
            grey_press: row.grey_press,
            press_published_after_end: row.press_published_after_end,
            anonymous: row.anonymous,
            deadline_mode: row.deadline_mode,
            movement_minutes: row.movement_minutes,
            retreat_minutes: row.retreat_minutes,
            adjustment_minutes: row.adjustment_minutes,
            fixed_deadline_time: row.fixed_deadline_time,
            deadline_time_zone: row.deadline_time_zone,
            no_process_weekdays: row.no_process_weekdays,
            power_assignment: row.power_assignment,
            start_rule: row.start_rule,
            process_when_ready: row.process_when_ready,
            seat_count: row.seat_count,
            rng_seed: row.rng_seed,
            deadline_at: row.deadline_at,
            created_at: row.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            preview_results: row.preview_results,
            deadline_notice: row.deadline_notice,
            result_summary: row.result_summary,
            bots_fill_at_start: row.bots_fill_at_start,
            bots_replace_disorder: row.bots_replace_disorder,
        };
        (game, row.seats.0, row.phase.map(|Json(phase)| phase))
    }))
}

/// [`game_and_seats`], the game row locked as `lock` says (and read after the lock is granted).
pub async fn game_and_seats_locked(
    conn: &mut PgConnection,
    game_id: GameId,
    lock: RowLock,
) -> Result<Option<(GameRow, Vec<SeatRow>)>, sqlx::Error> {
    if !lock_game(conn, game_id, lock).await? {
        return Ok(None);
    }
    game_and_seats(conn, game_id).await
}

/// [`game_for_update`] with the game's seats, read after the lock is granted.
pub async fn game_and_seats_for_update(
    conn: &mut PgConnection,
    game_id: GameId,
) -> Result<Option<(GameRow, Vec<SeatRow>)>, sqlx::Error> {
    game_and_seats_locked(conn, game_id, RowLock::Update).await
}

/// The game row, locked until the transaction ends: every change to a game or its seats takes this
/// lock first, so two joins cannot both take the last seat. The row is read after the lock is granted,
/// so it is the latest committed one.
pub async fn game_for_update(conn: &mut PgConnection, game_id: GameId) -> Result<Option<GameRow>, sqlx::Error> {
    game_locked(conn, game_id, RowLock::Update).await
}

/// How a transaction holds a game's row until it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowLock {
    /// Writers of the game row (the turn worker's claim, the GM) wait; other share holders do not: for
    /// work inside the current phase, such as saving one seat's orders.
    Share,
    /// Everyone else who locks or writes the row waits.
    Update,
}

/// The game, its row locked as `lock` says (and read after the lock is granted).
pub async fn game_locked(
    conn: &mut PgConnection,
    game_id: GameId,
    lock: RowLock,
) -> Result<Option<GameRow>, sqlx::Error> {
    Ok(game_and_seats_locked(conn, game_id, lock).await?.map(|(game, _)| game))
}

/// Locks the game's row as `lock` says, until the transaction ends; false when there is no such game.
async fn lock_game(conn: &mut PgConnection, game_id: GameId, lock: RowLock) -> Result<bool, sqlx::Error> {
    let locked = match lock {
        RowLock::Update => {
            sqlx::query_scalar!("select 1 as locked from game where game_id = $1 for update", game_id as GameId)
                .fetch_optional(conn)
                .await?
        }
        RowLock::Share => {
            sqlx::query_scalar!("select 1 as locked from game where game_id = $1 for share", game_id as GameId)
                .fetch_optional(conn)
                .await?
        }
    };
    Ok(locked.is_some())
}

pub struct NewGame<'a> {
    pub kind: Kind,
    pub gm: AccountId,
    pub settings: &'a GameSettings,
    pub seat_count: i16,
    pub invite_code: &'a str,
    pub rng_seed: i64,
}

pub async fn insert_game(conn: &mut PgConnection, new: &NewGame<'_>) -> Result<GameId, sqlx::Error> {
    let settings = new.settings;
    let deadlines = &settings.deadlines;
    sqlx::query_scalar!(
        r#"insert into game (kind, name, description, gm_account_id, is_public, invite_code, press, anonymous,
            deadline_mode, movement_minutes, retreat_minutes, adjustment_minutes, fixed_deadline_time,
            deadline_time_zone, no_process_weekdays, power_assignment, start_rule, seat_count, rng_seed,
            process_when_ready, grey_press, press_published_after_end, bots_fill_at_start, bots_replace_disorder)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
            $23, $24)
         returning game_id as "game_id: GameId""#,
        new.kind.slug(),
        &settings.name,
        &settings.description,
        new.gm as AccountId,
        settings.is_public,
        new.invite_code,
        settings.press.rule as PressRule,
        settings.anonymous,
        deadlines.mode as DeadlineMode,
        deadlines.movement.minutes(),
        deadlines.retreat.minutes(),
        deadlines.adjustment.minutes(),
        deadlines.fixed_time as _,
        deadlines.zone.name(),
        deadlines.no_process_days.bits(),
        settings.power_assignment as PowerAssignment,
        settings.start_rule as StartRule,
        new.seat_count,
        new.rng_seed,
        settings.process_when_ready,
        settings.press.grey,
        settings.press.published_after_end,
        settings.bots.fill_at_start,
        settings.bots.replace_disorder
    )
    .fetch_one(conn)
    .await
}

pub async fn update_settings(
    conn: &mut PgConnection,
    game_id: GameId,
    settings: &GameSettings,
) -> Result<(), sqlx::Error> {
    let deadlines = &settings.deadlines;
    sqlx::query!(
        "update game set name = $2, description = $3, is_public = $4, press = $5, anonymous = $6,
            deadline_mode = $7, movement_minutes = $8, retreat_minutes = $9, adjustment_minutes = $10,
            fixed_deadline_time = $11, deadline_time_zone = $12, no_process_weekdays = $13,
            power_assignment = $14, start_rule = $15, process_when_ready = $16, grey_press = $17,
            press_published_after_end = $18, bots_fill_at_start = $19, bots_replace_disorder = $20
         where game_id = $1",
        game_id as GameId,
        &settings.name,
        &settings.description,
        settings.is_public,
        settings.press.rule as PressRule,
        settings.anonymous,
        deadlines.mode as DeadlineMode,
        deadlines.movement.minutes(),
        deadlines.retreat.minutes(),
        deadlines.adjustment.minutes(),
        deadlines.fixed_time as _,
        deadlines.zone.name(),
        deadlines.no_process_days.bits(),
        settings.power_assignment as PowerAssignment,
        settings.start_rule as StartRule,
        settings.process_when_ready,
        settings.press.grey,
        settings.press.published_after_end,
        settings.bots.fill_at_start,
        settings.bots.replace_disorder
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Sets how many seats the game has (only kinds of players without powers let the GM change it).
pub async fn set_seat_count(conn: &mut PgConnection, game_id: GameId, seat_count: i16) -> Result<(), sqlx::Error> {
    sqlx::query!("update game set seat_count = $2 where game_id = $1", game_id as GameId, seat_count)
        .execute(conn)
        .await
        .map(drop)
}

/// A lobby line.
#[derive(Debug)]
pub struct GameSummary {
    pub game_id: GameId,
    pub kind: Kind,
    pub name: String,
    pub gm_display_name: String,
    pub status: GameStatus,
    pub press: PressRule,
    pub anonymous: bool,
    pub is_public: bool,
    pub seat_count: i16,
    pub filled_seats: i64,
    pub deadline_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// Public games in the given statuses (and kind), newest first, from just after `after` (a keyset:
/// the last game of the previous page), at most `limit`. Served by `game_lobby_page_idx` (or its kind
/// twin) in index order, so a deep page costs what the first does. Two statements rather than a
/// `$n is null or …` condition: a prepared statement's generic plan could not use the index through it.
pub async fn public_games(
    conn: &mut PgConnection,
    statuses: &[GameStatus],
    kind: Option<Kind>,
    after: Option<crate::archive::Cursor>,
    limit: i64,
) -> Result<Vec<GameSummary>, sqlx::Error> {
    let statuses: Vec<&str> = statuses.iter().map(|status| status.slug()).collect();
    let after = after.unwrap_or(crate::archive::Cursor::BEFORE_ALL);
    match kind {
        Some(kind) => {
            sqlx::query_as!(
                GameSummary,
                r#"select g.game_id as "game_id: GameId", g.kind as "kind: StoredKind", g.name,
                    gm.display_name as gm_display_name, g.status as "status: GameStatus",
                    g.press as "press: PressRule", g.anonymous, g.is_public, g.seat_count,
                    (select count(*) from seat s where s.game_id = g.game_id and s.account_id is not null)
                        as "filled_seats!",
                    g.deadline_at as "deadline_at: DateTime<Utc>", g.created_at as "created_at: DateTime<Utc>"
                 from game g join account gm on gm.account_id = g.gm_account_id
                 where g.is_public and g.status = any($1::game_status[]) and g.kind = $5
                   and (g.created_at, g.game_id) < ($2, $3)
                 order by g.created_at desc, g.game_id desc limit $4"#,
                &statuses as _,
                after.created_at as _,
                after.game_id as GameId,
                limit,
                kind.slug()
            )
            .fetch_all(conn)
            .await
        }
        None => {
            sqlx::query_as!(
                GameSummary,
                r#"select g.game_id as "game_id: GameId", g.kind as "kind: StoredKind", g.name,
                    gm.display_name as gm_display_name, g.status as "status: GameStatus",
                    g.press as "press: PressRule", g.anonymous, g.is_public, g.seat_count,
                    (select count(*) from seat s where s.game_id = g.game_id and s.account_id is not null)
                        as "filled_seats!",
                    g.deadline_at as "deadline_at: DateTime<Utc>", g.created_at as "created_at: DateTime<Utc>"
                 from game g join account gm on gm.account_id = g.gm_account_id
                 where g.is_public and g.status = any($1::game_status[])
                   and (g.created_at, g.game_id) < ($2, $3)
                 order by g.created_at desc, g.game_id desc limit $4"#,
                &statuses as _,
                after.created_at as _,
                after.game_id as GameId,
                limit
            )
            .fetch_all(conn)
            .await
        }
    }
}

/// Games the account runs or sits in, whatever their visibility.
pub async fn games_of(conn: &mut PgConnection, account_id: AccountId) -> Result<Vec<GameSummary>, sqlx::Error> {
    sqlx::query_as!(
        GameSummary,
        r#"select g.game_id as "game_id: GameId", g.kind as "kind: StoredKind", g.name,
            gm.display_name as gm_display_name, g.status as "status: GameStatus", g.press as "press: PressRule",
            g.anonymous, g.is_public, g.seat_count,
            (select count(*) from seat s where s.game_id = g.game_id and s.account_id is not null) as "filled_seats!",
            g.deadline_at as "deadline_at: DateTime<Utc>", g.created_at as "created_at: DateTime<Utc>"
         from game g join account gm on gm.account_id = g.gm_account_id
         where g.gm_account_id = $1
            or exists (select 1 from seat s where s.game_id = g.game_id and s.account_id = $1)
         order by g.status = 'finished', g.created_at desc"#,
        account_id as AccountId
    )
    .fetch_all(conn)
    .await
}

/// A seat with its holder (if any) and powers.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct SeatRow {
    pub seat_id: SeatId,
    pub role: SeatRole,
    pub account_id: Option<AccountId>,
    pub display_name: Option<String>,
    /// The holder's username (their profile's address).
    #[serde(default)]
    pub username: Option<String>,
    pub powers: Vec<Power>,
    /// The seat's number in the game kind's state, once the game has started.
    pub game_seat: Option<i16>,
    /// A bot plays the seat (it then has no account).
    #[serde(default)]
    pub bot: bool,
    /// The bot stands in for a seat in civil disorder, which anyone may take over.
    #[serde(default)]
    pub bot_stands_in: bool,
}

/// Each started seat with its number in the game kind's state, by number (what
/// `turns::queries::game_seats` reads, from seats already loaded).
pub fn numbering(seats: &[SeatRow]) -> Vec<(SeatId, kinds::SeatIndex)> {
    let mut numbered: Vec<(SeatId, kinds::SeatIndex)> =
        seats.iter().filter_map(|seat| Some((seat.seat_id, seat.number()?))).collect();
    numbered.sort_by_key(|(_, number)| *number);
    numbered
}

/// The number in the game kind's state of the seat `seat_id`, once the game has started.
pub fn number_of(seats: &[SeatRow], seat_id: SeatId) -> Option<kinds::SeatIndex> {
    seats.iter().find(|seat| seat.seat_id == seat_id)?.number()
}

impl SeatRow {
    fn number(&self) -> Option<kinds::SeatIndex> {
        Some(kinds::SeatIndex(u16::try_from(self.game_seat?).ok()?))
    }
}

pub async fn seats(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<SeatRow>, sqlx::Error> {
    sqlx::query_as!(
        SeatRow,
        r#"select s.seat_id as "seat_id: SeatId", s.role as "role: SeatRole", s.account_id as "account_id: AccountId",
            a.display_name as "display_name?", a.username as "username?",
            array(select p.power from seat_power p where p.seat_id = s.seat_id order by p.power)
              as "powers!: Vec<Power>", s.game_seat, s.bot, s.bot_stands_in
         from seat s left join account a on a.account_id = s.account_id
         where s.game_id = $1 order by s.seat_id"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

/// Seats a bot in a new seat of the game (filling a seat nobody took at the start).
pub async fn insert_bot_seat(conn: &mut PgConnection, game_id: GameId) -> Result<SeatId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into seat (game_id, account_id, role, bot) values ($1, null, 'player', true)
         returning seat_id as "seat_id: SeatId""#,
        game_id as GameId
    )
    .fetch_one(conn)
    .await
}

/// Makes a bot the seat's holder (the person who held it leaves it); `stands_in` when it replaces a seat
/// in civil disorder, which anyone may then take over.
pub async fn set_seat_bot(conn: &mut PgConnection, seat_id: SeatId, stands_in: bool) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat set account_id = null, bot = true, bot_stands_in = $2, joined_at = now() where seat_id = $1",
        seat_id as SeatId,
        stands_in
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn insert_seat(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
    role: SeatRole,
) -> Result<SeatId, sqlx::Error> {
    sqlx::query_scalar!(
        r#"insert into seat (game_id, account_id, role) values ($1, $2, $3) returning seat_id as "seat_id: SeatId""#,
        game_id as GameId,
        account_id as AccountId,
        role as SeatRole
    )
    .fetch_one(conn)
    .await
}

/// Unique (game_id, power, role): a power already held in that role.
pub const POWER_TAKEN: &str = "seat_power_game_id_power_role_key";

pub async fn give_power(
    conn: &mut PgConnection,
    game_id: GameId,
    seat_id: SeatId,
    role: SeatRole,
    power: Power,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into seat_power (seat_id, game_id, power, role) values ($1, $2, $3, $4)",
        seat_id as SeatId,
        game_id as GameId,
        power as Power,
        role as SeatRole
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn clear_powers(conn: &mut PgConnection, seat_id: SeatId) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from seat_power where seat_id = $1", seat_id as SeatId).execute(conn).await.map(drop)
}

pub async fn delete_seat(conn: &mut PgConnection, seat_id: SeatId) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from seat where seat_id = $1", seat_id as SeatId).execute(conn).await.map(drop)
}

/// Puts `account_id` (or nobody) in the seat, keeping its powers; a bot that held it leaves.
pub async fn set_seat_holder(
    conn: &mut PgConnection,
    seat_id: SeatId,
    account_id: Option<AccountId>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update seat set account_id = $2, bot = false, bot_stands_in = false, joined_at = now() where seat_id = $1",
        seat_id as SeatId,
        account_id as _
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Unique (game_id, account_id): the account already sits in this game.
pub const ALREADY_SEATED: &str = "seat_game_id_account_id_key";

/// Writes an audit line of the players' unanimous vote, tied to no account (votes are secret).
pub async fn record_players_audit(
    conn: &mut PgConnection,
    game_id: GameId,
    action: GmAction,
    detail: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into game_audit (game_id, actor_account_id, action, detail) values ($1, null, $2, $3)",
        game_id as GameId,
        action as GmAction,
        detail
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn record_audit(
    conn: &mut PgConnection,
    game_id: GameId,
    actor: AccountId,
    action: GmAction,
    detail: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into game_audit (game_id, actor_account_id, action, detail) values ($1, $2, $3, $4)",
        game_id as GameId,
        actor as AccountId,
        action as GmAction,
        detail
    )
    .execute(conn)
    .await
    .map(drop)
}

#[derive(Debug)]
pub struct AuditEntry {
    pub action: GmAction,
    pub detail: String,
    pub actor_display_name: String,
    pub created_at: DateTime<Utc>,
}

/// The game's audit log. In an anonymous game that has not ended, a line a player wrote (taking over a
/// seat, deleting the account) names no one: only the GM's and site admins' names are shown. A line
/// without actor is the players' unanimous vote ([`record_players_audit`]).
pub async fn audit_log(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<AuditEntry>, sqlx::Error> {
    sqlx::query_as!(
        AuditEntry,
        r#"select l.action as "action: GmAction", l.detail,
            case when l.actor_account_id is null then 'The players'' vote'
                 when l.actor_account_id = g.gm_account_id or a.is_site_admin or not g.anonymous
                    or g.status = 'finished' then a.display_name
                 else 'A player' end as "actor_display_name!",
            l.created_at as "created_at: DateTime<Utc>"
         from game_audit l left join account a on a.account_id = l.actor_account_id
            join game g on g.game_id = l.game_id
         where l.game_id = $1 order by l.created_at, l.game_audit_id"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}
pub async fn account_by_username(
    conn: &mut PgConnection,
    username: &str,
) -> Result<Option<(AccountId, String)>, sqlx::Error> {
    sqlx::query!(
        r#"select account_id as "account_id: AccountId", display_name from account where lower(username) = lower($1)"#,
        username
    )
    .map(|row| (row.account_id, row.display_name))
    .fetch_optional(conn)
    .await
}

/// One member of a team, as the start and the game page read it.
#[derive(Debug, Clone)]
pub struct TeamMember {
    pub team_id: TeamId,
    pub account_id: AccountId,
    pub display_name: String,
    pub role: SeatRole,
    pub confirmed: bool,
    /// The member's seat at the table, once confirmed.
    pub seat_id: Option<SeatId>,
}

pub async fn team_members(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<TeamMember>, sqlx::Error> {
    sqlx::query_as!(
        TeamMember,
        r#"select m.team_id as "team_id: TeamId", m.account_id as "account_id: AccountId",
            a.display_name, m.role as "role: SeatRole", m.confirmed, s.seat_id as "seat_id?: SeatId"
         from team_member m
         join account a on a.account_id = m.account_id
         left join seat s on s.game_id = m.game_id and s.account_id = m.account_id
         where m.game_id = $1 order by m.team_id, m.role"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

/// A person waiting on a game's standby list for a vacant post.
#[derive(Debug, Clone)]
pub struct StandbyRow {
    pub account_id: AccountId,
    pub display_name: String,
}

pub async fn standby(conn: &mut PgConnection, game_id: GameId) -> Result<Vec<StandbyRow>, sqlx::Error> {
    sqlx::query_as!(
        StandbyRow,
        r#"select s.account_id as "account_id: AccountId", a.display_name from post_standby s
         join account a on a.account_id = s.account_id
         where s.game_id = $1 order by s.joined_at, s.account_id"#,
        game_id as GameId
    )
    .fetch_all(conn)
    .await
}

/// Breaks up every team `account_id` is in or invited to in the game (he left it): invitations from
/// him lapse, and those who confirmed stay signed up alone.
pub async fn leave_teams(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from team where game_id = $1
           and team_id in (select team_id from team_member where game_id = $1 and account_id = $2)",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

/// Lapses the invitations `account_id` has not answered in the game (he signs up his own team): the
/// teams that named him are not formed.
pub async fn lapse_invitations(
    conn: &mut PgConnection,
    game_id: GameId,
    account_id: AccountId,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from team where game_id = $1 and team_id in
           (select team_id from team_member where game_id = $1 and account_id = $2 and not confirmed)",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

/// How many invitations `account_id` has not answered in games still forming, across the site.
pub async fn unanswered_invitations(conn: &mut PgConnection, account_id: AccountId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select count(*) as "count!" from team_member m join game g using (game_id)
         where m.account_id = $1 and not m.confirmed and g.status = 'forming'"#,
        account_id as AccountId
    )
    .fetch_one(conn)
    .await
}

pub async fn leave_standby(conn: &mut PgConnection, game_id: GameId, account_id: AccountId) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from post_standby where game_id = $1 and account_id = $2",
        game_id as GameId,
        account_id as AccountId
    )
    .execute(conn)
    .await
    .map(drop)
}

pub async fn set_seat_role(conn: &mut PgConnection, seat_id: SeatId, role: SeatRole) -> Result<(), sqlx::Error> {
    sqlx::query!("update seat set role = $2 where seat_id = $1", seat_id as SeatId, role as SeatRole)
        .execute(conn)
        .await
        .map(drop)
}

/// Gives each listed seat its holder (a person, a bot or nobody), first emptying every seat whose holder
/// changes, so that a person moving from one seat to another (a commander made Head of State by a coup)
/// never sits in two at once (`unique (game_id, account_id)`).
pub async fn set_holders(
    conn: &mut PgConnection,
    game_id: GameId,
    holders: &[(SeatId, super::seating::Holder)],
) -> Result<(), sqlx::Error> {
    let is_bot = |holder: &super::seating::Holder| *holder == super::seating::Holder::Bot;
    for (seat_id, holder) in holders {
        sqlx::query!(
            "update seat set account_id = null, bot = false, bot_stands_in = false
             where game_id = $1 and seat_id = $2 and (account_id is distinct from $3 or bot <> $4)",
            game_id as GameId,
            *seat_id as SeatId,
            holder.account() as _,
            is_bot(holder)
        )
        .execute(&mut *conn)
        .await?;
    }
    for (seat_id, holder) in holders.iter().filter(|(_, holder)| *holder != super::seating::Holder::Nobody) {
        sqlx::query!(
            "update seat set account_id = $3, bot = $4, joined_at = now()
             where game_id = $1 and seat_id = $2 and account_id is null and not bot",
            game_id as GameId,
            *seat_id as SeatId,
            holder.account() as _,
            is_bot(holder)
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
