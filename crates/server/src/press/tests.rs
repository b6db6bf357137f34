//! Handler tests for press: privacy on every path, each press rule, grey press, anonymity, the GM,
//! unread counts and mute, paging, the rate limit and escaping.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use sqlx::PgPool;

use super::send::{PAGE_SIZE, RATE_LIMIT};
use crate::ids::{ConversationId, GameId, SeatId};
use crate::test_support::{
    Client, POWERS, assert_lacks_any_case, create_game, logged_in, make_due, process_phase, table,
};

/// A standard game with these settings, started by seven players joining in `POWERS` order.
async fn started_with(gm: &mut Client, players: &mut [Client], overrides: &[(&str, &str)]) -> GameId {
    let game_id = create_game(gm, "Press test", overrides).await;
    for (player, power) in players.iter_mut().zip(POWERS) {
        player.post(&format!("/games/{game_id}/join"), &[("power", power)]).await.assert_status(StatusCode::SEE_OTHER);
    }
    game_id
}

async fn seat_of(pool: &PgPool, game_id: GameId, power: &str) -> SeatId {
    sqlx::query_scalar("select seat_id from seat_power where game_id = $1 and power::text = $2")
        .bind(game_id)
        .bind(power)
        .fetch_one(pool)
        .await
        .unwrap()
}

fn press_path(game_id: GameId) -> String {
    format!("/games/{game_id}/press")
}

fn conversation_path(game_id: GameId, conversation_id: ConversationId) -> String {
    format!("/games/{game_id}/press/{conversation_id}")
}

/// Sends a new message through the compose form and returns the conversation it landed in.
async fn send(client: &mut Client, game_id: GameId, to: &[&str], body: &str) -> ConversationId {
    let mut form: Vec<(&str, &str)> = to.iter().map(|to| ("to", *to)).collect();
    form.push(("body", body));
    let page = client.post(&press_path(game_id), &form).await;
    page.assert_status(StatusCode::SEE_OTHER);
    conversation_in(page.location.as_deref().unwrap())
}

/// The conversation id in `/games/1/press/12#message-3`.
fn conversation_in(location: &str) -> ConversationId {
    let path = location.split('#').next().unwrap();
    path.rsplit('/').next().unwrap().parse().unwrap()
}

/// The HTML of one message on a page.
fn message_html(body: &str, text: &str) -> String {
    let at = body.find(text).unwrap_or_else(|| panic!("{text:?} not on the page:\n{body}"));
    let start = body[..at].rfind("<li class=\"press-message\"").unwrap();
    let end = at + body[at..].find("</li>").unwrap();
    body[start..end].to_owned()
}

#[sqlx::test(migrations = "../../migrations")]
async fn two_players_negotiate_privately_and_nobody_else_reads_it_by_page_feed_paging_or_error(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let secret = "Let us take Belgium together";
    let conversation_id = send(&mut players[0], game_id, &[&england], secret).await;
    let path = conversation_path(game_id, conversation_id);
    let page = players[1].get(&path).await;
    page.assert_status(StatusCode::OK).assert_contains(secret).assert_contains("id=\"conversation-title\">Austria<");
    players[1].post(&path, &[("body", "Agreed, and Holland too")]).await.assert_status(StatusCode::SEE_OTHER);
    players[0]
        .get(&path)
        .await
        .assert_contains("Agreed, and Holland too")
        .assert_contains("id=\"conversation-title\">England<");

    let unknown = conversation_path(game_id, ConversationId(conversation_id.0 + 1000));
    let not_found = players[2].get(&unknown).await.body;
    let mut observer = logged_in(&pool, "observer").await;
    let mut visitor = Client::new(pool.clone());
    for outsider in [&mut players[2], &mut observer, &mut visitor, &mut gm] {
        for get in
            [path.clone(), format!("{path}/feed"), format!("{path}/feed?after=0"), format!("{path}?before=999999")]
        {
            let page = outsider.get(&get).await;
            page.assert_error_page(StatusCode::NOT_FOUND).assert_lacks(secret);
        }
        let page = outsider.get(&path).await;
        assert_eq!(page.body, not_found, "an existing conversation answers exactly as an unknown one");
        for get in [press_path(game_id), format!("/games/{game_id}"), format!("/games/{game_id}/phases/0")] {
            outsider.get(&get).await.assert_status(StatusCode::OK).assert_lacks(secret);
        }
    }
    for outsider in [&mut players[2], &mut observer, &mut gm] {
        let reply = outsider.post(&path, &[("body", "Let me in")]).await;
        reply.assert_error_page(StatusCode::NOT_FOUND).assert_lacks(secret);
        outsider.post(&format!("{path}/mute"), &[("muted", "true")]).await.assert_error_page(StatusCode::NOT_FOUND);
    }
    let feed = players[1].get(&format!("{path}/feed?after=0")).await;
    feed.assert_status(StatusCode::OK).assert_contains(secret).assert_contains("\"sender\":\"Austria");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_group_is_read_by_its_members_only_and_the_same_members_make_the_same_conversation(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let france = seat_of(&pool, game_id, "france").await.to_string();
    let austria = seat_of(&pool, game_id, "austria").await.to_string();
    let group = send(&mut players[0], game_id, &[&england, &france], "Western triple?").await;
    let same = send(&mut players[2], game_id, &[&austria, &england], "Count me in").await;
    assert_eq!(group, same, "the same three members are one conversation, whoever starts it");
    let path = conversation_path(game_id, group);
    for member in [0, 1, 2] {
        players[member].get(&path).await.assert_status(StatusCode::OK).assert_contains("Western triple?");
    }
    players[1].get(&path).await.assert_contains("id=\"conversation-title\">Austria, France<");
    players[3].get(&path).await.assert_error_page(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_public_message_appears_for_observers_on_the_press_page_the_game_page_and_its_phase_results(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let conversation_id = send(&mut players[0], game_id, &["public"], "Austria wants peace").await;
    let mut visitor = Client::new(pool.clone());
    visitor.get(&press_path(game_id)).await.assert_status(StatusCode::OK).assert_contains("Public press");
    visitor.get(&conversation_path(game_id, conversation_id)).await.assert_contains("Austria wants peace");
    let game_page = visitor.get(&format!("/games/{game_id}")).await;
    game_page.assert_contains("id=\"latest-public-press\"").assert_contains("Austria wants peace");
    process_phase(&pool, game_id).await;
    let results = visitor.get(&format!("/games/{game_id}/phases/0")).await;
    results.assert_contains("Public press during Spring 1901 Movement").assert_contains("Austria wants peace");
    visitor.get(&format!("/games/{game_id}/phases/1")).await.assert_lacks("Austria wants peace");
    let reply = visitor.post(&conversation_path(game_id, conversation_id), &[("body", "hi")]).await;
    reply.assert_error_page(StatusCode::UNAUTHORIZED);
    let mut observer = logged_in(&pool, "observer").await;
    let refused = observer.post(&press_path(game_id), &[("to", "public"), ("body", "I am no player")]).await;
    refused.assert_error_page(StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../../migrations")]
async fn public_only_press_refuses_private_messages_keeping_their_text_and_saying_why(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[("press", "public_only")]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let page = players[0].post(&press_path(game_id), &[("to", &england), ("body", "A quiet word")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("public press only")
        .assert_contains(">A quiet word</textarea>");
    send(&mut players[0], game_id, &["public"], "Loud words").await;
    send(&mut players[0], game_id, &["gm"], "A question for the GM").await;
    let stored: i64 = sqlx::query_scalar("select count(*) from press_message").fetch_one(&pool).await.unwrap();
    assert_eq!(stored, 2);
}

#[sqlx::test(migrations = "../../migrations")]
async fn gunboat_refuses_all_player_press_but_messages_to_and_from_the_gm(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[("press", "none")]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    for to in ["public", england.as_str()] {
        let page = players[0].post(&press_path(game_id), &[("to", to), ("body", "Psst")]).await;
        page.assert_status(StatusCode::UNPROCESSABLE_ENTITY)
            .assert_contains("gunboat")
            .assert_contains(">Psst</textarea>");
    }
    let form = players[0].get(&press_path(game_id)).await;
    form.assert_contains("id=\"to-gm\"").assert_lacks("id=\"to-public\"").assert_lacks("class=\"to-seat\"");
    send(&mut players[0], game_id, &["gm"], "Is Munich a center?").await;
    send(&mut gm, game_id, &["public"], "Deadline moved").await;
    send(&mut gm, game_id, &[&england], "Your orders are late").await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn rulebook_press_closes_between_players_in_retreats_and_adjustments(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[("press", "rulebook")]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let talk = conversation_path(game_id, send(&mut players[0], game_id, &[&england], "Spring talk").await);
    players[0].get(&talk).await.assert_contains("id=\"reply-form\"").assert_lacks("id=\"press-closed\"");
    for stage in ["retreat", "adjustment"] {
        sqlx::query("update phase set stage = $2::phase_stage where game_id = $1 and processed_at is null")
            .bind(game_id)
            .bind(stage)
            .execute(&pool)
            .await
            .unwrap();
        for to in ["public", england.as_str()] {
            let page = players[0].post(&press_path(game_id), &[("to", to), ("body", "Retreat talk")]).await;
            page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("retreats and adjustments");
        }
        // The conversation offers no reply it would refuse, and says why.
        players[0]
            .get(&talk)
            .await
            .assert_lacks("id=\"reply-form\"")
            .assert_contains("id=\"press-closed\">You cannot write here now: Rulebook press");
        send(&mut players[0], game_id, &["gm"], "To the GM is fine").await;
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn grey_press_hides_the_sender_from_everyone_the_gm_and_the_sender_included(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[("grey_press", "on")]).await;
    let form = [("to", "public"), ("grey", "on"), ("body", "Someone will betray Italy")];
    let page = players[0].post(&press_path(game_id), &form).await;
    page.assert_status(StatusCode::SEE_OTHER);
    let path = conversation_path(game_id, conversation_in(page.location.as_deref().unwrap()));
    let mut visitor = Client::new(pool.clone());
    let (austria, others) = players.split_at_mut(1);
    for reader in [&mut austria[0], &mut others[3], &mut gm, &mut visitor] {
        let body = reader.get(&path).await.body;
        let message = message_html(&body, "Someone will betray Italy");
        assert!(message.contains("Grey press (sender not shown)"), "{message}");
        assert_lacks_any_case(&message, &["Austria", "player0"]);
        let feed = reader.get(&format!("{path}/feed")).await;
        assert_lacks_any_case(&feed.body, &["Austria", "player0"]);
    }
    let sender: Option<SeatId> =
        sqlx::query_scalar("select sender_seat_id from press_message").fetch_one(&pool).await.unwrap();
    assert_eq!(sender, Some(seat_of(&pool, game_id, "austria").await), "the server still records the sender");
}

#[sqlx::test(migrations = "../../migrations")]
async fn grey_press_is_refused_where_the_game_does_not_allow_it_and_in_private(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let page = players[0].post(&press_path(game_id), &[("to", "public"), ("grey", "on"), ("body", "Nameless")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("Grey press is not allowed");
    players[0].get(&press_path(game_id)).await.assert_lacks("id=\"grey\"");
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_anonymous_game_never_shows_an_account_name_in_press_while_a_named_one_does(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let masked = started_with(&mut gm, &mut players, &[("anonymous", "on")]).await;
    let england = seat_of(&pool, masked, "england").await.to_string();
    let private = send(&mut players[0], masked, &[&england], "From a masked Austria").await;
    let public = send(&mut players[0], masked, &["public"], "Masked in public").await;
    let mut visitor = Client::new(pool.clone());
    for reader in [&mut players[1], &mut visitor] {
        for path in [
            conversation_path(masked, public),
            format!("{}/feed", conversation_path(masked, public)),
            press_path(masked),
            format!("/games/{masked}"),
        ] {
            let page = reader.get(&path).await;
            page.assert_status(StatusCode::OK);
            assert_lacks_any_case(&page.body, &["player0"]);
        }
    }
    let page = players[1].get(&conversation_path(masked, private)).await;
    assert!(message_html(&page.body, "From a masked Austria").contains(">Austria<"));
    page.assert_lacks("player0");
    let dashboard = players[1].get("/dashboard").await;
    dashboard.assert_lacks("player0");

    let (mut gm2, mut named_players) = table(&pool, "named").await;
    let named = started_with(&mut gm2, &mut named_players, &[]).await;
    let public = send(&mut named_players[0], named, &["public"], "Named in public").await;
    let page = named_players[1].get(&conversation_path(named, public)).await;
    assert!(message_html(&page.body, "Named in public").contains("Austria · namedplayer0 display"));
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_gm_writes_to_any_seat_and_to_all_and_reads_only_conversations_it_is_a_member_of(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let austria = seat_of(&pool, game_id, "austria").await.to_string();
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let to_austria = send(&mut gm, game_id, &[&austria], "You missed a deadline").await;
    let page = players[0].get(&conversation_path(game_id, to_austria)).await;
    assert!(message_html(&page.body, "You missed a deadline").contains(">GM<"));
    players[1].get(&conversation_path(game_id, to_austria)).await.assert_error_page(StatusCode::NOT_FOUND);
    let question = send(&mut players[1], game_id, &["gm"], "May I have an extension?").await;
    gm.get(&conversation_path(game_id, question)).await.assert_contains("May I have an extension?");
    let between_players = send(&mut players[0], game_id, &[&england], "Not for the GM").await;
    gm.get(&conversation_path(game_id, between_players)).await.assert_error_page(StatusCode::NOT_FOUND);
    gm.get(&press_path(game_id)).await.assert_lacks("Not for the GM").assert_contains("England");
    let broadcast = send(&mut gm, game_id, &["public"], "Welcome, all").await;
    let mut visitor = Client::new(pool.clone());
    visitor.get(&conversation_path(game_id, broadcast)).await.assert_contains("Welcome, all");
}

/// The unread count in a conversation's row of the press page.
async fn unread_on_press_page(client: &mut Client, game_id: GameId, conversation_id: ConversationId) -> String {
    let body = client.get(&press_path(game_id)).await.body;
    let row_start = body.find(&format!("id=\"conversation-{conversation_id}\"")).expect("the conversation is listed");
    let row = &body[row_start..row_start + body[row_start..].find("</tr>").unwrap()];
    let cell = &row[row.find("class=\"unread\">").unwrap() + "class=\"unread\">".len()..];
    cell[..cell.find("</td>").unwrap()].replace("<strong>", "").replace("</strong>", "")
}

#[sqlx::test(migrations = "../../migrations")]
async fn unread_counts_show_on_the_press_page_game_page_order_page_and_dashboard_until_read_or_muted(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let conversation_id = send(&mut players[0], game_id, &[&england], "One").await;
    send(&mut players[0], game_id, &[&england], "Two").await;
    assert_eq!(unread_on_press_page(&mut players[1], game_id, conversation_id).await, "2");
    assert_eq!(unread_on_press_page(&mut players[0], game_id, conversation_id).await, "0", "one's own messages");
    players[1].get(&format!("/games/{game_id}")).await.assert_contains("2 unread");
    players[1].get("/dashboard").await.assert_contains("Austria: 2");
    players[1].get(&format!("/games/{game_id}/orders")).await.assert_contains("Press (2 unread)</a>");

    let path = conversation_path(game_id, conversation_id);
    players[1].post(&format!("{path}/mute"), &[("muted", "true")]).await.assert_redirect_to(&path);
    players[1].get(&press_path(game_id)).await.assert_contains("(muted)");
    assert_eq!(unread_on_press_page(&mut players[1], game_id, conversation_id).await, "");
    players[1].get("/dashboard").await.assert_lacks("Austria: 2");
    players[1].post(&format!("{path}/mute"), &[("muted", "false")]).await.assert_redirect_to(&path);
    players[1].get("/dashboard").await.assert_contains("Austria: 2");

    players[1].get(&format!("{path}?before=999999")).await.assert_status(StatusCode::OK);
    assert_eq!(unread_on_press_page(&mut players[1], game_id, conversation_id).await, "2", "an older page is no read");
    players[1].get(&path).await.assert_contains("Two");
    assert_eq!(unread_on_press_page(&mut players[1], game_id, conversation_id).await, "0");
    send(&mut players[0], game_id, &[&england], "Three").await;
    assert_eq!(unread_on_press_page(&mut players[1], game_id, conversation_id).await, "1");
    players[1].get(&format!("{path}/feed?after=0")).await.assert_contains("Three");
    assert_eq!(unread_on_press_page(&mut players[1], game_id, conversation_id).await, "0", "the feed marks read too");
    players[1].get("/dashboard").await.assert_lacks("Austria: ");
    players[1].get(&format!("/games/{game_id}/orders")).await.assert_contains(">Press</a>").assert_lacks("unread)");
}

#[sqlx::test(migrations = "../../migrations")]
async fn long_conversations_page_through_older_messages_and_back(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let conversation_id = send(&mut players[0], game_id, &[&england], "Message 1.").await;
    let extra = PAGE_SIZE + 9;
    sqlx::query(
        "insert into press_message (conversation_id, game_id, phase_index, sender_seat_id, sender_account_id, body, sent_at)
         select m.conversation_id, m.game_id, m.phase_index, m.sender_seat_id, m.sender_account_id,
            'Message ' || (n + 1) || '.', m.sent_at
         from press_message m, generate_series(1, $1::int) n",
    )
    .bind(i32::try_from(extra).unwrap())
    .execute(&pool)
    .await
    .unwrap();
    let path = conversation_path(game_id, conversation_id);
    let newest = players[1].get(&path).await;
    newest.assert_contains("Message 60.").assert_contains("Message 11.").assert_lacks("Message 10.");
    let body = &newest.body;
    let link_start = body.find("id=\"older-messages\"").map(|at| body[..at].rfind("href=\"").unwrap() + 6).unwrap();
    let older_link = body[link_start..link_start + body[link_start..].find('"').unwrap()].replace("&amp;", "&");
    let older = players[1].get(&older_link).await;
    older.assert_contains("Message 1.").assert_contains("Message 10.").assert_lacks("Message 11.");
    older.assert_lacks("id=\"older-messages\"").assert_contains("id=\"newest-messages\"");
    players[2].get(&older_link).await.assert_error_page(StatusCode::NOT_FOUND).assert_lacks("Message 1.");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_seat_sends_at_most_thirty_messages_in_ten_minutes_counted_in_the_database(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let conversation_id = send(&mut players[0], game_id, &["public"], "First").await;
    let fill = |age_minutes: i32| {
        sqlx::query(
            "insert into press_message (conversation_id, game_id, phase_index, sender_seat_id, sender_account_id, body, sent_at)
             select m.conversation_id, m.game_id, m.phase_index, m.sender_seat_id, m.sender_account_id, 'filler',
                now() - make_interval(mins => $1)
             from press_message m, generate_series(1, $2::int) n where m.body = 'First'",
        )
        .bind(age_minutes)
        .bind(i32::try_from(RATE_LIMIT).unwrap() - 1)
    };
    fill(11).execute(&pool).await.unwrap();
    send(&mut players[0], game_id, &["public"], "Old messages do not count").await;
    sqlx::query("delete from press_message where body <> 'First'").execute(&pool).await.unwrap();
    fill(1).execute(&pool).await.unwrap();
    let page = players[0].post(&conversation_path(game_id, conversation_id), &[("body", "One too many")]).await;
    page.assert_status(StatusCode::TOO_MANY_REQUESTS)
        .assert_contains("Wait a few minutes")
        .assert_contains(">One too many</textarea>");
    send(&mut players[1], game_id, &["public"], "Another seat has its own limit").await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn markup_from_a_player_arrives_as_text_and_long_or_empty_messages_are_refused(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let conversation_id = send(&mut players[0], game_id, &["public"], "<script>alert('x')</script><b>bold</b>").await;
    let page = players[1].get(&conversation_path(game_id, conversation_id)).await;
    page.assert_contains("&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;")
        .assert_lacks("<script>alert")
        .assert_lacks("<b>bold");
    players[1].get(&format!("/games/{game_id}")).await.assert_lacks("<script>alert");
    let too_long = "x".repeat(2001);
    let page = players[0].post(&press_path(game_id), &[("to", "public"), ("body", &too_long)]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("at most 2000 characters");
    let page = players[0].post(&press_path(game_id), &[("to", "public"), ("body", "   ")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("Write something");
    let page = players[0].post(&press_path(game_id), &[("body", "To whom?")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("Choose whom to write to")
        .assert_contains(">To whom?</textarea>");
    let page = players[0].post(&press_path(game_id), &[("to", "public"), ("to", "gm"), ("body", "Both")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("Public press goes to everyone");
    players[0]
        .post(&press_path(game_id), &[("to", "999999"), ("body", "Nobody")])
        .await
        .assert_error_page(StatusCode::BAD_REQUEST);
    players[0]
        .post(&press_path(game_id), &[("to", "everyone"), ("body", "Bad")])
        .await
        .assert_error_page(StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_diplobucks_power_publishes_only_with_the_press_right_but_writes_privately_freely(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[("kind", "diplobucks")]).await;
    let page = players[2].post(&press_path(game_id), &[("to", "public"), ("body", "Vive la France")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY)
        .assert_contains("press right")
        .assert_contains("Vive la France");
    players[2].get(&press_path(game_id)).await.assert_lacks("id=\"to-public\"");
    let italy = seat_of(&pool, game_id, "italy").await.to_string();
    send(&mut players[2], game_id, &[&italy], "Privately, vive la France").await;
}

#[sqlx::test(migrations = "../../migrations")]
async fn press_opens_with_the_game_and_closes_at_its_end_when_the_gm_may_publish_it_all(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let forming = create_game(&mut gm, "Not yet", &[]).await;
    let page = gm.post(&press_path(forming), &[("to", "public"), ("body", "Too early")]).await;
    page.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("Press opens when the game starts");

    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let private = send(&mut players[0], game_id, &[&england], "Our secret pact").await;
    let settings = format!("/games/{game_id}/press/settings");
    let publish = [("press", "full"), ("publish_press", "on")];
    players[0].post(&settings, &publish).await.assert_error_page(StatusCode::FORBIDDEN);
    gm.post(&settings, &[("press", "loud")]).await.assert_error_page(StatusCode::BAD_REQUEST);
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    let mut visitor = Client::new(pool.clone());
    visitor.get(&conversation_path(game_id, private)).await.assert_error_page(StatusCode::NOT_FOUND);
    let closed = players[0].post(&conversation_path(game_id, private), &[("body", "Too late")]).await;
    closed.assert_status(StatusCode::UNPROCESSABLE_ENTITY).assert_contains("The game is over");

    let panel = gm.get(&format!("/games/{game_id}/admin")).await;
    panel.assert_contains("id=\"press-settings-form\"").assert_lacks("id=\"publish-press\" checked");
    gm.post(&settings, &publish).await.assert_redirect_to(&format!("/games/{game_id}/admin"));
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("id=\"publish-press\" checked");
    gm.get(&format!("/games/{game_id}/log")).await.assert_contains("all press published when the game ends");
    visitor
        .get(&conversation_path(game_id, private))
        .await
        .assert_status(StatusCode::OK)
        .assert_contains("Our secret pact");
    visitor.get(&press_path(game_id)).await.assert_contains("Austria, England");
}

/// Each pending press mail: (recipient's username, conversation, its content as JSON text).
async fn press_mails(pool: &PgPool) -> Vec<(String, i64, String)> {
    sqlx::query_as(
        "select a.username, o.conversation_id, o.content::text from outbox_mail o
         join account a on a.account_id = o.account_id where o.kind = 'press' order by a.username, o.mail_id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_private_message_queues_one_batched_mail_per_other_member_who_opted_in_and_did_not_mute(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[("anonymous", "on")]).await;
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true, notify_press = true")
        .execute(&pool)
        .await
        .unwrap();
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let france = seat_of(&pool, game_id, "france").await.to_string();
    let group = send(&mut players[0], game_id, &[&england, &france, "gm"], "Secret plan text").await;
    players[2].post(&format!("{}/mute", conversation_path(game_id, group)), &[("muted", "true")]).await;
    send(&mut players[0], game_id, &[&england, &france, "gm"], "Second secret").await;
    send(&mut players[0], game_id, &["public"], "Public words").await;
    let mails = press_mails(&pool).await;
    let told: Vec<&str> = mails.iter().map(|(username, _, _)| username.as_str()).collect();
    assert_eq!(
        told,
        ["gamemaster", "player1", "player2"],
        "one mail each, merged; the sender never; public press none"
    );
    for (_, conversation, content) in &mails {
        assert_eq!(*conversation, group.0);
        assert!(content.contains("Austria, England, France, the GM"), "{content}");
        assert_lacks_any_case(content, &["player0", "secret", "plan text"]);
    }
    sqlx::query("delete from outbox_mail").execute(&pool).await.unwrap();
    send(&mut players[1], game_id, &["gm"], "After the mute").await;
    send(&mut players[0], game_id, &[&england, &france, "gm"], "Third").await;
    let told: Vec<String> = press_mails(&pool).await.into_iter().map(|(username, _, _)| username).collect();
    assert_eq!(told, ["gamemaster", "gamemaster", "player1"], "France muted the group and is not told");
}

#[sqlx::test(migrations = "../../migrations")]
async fn publishing_all_press_ticked_mid_game_reveals_nothing_until_the_game_ends(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let private = send(&mut players[0], game_id, &[&england], "Our secret pact").await;
    let panel = gm.get(&format!("/games/{game_id}/admin")).await;
    panel.assert_contains("id=\"publish-press-hint\"").assert_contains("takes effect only when the game ends");
    let settings = format!("/games/{game_id}/press/settings");
    gm.post(&settings, &[("press", "full"), ("publish_press", "on")])
        .await
        .assert_redirect_to(&format!("/games/{game_id}/admin"));
    gm.get(&format!("/games/{game_id}/admin"))
        .await
        .assert_contains("will be published when the game ends")
        .assert_contains("id=\"publish-press\" checked");

    let path = conversation_path(game_id, private);
    let mut observer = logged_in(&pool, "observer").await;
    let mut visitor = Client::new(pool.clone());
    for outsider in [&mut players[2], &mut observer, &mut visitor, &mut gm] {
        for get in [path.clone(), format!("{path}/feed?after=0")] {
            let page = outsider.get(&get).await;
            page.assert_error_page(StatusCode::NOT_FOUND);
            assert_lacks_any_case(&page.body, &["secret pact"]);
        }
        for get in [press_path(game_id), format!("/games/{game_id}")] {
            let page = outsider.get(&get).await;
            page.assert_status(StatusCode::OK).assert_lacks("Austria, England");
            assert_lacks_any_case(&page.body, &["secret pact"]);
        }
    }
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    visitor.get(&path).await.assert_status(StatusCode::OK).assert_contains("Our secret pact");
    gm.get(&format!("/games/{game_id}/admin")).await.assert_contains("publishes every conversation");
}

#[sqlx::test(migrations = "../../migrations")]
async fn the_dashboard_lists_the_games_the_gm_runs_with_unread_press_of_the_gm_s_conversations(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    send(&mut players[0], game_id, &["gm"], "A question").await;
    send(&mut players[0], game_id, &["gm"], "Another question").await;
    send(&mut players[1], game_id, &["public"], "Hello all").await;
    send(&mut players[0], game_id, &[&england], "Not for the GM").await;
    let dashboard = gm.get("/dashboard").await;
    dashboard
        .assert_status(StatusCode::OK)
        .assert_lacks("id=\"no-games\"")
        .assert_contains(&format!("<a href=\"/games/{game_id}\">Press test</a>"))
        .assert_contains("you are the GM")
        .assert_contains("Austria: 2")
        .assert_contains("Public press: 1")
        .assert_lacks("England: ")
        .assert_lacks("Austria, England");
    let link = format!("/games/{game_id}/press/");
    assert!(dashboard.body.contains(&link), "the counts link to the conversations");

    let question = send(&mut players[0], game_id, &["gm"], "A third").await;
    gm.get(&conversation_path(game_id, question)).await.assert_contains("A third");
    gm.get("/dashboard").await.assert_lacks("Austria: ").assert_contains("Public press: 1");
    players[0].get("/dashboard").await.assert_lacks("you are the GM").assert_contains("Public press: 1");
    gm.post(&format!("/games/{game_id}/admin/end"), &[]).await.assert_status(StatusCode::SEE_OTHER);
    gm.get("/dashboard").await.assert_contains("id=\"no-games\"").assert_lacks("Press test");
}

/// The `href` of the element with this id.
fn href_of(body: &str, id: &str) -> String {
    let at = body.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id}:\n{body}"));
    let tag_start = body[..at].rfind('<').unwrap();
    let tag = &body[tag_start..at + body[at..].find('>').unwrap()];
    let start = tag.find("href=\"").unwrap_or_else(|| panic!("no href in {tag}")) + "href=\"".len();
    tag[start..start + tag[start..].find('"').unwrap()].replace("&amp;", "&")
}

#[sqlx::test(migrations = "../../migrations")]
async fn an_observer_who_came_by_invite_keeps_the_code_on_every_press_link_and_in_the_live_feed(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = create_game(&mut gm, "Hidden", &[("visibility", "private")]).await;
    let code: String = sqlx::query_scalar("select invite_code from game where game_id = $1")
        .bind(game_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    for (player, power) in players.iter_mut().zip(POWERS) {
        let join = player.post(&format!("/games/{game_id}/join"), &[("power", power), ("invite", &code)]).await;
        join.assert_status(StatusCode::SEE_OTHER);
    }
    let public = send(&mut players[0], game_id, &["public"], "Peace in our time").await;
    let invite = format!("invite={code}");
    let mut observer = logged_in(&pool, "observer").await;
    let path = conversation_path(game_id, public);
    observer.get(&path).await.assert_error_page(StatusCode::NOT_FOUND);

    let page = observer.get(&format!("{path}?{invite}")).await;
    page.assert_status(StatusCode::OK).assert_contains("Peace in our time");
    let feed = format!("{path}/feed?{invite}");
    page.assert_contains(&format!("data-feed=\"{}\"", feed.replace('&', "&amp;")));
    // The script adds `&after=` to a feed address that has a query already.
    let script = observer.get("/static/js/press.js").await.body;
    assert!(script.contains("indexOf(\"?\") === -1 ? \"?\" : \"&\""), "{script}");
    send(&mut players[1], game_id, &["public"], "And in yours").await;
    let newest = observer.get(&format!("{feed}&after=0")).await;
    newest.assert_status(StatusCode::OK).assert_contains("Peace in our time").assert_contains("And in yours");
    observer.get(&format!("{path}/feed?after=0")).await.assert_error_page(StatusCode::NOT_FOUND);

    let all = href_of(&page.body, "all-conversations");
    assert_eq!(all, format!("{}?{invite}", press_path(game_id)));
    let press = observer.get(&all).await;
    press.assert_status(StatusCode::OK).assert_contains(&format!("href=\"{path}?{invite}\""));
    let game_link = format!("href=\"/games/{game_id}?{invite}\"");
    page.assert_contains(&game_link);
    press.assert_contains(&game_link);

    let game_page = observer.get(&format!("/games/{game_id}?{invite}")).await;
    game_page.assert_status(StatusCode::OK).assert_contains("Peace in our time");
    assert_eq!(href_of(&game_page.body, "press-link"), all);
    for link in [all, href_of(&game_page.body, "press-link")] {
        observer.get(&link).await.assert_status(StatusCode::OK);
    }
    // A wrong code is no code: no link carries it.
    observer.get(&format!("{path}?invite=wrong")).await.assert_error_page(StatusCode::NOT_FOUND);
    players[2].get(&format!("{}?invite=wrong", press_path(game_id))).await.assert_lacks("invite=wrong");
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_message_sent_while_the_worker_processes_the_phase_waits_and_is_stamped_with_the_new_phase(pool: PgPool) {
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    let england = seat_of(&pool, game_id, "england").await.to_string();
    let now = make_due(&pool, game_id).await;
    // The worker claims the game (its row locked for update) and is busy processing Spring 1901.
    let mut worker = pool.begin().await.unwrap();
    assert_eq!(crate::turns::queries::claim_due_game(&mut worker, now).await.unwrap(), Some(game_id));
    let (path, form) = (press_path(game_id), [("to", england.as_str()), ("body", "Sent as the phase turns")]);
    let sending = players[0].post(&path, &form);
    let processing = async move {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        crate::turns::tick::process_claimed_game(&mut worker, game_id, now).await.unwrap();
        worker.commit().await.unwrap();
    };
    let (page, ()) = tokio::join!(sending, processing);
    page.assert_status(StatusCode::SEE_OTHER);
    let stamped: (i32, String) = sqlx::query_as(
        "select m.phase_index, p.label from press_message m
         join phase p on p.game_id = m.game_id and p.phase_index = m.phase_index",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stamped, (1, "Fall 1901 Movement".to_owned()), "the phase current when the message committed");
}

/// A mailer that keeps the address each mail went to.
#[derive(Default)]
struct Outgoing(std::sync::Mutex<Vec<String>>);

impl crate::notify::Mailer for Outgoing {
    async fn send(&self, _: crate::notify::queries::MailId, message: &lettre::Message) -> anyhow::Result<()> {
        let to = message.envelope().to().iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        self.0.lock().unwrap().push(to);
        Ok(())
    }
}

#[sqlx::test(migrations = "../../migrations")]
async fn a_queued_press_mail_is_not_sent_once_its_recipient_muted_opted_out_or_gave_up_the_seat(pool: PgPool) {
    use crate::notify::{DrainOutcome, MailSettings, drain_once};
    let (mut gm, mut players) = table(&pool, "").await;
    let game_id = started_with(&mut gm, &mut players, &[]).await;
    sqlx::query("update account set email = username || '@example.test', email_confirmed = true, notify_press = true")
        .execute(&pool)
        .await
        .unwrap();
    let mut to: Vec<String> = Vec::new();
    for power in ["england", "france", "germany", "italy"] {
        to.push(seat_of(&pool, game_id, power).await.to_string());
    }
    to.push("gm".to_owned());
    let to: Vec<&str> = to.iter().map(String::as_str).collect();
    let group = send(&mut players[0], game_id, &to, "Grand alliance").await;
    let queued: Vec<String> = press_mails(&pool).await.into_iter().map(|(username, _, _)| username).collect();
    assert_eq!(queued, ["gamemaster", "player1", "player2", "player3", "player4"]);

    // Since the mails were queued: England mutes the group, France stops press mail, and Germany's seat
    // goes to another player.
    let path = conversation_path(game_id, group);
    players[1].post(&format!("{path}/mute"), &[("muted", "true")]).await.assert_redirect_to(&path);
    sqlx::query("update account set notify_press = false where username = 'player2'").execute(&pool).await.unwrap();
    logged_in(&pool, "newgermany").await;
    let germany = seat_of(&pool, game_id, "germany").await;
    sqlx::query("update seat set account_id = (select account_id from account where username = 'newgermany') where seat_id = $1")
        .bind(germany)
        .execute(&pool)
        .await
        .unwrap();

    let mailer = Outgoing::default();
    let settings = MailSettings { from: "Backchannel <judge@example.test>".parse().unwrap(), base_url: String::new() };
    let mut outcomes = Vec::new();
    loop {
        match drain_once(&pool, &mailer, &settings, Utc::now() + Duration::seconds(1)).await.unwrap() {
            DrainOutcome::Idle => break,
            outcome => outcomes.push(outcome),
        }
    }
    assert_eq!(*mailer.0.lock().unwrap(), ["gamemaster@example.test", "player4@example.test"]);
    assert_eq!(outcomes.iter().filter(|outcome| matches!(outcome, DrainOutcome::Cancelled(_))).count(), 3);
    let left: Vec<String> = press_mails(&pool).await.into_iter().map(|(username, _, _)| username).collect();
    assert_eq!(left, ["gamemaster", "player4"], "the unwanted mails are gone, not kept as failures");
}
