//! Deadline settings and the arithmetic that turns them into instants. Pure: "now" is a parameter.

use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

use super::model::DeadlineMode;

/// How long a phase lasts, in whole minutes (5 minutes to 14 days, as the table's checks say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhaseDuration(i32);

impl PhaseDuration {
    pub const MIN_MINUTES: i32 = 5;
    pub const MAX_MINUTES: i32 = 14 * 24 * 60;
    pub const ONE_DAY: PhaseDuration = PhaseDuration(24 * 60);

    pub fn from_minutes(minutes: i32) -> Option<Self> {
        (Self::MIN_MINUTES..=Self::MAX_MINUTES).contains(&minutes).then_some(PhaseDuration(minutes))
    }

    /// Parses `"2d"`, `"36h"`, `"1d 12h"`, `"90m"` or a bare number of hours (`"24"`).
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim().to_ascii_lowercase();
        if let Ok(hours) = text.parse::<i32>() {
            return hours.checked_mul(60).and_then(Self::from_minutes);
        }
        let mut total: i32 = 0;
        let mut number = String::new();
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            let unit = match c {
                'd' => 24 * 60,
                'h' => 60,
                'm' => 1,
                _ => return None,
            };
            let amount: i32 = number.parse().ok()?;
            total = total.checked_add(amount.checked_mul(unit)?)?;
            number.clear();
        }
        if !number.is_empty() || total == 0 {
            return None;
        }
        Self::from_minutes(total)
    }

    pub fn minutes(self) -> i32 {
        self.0
    }

    pub fn duration(self) -> Duration {
        Duration::minutes(i64::from(self.0))
    }
}

impl std::fmt::Display for PhaseDuration {
    /// Writes the shortest form `parse` reads back, e.g. `1d 12h`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (days, hours, minutes) = (self.0 / 1440, self.0 % 1440 / 60, self.0 % 60);
        let parts: Vec<String> = [(days, "d"), (hours, "h"), (minutes, "m")]
            .iter()
            .filter(|(amount, _)| *amount > 0)
            .map(|(amount, unit)| format!("{amount}{unit}"))
            .collect();
        f.write_str(&parts.join(" "))
    }
}

/// Weekdays on which no deadline falls; bit 0 is Monday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WeekdaySet(u8);

impl WeekdaySet {
    pub fn from_bits(bits: i16) -> Self {
        WeekdaySet((bits & 0x7f) as u8)
    }

    pub fn bits(self) -> i16 {
        i16::from(self.0)
    }

    pub fn with(self, day: Weekday) -> Self {
        WeekdaySet(self.0 | 1 << day.num_days_from_monday())
    }

    pub fn contains(self, day: Weekday) -> bool {
        self.0 & 1 << day.num_days_from_monday() != 0
    }

    pub fn is_every_day(self) -> bool {
        self.0 == 0x7f
    }

    pub fn names(self) -> Vec<&'static str> {
        WEEKDAYS.iter().filter(|(day, _)| self.contains(*day)).map(|(_, name)| *name).collect()
    }
}

pub const WEEKDAYS: [(Weekday, &str); 7] = [
    (Weekday::Mon, "Monday"),
    (Weekday::Tue, "Tuesday"),
    (Weekday::Wed, "Wednesday"),
    (Weekday::Thu, "Thursday"),
    (Weekday::Fri, "Friday"),
    (Weekday::Sat, "Saturday"),
    (Weekday::Sun, "Sunday"),
];

/// The three kinds of phase, each with its own duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadlineKind {
    Movement,
    Retreat,
    Adjustment,
}

/// A game's deadline rules.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadlineSettings {
    pub mode: DeadlineMode,
    pub movement: PhaseDuration,
    pub retreat: PhaseDuration,
    pub adjustment: PhaseDuration,
    /// With `FixedTime`: deadlines fall at this time of day in `zone`.
    pub fixed_time: Option<NaiveTime>,
    pub zone: Tz,
    pub no_process_days: WeekdaySet,
}

impl DeadlineSettings {
    /// A live game's: every phase `pace` long from its start, on every day.
    pub fn live(pace: PhaseDuration, zone: Tz) -> Self {
        DeadlineSettings {
            mode: DeadlineMode::PerPhase,
            movement: pace,
            retreat: pace,
            adjustment: pace,
            fixed_time: None,
            zone,
            no_process_days: WeekdaySet::default(),
        }
    }

    fn duration_of(&self, phase: DeadlineKind) -> PhaseDuration {
        match phase {
            DeadlineKind::Movement => self.movement,
            DeadlineKind::Retreat => self.retreat,
            DeadlineKind::Adjustment => self.adjustment,
        }
    }

    /// The deadline of a phase of `phase` kind starting at `now`.
    ///
    /// Per phase: `now` plus the phase's duration. Fixed time: the first time-of-day in the zone at
    /// least the phase's duration away, so a phase is never shorter than its duration. Either way a
    /// deadline that falls on a no-process weekday (in the game's zone) moves on by whole days.
    pub fn next_deadline(&self, phase: DeadlineKind, now: DateTime<Utc>) -> DateTime<Utc> {
        let earliest = now + self.duration_of(phase).duration();
        let deadline = match (self.mode, self.fixed_time) {
            (DeadlineMode::FixedTime, Some(time)) => next_time_of_day(earliest, time, self.zone),
            (DeadlineMode::PerPhase, _) | (DeadlineMode::FixedTime, None) => earliest,
        };
        self.on_a_processing_day(deadline)
    }

    /// `deadline`, moved on by whole days while it falls on a no-process weekday in the game's zone.
    /// Every way a deadline is set goes through here: a new phase, a GM's resume or extension, and the
    /// extension after downtime.
    pub fn on_a_processing_day(&self, mut deadline: DateTime<Utc>) -> DateTime<Utc> {
        // Validation forbids blocking all seven days; the bound keeps a bad row from looping forever.
        for _ in 0..7 {
            if !self.no_process_days.contains(deadline.with_timezone(&self.zone).weekday()) {
                break;
            }
            deadline += Duration::days(1);
        }
        deadline
    }
}

/// The first instant at or after `from` whose local time in `zone` is `time`.
fn next_time_of_day(from: DateTime<Utc>, time: NaiveTime, zone: Tz) -> DateTime<Utc> {
    let local_date = from.with_timezone(&zone).date_naive();
    (0..3)
        .filter_map(|offset| local_date.checked_add_signed(Duration::days(offset)))
        .filter_map(|date| {
            let local = date.and_time(time);
            // In a DST gap the wall time does not exist; the hour after it does.
            zone.from_local_datetime(&local)
                .earliest()
                .or_else(|| zone.from_local_datetime(&(local + Duration::hours(1))).earliest())
        })
        .map(|at| at.with_timezone(&Utc))
        .find(|at| *at >= from)
        .unwrap_or(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn per_phase() -> DeadlineSettings {
        DeadlineSettings {
            mode: DeadlineMode::PerPhase,
            movement: PhaseDuration::parse("1d").unwrap(),
            retreat: PhaseDuration::parse("12h").unwrap(),
            adjustment: PhaseDuration::parse("30m").unwrap(),
            fixed_time: None,
            zone: Tz::UTC,
            no_process_days: WeekdaySet::default(),
        }
    }

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn durations_parse_in_days_hours_and_minutes_and_print_back() {
        assert_eq!(PhaseDuration::parse("1d 12h").unwrap().minutes(), 2160);
        assert_eq!(PhaseDuration::parse("90m").unwrap().minutes(), 90);
        assert_eq!(PhaseDuration::parse("24").unwrap().minutes(), 1440);
        assert_eq!(PhaseDuration::parse("1d 12h").unwrap().to_string(), "1d 12h");
        for bad in ["", "0h", "2m", "15d", "12x", "h", "99999999999h"] {
            assert_eq!(PhaseDuration::parse(bad), None, "{bad:?} should not parse");
        }
    }

    #[test]
    fn a_per_phase_deadline_is_now_plus_that_phases_duration() {
        let now = at("2026-03-02T10:00:00Z");
        assert_eq!(per_phase().next_deadline(DeadlineKind::Movement, now), at("2026-03-03T10:00:00Z"));
        assert_eq!(per_phase().next_deadline(DeadlineKind::Retreat, now), at("2026-03-02T22:00:00Z"));
        assert_eq!(per_phase().next_deadline(DeadlineKind::Adjustment, now), at("2026-03-02T10:30:00Z"));
    }

    #[test]
    fn a_deadline_on_a_no_process_weekday_moves_to_the_next_allowed_day() {
        let settings = DeadlineSettings {
            no_process_days: WeekdaySet::default().with(Weekday::Sat).with(Weekday::Sun),
            ..per_phase()
        };
        // Friday 10:00 + 1 day lands on Saturday: moved to Monday.
        let deadline = settings.next_deadline(DeadlineKind::Movement, at("2026-03-06T10:00:00Z"));
        assert_eq!(deadline, at("2026-03-09T10:00:00Z"));
    }

    #[test]
    fn a_fixed_time_deadline_falls_at_that_wall_time_in_the_games_zone() {
        let settings = DeadlineSettings {
            mode: DeadlineMode::FixedTime,
            fixed_time: NaiveTime::from_hms_opt(20, 0, 0),
            zone: chrono_tz::Europe::Paris,
            ..per_phase()
        };
        // 10:00 UTC + 1 day = next day 11:00 Paris; the first 20:00 Paris after that is 19:00 UTC.
        let deadline = settings.next_deadline(DeadlineKind::Movement, at("2026-03-02T10:00:00Z"));
        assert_eq!(deadline, at("2026-03-03T19:00:00Z"));
    }
}
