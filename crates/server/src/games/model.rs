//! The vocabulary of games: kinds, statuses, rules and roles, each a closed enum stored as a
//! PostgreSQL enum of the same values.

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

choice_enum! {
    /// The six kinds of game the judge knows.
    GameKind as "game_kind" {
        Standard => ("standard", "Standard Diplomacy"),
        CovertDip => ("covert_dip", "Covert Dip"),
        CabinetDiplomacy => ("cabinet_diplomacy", "Cabinet Diplomacy II"),
        TerrorismI => ("terrorism_i", "Terrorism I"),
        Diplobucks => ("diplobucks", "Diplobucks"),
        CovertOperations => ("covert_operations", "Covert Operations"),
    }
}

/// How many players the GM may seat in a kind of players without powers (`game.seat_count`'s range).
pub const PLAYER_SEATS: std::ops::RangeInclusive<i16> = 2..=30;

/// The shape of a kind's table: who sits where.
pub enum SeatPlan {
    /// One seat per great power (Standard, Covert Dip, Diplobucks; Terrorism I starts this way but a
    /// seat may later hold several powers).
    OnePerPower,
    /// Head of State, General and Admiral for each power.
    CabinetPerPower,
    /// Players without powers, as many as the GM sets.
    PlayersOnly { default_players: i16 },
}

impl GameKind {
    /// Whether games of this kind can be created on the site: its rules engine must be playable, and
    /// the site must know how to seat it (one seat per power, or players without powers; joining as a
    /// Cabinet role is not built yet).
    pub fn is_playable(self) -> bool {
        let engine_ready = kinds::Kind::from_slug(self.slug()).is_some_and(kinds::Kind::is_playable);
        engine_ready && matches!(self.seat_plan(), SeatPlan::OnePerPower | SeatPlan::PlayersOnly { .. })
    }

    pub fn seat_plan(self) -> SeatPlan {
        match self {
            GameKind::Standard | GameKind::CovertDip | GameKind::TerrorismI | GameKind::Diplobucks => {
                SeatPlan::OnePerPower
            }
            GameKind::CabinetDiplomacy => SeatPlan::CabinetPerPower,
            GameKind::CovertOperations => SeatPlan::PlayersOnly { default_players: 12 },
        }
    }

    pub fn seat_count(self) -> i16 {
        let powers = Power::ALL.len() as i16;
        match self.seat_plan() {
            SeatPlan::OnePerPower => powers,
            SeatPlan::CabinetPerPower => 3 * powers,
            SeatPlan::PlayersOnly { default_players } => default_players,
        }
    }

    /// Whether seats in this kind hold powers at all.
    pub fn has_powers(self) -> bool {
        !matches!(self.seat_plan(), SeatPlan::PlayersOnly { .. })
    }
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_slug() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::from_slug(kind.slug()), Some(*kind));
        }
        assert_eq!(GameKind::from_slug("chess"), None);
    }

    #[test]
    fn the_kinds_with_an_engine_and_a_seating_the_site_knows_are_playable() {
        let playable: Vec<_> = GameKind::ALL.iter().filter(|kind| kind.is_playable()).collect();
        assert_eq!(
            playable,
            [
                &GameKind::Standard,
                &GameKind::CovertDip,
                &GameKind::TerrorismI,
                &GameKind::Diplobucks,
                &GameKind::CovertOperations
            ]
        );
    }

    #[test]
    fn seats_fit_every_kind() {
        assert_eq!(GameKind::Standard.seat_count(), 7);
        assert_eq!(GameKind::CabinetDiplomacy.seat_count(), 21);
        assert!(!GameKind::CovertOperations.has_powers());
    }
}
