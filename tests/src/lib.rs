//! Helpers for the end-to-end browser journeys.
