//! Control characters in submitted text (issue 14, item 9): every form of every kind and every query
//! string is posted with NUL, escapes and other controls in every field; none may answer 5xx, and
//! afterwards no text the database holds contains one (the `Form`/`Query` extractors strip them).

use axum::http::StatusCode;
use sqlx::PgPool;

use crate::ids::GameId;
use crate::test_support::{Client, POWERS, account, game_form, game_status, logged_in, table};

/// What is slipped into every value: NUL (which PostgreSQL refuses in text and jsonb), other C0
/// controls, DEL and a C1 control.
const CONTROLS: &str = "\u{0}\u{1}\u{8}\u{b}\u{1b}\u{7f}\u{85}";

/// `form` with [`CONTROLS`] after the first character of every value and at its end.
fn poisoned(form: &[(&str, &str)]) -> Vec<(String, String)> {
    form.iter()
        .map(|(name, value)| {
            let split = value.char_indices().nth(1).map_or(value.len(), |(at, _)| at);
            (name.to_string(), format!("{}{CONTROLS}{}{CONTROLS}", &value[..split], &value[split..]))
        })
        .collect()
}

/// Posts `form` poisoned and fails on any 5xx; returns the status.
async fn post_poisoned(client: &mut Client, path: &str, form: &[(&str, &str)]) -> StatusCode {
    let fields = poisoned(form);
    let borrowed: Vec<(&str, &str)> = fields.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    let page = client.post(path, &borrowed).await;
    assert!(!page.status.is_server_error(), "{path} answered {} to {fields:?}:\n{}", page.status, page.body);
    page.status
}

async fn get_not_5xx(client: &mut Client, path: &str) {
    let page = client.get(path).await;
    assert!(!page.status.is_server_error(), "{path} answered {}:\n{}", page.status, page.body);
}

/// Sheets with each kind's extra lines (the issue's examples among them), posted to every kind.
const SHEETS: &[&str] = &[
    "A vie H\nF lon - nth",
    "OPEN KGB",
    "EMAIL,a@b.example",
    "BRIBE nmr Turkey: France 800, Italy 700",
    "FD bul\nCIO ask c Russia\nVOTE yes",
    "FOUND 4 IN ruh AS Ruhr Front",
    "RELIEVE general\nSIGN 3",
    "",
];

/// A started game of `kind` with a GM and seven players, created and joined through poisoned forms.
async fn started_game(pool: &PgPool, kind: &str) -> (Client, Vec<Client>, GameId) {
    let (mut gm, mut players) = table(pool, &format!("{kind}_")).await;
    let players_field = POWERS.len().to_string();
    let overrides = [("kind", kind), ("players", players_field.as_str()), ("description", "A game\r\nwith two lines")];
    let status = post_poisoned(&mut gm, "/games", &game_form(&format!("{kind} game"), &overrides)).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "creating a {kind} game");
    let game_id: GameId = sqlx::query_scalar("select max(game_id) from game").fetch_one(pool).await.unwrap();
    for (player, power) in players.iter_mut().zip(POWERS) {
        let join: &[(&str, &str)] =
            if kind == "covert_operations" { &[("invite", "")] } else { &[("power", power), ("invite", "")] };
        let status = post_poisoned(player, &format!("/games/{game_id}/join"), join).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "joining the {kind} game");
    }
    assert_eq!(game_status(pool, game_id).await, "running", "the {kind} game did not start");
    (gm, players, game_id)
}

async fn every_game_form(pool: &PgPool, kind: &str) {
    let (mut gm, mut players, game_id) = started_game(pool, kind).await;
    let game = format!("/games/{game_id}");
    for sheet in SHEETS {
        let status =
            post_poisoned(&mut players[0], &format!("{game}/orders"), &[("phase", "0"), ("text", sheet)]).await;
        // Saved whole (a redirect to the order page) or shown again with the refused lines.
        assert!(matches!(status, StatusCode::OK | StatusCode::SEE_OTHER), "{kind}: {sheet:?} answered {status}");
        // The order form's rows, as the selects send them.
        post_poisoned(&mut players[1], &format!("{game}/orders"), &[("phase", "0"), ("unit_0", sheet)]).await;
    }
    post_poisoned(&mut players[0], &format!("{game}/orders/ready"), &[("phase", "0"), ("ready", "true")]).await;
    post_poisoned(&mut players[0], &format!("{game}/orders/draw"), &[("phase", "0"), ("draw", "true")]).await;
    post_poisoned(&mut players[0], &format!("{game}/orders/concede"), &[("phase", "0"), ("to", "")]).await;
    let status =
        post_poisoned(&mut players[0], &format!("{game}/press"), &[("to", "public"), ("body", "Hello\tall\r\nof you")])
            .await;
    assert!(status == StatusCode::SEE_OTHER || status.is_client_error(), "{kind}: press answered {status}");
    post_poisoned(&mut players[0], &format!("{game}/press"), &[("to", "gm"), ("body", "To the GM")]).await;
    let conversation: Option<i64> =
        sqlx::query_scalar("select max(conversation_id) from conversation where game_id = $1")
            .bind(game_id)
            .fetch_one(pool)
            .await
            .unwrap();
    if let Some(conversation) = conversation {
        post_poisoned(&mut gm, &format!("{game}/press/{conversation}"), &[("body", "A reply"), ("grey", "")]).await;
        post_poisoned(&mut gm, &format!("{game}/press/{conversation}/mute"), &[("muted", "true")]).await;
        get_not_5xx(&mut gm, &format!("{game}/press/{conversation}?invite=%00%1b&before=1")).await;
        get_not_5xx(&mut gm, &format!("{game}/press/{conversation}/feed?invite=%00&after=1")).await;
    }
    post_poisoned(&mut gm, &format!("{game}/press/settings"), &[("press", "full"), ("grey_press", "on")]).await;
    post_poisoned(&mut gm, &format!("{game}/admin/extend"), &[("by", "1d")]).await;
    post_poisoned(&mut gm, &format!("{game}/admin/kind-action"), &[("action", "AWARD Ruhr Front 6 for a note")]).await;
    post_poisoned(&mut gm, &format!("{game}/admin/settings"), &game_form("Renamed", &[("kind", kind)])).await;
    let seat: i64 = sqlx::query_scalar("select min(seat_id) from seat where game_id = $1")
        .bind(game_id)
        .fetch_one(pool)
        .await
        .unwrap();
    post_poisoned(&mut gm, &format!("{game}/admin/seats/{seat}/replace"), &[("username", "nobody")]).await;
    post_poisoned(&mut gm, &format!("{game}/admin/seats/{seat}/power"), &[("power", "france")]).await;
    for path in [
        format!("{game}?invite=%00x"),
        format!("{game}/phases?invite=%00"),
        format!("{game}/phases/0?invite=%1b%00"),
        format!("{game}/orders"),
        "/games?show=%00running&kind=%00standard".to_owned(),
    ] {
        get_not_5xx(&mut players[2], &path).await;
    }
}

/// Every text column of every table (and jsonb as text) free of the controls the extractors strip.
async fn assert_no_control_characters_stored(pool: &PgPool) {
    let columns: Vec<(String, String, String, String)> = sqlx::query_as(
        "select table_schema::text, table_name::text, column_name::text, data_type::text
         from information_schema.columns
         where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(columns.len() > 10, "{columns:?}");
    for (schema, table, column, data_type) in columns {
        // Raw controls in text, or their \u escapes in jsonb (tab, line feed and carriage return allowed).
        let pattern = if data_type == "jsonb" {
            r"\\u00(0[0-8bcefBCEF]|1[0-9a-fA-F]|7[fF]|8[0-9a-fA-F]|9[0-9a-fA-F])"
        } else {
            "[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]"
        };
        let query = format!(r#"select count(*) from "{schema}"."{table}" where "{column}"::text ~ $1"#);
        let found: i64 = sqlx::query_scalar(&query).bind(pattern).fetch_one(pool).await.unwrap();
        assert_eq!(found, 0, "{table}.{column} holds control characters");
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn account_forms_and_queries_with_control_characters_never_answer_5xx_and_store_none(pool: PgPool) {
    let mut visitor = Client::new(pool.clone());
    let registration = [
        ("username", "alice"),
        ("display_name", "Alice\tLiddell"),
        ("email", "alice@example.org"),
        ("time_zone", "Europe/Paris"),
        ("password", "a long password"),
        ("password_confirm", "a long password"),
    ];
    assert_eq!(post_poisoned(&mut visitor, "/register", &registration).await, StatusCode::SEE_OTHER);
    let mut bob = Client::new(pool.clone());
    account(&pool, "bob", false).await;
    let login = [("username", "bob"), ("password", crate::test_support::PASSWORD), ("next", "/account")];
    // The password is stripped as it was at registration (here: created without controls, so refused).
    post_poisoned(&mut bob, "/login", &login).await;
    bob.log_in("bob").await;
    let profile = [
        ("display_name", "Bob the Builder"),
        ("email", "bob@example.org"),
        ("time_zone", "UTC"),
        ("notify_press", "on"),
        ("deadline_reminder_hours", "12"),
        ("press_mail_minutes", "30"),
    ];
    assert_eq!(post_poisoned(&mut bob, "/account", &profile).await, StatusCode::SEE_OTHER);
    let password = [
        ("current_password", crate::test_support::PASSWORD),
        ("new_password", "another password"),
        ("new_password_confirm", "another password"),
    ];
    post_poisoned(&mut bob, "/account/password", &password).await;
    post_poisoned(&mut bob, "/account/sessions/end-others", &[("x", "y")]).await;
    account(&pool, "root", true).await;
    let mut admin = logged_in(&pool, "siteadmin").await;
    sqlx::query("update account set is_site_admin = true where username = 'siteadmin'").execute(&pool).await.unwrap();
    post_poisoned(&mut admin, "/admin/accounts/1/site-admin", &[("site_admin", "true")]).await;
    for path in ["/login?next=%2F%00%0A%2Fx", "/register?x=%00", "/games?show=%00&kind=%1b"] {
        get_not_5xx(&mut visitor, path).await;
    }
    post_poisoned(&mut visitor, "/logout", &[("x", "")]).await;
    let display_name: String =
        sqlx::query_scalar("select display_name from account where username = 'bob'").fetch_one(&pool).await.unwrap();
    assert_eq!(display_name, "Bob the Builder");
    assert_no_control_characters_stored(&pool).await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_form_of_a_standard_game_takes_control_characters_without_a_5xx_and_stores_none(pool: PgPool) {
    every_game_form(&pool, "standard").await;
    assert_no_control_characters_stored(&pool).await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_form_of_a_diplobucks_game_takes_control_characters_without_a_5xx_and_stores_none(pool: PgPool) {
    every_game_form(&pool, "diplobucks").await;
    assert_no_control_characters_stored(&pool).await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_form_of_a_covert_dip_game_takes_control_characters_without_a_5xx_and_stores_none(pool: PgPool) {
    every_game_form(&pool, "covert_dip").await;
    assert_no_control_characters_stored(&pool).await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_form_of_a_terrorism_game_takes_control_characters_without_a_5xx_and_stores_none(pool: PgPool) {
    every_game_form(&pool, "terrorism_i").await;
    assert_no_control_characters_stored(&pool).await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn every_form_of_a_covert_operations_game_takes_control_characters_without_a_5xx_and_stores_none(pool: PgPool) {
    every_game_form(&pool, "covert_operations").await;
    assert_no_control_characters_stored(&pool).await;
}

#[test]
fn control_characters_are_stripped_but_tabs_and_line_breaks_kept() {
    use crate::extract::without_control_characters;
    assert_eq!(without_control_characters("OPEN KGB\u{0}"), "OPEN KGB");
    assert_eq!(without_control_characters("a\u{1}\u{1b}[31mb\u{7f}\u{85}\u{9f}"), "a[31mb");
    assert_eq!(without_control_characters("line one\r\n\tline two\n"), "line one\r\n\tline two\n");
    assert_eq!(without_control_characters("Zoë · 東京 🙂"), "Zoë · 東京 🙂");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_control_character_in_a_path_names_nothing_on_the_pages_and_the_api(pool: PgPool) {
    account(&pool, "someone", false).await;
    let mut visitor = Client::new(pool.clone());
    for path in ["/players/%00", "/players/some%00one", "/players/%1b", "/how-to-play/%00", "/api/v1/players/%00"] {
        visitor.get(path).await.assert_status(StatusCode::NOT_FOUND);
    }
    visitor.get("/players/someone").await.assert_status(StatusCode::OK);
}
