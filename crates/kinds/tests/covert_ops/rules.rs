//! Covert Operations on the site: one test per clause of `rules/covert-operations.txt` and per ruling
//! (§5, CO.1–CO.9) that the game-kind layer carries, named after it and driven through `AnyGame`. The
//! engine's own clause tests live in `crates/covert-ops/tests/rules/`; these check that the site's seats,
//! order checks, forms, reports and views say the same thing in words.

use crate::support::covert_ops::*;
use kinds::{AnyGame, Correspondent, Kind, Outcome, PhaseStage, Recipients, ResultWord, SetupError};
use serde_json::json;

// See: sheet "Players": each player has a position (rulings 5.4: the site's login replaces accounts, so
// seats are numbered positions without powers; names are the server's business).
#[test]
fn players_each_player_is_a_seat_called_player_n_with_no_power() {
    let game = new_game(3);
    let seats = game.seats();
    let titles: Vec<&str> = seats.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Player 1", "Player 2", "Player 3"]);
    assert!(seats.iter().all(|s| s.powers.is_empty()));
    assert!(seats.iter().all(|s| game.must_order(s.id)));
}

// See: rulings 5.3 "a day is a turn".
#[test]
fn day_a_phase_is_one_day_coded_d0001_and_labelled_day_1() {
    let game = new_game(2);
    let phase = game.phase();
    assert_eq!((phase.code.as_str(), phase.label.as_str(), phase.stage), ("D0001", "Day 1", PhaseStage::Day));
    let next = play(&game, &[]).next;
    assert_eq!(next.phase().code, "D0002");
    assert_eq!(next.phase().label, "Day 2");
}

// See: rulings 5.2: the parameters are per-game settings with documented defaults that the GM may change;
// the sheet: assassination is harder than terrorism and revolution harder than assassination.
#[test]
fn parameters_are_gm_settings_with_defaults_and_bad_ones_are_refused() {
    let default = AnyGame::new(Kind::CovertOperations, &serde_json::Value::Null, 1).expect("defaults");
    assert_eq!(default.seats().len(), 12);
    assert_eq!(fact(&default.seat_view(seat(&default, "Player 1")), "Your cash"), "$20 million");
    let rich = AnyGame::new(Kind::CovertOperations, &json!({"players": 4, "parameters": {"start_cash": 50}}), 1)
        .expect("a GM's parameters");
    assert_eq!(rich.seats().len(), 4);
    assert_eq!(fact(&rich.seat_view(seat(&rich, "Player 4")), "Your cash"), "$50 million");
    let easy_revolution = json!({"parameters": {"covert": {"revolution_difficulty": 1}}});
    assert!(matches!(AnyGame::new(Kind::CovertOperations, &easy_revolution, 1), Err(SetupError::Settings(_))));
    assert!(matches!(
        AnyGame::new(Kind::CovertOperations, &json!({"players": 1}), 1),
        Err(SetupError::Settings(reason)) if reason.contains("2 to 30 players")
    ));
}

// See: sheet "Writing Orders": each order MUST be on a line by itself; rulings CO.2: unknown code, wrong
// arity, non-integer or non-positive numbers, arms over 5, unknown or non-adjacent countries are
// meaningless.
#[test]
fn writing_orders_good_lines_are_kept_and_each_bad_line_says_why_in_words() {
    let game = new_game(2);
    let text = "b, fra, 5\nQ,FRA,1\nB,FRA\nS,GER,1,000\nG,FRA,0\nA,FRA,6\nB,XYZ,1\nC,FRA,CHN,2\n\nX,chn";
    let check = game.check_orders(seat(&game, "Player 1"), text);
    let accepted: Vec<(usize, &str, &str)> =
        check.accepted.iter().map(|l| (l.line, l.text.as_str(), l.plain.as_str())).collect();
    assert_eq!(
        accepted,
        [
            (1, "B,FRA,5", "Bribe the leader of France (FRA) with $5 million: your influence there rises by 5"),
            (10, "X,CHN", "Move your superspy to China (CHN)"),
        ]
    );
    let rejected: Vec<(usize, &str)> = check.rejected.iter().map(|l| (l.line, l.reason.as_str())).collect();
    assert_eq!(rejected.len(), 7);
    assert!(rejected[0].1.starts_with("\"Q\" is not an order"), "{rejected:?}");
    assert_eq!(rejected[1].1, "B is written B,ccc,nnn; this line has 1 part(s) after the letter");
    assert_eq!(rejected[2].1, "S is written S,ccc,nnn; this line has 3 part(s) after the letter");
    assert_eq!(rejected[3].1, "the number must be 1 or more");
    assert_eq!(rejected[4].1, "one order smuggles at most 5 units of arms, not 6");
    assert_eq!(rejected[5].1, "\"XYZ\" is not the code of a country on this map");
    assert_eq!(
        rejected[6],
        (8, "France (FRA) and China (CHN) do not share a border: troops only move between neighbouring countries")
    );
}

// See: sheet "The Map": the islands are not adjacent to anything and cannot be invaded.
#[test]
fn the_map_islands_cannot_be_invaded() {
    let game = new_game(2);
    let check = game.check_orders(seat(&game, "Player 1"), "C,FRA,BRI,1");
    assert_eq!(
        check.rejected[0].reason,
        "France (FRA) and Britain (BRI) do not share a border: troops only move between neighbouring countries"
    );
}

// See: rulings CO.1: every line received counts toward the 100-a-day cap.
#[test]
fn co1_lines_after_the_hundredth_of_a_day_are_refused() {
    let game = new_game(2);
    let text = "G,FRA,1\n".repeat(101);
    let check = game.check_orders(seat(&game, "Player 1"), &text);
    assert_eq!(check.accepted.len(), 100);
    assert_eq!(check.rejected.len(), 1);
    assert_eq!(check.rejected[0].line, 101);
    assert!(check.rejected[0].reason.starts_with("more than 100 lines were sent for one day"));
}

// See: rulings CO.4: leadership is needed for C, D, W and L, judged when those steps run.
#[test]
fn co4_a_troop_order_from_a_country_not_led_now_is_kept_with_a_warning() {
    let game = new_game(2);
    let check = game.check_orders(seat(&game, "Player 1"), "C,FRA,GER,2");
    assert_eq!(
        check.accepted[0].plain,
        "Send 2 troop units from France (FRA) to conquer Germany (GER) (you do not lead France (FRA) now: this \
         fails unless you lead it when the day runs)"
    );
    let led = edit(&game, |state| lead(state, "FRA", 1, 3));
    let check = led.check_orders(seat(&led, "Player 1"), "C,FRA,GER,2");
    assert_eq!(check.accepted[0].plain, "Send 2 troop units from France (FRA) to conquer Germany (GER)");
}

// See: sheet "Orders": orders given in excess of ten will be saved and used on future days.
#[test]
fn orders_in_excess_of_ten_wait_for_the_next_day_and_the_player_is_told() {
    let game = new_game(2);
    let sheet = "G,FRA,1\n".repeat(12);
    let day1 = play(&game, &[("Player 1", &sheet)]);
    let report = private(&day1, &game, "Player 1");
    assert_eq!(report.orders.iter().filter(|l| l.result == ResultWord::Succeeds).count(), 10);
    assert!(report.events[0].contains("Orders waiting for later days: G,FRA,1; G,FRA,1."), "{}", report.events[0]);
    let view = day1.next.seat_view(seat(&day1.next, "Player 1"));
    assert_eq!(fact(&view, "Orders waiting for later days"), "2");
    assert!(
        view.notes
            .contains(&"Waiting: G,FRA,1: Spend $1 million to raise the security of France (FRA) by 1.".to_string())
    );
    let day2 = play(&day1.next, &[]);
    let report = private(&day2, &day1.next, "Player 1");
    assert_eq!(report.orders.len(), 2, "the two waiting orders run on day 2");
    assert!(report.orders.iter().all(|l| l.result == ResultWord::Succeeds && l.reason == "the security level rose"));
}

// See: rulings CO.2: an order that fails for lack of cash counts against the day's 10, keeps its courier,
// and the line is not queued again, and the report says so.
#[test]
fn co2_an_order_failing_for_lack_of_cash_says_so_and_keeps_its_courier() {
    let game = new_game(2);
    let day = play(&game, &[("Player 1", "B,FRA,500")]);
    let result = line(private(&day, &game, "Player 1"), "B,FRA,500");
    assert_eq!(result.result, ResultWord::Fails);
    assert_eq!(
        result.reason,
        "not enough cash: $500 million needed, $20 million left; it counted against today's ten orders but kept \
         its courier, and the line is not kept: send it again to retry"
    );
    assert_eq!(fact(&day.next.seat_view(seat(&day.next, "Player 1")), "Couriers for orders"), "10");
}

// See: rulings CO.2: M to a country with no leader is meaningless and costs nothing.
#[test]
fn co2_a_message_to_a_country_nobody_leads_is_meaningless_and_free() {
    let game = new_game(2);
    let day = play(&game, &[("Player 1", "M,GER")]);
    let result = line(private(&day, &game, "Player 1"), "M,GER");
    assert_eq!(result.result, ResultWord::Invalid);
    assert_eq!(result.reason, "nobody leads that country, so nobody could receive it; it cost nothing");
}

// See: sheet step 14: for each $1 million spent on bribery the influence goes up one point; sheet
// "Influence Levels": the player with the highest influence gives orders to that country.
#[test]
fn step14_a_bribe_makes_the_briber_leader_and_the_form_offers_that_countrys_troops() {
    let game = new_game(2);
    let day = play(&game, &[("Player 1", "B,FRA,5")]);
    let result = line(private(&day, &game, "Player 1"), "B,FRA,5");
    assert_eq!((result.result, result.reason.as_str()), (ResultWord::Succeeds, "your influence there is now 5"));
    let me = seat(&day.next, "Player 1");
    assert_eq!(fact(&day.next.seat_view(me), "Countries you lead"), "France (FRA)");
    let events = &private(&day, &game, "Player 1").events;
    assert!(events.contains(
        &"You lead France (FRA): your influence 5, security 2, industry 1, 3 troop units at home.".to_string()
    ));
    let form = day.next.order_form(me);
    let troops = form.rows.iter().find(|row| row.key == "troops_FRA").expect("a row for France's troops");
    assert_eq!(troops.label, "Troops of France (FRA) (3 at home)");
    let values: Vec<&str> = troops.choices.iter().map(|c| c.value.as_str()).collect();
    assert!(values.contains(&"C,FRA,GER,3") && values.contains(&"D,FRA,SPA,1"), "{values:?}");
    assert!(!values.iter().any(|v| v.contains("BRI")), "no troops to an island");
    let other = day.next.order_form(seat(&day.next, "Player 2"));
    assert!(other.rows.iter().all(|row| row.key != "troops_FRA"), "only the leader is offered France's troops");
}

// See: conventions 4 (the options drive the forms); the sheet's "Summary of orders" for the typed ones.
#[test]
fn order_form_rows_hold_legal_orders_and_notes_explain_the_typed_ones() {
    let game = new_game(2);
    let me = seat(&game, "Player 1");
    let form = game.order_form(me);
    let keys: Vec<&str> = form.rows.iter().map(|row| row.key.as_str()).collect();
    assert_eq!(keys, ["superspy", "invest", "message"]);
    for row in &form.rows {
        let check = game.check_orders(me, &row.choices.iter().map(|c| c.value.as_str()).collect::<Vec<_>>().join("\n"));
        assert!(check.rejected.is_empty(), "{}: {:?}", row.key, check.rejected);
        assert_eq!(check.accepted.len(), row.choices.len());
        for (accepted, choice) in check.accepted.iter().zip(&row.choices) {
            assert_eq!((&accepted.text, &accepted.plain), (&choice.value, &choice.label));
        }
    }
    assert_eq!(form.rows[1].choices.len(), 88);
    let notes = form.notes.join("\n");
    assert!(notes.contains("You have $20 million and 10 couriers"), "{notes}");
    assert!(notes.contains("B,ccc,nnn (bribe the leader: +1 influence per $1 million)"), "{notes}");
    assert!(notes.contains("FRA France"), "{notes}");
}

// See: sheet step 10: if the leader is assassinated all influence levels are reduced to zero; the news is
// public but never says who paid (rulings 0.5).
#[test]
fn step10_an_assassination_is_public_news_that_names_nobody() {
    let game = edit(&new_game(3), |state| {
        lead(state, "ITA", 2, 4);
        player(state, 1)["cash"] = json!(100_000);
    });
    let day = play(&game, &[("Player 1", "K,ITA,90000")]);
    let result = line(private(&day, &game, "Player 1"), "K,ITA,90000");
    assert_eq!(
        (result.result, result.reason.as_str()),
        (ResultWord::Succeeds, "the leader was assassinated: every player's influence there fell to zero")
    );
    assert_eq!(day.public.events, ["The leader of Italy (ITA) was assassinated; a new leader takes over."]);
    assert!(day.public.orders.is_empty());
    assert!(!json_text(&day.public).contains("Player 1"));
    assert_eq!(fact(&day.next.seat_view(seat(&day.next, "Player 2")), "Countries you lead"), "none");
}

// See: sheet "Winning the Game": more than half of the countries for two consecutive turns; everyone is
// told who it is (CO.9: public news naming the player).
#[test]
fn winning_a_majority_is_announced_then_wins_the_next_day() {
    let game = edit(&new_game(2), |state| {
        let codes: Vec<String> =
            state["countries"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap().to_owned()).collect();
        for code in codes.iter().take(45) {
            lead(state, code, 1, 50);
        }
    });
    let day1 = play(&game, &[]);
    assert!(
        day1.public.events.contains(
            &"Player 1 leads 45 of the 88 countries, more than half: unless that is broken up by the end of the \
              next day, Player 1 wins."
                .to_string()
        ),
        "{:?}",
        day1.public.events
    );
    assert_eq!(fact(&day1.next.public_view(), "Leads more than half of the countries"), "Player 1");
    assert_eq!(day1.next.outcome(), None);
    let day2 = play(&day1.next, &[]);
    let Some(Outcome::Victory { winners, summary }) = day2.next.outcome() else { panic!("no winner") };
    assert_eq!(winners, [seat(&game, "Player 1")]);
    assert_eq!(summary, "Player 1 wins, leading more than half of the countries for two days in a row.");
    assert_eq!(fact(&day2.next.public_view(), "Status"), "won by Player 1");
}

// See: sheet "Winning the Game": if there is only one player left then that player is the winner;
// "RESIGN: drop out of the game"; rulings CO.8: it stops counting as a player at once.
#[test]
fn winning_the_last_player_left_wins_and_a_resigned_player_orders_no_more() {
    let game = new_game(3);
    let day1 = play(&game, &[("Player 2", "RESIGN")]);
    assert_eq!(day1.public.events, ["Player 2 resigned from the game."]);
    let resigned = seat(&day1.next, "Player 2");
    assert!(!day1.next.must_order(resigned));
    let check = day1.next.check_orders(resigned, "B,FRA,1");
    assert_eq!(check.rejected[0].reason, "you no longer play in this game, so it takes no orders from you");
    assert!(day1.next.order_form(resigned).rows.is_empty());
    assert_eq!(fact(&day1.next.public_view(), "Players"), "Player 1, Player 2 (resigned), Player 3");
    let day2 = play(&day1.next, &[("Player 3", "RESIGN")]);
    assert!(day2.public.events.contains(&"The game is over: Player 1 is the last player left and wins.".to_string()));
    let Some(Outcome::Victory { winners, .. }) = day2.next.outcome() else { panic!("no winner") };
    assert_eq!(winners, [seat(&game, "Player 1")]);
}

// See: rulings 5.4: `M,ccc` shows the sender's name and contact to that country's leader; the sheet sets no
// other limit on who may write to whom, so the site's press is not narrowed by the kind (and a refusal by
// pair would tell a sender who leads the country it wrote to).
#[test]
fn message_reveals_the_sender_and_contact_to_the_leader_only() {
    let game = edit(&new_game(3), |state| lead(state, "GER", 2, 5));
    let day = play(&game, &[("Player 1", "EMAIL,boss@example.org\nM,GER")]);
    assert_eq!(
        line(private(&day, &game, "Player 1"), "M,GER").reason,
        "your position name and contact were shown to the country's leader"
    );
    assert!(private(&day, &game, "Player 2").events.contains(
        &"Player 1 revealed itself to you, the leader of Germany (GER) when the day began (contact: boss@example.org)."
            .to_string()
    ));
    assert!(!json_text(private(&day, &game, "Player 3")).contains("boss@example.org"));
    let (one, three) = (Correspondent::Seat(seat(&game, "Player 1")), Correspondent::Seat(seat(&game, "Player 3")));
    assert!(game.may_send(one, &Recipients::private(one, [three])).is_ok());
}

// See: sheet "The SuperSpy": tells the player everything that is there.
#[test]
fn superspy_report_describes_its_country_in_words() {
    let game = edit(&new_game(2), |state| {
        lead(state, "CHN", 2, 7);
        country(state, "CHN")["spies"] = json!({"2": 30});
        player(state, 1)["superspy"] = json!("JAP");
    });
    let day = play(&game, &[("Player 1", "X,CHN")]);
    let events = &private(&day, &game, "Player 1").events;
    assert!(
        events.contains(
            &"Your superspy in China (CHN) reports: Player 2 leads it; influence: Player 2 7; spies: Player 2 29; \
              security 2, industry 1, 3 troop units at home."
                .to_string()
        ),
        "{events:#?}"
    );
}

// See: sheet step 13: conquering troops fight defending troops; the conquest is public news.
#[test]
fn step13_a_conquest_is_reported_to_the_invader_and_announced() {
    let game = edit(&new_game(2), |state| {
        lead(state, "FRA", 1, 9);
        country(state, "FRA")["home_troops"] = json!(20);
        country(state, "BNL")["home_troops"] = json!(1);
    });
    let day = play(&game, &[("Player 1", "C,FRA,BNL,10")]);
    let report = private(&day, &game, "Player 1");
    assert_eq!(line(report, "C,FRA,BNL,10").reason, "the troops arrived to invade");
    assert!(
        report.events.iter().any(|e| e.starts_with("Combat in Benelux (BNL): the defenders (1 troop unit) lost 1")
            && e.ends_with("Benelux (BNL) was conquered by troops from France (FRA).")),
        "{:#?}",
        report.events
    );
    assert_eq!(day.public.events, ["Benelux (BNL) was conquered by troops from France (FRA)."]);
}

// See: brief "pages must not assume a standard board"; rulings 0.5 (what the public may see).
#[test]
fn public_view_has_no_board_and_only_public_facts() {
    let game = new_game(3);
    let view = game.public_view();
    assert!(view.board.is_none());
    assert_eq!(fact(&view, "Day"), "1", "the first day is Day 1, not '0 days played'");
    let next = play(&game, &[]).next;
    assert_eq!(fact(&next.public_view(), "Day"), "2");
    assert_eq!(fact(&view, "Players"), "Player 1, Player 2, Player 3");
    assert!(game.seat_view(seat(&game, "Player 1")).board.is_none());
}

// See: covert-ops ARCHITECTURE invariant: hostile stored JSON gets an error, never a panic or a half day.
#[test]
fn a_stored_state_that_does_not_fit_the_map_is_refused_on_reading() {
    let mut value = new_game(2).to_json();
    value["state"]["countries"].as_array_mut().unwrap().pop();
    let error = AnyGame::from_json(value).expect_err("a country is missing");
    assert!(error.to_string().contains("87 countries, the map has 88"), "{error}");
}
