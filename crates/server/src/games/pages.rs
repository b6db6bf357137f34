//! Lobby, "new game" and game pages, and the join/leave handlers.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use kinds::Kind;

use super::access::Access;
use super::entry::{self, chooses_power};
use super::forms::{GameSettingsForm, InviteQuery, JoinForm, LobbyQuery, LobbyTab};
use super::load::visible_access;
use super::model::{GameStatus, Power, PowerAssignment, has_posts};
use super::queries::{self, GameRow, GameSummary, SeatRow};
use super::views::{SeatView, SettingsFormView, seat_views, settings_lines};
use crate::archive::{Cursor, PAGE_SIZE};
use crate::error::{AppError, AppResult, FormErrors, invalid_form};
use crate::extract::{Form, Path, Query, SignedIn, Viewer, set_flash};
use crate::ids::GameId;
use crate::pages::{Nav, format_time, time_left, zone_of};
use crate::press::panels::{PressSummary, game_summary};
use crate::state::AppState;
use crate::turns::board::BoardView;
use crate::turns::standing::{Standing, standing};
use crate::turns::world::WorldView;

pub async fn home() -> Redirect {
    Redirect::to("/games")
}

/// A lobby line as shown.
pub struct GameLine {
    pub game_id: GameId,
    pub name: String,
    pub kind: &'static str,
    pub status: &'static str,
    pub gm: String,
    pub seats: String,
    pub press: &'static str,
    pub anonymous: bool,
    pub is_public: bool,
    pub deadline: String,
}

impl GameLine {
    fn new(game: GameSummary, zone: chrono_tz::Tz) -> Self {
        GameLine {
            game_id: game.game_id,
            name: game.name,
            kind: game.kind.name(),
            status: game.status.label(),
            gm: game.gm_display_name,
            seats: format!("{}/{}", game.filled_seats, game.seat_count),
            press: game.press.label(),
            anonymous: game.anonymous,
            is_public: game.is_public,
            deadline: game.deadline_at.map(|at| format_time(at, zone)).unwrap_or_default(),
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "games/lobby.html")]
pub struct LobbyPage {
    nav: Nav,
    tabs: [LobbyTab; 3],
    tab: LobbyTab,
    kinds: &'static [Kind],
    kind: &'static str,
    games: Vec<GameLine>,
    my_games: Vec<GameLine>,
    /// On the lobby's first page (no tab chosen), the games being played now, so that a visitor sees
    /// games in progress (and the demo game) without looking for them.
    running_now: Vec<GameLine>,
    /// The link to the tab's next (older) page, when there is one.
    older: Option<String>,
    /// Whether this is a later page (it links back to the newest).
    paged: bool,
}

/// How many running games the lobby's first page lists below the joinable ones.
const RUNNING_NOW_LIMIT: i64 = 10;

pub async fn lobby(
    State(state): State<AppState>,
    viewer: Viewer,
    Query(query): Query<LobbyQuery>,
) -> AppResult<LobbyPage> {
    let filter = query.parse().map_err(AppError::BadRequest)?;
    let after = Cursor::parse(&query.before).map_err(AppError::BadRequest)?;
    let zone = zone_of(viewer.user.as_ref());
    let mut conn = state.db.acquire().await?;
    let page_size = usize::try_from(PAGE_SIZE).unwrap_or(usize::MAX);
    let mut games = queries::public_games(&mut conn, filter.tab.statuses(), filter.kind, after, PAGE_SIZE + 1).await?;
    let more = games.len() > page_size;
    games.truncate(page_size);
    let older = games.last().filter(|_| more).map(|last| {
        let cursor = Cursor { created_at: last.created_at, game_id: last.game_id }.encode();
        let kind = filter.kind.map_or(String::new(), |kind| format!("&kind={}", kind.slug()));
        format!("/games?show={}{kind}&before={cursor}", filter.tab.slug())
    });
    let my_games = match &viewer.user {
        Some(user) => queries::games_of(&mut conn, user.account_id).await?,
        None => Vec::new(),
    };
    let running_now = if query.show.is_empty() && after.is_none() {
        queries::public_games(&mut conn, LobbyTab::Running.statuses(), filter.kind, None, RUNNING_NOW_LIMIT).await?
    } else {
        Vec::new()
    };
    Ok(LobbyPage {
        nav: viewer.nav,
        tabs: LobbyTab::ALL,
        tab: filter.tab,
        kinds: Kind::ALL,
        kind: filter.kind.map_or("", Kind::slug),
        games: games.into_iter().map(|game| GameLine::new(game, zone)).collect(),
        my_games: my_games.into_iter().map(|game| GameLine::new(game, zone)).collect(),
        running_now: running_now.into_iter().map(|game| GameLine::new(game, zone)).collect(),
        older,
        paged: after.is_some(),
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "games/new.html")]
pub struct NewGamePage {
    nav: Nav,
    sf: SettingsFormView,
}

pub async fn new_game_page(signed_in: SignedIn) -> NewGamePage {
    let form = GameSettingsForm { deadline_zone: signed_in.user.time_zone.name().to_owned(), ..Default::default() };
    NewGamePage {
        nav: signed_in.nav,
        sf: SettingsFormView::new(form, FormErrors::default(), "/games".to_owned(), true),
    }
}

pub async fn create_game(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<GameSettingsForm>,
) -> AppResult<Response> {
    let game = match entry::validate_new_game(&form) {
        Ok(game) => game,
        Err(errors) => {
            let sf = SettingsFormView::new(form, errors, "/games".to_owned(), true);
            return Ok(invalid_form(NewGamePage { nav: signed_in.nav, sf }));
        }
    };
    let mut tx = state.db.begin().await?;
    let game_id = entry::create_game(&mut tx, &signed_in.user, &game).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, "Your game is created. Share its page so players can join.").await?;
    Ok(Redirect::to(&format!("/games/{game_id}")).into_response())
}

#[derive(Template, WebTemplate)]
#[template(path = "games/show.html")]
pub struct GamePage {
    nav: Nav,
    game_id: GameId,
    name: String,
    description: String,
    status: &'static str,
    gm: String,
    settings: Vec<(&'static str, String)>,
    seats: Vec<SeatView>,
    deadline: Option<String>,
    created: String,
    started: Option<String>,
    finished: Option<String>,
    access: Access,
    invite_code: String,
    /// Join form shown: forming, logged in, not seated, a seat free.
    can_join: bool,
    /// Powers still free, when players choose theirs.
    free_powers: Vec<Power>,
    can_leave: bool,
    show_invite_link: bool,
    not_logged_in_and_joinable: bool,
    /// How long until the deadline, counted from now ("in 3 hours 20 minutes").
    deadline_in: Option<String>,
    /// The deadline as RFC 3339, for the page's moving countdown (`static/js/live.js`).
    deadline_iso: Option<String>,
    /// Who won, or how the game ended, once it has.
    result: Option<String>,
    /// The latest phase and who has orders in, once the game has started.
    standing: Option<Standing>,
    /// The latest phase's public board.
    board: Option<BoardView>,
    /// The latest world map (Covert Operations): the viewer's seat's own, else the public one.
    world: Option<WorldView>,
    /// The viewer's conversations with unread counts and the latest public press, once started.
    press: Option<PressSummary>,
    /// A Cabinet game: link to the Cabinet page.
    has_posts: bool,
    /// The game's kind, for its how-to-play link.
    kind: Kind,
    /// Once a game is won: every winning seat by position, with its holder where names may be shown.
    winners: Vec<String>,
    /// What the game asks of joining players' reliability, in words, and why the viewer falls short.
    reliability_rule: Option<String>,
    join_refusal: Option<String>,
    /// A game formed on `/play`, before its start: who has confirmed, and until when.
    muster: Option<MusterView>,
    /// The game's civil disorder rule, in words.
    disorder_rule: Option<String>,
}

/// The muster as the game page shows it, its end in the viewer's zone.
pub struct MusterView {
    pub until: String,
    pub until_iso: String,
    pub until_in: String,
    pub confirmed: usize,
    pub players: usize,
    pub mine: Option<bool>,
}

pub async fn show_game(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(game_id): Path<GameId>,
    Query(query): Query<InviteQuery>,
) -> AppResult<GamePage> {
    let mut conn = state.db.acquire().await?;
    let (game, seats, phase) = queries::game_seats_and_phase(&mut conn, game_id).await?.ok_or(AppError::NotFound)?;
    let access = visible_access(&game, &seats, viewer.user.as_ref(), &query.invite)?;
    let zone = zone_of(viewer.user.as_ref());
    let forming = game.status == GameStatus::Forming;
    let has_free_seat = seats.len() < usize::try_from(game.seat_count).unwrap_or(0);
    let can_join = forming && access.logged_in && access.my_seat.is_none() && has_free_seat;
    let free_powers = if game.power_assignment == PowerAssignment::PlayersChoose && chooses_power(game.kind) {
        Power::ALL.iter().copied().filter(|power| !seats.iter().any(|seat| seat.powers.contains(power))).collect()
    } else {
        Vec::new()
    };
    let settings = game.settings();
    let reader = access.my_seat.and_then(|mine| queries::number_of(&seats, mine));
    let mut standing = phase.map(|phase| standing(phase, reader)).transpose()?;
    let board = standing.as_mut().and_then(|standing| standing.board.take());
    let world = standing.as_mut().and_then(|standing| standing.world.take());
    let result = match game.status {
        GameStatus::Finished => {
            Some(game.result_summary.clone().unwrap_or_else(|| "ended by the GM without a winner".to_owned()))
        }
        GameStatus::Forming | GameStatus::Running | GameStatus::Paused => None,
    };
    let press = game_summary(&mut conn, &game, &seats, &access, viewer.user.as_ref()).await?;
    let victors = standing.as_ref().map(|standing| standing.victors.as_slice()).unwrap_or_default();
    let winners = winners(&game, &seats, &access, victors);
    let requirement = crate::reliability::gate::stored(&mut conn, game_id).await?;
    let join_refusal = match viewer.user.as_ref().filter(|_| can_join) {
        Some(user) => crate::reliability::gate::refusal_for(&mut conn, requirement, user.account_id).await?,
        None => None,
    };
    let muster = crate::play::muster::of(&mut conn, game_id, viewer.user.as_ref().map(|user| user.account_id))
        .await?
        .map(|muster| MusterView {
            until: format_time(muster.until, zone),
            until_iso: muster.until.to_rfc3339(),
            until_in: time_left(muster.until, state.clock.now()),
            confirmed: muster.confirmed,
            players: muster.players,
            mine: muster.mine,
        });
    let disorder_rule = crate::reliability::disorder::words(&mut conn, game_id).await?;
    Ok(GamePage {
        disorder_rule,
        muster,
        reliability_rule: requirement.words(),
        join_refusal,
        has_posts: has_posts(game.kind),
        kind: game.kind,
        winners,
        deadline_in: game.deadline_at.map(|at| time_left(at, state.clock.now())),
        deadline_iso: game.deadline_at.map(|at| at.to_rfc3339()),
        result,
        standing,
        board,
        world,
        nav: viewer.nav,
        game_id: game.game_id,
        settings: settings_lines(&game, &settings),
        seats: seat_views(&game, &seats, &access),
        status: game.status.label(),
        gm: game.gm_display_name.clone(),
        deadline: game.deadline_at.map(|at| format_time(at, zone)),
        created: format_time(game.created_at, zone),
        started: game.started_at.map(|at| format_time(at, zone)),
        finished: game.finished_at.map(|at| format_time(at, zone)),
        can_join,
        free_powers,
        can_leave: forming && access.my_seat.is_some(),
        show_invite_link: access.is_gm && !game.is_public,
        not_logged_in_and_joinable: !access.logged_in && forming && has_free_seat,
        press,
        invite_code: if access.invited || access.is_gm { game.invite_code.clone() } else { String::new() },
        access,
        name: game.name,
        description: game.description,
    })
}

/// The seats sharing a win (rulings 2.6: all seats of a Cabinet realm), by position and holder;
/// `victors` are their numbers in the game kind's state.
fn winners(game: &GameRow, seats: &[SeatRow], access: &Access, victors: &[kinds::SeatIndex]) -> Vec<String> {
    let numbering = queries::numbering(seats);
    let views = seat_views(game, seats, access);
    victors
        .iter()
        .filter_map(|index| numbering.iter().find(|(_, number)| number == index))
        .filter_map(|(seat_id, _)| seats.iter().position(|seat| seat.seat_id == *seat_id))
        .map(|at| {
            let title = crate::press::access::seat_title(&seats[at], at + 1);
            format!("{title}: {}", views[at].player)
        })
        .collect()
}

pub async fn join_game(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<JoinForm>,
) -> AppResult<Redirect> {
    let power = form.power().map_err(AppError::BadRequest)?;
    let mut tx = state.db.begin().await?;
    let started = entry::join_game(&mut tx, game_id, &signed_in.user, &form.invite, power, state.clock.now()).await?;
    tx.commit().await?;
    let message = if started { "You joined, and the game has started!" } else { "You joined the game." };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&format!("/games/{game_id}")))
}

pub async fn leave_game(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    entry::leave_game(&mut tx, game_id, &signed_in.user).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, "You left the game.").await?;
    Ok(Redirect::to(&format!("/games/{game_id}")))
}
