//! A scripted three-year Cabinet Diplomacy II game through the `AnyGame` interface, as the server runs it:
//! every phase's state stored as JSON and read back; commanders' orders with backups, a relief and a
//! standby player seated by the GM, builds by the Head of State, a coup making a dual monarchy with pooled
//! builds, and a secession.

use crate::support::cabinet::*;
use kinds::cabinet::SeatStatus;

fn has(units: &[String], unit: &str) -> bool {
    units.iter().any(|u| u == unit)
}

#[test]
fn a_three_year_cabinet_game_relieves_a_commander_forms_a_dual_monarchy_and_secedes() {
    let game = new_game();
    assert_eq!(game.phase().code, "S1901M");

    // Spring 1901: France's General and Admiral order, the Head of State's backup moves Marseilles; Germany's
    // Head of State relieves his Admiral with the General's signature.
    let (game, spring) = step(
        &game,
        &[
            ("France: General", "A par - bur"),
            ("France: Admiral", "F bre - mao"),
            ("France: Head of State", "A mar - spa\nA par - pic"),
            ("Germany: Head of State", "RELIEVE admiral"),
            ("Germany: General", "RELIEVE admiral\nA mun - ruh\nA ber - kie"),
            ("Germany: Admiral", "F kie - den"),
        ],
    );
    assert_eq!(game.phase().code, "F1901M");
    let now = units(&game);
    for unit in ["France A bur", "France A spa", "France F mao", "Germany F den", "Germany A ruh", "Germany A kie"] {
        assert!(has(&now, unit), "{unit} in {now:?}");
    }
    assert!(events(&spring, &game, "Germany: Head of State").contains("Motion 1 took effect"));
    assert_eq!(status(&game, "Germany: Admiral"), SeatStatus::Vacant);
    assert!(game.must_order(seat(&game, "Germany: Head of State")), "he orders the fleet now");

    // The GM seats a standby Admiral, who orders from the Fall on.
    let game = gm(&game, "SEAT Germany admiral person 900");
    assert_eq!(holder(&game, "Germany: Admiral"), Some(kinds::cabinet::PersonId(900)));
    let (game, _) = step(
        &game,
        &[
            ("France: General", "A bur - bel"),
            ("France: Admiral", "F mao - por"),
            ("Germany: Admiral", "F den H"),
            ("Germany: General", "A kie - hol"),
            ("Italy: General", "A ven - tyr"),
        ],
    );
    assert_eq!(game.phase().code, "W1901A");

    // Winter 1901: builds are the Head of State's alone.
    let hos = game.order_form(seat(&game, "France: Head of State"));
    assert_eq!(hos.rows.iter().filter(|r| r.label.starts_with("Build")).count(), 3, "{hos:?}");
    assert_eq!(refusal(&game, "France: General", "Build A par"), "builds and removals are the Head of State's");
    let (game, _) = step(
        &game,
        &[
            ("France: Head of State", "Build A par\nBuild A mar\nBuild F bre"),
            ("Germany: Head of State", "Build A ber\nBuild F kie"),
        ],
    );
    assert_eq!(game.phase().code, "S1902M");
    let now = units(&game);
    assert!(has(&now, "France A par") && has(&now, "Germany F kie"), "{now:?}");

    // Spring 1902: Italy's commanders depose their Head of State in favour of France's; he signs in the Fall.
    let (game, _) = step(&game, &[("Italy: General", "COUP WITH France"), ("Italy: Admiral", "COUP WITH France")]);
    let (game, fall) = step(&game, &[("France: Head of State", "SIGN 2\nA par - gas")]);
    assert_eq!(
        status(&game, "Italy: Head of State"),
        SeatStatus::Joined { head: seat(&game, "France: Head of State") }
    );
    assert!(events(&fall, &game, "Italy: General").contains("Motion 2 took effect"));
    assert!(!game.public_view().facts.iter().any(|(_, v)| v.contains("monarchy")));
    assert_eq!(accepted(&game, "France: Head of State", "A rom - apu"), "A rom - apu", "backups for Italy too");

    // Spring 1903 after the Winter: Italy secedes with its previous Head of State's agreement.
    let (game, _) = if game.phase().code == "W1902A" { step(&game, &[]) } else { (game.clone(), fall.clone()) };
    assert_eq!(game.phase().code, "S1903M");
    let previous = person(seat(&game, "Italy: Head of State"));
    let (game, _) = step(&game, &[("Italy: General", "SECEDE"), ("Italy: Admiral", "SECEDE")]);
    let game = gm(&game, &format!("AS person {} SIGN 3", previous.0));
    let (game, _) = step(&game, &[]);
    assert_eq!(holder(&game, "Italy: Head of State"), Some(previous));
    assert_eq!(game.phase().code, "S1904M", "{}", game.phase().code);
    assert_eq!(game.outcome(), None);
}
