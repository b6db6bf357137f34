//! The order forms as posted: the per-unit selects, the judge-notation text box and the ready toggle.

use serde::Deserialize;

/// Order sheets longer than this are refused whole (a standard power has at most 18 units).
pub const MAX_SHEET_CHARS: usize = 20_000;

/// Prefix of the per-row select fields: `unit_0`, `unit_1`, ...
pub const ROW_FIELD_PREFIX: &str = "unit_";

/// Which of the two order forms was sent, and the sheet it amounts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetSubmission {
    /// The phase the player was looking at; orders for any other phase are refused.
    pub phase_index: i32,
    pub text: String,
}

/// Reads either form from its raw fields: the selects (`unit_N` fields, empty meaning "no order") or
/// the text box (`text`). Repeated select fields cannot be expressed as a struct, hence the pairs.
pub fn read_sheet(fields: &[(String, String)]) -> Result<SheetSubmission, String> {
    let phase_index = fields
        .iter()
        .find(|(name, _)| name == "phase")
        .and_then(|(_, value)| value.parse().ok())
        .ok_or("The form did not say which phase the orders are for.")?;
    let typed = fields.iter().find(|(name, _)| name == "text").map(|(_, value)| value.clone());
    let text = typed.unwrap_or_else(|| {
        fields
            .iter()
            .filter(|(name, value)| name.starts_with(ROW_FIELD_PREFIX) && !value.trim().is_empty())
            .map(|(_, value)| value.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    });
    if text.chars().count() > MAX_SHEET_CHARS {
        return Err(format!("An order sheet may hold at most {MAX_SHEET_CHARS} characters."));
    }
    Ok(SheetSubmission { phase_index, text })
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

    #[test]
    fn the_select_form_becomes_one_line_per_chosen_unit_skipping_rows_left_empty() {
        let sheet =
            read_sheet(&fields(&[("phase", "0"), ("unit_0", "A vie-tyr"), ("unit_1", ""), ("unit_2", "F tri H")]));
        assert_eq!(sheet, Ok(SheetSubmission { phase_index: 0, text: "A vie-tyr\nF tri H".to_owned() }));
    }

    #[test]
    fn the_text_box_is_taken_as_typed() {
        let sheet = read_sheet(&fields(&[("phase", "3"), ("text", "A par-bur\nnonsense")])).unwrap();
        assert_eq!(sheet.text, "A par-bur\nnonsense");
        assert_eq!(sheet.phase_index, 3);
    }

    #[test]
    fn a_form_without_its_phase_or_with_a_huge_sheet_is_refused() {
        assert!(read_sheet(&fields(&[("text", "A par H")])).is_err());
        let huge = "A par H\n".repeat(MAX_SHEET_CHARS);
        assert!(read_sheet(&fields(&[("phase", "0"), ("text", &huge)])).is_err());
    }
}
