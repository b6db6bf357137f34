//! Batch mode's output: an [`Answer`] written as one line of compact JSON, byte for byte what
//! `serde_json::to_writer` makes of its `Serialize` implementation (a test holds the two together), but
//! written directly. Through serde, every key and every name went through the JSON string escaper and
//! the serializer's state machine: half of the time of a batch once the rest was fast. Here the keys are
//! constants, and a string is copied as it is unless it holds one of the characters JSON escapes, when
//! serde_json writes it (so the escapes are serde_json's own).

use std::io::{self, Write};

use judge::adjudicate::retreat_options;
use judge::{Dislodged, Map, OrderStatus, Position, ProvinceId, RegionId, Unit, UnitType};

use crate::wire::{Answer, AnsweredLine, centers_by_power};

impl Answer<'_> {
    /// Writes the answer as one line of compact JSON, without the line break.
    pub fn write_compact(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"{")?;
        if let Some(id) = self.id {
            out.write_all(b"\"id\":")?;
            serde_json::to_writer(&mut *out, id)?;
            out.write_all(b",")?;
        }
        out.write_all(b"\"phase\":")?;
        write_str(out, &self.phase.code())?;
        out.write_all(b",\"results\":[")?;
        for (index, line) in self.results.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            write_line(out, self.map, line)?;
        }
        out.write_all(b"],\"next\":")?;
        write_position(out, self.map, &self.next)?;
        out.write_all(b"}")
    }
}

fn write_line(out: &mut impl Write, map: &Map, line: &AnsweredLine) -> io::Result<()> {
    out.write_all(b"{\"order\":")?;
    write_str(out, line.order)?;
    out.write_all(b",\"power\":")?;
    match line.power {
        Some(power) => write_str(out, map.power_name(power))?,
        None => out.write_all(b"null")?,
    }
    out.write_all(match line.status {
        OrderStatus::Succeeds => b",\"result\":\"succeeds\"",
        OrderStatus::Fails(_) => b",\"result\":\"fails\"",
        OrderStatus::Invalid(_) => b",\"result\":\"invalid\"",
    })?;
    let reason = line.status.reason(map);
    if !reason.is_empty() {
        out.write_all(b",\"reason\":")?;
        write_str(out, &reason)?;
    }
    out.write_all(b"}")
}

fn write_position(out: &mut impl Write, map: &Map, position: &Position) -> io::Result<()> {
    out.write_all(b"{\"phase\":")?;
    write_str(out, &position.phase.code())?;
    out.write_all(b",\"units\":[")?;
    for (index, unit) in position.units.iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        write_unit_fields(out, map, unit)?;
        out.write_all(b"}")?;
    }
    out.write_all(b"],\"dislodged\":[")?;
    for (index, dislodged) in position.dislodged.iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        write_dislodged(out, map, position, dislodged)?;
    }
    out.write_all(b"],\"contested\":[")?;
    for (index, &province) in position.contested.iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        write_str(out, map.province_key(province))?;
    }
    out.write_all(b"],\"supply_centers\":")?;
    write_centers(out, map, position)?;
    out.write_all(b"}")
}

/// `{"power":…,"type":…,"at":…`, left open for the dislodged units' further fields.
fn write_unit_fields(out: &mut impl Write, map: &Map, unit: &Unit) -> io::Result<()> {
    out.write_all(b"{\"power\":")?;
    write_str(out, map.power_name(unit.power))?;
    out.write_all(match unit.kind {
        UnitType::Army => b",\"type\":\"A\",\"at\":",
        UnitType::Fleet => b",\"type\":\"F\",\"at\":",
    })?;
    write_region(out, map, unit.region)
}

fn write_dislodged(out: &mut impl Write, map: &Map, position: &Position, dislodged: &Dislodged) -> io::Result<()> {
    write_unit_fields(out, map, &dislodged.unit)?;
    out.write_all(b",\"attacked_from\":")?;
    write_str(out, map.province_key(dislodged.attacked_from))?;
    out.write_all(if dislodged.by_convoy { b",\"by_convoy\":true" } else { b",\"by_convoy\":false" })?;
    out.write_all(b",\"retreats\":[")?;
    for (index, region) in retreat_options(map, position, dislodged).into_iter().enumerate() {
        if index > 0 {
            out.write_all(b",")?;
        }
        write_region(out, map, region)?;
    }
    out.write_all(b"]}")
}

/// Owned centers by power, in the map's order of powers; powers without a center are left out.
fn write_centers(out: &mut impl Write, map: &Map, position: &Position) -> io::Result<()> {
    let owned = centers_by_power(map, position);
    out.write_all(b"{")?;
    let mut first = true;
    for ((_, info), centers) in map.powers().zip(owned).filter(|(_, centers)| !centers.is_empty()) {
        if !std::mem::take(&mut first) {
            out.write_all(b",")?;
        }
        write_str(out, &info.name)?;
        out.write_all(b":[")?;
        for (index, center) in centers.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            write_str(out, map.province_key(ProvinceId(center)))?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"}")
}

/// A region's canonical name, `lon` or `stp/sc`.
fn write_region(out: &mut impl Write, map: &Map, region: RegionId) -> io::Result<()> {
    let info = map.region(region);
    let province = map.province_key(info.province);
    match info.coast {
        Some(coast) if needs_no_escape(province) => {
            out.write_all(b"\"")?;
            out.write_all(province.as_bytes())?;
            out.write_all(b"/")?;
            out.write_all(coast.abbreviation().as_bytes())?;
            out.write_all(b"\"")
        }
        Some(coast) => write_str(out, &format!("{province}/{}", coast.abbreviation())),
        None => write_str(out, province),
    }
}

/// Whether JSON writes the text as it is: serde_json escapes only `"`, `\` and control characters.
/// Every byte is looked at, without stopping at the first that needs an escape (rare), so that the
/// compiler can check many bytes at once.
fn needs_no_escape(text: &str) -> bool {
    text.bytes().fold(true, |plain, byte| plain & (byte >= 0x20) & (byte != b'"') & (byte != b'\\'))
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

#[cfg(test)]
mod tests {
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
    fn the_compact_writer_writes_what_serde_json_writes() {
        let map = Map::standard().expect("the standard map loads");
        for text in REQUESTS {
            let request = Request::from_json(text).expect("a readable request");
            let answer = adjudicate(&map, &request).expect("a possible position");
            let mut written = Vec::new();
            answer.write_compact(&mut written).expect("writing to memory succeeds");
            let expected = serde_json::to_string(&answer).expect("an answer serialises");
            assert_eq!(String::from_utf8(written).expect("UTF-8"), expected, "for {text}");
        }
    }
}
