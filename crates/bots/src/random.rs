//! The baseline: a uniformly random choice in every row of the form. Rows that would clash with an
//! earlier row (a second build in one province, a second removal of one unit, the same bribe or covert
//! order twice) draw among the choices that do not.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::knowledge::SeatKnowledge;

pub fn random_lines(knowledge: &SeatKnowledge, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for row in &knowledge.form.rows {
        let open: Vec<&str> = row
            .choices
            .iter()
            .map(|choice| choice.value.as_str())
            .filter(|value| value.is_empty() || is_repeatable(value) || !clashes(&lines, value))
            .collect();
        if open.is_empty() {
            continue;
        }
        let pick = open[rng.random_range(0..open.len())];
        if !pick.is_empty() {
            lines.push(pick.to_string());
        }
    }
    lines
}

/// A waive may be written once per build left unused.
fn is_repeatable(value: &str) -> bool {
    value.eq_ignore_ascii_case("waive")
}

/// Whether a line names the same order or the same build site as an earlier line.
fn clashes(lines: &[String], value: &str) -> bool {
    lines.iter().any(|line| line == value || same_build_site(line, value))
}

/// `Build A par` and `Build F par` use one site; `Build F spa/nc` and `Build A spa` too.
fn same_build_site(a: &str, b: &str) -> bool {
    let site = |line: &str| {
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(keyword), Some(_), Some(at)) if keyword.eq_ignore_ascii_case("build") => {
                Some(at.split('/').next().unwrap_or(at).to_ascii_lowercase())
            }
            _ => None,
        }
    };
    matches!((site(a), site(b)), (Some(x), Some(y)) if x == y)
}
