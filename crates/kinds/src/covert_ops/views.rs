//! What a player sees of their own position between days, and what anyone may see of the game.
//! There is no standard board: both views are facts and notes.

use covert_ops::{GameState, GameStatus, PlayerId, WorldMap};

use super::describe::{country, money, order_meaning};
use super::player_title;
use crate::kind::{View, WorldBoard};

/// A player's own position: cash, couriers, superspy, the countries they lead, their influence and
/// spies, and their waiting orders. Nothing about any other player.
pub(super) fn seat_view(map: &WorldMap, game: &GameState, player: PlayerId) -> View {
    let Some(position) = game.player(player) else {
        return View::default();
    };
    let led: Vec<String> =
        game.countries.iter().filter(|c| c.leader == Some(player)).map(|c| country(map, c.code)).collect();
    let influence: Vec<String> = game
        .countries
        .iter()
        .filter(|c| c.influence_of(player) > 0)
        .map(|c| format!("{} {}", country(map, c.code), c.influence_of(player)))
        .collect();
    let spies: Vec<String> = game
        .countries
        .iter()
        .filter_map(|c| c.spies.get(&player).map(|value| format!("{} (value {value})", country(map, c.code))))
        .collect();
    let facts = vec![
        ("Your cash".to_owned(), money(position.cash)),
        ("Your fixed income".to_owned(), format!("{} a day", money(position.fixed_income))),
        ("Couriers for orders".to_owned(), position.orders_available.to_string()),
        ("Your superspy is in".to_owned(), country(map, position.superspy)),
        ("Countries you lead".to_owned(), list_or(&led, "none")),
        ("Your influence".to_owned(), list_or(&influence, "none")),
        ("Your spies".to_owned(), list_or(&spies, "none")),
        ("Orders waiting for later days".to_owned(), position.queue.len().to_string()),
    ];
    let mut notes: Vec<String> =
        position.queue.iter().map(|order| format!("Waiting: {order}: {}.", order_meaning(map, order))).collect();
    if !position.is_active() {
        notes.push("You have resigned from this game.".to_owned());
    }
    let world = game.player_map(player).map(|known| super::world::player_world(&known));
    View { board: None, world, facts, notes }
}

fn list_or(items: &[String], empty: &str) -> String {
    if items.is_empty() { empty.to_owned() } else { items.join(", ") }
}

/// What the GM sees: the public facts, then every player's own position as that player sees it (cash,
/// income, couriers, superspy, countries led, influence, spies, waiting orders), each under its title.
pub(super) fn gm_view(map: &WorldMap, game: &GameState) -> View {
    let mut view = public_view(game);
    view.world = None;
    for player in &game.players {
        let title = player_title(player.id);
        let own = seat_view(map, game, player.id);
        for (label, value) in own.facts {
            view.facts.push((format!("{title}: {}", label.trim_start_matches("Your ")), value));
        }
        view.notes.extend(own.notes.into_iter().map(|note| format!("{title}: {note}")));
    }
    view
}

/// What anyone may see: the day, the players, a standing majority warning and whether the game is over.
/// Who leads each country, troops, security and industry are known only to spies, superspies and leaders.
pub(super) fn public_view(game: &GameState) -> View {
    let players: Vec<String> = game
        .players
        .iter()
        .map(|player| {
            let title = player_title(player.id);
            if player.is_active() { title } else { format!("{title} (resigned)") }
        })
        .collect();
    let mut facts = vec![
        day_fact(game),
        ("Players".to_owned(), players.join(", ")),
        ("Countries".to_owned(), game.countries.len().to_string()),
    ];
    if let Some(near) = game.near_win {
        facts.push(("Leads more than half of the countries".to_owned(), player_title(near.player)));
    }
    facts.push(("Status".to_owned(), status(game.status)));
    let notes = vec![
        "Who leads each country, and its troops, security and industry, are seen only by spies, superspies and \
         the country's leader, so the public map shows no leaders. Each day's news is public."
            .to_owned(),
    ];
    View { board: None, world: Some(WorldBoard::default()), facts, notes }
}

/// The day a page is about: the one being played while the game goes on (its first is Day 1, never
/// "0 days played"), else how many were played.
fn day_fact(game: &GameState) -> (String, String) {
    match game.status {
        GameStatus::InProgress => ("Day".to_owned(), (game.day + 1).to_string()),
        GameStatus::Won { .. } | GameStatus::Abandoned => ("Days played".to_owned(), game.day.to_string()),
    }
}

fn status(status: GameStatus) -> String {
    match status {
        GameStatus::InProgress => "in progress".to_owned(),
        GameStatus::Won { player, .. } => format!("won by {}", player_title(player)),
        GameStatus::Abandoned => "over: every player resigned".to_owned(),
    }
}
