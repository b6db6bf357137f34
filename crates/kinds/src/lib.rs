//! The game-kind interface: everything the server needs to run a game of any kind, as pure functions
//! over a serialisable state. The server stores the state, collects each seat's order text, and calls
//! [`Rules::process`] when the deadline passes. Only a kind's own feature pages (the server's `cabinet/`)
//! look inside its state; the rest of the server asks through [`Rules`] alone.
//!
//! Architecture invariant: like the judge, this crate does no I/O, has no clock and no async; randomness
//! comes in as a seed, so a processed phase can be replayed to the same result.
//!
//! Secrets (rulings 0.5) are kept out by construction: a page gets a [`View`] or a [`Report`] built for one
//! seat (or for the public), never the state itself.

pub mod cabinet;
pub mod covert_dip;
pub mod covert_ops;
pub mod diplobucks;
pub mod facts;
pub mod guide;
mod intrigue;
pub mod judge_position;
pub mod kind;
pub mod registry;
pub mod sandbox;
pub mod standard;
pub mod terrorism;

pub use facts::{Facts, Notation, SeatPlan};
pub use guide::{Example, Guide};
pub use judge_position::{JudgeDislodged, JudgePosition, JudgeUnit};
pub use kind::{
    AcceptedLine, Addressee, Ask, Board, BoardUnit, Choice, Correspondent, FormRow, GmActionError, OrderCheck,
    OrderForm, Outcome, PersonId, PhaseInfo, PhaseStage, PressRefusal, Processed, Recipients, RejectedLine, Report,
    ReportLine, ResultWord, Rules, SeatIndex, SeatInfo, SeatRole, SetupError, StateError, Step, Vacancy, View,
};
pub use registry::{AnyGame, Kind, UnknownKind};
