//! The kinds crate's tests, linked into one binary: for each kind its game as the server drives it, its
//! rules (tests named after the sheet's clauses and the rulings), its secrets and its properties; and what
//! every kind shares (press limits, fuzzed order parsers).

mod cabinet;
mod covert_dip;
mod covert_ops;
mod diplobucks;
mod every_kind;
mod standard;
mod support;
mod terrorism;
