//! `/play`: the choices with how many wait for each, the viewer's own place, and joining or leaving.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use kinds::Kind;
use serde::Deserialize;

use super::{Choice, Joined, queries};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn, set_flash};
use crate::ids::GameId;
use crate::pages::{Nav, format_time};
use crate::state::AppState;

/// One choice as the page offers it: counts only, never who waits.
pub struct ChoiceLine {
    pub slug: String,
    pub label: String,
    pub waiting: i64,
    pub seats: usize,
    pub requirement: Option<String>,
}

/// The viewer's own place in a queue.
pub struct MyWait {
    pub label: String,
    pub waiting: usize,
    pub seats: usize,
    pub allows_bots: bool,
    /// When bots may take the empty seats, if every waiting player allows them.
    pub bots_at: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "play/play.html")]
pub struct PlayPage {
    nav: Nav,
    choices: Vec<ChoiceLine>,
    mine: Option<MyWait>,
    /// Kinds whose seats are signed up for in teams on a game's own page, never queued for.
    team_kinds: Vec<&'static str>,
    bot_wait_minutes: u32,
    muster_minutes: u32,
}

pub async fn play_page(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<PlayPage> {
    let mut tx = state.db.begin().await?;
    let counts = queries::counts(&mut tx).await?;
    let mine = my_wait(&mut tx, &state, &signed_in).await?;
    tx.commit().await?;
    let count_of = |slug: &str| counts.iter().find(|(waited, _)| waited == slug).map_or(0, |(_, n)| *n);
    let choices = Choice::all()
        .into_iter()
        .map(|choice| ChoiceLine {
            waiting: count_of(&choice.slug()),
            slug: choice.slug(),
            label: choice.label(),
            seats: choice.seats(),
            requirement: choice.requirement().words(),
        })
        .collect();
    let team_kinds =
        Kind::ALL.iter().filter(|kind| !kind.facts().seats.seated_by_joining()).map(|kind| kind.name()).collect();
    Ok(PlayPage {
        nav: signed_in.nav,
        choices,
        mine,
        team_kinds,
        bot_wait_minutes: state.config.play_bot_wait_minutes,
        muster_minutes: state.config.play_muster_minutes,
    })
}

async fn my_wait(conn: &mut sqlx::PgConnection, state: &AppState, signed_in: &SignedIn) -> AppResult<Option<MyWait>> {
    let Some((slug, allows_bots)) = queries::waiting_for(conn, signed_in.user.account_id).await? else {
        return Ok(None);
    };
    let choice =
        Choice::from_slug(&slug).ok_or_else(|| AppError::Internal(anyhow::anyhow!("unknown choice {slug}")))?;
    let waiting = queries::waiting(conn, &choice.slug()).await?;
    let first_joined = waiting.first().map_or_else(|| state.clock.now(), |first| first.joined_at);
    let bots_at = first_joined + state.config.play_timing().bot_wait;
    Ok(Some(MyWait {
        label: choice.label(),
        waiting: waiting.len(),
        seats: choice.seats(),
        allows_bots,
        bots_at: format_time(bots_at, signed_in.user.time_zone),
    }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct JoinForm {
    pub choice: String,
    /// A checkbox: bots may take the seats still empty after the wait.
    pub bots: Option<String>,
}

pub async fn join(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<JoinForm>,
) -> AppResult<Redirect> {
    let choice = Choice::from_slug(&form.choice)
        .ok_or_else(|| AppError::BadRequest("Choose a game among the offered choices.".to_owned()))?;
    let mut tx = state.db.begin().await?;
    let now = state.clock.now();
    let account_id = signed_in.user.account_id;
    let joined = super::join(&mut tx, account_id, choice, form.bots.is_some(), now, state.config.play_timing()).await?;
    tx.commit().await?;
    match joined {
        Joined::Formed(game_id) => {
            set_flash(&signed_in.session, "Your game has formed: confirm that you are there.").await?;
            Ok(Redirect::to(&format!("/games/{game_id}")))
        }
        Joined::Waiting => {
            set_flash(&signed_in.session, format!("You wait for: {}.", choice.label())).await?;
            Ok(Redirect::to("/play"))
        }
    }
}

pub async fn leave(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let was_waiting = super::leave(&mut tx, signed_in.user.account_id).await?;
    tx.commit().await?;
    let flash = if was_waiting { "You left the queue." } else { "You were not waiting for a game." };
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to("/play"))
}

pub async fn confirm(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<Redirect> {
    let mut tx = state.db.begin().await?;
    let started = super::muster::confirm(&mut tx, game_id, signed_in.user.account_id, state.clock.now()).await?;
    tx.commit().await?;
    let flash = if started { "Everyone is there: the game has started." } else { "You confirmed that you are there." };
    set_flash(&signed_in.session, flash).await?;
    Ok(Redirect::to(&format!("/games/{game_id}")))
}
