//! What every page shares: the navigation bar, flash messages and time formatting.

use std::sync::LazyLock;

use chrono::{DateTime, Offset, Utc};
use chrono_tz::Tz;

use crate::user::User;

/// The part of a page above its content. Holds no secret: only the viewer's own name.
#[derive(Debug, Clone, Default)]
pub struct Nav {
    pub user: Option<NavUser>,
    pub flash: Option<String>,
    /// Error pages do not know who is looking, so they show neither login nor account links.
    pub neutral: bool,
}

#[derive(Debug, Clone)]
pub struct NavUser {
    /// The account's id, which the service worker keeps its offline pages under (`static/sw.js`).
    pub account_id: i64,
    pub display_name: String,
    pub is_site_admin: bool,
    pub unread_notices: i64,
}

impl Nav {
    pub fn new(user: Option<&User>, flash: Option<String>) -> Self {
        Nav {
            user: user.map(|user| NavUser {
                account_id: user.account_id.0,
                display_name: user.display_name.clone(),
                is_site_admin: user.is_site_admin,
                unread_notices: user.unread_notices,
            }),
            flash,
            neutral: false,
        }
    }

    pub fn neutral() -> Self {
        Nav { neutral: true, ..Nav::default() }
    }
}

/// Shows an instant in the viewer's zone, naming the zone so nobody has to guess. A zone at UTC's own
/// time is called UTC whatever its local name (London's winter "GMT"), so that one instant is never
/// spelt two ways on the site.
pub fn format_time(at: DateTime<Utc>, zone: Tz) -> String {
    let local = at.with_timezone(&zone);
    if local.offset().fix().local_minus_utc() == 0 {
        return local.format("%a %-d %b %Y, %H:%M UTC").to_string();
    }
    local.format("%a %-d %b %Y, %H:%M %Z").to_string()
}

/// How long until `deadline`, in the two largest units that matter: "in 2 days 3 hours", "in 40
/// minutes". A deadline that has passed is being processed.
pub fn time_left(deadline: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let minutes = (deadline - now).num_minutes();
    if deadline <= now {
        return "being processed now".to_owned();
    }
    let (days, hours, minutes) = (minutes / (24 * 60), minutes / 60 % 24, minutes % 60);
    let amount = |count: i64, unit: &str| format!("{count} {unit}{}", if count == 1 { "" } else { "s" });
    match (days, hours) {
        (0, 0) if minutes == 0 => "in less than a minute".to_owned(),
        (0, 0) => format!("in {}", amount(minutes, "minute")),
        (0, _) => format!("in {} {}", amount(hours, "hour"), amount(minutes, "minute")),
        (_, _) => format!("in {} {}", amount(days, "day"), amount(hours, "hour")),
    }
}

/// The zone to show times in: the viewer's own, or UTC for visitors who are not logged in.
pub fn zone_of(user: Option<&User>) -> Tz {
    user.map_or(Tz::UTC, |user| user.time_zone)
}

/// `A`, `A and B`, `A, B and C`.
pub fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Every IANA zone name, for the time-zone pickers.
pub static TIME_ZONES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name()).collect());

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn names_are_joined_as_a_sentence_would() {
        assert_eq!(join_names(&["France"]), "France");
        assert_eq!(join_names(&["France", "Italy"]), "France and Italy");
        assert_eq!(join_names(&["Austria", "France", "Italy"]), "Austria, France and Italy");
    }

    #[test]
    fn format_time_shows_the_instant_in_the_viewers_zone_with_its_abbreviation() {
        let at = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        assert_eq!(format_time(at, chrono_tz::Europe::Paris), "Wed 1 Jul 2026, 14:00 CEST");
        assert_eq!(format_time(at, Tz::UTC), "Wed 1 Jul 2026, 12:00 UTC");
    }

    #[test]
    fn time_left_names_the_two_largest_units_and_says_when_the_deadline_has_passed() {
        let now = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        let later = |minutes| now + chrono::Duration::minutes(minutes);
        assert_eq!(time_left(later(2 * 24 * 60 + 3 * 60 + 59), now), "in 2 days 3 hours");
        assert_eq!(time_left(later(24 * 60 + 60), now), "in 1 day 1 hour");
        assert_eq!(time_left(later(5 * 60 + 1), now), "in 5 hours 1 minute");
        assert_eq!(time_left(later(40), now), "in 40 minutes");
        assert_eq!(time_left(now + chrono::Duration::seconds(30), now), "in less than a minute");
        assert_eq!(time_left(now, now), "being processed now");
        assert_eq!(time_left(later(-5), now), "being processed now");
    }
}

#[cfg(test)]
mod time_tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn an_instant_at_utcs_own_time_is_spelt_utc_whatever_the_zone_calls_it() {
        let winter = Utc.with_ymd_and_hms(2026, 1, 10, 12, 0, 0).unwrap();
        assert_eq!(format_time(winter, chrono_tz::Europe::London), "Sat 10 Jan 2026, 12:00 UTC");
        assert_eq!(format_time(winter, Tz::UTC), "Sat 10 Jan 2026, 12:00 UTC");
        let summer = Utc.with_ymd_and_hms(2026, 7, 10, 12, 0, 0).unwrap();
        assert_eq!(format_time(summer, chrono_tz::Europe::London), "Fri 10 Jul 2026, 13:00 BST");
        assert_eq!(format_time(summer, chrono_tz::Europe::Berlin), "Fri 10 Jul 2026, 14:00 CEST");
    }
}
