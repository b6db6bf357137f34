//! Judge notation to typed orders, line by line: a bad line is reported with its reason and the good
//! lines are kept (an order sheet never fails as a whole).

use smallvec::SmallVec;

use crate::UnitType;
use crate::geo::{Coast, Map, Power, coast_named};
use crate::order::{Location, Order, UnitRef};

/// The words of one order line. Lines rarely have more than 16 (`England: F nth C A lon - bel` has 7),
/// so they are kept on the stack: every order line of every sheet is split into words.
type Words<'t> = SmallVec<[&'t str; 16]>;

/// Why one line is not an order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the line is empty")]
    Empty,
    #[error("`{0}` is not a power")]
    UnknownPower(String),
    #[error("`{0}` is not a province")]
    UnknownProvince(String),
    #[error("`{0}` is not a coast (write nc, sc, ec or wc)")]
    UnknownCoast(String),
    #[error("a build must name the unit type: `Build A par` or `Build F stp/nc`")]
    BuildWithoutType,
    #[error("expected {expected} but found `{found}`")]
    Unexpected { expected: &'static str, found: String },
    #[error("the order ends early: expected {0}")]
    Incomplete(&'static str),
}

/// A line that could not be read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error} (`{input}`)")]
pub struct LineError {
    pub line: usize,
    pub input: String,
    pub error: ParseError,
}

/// A line read as an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLine {
    pub line: usize,
    pub input: String,
    /// The power named at the start of the line (`England: ...`), if any.
    pub power: Option<Power>,
    pub order: Order,
}

/// Reads an order sheet: one order per line; blank lines and lines starting with `#` are skipped.
pub fn parse_orders(map: &Map, text: &str) -> (Vec<ParsedLine>, Vec<LineError>) {
    let mut orders = Vec::new();
    let mut errors = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let input = raw.trim();
        if input.is_empty() || input.starts_with('#') {
            continue;
        }
        match parse_order(map, input) {
            Ok((power, order)) => orders.push(ParsedLine { line: index + 1, input: input.to_string(), power, order }),
            Err(error) => errors.push(LineError { line: index + 1, input: input.to_string(), error }),
        }
    }
    (orders, errors)
}

/// Reads one order, with an optional `Power:` prefix.
pub fn parse_order(map: &Map, text: &str) -> Result<(Option<Power>, Order), ParseError> {
    // `:`, when there is one, comes a few bytes in (`England:`): a plain loop finds it before `memchr`
    // would have started.
    let colon = text.bytes().position(|byte| byte == b':');
    let (power, body) = match colon.map(|at| (&text[..at], &text[at + 1..])) {
        Some((power, body)) => {
            let power = map.find_power(power).ok_or_else(|| ParseError::UnknownPower(power.trim().to_string()))?;
            (Some(power), body)
        }
        None => (None, text),
    };
    let spaced;
    // Filled in place: moving a vector of this size out of a function costs a copy.
    let mut words = Words::new();
    if body.is_ascii() {
        ascii_words(map, body, &mut words);
    } else {
        spaced = lowercase_spaced(body);
        tokenize(map, &spaced, &mut words);
    }
    let mut reader = Reader { map, words: &words, at: 0 };
    let order = reader.order()?;
    reader.finish()?;
    Ok((power, order))
}

/// The words of an ASCII line, as [`tokenize`] reads them from [`lowercase_spaced`], but borrowed from
/// the line in the case they were typed (the reader ignores case): every order line of every sheet goes
/// through here, and this copies nothing.
fn ascii_words<'t>(map: &Map, text: &'t str, words: &mut Words<'t>) {
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        let separator: Option<(&'static str, usize)> = match bytes[at] {
            b'-' if bytes.get(at + 1) == Some(&b'>') => Some(("-", 2)),
            b'(' | b')' | b'/' => Some(("/", 1)),
            // The ASCII whitespace of `str::split_whitespace` (with the vertical tab), and `.`.
            b'.' | b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' => Some(("", 1)),
            _ => None,
        };
        match separator {
            Some((word, length)) => {
                push_word(map, &text[start..at], words);
                if !word.is_empty() {
                    words.push(word);
                }
                at += length;
                start = at;
            }
            None => at += 1,
        }
    }
    push_word(map, &text[start..], words);
}

/// The line lower-cased, with `->` read as `-`, `/`, `(` and `)` as `/` and `.` as a space, each
/// separator spaced so that it reads as a word of its own (`stp(sc)` as `stp / sc`).
fn lowercase_spaced(text: &str) -> String {
    let text = text.to_lowercase();
    let mut spaced = String::with_capacity(text.len() + 16);
    let mut characters = text.chars().peekable();
    while let Some(character) = characters.next() {
        match character {
            '-' if characters.peek() == Some(&'>') => {
                characters.next();
                spaced.push_str(" - ");
            }
            '(' | ')' | '/' => spaced.push_str(" / "),
            '.' => spaced.push(' '),
            _ => spaced.push(character),
        }
    }
    spaced
}

/// The words of a [`lowercase_spaced`] line, with `-` split off as a word of its own (`nth-pic` reads as
/// `nth - pic`), except inside names that contain a hyphen (`mid-atlantic`). The words borrow from the
/// line rather than being copied.
fn tokenize<'t>(map: &Map, spaced: &'t str, words: &mut Words<'t>) {
    for word in spaced.split_whitespace() {
        push_word(map, word, words);
    }
}

/// Adds a word, with `-` split off as a word of its own unless the word is a name with a hyphen.
fn push_word<'t>(map: &Map, word: &'t str, words: &mut Words<'t>) {
    if word.is_empty() {
        return;
    }
    // A lone `-` (`A par - bur`) stays itself either way: no need to look it up.
    if word != "-" && word.as_bytes().contains(&b'-') && map.find_province(word).is_none() {
        for (index, piece) in word.split('-').enumerate() {
            if index > 0 {
                words.push("-");
            }
            if !piece.is_empty() {
                words.push(piece);
            }
        }
    } else {
        words.push(word);
    }
}

/// The words of the notation other than names, each standing for all its spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keyword {
    Hold,
    Move,
    Support,
    Convoy,
    Retreat,
    Disband,
    Build,
    Remove,
    Waive,
    /// `via` or `by`, before `convoy` at the end of a move.
    Via,
    Coast,
    Slash,
}

/// The keyword `word` spells, in any case. Each word of a line is asked several times what it is, so
/// it is lower-cased once, on the stack, and matched against every spelling at once.
fn keyword(word: &str) -> Option<Keyword> {
    const LONGEST: usize = 8; // `supports`, `retreats`, `disbands`
    let mut buffer = [0; LONGEST];
    let lower = buffer.get_mut(..word.len())?;
    // Byte by byte: for a few bytes, a call to `memcpy` costs more than the copy.
    for (to, from) in lower.iter_mut().zip(word.bytes()) {
        *to = from.to_ascii_lowercase();
    }
    Some(match &*lower {
        b"h" | b"hold" | b"holds" | b"stand" | b"stands" => Keyword::Hold,
        b"-" | b"m" | b"move" | b"moves" | b"to" => Keyword::Move,
        b"s" | b"support" | b"supports" => Keyword::Support,
        b"c" | b"convoy" | b"convoys" => Keyword::Convoy,
        b"r" | b"retreat" | b"retreats" => Keyword::Retreat,
        b"d" | b"disband" | b"disbands" => Keyword::Disband,
        b"b" | b"build" | b"builds" => Keyword::Build,
        b"remove" | b"removes" => Keyword::Remove,
        b"waive" | b"waives" | b"waived" => Keyword::Waive,
        b"via" | b"by" => Keyword::Via,
        b"coast" => Keyword::Coast,
        b"/" => Keyword::Slash,
        _ => return None,
    })
}

struct Reader<'a> {
    map: &'a Map,
    words: &'a [&'a str],
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).copied()
    }

    /// The keyword the next word is, if any.
    fn peek_keyword(&self) -> Option<Keyword> {
        self.peek().and_then(keyword)
    }

    fn skip(&mut self) {
        self.at += 1;
    }

    fn next_is(&mut self, expected: Keyword) -> bool {
        let found = self.peek_keyword() == Some(expected);
        if found {
            self.at += 1;
        }
        found
    }

    fn finish(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(word) => Err(ParseError::Unexpected { expected: "the end of the order", found: word.to_lowercase() }),
        }
    }

    fn order(&mut self) -> Result<Order, ParseError> {
        if self.peek().is_none() {
            return Err(ParseError::Empty);
        }
        match self.peek_keyword() {
            Some(Keyword::Waive) => {
                self.skip();
                Ok(Order::Waive)
            }
            Some(Keyword::Build) => {
                self.skip();
                let kind = self.unit_type().ok_or(ParseError::BuildWithoutType)?;
                let at = self.location()?;
                Ok(Order::Build { kind, at })
            }
            Some(Keyword::Remove) => {
                self.skip();
                Ok(Order::Remove { unit: self.unit()? })
            }
            Some(Keyword::Disband) => {
                self.skip();
                Ok(Order::Disband { unit: self.unit()? })
            }
            _ => {
                let unit = self.unit()?;
                self.unit_order(unit)
            }
        }
    }

    /// What follows the unit: `H`, `- bur`, `S ...`, `C ...`, `R bur`, `D`, `B`, `remove`.
    fn unit_order(&mut self, unit: UnitRef) -> Result<Order, ParseError> {
        if self.peek().is_none() {
            return Ok(Order::Hold { unit });
        }
        match self.peek_keyword() {
            Some(Keyword::Hold) => {
                self.skip();
                Ok(Order::Hold { unit })
            }
            Some(Keyword::Move) => {
                self.skip();
                let to = self.location()?;
                let via_convoy = self.via_convoy();
                Ok(Order::Move { unit, to, via_convoy })
            }
            Some(Keyword::Support) => {
                self.skip();
                let supported = self.unit()?;
                if self.next_is(Keyword::Move) {
                    let to = self.location()?;
                    return Ok(Order::Support { unit, supported, to: Some(to) });
                }
                self.next_is(Keyword::Hold);
                Ok(Order::Support { unit, supported, to: None })
            }
            Some(Keyword::Convoy) => {
                self.skip();
                let army = self.unit()?;
                if !self.next_is(Keyword::Move) {
                    return Err(self.expected("`-` and the convoy's destination"));
                }
                let to = self.location()?;
                Ok(Order::Convoy { unit, army, to })
            }
            Some(Keyword::Retreat) => {
                self.skip();
                Ok(Order::Retreat { unit, to: self.location()? })
            }
            Some(Keyword::Disband) => {
                self.skip();
                Ok(Order::Disband { unit })
            }
            Some(Keyword::Remove) => {
                self.skip();
                Ok(Order::Remove { unit })
            }
            Some(Keyword::Build) => {
                self.skip();
                let kind = unit.kind.ok_or(ParseError::BuildWithoutType)?;
                Ok(Order::Build { kind, at: unit.at })
            }
            _ => Err(self.expected("H, -, S, C, R, D or B")),
        }
    }

    fn expected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Some(found) => ParseError::Unexpected { expected, found: found.to_lowercase() },
            None => ParseError::Incomplete(expected),
        }
    }

    /// `via convoy`, `via`, `by convoy` at the end of a move.
    fn via_convoy(&mut self) -> bool {
        if self.next_is(Keyword::Via) {
            self.next_is(Keyword::Convoy);
            return true;
        }
        false
    }

    fn unit_type(&mut self) -> Option<UnitType> {
        let kind = self.peek().and_then(UnitType::parse)?;
        // `a` alone might be the start of a province name; only take it as a type when a location follows.
        self.at += 1;
        Some(kind)
    }

    fn unit(&mut self) -> Result<UnitRef, ParseError> {
        let start = self.at;
        if let Some(kind) = self.unit_type() {
            match self.location() {
                Ok(at) => return Ok(UnitRef { kind: Some(kind), at }),
                Err(after_type) => {
                    // The type letter might begin a province's name; when it does not, the word after
                    // it is the one the player got wrong (`A xyz - abc`: "xyz is not a province").
                    self.at = start;
                    return self.location().map(|at| UnitRef { kind: None, at }).map_err(|_| after_type);
                }
            }
        }
        Ok(UnitRef { kind: None, at: self.location()? })
    }

    fn location(&mut self) -> Result<Location, ParseError> {
        let rest = &self.words[self.at..];
        let Some(first) = rest.first() else {
            return Err(ParseError::Incomplete("a province"));
        };
        let (province, used) =
            self.map.longest_province_prefix(rest).ok_or_else(|| ParseError::UnknownProvince(first.to_lowercase()))?;
        self.at += used;
        let coast = self.coast()?;
        Ok(Location { province, coast })
    }

    /// A coast after a province: `/sc`, `(sc)`, `sc`, `south coast`. A bare single letter is only a coast
    /// after `/` or `(`, since `s` alone means "supports".
    fn coast(&mut self) -> Result<Option<Coast>, ParseError> {
        if self.next_is(Keyword::Slash) {
            let word = self.peek().ok_or(ParseError::Incomplete("a coast"))?;
            let coast = coast_named(word).ok_or_else(|| ParseError::UnknownCoast(word.to_lowercase()))?;
            self.at += 1;
            self.next_is(Keyword::Coast);
            self.next_is(Keyword::Slash);
            return Ok(Some(coast));
        }
        // Of the words `coast_named` reads, the two-letter ones (`nc`) stand alone, the longer ones
        // (`north`) only before `coast`, and the single letters not at all (`s` is "supports").
        let coast = match self.peek() {
            Some(word) if word.len() == 2 => coast_named(word),
            Some(word)
                if word.len() > 2
                    && self.words.get(self.at + 1).and_then(|next| keyword(next)) == Some(Keyword::Coast) =>
            {
                let coast = coast_named(word);
                if coast.is_some() {
                    self.at += 1;
                }
                coast
            }
            _ => None,
        };
        if coast.is_some() {
            self.at += 1;
        }
        Ok(coast)
    }
}
