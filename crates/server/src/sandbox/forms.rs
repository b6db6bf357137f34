//! The what-if board's query string: the orders of the phases already played in the sandbox, the
//! typed orders and the rows' picks of the phase on show, and whether to adjudicate.

use std::collections::BTreeMap;

use crate::orders::forms::{MAX_SHEET_CHARS, RowPick, row_picks};

/// How many phases one sandbox may play past the game's phase (each is replayed on every request).
pub const MAX_STEPS: usize = 40;

/// What the sandbox form (or a link to it) asks.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SandboxRequest {
    /// The orders of each phase already played, in order, from the game's phase on.
    pub before: Vec<String>,
    /// What was typed for the phase on show.
    pub typed: String,
    /// The rows' picks for the phase on show.
    pub picks: BTreeMap<usize, RowPick>,
    /// Adjudicate the phase on show (otherwise only show the rows' next choices).
    pub resolve: bool,
    pub invite: String,
}

/// Reads the query's pairs; a request too long to be a sandbox's is refused with the reason.
pub fn read_request(pairs: &[(String, String)]) -> Result<SandboxRequest, String> {
    let mut request = SandboxRequest { picks: row_picks(pairs)?, ..SandboxRequest::default() };
    for (name, value) in pairs {
        if value.chars().count() > MAX_SHEET_CHARS {
            return Err(format!("An order sheet may hold at most {MAX_SHEET_CHARS} characters."));
        }
        match name.as_str() {
            "before" => request.before.push(value.clone()),
            "orders" => request.typed = value.clone(),
            "go" => request.resolve = true,
            "invite" => request.invite = value.clone(),
            _ => {}
        }
    }
    if request.before.len() > MAX_STEPS {
        return Err(format!("A what-if board may play at most {MAX_STEPS} phases ahead."));
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
    }

    #[test]
    fn earlier_phases_typed_orders_picks_and_the_button_are_read_in_order() {
        let request = read_request(&pairs(&[
            ("before", "A par - bur"),
            ("before", "A bur - mun"),
            ("orders", "F lon - nth"),
            ("unit_3_1", "hold"),
            ("go", ""),
        ]))
        .unwrap();
        assert_eq!(request.before, ["A par - bur", "A bur - mun"]);
        assert_eq!(request.typed, "F lon - nth");
        assert_eq!(request.picks[&3].steps, ["hold"]);
        assert!(request.resolve);
        assert!(!read_request(&pairs(&[("intent", "refine")])).unwrap().resolve, "the rows' Next button only refines");
    }

    #[test]
    fn too_many_phases_or_too_long_a_sheet_is_refused() {
        let steps: Vec<(&str, &str)> = (0..=MAX_STEPS).map(|_| ("before", "")).collect();
        assert!(read_request(&pairs(&steps)).is_err());
        let huge = "A par H\n".repeat(MAX_SHEET_CHARS);
        assert!(read_request(&pairs(&[("orders", &huge)])).is_err());
    }
}
