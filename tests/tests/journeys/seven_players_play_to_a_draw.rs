//! Journey: seven people register (one later signs out and in again), join one standard game and play
//! two full years through the order forms (some use the per-unit selects, some the text box), with a
//! dislodgement, a retreat, builds and a removal. The turn worker running beside the site processes
//! every phase by itself: early once every seat that must order is ready, and the retreat and the Fall
//! 1902 movement when their deadlines pass on the site's clock (Turkey sends no orders that Fall, so its
//! units hold: rulings 0.3). The seven then vote for a draw, the final page says so, and a
//! visitor who is not signed in replays every phase on the map with its orders and results.

use backchannel_tests::{Browser, SiteWithWorker};
use fantoccini::cookies::Cookie;
use sqlx::PgPool;

use Entry::{Selects, TextBox};

/// One person at the table: their account and the power they choose.
struct Player {
    username: &'static str,
    power: &'static str,
    title: &'static str,
}

const PLAYERS: [Player; 7] = [
    Player { username: "anna", power: "austria", title: "Austria" },
    Player { username: "edgar", power: "england", title: "England" },
    Player { username: "fleur", power: "france", title: "France" },
    Player { username: "gustav", power: "germany", title: "Germany" },
    Player { username: "ilaria", power: "italy", title: "Italy" },
    Player { username: "rurik", power: "russia", title: "Russia" },
    Player { username: "timur", power: "turkey", title: "Turkey" },
];

/// How a player gives their orders.
#[derive(Clone, Copy)]
enum Entry {
    /// One select per unit (or per build): each order is the value of a legal option.
    Selects,
    /// The text box, in judge notation.
    TextBox,
}

/// One seat's orders for a phase.
struct Sheet {
    seat: usize,
    entry: Entry,
    orders: &'static [&'static str],
}

/// How the worker comes to process a phase.
#[derive(Clone, Copy, PartialEq)]
enum Trigger {
    /// Every seat that must order marks itself ready, so the phase is processed early.
    EveryoneReady,
    /// Nobody marks ready; the site's clock passes the deadline.
    DeadlinePasses,
}

/// One phase of the game as the players play it.
struct Turn {
    label: &'static str,
    sheets: &'static [Sheet],
    /// Seats that must order but send nothing (their units hold).
    silent: &'static [usize],
    trigger: Trigger,
}

const AUSTRIA: usize = 0;
const ENGLAND: usize = 1;
const FRANCE: usize = 2;
const GERMANY: usize = 3;
const ITALY: usize = 4;
const RUSSIA: usize = 5;
const TURKEY: usize = 6;

/// Two years: every neutral center is taken in 1901 and everyone builds; in 1902 Austria dislodges
/// Turkey from Bulgaria (Turkey retreats to Constantinople), takes it, builds, and Turkey removes a unit.
const GAME: [Turn; 7] = [
    Turn {
        label: "Spring 1901 Movement",
        trigger: Trigger::EveryoneReady,
        silent: &[],
        sheets: &[
            Sheet { seat: AUSTRIA, entry: Selects, orders: &["A vie - gal", "F tri - alb", "A bud - ser"] },
            Sheet { seat: ENGLAND, entry: TextBox, orders: &["F lon - nth", "F edi - nwg", "A lvp - yor"] },
            Sheet { seat: FRANCE, entry: Selects, orders: &["A par - bur", "A mar - spa", "F bre - mao"] },
            Sheet { seat: GERMANY, entry: TextBox, orders: &["A ber - kie", "A mun - ruh", "F kie - den"] },
            Sheet { seat: ITALY, entry: Selects, orders: &["A ven H", "A rom - apu", "F nap - ion"] },
            Sheet {
                seat: RUSSIA,
                entry: TextBox,
                orders: &["A war - gal", "F sev - bla", "A mos - ukr", "F stp/sc - bot"],
            },
            Sheet { seat: TURKEY, entry: Selects, orders: &["A con - bul", "F ank - bla", "A smy - arm"] },
        ],
    },
    Turn {
        label: "Fall 1901 Movement",
        trigger: Trigger::EveryoneReady,
        silent: &[],
        sheets: &[
            Sheet { seat: AUSTRIA, entry: Selects, orders: &["F alb - gre", "A ser H", "A vie - bud"] },
            Sheet { seat: ENGLAND, entry: TextBox, orders: &["F nwg - nwy", "F nth H", "A yor - edi"] },
            Sheet { seat: FRANCE, entry: Selects, orders: &["A bur - bel", "A spa H", "F mao - por"] },
            Sheet { seat: GERMANY, entry: TextBox, orders: &["A kie - hol", "A ruh H", "F den H"] },
            Sheet { seat: ITALY, entry: Selects, orders: &["F ion - tun", "A apu H", "A ven H"] },
            Sheet { seat: RUSSIA, entry: TextBox, orders: &["A ukr - rum", "F bot - swe", "A war H", "F sev H"] },
            Sheet { seat: TURKEY, entry: Selects, orders: &["A bul H", "F ank H", "A arm H"] },
        ],
    },
    Turn {
        label: "Winter 1901 Adjustment",
        trigger: Trigger::EveryoneReady,
        silent: &[],
        sheets: &[
            Sheet { seat: AUSTRIA, entry: Selects, orders: &["Build A vie", "Build F tri"] },
            Sheet { seat: ENGLAND, entry: TextBox, orders: &["F lon B"] },
            Sheet { seat: FRANCE, entry: Selects, orders: &["Build A par", "Build A mar", "Build F bre"] },
            Sheet { seat: GERMANY, entry: TextBox, orders: &["A ber B", "F kie B"] },
            Sheet { seat: ITALY, entry: Selects, orders: &["Build F nap"] },
            Sheet { seat: RUSSIA, entry: TextBox, orders: &["A mos B", "F stp/nc B"] },
            Sheet { seat: TURKEY, entry: Selects, orders: &["Build F smy"] },
        ],
    },
    Turn {
        label: "Spring 1902 Movement",
        trigger: Trigger::EveryoneReady,
        silent: &[],
        sheets: &[
            Sheet {
                seat: AUSTRIA,
                entry: Selects,
                orders: &["A ser - bul", "F gre S A ser - bul", "A bud - ser", "A vie H", "F tri - adr"],
            },
            Sheet { seat: ENGLAND, entry: TextBox, orders: &["F nth - hel", "F nwy H", "A edi H", "F lon - eng"] },
            Sheet {
                seat: FRANCE,
                entry: TextBox,
                orders: &["A bel H", "A spa - gas", "F por H", "A par - pic", "A mar H", "F bre H"],
            },
            Sheet {
                seat: GERMANY,
                entry: Selects,
                orders: &["A hol H", "A ruh - mun", "F den H", "A ber H", "F kie - bal"],
            },
            Sheet { seat: ITALY, entry: Selects, orders: &["F tun H", "A apu H", "A ven H", "F nap - tys"] },
            Sheet {
                seat: RUSSIA,
                entry: TextBox,
                orders: &["A rum H", "F swe H", "A war H", "F sev H", "A mos H", "F stp/nc - bar"],
            },
            Sheet { seat: TURKEY, entry: Selects, orders: &["A bul H", "F ank H", "A arm H", "F smy H"] },
        ],
    },
    Turn {
        label: "Spring 1902 Retreat",
        trigger: Trigger::DeadlinePasses,
        silent: &[],
        sheets: &[Sheet { seat: TURKEY, entry: Selects, orders: &["A bul R con"] }],
    },
    Turn {
        label: "Fall 1902 Movement",
        trigger: Trigger::DeadlinePasses,
        silent: &[TURKEY],
        sheets: &[
            Sheet {
                seat: AUSTRIA,
                entry: TextBox,
                orders: &["A bul H", "F gre S A bul", "A ser H", "A vie H", "F adr H"],
            },
            Sheet { seat: ENGLAND, entry: TextBox, orders: &["F hel H", "F nwy H", "A edi H", "F eng H"] },
            Sheet {
                seat: FRANCE,
                entry: Selects,
                orders: &["A bel H", "A gas H", "F por H", "A pic H", "A mar H", "F bre H"],
            },
            Sheet { seat: GERMANY, entry: TextBox, orders: &["A hol H", "A mun H", "F den H", "A ber H", "F bal H"] },
            Sheet { seat: ITALY, entry: Selects, orders: &["F tun H", "A apu H", "A ven H", "F tys H"] },
            Sheet {
                seat: RUSSIA,
                entry: Selects,
                orders: &["A rum H", "F swe H", "A war H", "F sev H", "A mos H", "F bar H"],
            },
        ],
    },
    Turn {
        label: "Winter 1902 Adjustment",
        trigger: Trigger::EveryoneReady,
        silent: &[],
        sheets: &[
            Sheet { seat: AUSTRIA, entry: Selects, orders: &["Build A bud"] },
            Sheet { seat: TURKEY, entry: TextBox, orders: &["A arm D"] },
        ],
    },
];

/// The phase the game reaches after the last turn above, in which the seven agree to a draw.
const LAST_PHASE: &str = "Spring 1903 Movement";

/// What the signed-out visitor must find on each processed phase's page: orders with their results
/// (as the results table words them) and the map's drawing of the phase.
struct Replay {
    label: &'static str,
    results: &'static [(&'static str, &'static str)],
    events: &'static [&'static str],
    /// CSS selectors, inside the map, that must match something.
    on_map: &'static [&'static str],
}

const REPLAYS: [Replay; 7] = [
    Replay {
        label: "Spring 1901 Movement",
        results: &[
            ("A vie - gal", "fails"),
            ("A war - gal", "fails"),
            ("F sev - bla", "fails"),
            ("F tri - alb", "succeeds"),
        ],
        events: &[],
        on_map: &["g.order.move.failed[data-power='Austria']", "g.order.move.succeeded[data-power='Russia']"],
    },
    Replay {
        label: "Fall 1901 Movement",
        results: &[("F alb - gre", "succeeds"), ("A ukr - rum", "succeeds"), ("F nwg - nwy", "succeeds")],
        events: &["Austria takes Serbia", "England takes Norway", "Italy takes Tunis"],
        on_map: &["g.unit[data-power='Austria'][data-province='alb']", "g.order.hold[data-power='Turkey']"],
    },
    Replay {
        label: "Winter 1901 Adjustment",
        results: &[("Build A vie", "succeeds"), ("Build F stp/nc", "succeeds"), ("Build F smy", "succeeds")],
        events: &[],
        on_map: &["g.order.build[data-power='France']"],
    },
    Replay {
        label: "Spring 1902 Movement",
        results: &[("A ser - bul", "succeeds"), ("F gre S A ser - bul", "succeeds"), ("A bul H", "fails")],
        events: &["Turkey's A bul was dislodged"],
        on_map: &["g.order.support[data-power='Austria']", "g.unit[data-power='Austria'][data-province='vie']"],
    },
    Replay {
        label: "Spring 1902 Retreat",
        results: &[("A bul R con", "succeeds")],
        events: &[],
        on_map: &["g.unit.dislodged[data-power='Turkey'][data-province='bul']", "g.order.retreat"],
    },
    Replay {
        label: "Fall 1902 Movement",
        results: &[("A bul H", "succeeds"), ("F gre S A bul", "succeeds")],
        events: &["Austria takes Bulgaria"],
        on_map: &["g.unit[data-power='Turkey'][data-province='con']"],
    },
    Replay {
        label: "Winter 1902 Adjustment",
        results: &[("Build A bud", "succeeds"), ("A arm D", "succeeds")],
        events: &[],
        on_map: &["g.order.build[data-power='Austria']", "g.order.remove[data-power='Turkey']"],
    },
];

/// Supply centers per power (Austria .. Turkey) at the start of a phase, as the history's chart lists them.
const CENTERS: [(&str, [u32; 7]); 3] = [
    ("Spring 1901 Movement", [3, 3, 3, 3, 3, 4, 3]),
    ("Winter 1901 Adjustment", [5, 4, 6, 5, 4, 6, 4]),
    ("Spring 1903 Movement", [6, 4, 6, 5, 4, 6, 3]),
];

#[sqlx::test(migrations = "../migrations")]
async fn seven_players_play_two_years_in_the_browser_to_a_draw_and_a_visitor_replays_every_phase(
    pool: PgPool,
) -> anyhow::Result<()> {
    let site = SiteWithWorker::start(pool).await?;
    let browser = Browser::start().await?;
    let mut sessions = register_everyone(&browser, &site.url).await?;
    let game = create_and_fill_game(&browser, &site.url, &sessions).await?;

    for (index, turn) in GAME.iter().enumerate() {
        for sheet in turn.sheets {
            give_orders(&browser, &game, &sessions[sheet.seat], turn, sheet).await?;
        }
        browser.resume(&sessions[AUSTRIA]).await?;
        if turn.trigger == Trigger::DeadlinePasses {
            check_nobody_is_ready(&browser, &game, turn).await?;
            // Movements last 8 minutes and retreats 5; nobody is ready, so only the deadline can end it.
            site.clock.advance(chrono::Duration::minutes(9));
        }
        let next = GAME.get(index + 1).map_or(LAST_PHASE, |turn| turn.label);
        browser.reload_until_text(&game.page, "#current-phase", next).await?;
    }
    check_the_board_after_two_years(&browser).await?;
    // Two years on, Timur comes back on another day: he signs out and in again through the forms.
    browser.resume(&sessions[TURKEY]).await?;
    browser.log_out().await?;
    browser.log_in(&site.url, PLAYERS[TURKEY].username).await?;
    sessions[TURKEY] = browser.session().await?;
    vote_for_a_draw(&browser, &game, &sessions).await?;
    site.stop_worker().await?;

    browser.forget_sessions().await?;
    replay_as_a_visitor(&browser, &game).await?;
    browser.close().await
}

/// Where the game lives.
struct Game {
    page: String,
    orders: String,
    history: String,
}

/// Registers the seven; each keeps their own session, as each would in their own browser.
async fn register_everyone(browser: &Browser, site: &str) -> anyhow::Result<Vec<Cookie<'static>>> {
    let mut sessions = Vec::new();
    for player in &PLAYERS {
        browser.forget_sessions().await?;
        browser.register(site, player.username, player.title).await?;
        sessions.push(browser.session().await?);
    }
    Ok(sessions)
}

/// Anna creates the game (movements last 8 minutes, retreats 5, adjustments a day; processed early when
/// everyone is ready, the default), and everyone joins with their power; the seventh join starts it.
async fn create_and_fill_game(browser: &Browser, site: &str, sessions: &[Cookie<'static>]) -> anyhow::Result<Game> {
    browser.resume(&sessions[AUSTRIA]).await?;
    browser.goto(&format!("{site}/games/new")).await?;
    browser.fill("#settings-form input[name=name]", "Seven Seas").await?;
    browser.fill("#settings-form input[name=movement]", "8m").await?;
    browser.fill("#settings-form input[name=retreat]", "5m").await?;
    let early = browser.wait_for("#process-when-ready").await?;
    assert!(early.prop("checked").await?.as_deref() == Some("true"), "process early is not the default");
    browser.click("#save-settings").await?;
    let page = browser.wait_for_path(|path| path.starts_with("/games/") && path != "/games/new").await?;
    for (player, session) in PLAYERS.iter().zip(sessions) {
        browser.resume(session).await?;
        browser.goto(&page).await?;
        browser.select("#join-power", player.power).await?;
        browser.click("#join").await?;
        browser.wait_for("#seats tr.mine").await?;
    }
    browser.wait_for_text("#game-status", "Running").await?;
    Ok(Game { orders: format!("{page}/orders"), history: format!("{page}/phases"), page })
}

/// One player opens their order page, gives the sheet's orders the way they prefer, checks the page
/// reads them back, and (unless the phase is to run to its deadline) marks themselves ready.
async fn give_orders(
    browser: &Browser,
    game: &Game,
    session: &Cookie<'static>,
    turn: &Turn,
    sheet: &Sheet,
) -> anyhow::Result<()> {
    browser.resume(session).await?;
    browser.goto(&game.orders).await?;
    browser.wait_for_text("#phase-label", turn.label).await?;
    match sheet.entry {
        Entry::Selects => choose_in_selects(browser, sheet.orders).await?,
        Entry::TextBox => type_in_text_box(browser, sheet.orders).await?,
    }
    let saved = match sheet.orders.len() {
        1 => "Saved 1 order.".to_owned(),
        count => format!("Saved {count} orders."),
    };
    let message = browser.wait_for_text("#saved-message", &saved).await?;
    assert!(!message.contains("refused"), "{}: {message}", turn.label);
    let read_back = browser.texts("#accepted-orders li").await?;
    assert_eq!(read_back.len(), sheet.orders.len(), "{}: {read_back:?}", turn.label);
    if turn.trigger == Trigger::EveryoneReady {
        browser.click("#ready-toggle").await?;
        browser.wait_for_text("p.flash", "You are marked ready.").await?;
    }
    Ok(())
}

/// Before a deadline-run phase ends, the game page shows who has orders in (never the orders) and that
/// nobody is ready, so only the deadline can end it.
async fn check_nobody_is_ready(browser: &Browser, game: &Game, turn: &Turn) -> anyhow::Result<()> {
    browser.goto(&game.page).await?;
    browser.wait_for_text("#current-phase", turn.label).await?;
    let progress = browser.texts("#order-progress tbody tr").await?;
    let row_of =
        |seat: usize| progress.iter().find(|row| row.starts_with(PLAYERS[seat].title)).cloned().unwrap_or_default();
    for sheet in turn.sheets {
        let row = row_of(sheet.seat);
        assert!(row.contains("orders in") && row.contains("not ready"), "{}: {progress:?}", turn.label);
    }
    for &seat in turn.silent {
        let row = row_of(seat);
        assert!(row.contains("not yet") && row.contains("not ready"), "{}: {progress:?}", turn.label);
    }
    Ok(())
}

/// Picks each order in its unit's select; builds and removals fill the Winter's numbered rows in turn.
async fn choose_in_selects(browser: &Browser, orders: &[&str]) -> anyhow::Result<()> {
    let builds = orders.iter().filter(|order| order.starts_with("Build ")).count();
    let removals = orders.iter().filter(|order| order.starts_with("Remove ")).count();
    let (mut build, mut removal) = (0, 0);
    for order in orders {
        let row = if order.starts_with("Build ") {
            build += 1;
            format!("Build {build} of {builds}")
        } else if order.starts_with("Remove ") {
            removal += 1;
            format!("Removal {removal} of {removals}")
        } else {
            order.split(' ').take(2).collect::<Vec<_>>().join(" ")
        };
        browser.choose_order(&row, order).await?;
    }
    browser.click("#save-form-orders").await
}

async fn type_in_text_box(browser: &Browser, orders: &[&str]) -> anyhow::Result<()> {
    browser.fill("#order-text", &orders.join("\n")).await?;
    browser.click("#save-text-orders").await
}

/// After Winter 1902, the game page's board for Spring 1903 shows the units the orders put in place.
async fn check_the_board_after_two_years(browser: &Browser) -> anyhow::Result<()> {
    let rows = browser.texts("#board .board-list tbody tr").await?;
    let row_of = |power: &str| rows.iter().find(|row| row.starts_with(power)).cloned().unwrap_or_default();
    let expected: [(&str, &[&str]); 3] = [
        ("Austria", &["A bul", "A ser", "A bud", "A vie", "F gre", "F adr"]),
        ("Turkey", &["A con", "F ank", "F smy"]),
        ("Russia", &["A rum", "F swe", "F bar", "A mos"]),
    ];
    for (power, units) in expected {
        let row = row_of(power);
        for unit in units {
            assert!(row.contains(unit), "{power} should have {unit}: {row}");
        }
    }
    assert!(!row_of("Turkey").contains("A arm"), "Turkey removed A arm: {rows:?}");
    assert!(!row_of("Turkey").contains("A bul"), "Turkey retreated from Bulgaria: {rows:?}");
    Ok(())
}

/// Each of the seven votes for a draw on their order page; the last vote ends the game.
async fn vote_for_a_draw(browser: &Browser, game: &Game, sessions: &[Cookie<'static>]) -> anyhow::Result<()> {
    let (last, first_six) = sessions.split_last().expect("seven sessions");
    for session in first_six {
        browser.resume(session).await?;
        browser.goto(&game.orders).await?;
        browser.click("#draw-toggle").await?;
        browser.wait_for_text("p.flash", "You voted for a draw.").await?;
    }
    browser.resume(last).await?;
    browser.goto(&game.orders).await?;
    browser.click("#draw-toggle").await?;
    browser.wait_for_text("p.flash", "the game has ended in a draw").await?;
    let result = browser.text("#game-result").await?;
    assert!(result.contains("Draw between Austria, England, France, Germany, Italy, Russia and Turkey"), "{result}");
    browser.goto(&game.page).await?;
    browser.wait_for_text("#game-status", "Finished").await?;
    browser.wait_for_text("#game-result", "Draw between").await?;
    Ok(())
}

/// A visitor who is not signed in reads the final result, the centers over time, and every processed
/// phase's orders, results and map, walking the history from the first phase with "next".
async fn replay_as_a_visitor(browser: &Browser, game: &Game) -> anyhow::Result<()> {
    browser.goto(&game.history).await?;
    browser.wait_for_text("#game-result", "Draw between").await?;
    assert_eq!(browser.count("#centers-chart svg").await?, 1, "the history draws no chart of centers");
    let chart: Vec<String> = browser
        .texts("#centers-over-time tbody tr")
        .await?
        .iter()
        .map(|row| row.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(chart.len(), GAME.len() + 1, "{chart:?}");
    for (label, counts) in CENTERS {
        let expected = counts.map(|count| count.to_string()).join(" ");
        let row = chart.iter().find(|row| row.starts_with(label)).cloned().unwrap_or_default();
        assert!(row.ends_with(&expected), "{label}: {row:?}, expected centers {expected}");
    }
    browser.click("#centers-over-time tbody tr:first-child a").await?;
    for replay in &REPLAYS {
        browser.wait_for_text("#phase-label", replay.label).await?;
        check_results(browser, replay).await?;
        browser.click("#next-phase").await?;
    }
    browser.wait_for_text("#phase-label", LAST_PHASE).await?;
    browser.wait_for("#not-processed").await?;
    assert!(browser.count("#map svg g.unit[data-power='Austria'][data-province='bud']").await? == 1);
    Ok(())
}

async fn check_results(browser: &Browser, replay: &Replay) -> anyhow::Result<()> {
    let rows = browser.texts("#results tbody tr").await?;
    for (order, result) in replay.results {
        let row = rows.iter().find(|row| row.contains(order)).cloned().unwrap_or_default();
        assert!(row.contains(result), "{}: {order} should be reported as {result:?}; rows: {rows:?}", replay.label);
    }
    if !replay.events.is_empty() {
        let events = browser.text("#events").await?;
        for event in replay.events {
            assert!(events.contains(event), "{}: {event:?} missing from {events:?}", replay.label);
        }
    }
    assert!(browser.count("#map svg").await? == 1, "{}: no map", replay.label);
    for drawn in replay.on_map {
        let found = browser.count(&format!("#map svg {drawn}")).await?;
        assert!(found > 0, "{}: the map lacks {drawn}", replay.label);
    }
    Ok(())
}
