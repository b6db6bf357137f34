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
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sqlx::Type)]
        #[sqlx(type_name = $pg_type)]
        pub enum $name {
            $( $(#[$variant_meta])* #[sqlx(rename = $slug)] $variant ),+
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

/// Whether the site can seat a kind's table yet: one seat per power, or players without powers.
/// Cabinet Diplomacy's three positions per power need sign-up as a team or alone, which comes with the
/// Cabinet issue; until then its games cannot be created.
pub fn site_seats(kind: Kind) -> bool {
    !matches!(kind.facts().seats, SeatPlan::CabinetPerPower)
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
        General => ("general", "General"),
        Admiral => ("admiral", "Admiral"),
    }
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_seats_every_kind_but_cabinet_diplomacy() {
        let seated: Vec<Kind> = Kind::ALL.iter().copied().filter(|&kind| site_seats(kind)).collect();
        assert_eq!(
            seated,
            [Kind::Standard, Kind::CovertDip, Kind::TerrorismI, Kind::Diplobucks, Kind::CovertOperations]
        );
    }

    #[test]
    fn seats_fit_every_kind() {
        assert_eq!(default_seat_count(Kind::Standard), 7);
        assert_eq!(default_seat_count(Kind::CabinetDiplomacy), 21);
        assert_eq!(default_seat_count(Kind::CovertOperations), 12);
        assert!(!has_powers(Kind::CovertOperations));
    }
}
