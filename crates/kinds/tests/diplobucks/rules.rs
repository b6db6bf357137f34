//! Diplobucks: one test per clause of `rules/diplobucks.txt` and per ruling (§4, DB.1–DB.8), named after
//! it, driven through the `AnyGame` interface. Names: `db_4_2_…` is rulings 4.2, `db_db5_…` is DB.5,
//! `db_bribe_8_…` is the sheet's bribe 8, and the other `db_…` names quote the sheet's clauses.

use crate::support::diplobucks::*;
use kinds::diplobucks::ledger::{CenterChange, winter_bonus};
use kinds::{Correspondent, Recipients, ResultWord};

// See: sheet "Income": each of the seven players receives 1000 DB at the start.
#[test]
fn db_income_each_power_starts_with_1000_db() {
    let game = new_game();
    for power in ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"] {
        assert_eq!(balance(&game, power), 1000, "{power}");
    }
}

// See: rulings 4.1: 300 DB after each Spring, for use from the Fall moves.
#[test]
fn db_4_1_summer_income_is_paid_when_the_spring_ends() {
    let game = new_game();
    let fall = play(&game, &[]).next;
    assert_eq!(fall.phase().code, "F1901M");
    assert_eq!(balance(&fall, "France"), 1300);
    let report = play(&game, &[]);
    assert!(private(&report, &game, "France").events.iter().any(|e| e == "Summer income: 300 DB"));
}

// See: rulings 4.1 and 4.2: 200 DB after each Winter plus a bonus of 200 for no change.
#[test]
fn db_4_1_winter_income_and_standing_pat_bonus_are_paid_at_the_years_end() {
    let game = new_game();
    let fall = play(&game, &[]).next;
    let spring = play(&fall, &[]).next;
    assert_eq!(spring.phase().code, "S1902M", "nothing to adjust: the Winter is skipped");
    assert_eq!(balance(&spring, "England"), 1000 + 300 + 200 + 200);
}

// See: rulings 4.2, the sheet's first France example: loses Paris, gains Belgium: 200 + 100 = 300.
#[test]
fn db_4_2_winter_bonus_france_example_one() {
    assert_eq!(winter_bonus(CenterChange { home_lost: 1, foreign_gained: 1, ..CenterChange::default() }), 300);
    let game = game_at("F1901M", &["France A bel", "Germany A par"], &[], &[]);
    let winter = play(&game, &[]).next;
    assert_eq!(winter.phase().code, "W1901A", "France may build in Brest and Marseilles");
    let spring = play(&winter, &[("France", "Build A bre")]).next;
    assert_eq!(balance(&spring, "France"), 1000 + 200 + 300);
}

// See: rulings 4.2, the sheet's second France example: regains Paris, gives up Belgium: 200 - 100 = 100.
#[test]
fn db_4_2_winter_bonus_france_example_two() {
    assert_eq!(winter_bonus(CenterChange { home_gained: 1, foreign_lost: 1, ..CenterChange::default() }), 100);
    let game = game_at("F1902M", &["France A par", "Germany A bel"], &[("par", "Germany"), ("bel", "France")], &[]);
    let game = edit(&game, |state| {
        state["year_start_owners"]["par"] = "Germany".into();
        state["year_start_owners"]["bel"] = "France".into();
    });
    let next = play(&game, &[]).next;
    let spring = if next.phase().code == "W1902A" { play(&next, &[]).next } else { next };
    assert_eq!(balance(&spring, "France"), 1000 + 200 + 100);
}

// See: rulings 4.2: a net gain still earns 200; there are no penalties for gains.
#[test]
fn db_4_2_winter_bonus_gains_earn_200_and_never_below_zero() {
    assert_eq!(winter_bonus(CenterChange { foreign_gained: 3, ..CenterChange::default() }), 200);
    assert_eq!(winter_bonus(CenterChange { foreign_lost: 2, home_lost: 1, ..CenterChange::default() }), 1200);
    assert_eq!(winter_bonus(CenterChange { home_gained: 3, foreign_lost: 3, ..CenterChange::default() }), 0);
}

// See: sheet "When a player has no more supply centers, his income stops. He may continue to play as long
// as he has DB"; DB.8: the bonus is income and stops with the centers.
#[test]
fn db_no_centers_no_income_but_plays_on_with_db() {
    let owners = [("bre", "England"), ("par", "England"), ("mar", "England")];
    let game = game_at("S1902M", &["England A par", "Germany A mun", "Germany A ber"], &owners, &[("France", 400)]);
    let france = seat(&game, "France");
    assert!(!is_out(&game, "France"), "France still has DB to spend");
    let check = game.check_orders(france, "BRIBE hold A mun\nBRIBE learn Germany");
    assert!(check.rejected[0].reason.contains("only 400 DB left"), "{:?}", check.rejected);
    assert_eq!(check.accepted.len(), 1, "{:?}", check.rejected);
    let fall = play(&game, &[("France", "BRIBE learn Germany")]).next;
    assert_eq!(balance(&fall, "France"), 300, "no Summer income without centers");
    let spring = play(&fall, &[]).next;
    assert_eq!(balance(&spring, "France"), 300, "no Winter income or bonus without centers");
}

// See: DB.8: a power is out of the game with no centers, no units and no DB.
#[test]
fn db_db8_power_with_no_centers_units_or_db_is_out() {
    let owners = [("bre", "England"), ("par", "England"), ("mar", "England")];
    let game = game_at("S1902M", &["England A par"], &owners, &[("France", 0)]);
    assert!(!game.must_order(seat(&game, "France")));
    assert!(is_out(&game, "France"));
    assert!(!game.seat_view(seat(&game, "England")).notes.iter().any(|n| n.contains("out of the game")));
}

// See: sheet "they may not gamble, or give their DB to other players"; "may not counter bribe the GM".
#[test]
fn db_expenditures_only_the_nine_bribes_are_taken() {
    let game = new_game();
    let check = game.check_orders(seat(&game, "France"), "BRIBE give Italy 100\nBRIBE gamble 200\nBRIBE prevent Italy");
    assert!(check.accepted.is_empty());
    assert_eq!(check.rejected.len(), 3);
    assert!(check.rejected[0].reason.contains("cannot be given away"), "{}", check.rejected[0].reason);
}

// See: sheet bribe 1: 100 DB buys the right to submit press for two years; rulings 4.5, DB.1.
#[test]
fn db_4_5_db1_bribe_1_press_right_for_four_movement_phases() {
    let mut game = new_game();
    let france = seat(&game, "France");
    assert!(
        game.may_send(Correspondent::Seat(france), &Recipients::Public).is_err(),
        "no public press without the right"
    );
    assert!(
        game.may_send(
            Correspondent::Seat(france),
            &Recipients::private(Correspondent::Seat(france), [Correspondent::Seat(seat(&game, "Italy"))])
        )
        .is_ok(),
        "private press is free"
    );
    game = play(&game, &[("France", "BRIBE press")]).next;
    assert_eq!(balance(&game, "France"), 1000 - 100 + 300);
    for phase in 0..4 {
        assert!(
            game.may_send(Correspondent::Seat(france), &Recipients::Public).is_ok(),
            "movement phase {phase} of the right"
        );
        game = play(&game, &[]).next;
    }
    assert!(
        game.may_send(Correspondent::Seat(france), &Recipients::Public).is_err(),
        "the right lapsed after four movement phases"
    );
    assert!(game.may_send(Correspondent::GameMaster, &Recipients::Public).is_ok(), "the GM always may");
}

// See: sheet bribe 2 and DB.8: the balance learned is the one after that phase's debits, before income.
#[test]
fn db_db8_bribe_2_learn_a_balance_after_debits_before_income() {
    let game = new_game();
    let processed = play(&game, &[("France", "BRIBE learn Turkey"), ("Turkey", "BRIBE double F ank")]);
    let events = &private(&processed, &game, "France").events;
    assert!(events.iter().any(|e| e == "Turkey has 500 DB"), "{events:?}");
    assert_eq!(balance(&processed.next, "France"), 1000 - 100 + 300);
    let check = game.check_orders(seat(&game, "France"), "BRIBE learn France");
    assert_eq!(check.rejected[0].reason, "you know your own balance");
}

// See: sheet bribe 3 and DB.8: every bribe of the purchase phase with type, target, payers and amounts.
#[test]
fn db_db8_bribe_3_see_all_bribes_of_the_phase() {
    let game = new_game();
    let processed = play(
        &game,
        &[
            ("France", "BRIBE see"),
            ("Turkey", "BRIBE hold A war"),
            ("Italy", "BRIBE nmr Austria: Italy 800, Russia 700"),
        ],
    );
    let events = private(&processed, &game, "France").events.join("\n");
    assert!(events.contains("Bribe 6 (500 DB): make Russia's A war hold"), "{events}");
    assert!(events.contains("Turkey 500 DB"), "{events}");
    assert!(events.contains("Italy 800 DB] failed (reneged)"), "{events}");
    assert!(!private(&processed, &game, "Germany").events.join("\n").contains("war hold"));
}

// See: sheet bribe 4 (300 DB, own units only), rulings 4.6 and DB.3: the order is read for the new type.
#[test]
fn db_4_6_bribe_4_convert_army_to_fleet_and_order_it_as_a_fleet() {
    let game = new_game();
    let france = seat(&game, "France");
    let check = game.check_orders(france, "BRIBE convert A par\nBRIBE convert A mar\nF mar - lyo\nBRIBE convert F kie");
    let rejected: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(check.rejected.len(), 2, "{rejected:?}");
    assert!(rejected[0].contains("cannot stand in par"), "{rejected:?}");
    assert!(rejected[1].contains("may not be used on foreign units"), "{rejected:?}");
    let processed = play(&game, &[("France", "BRIBE convert A mar\nF mar - lyo")]);
    assert!(units(&processed.next).contains(&"France F lyo".to_string()), "{:?}", units(&processed.next));
    assert!(processed.public.events.iter().any(|e| e == "France's A mar became F mar (bribe)"));
    assert_eq!(balance(&processed.next, "France"), 1000 - 300 + 300);
}

// See: DB.3: a conversion names the coast where one is needed, else it is void (and costs nothing).
#[test]
fn db_db3_conversion_names_the_coast_where_one_is_needed() {
    let game = game_at("S1902M", &["France A spa"], &[("spa", "France")], &[]);
    let france = seat(&game, "France");
    let check = game.check_orders(france, "BRIBE convert A spa");
    assert!(check.rejected[0].reason.contains("two coasts"), "{:?}", check.rejected);
    let processed = play(&game, &[("France", "BRIBE convert A spa/sc\nF spa/sc - wes")]);
    assert_eq!(units(&processed.next), ["France F wes"]);
    let void = play(&game, &[("France", "BRIBE convert A spa")]);
    assert_eq!(balance(&void.next, "France"), 1300, "a void conversion costs nothing");
}

// See: DB.3: an order for the old type after a conversion is not carried out: the unit holds.
#[test]
fn db_db3_order_for_the_old_type_after_conversion_holds() {
    let game = new_game();
    let processed = play(&game, &[("France", "BRIBE convert A mar\nA mar - gas")]);
    assert!(units(&processed.next).contains(&"France F mar".to_string()));
}

// See: sheet bribe 5 and rulings 4.4: a double unit moves with strength two, is public and shown as DA.
#[test]
fn db_4_4_bribe_5_double_unit_moves_with_two_and_is_shown_as_da() {
    let game = game_at("S1902M", &["France A bur", "Germany A mun"], &[], &[]);
    let processed = play(&game, &[("France", "BRIBE double A bur\nA bur - mun"), ("Germany", "A mun H")]);
    let line = processed.public.orders.iter().find(|l| l.by == "France").unwrap();
    assert_eq!(line.order, "DA bur - mun");
    assert_eq!(line.result, ResultWord::Succeeds);
    assert!(processed.public.events.iter().any(|e| e.contains("is a double unit (DA)")));
    let view = processed.next.public_view();
    let doubles = view.facts.iter().find(|(label, _)| label == "Double units").expect("double units are public");
    assert!(doubles.1.starts_with("DA mun (France"), "{doubles:?}");
}

// See: sheet bribe 5: good for one year (two movement seasons), then the unit returns to normal strength.
#[test]
fn db_bribe_5_double_lasts_two_movement_phases() {
    let game = game_at("S1902M", &["France A bur", "Germany A mun", "Germany A ber"], &[], &[]);
    let spring = play(&game, &[("France", "BRIBE double A bur")]).next;
    let fall = play(&spring, &[("France", "A bur - mun")]);
    assert_eq!(fall.public.orders[0].order, "DA bur - mun");
    assert_eq!(fall.public.orders[0].result, ResultWord::Succeeds, "still double in the second movement phase");
    let mut next = fall.next;
    while next.phase().code != "S1903M" {
        next = play(&next, &[]).next;
    }
    assert!(next.public_view().facts.iter().all(|(label, _)| label != "Double units"), "the year is over");
}

// See: DB.2: a single plain attacker cuts one of a double unit's two supports.
#[test]
fn db_db2_single_attack_cuts_one_of_a_double_units_supports() {
    let start = ["France A bur", "France A ruh", "Germany A mun", "Germany A boh", "Germany A kie"];
    let game = game_at("S1902M", &start, &[], &[]);
    let processed = play(
        &game,
        &[
            ("France", "BRIBE double A ruh\nA bur - mun\nA ruh S A bur - mun"),
            ("Germany", "A mun H\nA boh S A mun\nA kie - ruh"),
        ],
    );
    let attack = processed.public.orders.iter().find(|l| l.order == "A bur - mun").unwrap();
    assert_eq!(attack.result, ResultWord::Fails, "1 + 1 against 1 + 1");
}

// See: DB.2: a dislodged double unit stays double until its two movement phases end.
#[test]
fn db_db2_dislodged_double_unit_stays_double() {
    let start = ["France A bur", "Germany A mun", "Germany A ruh", "Germany A kie"];
    let game = game_at("S1902M", &start, &[], &[]);
    let processed =
        play(&game, &[("France", "BRIBE double A bur"), ("Germany", "A mun - bur\nA ruh S A mun - bur\nA kie - ruh")]);
    // Two against the double unit's two: it holds.
    assert!(units_contains(&processed.next, "France A bur"));
    let game = game_at(
        "S1902M",
        &["France A bur", "Germany A mun", "Germany A ruh", "Germany A mar"],
        &[("mar", "Germany")],
        &[],
    );
    let processed = play(
        &game,
        &[("France", "BRIBE double A bur"), ("Germany", "A mun - bur\nA ruh S A mun - bur\nA mar S A mun - bur")],
    );
    assert_eq!(processed.next.phase().code, "S1902R");
    let view = processed.next.public_view();
    assert!(view.facts.iter().any(|(label, value)| label == "Double units" && value.starts_with("DA bur")), "{view:?}");
    let retreated = play(&processed.next, &[("France", "A bur R pic")]).next;
    let view = retreated.public_view();
    assert!(view.facts.iter().any(|(label, value)| label == "Double units" && value.starts_with("DA pic")), "{view:?}");
}

fn is_out(game: &kinds::AnyGame, power: &str) -> bool {
    game.seat_view(seat(game, power)).notes.iter().any(|note| note.starts_with("You are out of the game"))
}

fn units_contains(game: &kinds::AnyGame, unit: &str) -> bool {
    units(game).iter().any(|u| u == unit)
}

// See: DB.2: a double unit ordered to support two orders supports nothing and holds.
#[test]
fn db_db2_double_unit_supporting_two_orders_supports_nothing() {
    let start = ["France A bur", "France A pic", "France A gas", "Germany A mun", "Germany A bel"];
    let game = game_at("S1902M", &start, &[], &[]);
    let game = edit(&game, |state| state["doubles"] = serde_json::json!([{"at": "bur", "movement_phases_left": 2}]));
    let processed = play(
        &game,
        &[("France", "A pic - bel\nA gas - par\nA bur S A pic - bel\nA bur S A gas - par"), ("Germany", "A bel H")],
    );
    let attack = processed.public.orders.iter().find(|l| l.order == "A pic - bel").unwrap();
    assert_eq!(attack.result, ResultWord::Fails, "the double unit's support counted for nothing");
}

// See: DB.2 and sheet bribe 5 ("signified in move results as DA or DF"): the double unit that supported
// two orders and so held is listed once in the public results, as holding, not once per order.
#[test]
fn db_db2_a_double_unit_given_two_supports_is_listed_once_in_the_results_as_holding() {
    let start = ["France A bur", "France A pic", "France A gas", "Germany A mun", "Germany A bel"];
    let game = game_at("S1902M", &start, &[], &[]);
    let game = edit(&game, |state| state["doubles"] = serde_json::json!([{"at": "bur", "movement_phases_left": 2}]));
    let processed = play(
        &game,
        &[("France", "A pic - bel\nA gas - par\nA bur S A pic - bel\nA bur S A gas - par"), ("Germany", "A bel H")],
    );
    let burgundy: Vec<_> = processed.public.orders.iter().filter(|l| l.order.contains("bur")).collect();
    assert_eq!(burgundy.len(), 1, "{burgundy:#?}");
    assert_eq!(burgundy[0].order, "DA bur H");
    assert_eq!(burgundy[0].result, ResultWord::Succeeds);
    assert!(burgundy[0].reason.contains("two orders"), "{:?}", burgundy[0].reason);
}

// See: sheet bribe 6 and DB.3: the unit holds, shown as "not executed: held by a bribe", naming no briber.
#[test]
fn db_db3_bribe_6_forced_hold_names_no_briber() {
    let game = new_game();
    let processed = play(&game, &[("Germany", "BRIBE hold A par"), ("France", "A par - bur")]);
    let line = processed.public.orders.iter().find(|l| l.order == "A par - bur").unwrap();
    assert_eq!(line.reason, "not executed: held by a bribe");
    assert!(!serde_json::to_string(&processed.public).unwrap().contains("Germany"));
    assert!(units(&processed.next).contains(&"France A par".to_string()));
    assert_eq!(balance(&processed.next, "Germany"), 1000 - 500 + 300);
}

// See: DB.3: supports to hold a unit held by a bribe count.
#[test]
fn db_db3_support_to_hold_a_bribed_holder_counts() {
    let game = game_at("S1902M", &["France A bur", "France A par", "Germany A mun", "Germany A ruh"], &[], &[]);
    let processed = play(
        &game,
        &[("Germany", "BRIBE hold A bur\nA mun - bur\nA ruh S A mun - bur"), ("France", "A bur - pic\nA par S A bur")],
    );
    assert!(units(&processed.next).contains(&"France A bur".to_string()), "{:?}", units(&processed.next));
}

// See: sheet bribe 7 and DB.4: 1000 DB in Winter for an extra unit on a free owned home center; 300 DB
// each later Winter, or a unit is removed.
#[test]
fn db_db4_bribe_7_extra_unit_with_upkeep_each_winter() {
    let game = game_at("W1901A", &["France A par", "France A mar", "France F bre"], &[], &[("France", 1200)]);
    let france = seat(&game, "France");
    assert!(game.check_orders(france, "BRIBE extra\nBuild A par").rejected.len() == 2, "par is occupied; no builds");
    let game = game_at("W1901A", &["France A bur", "France A mar", "France F bre"], &[], &[("France", 1200)]);
    let check = game.check_orders(france, "BRIBE extra\nBuild A par");
    assert!(check.rejected.is_empty(), "{:?}", check.rejected);
    let spring = play(&game, &[("France", "BRIBE extra\nBuild A par")]).next;
    assert_eq!(units(&spring).len(), 4, "four units on three centers");
    assert_eq!(balance(&spring, "France"), 1200 - 1000 + 200 + 200);
    // The next Winter 300 DB are due; France can pay: no removal.
    let fall = play(&spring, &[]).next;
    let winter = play(&fall, &[]).next;
    assert_eq!(winter.phase().code, "W1902A", "the other powers have builds");
    assert!(!winter.must_order(france), "France can pay: nothing to remove");
    let after = play(&winter, &[]).next;
    assert_eq!(units(&after).len(), 4);
    assert_eq!(balance(&after, "France"), 600 + 300 + 200 + 200 - 300);
}

// See: DB.4: unpaid upkeep removes a unit, by civil disorder if the owner does not choose.
#[test]
fn db_db4_unpaid_upkeep_removes_a_unit() {
    // Two extra units cost 600 DB; the Winter income with the bonus for no change is 400 DB.
    let start = ["France A bur", "France A par", "France A mar", "France F bre", "France A gas"];
    let game = game_at("F1902M", &start, &[], &[("France", 0)]);
    let game = edit(&game, |state| {
        state["extra_units"] =
            serde_json::json!([{"owner": "France", "bought_in": 1901}, {"owner": "France", "bought_in": 1901}]);
    });
    let winter = play(&game, &[]).next;
    assert_eq!(winter.phase().code, "W1902A");
    assert!(winter.must_order(seat(&winter, "France")));
    let spring = play(&winter, &[]).next;
    assert_eq!(units(&spring).len(), 4, "{:?}", units(&spring));
    assert!(!units(&spring).contains(&"France A bur".to_string()), "civil disorder removes the farthest unit");
    assert_eq!(balance(&spring, "France"), 100);
}

// See: sheet bribe 8 and DB.5: a destroyed unit; in the first Winter after, its owner builds one fewer;
// from the second Winter on, normally.
#[test]
fn db_db5_bribe_8_destroyed_unit_owner_waits_two_winters() {
    let game = game_at("F1902M", &["France A bur", "France A mar", "Germany A mun"], &[], &[("Germany", 1500)]);
    let processed = play(&game, &[("Germany", "BRIBE destroy A bur")]);
    assert!(processed.public.events.iter().any(|e| e == "France's A bur was destroyed (bribe)"));
    assert!(!serde_json::to_string(&processed.public).unwrap().contains("Germany 1200"));
    let winter = processed.next;
    assert_eq!(winter.phase().code, "W1902A");
    let france = seat(&winter, "France");
    assert_eq!(winter.order_form(france).notes[0], "1 build allowed this Winter", "three centers, one unit, one fewer");
    let check = winter.check_orders(france, "Build A par\nBuild F bre");
    assert_eq!(check.rejected.len(), 1, "{:?}", check.rejected);
    let spring = play(&winter, &[("France", "Build A par")]).next;
    let fall = play(&spring, &[]).next;
    let next_winter = play(&fall, &[]).next;
    assert_eq!(next_winter.phase().code, "W1903A");
    assert_eq!(next_winter.order_form(france).notes[0], "1 build allowed this Winter", "normal again");
}

// See: DB.5: the destroy bribe is for movement phases only, and no bribe cancels a build (DB.8).
#[test]
fn db_db8_bribes_allowed_only_in_their_phases() {
    let game = game_at("W1901A", &["France A bur"], &[], &[("France", 3000)]);
    let check =
        game.check_orders(seat(&game, "France"), "BRIBE destroy A bur\nBRIBE nmr Germany\nBRIBE press\nBRIBE see");
    assert_eq!(check.rejected.len(), 2);
    assert!(check.rejected[0].reason.contains("movement phases only"));
    assert_eq!(check.accepted.len(), 2);
    let spring = new_game();
    let check = spring.check_orders(seat(&spring, "France"), "BRIBE extra");
    assert_eq!(check.rejected[0].reason, "an extra unit is bought in Winter only");
}

// See: sheet bribe 9 and DB.6: the price is 500 DB per unit up to 1500, counted at the phase start.
#[test]
fn db_db6_bribe_9_nmr_price_follows_the_unit_count() {
    let game = game_at(
        "S1902M",
        &["Turkey A con", "Turkey F ank", "Russia A war", "Russia A mos", "Russia F sev", "Russia F stp/sc"],
        &[],
        &[],
    );
    let france = seat(&game, "France");
    let check = game.check_orders(france, "BRIBE nmr Turkey");
    assert!(check.accepted[0].plain.contains("(1000 DB)"), "{:?}", check.accepted);
    let check = game.check_orders(france, "BRIBE nmr Russia");
    assert!(check.rejected[0].reason.contains("costs you 1500 DB"), "{:?}", check.rejected);
    let check = game.check_orders(france, "BRIBE nmr Austria");
    assert!(check.rejected[0].reason.contains("no units"), "{:?}", check.rejected);
}

// See: sheet bribe 9 and DB.6: the victim's movement orders are ignored; its own bribes still act.
#[test]
fn db_db6_bribe_9_nmr_ignores_the_victims_moves_but_not_its_bribes() {
    let game = new_game();
    let processed = play(
        &game,
        &[
            ("Austria", "BRIBE nmr Italy: Austria 800, France 700"),
            ("France", "BRIBE nmr Italy: Austria 800, France 700"),
            ("Italy", "A ven - tyr\nBRIBE hold A vie"),
            ("Austria", "BRIBE nmr Italy: Austria 800, France 700\nA vie - gal"),
        ],
    );
    assert!(units(&processed.next).contains(&"Italy A ven".to_string()));
    assert!(units(&processed.next).contains(&"Austria A vie".to_string()), "Italy's hold bribe acted");
    let line = processed.public.orders.iter().find(|l| l.order == "A ven - tyr").unwrap();
    assert_eq!(line.reason, "not executed: this power's moves were missed by a bribe");
    assert_eq!(balance(&processed.next, "France"), 1000 - 700 + 300);
}

// See: sheet "Bribes numbered one through four must come from one source only"; rulings 4.3; DB.7 shares.
#[test]
fn db_group_bribes_only_for_five_to_nine_with_shares_adding_up() {
    let game = new_game();
    let france = seat(&game, "France");
    let check = game.check_orders(
        france,
        "BRIBE press: France 50, Italy 50\nBRIBE double A par: France 200, Italy 200\nBRIBE hold A mun: Italy 500\n\
         BRIBE hold A mun: France 300, Italy 200",
    );
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons.len(), 3, "{reasons:?}");
    assert!(reasons[0].contains("one source only"));
    assert!(reasons[1].contains("add up to 400 DB but the price is 500 DB"));
    assert!(reasons[2].contains("must be among the contributors"));
    assert_eq!(check.accepted[0].text, "BRIBE hold A mun: France 300, Italy 200");
}

// See: sheet "If one or more players reneges on a group bribe ... bribers who sent in their DB get half back".
#[test]
fn db_4_3_reneged_group_bribe_fails_and_refunds_half() {
    let game = new_game();
    let processed = play(&game, &[("France", "BRIBE hold A mun: France 300, Italy 200"), ("Germany", "A mun - bur")]);
    assert_eq!(balance(&processed.next, "France"), 1000 - 300 + 150 + 300);
    assert_eq!(balance(&processed.next, "Italy"), 1000 + 300);
    assert!(units(&processed.next).contains(&"Germany A bur".to_string()), "the bribe failed");
    let fate = &private(&processed, &game, "France").orders[0];
    assert_eq!(fate.result, ResultWord::Fails);
    assert!(fate.reason.contains("Italy did not pay; you get 150 DB back"), "{}", fate.reason);
    let paid = play(
        &game,
        &[
            ("France", "BRIBE hold A mun: France 300, Italy 200"),
            ("Italy", "BRIBE hold A mun: Italy 200, France 300"),
            ("Germany", "A mun - bur"),
        ],
    );
    assert!(units(&paid.next).contains(&"Germany A mun".to_string()), "both paid: the bribe acts");
    assert_eq!(balance(&paid.next, "Italy"), 1000 - 200 + 300);
}

// See: DB.7: bribes are paid in the order given; a line beyond the balance is refused when entered.
#[test]
fn db_db7_bribes_beyond_the_balance_are_refused() {
    let game = game_at("S1902M", &["France A par", "Germany A mun"], &[], &[("France", 700)]);
    let check = game.check_orders(seat(&game, "France"), "BRIBE double A par\nBRIBE hold A mun\nBRIBE press");
    assert_eq!(check.accepted.len(), 2);
    assert!(check.rejected[0].reason.contains("only 200 DB left"), "{:?}", check.rejected);
}

// See: DB.7: effects apply in the order destroy, convert, NMR, hold, double; a bribe whose unit is gone is
// void and refunded.
#[test]
fn db_db7_destroy_acts_first_and_voids_a_double_on_the_same_unit() {
    let game = game_at("S1902M", &["France A par", "Germany A mun"], &[], &[("Germany", 1500)]);
    let processed = play(&game, &[("France", "BRIBE double A par"), ("Germany", "BRIBE destroy A par")]);
    assert!(!units(&processed.next).contains(&"France A par".to_string()));
    assert_eq!(balance(&processed.next, "France"), 1300, "the double bribe was void and refunded");
    assert!(private(&processed, &game, "France").orders[0].reason.starts_with("void"));
}

// See: sheet "The victory criterion remains the same (control of 18 centers on the board)".
#[test]
fn db_victory_at_18_centers() {
    let centers = [
        "bel", "hol", "den", "swe", "nwy", "spa", "por", "tun", "lon", "lvp", "edi", "kie", "ber", "mun", "bre", "par",
    ];
    let owners: Vec<(&str, &str)> = centers.iter().map(|c| (*c, "France")).collect();
    let game = game_at("F1905M", &["France A bur", "France F mao", "France A pic"], &owners, &[]);
    let processed = play(&game, &[("France", "A bur - mar\nF mao - naf\nA pic H")]);
    assert!(processed.next.outcome().is_none(), "17 centers");
    let processed = play(&game, &[("France", "A bur - mar\nF mao - wes\nA pic - hol")]);
    let game = game_at("F1905M", &["France A ruh", "France F tys"], &owners, &[]);
    let won = play(&game, &[("France", "F tys - nap")]).next;
    assert!(won.outcome().is_some(), "18 centers win");
    drop(processed);
}

// See: brief: deterministic: the same state, orders and seed give the same result.
#[test]
fn db_processing_is_deterministic() {
    let game = new_game();
    let sheets = [("France", "BRIBE double A par\nA par - bur"), ("Germany", "A mun - bur\nBRIBE see")];
    let first = play(&game, &sheets);
    let second = play(&game, &sheets);
    assert_eq!(first.next, second.next);
    assert_eq!(first.public, second.public);
    assert_eq!(first.private, second.private);
}

// See: sheet bribe 5 "it takes a double attack to cut both support"; DB.2: an attack from a double unit
// cuts a double unit's support completely.
#[test]
fn db_db2_double_attack_cuts_both_supports_of_a_double_unit() {
    let start = ["France A bur", "France A ruh", "Germany A mun", "Germany A kie"];
    let game = game_at("S1902M", &start, &[], &[("Germany", 1000)]);
    let game = edit(&game, |state| state["doubles"] = serde_json::json!([{"at": "ruh", "movement_phases_left": 2}]));
    let processed = play(
        &game,
        &[("France", "A bur - mun\nA ruh S A bur - mun"), ("Germany", "BRIBE double A kie\nA mun H\nA kie - ruh")],
    );
    let support = processed.public.orders.iter().find(|l| l.order == "DA ruh S A bur - mun").unwrap();
    assert_eq!(support.result, ResultWord::Fails, "{}", support.reason);
    assert!(units(&processed.next).contains(&"Germany A mun".to_string()));
}

// See: sheet "Players may not prevent builds by bribes"; DB.8: no bribe cancels a build.
#[test]
fn db_no_bribe_prevents_a_build() {
    let game = game_at("W1901A", &["France A bur"], &[], &[("France", 3000), ("Germany", 3000)]);
    let check = game.check_orders(seat(&game, "Germany"), "BRIBE nmr France\nBRIBE hold A bur\nBRIBE destroy A bur");
    assert!(check.accepted.is_empty());
    assert!(check.rejected.iter().all(|r| r.reason.contains("movement phases only")), "{:?}", check.rejected);
    let spring = play(&game, &[("Germany", "BRIBE nmr France"), ("France", "Build A par\nBuild A mar")]).next;
    assert!(
        units(&spring).contains(&"France A par".to_string()) && units(&spring).contains(&"France A mar".to_string())
    );
}

// See: the issue: bribes are reachable as structured choices through the order form.
#[test]
fn db_order_form_offers_the_bribes_the_power_can_afford_alone() {
    let game = game_at("S1902M", &["France A par", "Germany A mun"], &[], &[("France", 400)]);
    let form = game.order_form(seat(&game, "France"));
    let bribes = form.rows.iter().find(|row| row.key == "bribe1").expect("a bribe row");
    let values: Vec<&str> = bribes.choices.iter().map(|c| c.value.as_str()).collect();
    assert!(values.contains(&"BRIBE press") && !values.contains(&"BRIBE convert A par"), "Paris is inland");
    assert!(values.contains(&"BRIBE learn Germany") && values.contains(&"BRIBE see"));
    assert!(!values.iter().any(|v| v.starts_with("BRIBE double")), "500 DB is more than France has");
    for value in values.iter().filter(|v| !v.is_empty()) {
        assert!(game.check_orders(seat(&game, "France"), value).rejected.is_empty(), "{value}");
    }
}

// See: the issue: the accepted lines, in their canonical notation, read back to the same orders.
#[test]
fn db_canonical_sheet_reads_back_the_same() {
    let game = game_at("S1902M", &["France A spa", "France A bur", "Germany A mun"], &[("spa", "France")], &[]);
    let france = seat(&game, "France");
    let check = game.check_orders(
        france,
        "bribe CONVERT a spa/nc\nF spa/nc - mao\nBRIBE hold mun: italy 200, FRANCE 300\nbribe learn tur",
    );
    assert!(check.rejected.is_empty(), "{:?}", check.rejected);
    let canonical = check.sheet();
    assert_eq!(
        canonical,
        "BRIBE convert A spa/nc\nF spa/nc - mao\nBRIBE hold A mun: France 300, Italy 200\nBRIBE learn Turkey"
    );
    assert_eq!(game.check_orders(france, &canonical).accepted, check.accepted);
}
