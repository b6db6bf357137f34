//! Finding provinces by the names players type: keys, full names and common aliases.
//!
//! Every location of every order line is looked up here, often several times (the longest name wins, so
//! `north atlantic ocean` is tried before `north`), so a lookup allocates nothing: the accepted spellings
//! are normalised once, when the map loads, into a hash table, and a typed name is normalised into a
//! buffer on the stack and looked up there.

use super::{Coast, Map, MapError, ProvinceId, RegionId};

/// The longest spelling a map may give a province, in bytes once normalised. A typed name that is longer
/// cannot be one, so the stack buffer a lookup normalises into never needs to grow.
pub(crate) const MAX_NAME_BYTES: usize = 64;

/// The most words a name of `MAX_NAME_BYTES` can have (each word a byte and a space).
const MAX_NAME_WORDS: usize = MAX_NAME_BYTES / 2 + 1;

/// Every accepted spelling of every province, normalised, without repeats.
#[derive(Clone, Debug, Default)]
pub(crate) struct NameIndex {
    by_name: Vec<(Box<[u8]>, ProvinceId)>,
    /// An open-addressing hash table of indexes into `by_name` ([`EMPTY`] where none), a power of two
    /// long and at most a quarter full, so that a lookup hashes a few bytes and compares one name.
    slots: Vec<u16>,
    /// The most words any name has, so that readers know how far to look ahead.
    longest_in_words: usize,
}

const EMPTY: u16 = u16::MAX;

/// FNV-1a: a few instructions a byte, and names are short; the table is built from the map's own data,
/// so there is nobody to choose names that collide.
fn hash(name: &[u8]) -> usize {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in name {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    // The high bits are the best mixed.
    (hash ^ (hash >> 32)) as usize
}

impl NameIndex {
    pub(crate) fn new(aliases: Vec<(String, ProvinceId)>) -> Result<NameIndex, MapError> {
        let mut by_name = Vec::with_capacity(aliases.len());
        let mut longest_in_words = 0;
        for (alias, province) in aliases {
            let mut name = NameBuffer::default();
            if !name.push_text(&alias) {
                return Err(MapError::NameTooLong(alias));
            }
            longest_in_words = longest_in_words.max(name.as_bytes().split(|&byte| byte == b' ').count());
            by_name.push((Box::from(name.as_bytes()), province));
        }
        by_name.sort();
        by_name.dedup();
        if let Some(pair) = by_name.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(MapError::DuplicateName(String::from_utf8_lossy(&pair[0].0).into_owned()));
        }
        if by_name.len() >= usize::from(EMPTY) {
            return Err(MapError::TooManyNames(by_name.len()));
        }
        let mut slots = vec![EMPTY; (by_name.len() * 4).next_power_of_two()];
        let mask = slots.len() - 1;
        for (index, (name, _)) in by_name.iter().enumerate() {
            let mut slot = hash(name) & mask;
            while slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            slots[slot] = index as u16;
        }
        Ok(NameIndex { by_name, slots, longest_in_words })
    }

    fn get(&self, name: &[u8]) -> Option<ProvinceId> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut slot = hash(name) & mask;
        loop {
            let index = self.slots[slot];
            if index == EMPTY {
                return None;
            }
            let (spelling, province) = &self.by_name[usize::from(index)];
            if **spelling == *name {
                return Some(*province);
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// A name being normalised: lower case, `.` dropped, runs of whitespace collapsed to one space, none at
/// either end, so that `St. Petersburg` and `st  petersburg` read alike. Text that would make it longer
/// than [`MAX_NAME_BYTES`] is refused, since no province has such a name.
struct NameBuffer {
    bytes: [u8; MAX_NAME_BYTES],
    len: usize,
    /// Whitespace was seen since the last character: a space goes before the next one, if any comes.
    space_pending: bool,
}

impl Default for NameBuffer {
    fn default() -> NameBuffer {
        NameBuffer { bytes: [0; MAX_NAME_BYTES], len: 0, space_pending: false }
    }
}

impl NameBuffer {
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Adds `text`; `false` when the name would grow too long to be any province's.
    fn push_text(&mut self, text: &str) -> bool {
        for character in text.chars() {
            let fits = if character.is_ascii() {
                self.push_ascii(character as u8)
            } else if character.is_whitespace() {
                self.space_pending = true;
                true
            } else {
                character.to_lowercase().all(|lower| self.push_char(lower))
            };
            if !fits {
                return false;
            }
        }
        true
    }

    /// The same as a word boundary: whitespace between what came before and what comes next.
    fn push_word_break(&mut self) {
        self.space_pending = true;
    }

    fn push_ascii(&mut self, byte: u8) -> bool {
        match byte {
            b'.' => true,
            // The ASCII characters `char::is_whitespace` accepts (`u8::is_ascii_whitespace` leaves out
            // the vertical tab).
            b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' => {
                self.space_pending = true;
                true
            }
            _ => self.push_bytes(&[byte.to_ascii_lowercase()]),
        }
    }

    fn push_char(&mut self, character: char) -> bool {
        if character == '.' {
            return true;
        }
        let mut utf8 = [0; 4];
        self.push_bytes(character.encode_utf8(&mut utf8).as_bytes())
    }

    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        let space = usize::from(self.space_pending && self.len > 0);
        if self.len + space + bytes.len() > MAX_NAME_BYTES {
            return false;
        }
        if space == 1 {
            self.bytes[self.len] = b' ';
        }
        self.bytes[self.len + space..self.len + space + bytes.len()].copy_from_slice(bytes);
        self.len += space + bytes.len();
        self.space_pending = false;
        true
    }
}

/// A coast word in any case: the words [`Coast::parse`] reads, and `coast`. ASCII case folding is enough
/// here, since no other character lowercases to a letter of these words.
fn coast_named(word: &str) -> Option<Coast> {
    const COASTS: [(&str, Coast); 12] = [
        ("nc", Coast::North),
        ("north", Coast::North),
        ("n", Coast::North),
        ("sc", Coast::South),
        ("south", Coast::South),
        ("s", Coast::South),
        ("ec", Coast::East),
        ("east", Coast::East),
        ("e", Coast::East),
        ("wc", Coast::West),
        ("west", Coast::West),
        ("w", Coast::West),
    ];
    COASTS.iter().find(|(name, _)| name.eq_ignore_ascii_case(word)).map(|&(_, coast)| coast)
}

impl Map {
    /// The province with this key, full name or alias (case-insensitive).
    pub fn find_province(&self, name: &str) -> Option<ProvinceId> {
        let mut normalised = NameBuffer::default();
        if !normalised.push_text(name) {
            return None;
        }
        self.names.get(normalised.as_bytes())
    }

    /// Reads a location such as `stp/sc`, `stp (sc)`, `spa nc`, `St. Petersburg south coast` or `lon`.
    /// Returns the province and the coast named, if any.
    pub fn find_location(&self, text: &str) -> Option<(ProvinceId, Option<Coast>)> {
        // A province name and at most two coast words: a text with more words cannot be a location.
        let mut words = [""; MAX_NAME_WORDS + 3];
        let mut count = 0;
        for word in text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '/')).filter(|w| !w.is_empty()) {
            if count == words.len() {
                return None;
            }
            words[count] = word;
            count += 1;
        }
        let words = &words[..count];
        let (province, used) = self.longest_province_prefix(words)?;
        match words[used..] {
            [] => Some((province, None)),
            [coast] => Some((province, Some(coast_named(coast)?))),
            [coast, word] if word.eq_ignore_ascii_case("coast") => Some((province, Some(coast_named(coast)?))),
            _ => None,
        }
    }

    /// The province named by the longest run of leading words, and how many words it took.
    pub fn longest_province_prefix(&self, words: &[&str]) -> Option<(ProvinceId, usize)> {
        // Each run of words is the run before it and one more word, so one buffer holds them all: where
        // each run ends in it is noted, and the runs are then tried longest first.
        let mut name = NameBuffer::default();
        let mut ends = [0; MAX_NAME_WORDS];
        let mut runs = 0;
        for word in words.iter().take(self.names.longest_in_words.min(MAX_NAME_WORDS)) {
            if runs > 0 {
                name.push_word_break();
            }
            if !name.push_text(word) {
                break;
            }
            ends[runs] = name.len;
            runs += 1;
        }
        (1..=runs)
            .rev()
            .find_map(|count| self.names.get(&name.bytes[..ends[count - 1]]).map(|province| (province, count)))
    }

    /// The region for a province and an optional coast, if that coast exists.
    pub fn find_region(&self, text: &str) -> Option<RegionId> {
        let (province, coast) = self.find_location(text)?;
        self.region_with_coast(province, coast)
    }

    /// The power with this name or abbreviation (case-insensitive).
    pub fn find_power(&self, name: &str) -> Option<super::Power> {
        let name = name.trim();
        self.powers()
            .find(|(_, info)| info.name.eq_ignore_ascii_case(name) || info.abbreviation.eq_ignore_ascii_case(name))
            .map(|(power, _)| power)
    }
}
