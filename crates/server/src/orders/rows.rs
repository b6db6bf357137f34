//! The order form's rows as a page shows them: each unit's (or build's) legal orders as one select or a
//! chain of small selects, with the chosen order marked, and the same chains as JSON for the map script
//! (`static/js/orders.js`). Shared by the order page and the what-if board (`sandbox/`).

use std::collections::BTreeMap;

use kinds::FormRow;

use super::chain;
use super::forms::{ROW_FIELD_PREFIX, RowPick};

/// One choice of a select, marked when it is the chosen one.
pub struct OptionView {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// One select of a row's chain: the kind of order, then its target, then where to.
pub struct LevelView {
    pub field: String,
    pub caption: &'static str,
    pub options: Vec<OptionView>,
    /// Nothing is chosen at this level yet.
    pub open: bool,
}

/// One unit's (or build's) row of the select form.
pub struct RowView {
    pub label: String,
    /// The kind's key for the row (a unit's province), which the map script matches to the unit.
    pub key: String,
    pub field: String,
    /// What "no order" is called in this row (a kind may name it, e.g. "No bribe").
    pub empty_label: String,
    /// A row offered whole, as one list.
    pub options: Vec<OptionView>,
    /// A row offered as a chain of small selects (empty for a row offered whole).
    pub levels: Vec<LevelView>,
    pub has_order: bool,
    /// The order the row holds, in words (empty when it has none or its chain is unfinished).
    pub chosen_label: String,
}

/// The form's rows, each with its order chosen: the player's picks when the page answers a step of the
/// form, the saved orders otherwise. Rows offering the same choices (the builds of a Winter) take the
/// saved orders one each, so every saved order shows in exactly one row.
pub(crate) fn row_views(rows: Vec<FormRow>, saved: &[&str], picks: Option<&BTreeMap<usize, RowPick>>) -> Vec<RowView> {
    let mut unplaced: Vec<&str> = saved.to_vec();
    rows.into_iter()
        .enumerate()
        .map(|(index, row)| {
            let placed = row.choices.iter().position(|choice| unplaced.contains(&choice.value.as_str()));
            if let Some(position) = placed {
                let value = row.choices[position].value.as_str();
                unplaced.retain(|line| *line != value);
            }
            let chosen = match picks {
                Some(picks) => picked_path(&row, picks.get(&index)),
                None => placed.map(|position| chain::path_of(&row.choices[position])).unwrap_or_default(),
            };
            let chosen_whole = match picks {
                Some(picks) => picks.get(&index).and_then(|pick| pick.whole.clone()),
                None => placed.map(|position| row.choices[position].value.clone()),
            };
            row_view(index, row, &chosen, chosen_whole.as_deref())
        })
        .collect()
}

/// The chain a row's pick asks for, as far as it is legal.
pub(crate) fn picked_path(row: &FormRow, pick: Option<&RowPick>) -> Vec<String> {
    let Some(pick) = pick else { return Vec::new() };
    match &pick.whole {
        Some(whole) => row.choices.iter().find(|choice| choice.value == *whole).map(chain::path_of).unwrap_or_default(),
        None => chain::valid_path(&row.choices, &pick.steps),
    }
}

/// A row whose every order comes with its chain (its "no order" choice, if it names one, aside).
fn is_chained(row: &FormRow) -> bool {
    let mut orders = row.choices.iter().filter(|choice| !choice.value.is_empty()).peekable();
    orders.peek().is_some() && orders.all(|choice| !choice.steps.is_empty())
}

pub(crate) fn row_view(index: usize, row: FormRow, path: &[String], whole: Option<&str>) -> RowView {
    let field = format!("{ROW_FIELD_PREFIX}{index}");
    let empty_label = row
        .choices
        .iter()
        .find(|choice| choice.value.is_empty())
        .map_or_else(|| "No order".to_owned(), |choice| choice.label.clone());
    if is_chained(&row) {
        let chosen = chain::resolve(&row.choices, path);
        let levels = chain::levels(&row.choices, path)
            .into_iter()
            .enumerate()
            .map(|(depth, options)| LevelView {
                field: format!("{field}_{}", depth + 1),
                caption: chain::level_caption(path, depth),
                open: path.get(depth).is_none(),
                options: options
                    .into_iter()
                    .map(|step| OptionView {
                        selected: path.get(depth) == Some(&step.value),
                        value: step.value.clone(),
                        label: step.label.clone(),
                    })
                    .collect(),
            })
            .collect();
        return RowView {
            has_order: chosen.is_some(),
            chosen_label: chosen.map(|choice| choice.label.clone()).unwrap_or_default(),
            label: row.label,
            key: row.key,
            field,
            empty_label,
            options: Vec::new(),
            levels,
        };
    }
    let chosen = row.choices.iter().find(|choice| !choice.value.is_empty() && Some(choice.value.as_str()) == whole);
    RowView {
        has_order: chosen.is_some(),
        chosen_label: chosen.map(|choice| choice.label.clone()).unwrap_or_default(),
        options: row
            .choices
            .iter()
            .filter(|choice| !choice.value.is_empty())
            .map(|choice| OptionView {
                selected: Some(choice.value.as_str()) == whole,
                value: choice.value.clone(),
                label: choice.label.clone(),
            })
            .collect(),
        label: row.label,
        key: row.key,
        field,
        empty_label,
        levels: Vec::new(),
    }
}

/// The rows' chains for the map script: `[{field, key, label, choices: [[value, label, [[step, words]...]]]}]`.
/// Escaped so that no text can close the script element it sits in.
pub(crate) fn choices_json(rows: &[FormRow]) -> String {
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .enumerate()
        .filter(|(_, row)| is_chained(row))
        .map(|(index, row)| {
            let choices: Vec<serde_json::Value> = row
                .choices
                .iter()
                .map(|choice| {
                    let steps: Vec<[&str; 2]> =
                        choice.steps.iter().map(|step| [step.value.as_str(), step.label.as_str()]).collect();
                    serde_json::json!([choice.value, choice.label, steps])
                })
                .collect();
            serde_json::json!({
                "field": format!("{ROW_FIELD_PREFIX}{index}"),
                "key": row.key,
                "label": row.label,
                "choices": choices,
                "captions": level_captions(row),
            })
        })
        .collect();
    serde_json::Value::Array(rows).to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// Each kind of order's captions for the selects after the first: `{"support": ["Unit", "To"]}`.
fn level_captions(row: &FormRow) -> serde_json::Map<String, serde_json::Value> {
    let mut captions = serde_json::Map::new();
    for choice in &row.choices {
        if let Some(kind) = choice.steps.first()
            && !captions.contains_key(&kind.value)
        {
            let path = [kind.value.clone()];
            let names: Vec<&str> = (1..choice.steps.len()).map(|depth| chain::level_caption(&path, depth)).collect();
            captions.insert(kind.value.clone(), serde_json::json!(names));
        }
    }
    captions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build_row(number: usize) -> kinds::FormRow {
        let choice = |value: &str| kinds::Choice::whole(value, value);
        kinds::FormRow {
            label: format!("Build {number} of 2"),
            key: format!("build{number}"),
            choices: vec![choice("Build A mar"), choice("Build F bre")],
        }
    }

    #[test]
    fn two_saved_builds_show_one_in_each_build_row() {
        let rows = row_views(vec![build_row(1), build_row(2)], &["Build F bre", "Build A mar"], None);
        let selected: Vec<Vec<&str>> = rows
            .iter()
            .map(|row| row.options.iter().filter(|o| o.selected).map(|o| o.value.as_str()).collect())
            .collect();
        assert_eq!(selected, [vec!["Build A mar"], vec!["Build F bre"]]);
        let one = row_views(vec![build_row(1), build_row(2)], &["Build F bre"], None);
        assert!(one[0].has_order && !one[1].has_order);
    }

    #[test]
    fn a_row_that_names_its_own_no_order_choice_offers_it_once_under_its_own_name() {
        let row = kinds::FormRow {
            label: "Vote".to_owned(),
            key: "vote".to_owned(),
            choices: vec![kinds::Choice::whole("", "None"), kinds::Choice::whole("VOTE Turkey", "Vote for Turkey")],
        };
        let view = &row_views(vec![row], &[], None)[0];
        assert_eq!(view.empty_label, "None");
        let values: Vec<&str> = view.options.iter().map(|option| option.value.as_str()).collect();
        assert_eq!(values, ["VOTE Turkey"], "the empty choice is the select's own first option, not a second one");
    }
}
