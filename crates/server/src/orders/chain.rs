//! A form row's legal orders as a chain of small selects: the kind of order, then the unit or place it
//! names, then where to. Each level lists only what is legal after the choices made before it, so no
//! select holds more than a few dozen options (a fleet's 400 convoys become "Convoy", then one of the
//! armies, then one of its destinations). Pure functions over the kind's form rows.

use kinds::{Choice, Step};

/// The step values of the chain that leads to `choice`.
pub fn path_of(choice: &Choice) -> Vec<String> {
    choice.steps.iter().map(|step| step.value.clone()).collect()
}

/// The longest start of `wanted` that some legal choice follows: what is left of a player's picks once
/// anything that no longer fits (a target of another kind of order) is dropped.
pub fn valid_path(choices: &[Choice], wanted: &[String]) -> Vec<String> {
    let mut path = Vec::new();
    for value in wanted {
        path.push(value.clone());
        if !choices.iter().any(|choice| follows(choice, &path)) {
            path.pop();
            break;
        }
    }
    path
}

/// The choice whose whole chain is `path`, if the chain is complete.
pub fn resolve<'a>(choices: &'a [Choice], path: &[String]) -> Option<&'a Choice> {
    choices.iter().find(|choice| !path.is_empty() && choice.steps.len() == path.len() && follows(choice, path))
}

/// The options of each level to show for `path`: the first level always, each later level once the
/// level before it is chosen. Options keep the order of the kind's choices, without repeats.
pub fn levels<'a>(choices: &'a [Choice], path: &[String]) -> Vec<Vec<&'a Step>> {
    let mut levels = Vec::new();
    for depth in 0..=path.len() {
        let mut options: Vec<&Step> = Vec::new();
        for choice in choices.iter().filter(|choice| follows(choice, &path[..depth])) {
            if let Some(step) = choice.steps.get(depth)
                && !options.iter().any(|known| known.value == step.value)
            {
                options.push(step);
            }
        }
        if options.is_empty() {
            break;
        }
        levels.push(options);
    }
    levels
}

/// What the level after `path` asks for, in words: "Choose which unit to support".
pub fn what_is_missing(path: &[String]) -> String {
    let next = match (path.first().map(String::as_str), path.len()) {
        (None, _) => "the kind of order",
        (Some("bribe-learn" | "bribe-extra" | "bribe-nmr"), _) => "which power",
        (Some("cio-fds" | "cio-cios" | "cio-balance" | "cio-block"), _) => "which power",
        (Some("cio-supporters"), _) => "which center",
        (Some("contribute"), 1) => "which group",
        (Some("bid"), 1) => "which nation",
        (Some("transfer"), 1) => "which agency",
        (Some("found"), 1) => "which province",
        (Some("contribute" | "bid" | "transfer" | "found"), _) => "how much",
        (Some("bribe-convert"), 2) => "where the new unit stands",
        (Some(kind), _) if kind.starts_with("bribe-") => "which unit",
        (Some("support"), 1) => "which unit to support",
        (Some("convoy"), 1) => "which army to convoy",
        (Some("support" | "convoy"), _) => "where to",
        (Some("build"), 1) => "where to build",
        (Some("build"), _) => "what to build",
        (Some("remove"), _) => "which unit to remove",
        (Some(_), _) => "where to",
    };
    format!("choose {next}")
}

/// What each level's select is called, for its label.
pub fn level_caption(path: &[String], depth: usize) -> &'static str {
    match (path.first().map(String::as_str), depth) {
        (_, 0) => "Order",
        (Some("bribe-learn" | "bribe-extra" | "bribe-nmr"), _) => "Power",
        (Some("cio-fds" | "cio-cios" | "cio-balance" | "cio-block"), _) => "Power",
        (Some("cio-supporters"), _) => "Center",
        (Some("contribute"), 1) => "Group",
        (Some("bid"), 1) => "Nation",
        (Some("transfer"), 1) => "Agency",
        (Some("found"), 1) => "Province",
        (Some("contribute" | "bid" | "transfer" | "found"), _) => "Amount",
        (Some("bribe-convert"), 2) => "Where",
        (Some(kind), _) if kind.starts_with("bribe-") => "Unit",
        (Some("support" | "remove"), 1) => "Unit",
        (Some("convoy"), 1) => "Army",
        (Some("build"), 1) => "Where",
        (Some("build"), _) => "What",
        (_, _) => "To",
    }
}

fn follows(choice: &Choice, path: &[String]) -> bool {
    choice.steps.len() >= path.len() && choice.steps.iter().zip(path).all(|(step, value)| step.value == *value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(value: &str, steps: &[&str]) -> Choice {
        Choice {
            value: value.to_owned(),
            label: value.to_owned(),
            steps: steps.iter().map(|step| Step::new(*step, format!("label {step}"))).collect(),
        }
    }

    fn fleet_in_the_north_sea() -> Vec<Choice> {
        vec![
            choice("F nth H", &["hold"]),
            choice("F nth - eng", &["move", "eng"]),
            choice("F nth - bel", &["move", "bel"]),
            choice("F nth S A yor - bel", &["support", "yor", "bel"]),
            choice("F nth S A yor", &["support", "yor", "hold"]),
            choice("F nth C A yor - bel", &["convoy", "yor", "bel"]),
            choice("F nth C A yor - nwy", &["convoy", "yor", "nwy"]),
        ]
    }

    fn values(level: &[&Step]) -> Vec<String> {
        level.iter().map(|step| step.value.clone()).collect()
    }

    fn path(values: &[&str]) -> Vec<String> {
        values.iter().map(|value| (*value).to_owned()).collect()
    }

    #[test]
    fn each_level_lists_only_what_follows_the_choices_before_it() {
        let choices = fleet_in_the_north_sea();
        let shown = levels(&choices, &path(&["convoy", "yor"]));
        assert_eq!(shown.len(), 3);
        assert_eq!(values(&shown[0]), ["hold", "move", "support", "convoy"]);
        assert_eq!(values(&shown[1]), ["yor"]);
        assert_eq!(values(&shown[2]), ["bel", "nwy"]);
        assert_eq!(levels(&choices, &[]).len(), 1, "only the first level before anything is chosen");
    }

    #[test]
    fn a_complete_chain_resolves_to_its_order_and_an_incomplete_one_to_nothing() {
        let choices = fleet_in_the_north_sea();
        assert_eq!(resolve(&choices, &path(&["support", "yor", "hold"])).unwrap().value, "F nth S A yor");
        assert_eq!(resolve(&choices, &path(&["hold"])).unwrap().value, "F nth H");
        assert!(resolve(&choices, &path(&["support", "yor"])).is_none());
        assert!(resolve(&choices, &[]).is_none());
    }

    #[test]
    fn picks_that_no_longer_fit_are_dropped_from_the_first_that_does_not() {
        let choices = fleet_in_the_north_sea();
        assert_eq!(valid_path(&choices, &path(&["move", "yor", "bel"])), ["move"]);
        assert_eq!(valid_path(&choices, &path(&["convoy", "yor", "nwy"])), ["convoy", "yor", "nwy"]);
        assert!(valid_path(&choices, &path(&["fly"])).is_empty());
    }

    #[test]
    fn the_missing_step_is_named_in_words() {
        assert_eq!(what_is_missing(&path(&["support"])), "choose which unit to support");
        assert_eq!(what_is_missing(&path(&["build", "par"])), "choose what to build");
        assert_eq!(level_caption(&path(&["convoy"]), 1), "Army");
    }

    /// Every path a player can take through every row, with the options each level shows.
    fn widest_level(choices: &[Choice], path: &mut Vec<String>) -> usize {
        let shown = levels(choices, path);
        let mut widest = shown.iter().map(Vec::len).max().unwrap_or(0);
        if let Some(last) = shown.get(path.len()) {
            for step in last.clone() {
                path.push(step.value.clone());
                widest = widest.max(widest_level(choices, path));
                path.pop();
            }
        }
        widest
    }

    #[test]
    fn no_select_lists_more_than_sixty_options_even_with_every_fleet_at_sea() {
        // 16 fleets at sea and 18 armies on the coasts: the most convoys a standard board can hold.
        let fleets = [
            "nth", "eng", "mao", "wes", "ion", "aeg", "bla", "bal", "ska", "hel", "nao", "nwg", "tys", "adr", "eas",
            "lyo",
        ];
        let armies = [
            "lon", "bel", "hol", "den", "nwy", "swe", "kie", "pic", "bre", "gas", "spa", "por", "naf", "tun", "nap",
            "gre", "con", "sev",
        ];
        let units: Vec<String> = fleets
            .iter()
            .map(|at| format!("England F {at}"))
            .chain(armies.iter().map(|at| format!("England A {at}")))
            .collect();
        let state = serde_json::json!({"kind": "standard", "state": {"phase": "F1905M", "units": units, "owners": {}}});
        let game = kinds::AnyGame::from_json(state).unwrap();
        let form = game.order_form(kinds::SeatIndex(1));
        let whole: usize = form.rows.iter().map(|row| row.choices.len()).max().unwrap();
        assert!(whole > 60, "the position should be crowded enough to need chains ({whole} orders for one unit)");
        for row in &form.rows {
            assert!(row.choices.iter().all(|choice| !choice.steps.is_empty()), "{} is not chained", row.label);
            let widest = widest_level(&row.choices, &mut Vec::new());
            assert!(widest <= 60, "{} shows {widest} options in one select", row.label);
        }
    }
}
