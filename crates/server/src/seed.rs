//! Demo data for the quick start: an admin who is also a GM, a few players, a Standard game waiting for
//! players, and a Standard game whose first year was played (so results, history and the map have
//! something to show). Runs once: only on a database without accounts.

use anyhow::Context;
use chrono::{Duration, Utc};
use kinds::AnyGame;
use kinds::Kind;
use rand::RngExt;
use rand::distr::Alphanumeric;
use sqlx::{PgConnection, PgPool};

use crate::accounts::{NewAccount, hash_password, insert_account};
use crate::error::FormErrors;
use crate::games::forms::GameSettingsForm;
use crate::games::model::{GmAction, Power, SeatRole, default_seat_count};
use crate::games::queries::{self, NewGame};
use crate::ids::{AccountId, GameId};
use crate::orders::queries as orders_queries;
use crate::turns;
use crate::turns::queries as turn_queries;
use crate::turns::start;

const DEMO_PLAYERS: [(&str, &str); 7] = [
    ("alice", "Alice"),
    ("bob", "Bob"),
    ("carol", "Carol"),
    ("dave", "Dave"),
    ("erin", "Erin"),
    ("frank", "Frank"),
    ("grace", "Grace"),
];

/// How many demo players already sit in the demo game (the rest of its 7 seats are open).
const SEATED_DEMO_PLAYERS: usize = 4;

/// Key of the advisory lock that keeps two replicas from seeding at once.
const SEED_LOCK: i64 = 0x0B0C_5EED;

/// Seeds the demo data if the database has no account yet, printing the passwords once.
pub async fn seed_demo_data_once(db: &PgPool) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query!("select pg_advisory_xact_lock($1)", SEED_LOCK).execute(&mut *tx).await?;
    let accounts: i64 = sqlx::query_scalar!(r#"select count(*) as "count!" from account"#).fetch_one(&mut *tx).await?;
    if accounts > 0 {
        return Ok(());
    }
    let admin_password = random_password();
    let player_password = random_password();
    let admin_hash = hash_password(admin_password.clone()).await.map_err(|error| anyhow::anyhow!("{error}"))?;
    let player_hash = hash_password(player_password.clone()).await.map_err(|error| anyhow::anyhow!("{error}"))?;
    let admin = insert_account(
        &mut tx,
        &NewAccount {
            username: "admin",
            display_name: "Admin (GM)",
            email: Some("admin@backchannel.example"),
            password_hash: &admin_hash,
            time_zone: "UTC",
            is_site_admin: true,
            email_confirmed: true,
        },
    )
    .await?;
    let mut players = Vec::new();
    for (username, display_name) in DEMO_PLAYERS {
        // Addresses on the reserved `.example` domain: in the quick start, mail stays on the machine
        // (`.data/mail` and the Mailbox page), so the demo players can read theirs.
        let email = format!("{username}@backchannel.example");
        let account = NewAccount {
            username,
            display_name,
            email: Some(&email),
            password_hash: &player_hash,
            time_zone: "Europe/London",
            is_site_admin: false,
            email_confirmed: true,
        };
        players.push(insert_account(&mut tx, &account).await?);
    }
    create_waiting_game(&mut tx, admin, &players).await?;
    create_played_game(&mut tx, admin, &players).await?;
    tx.commit().await?;
    println!("Demo data created. These passwords are shown only now:");
    println!("  admin (site admin and GM of the demo games): {admin_password}");
    let names: Vec<&str> = DEMO_PLAYERS.iter().map(|(username, _)| *username).collect();
    println!("  demo players {}: {player_password}", names.join(", "));
    Ok(())
}

async fn create_waiting_game(conn: &mut PgConnection, admin: AccountId, players: &[AccountId]) -> anyhow::Result<()> {
    let form = GameSettingsForm {
        name: "Demo game: Europe 1901".to_owned(),
        description: "A Standard game waiting for three more players. Log in as a demo player, or register, and join."
            .to_owned(),
        ..GameSettingsForm::default()
    };
    let game_id = insert_demo_game(conn, admin, form).await?;
    for (player, power) in players.iter().zip(Power::ALL).take(SEATED_DEMO_PLAYERS) {
        let seat_id = queries::insert_seat(conn, game_id, *player, SeatRole::Player).await?;
        queries::give_power(conn, game_id, seat_id, SeatRole::Player, *power).await?;
    }
    Ok(())
}

/// A full table that played 1901 with the classic openings, processed by the turn worker's own code
/// one day apart, so the demo shows results, history, the map and a running Spring 1902.
async fn create_played_game(conn: &mut PgConnection, admin: AccountId, players: &[AccountId]) -> anyhow::Result<()> {
    let form = GameSettingsForm {
        name: "Demo game: one year in".to_owned(),
        description: "Seven demo players played 1901. Browse its results and map, or log in as one of them.".to_owned(),
        ..GameSettingsForm::default()
    };
    let game_id = insert_demo_game(conn, admin, form).await?;
    for (player, power) in players.iter().zip(Power::ALL) {
        let seat_id = queries::insert_seat(conn, game_id, *player, SeatRole::Player).await?;
        queries::give_power(conn, game_id, seat_id, SeatRole::Player, *power).await?;
    }
    let scripted_days = FIRST_YEAR.len() as i64;
    let started = Utc::now() - Duration::days(scripted_days);
    // The game was "created" a day before it started, so its page's dates tell a possible story.
    sqlx::query!(
        "update game set created_at = $2 where game_id = $1",
        game_id as GameId,
        (started - Duration::days(1)) as _
    )
    .execute(&mut *conn)
    .await?;
    let game = queries::game(conn, game_id).await?.context("the demo game was just inserted")?;
    start::start_if_ready(conn, &game, started)
        .await
        .map_err(|error| anyhow::anyhow!("starting the demo game: {error:?}"))?
        .map_err(|not_ready| anyhow::anyhow!("the demo game cannot start: {not_ready}"))?;
    for (day, phase_orders) in FIRST_YEAR.iter().enumerate() {
        save_scripted_orders(conn, game_id, phase_orders).await?;
        let processed_at = started + Duration::days(day as i64 + 1);
        turns::tick::process_claimed_game(conn, game_id, processed_at).await?;
    }
    Ok(())
}

/// Orders by power for each phase of 1901; `None` lets each power build as its order form suggests.
const FIRST_YEAR: [Option<[(&str, &str); 7]>; 3] = [
    Some([
        ("Austria", "A vie - gal\nA bud - ser\nF tri - alb"),
        ("England", "F lon - nth\nF edi - nwg\nA lvp - yor"),
        ("France", "F bre - mao\nA par - bur\nA mar - spa"),
        ("Germany", "F kie - den\nA ber - kie\nA mun - ruh"),
        ("Italy", "F nap - ion\nA rom - apu\nA ven H"),
        ("Russia", "F stp/sc - bot\nA mos - ukr\nA war - gal\nF sev - bla"),
        ("Turkey", "F ank - bla\nA con - bul\nA smy - arm"),
    ]),
    Some([
        ("Austria", "A ser - gre\nF alb S A ser - gre\nA vie - bud"),
        ("England", "F nwg - nwy\nF nth S F nwg - nwy\nA yor - edi"),
        ("France", "F mao - por\nA bur - bel\nA spa H"),
        ("Germany", "F den H\nA kie - hol\nA ruh - bel"),
        ("Italy", "F ion - tun\nA apu H\nA ven H"),
        ("Russia", "F bot - swe\nA ukr - rum\nA war H\nF sev H"),
        ("Turkey", "A bul H\nF ank H\nA arm H"),
    ]),
    None,
];

/// Saves each seat's orders for the current phase, as checked by the game kind (so a line that does not
/// fit the position is dropped, as the order page would refuse it).
async fn save_scripted_orders(
    conn: &mut PgConnection,
    game_id: GameId,
    orders: &Option<[(&str, &str); 7]>,
) -> anyhow::Result<()> {
    let phase = turn_queries::current_phase(conn, game_id).await?.context("a running game has a phase")?;
    let state = AnyGame::from_json(phase.state)?;
    for (seat_id, game_seat) in turn_queries::game_seats(conn, game_id).await? {
        let title = state.seats().into_iter().find(|info| info.id == game_seat).map(|info| info.title);
        let text = match orders {
            Some(orders) => orders
                .iter()
                .find(|(power, _)| Some(*power) == title.as_deref())
                .map(|(_, text)| (*text).to_owned())
                .unwrap_or_default(),
            None => first_choice_of_each_row(&state, game_seat),
        };
        let sheet = state.check_orders(game_seat, &text).sheet();
        orders_queries::save_orders(conn, game_id, phase.phase_index, seat_id, &sheet).await?;
    }
    Ok(())
}

/// The first offered order of every row of the seat's form (a build rather than a waive, where offered).
fn first_choice_of_each_row(state: &AnyGame, seat: kinds::SeatIndex) -> String {
    let form = state.order_form(seat);
    let mut chosen: Vec<String> = Vec::new();
    for row in form.rows {
        let pick = row
            .choices
            .iter()
            .map(|choice| choice.value.clone())
            .find(|value| !chosen.contains(value) && !value.to_lowercase().contains("waive"));
        chosen.extend(pick);
    }
    chosen.join("\n")
}

async fn insert_demo_game(conn: &mut PgConnection, admin: AccountId, form: GameSettingsForm) -> anyhow::Result<GameId> {
    let settings = form.validate(&mut FormErrors::default()).context("demo settings are valid")?;
    let game_id = queries::insert_game(
        conn,
        &NewGame {
            kind: Kind::Standard,
            gm: admin,
            settings: &settings,
            seat_count: default_seat_count(Kind::Standard),
            invite_code: &uuid::Uuid::new_v4().simple().to_string(),
            rng_seed: rand::random(),
        },
    )
    .await?;
    queries::record_audit(conn, game_id, admin, GmAction::Create, "Created the demo game.").await?;
    Ok(game_id)
}

fn random_password() -> String {
    rand::rng().sample_iter(&Alphanumeric).take(16).map(char::from).collect()
}
