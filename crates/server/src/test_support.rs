//! Helpers for handler tests: build the app on a test database, send requests, read pages.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use chrono::{DateTime, Duration, SubsecRound, Utc};
use http_body_util::BodyExt;
use sqlx::PgPool;
use tower::ServiceExt;

use crate::accounts::{NewAccount, hash_password, insert_account};
use crate::config::Config;
use crate::ids::{AccountId, GameId};
use crate::state::AppState;

pub const PASSWORD: &str = "a good password";

pub fn app(pool: PgPool) -> Router {
    crate::app(AppState::new(pool, Config::with_database_url("postgres://unused")))
}

/// What a test needs from a response.
pub struct Page {
    pub status: StatusCode,
    pub location: Option<String>,
    pub set_cookie: Option<String>,
    pub body: String,
}

impl Page {
    pub fn assert_status(&self, status: StatusCode) -> &Self {
        assert_eq!(self.status, status, "unexpected status; body:\n{}", self.body);
        self
    }

    pub fn assert_contains(&self, text: &str) -> &Self {
        assert!(self.body.contains(text), "{text:?} not found in:\n{}", self.body);
        self
    }

    pub fn assert_lacks(&self, text: &str) -> &Self {
        assert!(!self.body.contains(text), "{text:?} unexpectedly found in:\n{}", self.body);
        self
    }

    /// A 4xx answer rendered as the site's error page (never a bare body, never a 500).
    pub fn assert_error_page(&self, status: StatusCode) -> &Self {
        self.assert_status(status);
        assert!(status.is_client_error());
        self.assert_contains("class=\"error-page\"")
    }

    pub fn assert_redirect_to(&self, path: &str) -> &Self {
        self.assert_status(StatusCode::SEE_OTHER);
        assert_eq!(self.location.as_deref(), Some(path));
        self
    }
}

/// A browser-like client: keeps the session cookie between requests.
pub struct Client {
    app: Router,
    cookie: Option<String>,
}

impl Client {
    pub fn new(pool: PgPool) -> Self {
        Client::with_app(app(pool))
    }

    /// A client of an app built with its own configuration.
    pub fn with_app(app: Router) -> Self {
        Client { app, cookie: None }
    }

    pub async fn send(&mut self, request: Request<Body>) -> Page {
        let mut request = request;
        if let Some(cookie) = &self.cookie {
            request.headers_mut().insert(header::COOKIE, cookie.parse().unwrap());
        }
        let response = self.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let header_text =
            |name| response.headers().get(name).map(|value: &header::HeaderValue| value.to_str().unwrap().to_owned());
        let location = header_text(header::LOCATION);
        let set_cookie = header_text(header::SET_COOKIE);
        if let Some(set_cookie) = &set_cookie {
            self.cookie = set_cookie.split(';').next().map(str::to_owned);
        }
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Page { status, location, set_cookie, body: String::from_utf8_lossy(&bytes).into_owned() }
    }

    /// Sends a GET with the session cookie and `headers`, and returns the answer unread (an event
    /// stream never ends).
    pub async fn open(&mut self, path: &str, headers: &[(&str, &str)]) -> axum::response::Response {
        let mut request = Request::get(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(cookie) = &self.cookie {
            request = request.header(header::COOKIE, cookie.as_str());
        }
        self.app.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap()
    }

    /// Sends a request with the session cookie and returns the answer unread, headers and all.
    pub async fn respond(&mut self, request: Request<Body>) -> axum::response::Response {
        let mut request = request;
        if let Some(cookie) = &self.cookie {
            request.headers_mut().insert(header::COOKIE, cookie.parse().unwrap());
        }
        self.app.clone().oneshot(request).await.unwrap()
    }

    pub async fn get(&mut self, path: &str) -> Page {
        self.send(Request::get(path).body(Body::empty()).unwrap()).await
    }

    pub async fn post(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let body = serde_urlencoded_body(form);
        self.send(
            Request::post(path)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(body))
                .unwrap(),
        )
        .await
    }

    /// Posts a form as a browser does: a `303 See Other` answer is followed by a GET of its location,
    /// and that page is returned.
    pub async fn submit(&mut self, path: &str, form: &[(&str, &str)]) -> Page {
        let page = self.post(path, form).await;
        match (page.status, page.location) {
            (StatusCode::SEE_OTHER, Some(location)) => self.get(&location).await,
            (_, location) => Page { location, ..page },
        }
    }

    pub async fn log_in(&mut self, username: &str) {
        self.post("/login", &[("username", username), ("password", PASSWORD)])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
}

fn serde_urlencoded_body(form: &[(&str, &str)]) -> String {
    form.iter().map(|(key, value)| format!("{}={}", encode(key), encode(value))).collect::<Vec<_>>().join("&")
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (byte as char).to_string(),
            b' ' => "+".to_owned(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// Creates an account with the test password and returns its id.
pub async fn account(pool: &PgPool, username: &str, is_site_admin: bool) -> AccountId {
    let hash = hash_password(PASSWORD.to_owned()).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    insert_account(
        &mut conn,
        &NewAccount {
            username,
            display_name: &format!("{username} display"),
            email: None,
            password_hash: &hash,
            time_zone: "UTC",
            is_site_admin,
            email_confirmed: false,
        },
    )
    .await
    .unwrap()
}

/// A client logged in as a new account `username`.
pub async fn logged_in(pool: &PgPool, username: &str) -> Client {
    account(pool, username, false).await;
    let mut client = Client::new(pool.clone());
    client.log_in(username).await;
    client
}

/// The "new game" form with every field at a sensible value; `overrides` replace or add fields.
pub fn game_form<'a>(name: &'a str, overrides: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form = vec![
        ("kind", "standard"),
        ("name", name),
        ("description", "A test game"),
        ("visibility", "public"),
        ("press", "full"),
        ("deadline_mode", "per_phase"),
        ("movement", "1d"),
        ("retreat", "12h"),
        ("adjustment", "12h"),
        ("fixed_time", ""),
        ("deadline_zone", "UTC"),
        ("power_assignment", "players_choose"),
        ("start_rule", "when_full"),
        ("process_when_ready", "on"),
    ];
    for (key, value) in overrides {
        form.retain(|(existing, _)| existing != key);
        form.push((key, value));
    }
    form
}

/// Creates a game through the form as `client`'s user and returns its id.
pub async fn create_game(client: &mut Client, name: &str, overrides: &[(&str, &str)]) -> crate::ids::GameId {
    let page = client.post("/games", &game_form(name, overrides)).await;
    page.assert_status(StatusCode::SEE_OTHER);
    let location = page.location.clone().unwrap();
    location.trim_start_matches("/games/").parse().unwrap()
}

/// The seven powers' form values, in seat order.
pub const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// A GM and seven players, each logged in as a new account named after `prefix`.
pub async fn table(pool: &PgPool, prefix: &str) -> (Client, Vec<Client>) {
    let gm = logged_in(pool, &format!("{prefix}gamemaster")).await;
    let mut players = Vec::new();
    for index in 0..POWERS.len() {
        players.push(logged_in(pool, &format!("{prefix}player{index}")).await);
    }
    (gm, players)
}

/// A standard game created by `gm` that starts when `players` (in `POWERS` order) have all joined.
pub async fn started_game(gm: &mut Client, players: &mut [Client], name: &str) -> crate::ids::GameId {
    started_game_with(gm, players, name, &[]).await
}

/// Like [`started_game`], with fields of the new-game form replaced (`("kind", "diplobucks")`).
pub async fn started_game_with(
    gm: &mut Client,
    players: &mut [Client],
    name: &str,
    overrides: &[(&str, &str)],
) -> crate::ids::GameId {
    let game_id = create_game(gm, name, overrides).await;
    for (player, power) in players.iter_mut().zip(POWERS) {
        player.post(&format!("/games/{game_id}/join"), &[("power", power)]).await.assert_status(StatusCode::SEE_OTHER);
    }
    game_id
}

/// Fails if `text` holds any of `leaks` in any case: a leak need not keep the case it was written in
/// (`Secret` in a subject, `austria` in a slug).
#[track_caller]
pub fn assert_lacks_any_case(text: &str, leaks: &[&str]) {
    let lower = text.to_lowercase();
    for leak in leaks {
        assert!(!lower.contains(&leak.to_lowercase()), "{leak:?} (in any case) leaked into:\n{text}");
    }
}

/// Moves the game's deadline a minute into the past and returns a "now" for the worker just after it,
/// in microseconds (PostgreSQL keeps no finer: a "now" with nanoseconds would not read back equal).
pub async fn make_due(pool: &PgPool, game_id: GameId) -> DateTime<Utc> {
    sqlx::query("update game set deadline_at = now() - interval '1 minute' where game_id = $1")
        .bind(game_id)
        .execute(pool)
        .await
        .expect("the game's deadline moves");
    Utc::now().trunc_subsecs(6) + Duration::seconds(1)
}

/// The game's status as stored: `forming`, `running`, `paused` or `finished`.
pub async fn game_status(pool: &PgPool, game_id: GameId) -> String {
    sqlx::query_scalar("select status::text from game where game_id = $1").bind(game_id).fetch_one(pool).await.unwrap()
}

/// Makes the game due and lets the worker process its current phase (a day in Covert Operations).
pub async fn process_phase(pool: &PgPool, game_id: GameId) {
    let now = make_due(pool, game_id).await;
    assert_eq!(crate::turns::tick(pool, now).await.unwrap(), crate::turns::Outcome::Advanced(game_id));
}
