//! Phases of the game year: Spring and Fall movement and retreats, Winter adjustments.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Season {
    Spring,
    Fall,
    Winter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
}

/// A phase such as Spring 1901 Movement (`S1901M`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Phase {
    pub year: u16,
    pub season: Season,
    pub kind: PhaseKind,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a phase: write it as S1901M, F1905R, W1903A or `Spring 1901 Movement`")]
pub struct PhaseError(pub String);

impl Phase {
    pub const fn new(year: u16, season: Season, kind: PhaseKind) -> Phase {
        Phase { year, season, kind }
    }

    /// Spring 1901 Movement, the first phase of a standard game.
    pub const fn first() -> Phase {
        Phase::new(1901, Season::Spring, PhaseKind::Movement)
    }

    /// The phase that follows this one in the calendar, before any skipping of empty phases.
    pub fn following(self) -> Phase {
        use PhaseKind::*;
        use Season::*;
        match (self.season, self.kind) {
            (Spring, Movement) => Phase::new(self.year, Spring, Retreat),
            (Spring, _) => Phase::new(self.year, Fall, Movement),
            (Fall, Movement) => Phase::new(self.year, Fall, Retreat),
            (Fall, _) => Phase::new(self.year, Winter, Adjustment),
            (Winter, _) => Phase::new(self.year + 1, Spring, Movement),
        }
    }

    /// `S1901M`.
    pub fn code(self) -> String {
        self.to_string()
    }

    /// `Spring 1901 Movement`.
    pub fn long_name(self) -> String {
        let season = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        let kind = match self.kind {
            PhaseKind::Movement => "Movement",
            PhaseKind::Retreat => "Retreat",
            PhaseKind::Adjustment => "Adjustment",
        };
        format!("{season} {} {kind}", self.year)
    }

    /// A phase written as its code exactly as [`Phase::code`] writes it (`S1901M`), as a result's next
    /// position gives it: read without the allocations of [`Phase::parse`]'s general reading.
    fn from_code(text: &str) -> Option<Phase> {
        let (season, rest) = text.as_bytes().split_first()?;
        let (kind, year) = rest.split_last()?;
        let (season, kind) = match (season, kind) {
            (b'S', b'M') => (Season::Spring, PhaseKind::Movement),
            (b'S', b'R') => (Season::Spring, PhaseKind::Retreat),
            (b'F', b'M') => (Season::Fall, PhaseKind::Movement),
            (b'F', b'R') => (Season::Fall, PhaseKind::Retreat),
            (b'W', b'A') => (Season::Winter, PhaseKind::Adjustment),
            _ => return None,
        };
        if year.is_empty() || !year.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let year = std::str::from_utf8(year).ok()?.parse().ok()?;
        Some(Phase::new(year, season, kind))
    }

    /// Reads `S1901M`, `F1905R`, `W1903A`, or `Spring 1901 Movement` (also `Fall 1901 Adjustment`).
    pub fn parse(text: &str) -> Result<Phase, PhaseError> {
        Phase::from_code(text).map_or_else(|| Phase::parse_words(text), Ok)
    }

    /// [`Phase::parse`] for any text.
    fn parse_words(text: &str) -> Result<Phase, PhaseError> {
        let error = || PhaseError(text.to_string());
        let trimmed = text.trim();
        let words: Vec<String> = trimmed.split_whitespace().map(str::to_lowercase).collect();
        let (season, year, kind) = match words.as_slice() {
            [code] if code.len() >= 3 => {
                let season = &code[..1];
                let kind = &code[code.len() - 1..];
                (season.to_string(), code[1..code.len() - 1].to_string(), kind.to_string())
            }
            [season, year, kind] => (season.clone(), year.clone(), kind.clone()),
            _ => return Err(error()),
        };
        let season = match season.as_str() {
            "s" | "spring" => Season::Spring,
            "f" | "fall" | "autumn" => Season::Fall,
            "w" | "winter" => Season::Winter,
            _ => return Err(error()),
        };
        let kind = match kind.as_str() {
            "m" | "movement" | "moves" => PhaseKind::Movement,
            "r" | "retreat" | "retreats" => PhaseKind::Retreat,
            "a" | "b" | "adjustment" | "adjustments" | "build" | "builds" => PhaseKind::Adjustment,
            _ => return Err(error()),
        };
        let year: u16 = year.parse().map_err(|_| error())?;
        // Adjustments always happen in Winter, whatever season the caller named.
        let season = if kind == PhaseKind::Adjustment { Season::Winter } else { season };
        if season == Season::Winter && kind != PhaseKind::Adjustment {
            return Err(error());
        }
        Ok(Phase::new(year, season, kind))
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let season = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        let kind = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        write!(f, "{season}{}{kind}", self.year)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_as_the_general_reading_reads_it() {
        let codes = ["S1901M", "F1905R", "W1903A", "S1901A", "W1901M", "s1901m", "S+1901M", "S99999M", "SM", "S19a1M"];
        for code in codes {
            if let Some(phase) = Phase::from_code(code) {
                assert_eq!(Ok(phase), Phase::parse_words(code), "{code}");
            }
        }
        assert_eq!(Phase::from_code("F1905R"), Some(Phase::new(1905, Season::Fall, PhaseKind::Retreat)));
    }

    #[test]
    fn codes_and_long_names_read_back() {
        for code in ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A"] {
            assert_eq!(Phase::parse(code).unwrap().code(), code);
        }
        assert_eq!(Phase::parse("Spring 1901 Movement").unwrap(), Phase::first());
        assert_eq!(Phase::parse("Fall 1901 Adjustment").unwrap().code(), "W1901A");
        assert!(Phase::parse("W1901M").is_err());
        assert!(Phase::parse("").is_err());
    }

    #[test]
    fn the_year_runs_spring_fall_winter() {
        let mut phase = Phase::first();
        let mut seen = Vec::new();
        for _ in 0..6 {
            seen.push(phase.code());
            phase = phase.following();
        }
        assert_eq!(seen, ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]);
    }
}
