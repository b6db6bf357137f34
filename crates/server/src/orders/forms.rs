//! The order forms as posted: the per-unit chained selects, the judge-notation text box, the
//! one-line removal and the ready toggle.

use std::collections::BTreeMap;

use serde::Deserialize;

/// Order sheets longer than this are refused whole (a standard power has at most 18 units).
pub const MAX_SHEET_CHARS: usize = 20_000;

/// Prefix of the per-row fields: `unit_0` (a whole order), `unit_0_1`, `unit_0_2`, ... (its steps).
pub const ROW_FIELD_PREFIX: &str = "unit_";

/// What one row of the select form says: a whole order (a single list, or a client that knows the
/// notation), or the steps chosen so far in its chain of small selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowPick {
    pub whole: Option<String>,
    /// Step values in order, up to the first one left empty.
    pub steps: Vec<String>,
}

/// What the player asked the form to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheetRequest {
    /// The select form: save its rows, or (`refine`) only show the next choices of each chain, which
    /// is how the chains work without JavaScript.
    Rows { picks: BTreeMap<usize, RowPick>, refine: bool },
    /// The text box: the typed sheet replaces the saved one, or (`add`) is merged into it unit by unit.
    Text { text: String, add: bool },
    /// Remove every saved order: only ever by its own button.
    Clear,
    /// Remove one saved order line.
    Remove { line: String },
}

/// A posted order form: the phase it was for and what it asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetSubmission {
    /// The phase the player was looking at; orders for any other phase are refused.
    pub phase_index: i32,
    pub request: SheetRequest,
}

/// Reads any of the order forms from its raw fields. Repeated and numbered select fields cannot be
/// expressed as a struct, hence the pairs.
pub fn read_sheet(fields: &[(String, String)]) -> Result<SheetSubmission, String> {
    let field = |wanted: &str| fields.iter().find(|(name, _)| name == wanted).map(|(_, value)| value.as_str());
    let phase_index = field("phase")
        .and_then(|value| value.parse().ok())
        .ok_or("The form did not say which phase the orders are for.")?;
    let request = match (field("intent"), field("text")) {
        (Some("clear"), _) => SheetRequest::Clear,
        (Some("remove"), _) => SheetRequest::Remove {
            line: field("line").ok_or("The form did not say which order to remove.")?.to_owned(),
        },
        (intent, Some(text)) => {
            if text.chars().count() > MAX_SHEET_CHARS {
                return Err(format!("An order sheet may hold at most {MAX_SHEET_CHARS} characters."));
            }
            SheetRequest::Text { text: text.to_owned(), add: intent == Some("add") }
        }
        (intent, None) => SheetRequest::Rows { picks: row_picks(fields)?, refine: intent == Some("refine") },
    };
    Ok(SheetSubmission { phase_index, request })
}

/// The rows' fields: `unit_N` holds a whole order, `unit_N_K` the K-th step of row N's chain.
pub(crate) fn row_picks(fields: &[(String, String)]) -> Result<BTreeMap<usize, RowPick>, String> {
    let mut steps: BTreeMap<usize, BTreeMap<usize, String>> = BTreeMap::new();
    let mut picks: BTreeMap<usize, RowPick> = BTreeMap::new();
    let mut total = 0;
    for (name, value) in fields {
        let Some(rest) = name.strip_prefix(ROW_FIELD_PREFIX) else { continue };
        total += value.len();
        if total > MAX_SHEET_CHARS {
            return Err(format!("An order sheet may hold at most {MAX_SHEET_CHARS} characters."));
        }
        let value = value.trim();
        match rest.split_once('_') {
            None => {
                let row = rest.parse().map_err(|_| format!("`{name}` is not a field of the order form."))?;
                let pick = picks.entry(row).or_default();
                pick.whole = Some(value.to_owned()).filter(|value| !value.is_empty());
            }
            Some((row, step)) => {
                let (row, step): (usize, usize) = row
                    .parse()
                    .ok()
                    .zip(step.parse().ok())
                    .ok_or_else(|| format!("`{name}` is not a field of the order form."))?;
                picks.entry(row).or_default();
                steps.entry(row).or_default().insert(step, value.to_owned());
            }
        }
    }
    for (row, by_step) in steps {
        let pick = picks.entry(row).or_default();
        // Steps count from 1; a gap or an empty step ends the chain there.
        pick.steps = (1..).map_while(|step| by_step.get(&step).filter(|value| !value.is_empty()).cloned()).collect();
    }
    Ok(picks)
}

#[derive(Debug, Deserialize)]
pub struct ReadyForm {
    pub phase: i32,
    /// `true` to mark the orders ready, `false` to take that back.
    pub ready: bool,
}

#[derive(Debug, Deserialize)]
pub struct DrawVoteForm {
    /// `true` to vote for a draw, `false` to withdraw the vote.
    pub draw: bool,
}

#[derive(Debug, Deserialize)]
pub struct ConcedeForm {
    /// The seat conceded to; empty to withdraw the concession.
    #[serde(default)]
    pub to: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
    }

    fn rows(submission: SheetSubmission) -> (BTreeMap<usize, RowPick>, bool) {
        match submission.request {
            SheetRequest::Rows { picks, refine } => (picks, refine),
            other => panic!("expected the select form, got {other:?}"),
        }
    }

    #[test]
    fn the_select_form_reads_whole_orders_and_chains_of_steps_per_row() {
        let sheet = read_sheet(&fields(&[
            ("phase", "0"),
            ("unit_0", "A vie - tyr"),
            ("unit_1_1", "support"),
            ("unit_1_2", "bud"),
            ("unit_1_3", "ser"),
            ("unit_2_1", "move"),
            ("unit_2_2", ""),
            ("unit_3_1", ""),
        ]))
        .unwrap();
        assert_eq!(sheet.phase_index, 0);
        let (picks, refine) = rows(sheet);
        assert!(!refine);
        assert_eq!(picks[&0], RowPick { whole: Some("A vie - tyr".to_owned()), steps: vec![] });
        assert_eq!(picks[&1].steps, ["support", "bud", "ser"]);
        assert_eq!(picks[&2].steps, ["move"], "an empty step ends the chain");
        assert_eq!(picks[&3], RowPick::default(), "a row left empty is still a row: no order");
    }

    #[test]
    fn the_next_choices_button_asks_to_refine_without_saving() {
        let (_, refine) =
            rows(read_sheet(&fields(&[("phase", "1"), ("intent", "refine"), ("unit_0_1", "hold")])).unwrap());
        assert!(refine);
    }

    #[test]
    fn the_text_box_is_taken_as_typed_and_replaces_unless_asked_to_add() {
        let sheet = read_sheet(&fields(&[("phase", "3"), ("text", "A par-bur\nnonsense")])).unwrap();
        assert_eq!(sheet.request, SheetRequest::Text { text: "A par-bur\nnonsense".to_owned(), add: false });
        let added = read_sheet(&fields(&[("phase", "3"), ("intent", "add"), ("text", "A par H")])).unwrap();
        assert_eq!(added.request, SheetRequest::Text { text: "A par H".to_owned(), add: true });
    }

    #[test]
    fn clearing_and_removing_one_line_are_their_own_requests() {
        let clear = read_sheet(&fields(&[("phase", "0"), ("intent", "clear"), ("text", "")])).unwrap();
        assert_eq!(clear.request, SheetRequest::Clear);
        let remove = read_sheet(&fields(&[("phase", "0"), ("intent", "remove"), ("line", "A par H")])).unwrap();
        assert_eq!(remove.request, SheetRequest::Remove { line: "A par H".to_owned() });
        assert!(read_sheet(&fields(&[("phase", "0"), ("intent", "remove")])).is_err());
    }

    #[test]
    fn a_form_without_its_phase_with_a_huge_sheet_or_a_foreign_field_is_refused() {
        assert!(read_sheet(&fields(&[("text", "A par H")])).is_err());
        let huge = "A par H\n".repeat(MAX_SHEET_CHARS);
        assert!(read_sheet(&fields(&[("phase", "0"), ("text", &huge)])).is_err());
        assert!(read_sheet(&fields(&[("phase", "0"), ("unit_0", &huge)])).is_err());
        assert!(read_sheet(&fields(&[("phase", "0"), ("unit_x_1", "hold")])).is_err());
    }
}
