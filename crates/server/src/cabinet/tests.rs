//! Cabinet Diplomacy II on the site, point by point of the issue, on a real PostgreSQL: sign-up as a team
//! or alone and the cabinets formed at the start; order pages per position; press limits; motions as
//! forms; the standby list; who knows whom on every page and mail; the shared win.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use sqlx::PgPool;

use crate::ids::GameId;
use crate::notify::content::{MailContent, RenderContext};
use crate::test_support::{Client, assert_lacks_any_case, create_game, logged_in};
use crate::turns::{Outcome, tick};

/// A person of the table: their username (unique, so a leak can be searched for) and session.
struct Person {
    username: String,
    client: Client,
}

/// A GM, a Cabinet game of 21 places, and 21 people: the first three signed up as a team (Head of
/// State, General, Admiral), the other 18 alone; the 21st join starts the game.
async fn cabinet_table(pool: &PgPool) -> (Client, Vec<Person>, GameId) {
    let mut gm = logged_in(pool, "cabgm").await;
    let game_id = create_game(
        &mut gm,
        "Cabinet test",
        &[("kind", "cabinet_diplomacy"), ("power_assignment", "random"), ("start_rule", "when_full")],
    )
    .await;
    let mut people = Vec::new();
    for index in 0..21 {
        let username = format!("zq{index:02}secretname");
        people.push(Person { client: logged_in(pool, &username).await, username });
    }
    let (first, second) = (people[1].username.clone(), people[2].username.clone());
    let team_form = [
        ("my_role", "head_of_state"),
        ("first_username", first.as_str()),
        ("first_role", "general"),
        ("second_username", second.as_str()),
        ("second_role", "admiral"),
    ];
    people[0]
        .client
        .post(&format!("/games/{game_id}/cabinet/team"), &team_form)
        .await
        .assert_status(StatusCode::SEE_OTHER);
    for mate in &mut people[1..3] {
        mate.client
            .post(&format!("/games/{game_id}/cabinet/team/confirm"), &[])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    for person in &mut people[3..] {
        person.client.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    (gm, people, game_id)
}

/// Each person's position after the start: (username, power, role).
async fn positions(pool: &PgPool, game_id: GameId) -> Vec<(String, String, String)> {
    sqlx::query_as(
        "select a.username, p.power::text, p.role::text from seat s
         join account a on a.account_id = s.account_id join seat_power p on p.seat_id = s.seat_id
         where s.game_id = $1 order by p.power, p.role",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The index in `people` of whoever holds `power`'s `role`.
async fn holder(pool: &PgPool, game_id: GameId, people: &[Person], power: &str, role: &str) -> usize {
    let username = positions(pool, game_id)
        .await
        .into_iter()
        .find(|(_, p, r)| p == power && r == role)
        .map(|(username, _, _)| username)
        .unwrap_or_else(|| panic!("nobody holds {power} {role}"));
    people.iter().position(|person| person.username == username).unwrap()
}

/// Makes the game due and lets the worker process its phase.
async fn process_phase(pool: &PgPool, game_id: GameId) {
    sqlx::query("update game set deadline_at = now() - interval '1 minute' where game_id = $1")
        .bind(game_id)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(tick(pool, Utc::now() + Duration::seconds(1)).await.unwrap(), Outcome::Advanced(game_id));
}

async fn current_phase(pool: &PgPool, game_id: GameId) -> String {
    let index: i32 = sqlx::query_scalar("select phase_index from phase where game_id = $1 and processed_at is null")
        .bind(game_id)
        .fetch_one(pool)
        .await
        .unwrap();
    index.to_string()
}

// See: rules/cabinet-diplomacy-ii.txt §3; issue 12 point 1
#[sqlx::test(migrations = "../../migrations")]
async fn a_team_of_three_and_eighteen_individuals_sign_up_and_the_start_seats_the_team_at_one_power(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let positions = positions(&pool, game_id).await;
    assert_eq!(positions.len(), 21, "every place is filled at the start");
    let of = |username: &str| positions.iter().find(|(u, _, _)| u == username).cloned().unwrap();
    let (head, general, admiral) = (of(&people[0].username), of(&people[1].username), of(&people[2].username));
    assert_eq!((head.2.as_str(), general.2.as_str(), admiral.2.as_str()), ("head_of_state", "general", "admiral"));
    assert!(head.1 == general.1 && general.1 == admiral.1, "the team shares one power");
    let mut all: Vec<(String, String)> = positions.iter().map(|(_, p, r)| (p.clone(), r.clone())).collect();
    all.dedup();
    assert_eq!(all.len(), 21);
    // Nobody outside the team learns who is in it: here a commander of another power.
    let team_power = head.1.clone();
    let other = if team_power == "russia" { "turkey" } else { "russia" };
    let outsider = holder(&pool, game_id, &people, other, "general").await;
    let page = people[outsider].client.get(&format!("/games/{game_id}")).await;
    page.assert_status(StatusCode::OK).assert_lacks(&people[0].username).assert_lacks(&people[1].username);
    let page = people[outsider].client.get(&format!("/games/{game_id}/cabinet")).await;
    page.assert_status(StatusCode::OK).assert_lacks(&people[0].username).assert_lacks(&people[1].username);
}

#[sqlx::test(migrations = "../../migrations")]
async fn before_the_start_the_game_page_counts_places_as_seven_powers_by_three_positions_and_names_no_team(
    pool: PgPool,
) {
    let mut gm = logged_in(&pool, "cabgm").await;
    let game_id =
        create_game(&mut gm, "Cabinet", &[("kind", "cabinet_diplomacy"), ("power_assignment", "random")]).await;
    let mut captain = logged_in(&pool, "zqcaptain").await;
    logged_in(&pool, "zqmateone").await;
    logged_in(&pool, "zqmatetwo").await;
    let form = [
        ("my_role", "general"),
        ("first_username", "zqmateone"),
        ("first_role", "head_of_state"),
        ("second_username", "zqmatetwo"),
        ("second_role", "admiral"),
    ];
    captain.post(&format!("/games/{game_id}/cabinet/team"), &form).await.assert_status(StatusCode::SEE_OTHER);
    captain
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("zqmateone display")
        .assert_contains("waiting for confirmation");
    let mut other = logged_in(&pool, "zqother").await;
    other
        .get(&format!("/games/{game_id}"))
        .await
        .assert_contains("7 powers × 3 positions")
        .assert_lacks("zqcaptain")
        .assert_lacks("zqmateone");
    other
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("1 of 21 places taken")
        .assert_lacks("zqmateone");
    // A team takes each position once; an unknown teammate is a clear 400.
    let twice = [
        ("my_role", "general"),
        ("first_username", "zqcaptain"),
        ("first_role", "general"),
        ("second_username", "x"),
        ("second_role", "admiral"),
    ];
    other
        .post(&format!("/games/{game_id}/cabinet/team"), &twice)
        .await
        .assert_status(StatusCode::BAD_REQUEST)
        .assert_contains("id=\"team-error\"");
    let unknown = [
        ("my_role", "general"),
        ("first_username", "nobodyhere"),
        ("first_role", "head_of_state"),
        ("second_username", "zqmatetwo"),
        ("second_role", "admiral"),
    ];
    other
        .post(&format!("/games/{game_id}/cabinet/team"), &unknown)
        .await
        .assert_status(StatusCode::BAD_REQUEST)
        .assert_contains("id=\"team-error\"")
        .assert_contains("nobodyhere")
        .assert_contains("value=\"zqmatetwo\"")
        .assert_contains("<option value=\"general\" selected>");
    // The GM places the captain by hand.
    let seat_id: i64 =
        sqlx::query_scalar("select seat_id from seat where game_id = $1").bind(game_id).fetch_one(&pool).await.unwrap();
    gm.post(
        &format!("/games/{game_id}/admin/posts/place"),
        &[("seat_id", seat_id.to_string().as_str()), ("position", "italy-general")],
    )
    .await
    .assert_status(StatusCode::SEE_OTHER);
    gm.get(&format!("/games/{game_id}/admin"))
        .await
        .assert_contains("zqcaptain display (General of the Army of Italy)");
}

// See: rules/cabinet-diplomacy-ii.txt §5–7, rulings 2.2, CAB.10; issue 12 point 4
#[sqlx::test(migrations = "../../migrations")]
async fn each_position_is_offered_its_own_units_and_told_why(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "france", "general").await;
    let page = people[general].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_status(StatusCode::OK)
        .assert_contains("you order France&#39;s armies, and only them")
        .assert_contains("data-unit=\"A par\"")
        .assert_contains("data-unit=\"A mar\"")
        .assert_lacks("data-unit=\"F bre\"");
    let admiral = holder(&pool, game_id, &people, "france", "admiral").await;
    let page = people[admiral].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_contains("data-unit=\"F bre\"")
        .assert_lacks("data-unit=\"A par\"")
        .assert_contains("Armies are the General&#39;s");
    let head = holder(&pool, game_id, &people, "france", "head_of_state").await;
    let page = people[head].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_contains("Backup: A par")
        .assert_contains("Backup: F bre")
        .assert_contains("your orders for them are backups")
        // Issue 26 point 7: his backups are explained, not "You have no orders to give".
        .assert_lacks("You have no orders to give")
        .assert_contains("the orders below are optional, used as your duties above say");
    // A General's fleet order is refused with the reason, and his army order is saved.
    let phase = current_phase(&pool, game_id).await;
    let page = people[general]
        .client
        .submit(&format!("/games/{game_id}/orders"), &[("phase", phase.as_str()), ("text", "A par - bur\nF bre - mao")])
        .await;
    page.assert_status(StatusCode::OK).assert_contains("A par - bur").assert_contains("Refused");
}

// See: rulings 2.5; issue 12 point 6
#[sqlx::test(migrations = "../../migrations")]
async fn a_general_writing_to_another_powers_head_of_state_is_refused_with_the_reason(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "france", "general").await;
    let german_head = holder(&pool, game_id, &people, "germany", "head_of_state").await;
    let seat_of = |index: usize| {
        let username = people[index].username.clone();
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(
                "select s.seat_id from seat s join account a using (account_id) where a.username = $1",
            )
            .bind(username)
            .fetch_one(&pool)
            .await
            .unwrap()
        }
    };
    let german_seat = seat_of(german_head).await.to_string();
    let compose = people[general].client.get(&format!("/games/{game_id}/press")).await;
    compose.assert_status(StatusCode::OK).assert_lacks("Head of State of Germany");
    let page = people[general]
        .client
        .post(&format!("/games/{game_id}/press"), &[("to", german_seat.as_str()), ("body", "Let us ally")])
        .await;
    page.assert_contains("a General writes only to its own Head of State, its counterpart and the GM");
    let count: i64 = sqlx::query_scalar("select count(*) from press_message").fetch_one(&pool).await.unwrap();
    assert_eq!(count, 0);
}

// See: rules/cabinet-diplomacy-ii.txt §8, 11; rulings CAB.3, CAB.8; issue 12 points 2 and 5
#[sqlx::test(migrations = "../../migrations")]
async fn a_relief_by_form_signed_by_the_other_commander_is_filled_by_the_gm_from_the_standby_list(pool: PgPool) {
    let (mut gm, mut people, game_id) = cabinet_table(&pool).await;
    let head = holder(&pool, game_id, &people, "france", "head_of_state").await;
    let general = holder(&pool, game_id, &people, "france", "general").await;
    let admiral = holder(&pool, game_id, &people, "france", "admiral").await;
    let mut spare = logged_in(&pool, "zqstandbyplayer").await;
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("Nobody is on the standby list");
    spare.post(&format!("/games/{game_id}/cabinet/standby"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    spare.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("You are on the standby list");
    // The general takeover of seats in civil disorder is not for Cabinet positions: only the engine seats them.
    spare.get(&format!("/games/{game_id}/standby")).await.assert_error_page(StatusCode::CONFLICT);

    // Every post is held: nothing to fill, so no appointment form.
    let page = people[head].client.get(&format!("/games/{game_id}/cabinet")).await;
    page.assert_contains("id=\"relieve-form\"").assert_lacks("id=\"appoint-form\"");
    let phase = current_phase(&pool, game_id).await;
    let relief =
        [("phase", phase.as_str()), ("motion", "relieve"), ("seat", "France general"), ("replacement", "standby")];
    people[head]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions"), &relief)
        .await
        .assert_status(StatusCode::SEE_OTHER);
    // The General may not propose his own relief: the engine's reason comes back as a 400 page.
    people[general]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions"), &relief)
        .await
        .assert_error_page(StatusCode::BAD_REQUEST)
        .assert_contains("only the Head of State proposes a relief");
    process_phase(&pool, game_id).await;

    let page = people[admiral].client.get(&format!("/games/{game_id}/cabinet")).await;
    page.assert_contains("Motion 1: relieve France: General")
        .assert_contains("Proposed by France: Head of State")
        .assert_contains("✗ 1 signature(s) of France: Admiral")
        .assert_contains("Sign motion 1");
    // Issue 26.6: the Admiral who must co-sign is told on his notifications page, linked to the form.
    people[admiral]
        .client
        .get("/notifications")
        .await
        .assert_contains("Motion 1 asks for your signature as France: Admiral: relieve France: General");
    let link: String =
        sqlx::query_scalar("select link_path from notice where kind = 'asked_to_act'").fetch_one(&pool).await.unwrap();
    assert_eq!(link, format!("/games/{game_id}/cabinet"), "it opens the page with the Sign button");
    // The General to be relieved is not told (CAB.9), and nobody outside sees it.
    people[general].client.get(&format!("/games/{game_id}/cabinet")).await.assert_lacks("Motion 1");
    people[general].client.get("/notifications").await.assert_lacks("Motion 1");
    let outsider = (0..people.len()).find(|i| ![head, general, admiral].contains(i)).unwrap();
    people[outsider].client.get("/notifications").await.assert_lacks("Motion 1");
    Client::new(pool.clone()).get(&format!("/games/{game_id}")).await.assert_lacks("relieve");
    let phase = current_phase(&pool, game_id).await;
    people[admiral]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions/1/sign"), &[("phase", phase.as_str())])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;

    // Issue 26.7: forms that cannot apply are not shown. With the General's post vacant, the Head of State
    // may fill it but relieve nobody (he keeps at least one commander, §11).
    people[head]
        .client
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("id=\"appoint-form\"")
        .assert_contains("id=\"no-relief\"")
        .assert_lacks("id=\"relieve-form\"");
    // The relieved General lost his seat and its pages (CAB.1); the GM is asked and sees the standby list.
    people[general].client.get(&format!("/games/{game_id}/orders")).await.assert_error_page(StatusCode::FORBIDDEN);
    let panel = gm.get(&format!("/games/{game_id}/admin")).await;
    panel
        .assert_contains("General of the Army of France (its players asked for a standby player)")
        .assert_contains("zqstandbyplayer display");
    let spare_id: i64 = sqlx::query_scalar("select account_id from account where username = 'zqstandbyplayer'")
        .fetch_one(&pool)
        .await
        .unwrap();
    gm.post(
        &format!("/games/{game_id}/admin/posts/seat"),
        &[("position", "france-general"), ("account_id", spare_id.to_string().as_str())],
    )
    .await
    .assert_status(StatusCode::SEE_OTHER);
    spare
        .get(&format!("/games/{game_id}/orders"))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("General of the Army of France");
    spare.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("You are General of the Army of France");
    // Issue 26.6: the relieved General and the seated standby player are told, each of his own seat on
    // his notifications page; nobody else is told who moved.
    people[general].client.get("/notifications").await.assert_contains("You no longer play France: General");
    spare.get("/notifications").await.assert_contains("You now play France: General");
    for other in [head, admiral] {
        people[other].client.get("/notifications").await.assert_lacks("play France: General");
    }
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("Nobody is on the standby list");
}

// See: rulings CAB.3 (a named replacement accepts on the site); issue 12 point 5
#[sqlx::test(migrations = "../../migrations")]
async fn a_person_named_as_replacement_accepts_on_his_own_page_and_takes_the_seat(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let head = holder(&pool, game_id, &people, "england", "head_of_state").await;
    let admiral = holder(&pool, game_id, &people, "england", "admiral").await;
    let mut named = logged_in(&pool, "zqnamedperson").await;
    let phase = current_phase(&pool, game_id).await;
    let relief = [
        ("phase", phase.as_str()),
        ("motion", "relieve"),
        ("seat", "England general"),
        ("replacement", "person"),
        ("username", "zqnamedperson"),
    ];
    people[head]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions"), &relief)
        .await
        .assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;
    people[admiral]
        .client
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("replaced by zqnamedperson display");
    // Issue 26.6: the named person is told without opening the game.
    named.get("/notifications").await.assert_contains("Motion 1 names you (relieve England: General, replaced by you)");
    named
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("You are named in a motion")
        .assert_contains("Accept");
    named.post(&format!("/games/{game_id}/cabinet/motions/1/accept"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    // Somebody not named cannot accept.
    people[5]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions/1/accept"), &[])
        .await
        .assert_error_page(StatusCode::CONFLICT);
    let phase = current_phase(&pool, game_id).await;
    people[admiral]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions/1/sign"), &[("phase", phase.as_str())])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;
    named.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("You are General of the Army of England");
}

// See: rules/cabinet-diplomacy-ii.txt §9, 10; rulings CAB.4; issue 12 point 5
#[sqlx::test(migrations = "../../migrations")]
async fn a_coup_naming_another_head_of_state_makes_a_dual_monarchy_whose_head_orders_for_both(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "italy", "general").await;
    let admiral = holder(&pool, game_id, &people, "italy", "admiral").await;
    let austria = holder(&pool, game_id, &people, "austria", "head_of_state").await;
    let deposed = holder(&pool, game_id, &people, "italy", "head_of_state").await;
    let phase = current_phase(&pool, game_id).await;
    let coup = [("phase", phase.as_str()), ("motion", "coup"), ("new_head", "Austria")];
    for commander in [general, admiral] {
        people[commander]
            .client
            .post(&format!("/games/{game_id}/cabinet/motions"), &coup)
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    process_phase(&pool, game_id).await;
    // Outside a dual monarchy, no secession form is offered (issue 26 point 7).
    people[general].client.get(&format!("/games/{game_id}/cabinet")).await.assert_lacks("id=\"secede-form\"");
    let page = people[austria].client.get(&format!("/games/{game_id}/cabinet")).await;
    page.assert_contains("depose the Head of State of Italy for the Head of State of Austria, as a dual monarchy")
        .assert_contains("Sign motion 1");
    // Issue 26.6: Austria's Head of State is asked to sign, Italy's is told of the coup against him, and no
    // other seat hears of it.
    people[austria].client.get("/notifications").await.assert_contains("Motion 1 asks for your signature");
    people[deposed].client.get("/notifications").await.assert_contains("Your commanders propose a coup against you");
    let outsider = (0..people.len()).find(|i| ![general, admiral, austria, deposed].contains(i)).unwrap();
    people[outsider].client.get("/notifications").await.assert_lacks("Motion 1").assert_lacks("coup");
    let phase = current_phase(&pool, game_id).await;
    people[austria]
        .client
        .post(&format!("/games/{game_id}/cabinet/motions/1/sign"), &[("phase", phase.as_str())])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;
    // Italy's old Head of State is out; Austria's knows Italy's commanders by name and gives backups for both.
    people[deposed].client.get(&format!("/games/{game_id}/orders")).await.assert_error_page(StatusCode::FORBIDDEN);
    let page = people[austria].client.get(&format!("/games/{game_id}/cabinet")).await;
    page.assert_contains(&people[general].username).assert_contains("General of the Army of Italy");
    people[general].client.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("id=\"secede-form\"");
    people[austria]
        .client
        .get(&format!("/games/{game_id}/orders"))
        .await
        .assert_contains("Backup: Italy A ven")
        .assert_contains("Backup: Austria A vie")
        .assert_contains("Your realm: The dual monarchy of Austria and Italy");
    // Issue 26 point 7: the dual monarchy is named on its members' pages.
    people[general]
        .client
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("Your realm: The dual monarchy of Austria and Italy.");
    // The public sees nothing of it.
    Client::new(pool.clone()).get(&format!("/games/{game_id}")).await.assert_lacks("dual monarchy");
}

/// Every page a person of the game may open, and the public ones.
fn pages(game_id: GameId) -> Vec<String> {
    ["", "/orders", "/cabinet", "/press", "/phases", "/phases/0", "/log"]
        .iter()
        .map(|path| format!("/games/{game_id}{path}"))
        .chain(["/games".to_owned(), "/dashboard".to_owned()])
        .collect()
}

async fn text_of(client: &mut Client, path: &str) -> String {
    client.get(path).await.body.clone()
}

/// The mails queued for the game, rendered as their recipients read them, per username.
async fn mails(pool: &PgPool, game_id: GameId) -> Vec<(String, String)> {
    let rows: Vec<(String, sqlx::types::Json<MailContent>)> = sqlx::query_as(
        "select a.username, m.content from outbox_mail m join account a using (account_id) where m.game_id = $1",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
    .unwrap();
    let context = RenderContext { base_url: "https://bc.example.test", zone: chrono_tz::Tz::UTC };
    rows.into_iter()
        .map(|(username, content)| {
            let mail = content.render(context).unwrap();
            (username, format!("{}\n{}", mail.subject, mail.body))
        })
        .collect()
}

// See: rules/cabinet-diplomacy-ii.txt §4; rulings 0.5, 2.4; issue 12 point 3
#[sqlx::test(migrations = "../../migrations")]
async fn nobody_sees_a_holder_he_may_not_know_on_any_page_or_mail_and_the_end_reveals_everyone(pool: PgPool) {
    let (mut gm, mut people, game_id) = cabinet_table(&pool).await;
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true")
        .execute(&pool)
        .await
        .unwrap();
    process_phase(&pool, game_id).await;
    let positions = positions(&pool, game_id).await;
    let power_of = |username: &str| positions.iter().find(|(u, _, _)| u == username).cloned().unwrap();
    let all_mails = mails(&pool, game_id).await;
    assert!(!all_mails.is_empty(), "the start and the new phase were mailed");
    for viewer in 0..people.len() {
        let (_, my_power, my_role) = power_of(&people[viewer].username);
        // Whom the viewer may know: his own cabinet, and as Head of State every other Head of State.
        let may_know = |username: &str| {
            let (_, power, role) = power_of(username);
            power == my_power || (my_role == "head_of_state" && role == "head_of_state")
        };
        let mut text = String::new();
        for page in pages(game_id) {
            text.push_str(&text_of(&mut people[viewer].client, &page).await);
        }
        for (to, mail) in &all_mails {
            if *to == people[viewer].username {
                text.push_str(mail);
            }
        }
        let leaks: Vec<&str> = people.iter().map(|p| p.username.as_str()).filter(|u| !may_know(u)).collect();
        assert_lacks_any_case(&text, &leaks);
    }
    let mut visitor = Client::new(pool.clone());
    let mut observer = logged_in(&pool, "zqobserver").await;
    let everyone: Vec<&str> = people.iter().map(|p| p.username.as_str()).collect();
    for client in [&mut visitor, &mut observer] {
        let mut text = String::new();
        for page in pages(game_id) {
            text.push_str(&text_of(client, &page).await);
        }
        assert_lacks_any_case(&text, &everyone);
    }
    // The GM ends the game: identities are revealed to everyone.
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let page = visitor.get(&format!("/games/{game_id}")).await;
    for username in &everyone {
        page.assert_contains(&format!("{username} display"));
    }
}

/// Stores `realm` (a JSON list of powers) as the current phase's winner and processes it: the count to
/// 18 centers is the engine's, tested there.
async fn win_with(pool: &PgPool, game_id: GameId, realm: &str) {
    sqlx::query(
        "update phase set state = jsonb_set(state, '{state,winner}', $2::jsonb) where game_id = $1 and processed_at is null",
    )
    .bind(game_id)
    .bind(realm)
    .execute(pool)
    .await
    .unwrap();
    process_phase(pool, game_id).await;
}

// See: rules/cabinet-diplomacy-ii.txt §12; rulings 2.6; issue 12 point 7
#[sqlx::test(migrations = "../../migrations")]
async fn a_won_game_lists_every_position_of_the_winning_realm_with_its_holder(pool: PgPool) {
    let (_gm, people, game_id) = cabinet_table(&pool).await;
    // The win itself is the engine's (tested there); here the stored state says France won.
    win_with(&pool, game_id, r#"["France"]"#).await;
    let page = Client::new(pool.clone()).get(&format!("/games/{game_id}")).await;
    page.assert_contains("France wins").assert_contains("Winners");
    for role in ["head_of_state", "general", "admiral"] {
        let index = holder(&pool, game_id, &people, "france", role).await;
        page.assert_contains(&format!("of France: {} display", people[index].username));
    }
    page.assert_contains("Head of State of France")
        .assert_contains("General of France")
        .assert_contains("Admiral of France");
}

/// The game's status as stored.
async fn game_status(pool: &PgPool, game_id: GameId) -> String {
    sqlx::query_scalar("select status::text from game where game_id = $1").bind(game_id).fetch_one(pool).await.unwrap()
}

// See: rulings CAB.6; issue 26 point 1
#[sqlx::test(migrations = "../../migrations")]
async fn cab_6_draws_and_concessions_are_the_heads_of_states_and_seven_votes_end_the_game(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "france", "general").await;
    let page = people[general].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_status(StatusCode::OK).assert_lacks("id=\"draw-form\"").assert_lacks("id=\"concede-form\"");
    page.assert_contains("does not vote on draws or concessions");
    people[general]
        .client
        .post(&format!("/games/{game_id}/orders/draw"), &[("draw", "true")])
        .await
        .assert_error_page(StatusCode::CONFLICT);
    // The concede menu lists the six other powers, not twenty positions.
    let french_head = holder(&pool, game_id, &people, "france", "head_of_state").await;
    let page = people[french_head].client.get(&format!("/games/{game_id}/orders")).await;
    let menu = page.body.split("id=\"concede-to\"").nth(1).and_then(|rest| rest.split("</select>").next()).unwrap();
    assert_eq!(menu.matches("<option").count(), 7, "nobody and six powers: {menu}");
    assert!(menu.contains(">England</option>") && !menu.contains("General") && !menu.contains("France"), "{menu}");
    for power in ["austria", "england", "france", "germany", "italy", "russia", "turkey"] {
        assert_eq!(game_status(&pool, game_id).await, "running", "not before every Head of State voted");
        let head = holder(&pool, game_id, &people, power, "head_of_state").await;
        people[head]
            .client
            .post(&format!("/games/{game_id}/orders/draw"), &[("draw", "true")])
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    assert_eq!(game_status(&pool, game_id).await, "finished", "the seven Heads of State drew the game");
    let page = Client::new(pool.clone()).get(&format!("/games/{game_id}")).await;
    page.assert_contains("Draw between Austria, England, France, Germany, Italy, Russia and Turkey");
}

// See: rulings CAB.7; issue 26 point 2
#[sqlx::test(migrations = "../../migrations")]
async fn cab_7_the_head_of_state_reads_his_commanders_pending_orders_on_his_order_page(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "france", "general").await;
    let phase = current_phase(&pool, game_id).await;
    people[general]
        .client
        .post(
            &format!("/games/{game_id}/orders"),
            &[("phase", phase.as_str()), ("intent", "replace"), ("text", "A par - bur")],
        )
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let head = holder(&pool, game_id, &people, "france", "head_of_state").await;
    let page = people[head].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_contains("Pending orders you may read")
        .assert_contains("<h3>France: General</h3>")
        .assert_contains("<li><code>A par - bur</code></li>")
        .assert_contains("<h3>France: Admiral</h3>")
        .assert_contains("No orders saved yet.");
    // Nobody else reads them: not the Admiral, not another power's Head of State.
    let admiral = holder(&pool, game_id, &people, "france", "admiral").await;
    let german_head = holder(&pool, game_id, &people, "germany", "head_of_state").await;
    let page = people[admiral].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_lacks("Pending orders you may read").assert_lacks("<code>A par - bur</code>");
    let page = people[german_head].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_contains("<h3>Germany: General</h3>")
        .assert_lacks("France: General")
        .assert_lacks("<code>A par - bur</code>");
}

// See: rulings CAB.1 (extended to the successor: he sees press from his own tenure only); issue 26 point 4
#[sqlx::test(migrations = "../../migrations")]
async fn cab_1_a_successor_reads_no_press_of_his_predecessors_tenure(pool: PgPool) {
    let (mut gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "france", "general").await;
    let head = holder(&pool, game_id, &people, "france", "head_of_state").await;
    let head_seat: i64 =
        sqlx::query_scalar("select s.seat_id from seat s join account a using (account_id) where a.username = $1")
            .bind(&people[head].username)
            .fetch_one(&pool)
            .await
            .unwrap();
    let head_seat = head_seat.to_string();
    let message = |body: &'static str| [("to", head_seat.clone()), ("body", body.to_owned())];
    let form = |message: &[(&'static str, String); 2]| -> Vec<(&'static str, String)> { message.to_vec() };
    for (phase, body) in [(0, "zqoldtenureplan"), (1, "zqsamephaseplan")] {
        if phase == 1 {
            process_phase(&pool, game_id).await;
        }
        let fields = form(&message(body));
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        people[general]
            .client
            .post(&format!("/games/{game_id}/press"), &fields)
            .await
            .assert_status(StatusCode::SEE_OTHER);
    }
    // The GM replaces the General by somebody new in the phase of the second message: his tenure starts
    // when he is seated, not with the phase.
    let general_seat: i64 =
        sqlx::query_scalar("select s.seat_id from seat s join account a using (account_id) where a.username = $1")
            .bind(&people[general].username)
            .fetch_one(&pool)
            .await
            .unwrap();
    let mut successor = logged_in(&pool, "zqsuccessor").await;
    gm.post(&format!("/games/{game_id}/admin/seats/{general_seat}/replace"), &[("username", "zqsuccessor")])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let seated = successor.get(&format!("/games/{game_id}/orders")).await.status == StatusCode::OK;
    assert!(seated, "the successor holds the General's seat");
    let conversations: Vec<i64> =
        sqlx::query_scalar("select conversation_id from conversation where game_id = $1 and not is_public")
            .bind(game_id)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(conversations.len(), 1);
    let conversation = conversations[0];
    for path in [
        format!("/games/{game_id}/press"),
        format!("/games/{game_id}/press/{conversation}"),
        format!("/games/{game_id}/press/{conversation}/feed?after=0"),
    ] {
        let page = successor.get(&path).await;
        page.assert_status(StatusCode::OK);
        for secret in ["zqoldtenureplan", "zqsamephaseplan"] {
            assert!(!page.body.contains(secret), "{path} shows the predecessor's press: {}", page.body);
        }
    }
    let (app, token) =
        (crate::api::tests::api_app(&pool, 1000), crate::api::tests::token_of(&pool, "zqsuccessor").await);
    let path = format!("/games/{game_id}/press/{conversation}");
    let answer = crate::api::tests::call(&app, "GET", &path, Some(&token), None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert!(!answer.text.contains("zqoldtenureplan") && !answer.text.contains("zqsamephaseplan"), "{}", answer.text);
    // Nor does the dashboard count them as unread for him, while the Head of State's still does.
    let link = format!("/games/{game_id}/press/{conversation}\"");
    successor.get("/dashboard").await.assert_status(StatusCode::OK).assert_lacks(&link);
    people[head].client.get("/dashboard").await.assert_contains(&link);
    // The Head of State, whose tenure it was, still reads it.
    let page = people[head].client.get(&format!("/games/{game_id}/press/{conversation}")).await;
    page.assert_contains("zqoldtenureplan").assert_contains("zqsamephaseplan");
    // What the successor writes himself, he reads.
    let fields = form(&message("zqsuccessorsreport"));
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    successor.post(&format!("/games/{game_id}/press"), &fields).await.assert_status(StatusCode::SEE_OTHER);
    successor.get(&format!("/games/{game_id}/press/{conversation}")).await.assert_contains("zqsuccessorsreport");
}

// See: rulings CAB.9, 0.5; issue 26 point 3
#[sqlx::test(migrations = "../../migrations")]
async fn cab_9_the_public_seat_table_shows_no_vacancy_and_no_sign_up_order(pool: PgPool) {
    let (mut gm, people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "england", "general").await;
    let general_seat: i64 =
        sqlx::query_scalar("select s.seat_id from seat s join account a using (account_id) where a.username = $1")
            .bind(&people[general].username)
            .fetch_one(&pool)
            .await
            .unwrap();
    gm.post(&format!("/games/{game_id}/admin/seats/{general_seat}/remove"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    let vacant: Option<i64> = sqlx::query_scalar("select account_id from seat where seat_id = $1")
        .bind(general_seat)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(vacant, None, "the seat is vacant now");
    let page = Client::new(pool.clone()).get(&format!("/games/{game_id}")).await;
    page.assert_status(StatusCode::OK).assert_lacks("Empty seat");
    let table = page.body.split("id=\"seats\"").nth(1).and_then(|rest| rest.split("</table>").next()).unwrap();
    let powers: Vec<&str> = table
        .split("<tr")
        .skip(2)
        .filter_map(|row| {
            ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
                .into_iter()
                .find(|p| row.contains(p))
        })
        .collect();
    assert_eq!(powers.len(), 21, "{table}");
    let mut sorted = powers.clone();
    sorted.sort();
    assert_eq!(powers, sorted, "rows come power by power, not in sign-up order");
}

// See: rules/cabinet-diplomacy-ii.txt §8, §11 (the standby list); issue 26 point 7 (the 22nd person)
#[sqlx::test(migrations = "../../migrations")]
async fn before_the_start_the_twenty_second_person_waits_on_the_standby_list(pool: PgPool) {
    let mut gm = logged_in(&pool, "cabgm").await;
    let game_id = create_game(
        &mut gm,
        "Cabinet",
        &[("kind", "cabinet_diplomacy"), ("power_assignment", "random"), ("start_rule", "by_gm")],
    )
    .await;
    let mut extra = logged_in(&pool, "zqlatecomer").await;
    extra.get(&format!("/games/{game_id}/cabinet")).await.assert_lacks("id=\"join-standby\"");
    for index in 0..21 {
        let mut person = logged_in(&pool, &format!("zqearly{index:02}")).await;
        person.post(&format!("/games/{game_id}/join"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    }
    assert_eq!(game_status(&pool, game_id).await, "forming", "the GM starts this game");
    extra.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("id=\"join-standby\"");
    extra.post(&format!("/games/{game_id}/cabinet/standby"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    extra.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("You are on the standby list");
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("zqlatecomer");
}

/// A forming Cabinet game of `gm`, with `names` signed in (each `<name> display`).
async fn forming_cabinet(pool: &PgPool, gm: &mut Client, names: &[&str]) -> (GameId, Vec<Client>) {
    let game_id = create_game(gm, "Consent", &[("kind", "cabinet_diplomacy"), ("power_assignment", "random")]).await;
    let mut clients = Vec::new();
    for name in names {
        clients.push(logged_in(pool, name).await);
    }
    (game_id, clients)
}

fn team_of<'a>(first: &'a str, second: &'a str) -> [(&'static str, &'a str); 5] {
    [
        ("my_role", "head_of_state"),
        ("first_username", first),
        ("first_role", "general"),
        ("second_username", second),
        ("second_role", "admiral"),
    ]
}

async fn teams_in(pool: &PgPool, game_id: GameId) -> i64 {
    sqlx::query_scalar("select count(*) from team where game_id = $1").bind(game_id).fetch_one(pool).await.unwrap()
}

// See: issue 26.5 (teams by consent); rules/cabinet-diplomacy-ii.txt §3
#[sqlx::test(migrations = "../../migrations")]
async fn teams_by_consent_the_named_person_is_mailed_and_stays_free_to_sign_up_his_own_team(pool: PgPool) {
    let mut gm = logged_in(&pool, "consentgm").await;
    let (game_id, mut people) = forming_cabinet(&pool, &mut gm, &["capa", "matb", "matc", "matd", "mate"]).await;
    let cabinet = format!("/games/{game_id}/cabinet");
    // Everyone takes mail, so that a second mail for the invitation's notice would show.
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true")
        .execute(&pool)
        .await
        .unwrap();
    people[0].post(&format!("{cabinet}/team"), &team_of("matb", "matc")).await.assert_status(StatusCode::SEE_OTHER);
    let invitations: Vec<(String, sqlx::types::Json<MailContent>)> = sqlx::query_as(
        "select a.username, m.content from outbox_mail m join account a using (account_id)
         where m.kind = 'team_invitation' order by a.username",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let to: Vec<&str> = invitations.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(to, ["matb", "matc"], "each named person, and only they, is told");
    let context = RenderContext { base_url: "https://example.test", zone: chrono_tz::Tz::UTC };
    let mail = invitations[0].1.0.render(context).unwrap();
    assert!(mail.subject.contains("capa display invites you"), "{}", mail.subject);
    assert!(mail.body.contains("General of the Army") && mail.body.contains(&format!("/games/{game_id}/cabinet")));
    people[1].get(&cabinet).await.assert_contains("capa display").assert_contains("id=\"team-form\"");
    // And on his notifications page; nobody else's.
    people[1].get("/notifications").await.assert_contains("capa display asks you to join their team as General");
    people[3].get("/notifications").await.assert_lacks("join their team");
    let mailed_twice: i64 =
        sqlx::query_scalar("select count(*) from outbox_mail where kind = 'notice'").fetch_one(&pool).await.unwrap();
    assert_eq!(mailed_twice, 0, "the invitation's own mail is the only one");
    // The named person signs up his own team instead: the invitation lapses, the captain stays alone.
    people[1].post(&format!("{cabinet}/team"), &team_of("matd", "mate")).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(teams_in(&pool, game_id).await, 1, "capa's team is not formed");
    people[2]
        .post(&format!("{cabinet}/team/confirm"), &[])
        .await
        .assert_error_page(StatusCode::CONFLICT)
        .assert_contains("Nobody has asked you");
    people[0].get(&format!("/games/{game_id}")).await.assert_contains("Leave");
}

// See: issue 26.5 (invitations lapse when the captain leaves)
#[sqlx::test(migrations = "../../migrations")]
async fn teams_by_consent_a_captain_who_leaves_takes_his_invitations_with_him(pool: PgPool) {
    let mut gm = logged_in(&pool, "consentgm").await;
    let (game_id, mut people) = forming_cabinet(&pool, &mut gm, &["capa", "matb", "matc"]).await;
    let cabinet = format!("/games/{game_id}/cabinet");
    people[0].post(&format!("{cabinet}/team"), &team_of("matb", "matc")).await.assert_status(StatusCode::SEE_OTHER);
    people[1].post(&format!("{cabinet}/team/confirm"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    people[0].post(&format!("/games/{game_id}/leave"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(teams_in(&pool, game_id).await, 0, "no ghost team");
    people[2].post(&format!("{cabinet}/team/confirm"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    // Who had confirmed keeps his place, alone (seated, he signs up no second team).
    people[1]
        .post(&format!("{cabinet}/team"), &team_of("capa", "matc"))
        .await
        .assert_status(StatusCode::CONFLICT)
        .assert_contains("id=\"team-error\"");
    let seated: i64 = sqlx::query_scalar("select count(*) from seat where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(seated, 1, "matb stays signed up alone");
}

// See: issue 26.5 (the GM takes no position); rulings 0.5 (the GM sees every secret)
#[sqlx::test(migrations = "../../migrations")]
async fn teams_by_consent_the_gm_is_neither_named_nor_seated_in_his_own_game(pool: PgPool) {
    let mut gm = logged_in(&pool, "consentgm").await;
    let (game_id, mut people) = forming_cabinet(&pool, &mut gm, &["capa", "matb", "matc"]).await;
    let cabinet = format!("/games/{game_id}/cabinet");
    people[0]
        .post(&format!("{cabinet}/team"), &team_of("matb", "consentgm"))
        .await
        .assert_status(StatusCode::BAD_REQUEST)
        .assert_contains("value=\"consentgm\"")
        .assert_contains("GM");
    gm.post(&format!("{cabinet}/team"), &team_of("matb", "matc"))
        .await
        .assert_status(StatusCode::CONFLICT)
        .assert_contains("id=\"team-error\"");
    gm.post(&format!("/games/{game_id}/join"), &[]).await.assert_error_page(StatusCode::CONFLICT);
    assert_eq!(teams_in(&pool, game_id).await, 0);
}

// See: issue 26.5 (invitations limited per account)
#[sqlx::test(migrations = "../../migrations")]
async fn teams_by_consent_a_person_holds_at_most_five_unanswered_invitations(pool: PgPool) {
    let mut gm = logged_in(&pool, "consentgm").await;
    logged_in(&pool, "target").await;
    for index in 0..6 {
        let (game_id, mut people) =
            forming_cabinet(&pool, &mut gm, &[&format!("cap{index}"), &format!("other{index}")]).await;
        let answer = people[0]
            .post(&format!("/games/{game_id}/cabinet/team"), &team_of("target", &format!("other{index}")))
            .await;
        if index < 5 {
            answer.assert_status(StatusCode::SEE_OTHER);
        } else {
            answer.assert_status(StatusCode::CONFLICT).assert_contains("5 team invitations waiting");
        }
    }
}

/// Posts `fields` for the current phase to the game's page `path` as the person at `index`, who is sent
/// on (the form was taken).
async fn post_in_phase(
    pool: &PgPool,
    people: &mut [Person],
    index: usize,
    game_id: GameId,
    path: &str,
    fields: &[(&str, &str)],
) {
    let phase = current_phase(pool, game_id).await;
    let mut form = vec![("phase", phase.as_str())];
    form.extend_from_slice(fields);
    people[index].client.post(&format!("/games/{game_id}/{path}"), &form).await.assert_status(StatusCode::SEE_OTHER);
}

/// Proposes (or signs by the same line) a motion through the Cabinet page's form.
async fn propose(pool: &PgPool, people: &mut [Person], index: usize, game_id: GameId, fields: &[(&str, &str)]) {
    post_in_phase(pool, people, index, game_id, "cabinet/motions", fields).await;
}

/// Signs motion `motion` with the Cabinet page's button.
async fn sign(pool: &PgPool, people: &mut [Person], index: usize, game_id: GameId, motion: u32) {
    post_in_phase(pool, people, index, game_id, &format!("cabinet/motions/{motion}/sign"), &[]).await;
}

// See: rules/cabinet-diplomacy-ii.txt §9 ("The new Head of State can be one of the military commanders
// himself ... or another player altogether"); rulings CAB.3; issue 26 point 8
#[sqlx::test(migrations = "../../migrations")]
async fn rule_9_a_coup_by_form_names_a_commander_who_moves_up_or_an_outsider_who_accepts_first(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let general = holder(&pool, game_id, &people, "germany", "general").await;
    let admiral = holder(&pool, game_id, &people, "germany", "admiral").await;
    let deposed = holder(&pool, game_id, &people, "germany", "head_of_state").await;
    for commander in [general, admiral] {
        propose(&pool, &mut people, commander, game_id, &[("motion", "coup"), ("new_head", "Germany general")]).await;
    }
    process_phase(&pool, game_id).await;
    assert_eq!(holder(&pool, game_id, &people, "germany", "head_of_state").await, general, "the General moves up");
    people[deposed].client.get(&format!("/games/{game_id}/orders")).await.assert_error_page(StatusCode::FORBIDDEN);
    people[deposed].client.get("/notifications").await.assert_contains("You no longer play Germany: Head of State");

    let turkey_general = holder(&pool, game_id, &people, "turkey", "general").await;
    let turkey_admiral = holder(&pool, game_id, &people, "turkey", "admiral").await;
    let mut outsider = logged_in(&pool, "zqoutsider").await;
    let coup = [("motion", "coup"), ("new_head", "person"), ("username", "zqoutsider")];
    for commander in [turkey_general, turkey_admiral] {
        propose(&pool, &mut people, commander, game_id, &coup).await;
    }
    process_phase(&pool, game_id).await;
    let turkey_head = holder(&pool, game_id, &people, "turkey", "head_of_state").await;
    assert!(![turkey_general, turkey_admiral].contains(&turkey_head), "until he accepts, the old head stays");
    people[turkey_head]
        .client
        .get("/notifications")
        .await
        .assert_contains("Your commanders propose a coup against you");
    outsider.get("/notifications").await.assert_contains("names you (depose the Head of State of Turkey for you)");
    // Motions are numbered through the game: Germany's coup was the first.
    outsider
        .post(&format!("/games/{game_id}/cabinet/motions/2/accept"), &[])
        .await
        .assert_status(StatusCode::SEE_OTHER);
    process_phase(&pool, game_id).await;
    outsider.get(&format!("/games/{game_id}/cabinet")).await.assert_contains("You are Head of State of Turkey");
    people[turkey_head].client.get(&format!("/games/{game_id}/orders")).await.assert_error_page(StatusCode::FORBIDDEN);
}

// See: rules/cabinet-diplomacy-ii.txt §10 ("relieve a military commander with the signatures of two other
// military commanders"); rulings CAB.4; issue 26 point 8
#[sqlx::test(migrations = "../../migrations")]
async fn cab_4_a_dual_monarch_relieves_a_junior_commander_once_two_of_the_other_three_sign(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let [italy_general, italy_admiral] = [
        holder(&pool, game_id, &people, "italy", "general").await,
        holder(&pool, game_id, &people, "italy", "admiral").await,
    ];
    let austria = holder(&pool, game_id, &people, "austria", "head_of_state").await;
    let austria_general = holder(&pool, game_id, &people, "austria", "general").await;
    for commander in [italy_general, italy_admiral] {
        propose(&pool, &mut people, commander, game_id, &[("motion", "coup"), ("new_head", "Austria")]).await;
    }
    process_phase(&pool, game_id).await;
    sign(&pool, &mut people, austria, game_id, 1).await;
    process_phase(&pool, game_id).await;
    people[austria]
        .client
        .get(&format!("/games/{game_id}/cabinet"))
        .await
        .assert_contains("General of the Army of Italy");

    let relief = [("motion", "relieve"), ("seat", "Italy general"), ("replacement", "standby")];
    propose(&pool, &mut people, austria, game_id, &relief).await;
    process_phase(&pool, game_id).await;
    let page = people[italy_admiral].client.get(&format!("/games/{game_id}/cabinet")).await;
    page.assert_contains("✗ 2 signature(s) of");
    people[austria_general].client.get("/notifications").await.assert_contains("asks for your signature");
    sign(&pool, &mut people, italy_admiral, game_id, 2).await;
    process_phase(&pool, game_id).await;
    assert_eq!(holder(&pool, game_id, &people, "italy", "general").await, italy_general, "one signature is not enough");
    sign(&pool, &mut people, austria_general, game_id, 2).await;
    process_phase(&pool, game_id).await;
    people[italy_general]
        .client
        .get(&format!("/games/{game_id}/orders"))
        .await
        .assert_error_page(StatusCode::FORBIDDEN);
    people[italy_general].client.get("/notifications").await.assert_contains("You no longer play Italy: General");
}

// See: rules/cabinet-diplomacy-ii.txt §12 ("their power (or dual-monarchy)"); rulings 2.6, CAB.9; issue 26
// point 8
#[sqlx::test(migrations = "../../migrations")]
async fn rule_12_a_dual_monarchys_win_is_announced_as_such_and_lists_its_five_positions_by_holder(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let deposed = holder(&pool, game_id, &people, "italy", "head_of_state").await;
    for commander in [
        holder(&pool, game_id, &people, "italy", "general").await,
        holder(&pool, game_id, &people, "italy", "admiral").await,
    ] {
        propose(&pool, &mut people, commander, game_id, &[("motion", "coup"), ("new_head", "Austria")]).await;
    }
    process_phase(&pool, game_id).await;
    let austria = holder(&pool, game_id, &people, "austria", "head_of_state").await;
    sign(&pool, &mut people, austria, game_id, 1).await;
    process_phase(&pool, game_id).await;
    // The count to 18 is the engine's (`rule_12_a_dual_monarchy_with_a_majority_...`); here the stored
    // state says the realm won.
    win_with(&pool, game_id, r#"["Austria", "Italy"]"#).await;
    let page = Client::new(pool.clone()).get(&format!("/games/{game_id}")).await;
    page.assert_contains("The dual monarchy of Austria and Italy wins");
    let section = page.body.split("<section id=\"winners\">").nth(1).expect("a winners section");
    let winners = section.split("</section>").next().unwrap_or_default();
    for (power, role) in [
        ("austria", "head_of_state"),
        ("austria", "general"),
        ("austria", "admiral"),
        ("italy", "general"),
        ("italy", "admiral"),
    ] {
        let index = holder(&pool, game_id, &people, power, role).await;
        assert!(winners.contains(&format!("{} display", people[index].username)), "{winners}");
    }
    assert_eq!(winners.matches("<li>").count(), 5, "{winners}");
    assert!(!winners.contains(&people[deposed].username), "the deposed Head of State shares no win: {winners}");
}

/// Saves `text` as the order sheet of the person at `index` for the current phase.
async fn order(pool: &PgPool, people: &mut [Person], index: usize, game_id: GameId, text: &str) {
    post_in_phase(pool, people, index, game_id, "orders", &[("text", text)]).await;
}

// See: rules/cabinet-diplomacy-ii.txt §5 (the Head of State "may disband a unit that must retreat");
// rulings 2.2; issue 26 point 8
#[sqlx::test(migrations = "../../migrations")]
async fn rule_5_on_the_site_the_head_of_state_disbands_a_retreating_army_over_his_generals_retreat(pool: PgPool) {
    let (_gm, mut people, game_id) = cabinet_table(&pool).await;
    let french_general = holder(&pool, game_id, &people, "france", "general").await;
    let french_head = holder(&pool, game_id, &people, "france", "head_of_state").await;
    let german_general = holder(&pool, game_id, &people, "germany", "general").await;
    order(&pool, &mut people, french_general, game_id, "A par - bur").await;
    order(&pool, &mut people, german_general, game_id, "A mun - ruh\nA ber - mun").await;
    process_phase(&pool, game_id).await;
    order(&pool, &mut people, french_general, game_id, "A bur H").await;
    order(&pool, &mut people, german_general, game_id, "A ruh - bur\nA mun S A ruh - bur").await;
    process_phase(&pool, game_id).await;
    // Fall 1901's retreats: the General retreats, his Head of State disbands, and the disband counts.
    let page = people[french_head].client.get(&format!("/games/{game_id}/orders")).await;
    page.assert_contains("A bur");
    order(&pool, &mut people, french_general, game_id, "A bur R pic").await;
    order(&pool, &mut people, french_head, game_id, "A bur D").await;
    process_phase(&pool, game_id).await;
    let stored: String =
        sqlx::query_scalar("select state::text from phase where game_id = $1 and processed_at is null")
            .bind(game_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    let state: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let units = state["state"]["game"]["units"].to_string();
    assert!(units.contains("Germany A bur"), "Burgundy was taken: {units}");
    assert!(!units.contains("France A pic"), "the army was disbanded, not retreated to Picardy: {units}");
}
