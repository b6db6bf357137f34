//! The Cabinet page: sign-up as a team before the start; once the game runs, the viewer's position, what
//! it may order and why, whom it knows by name (the engine's `known_holders`, never more), the motions it
//! may see with who proposed, who must sign, who signed, when they lapse and take effect, and forms that
//! write motion lines onto the position's order sheet; a person named in a motion accepts or declines it
//! here; anyone else may join the standby list.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use kinds::AnyGame;
use kinds::cabinet::{
    self, Motion, MotionKind, MotionLine, Nominee, PersonId, Role, SeatRef, SeatStatus, duties, motions,
};
use serde::Deserialize;
use sqlx::PgConnection;

use super::queries;
use crate::error::{AppError, AppResult, violates};
use crate::extract::{Form, Path, SignedIn, User, set_flash};
use crate::games::access::Access;
use crate::games::entry::refuse_own_gm_where_seats_are_secret;
use crate::games::load::load_visible_game;
use crate::games::load::load_visible_game_locked;
use crate::games::model::{GameStatus, SeatRole, has_posts};
use crate::games::queries::{self as game_queries, GameRow, SeatRow};
use crate::games::queries::{TeamMember, team_members};
use crate::games::seating::{Holder, account, holder_of, person};
use crate::ids::{AccountId, GameId, SeatId};
use crate::notify::enqueue::enqueue_team_invitation;
use crate::orders::queries as order_queries;
use crate::pages::Nav;
use crate::reliability::gate::check_may_join;
use crate::state::AppState;
use crate::turns::queries::{self as turn_queries, PhaseRow};

/// "General of the Army of France" for the engine's seat.
pub fn seat_words(seat: SeatRef) -> String {
    format!("{} of {}", SeatRole::of_kind(seat.role.into()).label(), seat.power)
}

/// A person the viewer knows, by position.
pub struct KnownView {
    pub position: String,
    pub holder: String,
}

/// A motion as its seats see it.
pub struct MotionView {
    pub id: u32,
    pub what: String,
    pub proposed_by: String,
    pub signed: Vec<String>,
    pub needs: Vec<(String, bool)>,
    pub lapses: String,
    pub can_sign: bool,
    pub can_withdraw: bool,
}

/// A team member as the team sees it.
pub struct TeammateView {
    pub name: String,
    pub position: &'static str,
    pub confirmed: bool,
}

/// A person's invitation to a team.
pub struct InvitationView {
    pub captain: String,
    pub position: &'static str,
}

#[derive(Template, WebTemplate)]
#[template(path = "cabinet/page.html")]
pub struct CabinetPage {
    nav: Nav,
    game_id: GameId,
    name: String,
    forming: bool,
    running: bool,
    phase_index: i32,
    places_taken: usize,
    team: Vec<TeammateView>,
    invitation: Option<InvitationView>,
    can_sign_up_team: bool,
    /// The team form as last typed (its defaults on a fresh page), and why it was refused.
    team_form: TeamForm,
    team_error: Option<String>,
    roles: [SeatRole; 3],
    /// Running: the viewer's position and duties.
    position: Option<String>,
    /// The dual monarchy the viewer's power belongs to, named.
    realm: Option<String>,
    duties: Option<String>,
    is_head: bool,
    is_commander: bool,
    /// A commander of a dual monarchy's junior power: the only one a secession form applies to.
    may_secede: bool,
    known: Vec<KnownView>,
    motions: Vec<MotionView>,
    /// Seats a coup may name as new head (the realm's commanders), as `France general`.
    commander_seats: Vec<(String, String)>,
    /// The commanders the Head of State may relieve now, and the vacant posts he may fill (issue 26.7: a
    /// form that cannot apply is not shown).
    relievable: Vec<(String, String)>,
    vacant_posts: Vec<(String, String)>,
    /// A coup's possible new heads besides a named person.
    new_heads: Vec<(String, String)>,
    /// Motions naming the (seatless) viewer, to accept or decline.
    named_in: Vec<MotionView>,
    on_standby: bool,
    can_join_standby: bool,
}

/// Everything the page and the forms need about the viewer in a started game.
struct Running {
    phase: PhaseRow,
    state: AnyGame,
    my_seat: Option<(SeatId, SeatRef)>,
}

fn cabinet_state(state: &AnyGame) -> AppResult<&cabinet::State> {
    match state {
        AnyGame::CabinetDiplomacy(state) => Ok(state),
        _ => Err(AppError::NotFound),
    }
}

async fn load_running(conn: &mut PgConnection, game: &GameRow, access: &Access) -> AppResult<Option<Running>> {
    let Some(phase) = turn_queries::current_phase(conn, game.game_id).await? else { return Ok(None) };
    let state = AnyGame::from_json(phase.state.clone()).map_err(|error| AppError::Internal(error.into()))?;
    let my_seat = match access.my_seat {
        Some(seat_id) => {
            order_queries::game_seat(conn, seat_id).await?.and_then(SeatRef::from_id).map(|seat| (seat_id, seat))
        }
        None => None,
    };
    Ok(Some(Running { phase, state, my_seat }))
}

async fn load_cabinet_game(
    conn: &mut PgConnection,
    game_id: GameId,
    user: &User,
) -> AppResult<(GameRow, Vec<SeatRow>, Access)> {
    let (game, seats, access) = load_visible_game(conn, game_id, Some(user), "").await?;
    if !has_posts(game.kind) {
        return Err(AppError::NotFound);
    }
    Ok((game, seats, access))
}

pub async fn cabinet_page(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<CabinetPage> {
    let mut conn = state.db.acquire().await?;
    build_page(&mut conn, signed_in.nav, &signed_in.user, game_id).await
}

async fn build_page(conn: &mut PgConnection, nav: Nav, user: &User, game_id: GameId) -> AppResult<CabinetPage> {
    let (game, seats, access) = load_cabinet_game(conn, game_id, user).await?;
    let me = user.account_id;
    let members = team_members(conn, game_id).await?;
    let my_team = members.iter().find(|member| member.account_id == me).map(|member| member.team_id);
    // An invitation not yet answered does not stop anyone signing up a team of his own (issue 26.5).
    let in_a_team = members.iter().any(|member| member.account_id == me && member.confirmed);
    let team: Vec<TeammateView> = members
        .iter()
        .filter(|member| Some(member.team_id) == my_team)
        .map(|member| TeammateView {
            name: member.display_name.clone(),
            position: member.role.label(),
            confirmed: member.confirmed,
        })
        .collect();
    let invitation = invitation_for(&members, me, &game);
    let forming = game.status == GameStatus::Forming;
    let running = matches!(game.status, GameStatus::Running | GameStatus::Paused);
    let mut page = CabinetPage {
        nav,
        game_id,
        name: game.name.clone(),
        forming,
        running,
        phase_index: 0,
        places_taken: seats.iter().filter(|seat| seat.account_id.is_some()).count(),
        can_sign_up_team: forming && access.my_seat.is_none() && !in_a_team,
        team_form: TeamForm::default(),
        team_error: None,
        team,
        invitation,
        roles: SeatRole::POSTS,
        position: None,
        realm: None,
        duties: None,
        is_head: false,
        is_commander: false,
        may_secede: false,
        known: Vec::new(),
        motions: Vec::new(),
        commander_seats: Vec::new(),
        relievable: Vec::new(),
        vacant_posts: Vec::new(),
        new_heads: Vec::new(),
        named_in: Vec::new(),
        on_standby: false,
        can_join_standby: false,
    };
    if !running {
        if forming && access.my_seat.is_none() {
            offer_standby(conn, &mut page, game_id, me, &game).await?;
        }
        return Ok(page);
    }
    let Some(current) = load_running(conn, &game, &access).await? else { return Ok(page) };
    let cabinet = cabinet_state(&current.state)?;
    page.phase_index = current.phase.phase_index;
    let names = NameBook::load(conn, cabinet).await?;
    match current.my_seat {
        Some((_, seat)) => fill_position(&mut page, cabinet, seat, &names),
        None => {
            page.named_in = cabinet
                .motions
                .iter()
                .filter(|motion| motions::person_named(cabinet, motion) == Some(person(me)))
                .map(|motion| motion_view(cabinet, motion, None, &names))
                .collect();
            let standby = game_queries::standby(conn, game_id).await?;
            page.on_standby = standby.iter().any(|row| row.account_id == me);
            page.can_join_standby = !page.on_standby;
        }
    }
    Ok(page)
}

/// Before the start, a person without a place may wait on the standby list once every place is taken
/// (issue 26 point 7: the 22nd person).
async fn offer_standby(
    conn: &mut PgConnection,
    page: &mut CabinetPage,
    game_id: GameId,
    me: AccountId,
    game: &GameRow,
) -> AppResult<()> {
    let standby = game_queries::standby(conn, game_id).await?;
    page.on_standby = standby.iter().any(|row| row.account_id == me);
    let full = page.places_taken >= usize::try_from(game.seat_count).unwrap_or(0);
    page.can_join_standby = full && !page.on_standby;
    Ok(())
}

fn invitation_for(members: &[TeamMember], me: AccountId, game: &GameRow) -> Option<InvitationView> {
    let mine = members.iter().find(|member| member.account_id == me && !member.confirmed)?;
    if game.status != GameStatus::Forming {
        return None;
    }
    // The captain is the team's first confirmed member: he confirmed by creating it.
    let captain = members.iter().find(|member| member.team_id == mine.team_id && member.confirmed)?;
    Some(InvitationView { captain: captain.display_name.clone(), position: mine.role.label() })
}

/// Display names of the people a state names, looked up once; shown only where the page may show them.
struct NameBook(Vec<(AccountId, String)>);

impl NameBook {
    async fn load(conn: &mut PgConnection, state: &cabinet::State) -> AppResult<NameBook> {
        let mut people: Vec<AccountId> = SeatRef::all().filter_map(|seat| state.person_at(seat)).map(account).collect();
        people.extend(state.motions.iter().filter_map(|motion| motions::person_named(state, motion)).map(account));
        Ok(NameBook(queries::display_names(conn, &people).await?))
    }

    fn name(&self, person: PersonId) -> String {
        if holder_of(person) == Holder::Bot {
            return crate::games::views::BOT_LABEL.to_owned();
        }
        self.0
            .iter()
            .find(|(account_id, _)| *account_id == account(person))
            .map_or_else(|| "a player".to_owned(), |(_, name)| name.clone())
    }

    /// The engine's words with its `person N` replaced by the person's name: used only for motions,
    /// which only their own seats (who named the person) and the named person see.
    fn words(&self, state: &cabinet::State, motion: &Motion, text: &str) -> String {
        match motions::person_named(state, motion) {
            Some(person) => text.replace(&person.to_string(), &self.name(person)),
            None => text.to_owned(),
        }
    }
}

fn fill_position(page: &mut CabinetPage, state: &cabinet::State, seat: SeatRef, names: &NameBook) {
    page.position = Some(seat_words(seat));
    page.realm = cabinet::dual_monarchy_of(state, seat);
    page.duties = Some(duties(seat.role, &seat.power.to_string()));
    page.is_head = seat.role == Role::HeadOfState;
    page.is_commander = seat.role.is_commander();
    page.may_secede = seat.role.is_commander() && state.cabinet(seat.power.0).joined_to.is_some();
    page.known = cabinet::known_holders(state, seat.id())
        .into_iter()
        .filter_map(|(index, status)| {
            let known = SeatRef::from_id(index)?;
            let holder = match status {
                SeatStatus::Held(holder) if known == seat => format!("{} (you)", names.name(holder.person)),
                SeatStatus::Held(holder) => names.name(holder.person),
                SeatStatus::Vacant => "vacant".to_owned(),
                SeatStatus::Joined { .. } => "governed by a dual monarch".to_owned(),
            };
            Some(KnownView { position: seat_words(known), holder })
        })
        .collect();
    page.motions = state
        .motions
        .iter()
        .filter(|motion| motions::visible_to(state, motion).contains(&seat))
        .map(|motion| motion_view(state, motion, Some(seat), names))
        .collect();
    let realm = state.head_power(seat.power.0);
    let option = |commander: SeatRef| {
        (format!("{} {}", commander.power, commander.role.title().to_lowercase()), seat_words(commander))
    };
    let proposable = |motion: MotionKind| motions::check_line(state, seat, &MotionLine::Propose(motion)).is_ok();
    let commanders = state.commanders_of_realm(realm);
    page.commander_seats = commanders.iter().copied().map(option).collect();
    page.relievable = commanders
        .iter()
        .copied()
        .filter(|target| proposable(MotionKind::Relieve { seat: *target, replacement: Nominee::Standby }))
        .map(option)
        .collect();
    page.vacant_posts = commanders
        .iter()
        .copied()
        .filter(|target| proposable(MotionKind::Appoint { seat: *target, replacement: Nominee::Standby }))
        .map(option)
        .collect();
    let mut heads: Vec<(String, String)> = page
        .commander_seats
        .iter()
        .map(|(value, words)| (value.clone(), format!("{words}, who leaves his post")))
        .collect();
    heads.extend(state.realms().into_iter().filter(|other| other[0] != realm && other.len() == 1).map(|other| {
        let power = kinds::cabinet::SeatRef::new(other[0], Role::HeadOfState).power;
        (power.to_string(), format!("The Head of State of {power}, as a dual monarchy"))
    }));
    heads.push(("standby".to_owned(), "A player from the GM's standby list".to_owned()));
    heads.push(("none".to_owned(), "Nobody (the power has no Head of State)".to_owned()));
    page.new_heads = heads;
}

fn motion_view(state: &cabinet::State, motion: &Motion, seat: Option<SeatRef>, names: &NameBook) -> MotionView {
    let words = |text: String| names.words(state, motion, &text);
    let check = |line| seat.is_some_and(|seat| motions::check_line(state, seat, &line).is_ok());
    MotionView {
        id: motion.id,
        what: words(motion.kind.describe()),
        proposed_by: motion.by.to_string(),
        signed: motion.signed.iter().map(ToString::to_string).collect(),
        needs: motions::requirements(state, motion).into_iter().map(|need| (words(need.words), need.met)).collect(),
        lapses: motions::lapses_with(state, motion).iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
        can_sign: !seat.is_some_and(|seat| motion.signed.contains(&seat))
            && check(motions::MotionLine::Sign(motion.id)),
        can_withdraw: seat == Some(motion.by),
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct TeamForm {
    pub my_role: String,
    pub first_username: String,
    pub first_role: String,
    pub second_username: String,
    pub second_role: String,
}

impl Default for TeamForm {
    /// A fresh form offers the three positions in order: the captain first as Head of State.
    fn default() -> Self {
        let [head, general, admiral] = SeatRole::POSTS.map(|role| role.slug().to_owned());
        TeamForm {
            my_role: head,
            first_username: String::new(),
            first_role: general,
            second_username: String::new(),
            second_role: admiral,
        }
    }
}

fn read_role(slug: &str) -> AppResult<SeatRole> {
    SeatRole::from_slug(slug).filter(|role| role.is_post()).ok_or_else(|| {
        AppError::BadRequest("Choose Head of State, General of the Army or Admiral of the Navy.".to_owned())
    })
}

/// How many team invitations one person may have waiting for an answer across the site: naming
/// someone is a mail to them, so nobody can flood another's inbox.
const MAX_UNANSWERED_INVITATIONS: i64 = 5;

/// One account names two teammates and who takes which position; the captain's place is taken at once,
/// the teammates' when they confirm (sheet §3). Teams by consent (issue 26.5): each named person is
/// told by mail, may decline, and stays free to sign up alone or with his own team (his unanswered
/// invitations then lapse); the GM cannot be named; the invitations lapse if the captain leaves.
pub async fn sign_up_team(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<TeamForm>,
) -> AppResult<Response> {
    match register_team(&state, &signed_in.user, game_id, &form).await {
        Ok(()) => {
            set_flash(&signed_in.session, "Your team is signed up; it counts once both teammates confirm.").await?;
            Ok(Redirect::to(&format!("/games/{game_id}/cabinet")).into_response())
        }
        // A refusal shows the page again with what was typed and why (issue 26.7).
        Err(refusal @ (AppError::BadRequest(_) | AppError::Conflict(_) | AppError::Forbidden(_))) => {
            let (status, reason) = match refusal {
                AppError::BadRequest(reason) => (StatusCode::BAD_REQUEST, reason),
                AppError::Conflict(reason) => (StatusCode::CONFLICT, reason),
                AppError::Forbidden(reason) => (StatusCode::FORBIDDEN, reason),
                other => return Err(other),
            };
            let mut conn = state.db.acquire().await?;
            let mut page = build_page(&mut conn, signed_in.nav, &signed_in.user, game_id).await?;
            page.team_form = form;
            page.team_error = Some(reason);
            Ok((status, page).into_response())
        }
        Err(other) => Err(other),
    }
}

fn read_roles(form: &TeamForm) -> AppResult<[SeatRole; 3]> {
    let roles = [read_role(&form.my_role)?, read_role(&form.first_role)?, read_role(&form.second_role)?];
    if roles[0] == roles[1] || roles[0] == roles[2] || roles[1] == roles[2] {
        return Err(AppError::BadRequest("A team takes each of the three positions once.".to_owned()));
    }
    Ok(roles)
}

async fn register_team(state: &AppState, me: &User, game_id: GameId, form: &TeamForm) -> AppResult<()> {
    let roles = read_roles(form)?;
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    let (game, seats, access) =
        load_visible_game_locked(&mut tx, game_id, Some(me), "", game_queries::RowLock::Update).await?;
    if !has_posts(game.kind) {
        return Err(AppError::NotFound);
    }
    require_forming(&game)?;
    if access.my_seat.is_some() {
        return Err(AppError::Conflict("You have already signed up for this game.".to_owned()));
    }
    if seats.len() >= usize::try_from(game.seat_count).unwrap_or(0) {
        return Err(AppError::Conflict("Every place in this game is taken.".to_owned()));
    }
    refuse_own_gm_where_seats_are_secret(&game, me)?;
    check_may_join(&mut tx, game_id, me.account_id).await?;
    let mut mates = Vec::new();
    for username in [&form.first_username, &form.second_username] {
        let username = username.trim();
        let (account_id, _) = game_queries::account_by_username(&mut tx, username)
            .await?
            .ok_or_else(|| AppError::BadRequest(format!("There is no account called {username:?}.")))?;
        if account_id == me.account_id || mates.iter().any(|(mate, _)| *mate == account_id) {
            return Err(AppError::BadRequest("Name two other people as your teammates.".to_owned()));
        }
        if account_id == game.gm_account_id {
            return Err(AppError::BadRequest(format!(
                "{username} is this game's GM, who takes no position in it: name someone else."
            )));
        }
        if game_queries::unanswered_invitations(&mut tx, account_id).await? >= MAX_UNANSWERED_INVITATIONS {
            return Err(AppError::Conflict(format!(
                "{username} has {MAX_UNANSWERED_INVITATIONS} team invitations waiting for an answer; \
                 ask them to answer those first."
            )));
        }
        mates.push((account_id, username.to_owned()));
    }
    // Signing up his own team answers the invitations he had not: they lapse.
    game_queries::lapse_invitations(&mut tx, game_id, me.account_id).await?;
    let team_id = queries::insert_team(&mut tx, game_id, me.account_id).await?;
    let in_a_team = |error: sqlx::Error| {
        if violates(&error, queries::ALREADY_IN_A_TEAM) {
            AppError::Conflict("One of you is already in a team, or invited to one, for this game.".to_owned())
        } else {
            error.into()
        }
    };
    queries::insert_member(&mut tx, team_id, game_id, me.account_id, roles[0], true).await.map_err(in_a_team)?;
    for ((mate, _), role) in mates.iter().zip(&roles[1..]) {
        queries::insert_member(&mut tx, team_id, game_id, *mate, *role, false).await.map_err(in_a_team)?;
        enqueue_team_invitation(&mut tx, *mate, game_id, &game.name, &me.display_name, role.label(), now).await?;
    }
    game_queries::insert_seat(&mut tx, game_id, me.account_id, SeatRole::Player).await?;
    tx.commit().await?;
    Ok(())
}

fn require_forming(game: &GameRow) -> AppResult<()> {
    if game.status == GameStatus::Forming {
        Ok(())
    } else {
        Err(AppError::Conflict("The game has started: teams are formed only before the start.".to_owned()))
    }
}

/// A named teammate confirms: he takes his place at the table, and the team counts once all three have.
pub async fn confirm_team(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let me = &signed_in.user;
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    let (game, seats, access) =
        load_visible_game_locked(&mut tx, game_id, Some(me), "", game_queries::RowLock::Update).await?;
    if !has_posts(game.kind) {
        return Err(AppError::NotFound);
    }
    require_forming(&game)?;
    let members = team_members(&mut tx, game_id).await?;
    if !members.iter().any(|member| member.account_id == me.account_id && !member.confirmed) {
        return Err(AppError::Conflict("Nobody has asked you to join a team in this game.".to_owned()));
    }
    if access.my_seat.is_none() {
        if seats.len() >= usize::try_from(game.seat_count).unwrap_or(0) {
            return Err(AppError::Conflict("Every place in this game is taken.".to_owned()));
        }
        check_may_join(&mut tx, game_id, me.account_id).await?;
        game_queries::insert_seat(&mut tx, game_id, me.account_id, SeatRole::Player).await?;
    }
    queries::confirm_member(&mut tx, game_id, me.account_id).await?;
    let game = game_queries::game_for_update(&mut tx, game_id).await?.ok_or(AppError::NotFound)?;
    let started = if game.start_rule == crate::games::model::StartRule::WhenFull {
        crate::turns::start::start_if_ready(&mut tx, &game, now).await?.is_ok()
    } else {
        false
    };
    tx.commit().await?;
    let message = if started { "You joined your team, and the game has started!" } else { "You joined your team." };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/cabinet")))
}

/// A named teammate declines: the team breaks up, and those who signed up stay signed up alone.
pub async fn decline_team(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let (game, _, _) = load_cabinet_game(&mut tx, game_id, &signed_in.user).await?;
    require_forming(&game)?;
    let members = team_members(&mut tx, game_id).await?;
    let mine = members
        .iter()
        .find(|member| member.account_id == signed_in.user.account_id && !member.confirmed)
        .ok_or_else(|| AppError::Conflict("Nobody has asked you to join a team in this game.".to_owned()))?;
    queries::delete_team(&mut tx, mine.team_id).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, "You declined; the team will not be formed.").await?;
    Ok(Redirect::to(&format!("/games/{game_id}/cabinet")))
}

/// Anyone signed in who holds no position may wait on a started game's standby list (rules 8, 9, 11).
pub async fn join_standby(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut conn = state.db.acquire().await?;
    let (game, _, access) = load_cabinet_game(&mut conn, game_id, &signed_in.user).await?;
    if !matches!(game.status, GameStatus::Forming | GameStatus::Running | GameStatus::Paused) {
        return Err(AppError::Conflict("The game is over: its standby list is closed.".to_owned()));
    }
    if access.my_seat.is_some() {
        return Err(AppError::Conflict("You hold a position in this game already.".to_owned()));
    }
    check_may_join(&mut conn, game_id, signed_in.user.account_id).await?;
    queries::join_standby(&mut conn, game_id, signed_in.user.account_id).await?;
    set_flash(&signed_in.session, "You are on the standby list; the GM may seat you when a position falls vacant.")
        .await?;
    Ok(Redirect::to(&format!("/games/{game_id}/cabinet")))
}

pub async fn leave_standby(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut conn = state.db.acquire().await?;
    load_cabinet_game(&mut conn, game_id, &signed_in.user).await?;
    game_queries::leave_standby(&mut conn, game_id, signed_in.user.account_id).await?;
    set_flash(&signed_in.session, "You left the standby list.").await?;
    Ok(Redirect::to(&format!("/games/{game_id}/cabinet")))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct MotionForm {
    pub phase: String,
    /// `relieve`, `appoint`, `coup` or `secede`.
    pub motion: String,
    /// The commander position a relief or appointment names: `France general`.
    pub seat: String,
    /// `standby`, or `person` with `username`.
    pub replacement: String,
    /// A coup's new head: a commander position, a power, `standby`, `none`, or `person` with `username`.
    pub new_head: String,
    pub username: String,
}

/// `person N` for the account a form names by username.
async fn named_person(conn: &mut PgConnection, username: &str) -> AppResult<String> {
    let username = username.trim();
    if username.is_empty() {
        return Err(AppError::BadRequest("Enter the username of the person you name.".to_owned()));
    }
    let (account_id, _) = game_queries::account_by_username(conn, username)
        .await?
        .ok_or_else(|| AppError::BadRequest(format!("There is no account called {username:?}.")))?;
    Ok(format!("person {}", account_id.0))
}

/// The replacement a relief or appointment names.
async fn nominee(conn: &mut PgConnection, form: &MotionForm) -> AppResult<String> {
    match form.replacement.as_str() {
        "standby" => Ok("standby".to_owned()),
        "person" => named_person(conn, &form.username).await,
        _ => Err(AppError::BadRequest("Choose the standby list or name a person.".to_owned())),
    }
}

/// The commander position a relief or appointment names, as the motion line writes it.
fn commander_seat(form: &MotionForm) -> AppResult<String> {
    SeatRef::parse(&form.seat)
        .filter(|seat| seat.role.is_commander())
        .map(|seat| format!("{} {}", seat.power, seat.role.title().to_lowercase()))
        .ok_or_else(|| AppError::BadRequest("Choose the General's or the Admiral's position.".to_owned()))
}

/// The motion line the form asks for, with a named person's account looked up by username.
async fn motion_line(conn: &mut PgConnection, form: &MotionForm) -> AppResult<String> {
    match form.motion.as_str() {
        "relieve" => Ok(format!("RELIEVE {} WITH {}", commander_seat(form)?, nominee(conn, form).await?)),
        "appoint" => Ok(format!("APPOINT {} WITH {}", commander_seat(form)?, nominee(conn, form).await?)),
        "coup" => {
            let head = match form.new_head.as_str() {
                "person" => named_person(conn, &form.username).await?,
                "" => return Err(AppError::BadRequest("Choose the new Head of State.".to_owned())),
                // The engine reads the rest (a commander, a power, `standby`, `none`) and explains a refusal.
                other if other.len() <= 40 && !other.contains('\n') => other.to_owned(),
                _ => return Err(AppError::BadRequest("That is not a Head of State to choose.".to_owned())),
            };
            Ok(format!("COUP WITH {head}"))
        }
        "secede" => Ok("SECEDE".to_owned()),
        _ => Err(AppError::BadRequest("Choose a relief, an appointment, a coup or a secession.".to_owned())),
    }
}

/// A proposal: the form's motion line goes onto the position's order sheet, checked by the engine.
pub async fn propose_motion(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<MotionForm>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let line = motion_line(&mut tx, &form).await?;
    add_line(&mut tx, &state, &signed_in.user, game_id, &form.phase, &line).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, format!("`{line}` is on your order sheet; it is made when this phase is processed."))
        .await?;
    Ok(Redirect::to(&format!("/games/{game_id}/cabinet")))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PhaseForm {
    pub phase: String,
}

/// Sign or withdraw (a line on the sheet), or, for a person a motion names, accept or decline (at once).
pub async fn act_on_motion(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path((game_id, motion, action)): Path<(GameId, u32, String)>,
    Form(form): Form<PhaseForm>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let message = match action.as_str() {
        "sign" | "withdraw" => {
            let line = format!("{} {motion}", action.to_uppercase());
            add_line(&mut tx, &state, &signed_in.user, game_id, &form.phase, &line).await?;
            format!("`{line}` is on your order sheet; it counts when this phase is processed.")
        }
        "accept" | "decline" => answer_as_named(&mut tx, &signed_in.user, game_id, motion, action == "accept").await?,
        _ => return Err(AppError::NotFound),
    };
    tx.commit().await?;
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&format!("/games/{game_id}/cabinet")))
}

/// Adds a checked motion line to the viewer's order sheet of the current phase.
async fn add_line(
    conn: &mut PgConnection,
    state: &AppState,
    user: &User,
    game_id: GameId,
    phase: &str,
    line: &str,
) -> AppResult<()> {
    let (game, _, access) =
        load_visible_game_locked(conn, game_id, Some(user), "", game_queries::RowLock::Update).await?;
    if !has_posts(game.kind) {
        return Err(AppError::NotFound);
    }
    if game.status != GameStatus::Running {
        return Err(AppError::Conflict("Motions are made while the game runs.".to_owned()));
    }
    let seat_id = access
        .my_seat
        .ok_or_else(|| AppError::Forbidden("Only the holders of positions make and sign motions.".to_owned()))?;
    let current = load_running(conn, &game, &access).await?.ok_or(AppError::NotFound)?;
    let Some((_, seat)) = current.my_seat else { return Err(AppError::NotFound) };
    if phase.parse::<i32>().ok() != Some(current.phase.phase_index)
        || game.deadline_at.is_some_and(|deadline| deadline <= state.clock.now())
    {
        return Err(AppError::Conflict(
            "That form was for a phase that has been processed; nothing was saved. Open the page again.".to_owned(),
        ));
    }
    let saved = order_queries::sheet(conn, game_id, current.phase.phase_index, seat_id)
        .await?
        .map(|sheet| sheet.orders)
        .unwrap_or_default();
    let check = current.state.check_orders(seat.id(), &format!("{saved}\n{line}"));
    if let Some(refused) = check.rejected.iter().find(|rejected| rejected.text.trim() == line) {
        return Err(AppError::BadRequest(format!("`{line}` is refused: {}.", refused.reason)));
    }
    order_queries::save_orders(conn, game_id, current.phase.phase_index, seat_id, &check.sheet()).await?;
    Ok(())
}

/// A seatless person named in a motion accepts or declines it: the engine records it in the current
/// phase's state at once (CAB.3), under the game's row lock.
async fn answer_as_named(
    conn: &mut PgConnection,
    user: &User,
    game_id: GameId,
    motion: u32,
    accept: bool,
) -> AppResult<String> {
    let (game, _, _) = load_visible_game_locked(conn, game_id, Some(user), "", game_queries::RowLock::Update).await?;
    if !has_posts(game.kind) {
        return Err(AppError::NotFound);
    }
    if !matches!(game.status, GameStatus::Running | GameStatus::Paused) {
        return Err(AppError::Conflict("The game is not being played.".to_owned()));
    }
    let phase = turn_queries::current_phase(conn, game_id).await?.ok_or(AppError::NotFound)?;
    let mut state = AnyGame::from_json(phase.state).map_err(|error| AppError::Internal(error.into()))?;
    let AnyGame::CabinetDiplomacy(cabinet) = &mut state else { return Err(AppError::NotFound) };
    let me = person(user.account_id);
    let named = cabinet.motion(motion).is_some_and(|open| motions::person_named(cabinet, open) == Some(me));
    if !named {
        return Err(AppError::Conflict("There is no open motion naming you by that number.".to_owned()));
    }
    let answer = if accept { cabinet.agree_as(me, motion) } else { cabinet.decline_as(me, motion) };
    answer.map_err(|reason| AppError::Conflict(format!("Not recorded: {reason}.")))?;
    turn_queries::replace_current_state(conn, game_id, phase.phase_index, state.to_json()).await?;
    Ok(if accept {
        "You accepted; you take the position at the start of the phase after the motion is complete.".to_owned()
    } else {
        "You declined.".to_owned()
    })
}
