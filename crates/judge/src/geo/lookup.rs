//! Finding provinces by the names players type: keys, full names and common aliases.

use std::collections::HashMap;

use super::{Coast, Map, MapError, ProvinceId, RegionId};

/// Every accepted spelling of every province, lower-cased.
#[derive(Clone, Debug, Default)]
pub(crate) struct NameIndex {
    by_name: HashMap<String, ProvinceId>,
    /// The most words any name has, so that readers know how far to look ahead.
    longest_in_words: usize,
}

impl NameIndex {
    pub(crate) fn new(aliases: Vec<(String, ProvinceId)>) -> Result<NameIndex, MapError> {
        let mut index = NameIndex::default();
        for (name, province) in aliases {
            let name = normalise(&name);
            index.longest_in_words = index.longest_in_words.max(name.split(' ').count());
            match index.by_name.insert(name.clone(), province) {
                Some(other) if other != province => return Err(MapError::DuplicateName(name)),
                _ => {}
            }
        }
        Ok(index)
    }
}

/// Lower case, `.` dropped, runs of spaces collapsed: `St. Petersburg` and `st  petersburg` read alike.
fn normalise(name: &str) -> String {
    name.to_lowercase().replace('.', "").split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Map {
    /// The province with this key, full name or alias (case-insensitive).
    pub fn find_province(&self, name: &str) -> Option<ProvinceId> {
        self.names.by_name.get(&normalise(name)).copied()
    }

    /// Reads a location such as `stp/sc`, `stp (sc)`, `spa nc`, `St. Petersburg south coast` or `lon`.
    /// Returns the province and the coast named, if any.
    pub fn find_location(&self, text: &str) -> Option<(ProvinceId, Option<Coast>)> {
        let text = text.to_lowercase().replace(['(', ')', '/'], " ");
        let words: Vec<&str> = text.split_whitespace().collect();
        let (province, used) = self.longest_province_prefix(&words)?;
        match &words[used..] {
            [] => Some((province, None)),
            [coast] | [coast, "coast"] => Some((province, Some(Coast::parse(coast)?))),
            _ => None,
        }
    }

    /// The province named by the longest run of leading words, and how many words it took.
    pub fn longest_province_prefix(&self, words: &[&str]) -> Option<(ProvinceId, usize)> {
        (1..=words.len().min(self.names.longest_in_words))
            .rev()
            .find_map(|count| self.find_province(&words[..count].join(" ")).map(|province| (province, count)))
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
