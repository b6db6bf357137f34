//! Code shared by the bench and the examples that reproduce its phases.

pub mod phases;
