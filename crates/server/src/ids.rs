//! Typed ids for database keys, so a `GameId` can never be passed where a `SeatId` is meant.

macro_rules! decl_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            sqlx::Type, serde::Serialize, serde::Deserialize,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

decl_id!(
    /// Key of an `account` row.
    AccountId
);
decl_id!(
    /// Key of a `game` row.
    GameId
);
decl_id!(
    /// Key of a `seat` row.
    SeatId
);
decl_id!(
    /// Key of a `conversation` row.
    ConversationId
);
decl_id!(
    /// Key of a `press_message` row.
    MessageId
);
decl_id!(
    /// Key of a `team` row: people signing up together where powers are shared among posts.
    TeamId
);
