//! The GM's view of each kind (issue 18, rulings 0.5: a secret is its seat's and the GM's): each test
//! plants a secret, finds it in words in `AnyGame::gm_view`, and checks the public view lacks it, so the
//! GM view is where the secret is and the public view is not.

use kinds::{AnyGame, Kind, View};

use crate::support::{covert_dip, covert_ops, diplobucks, terrorism};

fn words(view: &View) -> String {
    let facts = view.facts.iter().map(|(label, value)| format!("{label}: {value}"));
    facts.chain(view.notes.iter().cloned()).collect::<Vec<_>>().join("\n")
}

/// The GM sees `needle` and the public does not.
#[track_caller]
fn only_the_gm_sees(game: &AnyGame, needle: &str) {
    let gm = words(&game.gm_view());
    assert!(gm.contains(needle), "the GM view lacks {needle:?}:\n{gm}");
    let public = words(&game.public_view());
    assert!(!public.contains(needle), "the public view shows {needle:?}:\n{public}");
}

#[test]
fn the_gm_sees_every_diplobucks_balance_and_the_public_none() {
    let game = diplobucks::game_at("S1902M", &["France A par"], &[], &[("France", 7777), ("Italy", 4321)]);
    only_the_gm_sees(&game, "France's ledger: 7777 DB");
    only_the_gm_sees(&game, "Italy's ledger: 4321 DB");
}

#[test]
fn the_gm_sees_every_covert_dip_account_and_the_public_none() {
    let game = covert_dip::game_at("F1902M", &["France A par"], &[], &[("Turkey", 5, 2)]);
    only_the_gm_sees(&game, "Turkey's Swiss account: 5 FD(s), 2 CIO(s)");
}

#[test]
fn the_gm_sees_who_controls_each_terrorist_group_and_every_agency() {
    let game = terrorism::arranged(&[], &[("France", 17)]);
    let game = terrorism::add_group(&game, "Red Hand", "bur", 6, "Germany");
    let game = terrorism::add_agency(&game, "KGB", "Russia", 9);
    only_the_gm_sees(&game, "Group Red Hand in Burgundy (treasury 6) is controlled by Germany");
    only_the_gm_sees(&game, "Agency KGB of Russia holds 9");
    // Treasuries are public (rulings 3.6); the GM view names them too, with the capital.
    assert!(words(&game.gm_view()).contains("France's treasury: 17"));
}

#[test]
fn the_gm_sees_every_covert_operations_players_cash_and_the_public_none() {
    let game = covert_ops::new_game(3);
    let game = covert_ops::edit(&game, |state| covert_ops::player(state, 2)["cash"] = 98765.into());
    only_the_gm_sees(&game, "Player 2: cash: $98765 million");
}

#[test]
fn a_standard_game_has_no_secrets_so_the_gm_view_is_the_public_one() {
    let game = AnyGame::new(Kind::Standard, &serde_json::Value::Null, 1).unwrap();
    assert_eq!(game.gm_view(), game.public_view());
}

/// A fresh game of every registered kind, and the same game one phase on with nobody ordering.
fn every_kind_now_and_one_phase_on() -> Vec<(Kind, AnyGame)> {
    Kind::ALL
        .iter()
        .flat_map(|&kind| {
            let game =
                AnyGame::new(kind, &serde_json::Value::Null, 3).unwrap_or_else(|error| panic!("{kind:?}: {error}"));
            let next = game.process(&Default::default(), 11).next;
            [(kind, game), (kind, next)]
        })
        .collect()
}

// See: rulings 0.5 (a secret is its seat's and the GM's: the GM view adds secrets to the public view)
#[test]
fn every_registered_kind_s_gm_view_shows_everything_the_public_view_shows() {
    let mut facts_checked = 0;
    for (kind, game) in every_kind_now_and_one_phase_on() {
        let (public, gm) = (game.public_view(), game.gm_view());
        assert_eq!(public.board, gm.board, "{kind:?}: the GM's board is not the public one");
        for fact in &public.facts {
            assert!(gm.facts.contains(fact), "{kind:?}: the GM view lacks the public fact {fact:?}");
            facts_checked += 1;
        }
    }
    assert!(facts_checked > Kind::ALL.len(), "only {facts_checked} public facts: the kinds' views are empty");
}
