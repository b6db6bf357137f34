//! Demo data for the quick start: an admin who is also a GM, a few players and a Standard game
//! waiting for players. Runs once: only on a database without accounts.

use anyhow::Context;
use rand::RngExt;
use rand::distr::Alphanumeric;
use sqlx::PgPool;

use crate::accounts::{NewAccount, hash_password, insert_account};
use crate::error::FormErrors;
use crate::games::forms::GameSettingsForm;
use crate::games::model::{GameKind, GmAction, Power, SeatRole};
use crate::games::queries::{self, NewGame};

const DEMO_PLAYERS: [(&str, &str); 6] =
    [("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol"), ("dave", "Dave"), ("erin", "Erin"), ("frank", "Frank")];

/// How many demo players already sit in the demo game (the rest of its 7 seats are open).
const SEATED_DEMO_PLAYERS: usize = 4;

/// Key of the advisory lock that keeps two replicas from seeding at once.
const SEED_LOCK: i64 = 0x0B0C_5EED;

/// Seeds the demo data if the database has no account yet, printing the passwords once.
pub async fn seed_demo_data_once(db: &PgPool) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("select pg_advisory_xact_lock($1)").bind(SEED_LOCK).execute(&mut *tx).await?;
    let accounts: i64 = sqlx::query_scalar("select count(*) from account").fetch_one(&mut *tx).await?;
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
            email: None,
            password_hash: &admin_hash,
            time_zone: "UTC",
            is_site_admin: true,
        },
    )
    .await?;
    let mut players = Vec::new();
    for (username, display_name) in DEMO_PLAYERS {
        let account = NewAccount {
            username,
            display_name,
            email: None,
            password_hash: &player_hash,
            time_zone: "Europe/London",
            is_site_admin: false,
        };
        players.push(insert_account(&mut tx, &account).await?);
    }
    let form = GameSettingsForm {
        name: "Demo game: Europe 1901".to_owned(),
        description: "A Standard game waiting for three more players. Log in as a demo player, or register, and join."
            .to_owned(),
        ..GameSettingsForm::default()
    };
    let settings = form.validate(&mut FormErrors::default()).context("demo settings are valid")?;
    let game_id = queries::insert_game(
        &mut tx,
        &NewGame {
            kind: GameKind::Standard,
            gm: admin,
            settings: &settings,
            seat_count: GameKind::Standard.seat_count(),
            invite_code: &uuid::Uuid::new_v4().simple().to_string(),
            rng_seed: rand::random(),
        },
    )
    .await?;
    queries::record_audit(&mut tx, game_id, admin, GmAction::Create, "Created the demo game.").await?;
    for (player, power) in players.iter().zip(Power::ALL).take(SEATED_DEMO_PLAYERS) {
        let seat_id = queries::insert_seat(&mut tx, game_id, *player, SeatRole::Player).await?;
        queries::give_power(&mut tx, game_id, seat_id, SeatRole::Player, *power).await?;
    }
    tx.commit().await?;
    println!("Demo data created. These passwords are shown only now:");
    println!("  admin (site admin and GM of the demo game): {admin_password}");
    let names: Vec<&str> = DEMO_PLAYERS.iter().map(|(username, _)| *username).collect();
    println!("  demo players {}: {player_password}", names.join(", "));
    Ok(())
}

fn random_password() -> String {
    rand::rng().sample_iter(&Alphanumeric).take(16).map(char::from).collect()
}
