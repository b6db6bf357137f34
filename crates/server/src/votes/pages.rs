//! `/games/{id}/votes`: the seat's own votes to pause or cancel, and the buttons to give or withdraw them.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use serde::Deserialize;

use super::Motion;
use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn, set_flash};
use crate::games::model::GameStatus;
use crate::ids::GameId;
use crate::pages::Nav;
use crate::state::AppState;

/// One motion as the page shows it to a voter.
pub struct MotionLine {
    pub slug: &'static str,
    pub words: &'static str,
    pub voted: bool,
    /// Whether the motion can be voted for now (a paused game cannot be paused again).
    pub open: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "votes/page.html")]
pub struct VotesPage {
    nav: Nav,
    game_id: GameId,
    name: String,
    paused: bool,
    motions: Vec<MotionLine>,
}

pub async fn votes_page(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
) -> AppResult<VotesPage> {
    let mut tx = state.db.begin().await?;
    let (game, votes) = super::my_votes(&mut tx, game_id, &signed_in.user).await?;
    tx.commit().await?;
    let paused = game.status == GameStatus::Paused;
    let motions = Motion::ALL
        .into_iter()
        .map(|motion| MotionLine {
            slug: motion.slug(),
            words: motion.words(),
            voted: votes.contains(&motion),
            open: !(paused && motion == Motion::Pause),
        })
        .collect();
    Ok(VotesPage { nav: signed_in.nav, game_id, name: game.name, paused, motions })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct VoteForm {
    pub motion: String,
    /// `yes` gives the vote, anything else withdraws it.
    pub vote: String,
}

pub async fn vote(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(game_id): Path<GameId>,
    Form(form): Form<VoteForm>,
) -> AppResult<Redirect> {
    let motion = Motion::from_slug(form.motion.trim())
        .ok_or_else(|| AppError::BadRequest("Choose a motion: pause or cancel.".to_owned()))?;
    let yes = form.vote == "yes";
    let mut tx = state.db.begin().await?;
    let passed = super::record_vote(&mut tx, game_id, &signed_in.user, motion, yes, state.clock.now()).await?;
    tx.commit().await?;
    let (message, to) = match (passed, motion, yes) {
        (true, Motion::Pause, _) => {
            ("Every player voted to pause: the game is paused until the GM resumes it.", format!("/games/{game_id}"))
        }
        (true, Motion::Cancel, _) => {
            ("Every player voted to cancel: the game is cancelled.", format!("/games/{game_id}"))
        }
        (false, _, true) => (
            "Your vote is recorded, secretly. It passes only if every player votes the same.",
            format!("/games/{game_id}/votes"),
        ),
        (false, _, false) => ("Your vote is withdrawn.", format!("/games/{game_id}/votes")),
    };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to(&to))
}
