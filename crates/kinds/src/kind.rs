//! The [`Rules`] trait and the plain data it speaks in.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::facts::Facts;

/// A seat in a game: the unit of "who may order what and see what". A seat is usually one power, but
/// not always (a Cabinet power has three seats; a Covert Operations player has no power at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SeatIndex(pub u16);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub id: SeatIndex,
    /// What the seat is called in the game: `France`, `France: General`, `Player 7`.
    pub title: String,
    /// The powers this seat plays for (empty for games without powers).
    pub powers: Vec<String>,
    /// The seat's post within its power: the whole power, or one post of a power shared among several.
    pub role: SeatRole,
}

/// A seat's post within its power. Most kinds give a seat a whole power (or no power at all:
/// `Player`); a kind whose power is shared among posts (a cabinet: `SeatPlan::PostsPerPower`) names
/// the post, so the site can pair its own seats with the kind's by power and post.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SeatRole {
    #[default]
    Player,
    HeadOfState,
    General,
    Admiral,
}

/// A seat in play that nobody holds ([`Rules::vacancies`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vacancy {
    pub seat: SeatIndex,
    /// Whether the players concerned asked the GM to fill it from the standby list (a Cabinet asks
    /// when it would rather not fill the post from its own ranks).
    pub standby_asked: bool,
}

/// Somebody who can hold a seat, as the server knows them (an account). Opaque to the game: the server
/// maps it to an account and back. Only kinds whose engine keeps track of who holds a seat (see
/// [`Rules::holders`]) ever see one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PersonId(pub i64);

impl std::fmt::Display for PersonId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "person {}", self.0)
    }
}

/// The kind of deadline a phase uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseStage {
    Movement,
    Retreat,
    Adjustment,
    /// A Covert Operations day.
    Day,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseInfo {
    /// Short code, unique and ordered within a game: `S1901M`, `D0012`.
    pub code: String,
    /// For people: `Spring 1901 Movement`.
    pub label: String,
    pub stage: PhaseStage,
}

/// An order line the kind accepted, with its canonical text and its meaning in plain words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AcceptedLine {
    pub line: usize,
    pub text: String,
    pub plain: String,
}

/// An order line the kind refused, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectedLine {
    pub line: usize,
    pub text: String,
    pub reason: String,
}

/// The check of one seat's order sheet: the good lines are kept, each bad line says why.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderCheck {
    pub accepted: Vec<AcceptedLine>,
    pub rejected: Vec<RejectedLine>,
}

impl OrderCheck {
    /// The accepted lines as an order sheet, one canonical order per line.
    pub fn sheet(&self) -> String {
        self.accepted.iter().map(|line| line.text.as_str()).collect::<Vec<_>>().join("\n")
    }
}

/// One legal choice in an order form: the order text to submit and its meaning in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
    /// The order as a chain of small choices (what kind of order, then its target, then where to), so
    /// that a form can offer a few options at a time instead of every order at once. Empty for a
    /// choice that is offered whole, in one list.
    #[serde(default)]
    pub steps: Vec<Step>,
}

impl Choice {
    /// A choice offered whole, in one list.
    pub fn whole(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice { value: value.into(), label: label.into(), steps: Vec::new() }
    }
}

/// One link of a [`Choice`]'s chain. The first step's `value` names the kind of order (`hold`, `move`,
/// `convoyed`, `support`, `convoy`, `retreat`, `disband`, `build`, `remove`, `waive`); later steps name
/// places by their map keys (`gal`, `stp/nc`) or unit types (`A`, `F`), which a map script matches to
/// what was clicked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub value: String,
    pub label: String,
}

impl Step {
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Step {
        Step { value: value.into(), label: label.into() }
    }
}

/// One row of an order form: typically one unit, with every legal order for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormRow {
    /// What the row is for: `F nth`, `Build 1 of 2`.
    pub label: String,
    /// A stable key for the form field, such as the unit's province.
    pub key: String,
    pub choices: Vec<Choice>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderForm {
    pub rows: Vec<FormRow>,
    /// Things the seat should know while ordering: `2 builds allowed`.
    pub notes: Vec<String>,
}

/// A unit as a map shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardUnit {
    pub power: String,
    /// `A` or `F`.
    pub kind: char,
    /// Canonical region key: `stp/sc`.
    pub region: String,
}

/// What a Diplomacy map shows: units, dislodged units and the owner of each center.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub units: Vec<BoardUnit>,
    pub dislodged: Vec<BoardUnit>,
    /// Center key to owning power.
    pub owners: BTreeMap<String, String>,
    /// What a variant adds to the board, all of it public.
    #[serde(default)]
    pub marks: Vec<BoardMark>,
}

/// A variant's public mark on a standard board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardMark {
    /// A double unit (Diplobucks bribe 5), shown as DA or DF; the region key of the unit.
    Double { region: String },
    /// A province that became a nation (Terrorism I rule 11), in its own colour once bought; never its buyer.
    Nation { province: String, name: String, bought: bool },
    /// A terrorist group based in the province (Terrorism I rule 4); never who controls it.
    Group { province: String, name: String },
    /// A center with a counter-insurgency this Winter (Covert Dip); never who funded it.
    Insurgency { province: String },
}

/// What a phase did to a unit besides its orders, as its results board marks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitMark {
    /// Its moves were not carried out: held by a bribe (Diplobucks bribes 6 and 7).
    HeldByBribe,
    /// Taken off the board by a bribe (Diplobucks bribe 8).
    Destroyed,
    /// Turned into a unit of the other type (Diplobucks bribe 4): `A` or `F`, what it became.
    Converted { into: char },
}

/// A unit of the board the phase started from, with what happened to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MarkedUnit {
    pub unit: BoardUnit,
    pub mark: UnitMark,
}

/// What a world map (Covert Operations) shows one reader: for each country the reader knows something
/// about, what he knows. Countries left out are drawn with nothing known of them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorldBoard {
    /// Country code (`GER`) to what the reader knows of it.
    pub countries: BTreeMap<String, WorldCountry>,
}

/// What one reader knows of one country of a world map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorldCountry {
    /// Who leads it, when the reader may know (`None`: unknown to him).
    pub leader: Option<WorldLeader>,
    /// The reader's own influence there.
    pub influence: Option<u32>,
    /// The value of the reader's own spy there.
    pub spy: Option<u32>,
    /// The reader's superspy is there.
    pub superspy: bool,
    /// What the day's public news says happened there.
    pub events: Vec<WorldEvent>,
}

/// A country's leader as a world map shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorldLeader {
    /// The reader himself.
    Reader,
    /// Another seat, by its id and title (`Player 2`).
    Seat(SeatIndex, String),
    Nobody,
}

/// A public event marked on a country of a world map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorldEvent {
    /// Its leader was assassinated (a coup).
    Assassination,
    /// Its government was overthrown (a revolution).
    Revolution,
    /// It was conquered by the troops of the named country (its code).
    Conquered { by: String },
}

/// What one viewer may see of a game now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub board: Option<Board>,
    /// The world map of a kind played on one (Covert Operations), as this viewer may know it.
    #[serde(default)]
    pub world: Option<WorldBoard>,
    /// Labelled facts: (`France's centers`, `5`), (`Your balance`, `1000 DB`).
    pub facts: Vec<(String, String)>,
    pub notes: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultWord {
    Succeeds,
    Fails,
    Invalid,
}

/// One order and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportLine {
    /// Who gave it, as the report's reader may know them (a power's name, never an account).
    pub by: String,
    pub order: String,
    pub result: ResultWord,
    pub reason: String,
}

/// Results of a processed phase for one reader (the public, or one seat).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub orders: Vec<ReportLine>,
    /// Other things that happened: dislodgements, builds, center changes, a victory.
    pub events: Vec<String>,
    /// Units the rules took off the board without an order saying so (a dislodged unit with no retreat,
    /// removals in civil disorder), as units on the board the phase started from, for the map to draw.
    #[serde(default)]
    pub removed: Vec<BoardUnit>,
    /// The world map after the phase as this report's reader may know it, with the phase's public
    /// events marked (Covert Operations).
    #[serde(default)]
    pub world: Option<WorldBoard>,
    /// Units the phase held, destroyed or converted besides their orders, for the results board.
    #[serde(default)]
    pub unit_marks: Vec<MarkedUnit>,
}

/// Somebody the rules ask to act after a phase (sign or accept a motion, answer a coup against him):
/// the site tells him with a notice. `text` is written for him alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    pub to: Addressee,
    pub text: String,
    /// People the text calls by their number (`person 42`), for the site to name.
    pub names: Vec<PersonId>,
}

/// Who an [`Ask`] is for: whoever holds a seat, or a person the rules name who holds none here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addressee {
    Seat(SeatIndex),
    Person(PersonId),
}

/// What processing a phase produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Processed<S> {
    pub next: S,
    pub public: Report,
    /// Reports only their seat may read.
    pub private: BTreeMap<SeatIndex, Report>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// One side won; the seats that share the win.
    Victory { winners: Vec<SeatIndex>, summary: String },
}

/// Someone who takes part in a game's press: a seat, or the game master (whoever plays that part).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Correspondent {
    GameMaster,
    Seat(SeatIndex),
}

/// Who a press message goes to, besides its sender.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipients {
    /// Public press: everyone in the game and every observer.
    Public,
    /// A private conversation: its other members (one seat, a group, the game master, or a mix). A
    /// conversation is the set of its members, so the same set is always the same conversation.
    Private(BTreeSet<Correspondent>),
}

impl Recipients {
    /// A private conversation with these members (the sender is left out if listed).
    pub fn private(from: Correspondent, members: impl IntoIterator<Item = Correspondent>) -> Self {
        Recipients::Private(members.into_iter().filter(|member| *member != from).collect())
    }
}

/// Why a game kind refuses a press message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PressRefusal(pub String);

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("invalid settings: {0}")]
    Settings(String),
    #[error("the game data is broken: {0}")]
    Data(String),
}

/// A stored state that cannot be read back (corrupt or from an incompatible version).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the stored game state cannot be read: {0}")]
pub struct StateError(pub String);

/// One kind of game. Every method is a pure function of its arguments.
pub trait Rules {
    /// Everything about one game that carries from phase to phase, secrets included.
    type State: Clone + std::fmt::Debug + Serialize + for<'de> Deserialize<'de>;
    /// The kind's own per-game settings, chosen by the GM.
    type Settings: Clone + std::fmt::Debug + Default + Serialize + for<'de> Deserialize<'de>;

    /// What the site needs to know about the kind besides its rules.
    fn facts() -> Facts;

    /// How to play the kind, for its how-to-play page.
    fn guide() -> crate::guide::Guide;

    /// A processed order (a report line's notation) in words, as the order page says it (`A vie - gal`:
    /// `Army Vienna moves to Galicia`); `None` (the default) where the kind has no words for it.
    fn order_in_words(line: &str) -> Option<String> {
        let _ = line;
        None
    }

    /// A game at its first phase.
    fn new_game(settings: &Self::Settings, seed: u64) -> Result<Self::State, SetupError>;
    fn seats(state: &Self::State) -> Vec<SeatInfo>;
    fn phase(state: &Self::State) -> PhaseInfo;
    /// Whether the seat has orders to give this phase (for "ready" and missing-order handling).
    fn must_order(state: &Self::State, seat: SeatIndex) -> bool;
    /// Reads and checks one seat's order text against the current phase.
    fn check_orders(state: &Self::State, seat: SeatIndex, text: &str) -> OrderCheck;
    /// The legal choices for an order form.
    fn order_form(state: &Self::State, seat: SeatIndex) -> OrderForm;
    /// Processes the current phase with every seat's orders (missing seats ordered nothing), using only
    /// `seed` for randomness.
    fn process(state: &Self::State, orders: &BTreeMap<SeatIndex, String>, seed: u64) -> Processed<Self::State>;
    fn seat_view(state: &Self::State, seat: SeatIndex) -> View;
    fn public_view(state: &Self::State) -> View;
    /// What only the game master sees (rulings 0.5: a secret is its seat's and the GM's): the public view
    /// plus the kind's secret state in plain words (balances, covert accounts, who controls what). A kind
    /// with no secrets beyond the orders shows the public view.
    fn gm_view(state: &Self::State) -> View {
        Self::public_view(state)
    }
    fn outcome(state: &Self::State) -> Option<Outcome>;
    /// Whether `from` may send press to `to` under this kind's own rules: a kind may forbid pairs (a
    /// Cabinet commander writes only to its Head of State, its counterpart and the GM) or public press (a
    /// Diplobucks power without the press right). The game's own press setting (full, public only,
    /// gunboat, rulebook) is checked by the server before this; the default allows everything.
    fn may_send(state: &Self::State, from: Correspondent, to: &Recipients) -> Result<(), PressRefusal> {
        let _ = (state, from, to);
        Ok(())
    }
    /// A game master's action between phases, as a text line (e.g. a Terrorism I press award). Returns the
    /// new state and what to publish about it.
    fn gm_action(state: &Self::State, action: &str) -> Result<(Self::State, Report), GmActionError> {
        let _ = (state, action);
        Err(GmActionError::Unsupported)
    }
    /// Who holds each seat, when the kind's own rules move people between seats (a Cabinet relief or
    /// coup): then the engine is the truth and the site's seats follow it after every change. `None`
    /// (the default): the site's seats are the truth, and the engine never hears of people.
    fn holders(state: &Self::State) -> Option<Vec<(SeatIndex, Option<PersonId>)>> {
        let _ = state;
        None
    }
    /// Seats `person` in `seat` (or empties it with `None`), for a kind whose engine tracks holders: at
    /// the start, and when the GM seats or removes someone. The default refuses: such kinds' seats are
    /// the site's alone.
    fn seat_person(state: &Self::State, seat: SeatIndex, person: Option<PersonId>) -> Result<Self::State, String> {
        let _ = (state, seat, person);
        Err("this kind's seats are not held in its engine".to_owned())
    }
    /// What a seat may order and why, in words, where the kind divides a power's duties (a Cabinet
    /// post); `None` where a seat simply orders its power's units.
    fn duties(state: &Self::State, seat: SeatIndex) -> Option<String> {
        let _ = (state, seat);
        None
    }
    /// The seats whose votes decide a draw or a concession, where the kind says who votes for a power
    /// (a Cabinet power votes through its Head of State, once for a dual monarchy, CAB.6); the others
    /// neither vote nor count. `None` (the default): every surviving seat votes.
    fn draw_voters(state: &Self::State) -> Option<Vec<SeatIndex>> {
        let _ = state;
        None
    }
    /// Other seats whose pending (saved, not yet processed) order sheets `seat` may read, where the
    /// kind's rules allow it (a Cabinet Head of State reads his commanders', CAB.7). The default: none.
    fn readable_sheets(state: &Self::State, seat: SeatIndex) -> Vec<SeatIndex> {
        let _ = (state, seat);
        Vec::new()
    }
    /// The code of the phase from which `seat`'s current holder may read the seat's private press, where
    /// the engine moves people between seats (a Cabinet successor sees only his own tenure's press,
    /// CAB.1). `None` (the default): the seat's whole press.
    fn tenure_start(state: &Self::State, seat: SeatIndex) -> Option<String> {
        let _ = (state, seat);
        None
    }
    /// Whom the step from `before` to `after` (a processed phase) asks to act, and what: a Cabinet
    /// motion's signers and named person, the Head of State a coup would depose. The default: nobody,
    /// as the other kinds' phases ask only for orders, which the deadline reminders cover.
    fn asks(before: &Self::State, after: &Self::State) -> Vec<Ask> {
        let _ = (before, after);
        Vec::new()
    }
    /// The seats in play that nobody holds, for a kind whose engine tracks holders (a Cabinet post left
    /// empty by a relief or a coup): the GM fills them from the standby list. The default: none, as the
    /// site's own seats (and their takeover page) are the truth for the other kinds.
    fn vacancies(state: &Self::State) -> Vec<Vacancy> {
        let _ = state;
        Vec::new()
    }
    /// How a game master writes this kind's actions (shown on the GM panel), or `None` if it has none.
    fn gm_action_syntax(state: &Self::State) -> Option<&'static str> {
        let _ = state;
        None
    }
}

/// Why a game master's action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GmActionError {
    #[error("this game kind has no game-master actions")]
    Unsupported,
    #[error("{0}")]
    Refused(String),
}
