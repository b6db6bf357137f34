//! The site admin's page: every account (granting or revoking site admin) and every game, private
//! ones included, with links to their GM panels.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use chrono::{DateTime, Utc};
use kinds::Kind;
use serde::Deserialize;
use sqlx::PgConnection;

use crate::error::{AppError, AppResult};
use crate::extract::{Form, Path, SignedIn, set_flash};
use crate::games::model::GameStatus;
use crate::ids::{AccountId, GameId};
use crate::pages::{Nav, format_time};
use crate::state::AppState;

/// Lists show at most this many rows; the page says so when there are more.
const LIST_LIMIT: i64 = 500;

#[derive(sqlx::FromRow)]
struct AccountRow {
    account_id: AccountId,
    username: String,
    display_name: String,
    email: Option<String>,
    is_site_admin: bool,
    created_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct GameRow {
    game_id: GameId,
    name: String,
    #[sqlx(try_from = "String")]
    kind: Kind,
    status: GameStatus,
    is_public: bool,
    gm_display_name: String,
}

pub struct AccountLine {
    pub account_id: AccountId,
    pub username: String,
    pub display_name: String,
    pub email: String,
    pub is_site_admin: bool,
    pub is_me: bool,
    pub created: String,
}

pub struct GameLine {
    pub game_id: GameId,
    pub name: String,
    pub kind: &'static str,
    pub status: &'static str,
    pub is_public: bool,
    pub gm: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "admin/site.html")]
pub struct SitePage {
    nav: Nav,
    accounts: Vec<AccountLine>,
    games: Vec<GameLine>,
    limit: i64,
}

fn require_site_admin(signed_in: &SignedIn) -> AppResult<()> {
    if signed_in.user.is_site_admin {
        Ok(())
    } else {
        Err(AppError::Forbidden("Only site admins can open this page.".to_owned()))
    }
}

async fn accounts(conn: &mut PgConnection) -> Result<Vec<AccountRow>, sqlx::Error> {
    sqlx::query_as(
        "select account_id, username, display_name, email, is_site_admin, created_at
         from account order by created_at desc limit $1",
    )
    .bind(LIST_LIMIT)
    .fetch_all(conn)
    .await
}

async fn games(conn: &mut PgConnection) -> Result<Vec<GameRow>, sqlx::Error> {
    sqlx::query_as(
        "select g.game_id, g.name, g.kind, g.status, g.is_public, gm.display_name as gm_display_name
         from game g join account gm on gm.account_id = g.gm_account_id
         order by g.created_at desc limit $1",
    )
    .bind(LIST_LIMIT)
    .fetch_all(conn)
    .await
}

pub async fn site_page(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<SitePage> {
    require_site_admin(&signed_in)?;
    let zone = signed_in.user.time_zone;
    let mut conn = state.db.acquire().await?;
    let accounts = accounts(&mut conn)
        .await?
        .into_iter()
        .map(|row| AccountLine {
            is_me: row.account_id == signed_in.user.account_id,
            account_id: row.account_id,
            username: row.username,
            display_name: row.display_name,
            email: row.email.unwrap_or_default(),
            is_site_admin: row.is_site_admin,
            created: format_time(row.created_at, zone),
        })
        .collect();
    let games = games(&mut conn)
        .await?
        .into_iter()
        .map(|row| GameLine {
            game_id: row.game_id,
            name: row.name,
            kind: row.kind.name(),
            status: row.status.label(),
            is_public: row.is_public,
            gm: row.gm_display_name,
        })
        .collect();
    Ok(SitePage { nav: signed_in.nav, accounts, games, limit: LIST_LIMIT })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SiteAdminForm {
    /// "true" to grant site admin, "false" to revoke it.
    pub site_admin: String,
}

pub async fn set_site_admin(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(account_id): Path<AccountId>,
    Form(form): Form<SiteAdminForm>,
) -> AppResult<Redirect> {
    require_site_admin(&signed_in)?;
    let grant = match form.site_admin.as_str() {
        "true" => true,
        "false" => false,
        _ => return Err(AppError::BadRequest("Say whether to grant or revoke site admin.".to_owned())),
    };
    if account_id == signed_in.user.account_id {
        // Revoking one's own rights could leave the site without an admin; granting them is a no-op.
        return Err(AppError::Conflict("You cannot change your own site admin rights.".to_owned()));
    }
    let updated: Option<String> = sqlx::query_scalar!(
        "update account set is_site_admin = $2 where account_id = $1 returning display_name",
        account_id as AccountId,
        grant
    )
    .fetch_optional(&state.db)
    .await?;
    let name = updated.ok_or(AppError::NotFound)?;
    let message =
        if grant { format!("{name} is now a site admin.") } else { format!("{name} is no longer a site admin.") };
    set_flash(&signed_in.session, message).await?;
    Ok(Redirect::to("/admin"))
}
