//! Motions (sheet §8–10, rulings 2.3, CAB.3–CAB.5, CAB.8): reliefs, appointments to a vacant seat, coups
//! (a coup naming another Head of State makes a dual monarchy) and secessions. A motion is created by one
//! seat with a line on its order sheet, signed by the seats the rule requires (`SIGN 3`, or the same
//! line), accepted by a named outsider through the site, and takes effect at the start of the next phase
//! after it is complete. It waits until then, until withdrawn, or until a seat it names changes hands.

use std::collections::BTreeSet;
use std::fmt;

use judge::Power;
use serde::{Deserialize, Serialize};

use super::State;
use super::seats::{Holder, PersonId, Role, SeatRef};
use crate::intrigue::{PowerName, map};
use crate::kind::{Addressee, Ask};

/// Who fills a seat: a named person (who must accept, CAB.3) or somebody the GM picks from the standby
/// list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nominee {
    Standby,
    Person(PersonId),
}

/// The new Head of State a coup names (sheet §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NewHead {
    /// One of the realm's own commanders, who leaves his seat vacant.
    Commander(SeatRef),
    /// Another power's Head of State: the realm joins his as the junior power of a dual monarchy.
    HeadOf(PowerName),
    Person(PersonId),
    Standby,
    Nobody,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MotionKind {
    /// The Head of State relieves a commander (sheet §8).
    Relieve { seat: SeatRef, replacement: Nominee },
    /// The Head of State names somebody to a vacant commander seat.
    Appoint { seat: SeatRef, replacement: Nominee },
    /// The commanders of the realm headed by `realm` depose its Head of State (sheet §9, CAB.5).
    Coup { realm: PowerName, new_head: NewHead },
    /// The junior power of a dual monarchy leaves it (sheet §10, CAB.4).
    Secede { power: PowerName },
}

/// A motion waiting for its signatures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Motion {
    pub id: u32,
    pub kind: MotionKind,
    pub by: SeatRef,
    /// Seats that signed, the creator first.
    pub signed: Vec<SeatRef>,
    /// People without a seat here who agreed: a named replacement, a deposed Head of State agreeing to a
    /// secession.
    #[serde(default)]
    pub agreed: Vec<PersonId>,
}

/// A motion line of an order sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MotionLine {
    /// Creates the motion, or signs the same motion if it is already open.
    Propose(MotionKind),
    /// Signs (or, for a nominee, accepts) an open motion; the two words mean the same.
    Sign(u32),
    Withdraw(u32),
}

/// The first words of motion lines.
pub const KEYWORDS: [&str; 7] = ["RELIEVE", "APPOINT", "COUP", "SECEDE", "SIGN", "ACCEPT", "WITHDRAW"];

impl fmt::Display for Nominee {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nominee::Standby => f.write_str("standby"),
            Nominee::Person(person) => write!(f, "{person}"),
        }
    }
}

impl fmt::Display for NewHead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewHead::Commander(seat) => write!(f, "{} {}", seat.power, seat.role.title().to_lowercase()),
            NewHead::HeadOf(power) => write!(f, "{power}"),
            NewHead::Person(person) => write!(f, "{person}"),
            NewHead::Standby => f.write_str("standby"),
            NewHead::Nobody => f.write_str("none"),
        }
    }
}

impl MotionLine {
    /// The canonical line, which reads back to the same motion line from the same seat.
    pub fn notation(&self) -> String {
        match self {
            MotionLine::Propose(MotionKind::Relieve { seat, replacement }) => {
                format!("RELIEVE {} {} WITH {replacement}", seat.power, seat.role.title().to_lowercase())
            }
            MotionLine::Propose(MotionKind::Appoint { seat, replacement }) => {
                format!("APPOINT {} {} WITH {replacement}", seat.power, seat.role.title().to_lowercase())
            }
            MotionLine::Propose(MotionKind::Coup { new_head, .. }) => format!("COUP WITH {new_head}"),
            MotionLine::Propose(MotionKind::Secede { .. }) => "SECEDE".to_string(),
            MotionLine::Sign(id) => format!("SIGN {id}"),
            MotionLine::Withdraw(id) => format!("WITHDRAW {id}"),
        }
    }
}

impl MotionKind {
    /// In words, for the seats that may see it.
    pub fn describe(&self) -> String {
        match self {
            MotionKind::Relieve { seat, replacement } => {
                format!("relieve {seat}, replaced by {}", nominee_words(*replacement))
            }
            MotionKind::Appoint { seat, replacement } => format!("fill {seat} with {}", nominee_words(*replacement)),
            MotionKind::Coup { realm, new_head } => {
                format!("depose the Head of State of {realm} for {}", head_words(*new_head))
            }
            MotionKind::Secede { power } => format!("{power} leaves its dual monarchy"),
        }
    }

    /// Two proposals are the same motion when they change the same thing: a relief or an appointment of
    /// the same seat (the replacement is the Head of State's choice alone, sheet §8), a coup in the same
    /// realm for the same new head, and so on.
    fn same_as(&self, other: &MotionKind) -> bool {
        match (self, other) {
            (MotionKind::Relieve { seat: a, .. }, MotionKind::Relieve { seat: b, .. })
            | (MotionKind::Appoint { seat: a, .. }, MotionKind::Appoint { seat: b, .. }) => a == b,
            _ => self == other,
        }
    }
}

fn nominee_words(nominee: Nominee) -> String {
    match nominee {
        Nominee::Standby => "a player from the GM's standby list".to_string(),
        Nominee::Person(person) => person.to_string(),
    }
}

fn head_words(head: NewHead) -> String {
    match head {
        NewHead::Commander(seat) => seat.to_string(),
        NewHead::HeadOf(power) => format!("the Head of State of {power}, as a dual monarchy"),
        NewHead::Person(person) => person.to_string(),
        NewHead::Standby => "a player from the GM's standby list".to_string(),
        NewHead::Nobody => "nobody".to_string(),
    }
}

/// Reads a motion line written by `seat`.
pub fn parse_line(state: &State, seat: SeatRef, text: &str) -> Result<MotionLine, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((keyword, rest)) = words.split_first() else { return Err("empty line".to_string()) };
    let number = |rest: &[&str]| -> Result<u32, String> {
        match rest {
            [number] => {
                number.trim_start_matches('#').parse().map_err(|_| format!("`{number}` is not a motion number"))
            }
            _ => Err(format!("write `{} <motion number>`", keyword.to_uppercase())),
        }
    };
    match keyword.to_uppercase().as_str() {
        "SIGN" | "ACCEPT" => number(rest).map(MotionLine::Sign),
        "WITHDRAW" => number(rest).map(MotionLine::Withdraw),
        "SECEDE" if rest.is_empty() => Ok(MotionLine::Propose(MotionKind::Secede { power: seat.power })),
        "SECEDE" => Err("write `SECEDE` alone".to_string()),
        "RELIEVE" | "APPOINT" => {
            let (target, nominee) = split_with(rest);
            let target = read_commander_seat(state, seat, target)?;
            let replacement = match nominee {
                None if keyword.eq_ignore_ascii_case("RELIEVE") => Nominee::Standby,
                None => return Err("name the replacement: `WITH person <number>` or `WITH standby`".to_string()),
                Some(words) => read_nominee(words)?,
            };
            Ok(MotionLine::Propose(if keyword.eq_ignore_ascii_case("RELIEVE") {
                MotionKind::Relieve { seat: target, replacement }
            } else {
                MotionKind::Appoint { seat: target, replacement }
            }))
        }
        "COUP" => {
            let (before, head) = split_with(rest);
            let (true, Some(head)) = (before.is_empty(), head) else {
                return Err(
                    "write `COUP WITH <general, admiral, a power, person <number>, standby or none>`".to_string()
                );
            };
            let realm = PowerName(state.head_power(seat.power.0));
            Ok(MotionLine::Propose(MotionKind::Coup { realm, new_head: read_new_head(state, seat, head)? }))
        }
        other => Err(format!("`{other}` is not a motion")),
    }
}

/// Splits `general WITH person 4` at `WITH`.
fn split_with<'a>(words: &'a [&'a str]) -> (&'a [&'a str], Option<&'a [&'a str]>) {
    match words.iter().position(|word| word.eq_ignore_ascii_case("with")) {
        Some(at) => (&words[..at], Some(&words[at + 1..])),
        None => (words, None),
    }
}

/// `general` (the writer's realm's head power), `Germany admiral`.
fn read_commander_seat(state: &State, writer: SeatRef, words: &[&str]) -> Result<SeatRef, String> {
    let (power, role) = match words {
        [role] => (state.head_power(writer.power.0), *role),
        [power, role] => (map().find_power(power).ok_or_else(|| format!("`{power}` is not a power"))?, *role),
        _ => return Err("name the seat: `general`, `admiral` or `<power> general`".to_string()),
    };
    match Role::parse(role) {
        Some(role) if role.is_commander() => Ok(SeatRef::new(power, role)),
        _ => Err(format!("`{role}` is not `general` or `admiral`")),
    }
}

fn read_person(words: &[&str]) -> Option<PersonId> {
    match words {
        [person, number] if person.eq_ignore_ascii_case("person") => number.parse().ok().map(PersonId),
        _ => None,
    }
}

fn read_nominee(words: &[&str]) -> Result<Nominee, String> {
    match words {
        [standby] if standby.eq_ignore_ascii_case("standby") => Ok(Nominee::Standby),
        _ => read_person(words).map(Nominee::Person).ok_or_else(|| "name `person <number>` or `standby`".to_string()),
    }
}

fn read_new_head(state: &State, writer: SeatRef, words: &[&str]) -> Result<NewHead, String> {
    if let Some(person) = read_person(words) {
        return Ok(NewHead::Person(person));
    }
    match words {
        [word] if word.eq_ignore_ascii_case("standby") => Ok(NewHead::Standby),
        [word] if word.eq_ignore_ascii_case("none") => Ok(NewHead::Nobody),
        [word] => match (Role::parse(word), map().find_power(word)) {
            (Some(role), _) if role.is_commander() => Ok(NewHead::Commander(SeatRef::new(writer.power.0, role))),
            (_, Some(power)) => Ok(NewHead::HeadOf(PowerName(power))),
            _ => Err(format!("`{word}` is not a commander, a power, `standby` or `none`")),
        },
        _ => read_commander_seat(state, writer, words).map(NewHead::Commander),
    }
}

/// What a valid motion line from `seat` does, in words, or why it is refused.
pub fn check_line(state: &State, seat: SeatRef, line: &MotionLine) -> Result<String, String> {
    if !state.is_held(seat) {
        return Err("nobody holds this seat".to_string());
    }
    match line {
        MotionLine::Propose(kind) => {
            if may_create(state, seat, kind)? {
                Ok(match own_motion_to_change(state, seat, kind) {
                    Some(motion) if motion.kind == *kind => format!("repeats motion {}", motion.id),
                    Some(motion) => format!("changes motion {} to {}", motion.id, kind.describe()),
                    None => format!("proposes to {}", kind.describe()),
                })
            } else if may_sign_kind(state, seat, kind) {
                Ok(format!("signs the motion to {}", kind.describe()))
            } else {
                Err(creator_needed(kind))
            }
        }
        MotionLine::Sign(id) => {
            let motion = state.motion(*id).ok_or_else(|| format!("there is no open motion {id}"))?;
            if may_sign(state, seat, motion) {
                Ok(format!("signs motion {id}: {}", motion.kind.describe()))
            } else {
                Err(format!("this seat has no signature to give on motion {id}"))
            }
        }
        MotionLine::Withdraw(id) => match state.motion(*id) {
            Some(motion) if motion.by == seat => Ok(format!("withdraws motion {id}: {}", motion.kind.describe())),
            _ => Err(format!("this seat has no motion {id} to withdraw")),
        },
    }
}

/// The open motion of `seat`'s own that a new proposal of the same change would amend: a Head of State
/// naming another replacement for a relief he proposed (the replacement is his choice alone, sheet §8).
fn own_motion_to_change<'a>(state: &'a State, seat: SeatRef, kind: &MotionKind) -> Option<&'a Motion> {
    state.motions.iter().find(|motion| motion.by == seat && motion.kind.same_as(kind))
}

fn creator_needed(kind: &MotionKind) -> String {
    match kind {
        MotionKind::Relieve { .. } => "only the Head of State proposes a relief; its commanders sign it".to_string(),
        MotionKind::Appoint { .. } => "only the Head of State fills a vacant commander seat".to_string(),
        MotionKind::Coup { .. } => "only the realm's commanders make a coup".to_string(),
        MotionKind::Secede { .. } => "only the commanders of a dual monarchy's junior power secede".to_string(),
    }
}

/// Whether `seat` may create this motion: `Ok(false)` when it is not the seat that creates it, `Err` when
/// it is but the motion cannot be made now.
fn may_create(state: &State, seat: SeatRef, kind: &MotionKind) -> Result<bool, String> {
    match *kind {
        MotionKind::Relieve { seat: target, replacement } => {
            if seat != state.head_seat(target.power.0) {
                return Ok(false);
            }
            if !state.is_held(target) {
                return Err(format!("nobody holds {target}: fill it with `APPOINT`"));
            }
            let other = SeatRef { role: target.role.counterpart().unwrap_or(target.role), ..target };
            if !state.is_held(other) {
                return Err(format!("{other} is vacant, and a Head of State must keep at least one commander"));
            }
            if state.motions.iter().any(|m| matches!(m.kind, MotionKind::Relieve { seat: s, .. } if s == other)) {
                return Err(format!("{other} is being relieved: not both commanders at the same time"));
            }
            check_nominee_free(state, replacement)?;
            Ok(true)
        }
        MotionKind::Appoint { seat: target, replacement } => {
            if seat != state.head_seat(target.power.0) {
                return Ok(false);
            }
            if state.is_held(target) {
                return Err(format!("{target} is held: relieve its holder first"));
            }
            check_nominee_free(state, replacement)?;
            Ok(true)
        }
        MotionKind::Coup { realm, new_head } => {
            if !seat.role.is_commander() || realm.0 != state.head_power(seat.power.0) {
                return Ok(false);
            }
            check_new_head(state, realm.0, new_head)?;
            Ok(true)
        }
        MotionKind::Secede { power } => {
            if !seat.role.is_commander() || seat.power != power {
                return Ok(false);
            }
            if state.cabinet(power.0).joined_to.is_none() {
                return Err(format!("{power} is not the junior power of a dual monarchy"));
            }
            Ok(true)
        }
    }
}

fn check_nominee_free(state: &State, nominee: Nominee) -> Result<(), String> {
    match nominee {
        Nominee::Person(person) => check_person_free(state, person),
        Nominee::Standby => Ok(()),
    }
}

fn check_person_free(state: &State, person: PersonId) -> Result<(), String> {
    match state.seat_of(person) {
        Some(_) => Err(format!("{person} already holds a seat in this game")),
        None => Ok(()),
    }
}

fn check_new_head(state: &State, realm: Power, head: NewHead) -> Result<(), String> {
    match head {
        NewHead::Commander(seat) if state.commanders_of_realm(realm).contains(&seat) && state.is_held(seat) => Ok(()),
        NewHead::Commander(seat) => Err(format!("{seat} is not a held seat of this realm")),
        NewHead::HeadOf(other) => {
            if state.realm(realm).len() > 1 {
                return Err("a dual monarchy cannot join another: triple monarchies are not allowed".to_string());
            }
            if other.0 == realm || state.head_power(other.0) != other.0 || state.realm(other.0).len() > 1 {
                return Err(format!("the Head of State of {other} cannot take on another power"));
            }
            if !state.is_held(SeatRef { power: other, role: Role::HeadOfState }) {
                return Err(format!("{other} has no Head of State"));
            }
            Ok(())
        }
        NewHead::Person(person) => check_person_free(state, person),
        NewHead::Standby | NewHead::Nobody => Ok(()),
    }
}

/// Seats whose signature counts for a motion (the creator aside).
fn signers(state: &State, kind: &MotionKind) -> Vec<SeatRef> {
    match *kind {
        MotionKind::Relieve { seat, .. } => {
            state.commanders_of_realm(state.head_power(seat.power.0)).into_iter().filter(|s| *s != seat).collect()
        }
        MotionKind::Appoint { .. } => Vec::new(),
        MotionKind::Coup { realm, new_head } => {
            let mut seats = state.commanders_of_realm(realm.0);
            if let NewHead::HeadOf(other) = new_head {
                seats.push(SeatRef { power: other, role: Role::HeadOfState });
            }
            seats
        }
        MotionKind::Secede { power } => {
            vec![SeatRef { power, role: Role::General }, SeatRef { power, role: Role::Admiral }]
        }
    }
}

fn may_sign_kind(state: &State, seat: SeatRef, kind: &MotionKind) -> bool {
    signers(state, kind).contains(&seat)
}

fn may_sign(state: &State, seat: SeatRef, motion: &Motion) -> bool {
    may_sign_kind(state, seat, &motion.kind)
}

/// The seats that may see a motion: its creator, the seats that may sign it, the seat it names as new
/// head, and the Head of State a coup would depose (told so that he can answer it in press; he cannot stop
/// it alone, as relieving either commander needs the other's signature). The commander to be relieved is
/// not told until it takes effect, and the public never is (CAB.9).
pub fn visible_to(state: &State, motion: &Motion) -> Vec<SeatRef> {
    let mut seats = vec![motion.by];
    seats.extend(signers(state, &motion.kind));
    if let MotionKind::Coup { realm, .. } = motion.kind {
        seats.push(SeatRef { power: realm, role: Role::HeadOfState });
    }
    seats.sort();
    seats.dedup();
    seats
}

/// The seats a motion names: if one of them changes hands, the motion lapses (CAB.8).
fn named_seats(state: &State, motion: &Motion) -> BTreeSet<SeatRef> {
    let mut seats: BTreeSet<SeatRef> = visible_to(state, motion).into_iter().collect();
    seats.extend(motion.signed.iter().copied());
    match motion.kind {
        MotionKind::Relieve { seat, .. } | MotionKind::Appoint { seat, .. } => {
            seats.insert(seat);
            seats.insert(state.head_seat(seat.power.0));
        }
        MotionKind::Coup { realm, .. } => {
            seats.insert(SeatRef { power: realm, role: Role::HeadOfState });
        }
        MotionKind::Secede { power } => {
            seats.insert(state.head_seat(power.0));
        }
    }
    seats
}

/// Whether a motion has every signature and acceptance it needs.
fn is_complete(state: &State, motion: &Motion) -> bool {
    let signed = |seat: SeatRef| motion.signed.contains(&seat) && state.is_held(seat);
    let agreed = |person: PersonId| motion.agreed.contains(&person);
    let commanders_signed = |realm: Power, but: Option<SeatRef>| {
        state.commanders_of_realm(realm).into_iter().filter(|seat| Some(*seat) != but && signed(*seat)).count()
    };
    match motion.kind {
        MotionKind::Relieve { seat, .. } => {
            let realm = state.head_power(seat.power.0);
            let needed = if state.realm(realm).len() > 1 { 2 } else { 1 };
            commanders_signed(realm, Some(seat)) >= needed
        }
        MotionKind::Appoint { replacement, .. } => match replacement {
            Nominee::Standby => true,
            Nominee::Person(person) => agreed(person),
        },
        MotionKind::Coup { realm, new_head } => {
            let needed = if state.realm(realm.0).len() > 1 { 3 } else { 2 };
            commanders_signed(realm.0, None) >= needed
                && match new_head {
                    NewHead::Commander(seat) => signed(seat),
                    NewHead::HeadOf(other) => signed(SeatRef { power: other, role: Role::HeadOfState }),
                    NewHead::Person(person) => agreed(person),
                    NewHead::Standby | NewHead::Nobody => true,
                }
        }
        MotionKind::Secede { power } => {
            let previous = state.cabinet(power.0).previous_head;
            signed(SeatRef { power, role: Role::General })
                && signed(SeatRef { power, role: Role::Admiral })
                && previous.is_none_or(agreed)
        }
    }
}

/// One condition a motion waits for, in words, and whether it is met: what the motion forms show as
/// "who must sign" (sheet §8–10, CAB.3, CAB.4). Mirrors [`is_complete`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    pub words: String,
    pub met: bool,
}

/// What a motion still waits for, condition by condition.
pub fn requirements(state: &State, motion: &Motion) -> Vec<Requirement> {
    let signed = |seat: SeatRef| motion.signed.contains(&seat) && state.is_held(seat);
    let agreed = |person: PersonId| motion.agreed.contains(&person);
    let commanders = |realm: Power, but: Option<SeatRef>| -> Vec<SeatRef> {
        state.commanders_of_realm(realm).into_iter().filter(|seat| Some(*seat) != but).collect()
    };
    let count_of = |seats: &[SeatRef], needed: usize| {
        let names: Vec<String> = seats.iter().map(ToString::to_string).collect();
        let count = seats.iter().filter(|seat| signed(**seat)).count();
        Requirement { words: format!("{needed} signature(s) of {}", names.join(", ")), met: count >= needed }
    };
    let person_accepts = |person: PersonId, what: &str| Requirement {
        words: format!("{person} accepts on the site ({what})"),
        met: agreed(person),
    };
    match motion.kind {
        MotionKind::Relieve { seat, .. } => {
            let realm = state.head_power(seat.power.0);
            let needed = if state.realm(realm).len() > 1 { 2 } else { 1 };
            vec![count_of(&commanders(realm, Some(seat)), needed)]
        }
        MotionKind::Appoint { replacement, .. } => match replacement {
            Nominee::Standby => Vec::new(),
            Nominee::Person(person) => vec![person_accepts(person, "the named replacement")],
        },
        MotionKind::Coup { realm, new_head } => {
            let needed = if state.realm(realm.0).len() > 1 { 3 } else { 2 };
            let mut needs = vec![count_of(&commanders(realm.0, None), needed)];
            match new_head {
                NewHead::Commander(seat) => {
                    needs.push(Requirement { words: format!("{seat} signs"), met: signed(seat) });
                }
                NewHead::HeadOf(other) => {
                    let head = SeatRef { power: other, role: Role::HeadOfState };
                    needs.push(Requirement { words: format!("{head} signs"), met: signed(head) });
                }
                NewHead::Person(person) => needs.push(person_accepts(person, "the named Head of State")),
                NewHead::Standby | NewHead::Nobody => {}
            }
            needs
        }
        MotionKind::Secede { power } => {
            let mut needs =
                vec![count_of(&[SeatRef { power, role: Role::General }, SeatRef { power, role: Role::Admiral }], 2)];
            if let Some(previous) = state.cabinet(power.0).previous_head {
                needs.push(person_accepts(previous, "the previous Head of State"));
            }
            needs
        }
    }
}

/// The seats whose change of hands makes a motion lapse (CAB.8).
pub fn lapses_with(state: &State, motion: &Motion) -> Vec<SeatRef> {
    named_seats(state, motion).into_iter().collect()
}

/// The person a motion names as a new holder, who accepts or declines on his own page (CAB.3), or the
/// previous Head of State whose agreement a secession needs (CAB.4).
pub fn person_named(state: &State, motion: &Motion) -> Option<PersonId> {
    match motion.kind {
        MotionKind::Relieve { replacement: Nominee::Person(person), .. }
        | MotionKind::Appoint { replacement: Nominee::Person(person), .. }
        | MotionKind::Coup { new_head: NewHead::Person(person), .. } => Some(person),
        MotionKind::Secede { power } => state.cabinet(power.0).previous_head,
        _ => None,
    }
}

/// Checks a sheet's motion lines in order, each against the motions the lines above it leave: a second
/// relief of the same commander changes the first's replacement, and a relief of the other commander
/// is refused for its true reason. Each line gives its notation and its meaning in words, or why not.
pub fn check_sheet_lines(state: &State, seat: SeatRef, texts: &[&str]) -> Vec<Result<(String, String), String>> {
    let mut after_lines_above = state.clone();
    texts
        .iter()
        .map(|text| {
            let line = parse_line(&after_lines_above, seat, text)?;
            let plain = check_line(&after_lines_above, seat, &line)?;
            after_lines_above.apply_motion_lines(&[(seat, line)], &mut Notices::default());
            Ok((line.notation(), plain))
        })
        .collect()
}

/// Whom the motions proposed between `before` and `after` ask to act: each seat that may sign and has
/// not, the person a motion names, and the Head of State a coup would depose.
pub fn asks(before: &State, after: &State) -> Vec<Ask> {
    after
        .motions
        .iter()
        .filter(|motion| motion.id > before.next_motion)
        .flat_map(|motion| asks_of(after, motion))
        .collect()
}

fn asks_of(state: &State, motion: &Motion) -> Vec<Ask> {
    let id = motion.id;
    let what = motion.kind.describe();
    let named = person_named(state, motion);
    let names: Vec<PersonId> = named.into_iter().collect();
    let mut asks: Vec<Ask> = signers(state, &motion.kind)
        .into_iter()
        .filter(|seat| !motion.signed.contains(seat) && state.is_held(*seat))
        .map(|seat| Ask {
            to: Addressee::Seat(seat.id()),
            text: format!("Motion {id} asks for your signature as {seat}: {what}"),
            names: names.clone(),
        })
        .collect();
    if let MotionKind::Coup { realm, .. } = motion.kind {
        let head = SeatRef { power: realm, role: Role::HeadOfState };
        if state.is_held(head) && !motion.signed.contains(&head) {
            asks.push(Ask {
                to: Addressee::Seat(head.id()),
                text: format!("Your commanders propose a coup against you (motion {id}): {what}"),
                names: names.clone(),
            });
        }
    }
    if let Some(person) = named.filter(|person| !motion.agreed.contains(person)) {
        let what = what.replace(&person.to_string(), "you");
        asks.push(Ask {
            to: Addressee::Person(person),
            text: format!("Motion {id} names you ({what}): accept or decline it on the game's positions page"),
            names: Vec::new(),
        });
    }
    asks
}

/// What motions did in a phase: private notices per seat.
#[derive(Debug, Default)]
pub(crate) struct Notices {
    pub(crate) to_seat: Vec<(SeatRef, String)>,
}

impl Notices {
    fn tell(&mut self, seats: impl IntoIterator<Item = SeatRef>, text: String) {
        for seat in seats {
            self.to_seat.push((seat, text.clone()));
        }
    }
}

impl State {
    pub fn motion(&self, id: u32) -> Option<&Motion> {
        self.motions.iter().find(|motion| motion.id == id)
    }

    /// Applies the motion lines of every seat's sheet (seats in order, lines in order): first proposals
    /// (creating a motion, or signing the same open one), then signatures, then withdrawals, so that a
    /// seat's line does not depend on which seat is numbered first.
    pub(super) fn apply_motion_lines(&mut self, lines: &[(SeatRef, MotionLine)], notices: &mut Notices) {
        let valid: Vec<(SeatRef, MotionLine)> = lines
            .iter()
            .filter(|(seat, line)| match check_line(self, *seat, line) {
                Ok(_) => true,
                Err(reason) => {
                    notices.tell([*seat], format!("`{}` void: {reason}", line.notation()));
                    false
                }
            })
            .copied()
            .collect();
        for (seat, line) in &valid {
            if let MotionLine::Propose(kind) = line
                && may_create(self, *seat, kind) == Ok(true)
            {
                self.propose(*seat, *kind, notices);
            }
        }
        for (seat, line) in &valid {
            match line {
                MotionLine::Propose(kind) => match may_create(self, *seat, kind) {
                    Ok(true) => {}
                    // A proposal the lines above it made impossible (relieving both commanders at once).
                    Err(reason) => notices.tell([*seat], format!("`{}` void: {reason}", line.notation())),
                    Ok(false) => match self.motions.iter().find(|m| m.kind.same_as(kind)).map(|m| m.id) {
                        Some(id) => self.sign(*seat, id, notices),
                        None => notices.tell([*seat], format!("`{}` void: nobody proposed it", line.notation())),
                    },
                },
                MotionLine::Sign(id) => self.sign(*seat, *id, notices),
                MotionLine::Withdraw(_) => {}
            }
        }
        for (_, line) in &valid {
            if let MotionLine::Withdraw(id) = line
                && let Some(motion) = self.motion(*id).cloned()
            {
                notices.tell(visible_to(self, &motion), format!("Motion {id} withdrawn: {}", motion.kind.describe()));
                self.motions.retain(|m| m.id != *id);
            }
        }
    }

    fn propose(&mut self, seat: SeatRef, kind: MotionKind, notices: &mut Notices) {
        if let Some(motion) = own_motion_to_change(self, seat, &kind).filter(|motion| motion.kind != kind) {
            let id = motion.id;
            self.change_motion(id, kind, notices);
            return;
        }
        if let Some(id) = self.motions.iter().find(|m| m.kind.same_as(&kind)).map(|m| m.id) {
            self.sign(seat, id, notices);
            return;
        }
        self.next_motion += 1;
        let motion = Motion { id: self.next_motion, kind, by: seat, signed: vec![seat], agreed: Vec::new() };
        notices
            .tell(visible_to(self, &motion), format!("Motion {} proposed by {seat}: {}", motion.id, kind.describe()));
        self.motions.push(motion);
    }

    /// The creator names another replacement: the signatures stand (they were not given for the
    /// replacement, sheet §8), an earlier nominee's acceptance does not.
    fn change_motion(&mut self, id: u32, kind: MotionKind, notices: &mut Notices) {
        let Some(motion) = self.motions.iter_mut().find(|m| m.id == id) else { return };
        motion.kind = kind;
        motion.agreed.clear();
        let motion = motion.clone();
        notices.tell(visible_to(self, &motion), format!("Motion {id} changed: {}", kind.describe()));
    }

    fn sign(&mut self, seat: SeatRef, id: u32, notices: &mut Notices) {
        let Some(motion) = self.motions.iter_mut().find(|m| m.id == id) else { return };
        if !motion.signed.contains(&seat) {
            motion.signed.push(seat);
        }
        let motion = motion.clone();
        notices.tell(visible_to(self, &motion), format!("{seat} signed motion {id}"));
    }

    /// A person without a seat here agrees to a motion: a named replacement or new Head of State accepts
    /// (CAB.3), a deposed Head of State agrees to his old power's secession (CAB.4).
    pub fn agree_as(&mut self, person: PersonId, id: u32) -> Result<String, String> {
        let kind = self.motion(id).ok_or_else(|| format!("there is no open motion {id}"))?.kind;
        let named = match kind {
            MotionKind::Relieve { replacement: Nominee::Person(p), .. }
            | MotionKind::Appoint { replacement: Nominee::Person(p), .. }
            | MotionKind::Coup { new_head: NewHead::Person(p), .. } => p == person,
            MotionKind::Secede { power } => self.cabinet(power.0).previous_head == Some(person),
            _ => false,
        };
        if !named {
            return Err(format!("{person} has nothing to agree to in motion {id}"));
        }
        if let Some(motion) = self.motions.iter_mut().find(|m| m.id == id)
            && !motion.agreed.contains(&person)
        {
            motion.agreed.push(person);
        }
        Ok(format!("{person} agreed to motion {id}"))
    }

    /// A person named as a replacement or new Head of State declines (CAB.3: he must accept on the site,
    /// so he may also refuse). A relief goes on without him, asking the GM for a standby player instead
    /// (sheet §8: if none is available the Head of State acts in the seat); an appointment or a coup
    /// naming him can no longer be completed and is dropped, so its seats may propose another.
    pub fn decline_as(&mut self, person: PersonId, id: u32) -> Result<String, String> {
        let motion = self.motion(id).ok_or_else(|| format!("there is no open motion {id}"))?.clone();
        match motion.kind {
            MotionKind::Relieve { seat, replacement: Nominee::Person(named) } if named == person => {
                let standby = MotionKind::Relieve { seat, replacement: Nominee::Standby };
                if let Some(open) = self.motions.iter_mut().find(|m| m.id == id) {
                    open.kind = standby;
                    open.agreed.retain(|agreed| *agreed != person);
                }
                Ok(format!("{person} declined motion {id}; the GM is asked for a standby player instead"))
            }
            MotionKind::Appoint { replacement: Nominee::Person(named), .. }
            | MotionKind::Coup { new_head: NewHead::Person(named), .. }
                if named == person =>
            {
                self.motions.retain(|m| m.id != id);
                Ok(format!("{person} declined motion {id}, which is dropped"))
            }
            _ => Err(format!("{person} is not named in motion {id}")),
        }
    }

    /// Carries out every complete motion, in the order they were made, as the next phase (`phase`)
    /// starts. Returns the seats that changed hands.
    pub(super) fn carry_out_motions(&mut self, phase: &str, notices: &mut Notices) -> BTreeSet<SeatRef> {
        let mut changed = BTreeSet::new();
        let ids: Vec<u32> = self.motions.iter().map(|m| m.id).collect();
        for id in ids {
            let Some(motion) = self.motion(id).cloned() else { continue };
            if !is_complete(self, &motion) {
                continue;
            }
            let told = visible_to(self, &motion);
            self.motions.retain(|m| m.id != id);
            let before = self.holders();
            match self.carry_out(&motion, phase) {
                Ok(done) => notices.tell(told, format!("Motion {id} took effect: {done}")),
                Err(reason) => notices.tell(told, format!("Motion {id} lapsed: {reason}")),
            }
            let moved = self.changed_since(&before);
            self.lapse_motions_naming(&moved, notices);
            changed.extend(moved);
            if let MotionKind::Relieve { seat, replacement: Nominee::Person(person) } = motion.kind
                && !self.is_held(seat)
                && !motion.agreed.contains(&person)
            {
                self.propose(motion.by, MotionKind::Appoint { seat, replacement: Nominee::Person(person) }, notices);
            }
        }
        self.drop_answered_standby_requests();
        changed
    }

    /// Forgets the requests for standby players whose seats are held again, or no longer in use.
    pub(super) fn drop_answered_standby_requests(&mut self) {
        let open: Vec<SeatRef> =
            self.standby_requests.iter().copied().filter(|seat| self.in_use(*seat) && !self.is_held(*seat)).collect();
        self.standby_requests = open;
    }

    /// Every seat's holder, to see afterwards who changed hands.
    pub(super) fn holders(&self) -> Vec<(SeatRef, Option<PersonId>, bool)> {
        SeatRef::all().map(|seat| (seat, self.person_at(seat), self.in_use(seat))).collect()
    }

    pub(super) fn changed_since(&self, before: &[(SeatRef, Option<PersonId>, bool)]) -> BTreeSet<SeatRef> {
        before
            .iter()
            .filter(|(seat, person, in_use)| self.person_at(*seat) != *person || self.in_use(*seat) != *in_use)
            .map(|(seat, _, _)| *seat)
            .collect()
    }

    /// Drops the motions naming a seat that changed hands (CAB.8).
    pub(super) fn lapse_motions_naming(&mut self, changed: &BTreeSet<SeatRef>, notices: &mut Notices) {
        if changed.is_empty() {
            return;
        }
        let lapsed: Vec<Motion> =
            self.motions.iter().filter(|m| !named_seats(self, m).is_disjoint(changed)).cloned().collect();
        for motion in lapsed {
            let told: Vec<SeatRef> = visible_to(self, &motion).into_iter().filter(|s| !changed.contains(s)).collect();
            notices.tell(told, format!("Motion {} lapsed: a seat it names changed hands", motion.id));
            self.motions.retain(|m| m.id != motion.id);
        }
    }

    fn carry_out(&mut self, motion: &Motion, phase: &str) -> Result<String, String> {
        let holder = |person| Holder { person, since: phase.to_string() };
        match motion.kind {
            MotionKind::Relieve { seat, replacement } => {
                let other = SeatRef { role: seat.role.counterpart().unwrap_or(seat.role), ..seat };
                if !self.is_held(seat) || !self.is_held(other) {
                    return Err(format!("{seat} and {other} must both be held to relieve one of them"));
                }
                *self.cabinet_mut(seat.power.0).holder_mut(seat.role) = None;
                let filled = self.fill(seat, replacement, &motion.agreed, phase);
                Ok(format!("{seat} relieved; {filled}"))
            }
            MotionKind::Appoint { seat, replacement } => {
                if self.is_held(seat) {
                    return Err(format!("{seat} is no longer vacant"));
                }
                Ok(self.fill(seat, replacement, &motion.agreed, phase))
            }
            MotionKind::Coup { realm, new_head } => {
                let head_seat = SeatRef { power: realm, role: Role::HeadOfState };
                if self.head_power(realm.0) != realm.0 {
                    return Err("the realm changed".to_string());
                }
                check_new_head(self, realm.0, new_head)?;
                let deposed = self.person_at(head_seat);
                *self.cabinet_mut(realm.0).holder_mut(Role::HeadOfState) = None;
                Ok(match new_head {
                    NewHead::Commander(seat) => {
                        let person = self.cabinet_mut(seat.power.0).holder_mut(seat.role).take().map(|h| h.person);
                        self.cabinet_mut(realm.0).head = person.map(holder);
                        format!("{seat} is the new Head of State of {realm}; {seat} is vacant")
                    }
                    NewHead::HeadOf(other) => {
                        let cabinet = self.cabinet_mut(realm.0);
                        cabinet.joined_to = Some(other);
                        cabinet.previous_head = deposed;
                        format!("{realm} joins {other} in a dual monarchy under the Head of State of {other}")
                    }
                    NewHead::Person(person) => {
                        self.cabinet_mut(realm.0).head = Some(holder(person));
                        format!("{person} is the new Head of State of {realm}")
                    }
                    NewHead::Standby => {
                        self.request_standby(head_seat);
                        format!("{realm} has no Head of State until the GM seats one from the standby list")
                    }
                    NewHead::Nobody => format!("{realm} has no Head of State"),
                })
            }
            MotionKind::Secede { power } => {
                let cabinet = self.cabinet_mut(power.0);
                cabinet.joined_to = None;
                let previous = cabinet.previous_head.take();
                let seat = SeatRef { power, role: Role::HeadOfState };
                match previous.filter(|person| self.seat_of(*person).is_none()) {
                    Some(person) => {
                        self.cabinet_mut(power.0).head = Some(holder(person));
                        Ok(format!("{power} leaves the dual monarchy; its previous Head of State leads it again"))
                    }
                    None => {
                        self.request_standby(seat);
                        Ok(format!("{power} leaves the dual monarchy, without a Head of State until the GM seats one"))
                    }
                }
            }
        }
    }

    /// Seats the replacement if he already accepted; else leaves the seat vacant for the Head of State to
    /// act in (sheet §8), asking the GM for a standby player where that was the choice.
    fn fill(&mut self, seat: SeatRef, replacement: Nominee, agreed: &[PersonId], phase: &str) -> String {
        match replacement {
            Nominee::Person(person) if agreed.contains(&person) && self.seat_of(person).is_none() => {
                *self.cabinet_mut(seat.power.0).holder_mut(seat.role) =
                    Some(Holder { person, since: phase.to_string() });
                format!("{person} takes {seat}")
            }
            Nominee::Person(person) => format!("{seat} is vacant until {person} accepts"),
            Nominee::Standby => {
                self.request_standby(seat);
                format!("{seat} is vacant until the GM seats a player from the standby list")
            }
        }
    }

    fn request_standby(&mut self, seat: SeatRef) {
        if !self.standby_requests.contains(&seat) {
            self.standby_requests.push(seat);
        }
    }
}
