//! Whole games played in-process between bots and random players, for the measurements of
//! `docs/bots.md`. Pure like the rest of the crate: the caller passes the function that writes each
//! sheet (the command line wraps [`crate::decide`] with its timing), and every phase is processed with
//! a seed derived from the game's.

use std::collections::BTreeMap;

use kinds::{AnyGame, Kind, PhaseStage, SeatIndex};
use serde::Serialize;

use crate::Player;

/// Who sits where in an arena game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// One side (a power, all three seats of it in Cabinet, or one player) is the bot; the rest random.
    OneVsRandom,
    /// Every seat is a bot.
    AllBots,
    /// Every seat is random (a control).
    AllRandom,
}

/// One arena game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Setup {
    pub kind: Kind,
    pub mode: Mode,
    pub seed: u64,
    /// Diplomacy kinds stop after this year's last phase; Covert Operations after this many days.
    pub last: u16,
}

/// A side's score at the end: centers on the standard map, countries led in Covert Operations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    pub side: String,
    pub score: u32,
    pub bot: bool,
}

/// What became of one arena game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    pub seed: u64,
    pub end_phase: String,
    pub phases: u32,
    /// The outcome's summary, when the game ended in a win.
    pub winner: Option<String>,
    pub scores: Vec<Score>,
    /// The bot side has more than every other side.
    pub bot_leads: bool,
    /// The bot side has at least as much as every other side.
    pub bot_leads_or_ties: bool,
    pub bot_eliminated: bool,
    /// Phases in which a bot seat that had orders to give sent an empty sheet.
    pub empty_bot_sheets: u32,
    /// Lines of bot sheets the seat's check refused.
    pub rejected_bot_lines: u32,
    /// The phase after which no side's score changed any more (for stalemates).
    pub scores_settled_at: String,
}

/// Writes one seat's sheet: `(game, seat, player, seed) -> sheet`.
pub type Writer<'w> = dyn FnMut(&AnyGame, SeatIndex, Player, u64) -> String + 'w;

/// A new game of the kind, with every seat held where the kind needs holders (Cabinet).
pub fn new_game(kind: Kind, seed: u64) -> Result<AnyGame, String> {
    let mut game = AnyGame::new(kind, &serde_json::Value::Null, seed).map_err(|error| error.to_string())?;
    if kind == Kind::CabinetDiplomacy {
        for seat in game.seats() {
            let action = format!("SEAT {} person {}", seat.title, 100 + u32::from(seat.id.0));
            game = game.gm_action(&action).map_err(|error| error.to_string())?.0;
        }
    }
    Ok(game)
}

/// The side a seat belongs to: its power (a Cabinet power's three seats are one side), or the seat.
fn side_of(game: &AnyGame, seat: SeatIndex) -> String {
    let seats = game.seats();
    let info = seats.iter().find(|info| info.id == seat);
    match info {
        Some(info) if !info.powers.is_empty() => info.powers.join(" and "),
        Some(info) => info.title.clone(),
        None => format!("seat {}", seat.0),
    }
}

/// Who plays each seat: in one-vs-random the bot side rotates with the seed.
fn players(game: &AnyGame, mode: Mode, seed: u64) -> BTreeMap<SeatIndex, Player> {
    let seats = game.seats();
    let mut sides: Vec<String> = seats.iter().map(|info| side_of(game, info.id)).collect();
    sides.dedup();
    let bot_side = sides.get((seed % sides.len().max(1) as u64) as usize).cloned().unwrap_or_default();
    seats
        .iter()
        .map(|info| {
            let player = match mode {
                Mode::AllBots => Player::Bot,
                Mode::AllRandom => Player::Random,
                Mode::OneVsRandom if side_of(game, info.id) == bot_side => Player::Bot,
                Mode::OneVsRandom => Player::Random,
            };
            (info.id, player)
        })
        .collect()
}

/// Plays one game to its end or its last phase.
pub fn play(setup: Setup, write: &mut Writer<'_>) -> Result<Record, String> {
    let mut game = new_game(setup.kind, setup.seed)?;
    let players = players(&game, setup.mode, setup.seed);
    let mut record = Record {
        seed: setup.seed,
        end_phase: String::new(),
        phases: 0,
        winner: None,
        scores: Vec::new(),
        bot_leads: false,
        bot_leads_or_ties: false,
        bot_eliminated: false,
        empty_bot_sheets: 0,
        rejected_bot_lines: 0,
        scores_settled_at: String::new(),
    };
    let mut last_scores = scores(&game, &players);
    record.scores_settled_at = game.phase().code;
    while game.outcome().is_none() && !past_the_end(&game, setup.last) {
        let phase_seed = setup.seed.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(u64::from(record.phases));
        let mut orders = BTreeMap::new();
        for (&seat, &player) in &players {
            if !game.must_order(seat) {
                continue;
            }
            let sheet = write(&game, seat, player, phase_seed);
            let check = game.check_orders(seat, &sheet);
            if player == Player::Bot {
                record.empty_bot_sheets += u32::from(sheet.trim().is_empty());
                record.rejected_bot_lines += check.rejected.len() as u32;
            }
            orders.insert(seat, check.sheet());
        }
        game = game.process(&orders, phase_seed).next;
        record.phases += 1;
        let now = scores(&game, &players);
        if now != last_scores {
            record.scores_settled_at = game.phase().code;
            last_scores = now;
        }
    }
    record.end_phase = game.phase().code;
    record.winner = game.outcome().map(|kinds::Outcome::Victory { summary, .. }| summary);
    judge_the_bot(&mut record, last_scores);
    Ok(record)
}

fn judge_the_bot(record: &mut Record, scores: Vec<Score>) {
    let bot = scores.iter().filter(|score| score.bot).map(|score| score.score).max();
    let best_other = scores.iter().filter(|score| !score.bot).map(|score| score.score).max().unwrap_or(0);
    if let Some(bot) = bot {
        record.bot_leads = bot > best_other;
        record.bot_leads_or_ties = bot >= best_other;
        record.bot_eliminated = bot == 0;
    }
    record.scores = scores;
}

/// Whether the game has gone past its last year (Diplomacy kinds) or day (Covert Operations).
fn past_the_end(game: &AnyGame, last: u16) -> bool {
    let phase = game.phase();
    let number: u16 = phase.code.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0);
    match phase.stage {
        PhaseStage::Day => number > last,
        PhaseStage::Movement | PhaseStage::Retreat | PhaseStage::Adjustment => number > last,
    }
}

/// Each side's score now: centers owned on the public board, or countries led (read from each
/// player's own view: the arena measures, it is no player).
fn scores(game: &AnyGame, players: &BTreeMap<SeatIndex, Player>) -> Vec<Score> {
    let mut by_side: BTreeMap<String, Score> = BTreeMap::new();
    let centers = centers_by_power(game);
    for (&seat, &player) in players {
        let side = side_of(game, seat);
        let score = match game.kind() {
            Kind::CovertOperations => countries_led(game, seat),
            Kind::Standard | Kind::CovertDip | Kind::CabinetDiplomacy | Kind::TerrorismI | Kind::Diplobucks => {
                centers.get(&side).copied().unwrap_or(0)
            }
        };
        let entry = by_side.entry(side.clone()).or_insert(Score { side, score, bot: false });
        entry.bot |= player == Player::Bot;
    }
    by_side.into_values().collect()
}

fn centers_by_power(game: &AnyGame) -> BTreeMap<String, u32> {
    let mut centers = BTreeMap::new();
    let Ok(map) = kinds::standard::standard_map() else { return centers };
    let board = game.public_view().board.unwrap_or_default();
    for (province, owner) in &board.owners {
        let is_center = map.find_province(province).is_some_and(|id| map.province(id).supply_center);
        if is_center {
            *centers.entry(owner.clone()).or_insert(0) += 1;
        }
    }
    centers
}

/// Countries a Covert Operations player leads, from his own world map.
fn countries_led(game: &AnyGame, seat: SeatIndex) -> u32 {
    let view = game.seat_view(seat);
    let world = view.world.unwrap_or_default();
    world.countries.values().filter(|country| country.leader == Some(kinds::kind::WorldLeader::Reader)).count() as u32
}

/// The totals of a run of games.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub games: u32,
    pub bot_leads: u32,
    pub bot_leads_or_ties: u32,
    pub bot_never_eliminated: u32,
    pub wins: u32,
    pub bot_wins: u32,
    pub empty_bot_sheets: u32,
    pub rejected_bot_lines: u32,
    pub mean_bot_score: f64,
    pub mean_best_other_score: f64,
    pub mean_phases: f64,
    /// Games that ran to their last phase without a winner.
    pub unfinished: u32,
}

impl Summary {
    pub fn of(records: &[Record]) -> Summary {
        let games = records.len() as u32;
        let count = |test: &dyn Fn(&Record) -> bool| records.iter().filter(|record| test(record)).count() as u32;
        let mean = |value: &dyn Fn(&Record) -> f64| {
            if records.is_empty() { 0.0 } else { records.iter().map(value).sum::<f64>() / records.len() as f64 }
        };
        let bot_score = |record: &Record| {
            record.scores.iter().filter(|score| score.bot).map(|score| f64::from(score.score)).fold(0.0, f64::max)
        };
        let best_other = |record: &Record| {
            record.scores.iter().filter(|score| !score.bot).map(|score| f64::from(score.score)).fold(0.0, f64::max)
        };
        Summary {
            games,
            bot_leads: count(&|record| record.bot_leads),
            bot_leads_or_ties: count(&|record| record.bot_leads_or_ties),
            bot_never_eliminated: count(&|record| !record.bot_eliminated),
            wins: count(&|record| record.winner.is_some()),
            bot_wins: count(&|record| record.winner.is_some() && record.bot_leads),
            empty_bot_sheets: records.iter().map(|record| record.empty_bot_sheets).sum(),
            rejected_bot_lines: records.iter().map(|record| record.rejected_bot_lines).sum(),
            mean_bot_score: mean(&bot_score),
            mean_best_other_score: mean(&best_other),
            mean_phases: mean(&|record| f64::from(record.phases)),
            unfinished: count(&|record| record.winner.is_none()),
        }
    }
}
