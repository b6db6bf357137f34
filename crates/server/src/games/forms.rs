//! The game settings form (shared by "new game" and the GM's edit form), the lobby filters and the
//! join form: raw strings as typed, validated into typed settings.

use chrono::NaiveTime;
use chrono_tz::Tz;
use serde::Deserialize;

use super::deadline::{DeadlineSettings, PhaseDuration, WEEKDAYS, WeekdaySet};
use kinds::{Kind, SeatPlan};

use super::model::{
    DeadlineMode, GameStatus, Power, PowerAssignment, PressRule, StartRule, default_seat_count, site_seats,
};
use crate::error::FormErrors;
use crate::press::rules::PressSettings;

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct GameSettingsForm {
    /// Only read when creating; a game's kind never changes.
    pub kind: String,
    pub name: String,
    pub description: String,
    pub visibility: String,
    pub press: String,
    pub grey_press: Option<String>,
    pub publish_press: Option<String>,
    pub anonymous: Option<String>,
    pub deadline_mode: String,
    pub movement: String,
    pub retreat: String,
    pub adjustment: String,
    pub fixed_time: String,
    pub deadline_zone: String,
    pub skip_monday: Option<String>,
    pub skip_tuesday: Option<String>,
    pub skip_wednesday: Option<String>,
    pub skip_thursday: Option<String>,
    pub skip_friday: Option<String>,
    pub skip_saturday: Option<String>,
    pub skip_sunday: Option<String>,
    pub power_assignment: String,
    pub start_rule: String,
    /// A checkbox: absent when unticked, so a missing field means off (not the new-game page's default).
    #[serde(default)]
    pub process_when_ready: Option<String>,
    /// Checkboxes: the start fills the seats still empty with bots; a bot takes over a seat in civil
    /// disorder.
    pub bots_fill: Option<String>,
    pub bots_replace: Option<String>,
    /// The number of players, for kinds whose seats hold no power (Covert Operations); empty means the
    /// kind's default. Ignored for kinds with one seat per power.
    pub players: String,
    /// Who may join by reliability (`reliability::gate::TIER_CHOICES`), and the number of recent phases
    /// a joining player must have missed none of; empty asks nothing.
    pub reliability: String,
    pub no_miss_in_last: String,
    /// Movement phases missed in a row after which a player leaves his seat open
    /// (`reliability::disorder`); empty: no such rule. Read only when creating.
    pub disorder_after: String,
    /// A live game's phase length in minutes (`5`, `10` or `15`: every phase that long, processed as
    /// soon as every seat is ready); empty for deadlines as the duration fields set them.
    pub pace: String,
}

/// The phase lengths, in minutes, a live game may have.
pub const LIVE_PACES: [i32; 3] = [5, 10, 15];

impl Default for GameSettingsForm {
    /// What the "new game" page offers: a Standard game, public, full press, a day per movement phase.
    fn default() -> Self {
        GameSettingsForm {
            kind: Kind::Standard.slug().to_owned(),
            name: String::new(),
            description: String::new(),
            visibility: "public".to_owned(),
            press: PressRule::Full.slug().to_owned(),
            grey_press: None,
            publish_press: None,
            anonymous: None,
            deadline_mode: DeadlineMode::PerPhase.slug().to_owned(),
            movement: "1d".to_owned(),
            retreat: "12h".to_owned(),
            adjustment: "12h".to_owned(),
            fixed_time: String::new(),
            deadline_zone: "UTC".to_owned(),
            skip_monday: None,
            skip_tuesday: None,
            skip_wednesday: None,
            skip_thursday: None,
            skip_friday: None,
            skip_saturday: None,
            skip_sunday: None,
            power_assignment: PowerAssignment::PlayersChoose.slug().to_owned(),
            start_rule: StartRule::WhenFull.slug().to_owned(),
            process_when_ready: Some("on".to_owned()),
            bots_fill: None,
            bots_replace: None,
            players: String::new(),
            reliability: String::new(),
            no_miss_in_last: String::new(),
            disorder_after: String::new(),
            pace: String::new(),
        }
    }
}

/// Settings that passed validation.
#[derive(Debug, Clone)]
pub struct GameSettings {
    pub name: String,
    pub description: String,
    pub is_public: bool,
    pub press: PressSettings,
    pub anonymous: bool,
    pub deadlines: DeadlineSettings,
    pub power_assignment: PowerAssignment,
    pub start_rule: StartRule,
    /// Process a phase as soon as every seat that must order is ready, without waiting for the deadline.
    pub process_when_ready: bool,
    pub bots: BotSettings,
}

/// Where bots play in a game (`crate::bot_seats`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotSettings {
    /// The start fills the seats still empty with bots instead of waiting for players.
    pub fill_at_start: bool,
    /// The turn worker gives a seat in civil disorder to a bot, until a human takes it over.
    pub replace_disorder: bool,
}

impl GameSettings {
    /// The settings with what the kind imposes: a game of players without powers (Covert Operations) is
    /// always anonymous, since who plays which position is the game's secret until a player reveals
    /// itself with an `M` order (rulings 5.4); so is a Cabinet game, which looks like a gunboat game to
    /// everyone outside a cabinet (sheet §4, rulings 2.4): names reach a page only where the engine's
    /// `known_holders` allows (`crate::cabinet`).
    pub fn for_kind(self, kind: Kind) -> GameSettings {
        GameSettings { anonymous: self.anonymous || kind.facts().seats.holders_always_secret(), ..self }
    }
}

/// One weekday checkbox as the template draws it.
pub struct WeekdayBox {
    pub field: &'static str,
    pub label: &'static str,
    pub checked: bool,
}

impl GameSettingsForm {
    /// The form filled in from stored settings, for the GM's edit page.
    pub fn from_settings(kind: Kind, settings: &GameSettings) -> Self {
        let deadlines = &settings.deadlines;
        let skip = |index: usize| deadlines.no_process_days.contains(WEEKDAYS[index].0).then(|| "on".to_owned());
        GameSettingsForm {
            kind: kind.slug().to_owned(),
            name: settings.name.clone(),
            description: settings.description.clone(),
            visibility: if settings.is_public { "public" } else { "private" }.to_owned(),
            press: settings.press.rule.slug().to_owned(),
            grey_press: settings.press.grey.then(|| "on".to_owned()),
            publish_press: settings.press.published_after_end.then(|| "on".to_owned()),
            anonymous: settings.anonymous.then(|| "on".to_owned()),
            deadline_mode: deadlines.mode.slug().to_owned(),
            movement: deadlines.movement.to_string(),
            retreat: deadlines.retreat.to_string(),
            adjustment: deadlines.adjustment.to_string(),
            fixed_time: deadlines.fixed_time.map(|time| time.format("%H:%M").to_string()).unwrap_or_default(),
            deadline_zone: deadlines.zone.name().to_owned(),
            skip_monday: skip(0),
            skip_tuesday: skip(1),
            skip_wednesday: skip(2),
            skip_thursday: skip(3),
            skip_friday: skip(4),
            skip_saturday: skip(5),
            skip_sunday: skip(6),
            power_assignment: settings.power_assignment.slug().to_owned(),
            start_rule: settings.start_rule.slug().to_owned(),
            process_when_ready: settings.process_when_ready.then(|| "on".to_owned()),
            bots_fill: settings.bots.fill_at_start.then(|| "on".to_owned()),
            bots_replace: settings.bots.replace_disorder.then(|| "on".to_owned()),
            players: String::new(),
            reliability: String::new(),
            no_miss_in_last: String::new(),
            disorder_after: String::new(),
            pace: String::new(),
        }
    }

    fn skip_fields(&self) -> [(&'static str, bool); 7] {
        [
            ("skip_monday", self.skip_monday.is_some()),
            ("skip_tuesday", self.skip_tuesday.is_some()),
            ("skip_wednesday", self.skip_wednesday.is_some()),
            ("skip_thursday", self.skip_thursday.is_some()),
            ("skip_friday", self.skip_friday.is_some()),
            ("skip_saturday", self.skip_saturday.is_some()),
            ("skip_sunday", self.skip_sunday.is_some()),
        ]
    }

    pub fn weekday_boxes(&self) -> Vec<WeekdayBox> {
        self.skip_fields()
            .iter()
            .zip(WEEKDAYS)
            .map(|((field, checked), (_, label))| WeekdayBox { field, label, checked: *checked })
            .collect()
    }

    /// The kind chosen on the "new game" page; unknown or not-yet-playable kinds are form errors.
    pub fn validate_kind(&self, errors: &mut FormErrors) -> Kind {
        match Kind::from_slug(&self.kind) {
            Some(kind) if site_seats(kind) => kind,
            Some(kind) => {
                errors.add("kind", format!("{kind} games cannot be played on this site yet; choose another kind."));
                kind
            }
            None => {
                errors.add("kind", "Choose a kind of game.");
                Kind::Standard
            }
        }
    }

    /// How many seats the game has: fixed by the kind when seats hold powers; chosen by the GM for kinds
    /// of players without powers (the kind's default when left empty).
    pub fn validate_seat_count(&self, kind: Kind, errors: &mut FormErrors) -> i16 {
        let SeatPlan::PlayersOnly { allowed, .. } = kind.facts().seats else {
            return default_seat_count(kind);
        };
        if self.players.trim().is_empty() {
            return default_seat_count(kind);
        }
        match self.players.trim().parse::<u16>() {
            Ok(count) if allowed.contains(&count) => {
                i16::try_from(count).expect("a kind allows fewer than 32,768 players")
            }
            _ => {
                errors.add("players", format!("Choose from {} to {} players.", allowed.start(), allowed.end()));
                default_seat_count(kind)
            }
        }
    }

    pub fn validate(&self, errors: &mut FormErrors) -> Option<GameSettings> {
        let name = self.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > 80 {
            errors.add("name", "Give the game a name of 1 to 80 characters.");
        }
        let description = self.description.trim().to_owned();
        if description.chars().count() > 4000 {
            errors.add("description", "Keep the description to 4000 characters.");
        }
        let is_public = match self.visibility.as_str() {
            "public" => true,
            "private" => false,
            _ => {
                errors.add("visibility", "Choose public or private.");
                true
            }
        };
        let press = choose(&self.press, PressRule::from_slug, "press", "Choose a press rule.", errors);
        let power_assignment = choose(
            &self.power_assignment,
            PowerAssignment::from_slug,
            "power_assignment",
            "Choose how powers are assigned.",
            errors,
        );
        let start_rule =
            choose(&self.start_rule, StartRule::from_slug, "start_rule", "Choose when the game starts.", errors);
        let deadlines = self.validate_deadlines(errors);
        let settings = GameSettings {
            name,
            description,
            is_public,
            press: PressSettings {
                rule: press?,
                grey: self.grey_press.is_some(),
                published_after_end: self.publish_press.is_some(),
            },
            anonymous: self.anonymous.is_some(),
            deadlines: deadlines?,
            power_assignment: power_assignment?,
            start_rule: start_rule?,
            process_when_ready: self.process_when_ready.is_some() || self.live_pace(errors).is_some(),
            bots: BotSettings {
                fill_at_start: self.bots_fill.is_some(),
                replace_disorder: self.bots_replace.is_some(),
            },
        };
        errors.is_empty().then_some(settings)
    }

    /// A live game's phase length, when the form asks for one (a pace not offered is an error).
    fn live_pace(&self, errors: &mut FormErrors) -> Option<PhaseDuration> {
        match self.pace.trim() {
            "" => None,
            text => {
                let minutes = text.parse::<i32>().ok().filter(|minutes| LIVE_PACES.contains(minutes));
                if minutes.is_none() {
                    errors.add("pace", "Choose a live game's pace from the list.");
                }
                minutes.and_then(PhaseDuration::from_minutes)
            }
        }
    }

    fn validate_deadlines(&self, errors: &mut FormErrors) -> Option<DeadlineSettings> {
        if let Some(pace) = self.live_pace(errors) {
            let zone = self.deadline_zone.trim().parse::<Tz>().unwrap_or(Tz::UTC);
            return Some(DeadlineSettings::live(pace, zone));
        }
        let mode = choose(
            &self.deadline_mode,
            DeadlineMode::from_slug,
            "deadline_mode",
            "Choose how deadlines are set.",
            errors,
        );
        let duration = |raw: &str, field: &'static str, errors: &mut FormErrors| {
            let parsed = PhaseDuration::parse(raw);
            if parsed.is_none() {
                errors.add(field, "Enter a duration from 5m to 14d, like 1d, 36h, 1d 12h or 90m.");
            }
            parsed
        };
        let movement = duration(&self.movement, "movement", errors);
        let retreat = duration(&self.retreat, "retreat", errors);
        let adjustment = duration(&self.adjustment, "adjustment", errors);
        let zone = self.deadline_zone.trim().parse::<Tz>().ok();
        if zone.is_none() {
            errors.add("deadline_zone", "Choose a time zone from the list.");
        }
        let fixed_time = match self.fixed_time.trim() {
            "" => None,
            text => {
                let parsed = NaiveTime::parse_from_str(text, "%H:%M").ok();
                if parsed.is_none() {
                    errors.add("fixed_time", "Enter a time of day as HH:MM, like 20:00.");
                }
                parsed
            }
        };
        if mode == Some(DeadlineMode::FixedTime) && self.fixed_time.trim().is_empty() {
            errors.add("fixed_time", "Enter the time of day at which deadlines fall.");
        }
        let no_process_days = self
            .skip_fields()
            .iter()
            .zip(WEEKDAYS)
            .filter(|((_, checked), _)| *checked)
            .fold(WeekdaySet::default(), |set, (_, (day, _))| set.with(day));
        if no_process_days.is_every_day() {
            errors.add("skip_days", "Leave at least one weekday on which turns are processed.");
        }
        Some(DeadlineSettings {
            mode: mode?,
            movement: movement?,
            retreat: retreat?,
            adjustment: adjustment?,
            fixed_time,
            zone: zone?,
            no_process_days,
        })
    }
}

fn choose<T>(
    raw: &str,
    parse: fn(&str) -> Option<T>,
    field: &'static str,
    message: &str,
    errors: &mut FormErrors,
) -> Option<T> {
    let parsed = parse(raw);
    if parsed.is_none() {
        errors.add(field, message);
    }
    parsed
}

/// Lobby filters from the query string.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LobbyQuery {
    pub show: String,
    pub kind: String,
    /// The keyset of the page to show (`archive::Cursor`); empty for the newest games.
    pub before: String,
}

/// Which games the lobby lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyTab {
    Joinable,
    Running,
    Finished,
}

impl LobbyTab {
    pub const ALL: [LobbyTab; 3] = [LobbyTab::Joinable, LobbyTab::Running, LobbyTab::Finished];

    pub fn slug(self) -> &'static str {
        match self {
            LobbyTab::Joinable => "joinable",
            LobbyTab::Running => "running",
            LobbyTab::Finished => "finished",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            LobbyTab::Joinable => "Joinable",
            LobbyTab::Running => "Running",
            LobbyTab::Finished => "Finished",
        }
    }

    /// The statuses listed under this tab.
    pub fn statuses(self) -> &'static [GameStatus] {
        match self {
            LobbyTab::Joinable => &[GameStatus::Forming],
            LobbyTab::Running => &[GameStatus::Running, GameStatus::Paused],
            LobbyTab::Finished => &[GameStatus::Finished],
        }
    }
}

/// Validated lobby filters; an unknown value is refused rather than silently ignored.
pub struct LobbyFilter {
    pub tab: LobbyTab,
    pub kind: Option<Kind>,
}

impl LobbyQuery {
    pub fn parse(&self) -> Result<LobbyFilter, String> {
        let tab = match self.show.as_str() {
            "" => LobbyTab::Joinable,
            show => LobbyTab::ALL
                .into_iter()
                .find(|tab| tab.slug() == show)
                .ok_or_else(|| format!("There is no list of games called {show:?}."))?,
        };
        let kind = match self.kind.as_str() {
            "" => None,
            kind => Some(Kind::from_slug(kind).ok_or_else(|| format!("There is no game kind called {kind:?}."))?),
        };
        Ok(LobbyFilter { tab, kind })
    }
}

/// Joining a game: the power wanted (when players choose) and the invite code (private games).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct JoinForm {
    pub power: String,
    pub invite: String,
}

impl JoinForm {
    pub fn power(&self) -> Result<Option<Power>, String> {
        match self.power.as_str() {
            "" => Ok(None),
            slug => Power::from_slug(slug).map(Some).ok_or_else(|| format!("There is no power called {slug:?}.")),
        }
    }
}

/// The invite code from a game page's query string.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct InviteQuery {
    pub invite: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> GameSettingsForm {
        GameSettingsForm { name: name.to_owned(), ..GameSettingsForm::default() }
    }

    #[test]
    fn the_default_form_with_a_name_is_valid() {
        let mut errors = FormErrors::default();
        let settings = named("Spring 1901").validate(&mut errors).unwrap();
        assert!(errors.is_empty());
        assert_eq!(settings.deadlines.movement.minutes(), 1440);
        assert!(settings.is_public);
    }

    #[test]
    fn every_kind_is_accepted_on_the_new_game_form_cabinet_diplomacy_included() {
        for kind in Kind::ALL {
            let form = GameSettingsForm { kind: kind.slug().to_owned(), ..named("x") };
            let mut errors = FormErrors::default();
            assert_eq!(form.validate_kind(&mut errors), *kind);
            assert!(!errors.has("kind"), "{kind}");
        }
    }

    #[test]
    fn fixed_time_deadlines_need_a_time_and_all_seven_skipped_days_are_refused() {
        let form = GameSettingsForm {
            deadline_mode: "fixed_time".to_owned(),
            skip_monday: Some("on".into()),
            skip_tuesday: Some("on".into()),
            skip_wednesday: Some("on".into()),
            skip_thursday: Some("on".into()),
            skip_friday: Some("on".into()),
            skip_saturday: Some("on".into()),
            skip_sunday: Some("on".into()),
            ..named("x")
        };
        let mut errors = FormErrors::default();
        assert!(form.validate(&mut errors).is_none());
        assert!(errors.has("fixed_time"));
        assert!(errors.has("skip_days"));
    }

    #[test]
    fn stored_settings_fill_the_form_back_identically() {
        let mut errors = FormErrors::default();
        let original = GameSettingsForm {
            fixed_time: "20:00".to_owned(),
            deadline_mode: "fixed_time".to_owned(),
            skip_sunday: Some("on".into()),
            ..named("Round trip")
        };
        let settings = original.validate(&mut errors).unwrap();
        let again = GameSettingsForm::from_settings(Kind::Standard, &settings);
        assert_eq!(again.validate(&mut errors).unwrap().deadlines, settings.deadlines);
        assert_eq!(again.fixed_time, "20:00");
    }

    #[test]
    fn unknown_lobby_filters_are_refused() {
        assert!(LobbyQuery { show: "secret".into(), ..LobbyQuery::default() }.parse().is_err());
        assert!(LobbyQuery { kind: "chess".into(), ..LobbyQuery::default() }.parse().is_err());
        let filter =
            LobbyQuery { show: "running".into(), kind: "standard".into(), ..LobbyQuery::default() }.parse().unwrap();
        assert_eq!(filter.tab, LobbyTab::Running);
        assert_eq!(filter.kind, Some(Kind::Standard));
    }
}
