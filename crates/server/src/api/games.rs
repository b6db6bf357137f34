//! The API's reads: the lobby, a game, its phases, and the caller's own seat. Each goes through the
//! same loading and visibility code as the pages (`load_visible_game`, `seat_views`, `read_phase`,
//! `load_my_seat`), so the API shows exactly what the pages show the same person.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::{ApiCaller, ApiUser};
use super::extract::{ApiPath, ApiQuery};
use super::problem::{ApiResult, Problem};
use crate::archive::Cursor;
use crate::error::AppError;
use crate::games::forms::LobbyQuery;
use crate::games::load::load_visible_game;
use crate::games::model::GameStatus;
use crate::games::queries::{self as game_queries, GameSummary};
use crate::games::views::{seat_views, settings_lines};
use crate::ids::GameId;
use crate::orders::actions::load_my_seat;
use crate::state::AppState;
use crate::turns::queries as turn_queries;
use crate::turns::read::{counts_of, read_phase, summaries_with_counts};

/// The lobby lists at most this many games per list, like its page.
const LOBBY_LIMIT: i64 = 100;

/// Lobby filters and paging, as on the lobby page.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct GamesQuery {
    /// `joinable` (the default), `running` or `finished`.
    #[param(value_type = Option<super::schema::LobbyListSlug>)]
    pub show: String,
    /// A kind's slug; every kind when absent.
    #[param(value_type = Option<super::schema::KindSlug>)]
    pub kind: String,
    /// The `next` of the previous page: the games listed after it (older).
    pub before: String,
    /// How many games per page, 1 to 100 (100 when absent).
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A game in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameLine {
    pub id: i64,
    pub name: String,
    #[schema(value_type = super::schema::KindSlug)]
    pub kind: &'static str,
    #[schema(value_type = super::schema::StatusSlug)]
    pub status: &'static str,
    pub gm: String,
    pub filled_seats: i64,
    pub seat_count: i16,
    #[schema(value_type = super::schema::PressSlug)]
    pub press: &'static str,
    pub anonymous: bool,
    pub public: bool,
    pub deadline: Option<DateTime<Utc>>,
}

impl From<GameSummary> for GameLine {
    fn from(game: GameSummary) -> Self {
        GameLine {
            id: game.game_id.0,
            name: game.name,
            kind: game.kind.slug(),
            status: game.status.slug(),
            gm: game.gm_display_name,
            filled_seats: game.filled_seats,
            seat_count: game.seat_count,
            press: game.press.slug(),
            anonymous: game.anonymous,
            public: game.is_public,
            deadline: game.deadline_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameList {
    /// Public games of the chosen list and kind, newest first, at most `limit`.
    pub games: Vec<GameLine>,
    /// Where the next (older) page starts, to be sent as `before`; absent on the last page.
    pub next: Option<String>,
    /// The caller's own games (as GM or player), whatever their visibility; empty for visitors.
    pub mine: Vec<GameLine>,
}

/// The lobby: public games by list and kind, a page at a time, and the caller's own games (at most 100;
/// `GET /me/games` lists every seat).
#[utoipa::path(get, path = "/games", tag = "games", params(GamesQuery), responses((status = 200, body = GameList)))]
pub async fn list_games(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiQuery(query): ApiQuery<GamesQuery>,
) -> ApiResult<Json<GameList>> {
    let limit = query.limit.unwrap_or(LOBBY_LIMIT);
    if !(1..=LOBBY_LIMIT).contains(&limit) {
        return Err(AppError::BadRequest(format!("`limit` is from 1 to {LOBBY_LIMIT}.")).into());
    }
    let filter = LobbyQuery { show: query.show, kind: query.kind, before: String::new() }
        .parse()
        .map_err(AppError::BadRequest)?;
    let after = Cursor::parse(&query.before).map_err(AppError::BadRequest)?;
    let mut conn = state.db.acquire().await?;
    // One more than the page, to know whether another page follows.
    let mut games = game_queries::public_games(&mut conn, filter.tab.statuses(), filter.kind, after, limit + 1).await?;
    let more = games.len() > usize::try_from(limit).unwrap_or(usize::MAX);
    games.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next = games
        .last()
        .filter(|_| more)
        .map(|last| Cursor { created_at: last.created_at, game_id: last.game_id }.encode());
    let mine = match &caller.user {
        Some(user) => game_queries::games_of(&mut conn, user.account_id).await?,
        None => Vec::new(),
    };
    Ok(Json(GameList {
        games: games.into_iter().map(GameLine::from).collect(),
        next,
        mine: mine.into_iter().take(usize::try_from(LOBBY_LIMIT).unwrap_or(usize::MAX)).map(GameLine::from).collect(),
    }))
}

/// A seat as the game page shows it: in anonymous games (and where a kind hides holders) `player` is
/// already "Anonymous player".
#[derive(Debug, Serialize, ToSchema)]
pub struct Seat {
    /// The seat's id, used to address press to it; absent for a seat nobody has taken yet.
    pub seat_id: Option<i64>,
    pub number: usize,
    /// The seat's post in words ("Player", "Head of State").
    pub role: &'static str,
    pub powers: String,
    pub player: String,
    pub is_mine: bool,
    pub is_empty: bool,
    /// A bot plays the seat (shown in anonymous games too: a bot has no name to hide).
    pub is_bot: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Setting {
    pub label: &'static str,
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PhaseRef {
    pub index: i32,
    pub label: String,
    pub processed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Game {
    pub id: i64,
    pub name: String,
    pub description: String,
    #[schema(value_type = super::schema::KindSlug)]
    pub kind: &'static str,
    pub kind_name: &'static str,
    #[schema(value_type = super::schema::StatusSlug)]
    pub status: &'static str,
    pub gm: String,
    /// The settings in words, as the game page lists them.
    pub settings: Vec<Setting>,
    pub seats: Vec<Seat>,
    /// The caller is its GM (or a site admin).
    pub is_gm: bool,
    pub deadline: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// How the game ended, once it has.
    pub result: Option<String>,
    /// The latest phase (the current one while the game runs).
    pub current_phase: Option<PhaseRef>,
}

/// The invite code of a private game, for callers who are neither its players nor its GM.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct InviteParams {
    pub invite: String,
}

/// A game: settings, seats as the caller may see them, the current phase and deadline. Private games
/// answer 404 to anyone who is not their GM, a player or holding the invite code.
#[utoipa::path(get, path = "/games/{game_id}", tag = "games", params(("game_id" = i64, Path), InviteParams),
    responses((status = 200, body = Game), (status = 404, body = Problem)))]
pub async fn get_game(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath(game_id): ApiPath<GameId>,
    ApiQuery(query): ApiQuery<InviteParams>,
) -> ApiResult<Json<Game>> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, access) = load_visible_game(&mut conn, game_id, caller.user.as_ref(), &query.invite).await?;
    let phases = turn_queries::phase_summaries(&mut conn, game_id).await?;
    let result = match game.status {
        GameStatus::Finished => game.result_summary.clone(),
        GameStatus::Forming | GameStatus::Running | GameStatus::Paused => None,
    };
    let settings = game.settings();
    Ok(Json(Game {
        settings: settings_lines(&game, &settings).into_iter().map(|(label, value)| Setting { label, value }).collect(),
        seats: seat_views(&game, &seats, &access)
            .into_iter()
            .map(|seat| Seat {
                seat_id: seat.seat_id.map(|id| id.0),
                number: seat.number,
                role: seat.role,
                powers: seat.powers,
                player: seat.player,
                is_mine: seat.is_mine,
                is_empty: seat.is_empty,
                is_bot: seat.is_bot,
            })
            .collect(),
        current_phase: phases.last().map(|phase| PhaseRef {
            index: phase.phase_index,
            label: phase.label.clone(),
            processed_at: phase.processed_at,
        }),
        id: game.game_id.0,
        kind: game.kind.slug(),
        kind_name: game.kind.name(),
        status: game.status.slug(),
        gm: game.gm_display_name,
        is_gm: access.is_gm,
        deadline: game.deadline_at,
        created_at: game.created_at,
        started_at: game.started_at,
        finished_at: game.finished_at,
        result,
        name: game.name,
        description: game.description,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PhaseLine {
    pub index: i32,
    pub label: String,
    pub processed_at: Option<DateTime<Utc>>,
    /// Supply centers per power at the phase's start (empty for games without a board).
    pub centers: BTreeMap<String, usize>,
}

/// Every phase of the game with centers over time, as the history page lists them.
#[utoipa::path(get, path = "/games/{game_id}/phases", tag = "games", params(("game_id" = i64, Path), InviteParams),
    responses((status = 200, body = Vec<PhaseLine>), (status = 404, body = Problem)))]
pub async fn list_phases(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath(game_id): ApiPath<GameId>,
    ApiQuery(query): ApiQuery<InviteParams>,
) -> ApiResult<Json<Vec<PhaseLine>>> {
    let mut conn = state.db.acquire().await?;
    load_visible_game(&mut conn, game_id, caller.user.as_ref(), &query.invite).await?;
    let phases = summaries_with_counts(&mut conn, game_id).await?;
    Ok(Json(
        phases
            .iter()
            .map(|phase| PhaseLine {
                index: phase.phase_index,
                label: phase.label.clone(),
                processed_at: phase.processed_at,
                centers: counts_of(phase).cloned().unwrap_or_default(),
            })
            .collect(),
    ))
}

/// An order and what became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResultLine {
    pub by: String,
    pub order: String,
    #[schema(value_type = super::schema::ResultSlug)]
    pub result: &'static str,
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Results {
    pub orders: Vec<ResultLine>,
    pub events: Vec<String>,
}

impl From<kinds::Report> for Results {
    fn from(report: kinds::Report) -> Self {
        Results {
            orders: report
                .orders
                .into_iter()
                .map(|line| ResultLine {
                    result: match line.result {
                        kinds::ResultWord::Succeeds => "succeeds",
                        kinds::ResultWord::Fails => "fails",
                        kinds::ResultWord::Invalid => "invalid",
                    },
                    by: line.by,
                    order: line.order,
                    reason: line.reason,
                })
                .collect(),
            events: report.events,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

fn facts(pairs: Vec<(String, String)>) -> Vec<Fact> {
    pairs.into_iter().map(|(label, value)| Fact { label, value }).collect()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Phase {
    pub index: i32,
    /// `S1901M`, `F1901R`, `W1901A`, `D0003`.
    pub code: String,
    pub processed_at: Option<DateTime<Utc>>,
    /// Every order with its result and reason; absent until the phase is processed.
    pub results: Option<Results>,
    /// The caller's own seat's private results (a bribe's answer, a CIO's), never another seat's.
    pub private_results: Option<Results>,
    /// Powers that had to order and sent nothing.
    pub silent: Vec<String>,
    /// Supply centers per power after the phase.
    pub centers_after: BTreeMap<String, usize>,
    /// The public facts of the board the phase started from.
    pub facts: Vec<Fact>,
    /// For kinds played by the seven powers on the standard map: the position the phase started from,
    /// in the JSON of `judge adjudicate` (the `Position` schema; crates/judge-cli/README.md in the
    /// repository): add `orders` and feed it to the judge.
    #[schema(value_type = Option<super::schema::PositionSchema>)]
    pub position: Option<kinds::JudgePosition>,
    /// Diplobucks: the region keys of the double units (strength 2) on that board, which `position`
    /// cannot say: a bot adjudicating the position itself counts them twice.
    #[schema(example = json!(["lon", "stp/sc"]))]
    pub double_units: Vec<String>,
}

/// The double units a board marks (public in Diplobucks).
fn double_units(view: &kinds::View) -> Vec<String> {
    let marks = view.board.as_ref().map(|board| board.marks.as_slice()).unwrap_or_default();
    marks
        .iter()
        .filter_map(|mark| match mark {
            kinds::kind::BoardMark::Double { region } => Some(region.clone()),
            _ => None,
        })
        .collect()
}

/// One phase: orders with results and reasons, events, centers after, and the position (results page).
#[utoipa::path(get, path = "/games/{game_id}/phases/{index}", tag = "games",
    params(("game_id" = i64, Path), ("index" = i32, Path), InviteParams),
    responses((status = 200, body = Phase), (status = 404, body = Problem)))]
pub async fn get_phase(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiPath((game_id, index)): ApiPath<(GameId, i32)>,
    ApiQuery(query): ApiQuery<InviteParams>,
) -> ApiResult<Json<Phase>> {
    let mut conn = state.db.acquire().await?;
    let (_, _, access) = load_visible_game(&mut conn, game_id, caller.user.as_ref(), &query.invite).await?;
    let reading = read_phase(&mut conn, game_id, index, &access).await?;
    Ok(Json(Phase {
        index,
        code: reading.code,
        processed_at: reading.processed_at,
        results: reading.public_report.map(Results::from),
        private_results: reading.private_report.map(Results::from),
        silent: reading.silent,
        centers_after: reading.centers_after,
        double_units: double_units(&reading.public_view),
        facts: facts(reading.public_view.facts),
        position: reading.judge_position,
    }))
}

/// One step of a legal order's chain (kind of order, then unit or place, then destination).
#[derive(Debug, Serialize, ToSchema)]
pub struct Step {
    pub value: String,
    pub label: String,
}

/// A legal order: the text to submit, its meaning, and its chain of steps (empty if offered whole).
#[derive(Debug, Serialize, ToSchema)]
pub struct Choice {
    pub value: String,
    pub label: String,
    pub steps: Vec<Step>,
}

/// One row of the order form: a unit (or a build) with every legal order for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FormRow {
    pub label: String,
    pub key: String,
    pub choices: Vec<Choice>,
}

impl From<kinds::FormRow> for FormRow {
    fn from(row: kinds::FormRow) -> Self {
        FormRow {
            label: row.label,
            key: row.key,
            choices: row
                .choices
                .into_iter()
                .map(|choice| Choice {
                    value: choice.value,
                    label: choice.label,
                    steps: choice.steps.into_iter().map(|step| Step { value: step.value, label: step.label }).collect(),
                })
                .collect(),
        }
    }
}

/// A saved order line in canonical text, with its meaning.
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedOrder {
    pub text: String,
    pub plain: String,
}

/// The caller's own seat in the current phase: what the order page shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct MySeat {
    pub seat_id: i64,
    pub title: String,
    pub phase_index: i32,
    pub phase_code: String,
    pub phase_label: String,
    pub deadline: Option<DateTime<Utc>>,
    pub must_order: bool,
    pub ready: bool,
    /// This seat's own draw vote (nobody is shown anyone else's).
    pub votes_for_draw: bool,
    pub orders: Vec<SavedOrder>,
    /// Every legal order per unit (the order page's option tree).
    pub form: Vec<FormRow>,
    pub notes: Vec<String>,
    /// What this seat may see now, its secrets included (a balance, funds): its own view only.
    pub facts: Vec<Fact>,
    pub view_notes: Vec<String>,
}

/// The caller's seat, saved orders and legal orders in the current phase (403 if not a player).
#[utoipa::path(get, path = "/games/{game_id}/me", tag = "play", params(("game_id" = i64, Path)),
    security(("token" = [])),
    responses((status = 200, body = MySeat), (status = 401, body = Problem), (status = 403, body = Problem),
        (status = 404, body = Problem), (status = 409, body = Problem)))]
pub async fn my_seat(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
) -> ApiResult<Json<MySeat>> {
    let mut conn = state.db.acquire().await?;
    let seat = load_my_seat(&mut conn, game_id, &caller.user, None).await?;
    let sheet = seat.sheet()?;
    let check = seat.state.check_orders(seat.game_seat, &sheet.orders);
    let votes_for_draw = seat.votes_for_draw;
    let form = seat.state.order_form(seat.game_seat);
    let view = seat.state.seat_view(seat.game_seat);
    let title = seat.state.seats().into_iter().find(|info| info.id == seat.game_seat).map(|info| info.title);
    Ok(Json(MySeat {
        seat_id: seat.seat_id.0,
        title: title.unwrap_or_default(),
        phase_index: seat.phase.phase_index,
        phase_code: seat.phase.code.clone(),
        phase_label: seat.phase.label.clone(),
        deadline: seat.game.deadline_at,
        must_order: sheet.must_order,
        ready: sheet.ready,
        votes_for_draw,
        orders: check.accepted.into_iter().map(|line| SavedOrder { text: line.text, plain: line.plain }).collect(),
        form: form.rows.into_iter().map(FormRow::from).collect(),
        notes: form.notes,
        facts: facts(view.facts),
        view_notes: view.notes,
    }))
}
