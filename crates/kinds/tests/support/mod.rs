//! Helpers for the kinds' tests: games set up at any position through their stored JSON form, phases
//! processed through the `AnyGame` interface the server uses, and the search for a planted secret in
//! everything other viewers may read. `intrigue` is shared by the kinds on the standard map; each other
//! module adds one kind's own helpers over it.

pub mod cabinet;
pub mod covert_dip;
pub mod covert_ops;
pub mod diplobucks;
pub mod intrigue;
pub mod terrorism;
