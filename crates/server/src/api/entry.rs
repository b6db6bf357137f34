//! Coming into a game through the API: creating one (the "new game" form's settings and validation),
//! joining it and leaving it before the start. Each calls `games::entry`, the pages' own code, in one
//! transaction, so the rules and refusals are the pages'.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiUser;
use super::extract::{ApiJson, ApiPath, OptionalJson};
use super::problem::{ApiError, ApiResult};
use crate::bot_seats::{self, BotGameRequest};
use crate::error::{AppError, FormErrors};
use crate::games::entry;
use crate::games::forms::{GameSettingsForm, JoinForm};
use crate::games::load::load_visible_game;
use crate::games::model::Power;
use crate::ids::GameId;
use crate::state::AppState;
use kinds::Kind;

/// A new game, as the "new game" page's form fills it in: every field may be left out for the page's
/// default. A struct so that new settings can be added without breaking clients.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(example = json!({"name": "Bots only", "kind": "standard", "press": "none", "movement": "1h",
    "retreat": "30m", "adjustment": "30m", "power_assignment": "random"}))]
pub struct NewGameRequest {
    #[schema(value_type = super::schema::KindSlug)]
    pub kind: String,
    /// 1 to 80 characters.
    pub name: String,
    /// At most 4000 characters.
    pub description: String,
    /// A public game is listed in the lobby; a private one is reached with its invite code.
    pub public: bool,
    #[schema(value_type = super::schema::PressSlug)]
    pub press: String,
    /// Grey press: messages may be sent without the sender's name.
    pub grey_press: bool,
    /// Press is published once the game ends.
    pub publish_press: bool,
    /// Players' names are hidden until the game ends.
    pub anonymous: bool,
    #[schema(value_type = super::schema::DeadlineModeSlug)]
    pub deadline_mode: String,
    /// A duration from 5m to 14d, like `1d`, `36h`, `1d 12h` or `90m`.
    #[schema(example = "1d")]
    pub movement: String,
    #[schema(example = "12h")]
    pub retreat: String,
    #[schema(example = "12h")]
    pub adjustment: String,
    /// With `deadline_mode` `fixed_time`: the time of day deadlines fall at, `HH:MM`.
    #[schema(example = "20:00")]
    pub fixed_time: String,
    /// An IANA time zone.
    #[schema(example = "Europe/Paris")]
    pub deadline_zone: String,
    /// Days on which no phase is processed (at least one day must be left).
    #[schema(value_type = Vec<super::schema::WeekdaySlug>)]
    pub skip_days: Vec<String>,
    #[schema(value_type = super::schema::PowerAssignmentSlug)]
    pub power_assignment: String,
    #[schema(value_type = super::schema::StartRuleSlug)]
    pub start_rule: String,
    /// Process a phase as soon as every seat that must order is ready.
    pub process_when_ready: bool,
    /// For kinds of players without powers (Covert Operations): how many; absent for the kind's default.
    pub players: Option<u16>,
    /// `fill`: a game against bots, started at once, the caller in one seat and bots in every other
    /// (as the lobby's "Play against bots"; the other settings are then the bot game's own).
    #[schema(value_type = Option<String>, example = "fill")]
    pub bots: Option<String>,
    /// With `bots`: the power the caller plays where the kind lets players choose (absent: drawn).
    #[schema(value_type = Option<super::schema::PowerSlug>)]
    pub power: Option<String>,
    /// Who may join by reliability, as the form's "Players' reliability": `reliable` (Reliable players
    /// only) or `new` (no Unreliable players); absent: anyone.
    #[schema(value_type = Option<String>, example = "reliable")]
    pub reliability: Option<String>,
    /// A joining player must have missed no phase among his last this many phases to order (1 to 100);
    /// absent: asks nothing.
    #[schema(example = 20)]
    pub no_miss_in_last: Option<u16>,
    /// A player who misses this many movement phases in a row leaves his seat open (1 to 20); absent:
    /// no such rule.
    #[schema(example = 2)]
    pub disorder_after: Option<u16>,
}

impl Default for NewGameRequest {
    /// The "new game" page's defaults.
    fn default() -> Self {
        let form = GameSettingsForm::default();
        NewGameRequest {
            kind: form.kind,
            name: form.name,
            description: form.description,
            public: form.visibility == "public",
            press: form.press,
            grey_press: form.grey_press.is_some(),
            publish_press: form.publish_press.is_some(),
            anonymous: form.anonymous.is_some(),
            deadline_mode: form.deadline_mode,
            movement: form.movement,
            retreat: form.retreat,
            adjustment: form.adjustment,
            fixed_time: form.fixed_time,
            deadline_zone: form.deadline_zone,
            skip_days: Vec::new(),
            power_assignment: form.power_assignment,
            start_rule: form.start_rule,
            process_when_ready: form.process_when_ready.is_some(),
            players: None,
            bots: None,
            power: None,
            reliability: None,
            no_miss_in_last: None,
            disorder_after: None,
        }
    }
}

/// A checkbox's value as the form sends it: present when ticked.
fn ticked(on: bool) -> Option<String> {
    on.then(|| "on".to_owned())
}

impl NewGameRequest {
    /// The bot game asked for with `"bots": "fill"`, if any; an unknown `bots`, kind or power is named.
    fn bot_game(&self) -> Result<Option<BotGameRequest>, FormErrors> {
        let mut errors = FormErrors::default();
        match self.bots.as_deref() {
            None => {
                if self.power.is_some() {
                    errors.add(
                        "power",
                        "A power is chosen here only with \"bots\": \"fill\"; join a game to choose one.",
                    );
                    return Err(errors);
                }
                return Ok(None);
            }
            Some("fill") => {}
            Some(other) => {
                errors.add("bots", format!("{other:?} is not a bot setting; the one there is is \"fill\"."));
                return Err(errors);
            }
        }
        let Some(kind) = Kind::from_slug(&self.kind) else {
            errors.add("kind", format!("There is no game kind called {:?}.", self.kind));
            return Err(errors);
        };
        let power = match self.power.as_deref() {
            None => None,
            Some(slug) => match Power::from_slug(slug) {
                Some(power) => Some(power),
                None => {
                    errors.add("power", format!("{slug:?} is not a power."));
                    return Err(errors);
                }
            },
        };
        Ok(Some(BotGameRequest { kind, power }))
    }

    /// The form the page would have posted, so the page's validation judges it; an unknown weekday is
    /// refused here, since the form has no field for it.
    fn into_form(self) -> Result<GameSettingsForm, FormErrors> {
        let mut errors = FormErrors::default();
        let day = |name: &str| ticked(self.skip_days.iter().any(|day| day.eq_ignore_ascii_case(name)));
        if let Some(unknown) = self.skip_days.iter().find(|day| !WEEKDAYS.contains(&day.to_lowercase().as_str())) {
            errors.add("skip_days", format!("{unknown:?} is not a day of the week."));
            return Err(errors);
        }
        Ok(GameSettingsForm {
            skip_monday: day("monday"),
            skip_tuesday: day("tuesday"),
            skip_wednesday: day("wednesday"),
            skip_thursday: day("thursday"),
            skip_friday: day("friday"),
            skip_saturday: day("saturday"),
            skip_sunday: day("sunday"),
            kind: self.kind,
            name: self.name,
            description: self.description,
            visibility: if self.public { "public" } else { "private" }.to_owned(),
            press: self.press,
            grey_press: ticked(self.grey_press),
            publish_press: ticked(self.publish_press),
            anonymous: ticked(self.anonymous),
            deadline_mode: self.deadline_mode,
            movement: self.movement,
            retreat: self.retreat,
            adjustment: self.adjustment,
            fixed_time: self.fixed_time,
            deadline_zone: self.deadline_zone,
            power_assignment: self.power_assignment,
            start_rule: self.start_rule,
            process_when_ready: ticked(self.process_when_ready),
            pace: String::new(),
            // Bots come through the bot-game request, not this form (issue 28's `"bots": "fill"`).
            bots_fill: None,
            bots_replace: None,
            players: self.players.map(|count| count.to_string()).unwrap_or_default(),
            reliability: self.reliability.unwrap_or_default(),
            no_miss_in_last: self.no_miss_in_last.map(|count| count.to_string()).unwrap_or_default(),
            disorder_after: self.disorder_after.map(|count| count.to_string()).unwrap_or_default(),
        })
    }
}

const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// A game just made, or a seat just taken.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"game_id": 12, "invite_code": "0f1e2d3c4b5a69788796a5b4c3d2e1f0"}))]
pub struct Created {
    pub game_id: i64,
    /// The code players of a private game join with (`?invite=`); shown to the GM only.
    pub invite_code: String,
}

/// A form's field messages as one problem detail: `field: message; field: message`.
fn invalid(errors: &FormErrors) -> ApiError {
    let detail = errors.messages().map(|(field, message)| format!("{field}: {message}")).collect::<Vec<_>>();
    ApiError::App(AppError::Malformed { status: StatusCode::UNPROCESSABLE_ENTITY, message: detail.join("; ") })
}

/// Creates a game with the caller as its GM, with the "new game" page's settings and validation
/// (each invalid field named in the 422's detail); with `"bots": "fill"`, a game against bots that starts
/// at once with the caller in one seat. The answer's `Location` is the new game.
#[utoipa::path(post, path = "/games", tag = "games", request_body = NewGameRequest, security(("token" = [])),
    responses((status = 201, body = Created,
        headers(("Location" = String, description = "The new game: `/api/v1/games/{game_id}`")))))]
pub async fn create_game(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiJson(request): ApiJson<NewGameRequest>,
) -> ApiResult<(StatusCode, [(header::HeaderName, String); 1], Json<Created>)> {
    let mut tx = state.db.begin().await?;
    let game_id = match request.bot_game().map_err(|errors| invalid(&errors))? {
        Some(bot_game) => bot_seats::create_bot_game(&mut tx, &caller.user, bot_game, state.clock.now()).await?,
        None => {
            let form = request.into_form().map_err(|errors| invalid(&errors))?;
            let game = entry::validate_new_game(&form).map_err(|errors| invalid(&errors))?;
            entry::create_game(&mut tx, &caller.user, &game).await?
        }
    };
    let (created, _, _) = load_visible_game(&mut tx, game_id, Some(&caller.user), "").await?;
    tx.commit().await?;
    let location = [(header::LOCATION, format!("/api/v1/games/{game_id}"))];
    Ok((StatusCode::CREATED, location, Json(Created { game_id: game_id.0, invite_code: created.invite_code })))
}

/// Joining: the power to play where players choose theirs, and a private game's invite code.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(example = json!({"power": "france"}))]
pub struct JoinRequest {
    /// Required where players choose their power (and refused elsewhere).
    #[schema(value_type = Option<super::schema::PowerSlug>)]
    pub power: Option<String>,
    /// A private game's invite code.
    pub invite: String,
}

/// The seat just taken.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"game_id": 12, "started": false}))]
pub struct Joined {
    pub game_id: i64,
    /// The caller's seat filled the game and it started.
    pub started: bool,
}

/// Takes a seat in a forming game, as the game page's "Join" does (409 once started, full or already
/// seated; 400 for a missing or unwanted power; 403, with the reason, for a player whose reliability
/// the game does not take). The body may be left out where no power is chosen.
#[utoipa::path(post, path = "/games/{game_id}/join", tag = "games", params(("game_id" = i64, Path)),
    request_body(content = Option<JoinRequest>), security(("token" = [])),
    responses((status = 200, body = Joined)))]
pub async fn join_game(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
    OptionalJson(request): OptionalJson<JoinRequest>,
) -> ApiResult<Json<Joined>> {
    let form = JoinForm { power: request.power.unwrap_or_default(), invite: request.invite };
    let power = form.power().map_err(AppError::BadRequest)?;
    let mut tx = state.db.begin().await?;
    let started = entry::join_game(&mut tx, game_id, &caller.user, &form.invite, power, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(Joined { game_id: game_id.0, started }))
}

/// Gives up the caller's seat before the game starts, as the game page's "Leave" does (409 after).
#[utoipa::path(delete, path = "/games/{game_id}/join", tag = "games", params(("game_id" = i64, Path)),
    security(("token" = [])), responses((status = 204, description = "The seat is given up.")))]
pub async fn leave_game(
    State(state): State<AppState>,
    caller: ApiUser,
    ApiPath(game_id): ApiPath<GameId>,
) -> ApiResult<StatusCode> {
    let mut tx = state.db.begin().await?;
    entry::leave_game(&mut tx, game_id, &caller.user).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
