//! The world map's regions, for finding a country on a phone: a picker grouped by region and links
//! that pan the map to one (with JavaScript) or draw that region alone (without). Every country is in
//! exactly one region (tested).

use super::{WORLD_HEIGHT, WORLD_WIDTH, WorldMapView};

/// The regions, each with its key (for a page's address), name and countries' codes, west to east.
const REGIONS: [(&str, &str, &[&str]); 5] = [
    (
        "americas",
        "The Americas",
        &["CAN", "USA", "MEX", "CAM", "COL", "VEN", "ECU", "PER", "BOL", "BRA", "CHI", "PAR", "ARG", "URU"],
    ),
    (
        "europe",
        "Europe",
        &[
            "BRI", "POR", "SPA", "FRA", "BNL", "DEN", "GER", "ITA", "SCA", "AUT", "CZE", "YUG", "POL", "HUN", "GRE",
            "BAL", "ROM", "BUL", "BLR", "UKR",
        ],
    ),
    (
        "africa",
        "Africa",
        &[
            "MOR", "SEN", "IVO", "MLI", "GHA", "ALG", "NGA", "TUN", "NER", "CMR", "NAM", "ANG", "CHA", "LBY", "CAR",
            "CON", "BOT", "SAF", "RHO", "EGY", "SUD", "TAN", "KEN", "MOZ", "ETH", "SOM",
        ],
    ),
    ("middle-east", "The Middle East", &["TUR", "ISR", "JOR", "SYR", "IRQ", "CAU", "SAU", "YEM", "IRN", "GUL"]),
    (
        "asia",
        "Asia and Oceania",
        &[
            "RUS", "CAS", "KAZ", "AFG", "PAK", "IND", "BAN", "MON", "CHN", "BUR", "THA", "IDC", "MAL", "MIC", "KOR",
            "JAP", "IDN", "AUS",
        ],
    ),
];

/// Room left around a region's countries when it is drawn alone, in map units.
const REGION_MARGIN: f64 = 4.0;

/// One region and its countries as `(code, name)`, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldRegion {
    /// `europe`: how a page's address names it.
    pub key: &'static str,
    pub name: &'static str,
    pub countries: Vec<(String, String)>,
}

impl WorldMapView {
    /// The regions with their countries' names, each region's countries by name; codes the map does not
    /// know are skipped.
    pub fn regions(&self) -> Vec<WorldRegion> {
        REGIONS
            .iter()
            .map(|(key, name, codes)| {
                let mut countries: Vec<(String, String)> = codes
                    .iter()
                    .filter_map(|code| self.country(code).map(|shape| (shape.code.to_string(), shape.name.clone())))
                    .collect();
                countries.sort_by(|a, b| a.1.cmp(&b.1));
                WorldRegion { key, name, countries }
            })
            .collect()
    }

    /// The box around the region's countries (`x, y, width, height`, with a margin, on the canvas), for
    /// drawing it alone; `None` for a key that names no region.
    pub fn region_frame(&self, key: &str) -> Option<(f64, f64, f64, f64)> {
        let (_, _, codes) = REGIONS.iter().find(|(known, _, _)| *known == key)?;
        let points =
            codes.iter().filter_map(|code| self.country(code)).flat_map(|shape| shape.rings().iter().flatten());
        let (left, top, right, bottom) = points.fold(
            (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY),
            |(left, top, right, bottom), point| {
                (left.min(point.x), top.min(point.y), right.max(point.x), bottom.max(point.y))
            },
        );
        let left = (left - REGION_MARGIN).max(0.0);
        let top = (top - REGION_MARGIN).max(0.0);
        let right = (right + REGION_MARGIN).min(WORLD_WIDTH);
        let bottom = (bottom + REGION_MARGIN).min(WORLD_HEIGHT);
        (right > left && bottom > top).then_some((left, top, right - left, bottom - top))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_country_of_the_map_is_in_exactly_one_region() {
        let view = WorldMapView::new().unwrap();
        let listed: Vec<String> =
            view.regions().into_iter().flat_map(|region| region.countries.into_iter().map(|(code, _)| code)).collect();
        assert_eq!(listed.len(), view.countries().len(), "every listed code is a country, none twice");
        for shape in view.countries() {
            assert_eq!(listed.iter().filter(|code| **code == shape.code.to_string()).count(), 1, "{}", shape.code);
        }
    }

    #[test]
    fn a_region_drawn_alone_frames_its_countries_and_no_more() {
        let view = WorldMapView::new().unwrap();
        let (x, y, width, height) = view.region_frame("europe").expect("Europe is a region");
        let inside = |code: &str| {
            let label = view.country(code).unwrap().label;
            (x..x + width).contains(&label.x) && (y..y + height).contains(&label.y)
        };
        assert!(inside("DEN") && inside("POR") && inside("UKR") && !inside("USA") && !inside("CHN"));
        assert!(width < 200.0, "Europe is {width} units wide, a fifth of the world at most");
        for region in view.regions() {
            assert!(view.region_frame(region.key).is_some(), "{} has a frame", region.name);
        }
        assert_eq!(view.region_frame("atlantis"), None);
    }
}
