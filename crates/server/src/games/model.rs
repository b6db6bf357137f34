//! The vocabulary of games: statuses, rules and roles, each a closed enum stored as a PostgreSQL enum of
//! the same values, and what the site reads of a kind's facts. The kinds themselves are
//! [`kinds::Kind`], declared once in the kinds crate.

use kinds::{Kind, SeatPlan};

/// Declares an enum stored as a PostgreSQL enum, with a form value (`slug`) and a label per variant.
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        $name:ident as $pg_type:literal {
            $( $(#[$variant_meta:meta])* $variant:ident => ($slug:literal, $label:literal) ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sqlx::Type, serde::Deserialize)]
        #[sqlx(type_name = $pg_type)]
        pub enum $name {
            $( $(#[$variant_meta])* #[sqlx(rename = $slug)] #[serde(rename = $slug)] $variant ),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value used in forms, URLs and the database.
            pub fn slug(self) -> &'static str {
                match self { $($name::$variant => $slug),+ }
            }

            /// The words shown to people.
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }

            pub fn from_slug(slug: &str) -> Option<Self> {
                match slug { $($slug => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.label())
            }
        }
    };
}

/// How many players the GM may seat in a kind of players without powers (`game.seat_count`'s range).
pub const PLAYER_SEATS: std::ops::RangeInclusive<i16> = 2..=30;

/// Whether the site can seat a kind's table: one seat per power, three positions per power (Cabinet
/// Diplomacy: sign-up as a team or alone, cabinets formed at the start, `crate::cabinet`), or players
/// without powers. Every plan is seated today; a new plan must be answered here first.
pub fn site_seats(kind: Kind) -> bool {
    match kind.facts().seats {
        SeatPlan::OnePerPower | SeatPlan::PostsPerPower | SeatPlan::PlayersOnly { .. } => true,
    }
}

/// Whether a kind shares each power among posts (`SeatPlan::PostsPerPower`), signed up for in teams.
pub fn has_posts(kind: Kind) -> bool {
    matches!(kind.facts().seats, SeatPlan::PostsPerPower)
}

/// How many seats a new game of `kind` has before the GM changes it.
pub fn default_seat_count(kind: Kind) -> i16 {
    let seats = kind.facts().seats.default_seats(Power::ALL.len());
    i16::try_from(seats).expect("a kind's table has fewer than 32,768 seats")
}

/// Whether seats of `kind` hold powers at all.
pub fn has_powers(kind: Kind) -> bool {
    kind.facts().seats.has_powers()
}

choice_enum! {
    /// The seven great powers of the standard map.
    Power as "power" {
        Austria => ("austria", "Austria"),
        England => ("england", "England"),
        France => ("france", "France"),
        Germany => ("germany", "Germany"),
        Italy => ("italy", "Italy"),
        Russia => ("russia", "Russia"),
        Turkey => ("turkey", "Turkey"),
    }
}

choice_enum! {
    /// Where a game is in its life.
    GameStatus as "game_status" {
        Forming => ("forming", "Waiting for players"),
        Running => ("running", "Running"),
        Paused => ("paused", "Paused"),
        Finished => ("finished", "Finished"),
    }
}

choice_enum! {
    /// Which messages players may send.
    PressRule as "press_rule" {
        Full => ("full", "Full press"),
        PublicOnly => ("public_only", "Public press only"),
        NoPress => ("none", "No press (gunboat)"),
        Rulebook => ("rulebook", "Rulebook press (none during retreats and adjustments)"),
    }
}

choice_enum! {
    /// How deadlines are set.
    DeadlineMode as "deadline_mode" {
        PerPhase => ("per_phase", "A duration per phase type"),
        FixedTime => ("fixed_time", "A fixed time of day"),
    }
}

choice_enum! {
    /// How powers reach seats.
    PowerAssignment as "power_assignment" {
        PlayersChoose => ("players_choose", "Players choose when joining"),
        Random => ("random", "Random at the start"),
        GmAssigns => ("gm_assigns", "The GM assigns"),
    }
}

choice_enum! {
    /// When a game starts.
    StartRule as "start_rule" {
        WhenFull => ("when_full", "As soon as every seat is taken"),
        ByGm => ("by_gm", "When the GM starts it"),
    }
}

choice_enum! {
    /// What a seat does at its power(s).
    SeatRole as "seat_role" {
        Player => ("player", "Player"),
        HeadOfState => ("head_of_state", "Head of State"),
        General => ("general", "General of the Army"),
        Admiral => ("admiral", "Admiral of the Navy"),
    }
}

impl SeatRole {
    /// The short title a position goes by in press and lists ("General of France").
    pub fn title(self) -> &'static str {
        match self {
            SeatRole::Player => "Player",
            SeatRole::HeadOfState => "Head of State",
            SeatRole::General => "General",
            SeatRole::Admiral => "Admiral",
        }
    }

    /// The same post as the game kinds name it.
    pub fn in_kind(self) -> kinds::SeatRole {
        match self {
            SeatRole::Player => kinds::SeatRole::Player,
            SeatRole::HeadOfState => kinds::SeatRole::HeadOfState,
            SeatRole::General => kinds::SeatRole::General,
            SeatRole::Admiral => kinds::SeatRole::Admiral,
        }
    }

    pub fn of_kind(role: kinds::SeatRole) -> SeatRole {
        match role {
            kinds::SeatRole::Player => SeatRole::Player,
            kinds::SeatRole::HeadOfState => SeatRole::HeadOfState,
            kinds::SeatRole::General => SeatRole::General,
            kinds::SeatRole::Admiral => SeatRole::Admiral,
        }
    }

    /// Whether this is one post of a power shared among posts (`SeatPlan::PostsPerPower`).
    pub fn is_post(self) -> bool {
        self != SeatRole::Player
    }

    /// The posts of a power shared among them, in the kinds' seat order.
    pub const POSTS: [SeatRole; 3] = [SeatRole::HeadOfState, SeatRole::General, SeatRole::Admiral];
}

choice_enum! {
    /// What a GM did, for the audit log.
    GmAction as "gm_action" {
        Create => ("create", "Created the game"),
        EditSettings => ("edit_settings", "Changed the settings"),
        Start => ("start", "Started the game"),
        Pause => ("pause", "Paused the game"),
        Resume => ("resume", "Resumed the game"),
        ExtendDeadline => ("extend_deadline", "Extended the deadline"),
        End => ("end", "Ended the game"),
        RemovePlayer => ("remove_player", "Removed a player"),
        ReplacePlayer => ("replace_player", "Replaced a player"),
        AssignPower => ("assign_power", "Assigned a power"),
        KindAction => ("kind_action", "Took a game action"),
        ProcessNow => ("process_now", "Processed the phase now"),
        ChangeGmSettings => ("change_gm_settings", "Changed a GM setting"),
        ReleaseResults => ("release_results", "Released the results"),
        ReopenOrders => ("reopen_orders", "Reopened the orders"),
        RollBack => ("roll_back", "Rolled the game back"),
        TakeOverSeat => ("take_over_seat", "A seat was taken over"),
        GiveSeatToBot => ("give_seat_to_bot", "Gave a seat to a bot"),
        TakeSeatFromBot => ("take_seat_from_bot", "Took a seat back from a bot"),
        PlayersPause => ("players_pause", "Paused by the players' unanimous vote"),
        PlayersCancel => ("players_cancel", "Cancelled by the players' unanimous vote"),
    }
}

/// A `game.kind` column (holding [`Kind::slug`]) as a checked query reads it: `g.kind as "kind: StoredKind"`
/// fills a [`Kind`] field. A stored slug the code does not know fails the row's decoding, a data error
/// like any column that does not decode.
#[derive(Debug)]
pub struct StoredKind(Kind);

impl From<StoredKind> for Kind {
    fn from(stored: StoredKind) -> Kind {
        stored.0
    }
}

impl sqlx::Type<sqlx::Postgres> for StoredKind {
    fn type_info() -> sqlx::postgres::PgTypeInfo {
        <String as sqlx::Type<sqlx::Postgres>>::type_info()
    }

    fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
        <String as sqlx::Type<sqlx::Postgres>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Postgres> for StoredKind {
    fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        let slug = <&str as sqlx::Decode<sqlx::Postgres>>::decode(value)?;
        Ok(StoredKind(slug.parse()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_seats_every_kind_cabinet_diplomacy_included() {
        let seated: Vec<Kind> = Kind::ALL.iter().copied().filter(|&kind| site_seats(kind)).collect();
        assert_eq!(seated, Kind::ALL);
        assert!(has_posts(Kind::CabinetDiplomacy));
        assert!(!has_posts(Kind::Standard));
    }

    #[test]
    fn seats_fit_every_kind() {
        assert_eq!(default_seat_count(Kind::Standard), 7);
        assert_eq!(default_seat_count(Kind::CabinetDiplomacy), 21);
        assert_eq!(default_seat_count(Kind::CovertOperations), 12);
        assert!(!has_powers(Kind::CovertOperations));
    }
}
