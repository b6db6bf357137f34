//! What every page shares: the navigation bar, flash messages and time formatting.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::extract::User;

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
    pub display_name: String,
    pub is_site_admin: bool,
}

impl Nav {
    pub fn new(user: Option<&User>, flash: Option<String>) -> Self {
        Nav {
            user: user
                .map(|user| NavUser { display_name: user.display_name.clone(), is_site_admin: user.is_site_admin }),
            flash,
            neutral: false,
        }
    }

    pub fn neutral() -> Self {
        Nav { neutral: true, ..Nav::default() }
    }
}

/// Shows an instant in the viewer's zone, naming the zone so nobody has to guess.
pub fn format_time(at: DateTime<Utc>, zone: Tz) -> String {
    at.with_timezone(&zone).format("%a %-d %b %Y, %H:%M %Z").to_string()
}

/// The zone to show times in: the viewer's own, or UTC for visitors who are not logged in.
pub fn zone_of(user: Option<&User>) -> Tz {
    user.map_or(Tz::UTC, |user| user.time_zone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn format_time_shows_the_instant_in_the_viewers_zone_with_its_abbreviation() {
        let at = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        assert_eq!(format_time(at, chrono_tz::Europe::Paris), "Wed 1 Jul 2026, 14:00 CEST");
        assert_eq!(format_time(at, Tz::UTC), "Wed 1 Jul 2026, 12:00 UTC");
    }
}
