//! `/notifications/push`: the kinds to push and this device's push, its forms, and the files that make
//! the site installable: the manifest, its icons, the service worker and the scripts that register it.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use super::{PushChoice, keys, push_choices, queries};
use crate::error::{AppError, AppResult};
use crate::extract::{Form, SignedIn, set_flash};
use crate::notices::NoticeKind;
use crate::pages::Nav;
use crate::state::AppState;

/// The longest endpoint or key a subscription may have: real ones are a few hundred characters.
const LONGEST_FIELD: usize = 2048;

#[derive(Template, WebTemplate)]
#[template(path = "push/settings.html")]
pub struct PushPage {
    nav: Nav,
    choices: Vec<PushChoice>,
    devices: i64,
    /// The VAPID public key browsers subscribe with (base64url).
    public_key: String,
}

pub async fn push_page(State(state): State<AppState>, signed_in: SignedIn) -> AppResult<PushPage> {
    let mut conn = state.db.acquire().await?;
    let account_id = signed_in.user.account_id;
    let keys = keys::site_keys(&mut conn, state.config.vapid_private_key.as_deref(), state.clock.now())
        .await
        .map_err(|error| AppError::Internal(anyhow::anyhow!(error)))?;
    Ok(PushPage {
        nav: signed_in.nav,
        choices: push_choices(&mut conn, account_id).await?,
        devices: queries::device_count(&mut conn, account_id).await?,
        public_key: keys.public_key,
    })
}

/// Saves which kinds are pushed: the form's ticked `push=<kind>` checkboxes; unknown kinds are a 400.
pub async fn save_push_kinds(
    State(state): State<AppState>,
    signed_in: SignedIn,
    axum::Form(form): axum::Form<Vec<(String, String)>>,
) -> AppResult<Redirect> {
    let mut kinds = Vec::new();
    for (_, kind) in form.iter().filter(|(name, _)| name == "push") {
        let kind = NoticeKind::parse(kind).ok_or_else(|| AppError::BadRequest("No such kind of notice.".to_owned()))?;
        kinds.push(kind.as_str());
    }
    kinds.dedup();
    let mut tx = state.db.begin().await?;
    queries::set_kinds_on(&mut tx, signed_in.user.account_id, &kinds).await?;
    tx.commit().await?;
    set_flash(&signed_in.session, "Your push choices are saved.").await?;
    Ok(Redirect::to("/notifications/push"))
}

/// A device's subscription as `static/js/push.js` posts it.
#[derive(Debug, Deserialize)]
pub struct SubscriptionForm {
    endpoint: String,
    p256dh: String,
    auth: String,
}

impl SubscriptionForm {
    /// The subscription, if its endpoint is an http(s) URL and its keys are base64url of the right
    /// lengths (a 65-byte P-256 point, a 16-byte secret).
    fn validate(self) -> Result<queries::Subscription, AppError> {
        let bad = |what: &str| AppError::BadRequest(format!("This push subscription's {what} is not valid."));
        let endpoint = url::Url::parse(&self.endpoint).map_err(|_| bad("endpoint"))?;
        if !matches!(endpoint.scheme(), "https" | "http") || self.endpoint.len() > LONGEST_FIELD {
            return Err(bad("endpoint"));
        }
        if decoded_len(&self.p256dh) != Some(65) {
            return Err(bad("key"));
        }
        if decoded_len(&self.auth) != Some(16) {
            return Err(bad("secret"));
        }
        Ok(queries::Subscription { endpoint: self.endpoint, p256dh: self.p256dh, auth: self.auth })
    }
}

fn decoded_len(text: &str) -> Option<usize> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok().map(|bytes| bytes.len())
}

pub async fn subscribe(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<SubscriptionForm>,
) -> AppResult<StatusCode> {
    let subscription = form.validate()?;
    let session_key = super::sessions::session_key(&signed_in.session).await?;
    let mut conn = state.db.acquire().await?;
    queries::save_subscription(&mut conn, signed_in.user.account_id, &subscription, &session_key, state.clock.now())
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize)]
pub struct EndpointForm {
    endpoint: String,
}

pub async fn unsubscribe(
    State(state): State<AppState>,
    signed_in: SignedIn,
    Form(form): Form<EndpointForm>,
) -> AppResult<StatusCode> {
    let mut conn = state.db.acquire().await?;
    queries::delete_subscription(&mut conn, signed_in.user.account_id, &form.endpoint).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The service worker, at the site's root so that its scope is the whole site; never cached by HTTP, so
/// browsers find a new version at once.
pub async fn service_worker() -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (header::HeaderName::from_static("service-worker-allowed"), HeaderValue::from_static("/")),
        ],
        include_str!("../../../../static/sw.js"),
    )
        .into_response()
}

fn javascript(source: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], source).into_response()
}

pub async fn push_script() -> Response {
    javascript(include_str!("../../../../static/js/push.js"))
}

pub async fn app_script() -> Response {
    javascript(include_str!("../../../../static/js/app.js"))
}

pub async fn manifest() -> Response {
    ([(header::CONTENT_TYPE, "application/manifest+json")], include_str!("../../../../static/manifest.webmanifest"))
        .into_response()
}

pub async fn icon_svg() -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], include_str!("../../../../static/icon.svg")).into_response()
}

pub async fn icon_192() -> Response {
    ([(header::CONTENT_TYPE, "image/png")], include_bytes!("../../../../static/icon-192.png").as_slice())
        .into_response()
}

pub async fn icon_512() -> Response {
    ([(header::CONTENT_TYPE, "image/png")], include_bytes!("../../../../static/icon-512.png").as_slice())
        .into_response()
}
