//! Finding provinces by the names players type: keys, full names and common aliases.
//!
//! Every location of every order line is looked up here, often several times (the longest name wins, so
//! `north atlantic ocean` is tried before `north`), so a lookup allocates nothing: the accepted spellings
//! are normalised once, when the map loads, into a hash table, and a typed name is normalised into a
//! buffer on the stack and looked up there. A name typed as one plain word (`lon`, `STP`: nearly all) is
//! not even normalised: it is looked up as a number, in a second table of the spellings that are one.

use super::{Coast, Map, MapError, ProvinceId, RegionId};

/// The longest spelling a map may give a province, in bytes once normalised. A typed name that is longer
/// cannot be one, so the stack buffer a lookup normalises into never needs to grow.
pub(crate) const MAX_NAME_BYTES: usize = 64;

/// The most words a name of `MAX_NAME_BYTES` can have (each word a byte and a space).
const MAX_NAME_WORDS: usize = MAX_NAME_BYTES / 2 + 1;

/// Every accepted spelling of every province, normalised, without repeats, and the first words of the
/// spellings of more than one word.
#[derive(Clone, Debug, Default)]
pub(crate) struct NameIndex {
    entries: Vec<Entry>,
    /// An open-addressing hash table of indexes into `entries` ([`EMPTY`] where none), a power of two
    /// long and at most a quarter full, so that a lookup hashes a few bytes and compares one name.
    slots: Vec<u16>,
    /// The same for the spellings that are one plain word (see [`plain_key`]), by that key: nearly every
    /// name typed is one (`lon`, `stp`), and is then found by hashing and comparing one number.
    plain_slots: Vec<u16>,
    /// The most words any name has, so that readers know how far to look ahead.
    longest_in_words: usize,
}

/// A normalised spelling: a province's name, the first words of a longer name (`north atlantic` of
/// `north atlantic ocean`), or both.
#[derive(Clone, Debug, Default)]
struct Entry {
    spelling: Box<[u8]>,
    province: Option<ProvinceId>,
    /// Some name is this spelling, a space and more words: a reader looking for the longest name must
    /// read on.
    begins_longer_name: bool,
    /// The spelling's [`plain_key`], if it has one.
    plain_key: Option<u64>,
}

const EMPTY: u16 = u16::MAX;

/// FNV-1a, one byte at a time, so that a name's hash grows with the name as it is normalised and every
/// run of words tried for the longest name gets its hash for free. A few instructions a byte, and names
/// are short; the table is built from the map's own data, so there is nobody to choose names that
/// collide.
const HASH_START: u64 = 0xcbf2_9ce4_8422_2325;

fn hash_step(hash: u64, byte: u8) -> u64 {
    (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
}

/// The slot a hash starts looking at: the high bits are the best mixed.
fn slot_of(hash: u64, mask: usize) -> usize {
    (hash ^ (hash >> 32)) as usize & mask
}

fn hash(name: &[u8]) -> u64 {
    name.iter().fold(HASH_START, |hash, &byte| hash_step(hash, byte))
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
        let entries = entries(by_name);
        if entries.len() >= usize::from(EMPTY) {
            return Err(MapError::TooManyNames(entries.len()));
        }
        let slots = hash_table(entries.iter().map(|entry| Some(hash(&entry.spelling))));
        let plain_slots = hash_table(entries.iter().map(|entry| entry.plain_key.map(plain_hash)));
        Ok(NameIndex { entries, slots, plain_slots, longest_in_words })
    }

    /// The entry spelt as the one plain word whose key is `key`.
    fn get_plain(&self, key: u64) -> Option<&Entry> {
        self.probe(&self.plain_slots, plain_hash(key), |entry| entry.plain_key == Some(key))
    }

    /// The entry spelt `spelling`, whose hash is `hash`.
    fn get(&self, spelling: &[u8], hash: u64) -> Option<&Entry> {
        self.probe(&self.slots, hash, |entry| *entry.spelling == *spelling)
    }

    /// The entry that `is_it`, looked for in `slots` from where `hash` points.
    fn probe(&self, slots: &[u16], hash: u64, is_it: impl Fn(&Entry) -> bool) -> Option<&Entry> {
        if slots.is_empty() {
            return None;
        }
        let mask = slots.len() - 1;
        let mut slot = slot_of(hash, mask);
        loop {
            let index = slots[slot];
            if index == EMPTY {
                return None;
            }
            let entry = &self.entries[usize::from(index)];
            if is_it(entry) {
                return Some(entry);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The province named `name`, whose hash is `hash`.
    fn province(&self, name: &[u8], hash: u64) -> Option<ProvinceId> {
        self.get(name, hash).and_then(|entry| entry.province)
    }
}

/// An open-addressing table of the indexes of the entries that have a hash, each at the first free slot
/// from where its hash points: a power of two long and at most a quarter full.
fn hash_table(hashes: impl ExactSizeIterator<Item = Option<u64>>) -> Vec<u16> {
    let mut slots = vec![EMPTY; (hashes.len() * 4).next_power_of_two()];
    let mask = slots.len() - 1;
    for (index, hash) in hashes.enumerate() {
        let Some(hash) = hash else { continue };
        let mut slot = slot_of(hash, mask);
        while slots[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        slots[slot] = index as u16;
    }
    slots
}

/// A word of only ASCII letters and digits, at most 8 of them, as a number: its bytes lower-cased (which
/// is all that normalising does to such a word), padded with zeros. Two such words read alike exactly
/// when their keys are equal, since no letter or digit is a zero byte.
fn plain_key(word: &[u8]) -> Option<u64> {
    if word.is_empty() || word.len() > 8 {
        return None;
    }
    let mut key = 0;
    for (index, &byte) in word.iter().enumerate() {
        if !byte.is_ascii_alphanumeric() {
            return None;
        }
        key |= u64::from(byte.to_ascii_lowercase()) << (8 * index);
    }
    Some(key)
}

/// A plain key's hash: one multiplication (Fibonacci hashing) mixes its bytes into the high bits.
fn plain_hash(key: u64) -> u64 {
    key.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// One entry per spelling: the names, sorted, and the runs of first words of the longer ones.
fn entries(names: Vec<(Box<[u8]>, ProvinceId)>) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::with_capacity(names.len());
    let mut first_words: Vec<Box<[u8]>> = Vec::new();
    for (spelling, province) in names {
        let spaces = spelling.iter().enumerate().filter(|&(_, &byte)| byte == b' ');
        first_words.extend(spaces.map(|(at, _)| Box::from(&spelling[..at])));
        let plain_key = plain_key(&spelling);
        entries.push(Entry { spelling, province: Some(province), begins_longer_name: false, plain_key });
    }
    first_words.sort();
    first_words.dedup();
    for spelling in first_words {
        match entries.binary_search_by(|entry| entry.spelling.cmp(&spelling)) {
            Ok(found) => entries[found].begins_longer_name = true,
            Err(_) => {
                let plain_key = plain_key(&spelling);
                entries.push(Entry { spelling, province: None, begins_longer_name: true, plain_key });
            }
        }
    }
    entries
}

/// A name being normalised: lower case, `.` dropped, runs of whitespace collapsed to one space, none at
/// either end, so that `St. Petersburg` and `st  petersburg` read alike. Text that would make it longer
/// than [`MAX_NAME_BYTES`] is refused, since no province has such a name.
struct NameBuffer {
    bytes: [u8; MAX_NAME_BYTES],
    len: usize,
    /// The hash of `bytes[..len]`.
    hash: u64,
    /// Whitespace was seen since the last character: a space goes before the next one, if any comes.
    space_pending: bool,
}

impl Default for NameBuffer {
    fn default() -> NameBuffer {
        NameBuffer { bytes: [0; MAX_NAME_BYTES], len: 0, hash: HASH_START, space_pending: false }
    }
}

impl NameBuffer {
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Adds `text`; `false` when the name would grow too long to be any province's.
    fn push_text(&mut self, text: &str) -> bool {
        if text.bytes().all(|byte| byte.is_ascii_alphanumeric()) {
            return self.push_plain(text.as_bytes());
        }
        if text.is_ascii() {
            return text.bytes().all(|byte| self.push_ascii(byte));
        }
        text.chars().all(|character| {
            if character.is_ascii() {
                self.push_ascii(character as u8)
            } else if character.is_whitespace() {
                self.space_pending = true;
                true
            } else {
                let mut utf8 = [0; 4];
                character
                    .to_lowercase()
                    .all(|lower| lower.encode_utf8(&mut utf8).bytes().all(|byte| self.push_byte(byte)))
            }
        })
    }

    /// Adds letters and digits only (nearly every word typed), which normalising only lower-cases: in one
    /// go, without asking of each byte whether it is a space or a dot.
    fn push_plain(&mut self, word: &[u8]) -> bool {
        if word.is_empty() {
            return true;
        }
        if self.space_pending && self.len > 0 && !self.append(b' ') {
            return false;
        }
        self.space_pending = false;
        let Some(to) = self.bytes.get_mut(self.len..self.len + word.len()) else { return false };
        for (to, &from) in to.iter_mut().zip(word) {
            *to = from.to_ascii_lowercase();
            self.hash = hash_step(self.hash, *to);
        }
        self.len += word.len();
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
            _ => self.push_byte(byte.to_ascii_lowercase()),
        }
    }

    /// Adds one byte of a character, after the space owed to whitespace seen before it, if any.
    fn push_byte(&mut self, byte: u8) -> bool {
        if self.space_pending && self.len > 0 && !self.append(b' ') {
            return false;
        }
        self.space_pending = false;
        self.append(byte)
    }

    fn append(&mut self, byte: u8) -> bool {
        let Some(slot) = self.bytes.get_mut(self.len) else { return false };
        *slot = byte;
        self.len += 1;
        self.hash = hash_step(self.hash, byte);
        true
    }
}

/// Whether a word adds nothing to a name: only `.` and whitespace.
fn normalises_to_nothing(word: &str) -> bool {
    word.chars().all(|character| character == '.' || character.is_whitespace())
}

/// A coast word in any case: the words [`Coast::parse`] reads, and `coast`. ASCII case folding is enough
/// here, since no other character lowercases to a letter of these words.
pub(crate) fn coast_named(word: &str) -> Option<Coast> {
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
        self.names.province(normalised.as_bytes(), normalised.hash)
    }

    /// Reads a location such as `stp/sc`, `stp (sc)`, `spa nc`, `St. Petersburg south coast` or `lon`.
    /// Returns the province and the coast named, if any.
    pub fn find_location(&self, text: &str) -> Option<(ProvinceId, Option<Coast>)> {
        // Nearly every location is written `lon` or `stp/sc`: their words are at hand without a search.
        let plain = |word: &str| !word.is_empty() && word.bytes().all(|byte| byte.is_ascii_alphanumeric());
        if plain(text) {
            return self.location_in(&[text]);
        }
        if let Some((province, coast)) = text.split_once('/')
            && plain(province)
            && plain(coast)
        {
            return self.location_in(&[province, coast]);
        }
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
        self.location_in(&words[..count])
    }

    /// The location the words of a location's text name: a province, and a coast if they name one.
    fn location_in(&self, words: &[&str]) -> Option<(ProvinceId, Option<Coast>)> {
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
        let first = words.first()?;
        if let Some(key) = plain_key(first.as_bytes()) {
            let entry = self.names.get_plain(key);
            if !entry.is_some_and(|entry| entry.begins_longer_name) {
                // No name goes on from this word: it is the name, with the words after it that are
                // nothing once normalised, as reading word by word counts them.
                let province = entry?.province?;
                let more_words = self.names.longest_in_words.saturating_sub(1);
                let nothing = words[1..].iter().take(more_words).take_while(|word| normalises_to_nothing(word));
                return Some((province, 1 + nothing.count()));
            }
        }
        self.longest_prefix_word_by_word(words)
    }

    /// [`Map::longest_province_prefix`] for any words.
    fn longest_prefix_word_by_word(&self, words: &[&str]) -> Option<(ProvinceId, usize)> {
        // Each run of words is the run before it and one more word, so one buffer holds them all, and
        // the runs are tried shortest first: the last that names a province is the longest. Once no
        // name goes on from the run read so far, a longer run can only be a name by adding words that
        // are nothing once normalised (a lone `.`), and then it is the same name.
        let mut name = NameBuffer::default();
        let mut found = None;
        let mut no_name_goes_on = false;
        for (index, word) in words.iter().take(self.names.longest_in_words).enumerate() {
            if no_name_goes_on && !normalises_to_nothing(word) {
                break;
            }
            if index > 0 {
                name.push_word_break();
            }
            if !name.push_text(word) {
                break;
            }
            let entry = self.names.get(name.as_bytes(), name.hash);
            if let Some(province) = entry.and_then(|entry| entry.province) {
                found = Some((province, index + 1));
            }
            no_name_goes_on = name.len > 0 && !entry.is_some_and(|entry| entry.begins_longer_name);
        }
        found
    }

    /// The region for a province and an optional coast, if that coast exists.
    pub fn find_region(&self, text: &str) -> Option<RegionId> {
        let (province, coast) = self.find_location(text)?;
        self.region_with_coast(province, coast)
    }

    /// The power with this name or abbreviation (case-insensitive).
    pub fn find_power(&self, name: &str) -> Option<super::Power> {
        // Every order line that names its power comes here: a name typed without spaces around it
        // (nearly all) skips the search for whitespace at its ends.
        let plain_ends = |byte: Option<&u8>| byte.is_some_and(u8::is_ascii_alphanumeric);
        let name =
            if plain_ends(name.as_bytes().first()) && plain_ends(name.as_bytes().last()) { name } else { name.trim() };
        // Names are mostly typed as the map spells them, which a plain comparison finds quickest.
        let index =
            self.powers.iter().position(|info| info.name == name || info.abbreviation == name).or_else(|| {
                self.powers.iter().position(|info| {
                    info.name.eq_ignore_ascii_case(name) || info.abbreviation.eq_ignore_ascii_case(name)
                })
            })?;
        Some(super::Power(index as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut for a plain first word finds what reading word by word finds: for every spelling of
    /// the map, its first words alone, words of no name, and each followed by other words.
    #[test]
    fn a_plain_first_word_reads_as_word_by_word() {
        let map = Map::standard().expect("the standard map loads");
        let mut spellings: Vec<String> =
            map.names.entries.iter().map(|entry| String::from_utf8_lossy(&entry.spelling).into_owned()).collect();
        spellings.extend(["LON", "Stp", "nth2", "xyz", "a", "abcdefghi", "North", "mid-atlantic"].map(String::from));
        let rests: [&[&str]; 6] = [&[], &["."], &[".", "", "sc"], &["-", "bur"], &["atlantic", "ocean"], &["sea"]];
        for spelling in &spellings {
            let name: Vec<&str> = spelling.split(' ').collect();
            for first_words in 1..=name.len() {
                for rest in rests {
                    let line: Vec<&str> = name[..first_words].iter().chain(rest).copied().collect();
                    let word_by_word = map.longest_prefix_word_by_word(&line);
                    assert_eq!(map.longest_province_prefix(&line), word_by_word, "{line:?}");
                }
            }
        }
    }
}
