//! Batch mode's output: an [`Answer`] written as one line of compact JSON, byte for byte what
//! `serde_json::to_writer` makes of its `Serialize` implementation (a test holds the two together), but
//! written directly. Through serde, every key and every name went through the JSON string escaper and
//! the serializer's state machine: half of the time of a batch once the rest was fast. Here the keys are
//! constants, the map's names are written as JSON strings once, when the writer is made, and other text
//! (order lines, reasons, which may quote what a player typed) is copied as it is unless it holds a
//! character JSON escapes, when serde_json writes it (so the escapes are serde_json's own).

use std::io::{self, Write};

use judge::adjudicate::retreat_options;
use judge::{Dislodged, Map, OrderStatus, Phase, Position, Power, ProvinceId, RegionId, Unit, UnitType};

use crate::wire::{Answer, AnsweredLine, centers_by_power};

/// Writes the answers of one map.
pub struct CompactWriter<'m> {
    map: &'m Map,
    /// The map's names as JSON strings, quoted and escaped, by id: an answer writes a few hundred.
    provinces: Vec<Box<[u8]>>,
    /// `"lon"`, `"stp/sc"`.
    regions: Vec<Box<[u8]>>,
    powers: Vec<Box<[u8]>>,
}

impl<'m> CompactWriter<'m> {
    pub fn new(map: &'m Map) -> CompactWriter<'m> {
        CompactWriter {
            map,
            provinces: map.provinces().map(|(_, province)| json_string(&province.key)).collect(),
            regions: map.regions().map(|(region, _)| json_string(&map.region_key(region))).collect(),
            powers: map.powers().map(|(_, power)| json_string(&power.name)).collect(),
        }
    }

    pub fn map(&self) -> &'m Map {
        self.map
    }

    /// Writes the answer as one line of compact JSON, without the line break.
    pub fn write(&self, answer: &Answer, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"{")?;
        if let Some(id) = answer.id {
            out.write_all(b"\"id\":")?;
            serde_json::to_writer(&mut *out, id)?;
            out.write_all(b",")?;
        }
        out.write_all(b"\"phase\":")?;
        write_phase(out, answer.phase)?;
        out.write_all(b",\"results\":[")?;
        for (index, line) in answer.results.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            self.write_line(out, line)?;
        }
        out.write_all(b"],\"next\":")?;
        self.write_position(out, &answer.next)?;
        out.write_all(b"}")
    }

    fn write_province(&self, out: &mut impl Write, province: ProvinceId) -> io::Result<()> {
        out.write_all(&self.provinces[usize::from(province.0)])
    }

    /// A region's canonical name, `lon` or `stp/sc`.
    fn write_region(&self, out: &mut impl Write, region: RegionId) -> io::Result<()> {
        out.write_all(&self.regions[usize::from(region.0)])
    }

    fn write_power(&self, out: &mut impl Write, power: Power) -> io::Result<()> {
        out.write_all(&self.powers[usize::from(power.0)])
    }

    fn write_line(&self, out: &mut impl Write, line: &AnsweredLine) -> io::Result<()> {
        out.write_all(b"{\"order\":")?;
        write_str(out, line.order)?;
        out.write_all(b",\"power\":")?;
        match line.power {
            Some(power) => self.write_power(out, power)?,
            None => out.write_all(b"null")?,
        }
        out.write_all(match line.status {
            OrderStatus::Succeeds => b",\"result\":\"succeeds\"",
            OrderStatus::Fails(_) => b",\"result\":\"fails\"",
            OrderStatus::Invalid(_) => b",\"result\":\"invalid\"",
        })?;
        let reason = line.status.reason(self.map);
        if !reason.is_empty() {
            out.write_all(b",\"reason\":")?;
            write_str(out, &reason)?;
        }
        out.write_all(b"}")
    }

    fn write_position(&self, out: &mut impl Write, position: &Position) -> io::Result<()> {
        out.write_all(b"{\"phase\":")?;
        write_phase(out, position.phase)?;
        out.write_all(b",\"units\":[")?;
        for (index, unit) in position.units.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            self.write_unit_fields(out, unit)?;
            out.write_all(b"}")?;
        }
        out.write_all(b"],\"dislodged\":[")?;
        for (index, dislodged) in position.dislodged.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            self.write_dislodged(out, position, dislodged)?;
        }
        out.write_all(b"],\"contested\":[")?;
        for (index, &province) in position.contested.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            self.write_province(out, province)?;
        }
        out.write_all(b"],\"supply_centers\":")?;
        self.write_centers(out, position)?;
        out.write_all(b"}")
    }

    /// `{"power":…,"type":…,"at":…`, left open for the dislodged units' further fields.
    fn write_unit_fields(&self, out: &mut impl Write, unit: &Unit) -> io::Result<()> {
        out.write_all(b"{\"power\":")?;
        self.write_power(out, unit.power)?;
        out.write_all(match unit.kind {
            UnitType::Army => b",\"type\":\"A\",\"at\":",
            UnitType::Fleet => b",\"type\":\"F\",\"at\":",
        })?;
        self.write_region(out, unit.region)
    }

    fn write_dislodged(&self, out: &mut impl Write, position: &Position, dislodged: &Dislodged) -> io::Result<()> {
        self.write_unit_fields(out, &dislodged.unit)?;
        out.write_all(b",\"attacked_from\":")?;
        self.write_province(out, dislodged.attacked_from)?;
        out.write_all(if dislodged.by_convoy { b",\"by_convoy\":true" } else { b",\"by_convoy\":false" })?;
        out.write_all(b",\"retreats\":[")?;
        for (index, region) in retreat_options(self.map, position, dislodged).into_iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            self.write_region(out, region)?;
        }
        out.write_all(b"]}")
    }

    /// Owned centers by power, in the map's order of powers; powers without a center are left out.
    fn write_centers(&self, out: &mut impl Write, position: &Position) -> io::Result<()> {
        let owned = centers_by_power(self.map, position);
        out.write_all(b"{")?;
        let mut first = true;
        for ((power, _), centers) in self.map.powers().zip(owned).filter(|(_, centers)| !centers.is_empty()) {
            if !std::mem::take(&mut first) {
                out.write_all(b",")?;
            }
            self.write_power(out, power)?;
            out.write_all(b":[")?;
            for (index, center) in centers.iter().enumerate() {
                if index > 0 {
                    out.write_all(b",")?;
                }
                self.write_province(out, ProvinceId(center))?;
            }
            out.write_all(b"]")?;
        }
        out.write_all(b"}")
    }
}

/// Whether JSON writes the text as it is: serde_json escapes only `"`, `\\` and control characters.
/// Every byte is looked at, without stopping at the first that needs an escape (rare), so that the
/// compiler can check many bytes at once.
fn needs_no_escape(text: &str) -> bool {
    text.bytes().fold(true, |plain, byte| plain & (byte >= 0x20) & (byte != b'"') & (byte != b'\\'))
}

/// A phase's code (`"S1901M"`: letters and digits, nothing to escape), formatted straight into `out`.
fn write_phase(out: &mut impl Write, phase: Phase) -> io::Result<()> {
    write!(out, "\"{phase}\"")
}

/// `text` as a JSON string.
fn write_str(out: &mut impl Write, text: &str) -> io::Result<()> {
    if needs_no_escape(text) {
        out.write_all(b"\"")?;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\"")
    } else {
        serde_json::to_writer(&mut *out, text).map_err(io::Error::from)
    }
}

/// `text` as a JSON string, ready to be copied into every answer.
fn json_string(text: &str) -> Box<[u8]> {
    serde_json::to_vec(text).expect("a string always serialises").into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::CompactWriter;
    use crate::adjudication::adjudicate;
    use crate::wire::Request;
    use judge::Map;

    /// Answers with every field there is: an id to echo, failures and invalid lines with reasons that
    /// need escaping, a dislodged unit with retreats, a contested province, a coast, no power at all.
    const REQUESTS: [&str; 4] = [
        r#"{"id": [1, {"b": null, "a": "\"quoted\""}], "phase": "S1901M",
            "orders": ["A sil - ber", "A pru S A sil - ber", "F kie - hol", "non\"sense\\", "Waive", "A mun - \u0001"],
            "units": [{"power": "Germany", "type": "A", "at": "ber"}, {"power": "Russia", "type": "A", "at": "sil"},
                      {"power": "Russia", "type": "A", "at": "pru"}, {"power": "Germany", "type": "F", "at": "kie"},
                      {"power": "Russia", "type": "F", "at": "stp/sc"}, {"power": "Germany", "type": "A", "at": "mun"}],
            "supply_centers": {"Germany": ["ber", "kie", "mun"], "Russia": ["stp", "war"]}}"#,
        r#"{"phase": "F1901R", "units": [{"power": "Russia", "type": "A", "at": "ber"}],
            "dislodged": [{"power": "Germany", "type": "F", "at": "ber", "attacked_from": "pru", "by_convoy": true}],
            "contested": ["kie"], "orders": ["F ber R bal", "F ber - kie"]}"#,
        r#"{"id": null, "phase": "W1901A", "units": [], "supply_centers": {}, "orders": ["Build A par"]}"#,
        r#"{"id": 7, "phase": "S1901M", "units": [{"power": "France", "type": "F", "at": "mao"}], "orders": ["F mao - spa/nc"]}"#,
    ];

    #[test]
    fn text_needs_an_escape_exactly_when_serde_json_escapes_it() {
        let characters = (0..=0x7f_u8).map(char::from).chain(['\u{80}', 'é', '\u{2028}', '€', '😀']);
        for character in characters {
            for at in 0..20 {
                let text: String =
                    "abcdefghijklmnopqrs".chars().take(at).chain([character]).chain("tuvwxyz".chars()).collect();
                let escaped = serde_json::to_string(&text).expect("a string serialises");
                let plain = escaped == format!("\"{text}\"");
                assert_eq!(super::needs_no_escape(&text), plain, "{character:?} at {at}");
            }
        }
    }

    #[test]
    fn the_compact_writer_writes_what_serde_json_writes() {
        let map = Map::standard().expect("the standard map loads");
        for text in REQUESTS {
            let request = Request::from_json(text).expect("a readable request");
            let answer = adjudicate(&map, &request).expect("a possible position");
            let mut written = Vec::new();
            CompactWriter::new(&map).write(&answer, &mut written).expect("writing to memory succeeds");
            let expected = serde_json::to_string(&answer).expect("an answer serialises");
            assert_eq!(String::from_utf8(written).expect("UTF-8"), expected, "for {text}");
        }
    }
}
