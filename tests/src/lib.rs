//! Helpers for the end-to-end browser journeys: a real server on 127.0.0.1:0 over a test database,
//! and headless Chromium driven through chromedriver, both started by the test itself. A site may run
//! with its turn worker beside it, on a clock the journey can move forward.

use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use fantoccini::cookies::Cookie;
use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use server::clock::Clock;
use server::config::Config;
use server::state::AppState;
use sqlx::PgPool;
use tokio::net::TcpListener;
use tokio::process::{Child, Command};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Chromium's flags for a quiet, sandbox-free headless run on a machine with no network.
const CHROME_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// The server's session cookie (tower-sessions, `server::app`).
const SESSION_COOKIE: &str = "backchannel_session";

/// How long a page element may take to appear before a journey fails.
pub const ELEMENT_TIMEOUT: Duration = Duration::from_secs(20);

/// Serves the whole site on a free loopback port; the listener is bound before this returns, so the
/// site is ready for requests at once. No turn worker runs: the journey calls `tick` itself.
pub async fn spawn_site(pool: PgPool) -> anyhow::Result<String> {
    serve(AppState::new(pool, test_config())).await
}

fn test_config() -> Config {
    Config::with_database_url("postgres://unused")
}

async fn serve(state: AppState) -> anyhow::Result<String> {
    let (url, _) = serve_until(state, SocketAddr::from(([127, 0, 0, 1], 0)), std::future::pending()).await?;
    Ok(url)
}

/// Serves the site at `address` (port 0: any free one) until `stop` completes: then it takes no more
/// connections and closes its idle ones.
async fn serve_until(
    state: AppState,
    address: SocketAddr,
    stop: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<(String, SocketAddr)> {
    let listener = TcpListener::bind(address).await.with_context(|| format!("listening on {address}"))?;
    let address = listener.local_addr()?;
    let app = server::app(state);
    tokio::spawn(async move {
        let service = app.into_make_service_with_connect_info::<SocketAddr>();
        if let Err(error) = axum::serve(listener, service).with_graceful_shutdown(stop).await {
            eprintln!("test server stopped: {error}");
        }
    });
    Ok((format!("http://{address}"), address))
}

/// A site that can go away in the middle of a journey and come back at the same address, as it does
/// for a phone that loses its network and finds it again.
pub struct StoppableSite {
    pub url: String,
    pool: PgPool,
    address: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
}

impl StoppableSite {
    pub async fn start(pool: PgPool) -> anyhow::Result<Self> {
        let mut site =
            StoppableSite { url: String::new(), pool, address: SocketAddr::from(([127, 0, 0, 1], 0)), stop: None };
        site.restart().await?;
        Ok(site)
    }

    /// Serves the site again, at the address it had.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        let (stop, stopped) = oneshot::channel::<()>();
        let state = AppState::new(self.pool.clone(), test_config());
        let (url, address) = serve_until(state, self.address, async {
            stopped.await.ok();
        })
        .await?;
        (self.url, self.address, self.stop) = (url, address, Some(stop));
        Ok(())
    }

    /// Stops the site and waits until its address refuses connections: the browser's next request
    /// finds nothing there.
    pub async fn stop(&mut self) -> anyhow::Result<()> {
        if let Some(stop) = self.stop.take() {
            // An error means the server already stopped, which is what is asked.
            let _ = stop.send(());
        }
        let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
        while tokio::net::TcpStream::connect(self.address).await.is_ok() {
            if tokio::time::Instant::now() > deadline {
                bail!("the site at {} still takes connections", self.url);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(())
    }
}

/// The site as a real server process runs it: the web server and, beside it, the turn worker that
/// processes phases when their deadlines pass (or early, when every seat is ready). Both read the
/// same [`TestClock`], so a journey can let a deadline pass without waiting for it.
pub struct SiteWithWorker {
    pub url: String,
    pub clock: Arc<TestClock>,
    stop_worker: oneshot::Sender<()>,
    worker: JoinHandle<()>,
}

impl SiteWithWorker {
    pub async fn start(pool: PgPool) -> anyhow::Result<Self> {
        let clock = Arc::new(TestClock::default());
        let state = AppState { clock: clock.clone(), ..AppState::new(pool, test_config()) };
        let settings = server::turns::worker::WorkerSettings {
            downtime_extension: chrono::Duration::hours(i64::from(state.config.downtime_extension_hours)),
            concurrency: state.config.turn_worker_concurrency,
            idle_pause: server::turns::worker::IDLE_PAUSE,
            play: state.config.play_timing(),
        };
        let (stop_worker, stopped) = oneshot::channel::<()>();
        let worker =
            tokio::spawn(server::turns::worker::run_worker(state.db.clone(), state.clock.clone(), settings, async {
                stopped.await.ok();
            }));
        let url = serve(state).await?;
        Ok(SiteWithWorker { url, clock, stop_worker, worker })
    }

    /// Stops the turn worker and waits for it, so no phase is processed after the journey ends.
    pub async fn stop_worker(self) -> anyhow::Result<()> {
        // An error means the worker already stopped, which is what is asked.
        let _ = self.stop_worker.send(());
        self.worker.await.context("the turn worker panicked")
    }
}

/// The real time plus however far the journey has moved it forward.
#[derive(Debug, Default)]
pub struct TestClock {
    ahead: Mutex<chrono::Duration>,
}

impl TestClock {
    /// Moves "now" forward. Keep each jump under the worker's downtime threshold
    /// (`server::turns::downtime::DOWNTIME_THRESHOLD`, 10 minutes): a longer gap between two heartbeats
    /// reads as the site having been down, and the worker extends the passed deadlines instead.
    pub fn advance(&self, by: chrono::Duration) {
        let mut ahead = self.ahead.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *ahead += by;
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + *self.ahead.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The width of the phone the journeys emulate, in CSS pixels.
pub const PHONE_WIDTH: u32 = 390;

/// A running chromedriver and a browser session on it. Both end when this is dropped.
pub struct Browser {
    pub client: Client,
    _driver: Child,
    _profile: TempDir,
}

/// How a browser journey's window looks at the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// A desktop window, 1280 px wide.
    Desktop,
    /// A phone, 390 px wide, with a phone's user agent and touch.
    Phone,
    /// A desktop window with JavaScript turned off.
    NoScript,
}

impl Browser {
    pub async fn start() -> anyhow::Result<Self> {
        Browser::start_as(Screen::Desktop).await
    }

    pub async fn start_as(screen: Screen) -> anyhow::Result<Self> {
        let chromedriver = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".to_owned());
        let chrome = std::env::var("CHROME_BINARY").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
        for program in [&chromedriver, &chrome] {
            if !std::path::Path::new(program).exists() {
                bail!("{program} is missing: install Debian's chromium and chromium-driver (scripts/test does)");
            }
        }
        let port = free_port().await?;
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {chromedriver}"))?;
        let profile = TempDir::new()?;
        let mut args: Vec<String> = CHROME_FLAGS.iter().map(|flag| (*flag).to_owned()).collect();
        args.push(format!("--user-data-dir={}", profile.path()));
        let mut options = serde_json::json!({ "binary": chrome });
        match screen {
            Screen::Desktop => args.push("--window-size=1280,1000".to_owned()),
            Screen::NoScript => {
                args.push("--window-size=1280,1000".to_owned());
                options["prefs"] = serde_json::json!({ "profile.managed_default_content_settings.javascript": 2 });
            }
            Screen::Phone => {
                options["mobileEmulation"] = serde_json::json!({
                    "deviceMetrics": { "width": PHONE_WIDTH, "height": 844, "pixelRatio": 3.0, "touch": true },
                    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36",
                });
            }
        }
        options["args"] = serde_json::json!(args);
        let mut capabilities = Capabilities::new();
        capabilities.insert("goog:chromeOptions".to_owned(), options);
        let client = connect_when_ready(&format!("http://127.0.0.1:{port}"), capabilities).await?;
        Ok(Browser { client, _driver: driver, _profile: profile })
    }

    pub async fn goto(&self, url: &str) -> anyhow::Result<()> {
        self.client.goto(url).await.with_context(|| format!("opening {url}"))
    }

    /// Types `text` into the field found by `css`, replacing what it held.
    pub async fn fill(&self, css: &str, text: &str) -> anyhow::Result<()> {
        let field = self.wait_for(css).await?;
        field.clear().await?;
        field.send_keys(text).await.with_context(|| format!("typing into {css}"))
    }

    /// Clicks the element found by `css`, first scrolling it to the middle of the window as a person
    /// would, clear of what stays fixed at the window's foot (the order page's dock).
    /// An element found just as the previous action's page replaces the one it was on is gone by the time
    /// it is clicked: the click is then tried again on the new page's element.
    pub async fn click(&self, css: &str) -> anyhow::Result<()> {
        let mut tries = 0;
        loop {
            tries += 1;
            match self.scroll_and_click(css).await {
                Err(error) if tries < 3 && is_stale(&error) => tokio::time::sleep(Duration::from_millis(200)).await,
                done => return done,
            }
        }
    }

    async fn scroll_and_click(&self, css: &str) -> anyhow::Result<()> {
        let element = self.wait_for(css).await?;
        let json = serde_json::to_value(&element)?;
        self.client
            .execute("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", vec![json])
            .await
            .with_context(|| format!("bringing {css} into view"))?;
        element.click().await.with_context(|| format!("clicking {css}"))
    }

    /// Taps the element found by `css` as a finger does on a phone: first panning whatever scrolls
    /// around it (the board on a phone) so that the element is in the middle of the view.
    pub async fn tap(&self, css: &str) -> anyhow::Result<()> {
        let element = self.wait_for(css).await?;
        let json = serde_json::to_value(&element)?;
        self.client
            .execute("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", vec![json])
            .await
            .with_context(|| format!("bringing {css} into view"))?;
        element.click().await.with_context(|| format!("tapping {css}"))
    }

    /// Picks the option with this value in the select found by `css`.
    pub async fn select(&self, css: &str, value: &str) -> anyhow::Result<()> {
        self.wait_for(css).await?.select_by_value(value).await.with_context(|| format!("choosing {value} in {css}"))
    }

    /// Chooses `order` in the order form row of `unit` (its label: `A vie`, `Build 1 of 2`) as a player
    /// does: in each small select of the row's chain in turn, or in the row's one list.
    pub async fn choose_order(&self, unit: &str, order: &str) -> anyhow::Result<()> {
        let row = format!("#order-form [data-row][data-unit='{unit}']");
        self.wait_for(&row).await?;
        let chained = self.count(&format!("{row} select[data-level]")).await? > 0;
        if !chained {
            return self.select(&format!("{row} select"), order).await;
        }
        let choices: serde_json::Value =
            serde_json::from_str(&self.text_content("#order-choices").await?).context("reading #order-choices")?;
        let steps = choices
            .as_array()
            .into_iter()
            .flatten()
            .filter(|candidate| candidate["label"] == unit)
            .flat_map(|candidate| candidate["choices"].as_array().cloned().unwrap_or_default())
            .find(|choice| choice[0] == order)
            .and_then(|choice| choice[2].as_array().cloned())
            .with_context(|| format!("{order} is not offered to {unit}"))?;
        for (level, step) in steps.iter().enumerate() {
            let value = step[0].as_str().unwrap_or_default();
            self.select(&format!("{row} select[data-level='{}']", level + 1), value).await?;
        }
        Ok(())
    }

    /// The text of the element found by `css`, hidden or not (e.g. a JSON script block).
    pub async fn text_content(&self, css: &str) -> anyhow::Result<String> {
        let element = self.wait_for(css).await?;
        Ok(element.prop("textContent").await?.unwrap_or_default())
    }

    /// How far the page itself can scroll sideways: 0 when it fits the window's width.
    pub async fn sideways_overflow(&self) -> anyhow::Result<i64> {
        let overflow = self
            .client
            .execute("return document.documentElement.scrollWidth - document.documentElement.clientWidth;", vec![])
            .await?;
        Ok(overflow.as_i64().unwrap_or_default())
    }

    /// The visible form controls a thumb uses (buttons, selects, text fields) shorter than 44 CSS px, each
    /// named by its id or name with its height: empty when every one is tall enough to tap.
    pub async fn short_controls(&self) -> anyhow::Result<Vec<String>> {
        let script = "return Array.from(document.querySelectorAll('button, select, textarea, \
             input:not([type=hidden]):not([type=checkbox]):not([type=radio])')) \
             .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44) \
             .map(e => (e.id || e.name || e.tagName) + ' ' + e.getBoundingClientRect().height);";
        let found = self.client.execute(script, vec![]).await.context("measuring the controls")?;
        Ok(found.as_array().into_iter().flatten().filter_map(|item| item.as_str().map(str::to_owned)).collect())
    }

    pub async fn wait_for(&self, css: &str) -> anyhow::Result<fantoccini::elements::Element> {
        self.client
            .wait()
            .at_most(ELEMENT_TIMEOUT)
            .for_element(Locator::Css(css))
            .await
            .with_context(|| format!("waiting for {css}"))
    }

    /// Writes a message from the game's press page to the recipients whose boxes `boxes` (CSS) find,
    /// and waits for the conversation page it lands on; returns that conversation's title.
    pub async fn write_press(&self, site: &str, game_path: &str, boxes: &[&str], text: &str) -> anyhow::Result<String> {
        self.compose_press(site, game_path, boxes, text).await?;
        self.send_press(text).await
    }

    /// Opens the game's press page, ticks the boxes and types the message, without sending it.
    pub async fn compose_press(&self, site: &str, game_path: &str, boxes: &[&str], text: &str) -> anyhow::Result<()> {
        self.goto(&format!("{site}{game_path}/press")).await?;
        for css in boxes {
            self.click(css).await?;
        }
        self.fill("#compose-form #body", text).await
    }

    /// Sends the press page's compose form as it stands and waits for the conversation page it lands on,
    /// showing `text`; returns that conversation's title.
    pub async fn send_press(&self, text: &str) -> anyhow::Result<String> {
        self.click("#compose-form #send").await?;
        self.wait_for_path(|path| path.contains("/press/") && !path.ends_with("/press")).await?;
        self.wait_for_text("#messages", text).await?;
        self.text("#conversation-title").await
    }

    /// The visible text of the element found by `css`.
    pub async fn text(&self, css: &str) -> anyhow::Result<String> {
        Ok(self.wait_for(css).await?.text().await?)
    }

    /// Waits until the browser is on `path` (after a form's redirect), and returns the full URL.
    pub async fn wait_for_path(&self, predicate: impl Fn(&str) -> bool) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
        loop {
            let url = self.client.current_url().await?;
            if predicate(url.path()) {
                return Ok(url.to_string());
            }
            if tokio::time::Instant::now() > deadline {
                bail!("still on {url}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until the element found by `css` shows text containing `expected` (the page after a
    /// form post may take a moment to replace the one holding the form).
    pub async fn wait_for_text(&self, css: &str, expected: &str) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
        loop {
            let shown = match self.client.find(Locator::Css(css)).await {
                Ok(element) => element.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            if shown.contains(expected) {
                return Ok(shown);
            }
            if tokio::time::Instant::now() > deadline {
                bail!("{css} shows {shown:?}, not {expected:?}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Registers a new account through the form and waits for the lobby that follows.
    pub async fn register(&self, site: &str, username: &str, display_name: &str) -> anyhow::Result<()> {
        self.goto(&format!("{site}/register")).await?;
        self.fill("#register-form input[name=username]", username).await?;
        self.fill("#register-form input[name=display_name]", display_name).await?;
        self.select("#register-form select[name=time_zone]", "Europe/Berlin").await?;
        self.fill("#register-form input[name=password]", "correct horse battery").await?;
        self.fill("#register-form input[name=password_confirm]", "correct horse battery").await?;
        self.click("#register-form button[type=submit]").await?;
        self.wait_for_path(|path| path == "/games").await?;
        let shown = self.text("#nav-account").await?;
        if shown != display_name {
            bail!("after registering, the header shows {shown:?}");
        }
        Ok(())
    }

    /// Logs out with the header's button and waits for the logged-out header.
    pub async fn log_out(&self) -> anyhow::Result<()> {
        self.click("#logout").await?;
        self.wait_for("a[href='/register']").await.map(drop)
    }

    /// Logs in through the form (accounts registered by [`Browser::register`]) and waits for the lobby.
    pub async fn log_in(&self, site: &str, username: &str) -> anyhow::Result<()> {
        self.goto(&format!("{site}/login")).await?;
        self.fill("#login-form input[name=username]", username).await?;
        self.fill("#login-form input[name=password]", "correct horse battery").await?;
        self.click("#login-form button[type=submit]").await?;
        self.wait_for_path(|path| path == "/games").await.map(drop)
    }

    /// Plays the set-up of a game as its users would: `gm` registers and creates a game of `kind` named
    /// `name` (started by the GM), each of `players` registers and joins as its power, the other powers
    /// get silent players, and the GM starts the game. Ends logged out; returns the game's path.
    pub async fn start_game(
        &self,
        site: &str,
        pool: &PgPool,
        kind: &str,
        name: &str,
        players: &[(&str, &str)],
    ) -> anyhow::Result<String> {
        let game_path = self.create_game_as_gm(site, kind, name, None).await?;
        for (username, power) in players {
            self.register(site, username, username).await?;
            self.goto(&format!("{site}{game_path}")).await?;
            self.select("#join-power", power).await?;
            self.click("#join").await?;
            self.wait_for("#leave").await?;
            self.log_out().await?;
        }
        let silent: Vec<&str> =
            POWERS.into_iter().filter(|power| !players.iter().any(|(_, taken)| taken == power)).collect();
        seat_silent_players(pool, &game_path, &silent).await?;
        self.start_as_gm(site, &game_path).await?;
        Ok(game_path)
    }

    /// The set-up of a game whose seats hold no power (Covert Operations): the GM creates it for exactly
    /// as many players as `players`, each registers and joins without choosing anything (in this order,
    /// so the first is `Player 1`), and the GM starts it. Ends logged out; returns the game's path.
    pub async fn start_players_game(
        &self,
        site: &str,
        kind: &str,
        name: &str,
        players: &[&str],
    ) -> anyhow::Result<String> {
        let game_path = self.create_game_as_gm(site, kind, name, Some(players.len())).await?;
        for username in players {
            self.register(site, username, username).await?;
            self.goto(&format!("{site}{game_path}")).await?;
            self.click("#join").await?;
            self.wait_for("#leave").await?;
            self.log_out().await?;
        }
        self.start_as_gm(site, &game_path).await?;
        Ok(game_path)
    }

    /// The GM "ada" registers and creates a game started by the GM (for `players` players, when the kind
    /// asks); ends logged out and returns the game's path.
    async fn create_game_as_gm(
        &self,
        site: &str,
        kind: &str,
        name: &str,
        players: Option<usize>,
    ) -> anyhow::Result<String> {
        self.register(site, "ada", "Ada the GM").await?;
        self.goto(&format!("{site}/games/new")).await?;
        self.select("#settings-form select[name=kind]", kind).await?;
        self.fill("#settings-form input[name=name]", name).await?;
        if let Some(players) = players {
            self.fill("#settings-form input[name=players]", &players.to_string()).await?;
        }
        self.select("#settings-form select[name=start_rule]", "by_gm").await?;
        self.click("#save-settings").await?;
        let game_url = self.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
        let game_path = game_url.trim_start_matches(site).to_owned();
        self.log_out().await?;
        Ok(game_path)
    }

    /// The GM "ada" logs in, starts the game from the panel and logs out.
    async fn start_as_gm(&self, site: &str, game_path: &str) -> anyhow::Result<()> {
        self.log_in(site, "ada").await?;
        self.goto(&format!("{site}{game_path}/admin")).await?;
        self.click("#start").await?;
        self.wait_for_text("#game-status", "Running").await?;
        self.log_out().await
    }

    /// The signed-in account's session cookie, to come back to it later with [`Browser::resume`].
    pub async fn session(&self) -> anyhow::Result<Cookie<'static>> {
        self.client.get_named_cookie(SESSION_COOKIE).await.context("reading the session cookie")
    }

    /// Becomes the player whose session this is, as if switching to their browser (sessions are
    /// server-side, so the cookie is all a browser holds of one).
    pub async fn resume(&self, session: &Cookie<'static>) -> anyhow::Result<()> {
        self.client.delete_all_cookies().await?;
        self.client.add_cookie(session.clone()).await.context("restoring a session cookie")
    }

    /// Drops every cookie: the next pages are seen by a visitor who is not signed in.
    pub async fn forget_sessions(&self) -> anyhow::Result<()> {
        self.client.delete_all_cookies().await.context("deleting cookies")
    }

    /// Opens `url` again and again until the element found by `css` shows `expected`: for changes
    /// made by the server on its own, such as the turn worker processing a phase.
    pub async fn reload_until_text(&self, url: &str, css: &str, expected: &str) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
        loop {
            self.goto(url).await?;
            let shown = match self.client.find(Locator::Css(css)).await {
                Ok(element) => element.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            if shown.contains(expected) {
                return Ok(shown);
            }
            if tokio::time::Instant::now() > deadline {
                bail!("{url}: {css} still shows {shown:?}, not {expected:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Reloads `url` until the element found by `css` shows a text other than `before` (a phase
    /// processed by the worker), and returns it.
    pub async fn reload_until_changed(&self, url: &str, css: &str, before: &str) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + ELEMENT_TIMEOUT;
        loop {
            self.goto(url).await?;
            let shown = match self.client.find(Locator::Css(css)).await {
                Ok(element) => element.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            if !shown.is_empty() && shown != before {
                return Ok(shown);
            }
            if tokio::time::Instant::now() > deadline {
                bail!("{url}: {css} still shows {before:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Saves what the window shows as `<name>.png` in the folder `JOURNEY_SCREENSHOTS` names, for a person
    /// to look at; does nothing when it is unset (as in CI).
    pub async fn screenshot(&self, name: &str) -> anyhow::Result<()> {
        let Ok(folder) = std::env::var("JOURNEY_SCREENSHOTS") else { return Ok(()) };
        let png = self.client.screenshot().await.context("taking a screenshot")?;
        std::fs::create_dir_all(&folder)?;
        std::fs::write(std::path::Path::new(&folder).join(format!("{name}.png")), png).context("saving a screenshot")
    }

    /// Runs `body` (a promise-returning expression) in the page and gives back what it resolves to (an
    /// `"error: …"` string when it rejects).
    pub async fn resolved(&self, body: &str) -> anyhow::Result<serde_json::Value> {
        let script =
            format!("const done = arguments[arguments.length - 1]; ({body}).then(done, (e) => done('error: ' + e));");
        self.client.execute_async(&script, vec![]).await.with_context(|| format!("running {body}"))
    }

    /// Runs `script` in the page and reads its answer as a number.
    pub async fn number(&self, script: &str) -> anyhow::Result<f64> {
        let value = self.client.execute(script, vec![]).await.with_context(|| format!("running {script}"))?;
        value.as_f64().with_context(|| format!("{script} gave {value}, not a number"))
    }

    /// The width and height on screen of the element found by `css`, in CSS pixels.
    pub async fn size(&self, css: &str) -> anyhow::Result<(f64, f64)> {
        let (_, _, width, height) = self.wait_for(css).await?.rectangle().await?;
        Ok((width, height))
    }

    /// The visible text of every element found by `css`, in page order.
    pub async fn texts(&self, css: &str) -> anyhow::Result<Vec<String>> {
        let mut texts = Vec::new();
        for element in self.client.find_all(Locator::Css(css)).await? {
            texts.push(element.text().await?);
        }
        Ok(texts)
    }

    /// How many elements `css` finds on the page (none is not an error).
    pub async fn count(&self, css: &str) -> anyhow::Result<usize> {
        Ok(self.client.find_all(Locator::Css(css)).await?.len())
    }

    pub async fn close(self) -> anyhow::Result<()> {
        self.client.close().await.context("closing the browser")
    }
}

/// Whether a command failed because its element left the page (the page was replaced under it).
fn is_stale(error: &anyhow::Error) -> bool {
    let text = format!("{error:#}");
    text.contains("stale element") || text.contains("does not belong to the document")
}

/// Polls chromedriver until it accepts a session: it needs a moment after spawning to listen.
async fn connect_when_ready(url: &str, capabilities: Capabilities) -> anyhow::Result<Client> {
    let mut builder = ClientBuilder::new(HttpConnector::new());
    builder.capabilities(capabilities);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        match builder.connect(url).await {
            Ok(client) => return Ok(client),
            Err(error) if tokio::time::Instant::now() > deadline => {
                return Err(anyhow::anyhow!("chromedriver never became ready: {error}"));
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

async fn free_port() -> anyhow::Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    Ok(listener.local_addr()?.port())
}

/// The seven powers' form values.
pub const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// Makes the game at `game_path` due now and lets the turn worker's code process its current phase once,
/// as the worker loop would when the deadline passes.
pub async fn process_due_phase(pool: &PgPool, game_path: &str) -> anyhow::Result<()> {
    let game_id: i64 = game_path.trim_start_matches("/games/").parse()?;
    sqlx::query("update game set deadline_at = now() - interval '1 minute' where game_id = $1")
        .bind(game_id)
        .execute(pool)
        .await?;
    match server::turns::tick(pool, Utc::now()).await? {
        server::turns::Outcome::Advanced(_) => Ok(()),
        server::turns::Outcome::Idle => bail!("the game at {game_path} was not processed"),
    }
}

/// Seats players who never log in, one per power in `powers`, so a journey needs only the browser
/// players it drives to fill a game of seven.
pub async fn seat_silent_players(pool: &PgPool, game_path: &str, powers: &[&str]) -> anyhow::Result<()> {
    let game_id: i64 = game_path.trim_start_matches("/games/").parse()?;
    for power in powers {
        let account_id: i64 = sqlx::query_scalar(
            "insert into account (username, display_name, password_hash, time_zone)
             values ($1, $1, 'never used: this player never logs in', 'UTC') returning account_id",
        )
        .bind(format!("silent_{power}"))
        .fetch_one(pool)
        .await?;
        let seat_id: i64 =
            sqlx::query_scalar("insert into seat (game_id, account_id) values ($1, $2) returning seat_id")
                .bind(game_id)
                .bind(account_id)
                .fetch_one(pool)
                .await?;
        sqlx::query("insert into seat_power (seat_id, game_id, power) values ($1, $2, $3::power)")
            .bind(seat_id)
            .bind(game_id)
            .bind(power)
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// A directory removed when dropped, for Chromium's fresh profile.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new() -> anyhow::Result<Self> {
        let unique = format!(
            "backchannel-chrome-{}-{}",
            std::process::id(),
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_nanos()
        );
        let path = std::env::temp_dir().join(unique);
        std::fs::create_dir_all(&path)?;
        Ok(TempDir(path))
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Best effort: a leftover profile in /tmp harms nothing.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Replaces the current phase of the standard game at `game_path` with a position in the stored form
/// (`{"phase": "F1901M", "units": ["Austria A vie"], "owners": {...}}`), every seat then having to order:
/// how a journey reaches a Winter or a retreat without playing the years before it.
pub async fn set_standard_position(pool: &PgPool, game_path: &str, position: serde_json::Value) -> anyhow::Result<()> {
    let game_id: i64 = game_path.trim_start_matches("/games/").parse()?;
    let state = serde_json::json!({"kind": "standard", "state": position});
    sqlx::query("update phase set state = $2, center_counts = null where game_id = $1 and processed_at is null")
        .bind(game_id)
        .bind(state)
        .execute(pool)
        .await?;
    sqlx::query("update seat_order set must_order = true where game_id = $1").bind(game_id).execute(pool).await?;
    Ok(())
}
