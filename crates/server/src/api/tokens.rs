//! The account's API tokens page: create (the token shown once, on the answer to the form, never
//! stored anywhere but as its hash) and revoke. An HTML page behind the session and CSRF layers like
//! every other page; only the API itself takes tokens.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;
use serde::Deserialize;
use sqlx::PgConnection;

use super::auth::{new_token, token_hash};
use super::queries;
use crate::error::{AppError, AppResult, FormErrors, invalid_form};
use crate::extract::{Form, Path, SignedIn, User, set_flash};
use crate::pages::{Nav, format_time};
use crate::state::AppState;

/// An account holds at most this many tokens: enough for every bot, few enough to list.
const MAX_TOKENS: usize = 20;
const MAX_NAME_CHARS: usize = 100;

pub struct TokenLine {
    pub id: i64,
    pub name: String,
    pub created: String,
    pub last_used: String,
    pub expires: String,
}

/// The lifetimes a new token may be given, in days; none (the empty choice) keeps it until revoked.
pub const EXPIRY_DAYS: [u16; 4] = [7, 30, 90, 365];

/// A token just created, shown once.
pub struct NewToken {
    pub name: String,
    pub value: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "api/tokens.html")]
pub struct TokensPage {
    nav: Nav,
    tokens: Vec<TokenLine>,
    new_token: Option<NewToken>,
    name: String,
    errors: FormErrors,
    expiry_days: &'static [u16],
}

impl TokensPage {
    async fn build(
        conn: &mut PgConnection,
        nav: Nav,
        user: &User,
        new_token: Option<NewToken>,
        name: String,
        errors: FormErrors,
    ) -> AppResult<Self> {
        let tokens = queries::tokens_of(conn, user.account_id)
            .await?
            .into_iter()
            .map(|row| TokenLine {
                id: row.api_token_id,
                name: row.name,
                created: format_time(row.created_at, user.time_zone),
                last_used: row.last_used_at.map_or_else(|| "never".to_owned(), |at| format_time(at, user.time_zone)),
                expires: row.expires_at.map_or_else(|| "no expiry".to_owned(), |at| format_time(at, user.time_zone)),
            })
            .collect();
        Ok(TokensPage { nav, tokens, new_token, name, errors, expiry_days: &EXPIRY_DAYS })
    }
}

pub async fn tokens_page(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<TokensPage> {
    let mut conn = state.db.acquire().await?;
    TokensPage::build(&mut conn, signed_in.nav, &signed_in.user, None, String::new(), FormErrors::default()).await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TokenForm {
    pub name: String,
    /// One of [`EXPIRY_DAYS`], or empty for a token that works until revoked.
    pub expires_in_days: String,
}

pub async fn create_token(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<TokenForm>,
) -> AppResult<axum::response::Response> {
    let name = form.name.trim().to_owned();
    let mut tx = state.db.begin().await?;
    let mut errors = FormErrors::default();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        errors.add("name", format!("Give the token a name of 1 to {MAX_NAME_CHARS} characters."));
    } else if queries::tokens_of(&mut tx, signed_in.user.account_id).await?.len() >= MAX_TOKENS {
        errors.add("name", format!("You already have {MAX_TOKENS} tokens: revoke one first."));
    }
    let lifetime = match form.expires_in_days.trim() {
        "" => None,
        days => match days.parse::<u16>() {
            Ok(days) if EXPIRY_DAYS.contains(&days) => Some(chrono::Duration::days(i64::from(days))),
            _ => {
                errors.add("expires_in_days", "Choose one of the lifetimes offered.");
                None
            }
        },
    };
    if !errors.is_empty() {
        let page = TokensPage::build(&mut tx, signed_in.nav, &signed_in.user, None, form.name, errors).await?;
        return Ok(invalid_form(page));
    }
    let token = new_token();
    let expires_at = lifetime.map(|lifetime| state.clock.now() + lifetime);
    queries::insert_token(&mut tx, signed_in.user.account_id, &name, &token_hash(&token), expires_at).await?;
    tx.commit().await?;
    let mut conn = state.db.acquire().await?;
    let new_token = Some(NewToken { name, value: token });
    let page =
        TokensPage::build(&mut conn, signed_in.nav, &signed_in.user, new_token, String::new(), FormErrors::default())
            .await?;
    Ok(axum::response::IntoResponse::into_response(page))
}

/// Revokes one of the caller's tokens: it stops working at once. Another account's token is a 404.
pub async fn revoke_token(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(token_id): Path<i64>,
) -> AppResult<Redirect> {
    let mut conn = state.db.acquire().await?;
    if !queries::revoke_token(&mut conn, signed_in.user.account_id, token_id).await? {
        return Err(AppError::NotFound);
    }
    set_flash(&signed_in.session, "The token was revoked: it no longer works.").await?;
    Ok(Redirect::to("/account/tokens"))
}
