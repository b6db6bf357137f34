//! `/notifications`: the signed-in user's notices, unread first, each opened (and marked read) through
//! a small form, all marked read with one button; and the mail choices the account page shows.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::Redirect;

use super::{NoticeKind, queries};
use crate::error::{AppError, AppResult};
use crate::extract::{Path, SignedIn, set_flash};
use crate::pages::{Nav, format_time};
use crate::state::AppState;

/// The most notices the page lists.
const LISTED: i64 = 200;

#[derive(Template, WebTemplate)]
#[template(path = "notices/list.html")]
pub struct NotificationsPage {
    nav: Nav,
    notices: Vec<NoticeLine>,
    unread: usize,
}

/// One notice as the page shows it.
pub struct NoticeLine {
    pub notice_id: i64,
    pub game_name: String,
    pub sentence: String,
    pub at: String,
    pub read: bool,
}

pub async fn notifications_page(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<NotificationsPage> {
    let mut conn = state.db.acquire().await?;
    let zone = signed_in.user.time_zone;
    let notices: Vec<NoticeLine> = queries::own_notices(&mut conn, signed_in.user.account_id, LISTED)
        .await?
        .into_iter()
        .filter_map(|notice| {
            let kind = NoticeKind::parse(&notice.kind)?;
            Some(NoticeLine {
                notice_id: notice.notice_id,
                game_name: notice.game_name,
                sentence: kind.sentence(&notice.detail),
                at: format_time(notice.created_at, zone),
                read: notice.read,
            })
        })
        .collect();
    let unread = notices.iter().filter(|notice| !notice.read).count();
    Ok(NotificationsPage { nav: signed_in.nav, notices, unread })
}

/// Opens a notice: marks it read and goes where it links. Someone else's notice is a 404.
pub async fn open_notice(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Path(notice_id): Path<i64>,
) -> AppResult<Redirect> {
    let mut conn = state.db.acquire().await?;
    let link = queries::mark_read(&mut conn, signed_in.user.account_id, notice_id, state.clock.now())
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Redirect::to(&link))
}

pub async fn mark_all_read(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<Redirect> {
    let mut conn = state.db.acquire().await?;
    queries::mark_all_read(&mut conn, signed_in.user.account_id, state.clock.now()).await?;
    set_flash(&signed_in.session, "Every notification is marked read.").await?;
    Ok(Redirect::to("/notifications"))
}

/// Saves which kinds are mailed: the form's ticked `mail=<kind>` checkboxes (sharing one name).
pub async fn save_mail_choices(
    State(state): State<AppState>,
    signed_in: SignedIn,
    axum::Form(form): axum::Form<Vec<(String, String)>>,
) -> AppResult<Redirect> {
    let ticked: Vec<&str> = form.iter().filter(|(name, _)| name == "mail").map(|(_, kind)| kind.as_str()).collect();
    let off: Vec<&str> = NoticeKind::ALL
        .into_iter()
        .filter(|kind| kind.mailed_as_notice() && !ticked.contains(&kind.as_str()))
        .map(NoticeKind::as_str)
        .collect();
    let mut conn = state.db.acquire().await?;
    queries::set_mail_off(&mut conn, signed_in.user.account_id, &off).await?;
    set_flash(&signed_in.session, "Your notification mail choices are saved.").await?;
    Ok(Redirect::to("/account"))
}
