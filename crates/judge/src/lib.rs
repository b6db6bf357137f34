//! Pure Diplomacy adjudicator.
