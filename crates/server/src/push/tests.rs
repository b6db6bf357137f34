//! Web Push end to end against a push service run here: a local HTTP endpoint that records what it is
//! sent, whose "devices" are key pairs made here, so each push is decrypted (RFC 8291) with its
//! device's private key and its VAPID header read. Also: who gets which push (and nobody else), the
//! subscription form's rules, a device the push service forgets, a device whose session ended (a
//! logout, the account's other sessions ended, another login over it), and the installable site's files.

use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sqlx::PgPool;

use super::send::{Signing, drain_once};
use super::{PushOutcome, PushPayload, VapidKeys, WebPusher};
use crate::test_support::{Client, process_phase, started_game, table};

/// One request the local push service received.
#[derive(Debug, Clone)]
struct Received {
    path: String,
    authorization: String,
    encoding: String,
    body: Bytes,
}

/// A push service on a loopback port: `/gone/...` answers 410 (an unsubscribed device), any other
/// path 201 (accepted).
#[derive(Clone, Default)]
struct PushService {
    received: Arc<Mutex<Vec<Received>>>,
}

impl PushService {
    async fn start(&self) -> String {
        let received = self.received.clone();
        let app = axum::Router::new().fallback(move |request: Request<Body>| {
            let received = received.clone();
            async move {
                let path = request.uri().path().to_owned();
                let headers: HeaderMap = request.headers().clone();
                let body = axum::body::to_bytes(request.into_body(), 1 << 20).await.unwrap_or_default();
                let text = |name| {
                    headers.get(name).and_then(|v: &header::HeaderValue| v.to_str().ok()).unwrap_or("").to_owned()
                };
                let gone = path.starts_with("/gone");
                received.lock().unwrap().push(Received {
                    path,
                    authorization: text(header::AUTHORIZATION),
                    encoding: text(header::CONTENT_ENCODING),
                    body,
                });
                if gone { StatusCode::GONE } else { StatusCode::CREATED }
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        format!("http://{address}")
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

/// A browser's push subscription: the keys only the device holds, and what it gives the site.
struct Device {
    keys: ece::EcKeyComponents,
    auth: [u8; 16],
    endpoint: String,
}

impl Device {
    fn new(endpoint: String) -> Device {
        let (pair, auth) = ece::generate_keypair_and_auth_secret().unwrap();
        Device { keys: pair.raw_components().unwrap(), auth, endpoint }
    }

    fn form(&self) -> Vec<(&str, String)> {
        vec![
            ("endpoint", self.endpoint.clone()),
            ("p256dh", URL_SAFE_NO_PAD.encode(self.keys.public_key())),
            ("auth", URL_SAFE_NO_PAD.encode(self.auth)),
        ]
    }

    async fn subscribe(&self, client: &mut Client) {
        let form = self.form();
        let fields: Vec<(&str, &str)> = form.iter().map(|(name, value)| (*name, value.as_str())).collect();
        client.post("/notifications/push/subscribe", &fields).await.assert_status(StatusCode::NO_CONTENT);
    }

    fn open(&self, received: &Received) -> PushPayload {
        let plain = ece::decrypt(&self.keys, &self.auth, &received.body).expect("encrypted for this device");
        serde_json::from_slice(&plain).unwrap()
    }
}

fn signing() -> Signing {
    Signing { keys: VapidKeys::generate().unwrap(), subject: "mailto:gm@backchannel.example".to_owned() }
}

async fn drain_all(pool: &PgPool, signing: &Signing) -> Vec<PushOutcome> {
    let mut outcomes = Vec::new();
    loop {
        match drain_once(pool, &WebPusher::default(), signing, chrono::Utc::now()).await.unwrap() {
            PushOutcome::Idle => return outcomes,
            outcome => outcomes.push(outcome),
        }
    }
}

/// The claims of a VAPID `Authorization: vapid t=<jwt>, k=<key>` header, and its key.
fn vapid_claims(authorization: &str) -> (serde_json::Value, String) {
    let rest = authorization.strip_prefix("vapid t=").expect("a VAPID header");
    let (token, key) = rest.split_once(", k=").expect("the key beside the token");
    let claims = token.split('.').nth(1).expect("a JWT");
    (serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap(), key.to_owned())
}

async fn rolled_back_game(pool: &PgPool) -> (Client, Vec<Client>, crate::ids::GameId) {
    let (mut gm, mut players) = table(pool, "").await;
    let game_id = started_game(&mut gm, &mut players, "Pushed").await;
    process_phase(pool, game_id).await;
    (gm, players, game_id)
}

async fn roll_back(gm: &mut Client, game_id: crate::ids::GameId) {
    gm.post(&format!("/games/{game_id}/gm/rollback"), &[("phase", "0"), ("reason", "The site lost orders.")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_chosen_notice_reaches_each_device_of_its_recipient_encrypted_and_signed_and_nobody_else(pool: PgPool) {
    let service = PushService::default();
    let base = service.start().await;
    let (mut gm, mut players, game_id) = rolled_back_game(&pool).await;
    let (phone, laptop) = (Device::new(format!("{base}/push/phone")), Device::new(format!("{base}/push/laptop")));
    phone.subscribe(&mut players[0]).await;
    laptop.subscribe(&mut players[0]).await;
    players[0]
        .post("/notifications/push/kinds", &[("push", "rolled_back")])
        .await
        .assert_redirect_to("/notifications/push");
    // Subscribed, but wants no kind pushed.
    Device::new(format!("{base}/push/other")).subscribe(&mut players[1]).await;
    roll_back(&mut gm, game_id).await;

    let signing = signing();
    assert_eq!(drain_all(&pool, &signing).await.len(), 2);
    let received = service.received();
    let mut paths: Vec<&str> = received.iter().map(|push| push.path.as_str()).collect();
    paths.sort_unstable();
    assert_eq!(paths, ["/push/laptop", "/push/phone"], "player1's devices alone");
    for (push, device) in
        received.iter().map(|push| (push, if push.path.ends_with("phone") { &phone } else { &laptop }))
    {
        assert_eq!(push.encoding, "aes128gcm");
        let payload = device.open(push);
        assert_eq!(payload.title, "Pushed");
        assert!(payload.body.contains("The site lost orders."), "{payload:?}");
        assert!(payload.url.starts_with(&format!("/games/{game_id}/")), "{payload:?}");
        let (claims, key) = vapid_claims(&push.authorization);
        assert_eq!(key, signing.keys.public_key);
        // The audience is the push service's origin, its port included (RFC 8292).
        assert_eq!(claims["aud"], base.as_str());
        assert_eq!(claims["sub"], "mailto:gm@backchannel.example");
    }
    assert!(drain_all(&pool, &signing).await.is_empty(), "each push is sent once");
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_drainers_at_once_send_every_push_exactly_once(pool: PgPool) {
    let service = PushService::default();
    let base = service.start().await;
    let (mut gm, mut players, game_id) = rolled_back_game(&pool).await;
    for (index, player) in players.iter_mut().enumerate() {
        Device::new(format!("{base}/push/{index}")).subscribe(player).await;
        player.post("/notifications/push/kinds", &[("push", "rolled_back")]).await;
    }
    roll_back(&mut gm, game_id).await;
    let signing = signing();
    let (first, second) = tokio::join!(drain_all(&pool, &signing), drain_all(&pool, &signing));
    assert_eq!(first.len() + second.len(), players.len());
    assert_eq!(service.received().len(), players.len());
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_device_its_push_service_answers_410_for_is_forgotten(pool: PgPool) {
    let service = PushService::default();
    let base = service.start().await;
    let (mut gm, mut players, game_id) = rolled_back_game(&pool).await;
    Device::new(format!("{base}/gone/1")).subscribe(&mut players[0]).await;
    players[0].post("/notifications/push/kinds", &[("push", "rolled_back")]).await;
    roll_back(&mut gm, game_id).await;
    let outcomes = drain_all(&pool, &signing()).await;
    assert!(matches!(outcomes.as_slice(), [PushOutcome::DeviceGone(_)]), "{outcomes:?}");
    let left: i64 = sqlx::query_scalar("select count(*) from push_subscription").fetch_one(&pool).await.unwrap();
    assert_eq!(left, 0);
    players[0].get("/notifications/push").await.assert_contains("No device of yours receives push yet.");
}

/// The endpoints of every device the site pushes to, in order.
async fn subscribed_endpoints(pool: &PgPool) -> Vec<String> {
    sqlx::query_scalar("select endpoint from push_subscription order by endpoint").fetch_all(pool).await.unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn after_logging_out_no_notice_of_the_account_is_pushed_to_that_browser(pool: PgPool) {
    let service = PushService::default();
    let base = service.start().await;
    let (mut gm, mut players, game_id) = rolled_back_game(&pool).await;
    let (phone, laptop) = (Device::new(format!("{base}/push/phone")), Device::new(format!("{base}/push/laptop")));
    phone.subscribe(&mut players[0]).await;
    let mut on_the_laptop = Client::new(pool.clone());
    on_the_laptop.log_in("player0").await;
    laptop.subscribe(&mut on_the_laptop).await;
    players[0].post("/notifications/push/kinds", &[("push", "rolled_back")]).await;

    players[0].post("/logout", &[]).await.assert_redirect_to("/games");
    roll_back(&mut gm, game_id).await;
    let queued_for_the_phone: i64 = sqlx::query_scalar(
        "select count(*) from outbox_push join push_subscription using (subscription_id) where endpoint like '%/phone'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(queued_for_the_phone, 0, "the phone logged out: nothing is queued for it");
    assert_eq!(drain_all(&pool, &signing()).await.len(), 1);
    let paths: Vec<String> = service.received().into_iter().map(|push| push.path).collect();
    assert_eq!(paths, ["/push/laptop"], "the laptop, still signed in, alone is pushed to");
}

#[sqlx::test(migrations = "../../migrations")]
async fn ending_the_other_sessions_ends_their_devices_push_and_keeps_this_ones(pool: PgPool) {
    let (_, mut players) = table(&pool, "").await;
    let mut on_the_laptop = Client::new(pool.clone());
    on_the_laptop.log_in("player0").await;
    Device::new("https://push.example/phone".to_owned()).subscribe(&mut players[0]).await;
    Device::new("https://push.example/laptop".to_owned()).subscribe(&mut on_the_laptop).await;
    Device::new("https://push.example/other".to_owned()).subscribe(&mut players[1]).await;

    on_the_laptop.post("/account/sessions/end-others", &[]).await.assert_redirect_to("/account");
    assert_eq!(subscribed_endpoints(&pool).await, ["https://push.example/laptop", "https://push.example/other"]);
    on_the_laptop.get("/notifications/push").await.assert_contains("One device of yours receives push.");
}

#[sqlx::test(migrations = "../../migrations")]
async fn another_account_logging_in_over_a_session_ends_the_push_of_its_devices(pool: PgPool) {
    let (_, mut players) = table(&pool, "").await;
    Device::new("https://push.example/shared".to_owned()).subscribe(&mut players[0]).await;
    players[0].log_in("player0").await;
    assert_eq!(subscribed_endpoints(&pool).await, ["https://push.example/shared"], "the same account again");
    players[0].log_in("player1").await;
    assert!(subscribed_endpoints(&pool).await.is_empty(), "player0's push left with his session");
}

#[sqlx::test(migrations = "../../migrations")]
async fn subscribing_takes_a_session_valid_keys_and_a_same_site_post(pool: PgPool) {
    let device = Device::new("https://push.example/abc".to_owned());
    let form = device.form();
    let fields: Vec<(&str, &str)> = form.iter().map(|(name, value)| (*name, value.as_str())).collect();
    Client::new(pool.clone())
        .post("/notifications/push/subscribe", &fields)
        .await
        .assert_status(StatusCode::UNAUTHORIZED);

    let (_, mut players) = table(&pool, "").await;
    let mut bad_key = fields.clone();
    bad_key[1] = ("p256dh", "AAAA");
    players[0].post("/notifications/push/subscribe", &bad_key).await.assert_status(StatusCode::BAD_REQUEST);
    let mut bad_endpoint = fields.clone();
    bad_endpoint[0] = ("endpoint", "javascript:alert(1)");
    players[0].post("/notifications/push/subscribe", &bad_endpoint).await.assert_status(StatusCode::BAD_REQUEST);
    players[0]
        .post("/notifications/push/kinds", &[("push", "no_such_kind")])
        .await
        .assert_status(StatusCode::BAD_REQUEST);

    let body = serde_urlencoded::to_string(&fields).unwrap();
    let cross_site = Request::post("/notifications/push/subscribe")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header("sec-fetch-site", "cross-site")
        .body(Body::from(body))
        .unwrap();
    players[0].send(cross_site).await.assert_status(StatusCode::FORBIDDEN);
    players[0].get("/notifications/push").await.assert_contains("No device of yours receives push yet.");
    device.subscribe(&mut players[0]).await;
    players[0].get("/notifications/push").await.assert_contains("One device of yours receives push.");
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_page_links_the_manifest_and_the_service_worker_covers_the_site_uncached(pool: PgPool) {
    let mut visitor = Client::new(pool.clone());
    visitor
        .get("/games")
        .await
        .assert_contains(r#"<link rel="manifest" href="/manifest.webmanifest">"#)
        .assert_contains(r#"<script src="/static/js/app.js" defer></script>"#);
    let manifest = visitor.get("/manifest.webmanifest").await;
    let manifest: serde_json::Value = serde_json::from_str(&manifest.body).unwrap();
    assert_eq!(
        (manifest["display"].as_str(), manifest["start_url"].as_str()),
        (Some("standalone"), Some("/dashboard"))
    );
    for icon in manifest["icons"].as_array().unwrap() {
        visitor.get(icon["src"].as_str().unwrap()).await.assert_status(StatusCode::OK);
    }
    let worker = visitor.open("/sw.js", &[]).await;
    assert_eq!(worker.status(), StatusCode::OK);
    assert_eq!(worker.headers()[header::CACHE_CONTROL], "no-cache");
    assert!(worker.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/javascript"));

    let (_, mut players) = table(&pool, "").await;
    assert!(players[0].open("/games", &[]).await.headers().get("clear-site-data").is_none());
    let logout = players[0].respond(Request::post("/logout").body(Body::empty()).unwrap()).await;
    assert_eq!(logout.status(), StatusCode::SEE_OTHER);
    assert_eq!(logout.headers()["clear-site-data"], r#""cache", "storage""#, "the kept pages go with the session");
}
