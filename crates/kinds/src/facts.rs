//! What the site needs to know about a kind besides its rules: its name, how its table is seated,
//! how its orders are written and what a solo win takes. Each kind declares these once, beside its
//! rules, in [`Rules::facts`](crate::Rules::facts); the server reads them instead of matching on kinds.

use std::ops::RangeInclusive;

/// One kind's facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The words shown to people ("Cabinet Diplomacy II").
    pub name: &'static str,
    pub seats: SeatPlan,
    pub notation: Notation,
    /// Supply centers a solo victory takes, drawn as the goal line of the centers chart; `None` where a
    /// win is not counted in centers.
    pub victory_centers: Option<usize>,
}

/// The shape of a kind's table: who sits where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// One seat per great power (Terrorism I starts this way, but a seat may later hold several powers).
    OnePerPower,
    /// Each power shared among three posts (Head of State, General, Admiral), signed up for alone or as a
    /// team of three; who holds which post is the engine's to say once the game runs (`Rules::holders`),
    /// and nobody outside a power knows its holders.
    PostsPerPower,
    /// Players without powers, as many as the GM sets within `allowed`.
    PlayersOnly { allowed: RangeInclusive<u16>, default_players: u16 },
}

impl SeatPlan {
    /// Whether seats hold powers at all.
    pub fn has_powers(&self) -> bool {
        !matches!(self, SeatPlan::PlayersOnly { .. })
    }

    /// Whether a player joining chooses his power: only where a seat is a whole power (posts are given at
    /// the start, from the teams).
    pub fn power_chosen_on_joining(&self) -> bool {
        matches!(self, SeatPlan::OnePerPower)
    }

    /// Whether the game must hide who holds which seat (it is always anonymous): players without powers
    /// are known by number only, and a power's posts are known only inside it.
    pub fn holders_always_secret(&self) -> bool {
        !matches!(self, SeatPlan::OnePerPower)
    }

    /// Whether a player takes a seat by joining alone (a power's posts are signed up for in teams on the
    /// game's own page).
    pub fn seated_by_joining(&self) -> bool {
        !matches!(self, SeatPlan::PostsPerPower)
    }

    /// Whether the engine says who holds a seat once the game runs (people move between posts by the
    /// rules), so a vacant seat is filled through the engine rather than by a takeover.
    pub fn engine_seats_people(&self) -> bool {
        matches!(self, SeatPlan::PostsPerPower)
    }

    /// How many seats a game has when the GM sets nothing, on a map of `powers` great powers.
    pub fn default_seats(&self, powers: usize) -> usize {
        match self {
            SeatPlan::OnePerPower => powers,
            SeatPlan::PostsPerPower => 3 * powers,
            SeatPlan::PlayersOnly { default_players, .. } => usize::from(*default_players),
        }
    }
}

/// How a kind's orders are written, for the help beside the order box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Diplomacy's judge notation (`A vie-tri`), for the kinds on the standard map.
    Judge,
    /// Covert Operations' comma-separated lines (`B,FRA,5`).
    CommaLines,
}

impl Notation {
    /// A few example lines, shown as code.
    pub fn examples(self) -> &'static [&'static str] {
        match self {
            Notation::Judge => &["A vie-tri", "F lon S A wal-bel", "A par B"],
            Notation::CommaLines => &["B,FRA,5", "C,FRA,GER,3", "X,CHN"],
        }
    }

    /// How a line is written, in words.
    pub fn in_words(self) -> &'static str {
        match self {
            Notation::Judge => "One order per line in judge notation",
            Notation::CommaLines => "One order per line, parts separated by commas",
        }
    }

    /// What an empty sheet means.
    pub fn empty_sheet(self) -> &'static str {
        match self {
            Notation::Judge => {
                "No orders saved yet. Units without orders hold; missing retreats disband and missing builds are waived."
            }
            Notation::CommaLines => {
                "No orders saved yet. Orders saved on earlier days and not yet carried out still wait in your queue."
            }
        }
    }
}
