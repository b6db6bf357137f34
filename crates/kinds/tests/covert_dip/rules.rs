//! Covert Dip: one test per clause of `rules/covert-dip.txt` and per ruling (§1, CD.1–CD.10), named after
//! it, driven through the `AnyGame` interface. Names: `cd_1_3_…` is rulings 1.3, `cd_cd6_…` is CD.6, and
//! the other `cd_…` names quote the sheet's clauses.

use crate::support::covert_dip::*;
use kinds::ResultWord;

/// Turkey with four centers (Bulgaria included) and the given units; Russia with its home centers.
fn turkey_in_bulgaria(phase: &str, turkish_units: &[&str], accounts: &[(&str, u32, u32)]) -> kinds::AnyGame {
    let mut units: Vec<&str> = turkish_units.to_vec();
    units.extend(["Russia A sev", "Russia A mos", "Russia A war", "Russia F stp/sc"]);
    game_at(phase, &units, &[("bul", "Turkey")], accounts)
}

// See: sheet "Each power begins Spring, 1901 with no funds"; rulings 1.4: FDs credited at the end of the
// Fall, one per power owning a home center; CIOs one per owned home center.
#[test]
fn cd_1_4_fds_and_cios_are_credited_when_the_fall_ends() {
    let game = new_game();
    assert_eq!(account(&game, "Russia"), (0, 0));
    let fall = play(&game, &[]).next;
    let processed = play(&fall, &[]);
    assert_eq!(account(&processed.next, "Russia"), (1, 4));
    assert_eq!(account(&processed.next, "Italy"), (1, 3));
    assert!(events(&processed, &fall, "Russia").contains("Credited 1 FD and 4 CIO(s)"));
}

// See: sheet "the FD's earned in Fall, 1901 cannot be spent until Fall, 1902 or later"; rulings 1.4.
#[test]
fn cd_1_4_fds_earned_in_fall_1901_are_first_spent_in_fall_1902() {
    let fall = play(&new_game(), &[]).next;
    let check = fall.check_orders(seat(&fall, "Russia"), "FD bul\nCIO block Turkey");
    assert_eq!(check.rejected[0].reason, "you have no FD left to spend");
    assert_eq!(check.rejected[1].reason, "you have no CIO left to spend");
    let spring = play(&fall, &[]).next;
    assert_eq!(spring.phase().code, "S1902M");
    let check = spring.check_orders(seat(&spring, "Russia"), "FD bul");
    assert_eq!(check.rejected[0].reason, "FDs, CIOs and votes are ordered with the Fall moves");
    let fall_1902 = play(&spring, &[]).next;
    assert!(fall_1902.check_orders(seat(&fall_1902, "Russia"), "FD bul").rejected.is_empty());
}

// See: rulings 1.1: FDs go to the 12 neutral centers only.
#[test]
fn cd_1_1_fds_go_to_neutral_centers_only() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 3, 3)]);
    let check = game.check_orders(seat(&game, "Russia"), "FD con\nFD bur\nFD bul");
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["con is not a neutral center", "bur is not a neutral center"]);
    assert_eq!(check.accepted[0].text, "FD bul");
}

// See: sheet "If Turkey controls Bulgaria, Turkey will have to remove a unit"; rulings 1.2.
#[test]
fn cd_1_2_counter_insurgency_forces_the_owner_to_remove_a_unit() {
    let game = turkey_in_bulgaria(
        "F1902M",
        &["Turkey A bul", "Turkey A con", "Turkey F ank", "Turkey A smy"],
        &[("Russia", 1, 0)],
    );
    let winter = play(&game, &[("Russia", "FD bul")]).next;
    assert_eq!(winter.phase().code, "W1902A");
    let turkey = seat(&winter, "Turkey");
    assert!(winter.must_order(turkey), "four units on four centers, one denied: a removal");
    assert_eq!(winter.order_form(turkey).notes, ["1 removal due this Winter"]);
    let spring = play(&winter, &[("Turkey", "Remove A smy")]).next;
    assert_eq!(units(&spring).iter().filter(|u| u.starts_with("Turkey")).count(), 3);
    assert_eq!(spring.public_view().board.unwrap().owners["bul"], "Turkey", "ownership and victory count unchanged");
}

// See: sheet "... or forgo a build, in Winter"; rulings 1.2.
#[test]
fn cd_1_2_counter_insurgency_denies_the_owner_a_build() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul", "Turkey F ank"], &[("Russia", 1, 0)]);
    let winter = play(&game, &[("Russia", "FD bul")]).next;
    let turkey = seat(&winter, "Turkey");
    assert_eq!(winter.order_form(turkey).notes, ["1 build allowed this Winter"]);
    let check = winter.check_orders(turkey, "Build A con\nBuild A smy");
    assert_eq!(check.rejected[0].reason, "no more builds are available");
}

// See: sheet "if any power occupies Bulgaria as a result of the fall orders, that power will also have to
// forgo a build- including Russia"; rulings 1.2.
#[test]
fn cd_1_2_the_power_occupying_the_center_after_the_fall_forgoes_a_build_even_the_diverter() {
    let game =
        game_at("F1902M", &["Russia A rum", "Russia A mos", "Turkey A con"], &[("bul", "Turkey")], &[("Russia", 1, 0)]);
    let winter = play(&game, &[("Russia", "FD bul\nA rum - bul")]).next;
    let russia = seat(&winter, "Russia");
    assert_eq!(winter.public_view().board.unwrap().owners["bul"], "Russia");
    // Russia: 5 centers (4 home + bul), 2 units: 3 builds, one denied.
    assert_eq!(winter.order_form(russia).notes, ["2 builds allowed this Winter"]);
}

// See: CD.1: an FD in a center nobody owns still creates a counter-insurgency, and it is listed.
#[test]
fn cd_cd1_fd_in_an_unowned_center_is_listed() {
    let game = game_at("F1902M", &["Russia A mos"], &[], &[("Russia", 1, 0)]);
    let processed = play(&game, &[("Russia", "FD nwy")]);
    assert!(processed.public.events.iter().any(|e| e == "Counter-insurgencies this Winter: Norway"));
}

// See: sheet "If more than one power diverts funds to neutral center in the same fall, the additional FD's
// are wasted"; rulings 1.3.
#[test]
fn cd_1_3_second_fd_on_same_center_is_lost() {
    let game = turkey_in_bulgaria(
        "F1902M",
        &["Turkey A bul", "Turkey A con", "Turkey F ank", "Turkey A smy"],
        &[("Russia", 2, 0), ("Austria", 1, 0)],
    );
    let game = edit(&game, |state| {
        state["game"]["units"].as_array_mut().unwrap().push("Austria A vie".into());
    });
    let processed = play(&game, &[("Russia", "FD bul"), ("Austria", "FD bul")]);
    let winter = processed.next;
    assert_eq!(account(&winter, "Austria"), (1, 3), "Austria spent its only FD, then was credited one");
    assert_eq!(account(&winter, "Russia"), (1 + 1, 4));
    let turkey = seat(&winter, "Turkey");
    assert_eq!(winter.order_form(turkey).notes, ["1 removal due this Winter"], "one insurgency, not two");
}

// See: sheet "The GM will report, with the fall results, those centers that have counter-insurgencies";
// rulings 1.7: not who paid.
#[test]
fn cd_1_7_fall_results_list_insurgent_centers_not_who_paid() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 2, 0)]);
    let processed = play(&game, &[("Russia", "FD bul\nFD ser")]);
    let public = serde_json::to_string(&processed.public).unwrap();
    assert!(public.contains("Counter-insurgencies this Winter: Bulgaria, Serbia"), "{public}");
    assert!(!public.contains("FD"), "{public}");
    assert_eq!(public_fact(&processed.next, "Counter-insurgencies this Winter").as_deref(), Some("Bulgaria, Serbia"));
}

// See: sheet "the GM will report, in the Spring, the account balances of any power with four or more
// FD's"; rulings 1.7.
#[test]
fn cd_1_7_spring_results_publish_balances_of_four_or_more_fds() {
    let game = game_at("S1903M", &["Russia A mos", "Turkey A con"], &[], &[("Russia", 4, 0), ("Turkey", 3, 0)]);
    let processed = play(&game, &[]);
    assert!(processed.public.events.iter().any(|e| e == "Swiss scandal: Russia holds 4 FDs"));
    assert!(!processed.public.events.iter().any(|e| e.contains("Turkey")));
}

// See: sheet "A power who loses all his home centers will lose all his accumulated FD's and will earn no
// more until he regains a home center"; "A power loses all unused CIO's"; rulings 1.8.
#[test]
fn cd_1_8_losing_every_home_center_loses_fds_and_cios() {
    let owners = [("ank", "Russia"), ("con", "Russia"), ("smy", "Russia")];
    let game = game_at("F1902M", &["Turkey A bul", "Russia A con"], &owners, &[("Turkey", 3, 2)]);
    let processed = play(&game, &[]);
    assert_eq!(account(&processed.next, "Turkey"), (0, 0));
    assert!(events(&processed, &game, "Turkey").contains("all your FDs and CIOs are lost"));
}

// See: CD.10: covert orders of the Fall in which a power loses its last home center are carried out first.
#[test]
fn cd_cd10_orders_of_the_fall_of_the_last_home_center_are_carried_out_before_the_wipe() {
    let owners = [("ank", "Russia"), ("smy", "Russia")];
    let game = game_at("F1902M", &["Turkey A bul", "Russia A ank", "Turkey A con"], &owners, &[("Turkey", 1, 1)]);
    let processed =
        play(&game, &[("Turkey", "FD ser\nCIO ask c Russia\nA bul - ser\nA con - bul"), ("Russia", "A ank - con")]);
    assert!(processed.public.events.iter().any(|e| e == "Counter-insurgencies this Winter: Serbia"));
    assert!(events(&processed, &game, "Turkey").contains("Answer to `CIO ask c Russia`"));
    assert_eq!(account(&processed.next, "Turkey"), (0, 0));
}

// See: CD.10: questions about oneself or a power out of the game are refused and cost nothing.
#[test]
fn cd_cd10_questions_about_oneself_or_a_power_out_of_the_game_are_refused() {
    let game = game_at("F1902M", &["Russia A mos"], &[("ank", ""), ("con", ""), ("smy", "")], &[("Russia", 0, 2)]);
    let check = game
        .check_orders(seat(&game, "Russia"), "CIO ask c Russia\nCIO ask a Turkey\nCIO ask c Italy\nCIO ask c England");
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["a CIO is about another power, not yourself", "Turkey is out of the game"]);
    assert_eq!(check.accepted.len(), 2, "the refused lines cost nothing: two CIOs, two questions");
}

// See: CD.8: orders beyond a balance are refused when entered.
#[test]
fn cd_cd8_orders_beyond_a_balance_are_refused() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 1, 1)]);
    let check = game.check_orders(seat(&game, "Russia"), "FD bul\nFD ser\nCIO block Turkey\nCIO ask c Turkey");
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(reasons, ["you have no FD left to spend", "you have no CIO left to spend"]);
}

// See: sheet CIO form a) and CD.6: the asker's centers after the update, every FD the target spent there.
#[test]
fn cd_cd6_question_a_lists_the_targets_fds_on_the_askers_centers() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul", "Turkey A con"], &[("Russia", 3, 0), ("Turkey", 0, 1)]);
    let processed = play(&game, &[("Russia", "FD bul\nFD bul\nFD ser"), ("Turkey", "CIO ask a Russia")]);
    assert!(events(&processed, &game, "Turkey").contains("Answer to `CIO ask a Russia`: FD bul, FD bul"));
}

// See: sheet CIO form b) and CD.5: only the target's CIO orders that name the asker.
#[test]
fn cd_cd5_question_b_lists_the_targets_cios_naming_the_asker() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 0, 3), ("Turkey", 0, 1)]);
    let processed = play(
        &game,
        &[("Russia", "CIO ask c Turkey\nCIO ask c Austria\nCIO ask d bul"), ("Turkey", "CIO ask b Russia")],
    );
    assert!(
        events(&processed, &game, "Turkey")
            .lines()
            .any(|line| line == "Answer to `CIO ask b Russia`: CIO ask c Turkey")
    );
}

// See: sheet CIO form c) and CD.4: the balance after that Fall's spending and credit.
#[test]
fn cd_cd4_question_c_answers_the_balance_after_spending_and_credit() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 3, 0), ("Turkey", 0, 1)]);
    let processed = play(&game, &[("Russia", "FD bul"), ("Turkey", "CIO ask c Russia")]);
    assert!(events(&processed, &game, "Turkey").contains("Answer to `CIO ask c Russia`: Russia holds 3 FD(s)"));
}

// See: sheet CIO forms d) and e): "if Austria and Russia are both supporting insurgents in Bulgaria, and if
// Russia blocks and Austria doesn't, then only Austria will be mentioned to Turkey"; rulings 1.5.
#[test]
fn cd_1_5_question_d_leaves_out_the_powers_that_blocked_the_asker() {
    let mut units = vec!["Turkey A con", "Austria A vie"];
    units.extend(["Russia A mos"]);
    let game = game_at("F1902M", &units, &[], &[("Russia", 1, 1), ("Austria", 1, 0), ("Turkey", 0, 1)]);
    let processed =
        play(&game, &[("Russia", "FD bul\nCIO block Turkey"), ("Austria", "FD bul"), ("Turkey", "CIO ask d bul")]);
    assert!(events(&processed, &game, "Turkey").contains("Answer to `CIO ask d bul`: Austria"));
    assert!(!events(&processed, &game, "Turkey").contains("Russia,"));
}

// See: sheet "Unless Russia orders 'Block Turkey's CIO's affecting me'"; rulings 1.5 and CD.2: a blocked
// question is spent and answered "no response".
#[test]
fn cd_cd2_blocked_question_is_spent_and_answered_no_response() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 1, 1), ("Turkey", 0, 2)]);
    let processed =
        play(&game, &[("Russia", "FD bul\nCIO block Turkey"), ("Turkey", "CIO ask a Russia\nCIO ask c Russia")]);
    let answers = events(&processed, &game, "Turkey");
    assert!(answers.contains("Answer to `CIO ask a Russia`: no response"), "{answers}");
    assert!(answers.contains("Answer to `CIO ask c Russia`: no response"), "{answers}");
    assert_eq!(account(&processed.next, "Turkey").1, 3, "both spent: 0 left + 3 credited");
}

// See: CD.3: answers and disclosures list orders, never the answers others received; votes are not FD
// orders.
#[test]
fn cd_cd3_answers_list_orders_not_answers_and_never_votes() {
    let game =
        turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 1, 1), ("Turkey", 0, 1), ("Austria", 0, 1)]);
    let game = edit(&game, |state| state["game"]["units"].as_array_mut().unwrap().push("Austria A vie".into()));
    let processed = play(
        &game,
        &[
            ("Russia", "CIO ask c Turkey\nVOTE Russia 2"),
            ("Turkey", "CIO ask b Russia"),
            ("Austria", "CIO ask a Russia"),
        ],
    );
    let turkey = events(&processed, &game, "Turkey");
    assert!(turkey.lines().any(|line| line == "Answer to `CIO ask b Russia`: CIO ask c Turkey"), "{turkey}");
    assert!(!turkey.contains("holds"), "not Russia's answer");
    assert!(events(&processed, &game, "Austria").contains("Answer to `CIO ask a Russia`: none"));
}

// See: sheet "Public Disclosures"; rulings 1.6 and CD.7: votes up to unspent FDs plus this Fall's credit;
// more than half of all votes cast gives influence the next Spring; only the winner is told.
#[test]
fn cd_1_6_majority_of_votes_gives_influence_told_only_to_the_winner() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 1, 0), ("Turkey", 1, 0)]);
    let check = game.check_orders(seat(&game, "Russia"), "VOTE Russia 3");
    assert_eq!(check.rejected[0].reason, "you have only 2 vote(s) left", "one unspent FD and this Fall's credit");
    let processed = play(&game, &[("Russia", "VOTE Russia 2"), ("Turkey", "VOTE Turkey 1")]);
    assert!(events(&processed, &game, "Russia").contains("You hold influence in Switzerland"));
    assert!(!events(&processed, &game, "Turkey").contains("influence"));
    assert!(!serde_json::to_string(&processed.public).unwrap().contains("VOTE"));
    let tie = play(&game, &[("Russia", "VOTE Russia 1"), ("Turkey", "VOTE Turkey 1")]);
    assert!(!events(&tie, &game, "Russia").contains("influence"), "half is not a majority");
}

// See: CD.7: a power that loses its last home center that Fall casts no votes.
#[test]
fn cd_cd7_power_losing_its_last_home_center_casts_no_votes() {
    let owners = [("ank", "Russia"), ("smy", "Russia")];
    let game = game_at(
        "F1902M",
        &["Russia A ank", "Turkey A con", "Russia A mos"],
        &owners,
        &[("Turkey", 1, 0), ("Russia", 0, 0)],
    );
    let processed = play(&game, &[("Turkey", "VOTE Turkey 2\nA con - bul"), ("Russia", "A ank - con\nVOTE Russia 1")]);
    assert!(private(&processed, &game, "Turkey").orders.iter().any(|l| l.result == ResultWord::Fails));
    assert!(events(&processed, &game, "Russia").contains("You hold influence"));
}

// See: sheet "The power with influence will designate, with his Spring orders, the power who will suffer
// disclosure"; rulings 1.6 and CD.9: the Spring results publish its FD balance and its FD and CIO orders of
// the previous Fall, not who designated it.
#[test]
fn cd_1_6_designated_power_is_disclosed_with_the_spring_results() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 2, 1), ("Turkey", 1, 0)]);
    let winter_or_spring = play(&game, &[("Russia", "FD bul\nCIO ask c Turkey"), ("Turkey", "VOTE Turkey 2")]).next;
    let mut spring = winter_or_spring;
    while spring.phase().code != "S1903M" {
        spring = play(&spring, &[]).next;
    }
    let turkey = seat(&spring, "Turkey");
    assert!(spring.must_order(turkey));
    let check = spring.check_orders(turkey, "DISCLOSE Turkey\nDISCLOSE Russia");
    assert_eq!(check.rejected[0].reason, "you cannot disclose yourself (CD.9)");
    let russia = seat(&spring, "Russia");
    assert!(
        spring.check_orders(russia, "DISCLOSE Turkey").rejected[0].reason.contains("only the power with influence")
    );
    let processed = play(&spring, &[("Turkey", "DISCLOSE Russia")]);
    let publication = processed.public.events.iter().find(|e| e.starts_with("Public Disclosure")).expect("published");
    assert_eq!(
        publication,
        "Public Disclosure of Russia: 2 FD(s) in Switzerland; its FD and CIO orders last Fall: FD bul; CIO ask c Turkey"
    );
    assert_eq!(public_fact(&processed.next, "Under Public Disclosure").as_deref(), Some("Russia"));
    assert!(!serde_json::to_string(&processed.public).unwrap().contains("designated"));
}

// See: sheet "he will be unable to spend any of them in that season"; "At the end of the year ... the Public
// Disclosure will end"; CD.7: a disclosed power may vote.
#[test]
fn cd_1_6_disclosed_power_cannot_spend_in_the_coming_fall_but_may_vote() {
    let game = game_at("F1903M", &["Russia A mos", "Turkey A con"], &[], &[("Russia", 2, 2)]);
    let game = edit(&game, |state| state["disclosed"] = "Russia".into());
    let check = game.check_orders(seat(&game, "Russia"), "FD bul\nCIO block Turkey\nVOTE Russia 1");
    assert_eq!(check.rejected.len(), 2);
    assert!(check.rejected[0].reason.contains("Public Disclosure"));
    assert_eq!(check.accepted[0].text, "VOTE Russia 1");
    let after = play(&game, &[]).next;
    assert_eq!(public_fact(&after, "Under Public Disclosure"), None, "the disclosure ends after the Fall");
    assert_eq!(account(&after, "Russia"), (3, 6), "still credited");
}

// See: CD.9: influence lapses after that Spring, used or not.
#[test]
fn cd_cd9_influence_lapses_after_the_spring() {
    let game = game_at("S1903M", &["Russia A mos", "Turkey A con"], &[], &[]);
    let game = edit(&game, |state| state["influence"] = "Turkey".into());
    let fall = play(&game, &[]).next;
    assert!(!fall.seat_view(seat(&fall, "Turkey")).notes.iter().any(|n| n.contains("influence")));
    assert_eq!(public_fact(&fall, "Under Public Disclosure"), None);
}

// See: rulings 1.9: the judge makes no deliberate GM errors: the same state, orders and seed give the same
// result.
#[test]
fn cd_1_9_no_gm_errors_processing_is_deterministic() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 2, 2), ("Turkey", 1, 1)]);
    let sheets = [("Russia", "FD bul\nCIO block Turkey\nVOTE Russia 3"), ("Turkey", "CIO ask a Russia\nA bul H")];
    let first = play(&game, &sheets);
    let second = play(&game, &sheets);
    assert_eq!(first.next, second.next);
    assert_eq!(first.public, second.public);
    assert_eq!(first.private, second.private);
}

// See: brief: each bad line is rejected with a clear reason while the good lines are kept.
#[test]
fn cd_bad_covert_lines_are_explained_and_good_lines_kept() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 1, 2)]);
    let check = game.check_orders(
        seat(&game, "Russia"),
        "A mos - ukr\nFD\nCIO ask z Turkey\nCIO ask a Narnia\nVOTE Russia x\nFD bul",
    );
    let reasons: Vec<&str> = check.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "an FD names one center: `FD bul`",
            "`z` is not a question: ask a, b, c (a power) or d (a center)",
            "`Narnia` is not a power",
            "`x` is not a number of votes",
        ]
    );
    let accepted: Vec<&str> = check.accepted.iter().map(|a| a.text.as_str()).collect();
    assert_eq!(accepted, ["A mos - ukr", "FD bul"]);
}

// See: sheet "One FD spent in the fall will support one counter-insurgency for the next year. Additional
// FD's will be needed in later years"; "FD's can be held until needed".
#[test]
fn cd_counter_insurgency_lasts_one_winter_and_fds_are_held_until_spent() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul", "Turkey F ank"], &[("Russia", 2, 0)]);
    let winter = play(&game, &[("Russia", "FD bul")]).next;
    assert_eq!(account(&winter, "Russia"), (2, 4), "one held, one credited");
    let mut game = play(&winter, &[("Turkey", "Build A con")]).next;
    while game.phase().code != "W1903A" {
        game = play(&game, &[]).next;
    }
    assert_eq!(game.order_form(seat(&game, "Turkey")).notes, ["1 build allowed this Winter"], "no FD this year");
}

// See: sheet "Voting is optional, and each power may split his vote if he has more than one FD".
#[test]
fn cd_votes_may_be_split_between_candidates() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 2, 0)]);
    let check = game.check_orders(seat(&game, "Russia"), "VOTE Russia 2\nVOTE Turkey 1\nVOTE Italy 1");
    assert_eq!(check.accepted.len(), 2);
    assert_eq!(check.rejected[0].reason, "you have only 0 vote(s) left");
    let processed = play(&game, &[("Russia", "VOTE Russia 2\nVOTE Turkey 1")]);
    assert!(events(&processed, &game, "Russia").contains("You hold influence"), "2 of 3 votes");
}

// See: sheet "The fifth type of CIO will have the effect of blocking the other four kinds of CIO's".
#[test]
fn cd_block_stops_questions_a_b_and_c_of_the_blocked_power() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 0, 1), ("Turkey", 0, 3)]);
    let processed = play(
        &game,
        &[("Russia", "CIO block Turkey"), ("Turkey", "CIO ask a Russia\nCIO ask b Russia\nCIO ask c Russia")],
    );
    let answers = events(&processed, &game, "Turkey");
    assert_eq!(answers.matches(": no response").count(), 3, "{answers}");
}

// See: the issue: covert orders are reachable as structured choices through the order form.
#[test]
fn cd_order_form_offers_the_covert_orders_the_power_may_give() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A con"], &[("Russia", 1, 2)]);
    let russia = seat(&game, "Russia");
    let form = game.order_form(russia);
    let keys: Vec<&str> = form.rows.iter().map(|row| row.key.as_str()).collect();
    for key in ["fd1", "cio1", "cio2", "vote1"] {
        assert!(keys.contains(&key), "{keys:?}");
    }
    let fd = form.rows.iter().find(|row| row.key == "fd1").unwrap();
    assert_eq!(fd.choices.len(), 1 + 12, "none, or one of the twelve neutral centers");
    for row in form.rows.iter().filter(|row| ["fd1", "cio1", "vote1"].contains(&row.key.as_str())) {
        for choice in row.choices.iter().filter(|c| !c.value.is_empty()) {
            assert!(game.check_orders(russia, &choice.value).rejected.is_empty(), "{}", choice.value);
        }
    }
}

// See: rulings 0.2 with 1.2: a Winter left with nothing to decide by a counter-insurgency is skipped.
#[test]
fn cd_1_2_winter_left_with_nothing_to_decide_is_skipped() {
    let standard = new_game().public_view().board.unwrap().units;
    let mut start: Vec<String> =
        standard.iter().filter(|u| u.region != "smy").map(|u| format!("{} {} {}", u.power, u.kind, u.region)).collect();
    start.push("Turkey A bul".to_string());
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let game = game_at("F1902M", &start, &[("bul", "Turkey")], &[("Russia", 1, 0)]);
    assert_eq!(play(&game, &[]).next.phase().code, "W1902A", "Turkey could build in Smyrna");
    let processed = play(&game, &[("Russia", "FD bul")]);
    assert_eq!(processed.next.phase().code, "S1903M", "the build is denied: nothing to decide");
    assert!(processed.public.events.contains(&"Counter-insurgencies this Winter: Bulgaria".to_string()));
}

// See: the issue: the accepted lines, in their canonical notation, read back to the same orders.
#[test]
fn cd_canonical_sheet_reads_back_the_same() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 2, 3)]);
    let russia = seat(&game, "Russia");
    let check = game.check_orders(russia, "fd Bulgaria\ncio ASK d bul\ncio block tur\nvote russia\nA mos - ukr");
    assert!(check.rejected.is_empty(), "{:?}", check.rejected);
    let canonical = check.sheet();
    assert_eq!(canonical, "FD bul\nCIO ask d bul\nCIO block Turkey\nVOTE Russia 1\nA mos - ukr");
    assert_eq!(game.check_orders(russia, &canonical).accepted, check.accepted);
}

// Issue 29 item 9: the Fall's 37 CIOs are chosen by their form (a to e), then the power or center they
// name, never from one flat list; each chain ends in the CIO's own notation.
#[test]
fn cd_cios_are_offered_by_their_form_then_the_power_or_center_they_name() {
    let game = turkey_in_bulgaria("F1902M", &["Turkey A bul"], &[("Russia", 1, 2)]);
    let form = game.order_form(seat(&game, "Russia"));
    let cio = form.rows.iter().find(|row| row.key == "cio1").expect("a CIO row");
    let orders: Vec<&kinds::Choice> = cio.choices.iter().filter(|choice| !choice.value.is_empty()).collect();
    assert!(orders.len() > 30, "{} CIOs", orders.len());
    assert!(orders.iter().all(|choice| choice.steps.len() == 2), "every CIO is a chain of two choices");
    let mut forms: Vec<&str> = Vec::new();
    for choice in &orders {
        if !forms.contains(&choice.steps[0].value.as_str()) {
            forms.push(choice.steps[0].value.as_str());
        }
    }
    assert_eq!(forms, ["cio-fds", "cio-cios", "cio-balance", "cio-block", "cio-supporters"]);
    for form in forms {
        let second = orders.iter().filter(|choice| choice.steps[0].value == form).count();
        assert!(second <= 13, "{form} lists {second} choices");
    }
    let block = orders.iter().find(|choice| choice.steps[0].value == "cio-block" && choice.steps[1].value == "turkey");
    assert_eq!(block.map(|choice| choice.value.as_str()), Some("CIO block Turkey"));
}
