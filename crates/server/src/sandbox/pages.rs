//! The what-if board's page: the position, every power's rows and a text box, and once asked the
//! judge's results with their reasons, with links to carry on and to share.

use std::collections::BTreeMap;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use kinds::sandbox::{Sandbox, SandboxCheck};
use kinds::{FormRow, Kind, RejectedLine};

use super::forms::{SandboxRequest, read_request};
use crate::error::{AppError, AppResult};
use crate::extract::{Path, Query, Viewer};
use crate::games::load::load_visible_game;
use crate::ids::GameId;
use crate::orders::chain;
use crate::orders::forms::RowPick;
use crate::orders::rows::{RowView, choices_json, picked_path, row_views};
use crate::pages::Nav;
use crate::state::AppState;
use crate::turns::board::BoardView;
use crate::turns::queries;
use crate::turns::read::{ReportView, read_state};

#[derive(Template, WebTemplate)]
#[template(path = "sandbox/board.html")]
pub struct SandboxPage {
    nav: Nav,
    game_id: GameId,
    game_name: String,
    /// The game's phase the sandbox starts from.
    game_phase_index: i32,
    game_phase_label: String,
    /// Why this game has no what-if board, when it has none.
    unavailable: Option<String>,
    /// What a variant's sandbox leaves out.
    variant_note: Option<String>,
    /// Where the form is sent (and the rows' "Next" button without JavaScript).
    action: String,
    invite: String,
    /// The sandbox's own phase, and how many it has played past the game's.
    phase_label: String,
    steps: usize,
    /// The orders of the phases already played here, carried by the form.
    before: Vec<String>,
    board: Option<BoardView>,
    rows: Vec<RowView>,
    choices_json: String,
    typed: String,
    refused: Vec<RejectedLine>,
    /// How many orders were adjudicated.
    adjudicated: usize,
    report: Option<ReportView>,
    next_label: Option<String>,
    continue_link: Option<String>,
    share_link: Option<String>,
    start_over_link: String,
}

pub async fn sandbox_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((game_id, phase_index)): Path<(GameId, i32)>,
    Query(pairs): Query<Vec<(String, String)>>,
) -> AppResult<SandboxPage> {
    let request = read_request(&pairs).map_err(AppError::BadRequest)?;
    let mut conn = state.db.acquire().await?;
    let (game, _seats, _access) = load_visible_game(&mut conn, game_id, viewer.user.as_ref(), &request.invite).await?;
    let phase = queries::phase(&mut conn, game_id, phase_index).await?.ok_or(AppError::NotFound)?;
    drop(conn);
    let action = format!("/games/{game_id}/phases/{phase_index}/sandbox");
    let mut page = SandboxPage {
        nav: viewer.nav,
        game_id,
        game_name: game.name,
        game_phase_index: phase_index,
        game_phase_label: phase.label.clone(),
        unavailable: None,
        variant_note: variant_note(game.kind),
        start_over_link: link(&action, &request.invite, &[]),
        action,
        invite: request.invite.clone(),
        phase_label: String::new(),
        steps: request.before.len(),
        before: request.before.clone(),
        board: None,
        rows: Vec::new(),
        choices_json: "[]".to_owned(),
        typed: request.typed.clone(),
        refused: Vec::new(),
        adjudicated: 0,
        report: None,
        next_label: None,
        continue_link: None,
        share_link: None,
    };
    // Only the phase's public position: never a seat's view, pending orders or a kind's secrets.
    let Some(position) = read_state(&phase)?.judge_position() else {
        page.unavailable = Some(format!(
            "The what-if board is not offered for {}: it plays the seven powers' units on the standard map, \
             and this game's board is not that.",
            game.kind.name()
        ));
        return Ok(page);
    };
    let start = Sandbox::from_position(&position).map_err(|error| AppError::Internal(error.into()))?;
    play(&mut page, replay(start, &request.before), &request);
    Ok(page)
}

/// What the sandbox leaves out of a variant: its own orders and secrets.
fn variant_note(kind: Kind) -> Option<String> {
    (!Sandbox::plays_by_the_rules_of(kind)).then(|| {
        format!(
            "{} adds its own orders and secrets to this board; here only its public position is used, played \
             by the standard rules.",
            kind.name()
        )
    })
}

/// The sandbox after the phases already played in it.
fn replay(start: Sandbox, before: &[String]) -> Sandbox {
    before.iter().fold(start, |sandbox, sheet| {
        let check = sandbox.check(sheet);
        sandbox.resolve(&check).next
    })
}

/// Fills the page for the sandbox's phase: its rows and, when asked, the judge's results.
fn play(page: &mut SandboxPage, sandbox: Sandbox, request: &SandboxRequest) {
    let rows = labelled_rows(&sandbox);
    let mut sheet = request.typed.clone();
    for order in picked_orders(&rows, &request.picks) {
        sheet.push('\n');
        sheet.push_str(&order);
    }
    let check = sandbox.check(&sheet);
    page.phase_label = sandbox.phase_label();
    page.choices_json = choices_json(&rows);
    page.rows = row_views(rows, &[], Some(&request.picks));
    page.refused = check.rejected.clone();
    let board = sandbox.board();
    if !request.resolve {
        page.board = board.as_ref().map(|board| BoardView::from_board(board, None));
        return;
    }
    let resolution = sandbox.resolve(&check);
    page.board = board.as_ref().map(|board| BoardView::from_board(board, Some(&resolution.report)));
    page.adjudicated = check.accepted.len();
    page.report = Some(ReportView::in_words(resolution.report, Sandbox::RULES));
    page.next_label = Some(resolution.next.phase_label());
    page.continue_link = Some(continue_link(page, &request.before, &check));
    page.share_link = Some(share_link(page, &request.before, &check));
}

/// Every power's rows, each labelled with its power (`France: A par`).
fn labelled_rows(sandbox: &Sandbox) -> Vec<FormRow> {
    sandbox
        .rows()
        .into_iter()
        .flat_map(|power| {
            power.rows.into_iter().map(move |row| FormRow { label: format!("{}: {}", power.power, row.label), ..row })
        })
        .collect()
}

/// The orders the rows' picks complete; unfinished chains give none.
fn picked_orders(rows: &[FormRow], picks: &BTreeMap<usize, RowPick>) -> Vec<String> {
    picks
        .iter()
        .filter_map(|(index, pick)| {
            let row = rows.get(*index)?;
            let path = picked_path(row, Some(pick));
            let choice = chain::resolve(&row.choices, &path)
                .or_else(|| row.choices.iter().find(|choice| Some(&choice.value) == pick.whole.as_ref()))?;
            Some(choice.value.clone()).filter(|value| !value.is_empty())
        })
        .collect()
}

/// The next phase of the sandbox: the orders just adjudicated join those before them.
fn continue_link(page: &SandboxPage, before: &[String], check: &SandboxCheck) -> String {
    let mut pairs: Vec<(&str, String)> = before.iter().map(|sheet| ("before", sheet.clone())).collect();
    pairs.push(("before", check.sheet()));
    link(&page.action, &page.invite, &pairs)
}

/// This very sandbox, adjudicated: the address to send someone.
fn share_link(page: &SandboxPage, before: &[String], check: &SandboxCheck) -> String {
    let mut pairs: Vec<(&str, String)> = before.iter().map(|sheet| ("before", sheet.clone())).collect();
    pairs.push(("orders", check.sheet()));
    pairs.push(("go", String::new()));
    link(&page.action, &page.invite, &pairs)
}

fn link(action: &str, invite: &str, pairs: &[(&str, String)]) -> String {
    let mut pairs = pairs.to_vec();
    if !invite.is_empty() {
        pairs.push(("invite", invite.to_owned()));
    }
    match serde_urlencoded::to_string(&pairs) {
        Ok(query) if !query.is_empty() => format!("{action}?{query}"),
        _ => action.to_owned(),
    }
}
