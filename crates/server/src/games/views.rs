//! What several features show of a game: its seats as a viewer may see them, its settings in words,
//! and the settings form (shared by "new game", the GM panel and the API).

use kinds::{Kind, SeatPlan};

use super::access::Access;
use super::forms::{GameSettings, GameSettingsForm, WeekdayBox};
use super::model::{DeadlineMode, Power, PowerAssignment, PressRule, SeatRole, StartRule, has_powers};
use super::queries::{GameRow, SeatRow};
use crate::error::FormErrors;
use crate::pages::TIME_ZONES;

/// The settings form, used by "new game" and by the GM panel.
pub struct SettingsFormView {
    pub form: GameSettingsForm,
    pub errors: FormErrors,
    pub weekdays: Vec<WeekdayBox>,
    pub kinds: Vec<KindOption>,
    pub presses: &'static [PressRule],
    pub deadline_modes: &'static [DeadlineMode],
    /// A live game's phase lengths, in minutes.
    pub live_paces: &'static [i32],
    pub assignments: &'static [PowerAssignment],
    pub start_rules: &'static [StartRule],
    pub zones: &'static [&'static str],
    /// Where the form posts.
    pub action: String,
    /// Creating a game (the kind can be chosen) rather than editing one.
    pub creating: bool,
}

impl SettingsFormView {
    /// What the players field says: which kinds seat players without powers, and how many each allows.
    pub fn players_hint(&self) -> String {
        let kinds: Vec<String> = Kind::ALL
            .iter()
            .filter_map(|&kind| match kind.facts().seats {
                SeatPlan::PlayersOnly { allowed, .. } => {
                    Some(format!("{}: {} to {}", kind.name(), allowed.start(), allowed.end()))
                }
                SeatPlan::OnePerPower | SeatPlan::PostsPerPower => None,
            })
            .collect();
        format!("{} only", kinds.join("; "))
    }

    /// Whether the form asks for the number of players: when the kind may still be chosen, or when the
    /// game's kind seats players without powers.
    pub fn asks_players(&self) -> bool {
        self.creating || Kind::from_slug(&self.form.kind).is_some_and(|kind| !has_powers(kind))
    }
}

/// One kind in the form's list of kinds.
pub struct KindOption {
    pub slug: &'static str,
    pub name: &'static str,
}

impl KindOption {
    fn every_kind() -> Vec<KindOption> {
        Kind::ALL.iter().map(|&kind| KindOption { slug: kind.slug(), name: kind.name() }).collect()
    }
}

impl SettingsFormView {
    pub fn new(form: GameSettingsForm, errors: FormErrors, action: String, creating: bool) -> Self {
        SettingsFormView {
            action,
            creating,
            weekdays: form.weekday_boxes(),
            form,
            errors,
            kinds: KindOption::every_kind(),
            presses: PressRule::ALL,
            deadline_modes: DeadlineMode::ALL,
            live_paces: &crate::games::forms::LIVE_PACES,
            assignments: PowerAssignment::ALL,
            start_rules: StartRule::ALL,
            zones: &TIME_ZONES,
        }
    }
}

/// A seat as shown on the game page; `player` is already anonymised where it must be.
pub struct SeatView {
    /// The seat's id (the press form's recipient value); none for a seat nobody has taken yet.
    pub seat_id: Option<crate::ids::SeatId>,
    pub number: usize,
    pub role: &'static str,
    pub powers: String,
    pub player: String,
    /// The player's profile, where the page shows their name.
    pub profile: Option<String>,
    pub is_mine: bool,
    pub is_empty: bool,
    /// A bot plays the seat: marked so on every page, anonymous games too (a bot has no name to hide).
    pub is_bot: bool,
}

/// Lists the game's seats, the taken ones first, then one empty line per seat nobody holds yet.
///
/// Where the kind's engine moves people between secret posts (a Cabinet relief or coup), a viewer who
/// may not see names learns nothing of those moves either (CAB.9): the seats come in the kind's order,
/// not in sign-up order (which would pair people with posts), and a vacated seat looks like any other.
pub fn seat_views(game: &GameRow, seats: &[SeatRow], access: &Access) -> Vec<SeatView> {
    let sees_names = access.sees_names(game);
    let hides_moves = game.kind.facts().seats.engine_seats_people() && !sees_names;
    let mut ordered: Vec<&SeatRow> = seats.iter().collect();
    if hides_moves {
        ordered.sort_by_key(|seat| (seat.game_seat.is_none(), seat.game_seat, seat.seat_id));
    }
    let taken = ordered.into_iter().enumerate().map(|(index, seat)| {
        let is_mine = access.my_seat == Some(seat.seat_id);
        let player = match (&seat.display_name, sees_names || is_mine) {
            (None, _) if seat.bot => BOT_LABEL.to_owned(),
            (None, _) if hides_moves && seat.game_seat.is_some() => "Anonymous player".to_owned(),
            (None, _) => "Empty seat".to_owned(),
            (Some(name), true) => name.clone(),
            (Some(_), false) => "Anonymous player".to_owned(),
        };
        SeatView {
            seat_id: Some(seat.seat_id),
            number: index + 1,
            role: seat.role.label(),
            powers: powers_label(&seat.powers),
            player,
            // One's own seat says "(you)" instead.
            profile: seat.username.as_deref().filter(|_| sees_names && !is_mine).map(crate::reliability::profile_path),
            is_mine,
            is_empty: seat.account_id.is_none() && !seat.bot && !(hides_moves && seat.game_seat.is_some()),
            is_bot: seat.bot,
        }
    });
    let total = usize::try_from(game.seat_count).unwrap_or(0);
    let open = (seats.len()..total).map(|index| SeatView {
        seat_id: None,
        number: index + 1,
        role: SeatRole::Player.label(),
        powers: String::new(),
        player: "Open".to_owned(),
        profile: None,
        is_mine: false,
        is_empty: true,
        is_bot: false,
    });
    taken.chain(open).collect()
}

/// How a page names the player of a seat a bot holds.
pub const BOT_LABEL: &str = "Bot";

fn powers_label(powers: &[Power]) -> String {
    powers.iter().map(|power| power.label()).collect::<Vec<_>>().join(", ")
}

/// The settings of a game, in words, as label/value pairs.
pub fn settings_lines(game: &GameRow, settings: &GameSettings) -> Vec<(&'static str, String)> {
    let deadlines = &settings.deadlines;
    let deadline_rule = match (deadlines.mode, deadlines.fixed_time) {
        (DeadlineMode::FixedTime, Some(time)) => format!(
            "At {} ({}), at least {} after the phase starts",
            time.format("%H:%M"),
            deadlines.zone.name(),
            deadlines.movement
        ),
        (DeadlineMode::PerPhase, _) | (DeadlineMode::FixedTime, None) => format!(
            "Movement {}, retreats {}, adjustments {}",
            deadlines.movement, deadlines.retreat, deadlines.adjustment
        ),
    };
    // A game of players without powers (Covert Operations) has one kind of phase, a day, and seats
    // numbered in join order: retreat and adjustment deadlines and power assignment mean nothing there.
    let (deadline_rule, seats) = match game.kind.facts().seats {
        SeatPlan::PostsPerPower => {
            let placing = match settings.power_assignment {
                PowerAssignment::GmAssigns => "The GM places every player",
                PowerAssignment::PlayersChoose | PowerAssignment::Random => {
                    "Teams of three get a power each; everyone else is placed at random at the start"
                }
            };
            (
                deadline_rule,
                (
                    "Positions",
                    format!(
                        "7 powers × 3 positions (Head of State, General of the Army, Admiral of the Navy). {placing}."
                    ),
                ),
            )
        }
        SeatPlan::OnePerPower => (deadline_rule, ("Powers", settings.power_assignment.label().to_owned())),
        SeatPlan::PlayersOnly { .. } => {
            (day_deadline_rule(deadlines), ("Seats", "Player 1, Player 2, … in the order players join".to_owned()))
        }
    };
    let skipped = deadlines.no_process_days.names();
    vec![
        ("Kind", game.kind.name().to_owned()),
        ("Visibility", if settings.is_public { "Public" } else { "Private (invite link)" }.to_owned()),
        ("Press", settings.press.describe()),
        ("Anonymous", if settings.anonymous { "Yes: names hidden until the end" } else { "No" }.to_owned()),
        ("Deadlines", deadline_rule),
        ("No processing on", if skipped.is_empty() { "—".to_owned() } else { skipped.join(", ") }),
        seats,
        ("Start", settings.start_rule.label().to_owned()),
        ("Early processing", early_processing_label(settings.process_when_ready).to_owned()),
        ("Bots", bots_label(settings.bots).to_owned()),
    ]
}

/// The deadline rule of a game whose every phase is a day (it uses the movement duration).
fn day_deadline_rule(deadlines: &super::deadline::DeadlineSettings) -> String {
    match (deadlines.mode, deadlines.fixed_time) {
        (DeadlineMode::FixedTime, Some(time)) => format!(
            "Each day ends at {} ({}), at least {} after it starts",
            time.format("%H:%M"),
            deadlines.zone.name(),
            deadlines.movement
        ),
        (DeadlineMode::PerPhase, _) | (DeadlineMode::FixedTime, None) => {
            format!("Each day lasts {}", deadlines.movement)
        }
    }
}

fn bots_label(bots: super::forms::BotSettings) -> &'static str {
    match (bots.fill_at_start, bots.replace_disorder) {
        (true, true) => "Fill the empty seats at the start, and take over seats in civil disorder",
        (true, false) => "Fill the empty seats at the start",
        (false, true) => "Take over seats in civil disorder",
        (false, false) => "None",
    }
}

fn early_processing_label(process_when_ready: bool) -> &'static str {
    if process_when_ready {
        "As soon as every player who must order is ready"
    } else {
        "Never: each phase waits for its deadline"
    }
}
