//! A keyset cursor: the last game of a page, by (created_at, game_id), written in links as
//! `<microseconds>.<game id>`. The next page is every game strictly before it in that order, which an
//! index reads from where it stops, whatever the page's depth (unlike `OFFSET`, which reads and drops
//! every game before the page).

use chrono::{DateTime, Utc};

use crate::ids::GameId;

/// PostgreSQL's earliest `timestamptz`, 4714-11-24 BC (year -4713 counted as chrono counts), 00:00 UTC.
const EARLIEST_TIMESTAMP: DateTime<Utc> = match chrono::NaiveDate::from_ymd_opt(-4713, 11, 24) {
    Some(day) => day.and_time(chrono::NaiveTime::MIN).and_utc(),
    None => DateTime::<Utc>::MIN_UTC,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub created_at: DateTime<Utc>,
    pub game_id: GameId,
}

impl Cursor {
    /// Later than every game: the first page starts after it.
    pub const BEFORE_ALL: Cursor = Cursor { created_at: DateTime::<Utc>::MAX_UTC, game_id: GameId(i64::MAX) };

    /// The cursor in a link's `before=`, `None` for an empty one (the first page).
    pub fn parse(raw: &str) -> Result<Option<Cursor>, String> {
        if raw.is_empty() {
            return Ok(None);
        }
        let refused = || format!("{raw:?} is not a page of this list: follow the list's own links.");
        let (micros, id) = raw.split_once('.').ok_or_else(refused)?;
        let micros: i64 = micros.parse().map_err(|_| refused())?;
        // chrono reaches further back than PostgreSQL (4714 BC): a cursor PostgreSQL cannot compare
        // would be a database error, a 500, rather than this 400.
        let created_at = DateTime::<Utc>::from_timestamp_micros(micros)
            .filter(|created_at| *created_at >= EARLIEST_TIMESTAMP)
            .ok_or_else(refused)?;
        let game_id = GameId(id.parse().map_err(|_| refused())?);
        Ok(Some(Cursor { created_at, game_id }))
    }

    pub fn encode(&self) -> String {
        format!("{}.{}", self.created_at.timestamp_micros(), self.game_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_what_it_wrote_and_refuses_anything_else() {
        let cursor =
            Cursor { created_at: DateTime::from_timestamp_micros(1_764_000_000_123_456).unwrap(), game_id: GameId(42) };
        assert_eq!(Cursor::parse(&cursor.encode()), Ok(Some(cursor)));
        assert_eq!(Cursor::parse(""), Ok(None));
        for bad in ["42", "x.1", "1.x", "1.", ".1", "99999999999999999999.1", "-300000000000000000.1"] {
            assert!(Cursor::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_cursor_is_refused_before_postgresql_s_earliest_timestamp_and_taken_from_it_on() {
        let earliest = EARLIEST_TIMESTAMP.timestamp_micros();
        assert!(Cursor::parse(&format!("{}.1", earliest - 1)).is_err());
        assert!(matches!(Cursor::parse(&format!("{earliest}.1")), Ok(Some(_))));
    }
}
