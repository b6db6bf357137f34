//! How to play: a page per kind (what a seat orders, examples in words and notation, what stays secret,
//! how a phase ends), from the kind's own `Guide`, and a list of them. Linked from the lobby, the new-game
//! form and every game page. Public: it holds no game's data.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::routing::get;
use kinds::{Guide, Kind};

use crate::error::{AppError, AppResult};
use crate::extract::{Path, Viewer};
use crate::pages::Nav;
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/how-to-play", get(index)).route("/how-to-play/{kind}", get(kind_page))
}

/// A kind as the list links it.
pub struct KindLink {
    pub slug: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
}

#[derive(Template, WebTemplate)]
#[template(path = "guide/index.html")]
pub struct GuideIndexPage {
    nav: Nav,
    kinds: Vec<KindLink>,
}

#[derive(Template, WebTemplate)]
#[template(path = "guide/kind.html")]
pub struct GuidePage {
    nav: Nav,
    name: &'static str,
    guide: Guide,
    /// The notation the kind's text box takes, in words (`One order per line in judge notation`).
    notation: &'static str,
    others: Vec<KindLink>,
}

fn links(except: Option<Kind>) -> Vec<KindLink> {
    Kind::ALL
        .iter()
        .filter(|kind| Some(**kind) != except)
        .map(|kind| KindLink { slug: kind.slug(), name: kind.name(), summary: kind.guide().summary })
        .collect()
}

pub async fn index(viewer: Viewer) -> GuideIndexPage {
    GuideIndexPage { nav: viewer.nav, kinds: links(None) }
}

/// One kind's page; an unknown kind is a 404.
pub async fn kind_page(viewer: Viewer, Path(slug): Path<String>) -> AppResult<GuidePage> {
    let kind = Kind::from_slug(&slug).ok_or(AppError::NotFound)?;
    Ok(GuidePage {
        nav: viewer.nav,
        name: kind.name(),
        guide: kind.guide(),
        notation: kind.facts().notation.in_words(),
        others: links(Some(kind)),
    })
}

#[cfg(test)]
mod tests;
