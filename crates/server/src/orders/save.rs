//! Saving a seat's sheet: one request of the order page or the API (rows of the select form, the
//! text box replacing or adding, clear, remove one line) answered against the kind's `check_orders`
//! and written in one short transaction.
//!
//! The transaction locks the game row *for share* ([`load_my_seat`] with [`RowLock::Share`]): the turn
//! worker claims a game *for update*, so no phase is processed while a sheet is being saved into it,
//! yet the seven seats of a game save side by side. The seat's own sheet row is locked *for update*, so
//! two saves of one seat (two tabs, a bot) apply one after the other and neither loses the other's
//! lines. A save that leaves nothing to show but the saved sheet answers with a redirect to the order
//! page ([`Done`]): the lock is held for the check and the write only, and the browser's back and
//! reload buttons never send the orders again.

use std::cell::OnceCell;
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use kinds::{AcceptedLine, FormRow, OrderCheck, OrderForm};
use serde::Deserialize;
use sqlx::PgConnection;

#[cfg(doc)]
use super::actions::load_my_seat;
use super::actions::{MySeat, require_open_phase};
use super::chain;
use super::forms::{RowPick, SheetRequest};
use super::pages::{Answer, RefusalView, SaveMessage};
use super::queries;
use crate::error::{AppError, AppResult};
#[cfg(doc)]
use crate::games::queries::RowLock;
use crate::live;

/// A save that went through whole: nothing refused, nothing left to finish. The order page is then
/// shown by a redirect, which says what was done from this alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Done {
    /// The sheet was replaced by this many orders.
    Saved(usize),
    /// This many orders were added to the sheet (or replaced the same units' orders).
    Added(usize),
    Cleared,
    Removed,
}

/// How the kind of [`Done`] travels in the redirect's query string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum DoneKind {
    Saved,
    Added,
    Cleared,
    Removed,
}

/// The order page's query string: `?done=saved&orders=3` after a redirect from a save; `?region=europe`
/// draws that region of the world map alone, how a page without JavaScript zooms (Covert Operations).
#[derive(Debug, Default, Deserialize)]
pub struct OrdersQuery {
    done: Option<DoneKind>,
    orders: Option<usize>,
    pub(crate) region: Option<String>,
}

impl OrdersQuery {
    pub(crate) fn done(&self) -> Option<Done> {
        let count = self.orders.unwrap_or(0);
        Some(match self.done? {
            DoneKind::Saved => Done::Saved(count),
            DoneKind::Added => Done::Added(count),
            DoneKind::Cleared => Done::Cleared,
            DoneKind::Removed => Done::Removed,
        })
    }
}

impl Done {
    /// The query string that brings this outcome to the order page (no order text: URLs end up in
    /// histories and logs).
    pub(crate) fn query(self) -> String {
        match self {
            Done::Saved(count) => format!("done=saved&orders={count}"),
            Done::Added(count) => format!("done=added&orders={count}"),
            Done::Cleared => "done=cleared".to_owned(),
            Done::Removed => "done=removed".to_owned(),
        }
    }

    pub(crate) fn message(self) -> SaveMessage {
        SaveMessage::done(match self {
            Done::Saved(count) => orders_counted("Saved", count),
            Done::Added(count) => orders_counted("Added", count),
            Done::Cleared => "Your orders were cleared.".to_owned(),
            Done::Removed => "Removed the order.".to_owned(),
        })
    }
}

fn orders_counted(verb: &str, count: usize) -> String {
    match count {
        1 => format!("{verb} 1 order."),
        count => format!("{verb} {count} orders."),
    }
}

/// The seat's order form, built only by the requests that need it: it lists every legal order of
/// every unit, which a sheet typed in the box does not need.
struct LazyForm<'a> {
    seat: &'a MySeat,
    form: OnceCell<OrderForm>,
}

impl LazyForm<'_> {
    fn get(&self) -> &OrderForm {
        self.form.get_or_init(|| self.seat.state.order_form(self.seat.game_seat))
    }
}

/// A request answered: what to show, and the seat's sheet as it now stands.
pub(crate) struct Saved {
    pub answer: Answer,
    pub sheet: String,
}

/// Answers a request to change the seat's sheet for phase `phase_index` (refused unless it is still
/// open) and saves the new sheet in `conn`'s transaction, which must hold the game row's lock, for
/// share at least, and the sheet's ([`load_my_seat`] with a [`RowLock`] takes both). Shared by the
/// order page and the API, so both check orders alike.
pub(crate) async fn apply_sheet_request(
    conn: &mut PgConnection,
    seat: &MySeat,
    phase_index: i32,
    request: SheetRequest,
    now: DateTime<Utc>,
) -> AppResult<Saved> {
    require_open_phase(seat, phase_index, now)?;
    if !seat.sheet_locked {
        return Err(AppError::Internal(anyhow::anyhow!("a sheet is saved only from a seat loaded with a lock")));
    }
    let (game_id, phase_index, seat_id) = (seat.game.game_id, seat.phase.phase_index, seat.seat_id);
    let saved = seat.sheet()?.orders.clone();
    let form = LazyForm { seat, form: OnceCell::new() };
    let (new_sheet, answer) = answer_request(seat, &form, &saved, request);
    if let Some(sheet) = &new_sheet {
        queries::save_orders(conn, game_id, phase_index, seat_id, sheet).await?;
        live::raise(conn, game_id, live::Event::Orders { phase: phase_index }).await?;
    }
    Ok(Saved { answer, sheet: new_sheet.unwrap_or(saved) })
}

/// What a request does to the saved sheet (`None`: leave it as it is) and what the page should say.
fn answer_request(seat: &MySeat, form: &LazyForm, saved: &str, request: SheetRequest) -> (Option<String>, Answer) {
    let check = |text: &str| seat.state.check_orders(seat.game_seat, text);
    match request {
        SheetRequest::Clear => (
            Some(String::new()),
            Answer {
                message: Some(SaveMessage::done("Your orders were cleared.")),
                done: Some(Done::Cleared),
                ..Answer::default()
            },
        ),
        SheetRequest::Remove { line } => {
            let kept: Vec<AcceptedLine> = check(saved).accepted.into_iter().filter(|kept| kept.text != line).collect();
            let sheet = kept.iter().map(|kept| kept.text.as_str()).collect::<Vec<_>>().join("\n");
            (
                Some(sheet),
                Answer {
                    message: Some(SaveMessage::done(format!("Removed `{line}`."))),
                    done: Some(Done::Removed),
                    ..Answer::default()
                },
            )
        }
        SheetRequest::Text { text, .. } if text.trim().is_empty() => (
            None,
            Answer {
                message: Some(SaveMessage::refused(
                    "The box was empty, so nothing was changed. To remove every order, use \u{201c}Clear my orders\u{201d}.",
                )),
                ..Answer::default()
            },
        ),
        SheetRequest::Text { text, add } => {
            let typed = check(&text);
            let refused = typed
                .rejected
                .iter()
                .map(|line| RefusalView {
                    place: format!("Line {}", line.line),
                    line: Some(line.line),
                    text: line.text.clone(),
                    reason: line.reason.clone(),
                })
                .collect();
            if typed.accepted.is_empty() {
                let answer = Answer {
                    refused,
                    typed: Some(text),
                    message: Some(nothing_saved_message(typed.rejected.len())),
                    picks: None,
                    done: None,
                    world_region: None,
                };
                return (None, answer);
            }
            let sheet =
                if add { check(&merged_sheet(form.get(), &check(saved), &typed)).sheet() } else { typed.sheet() };
            let message = saved_message(&typed, add);
            let count = typed.accepted.len();
            let done = typed.rejected.is_empty().then_some(if add { Done::Added(count) } else { Done::Saved(count) });
            let kept_typed = (!typed.rejected.is_empty()).then_some(text);
            (
                Some(sheet),
                Answer { refused, typed: kept_typed, message: Some(message), picks: None, done, world_region: None },
            )
        }
        SheetRequest::Rows { picks, .. } => answer_rows(seat, form.get(), picks),
    }
}

/// The select form: finished rows are saved (replacing the sheet), unfinished chains are named with what
/// they lack and shown as they were left.
fn answer_rows(seat: &MySeat, form: &OrderForm, picks: BTreeMap<usize, RowPick>) -> (Option<String>, Answer) {
    let mut lines = Vec::new();
    let mut refused = Vec::new();
    for (index, row) in form.rows.iter().enumerate() {
        let Some(pick) = picks.get(&index) else { continue };
        match (&pick.whole, pick.steps.is_empty()) {
            (Some(whole), _) => lines.push(whole.clone()),
            (None, true) => {}
            (None, false) => {
                let path = chain::valid_path(&row.choices, &pick.steps);
                match chain::resolve(&row.choices, &path) {
                    Some(choice) if path.len() == pick.steps.len() => lines.push(choice.value.clone()),
                    _ => refused.push(RefusalView {
                        place: row.label.clone(),
                        line: None,
                        text: path.iter().filter_map(|value| step_label(row, value)).collect::<Vec<_>>().join(" "),
                        reason: format!("unfinished: {}", chain::what_is_missing(&path)),
                    }),
                }
            }
        }
    }
    let sheet = lines.join("\n");
    let check = seat.state.check_orders(seat.game_seat, &sheet);
    refused.extend(check.rejected.iter().map(|line| RefusalView {
        place: "Order".to_owned(),
        line: None,
        text: line.text.clone(),
        reason: line.reason.clone(),
    }));
    if check.accepted.is_empty() && !refused.is_empty() {
        let message = nothing_saved_message(refused.len());
        return (
            None,
            Answer { refused, typed: None, message: Some(message), picks: Some(picks), done: None, world_region: None },
        );
    }
    let message = if refused.is_empty() {
        saved_message(&check, false)
    } else {
        SaveMessage::done(format!(
            "{} Unfinished rows were not saved: finish them, then save again.",
            saved_message(&check, false).text
        ))
    };
    let done = refused.is_empty().then_some(Done::Saved(check.accepted.len()));
    let picks = (!refused.is_empty()).then_some(picks);
    (Some(check.sheet()), Answer { refused, typed: None, message: Some(message), picks, done, world_region: None })
}

fn step_label(row: &FormRow, value: &str) -> Option<String> {
    row.choices.iter().flat_map(|choice| &choice.steps).find(|step| step.value == value).map(|step| step.label.clone())
}

/// The saved sheet with the typed lines added, unit by unit: a typed order replaces the saved order
/// for the same unit (or the same build site), and everything else saved is kept.
fn merged_sheet(form: &OrderForm, saved: &OrderCheck, typed: &OrderCheck) -> String {
    let typed_subjects: Vec<String> = typed.accepted.iter().map(|line| line_subject(form, &line.text)).collect();
    saved
        .accepted
        .iter()
        .filter(|line| !typed_subjects.contains(&line_subject(form, &line.text)))
        .chain(&typed.accepted)
        .map(|line| line.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What an order line is about, for merging: its form row's unit, a build's site, or the line itself.
fn line_subject(form: &OrderForm, text: &str) -> String {
    for row in &form.rows {
        if let Some(choice) = row.choices.iter().find(|choice| choice.value == text) {
            return match choice.steps.as_slice() {
                [kind, site, ..] if kind.value == "build" || kind.value == "remove" => {
                    format!("{} {}", kind.value, site.value)
                }
                _ => format!("row {}", row.key),
            };
        }
    }
    format!("line {text}")
}

fn nothing_saved_message(refused: usize) -> SaveMessage {
    let lines = if refused == 1 { "The only line was".to_owned() } else { format!("All {refused} lines were") };
    SaveMessage::refused(format!(
        "{lines} refused, so nothing was saved: your saved orders are unchanged. See why below."
    ))
}

fn saved_message(check: &OrderCheck, add: bool) -> SaveMessage {
    let saved = orders_counted(if add { "Added" } else { "Saved" }, check.accepted.len());
    SaveMessage::done(match check.rejected.len() {
        0 => saved,
        1 => format!("{saved} 1 line was refused; see why below."),
        count => format!("{saved} {count} lines were refused; see why below."),
    })
}
