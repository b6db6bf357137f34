//! The world map's regions, for finding a country on a phone: a picker grouped by region and buttons
//! that pan the map to one. Every country is in exactly one region (tested).

use super::WorldMapView;

/// The regions, each with its countries' codes, west to east.
const REGIONS: [(&str, &[&str]); 5] = [
    (
        "The Americas",
        &["CAN", "USA", "MEX", "CAM", "COL", "VEN", "ECU", "PER", "BOL", "BRA", "CHI", "PAR", "ARG", "URU"],
    ),
    (
        "Europe",
        &[
            "BRI", "POR", "SPA", "FRA", "BNL", "DEN", "GER", "ITA", "SCA", "AUT", "CZE", "YUG", "POL", "HUN", "GRE",
            "BAL", "ROM", "BUL", "BLR", "UKR",
        ],
    ),
    (
        "Africa",
        &[
            "MOR", "SEN", "IVO", "MLI", "GHA", "ALG", "NGA", "TUN", "NER", "CMR", "NAM", "ANG", "CHA", "LBY", "CAR",
            "CON", "BOT", "SAF", "RHO", "EGY", "SUD", "TAN", "KEN", "MOZ", "ETH", "SOM",
        ],
    ),
    ("The Middle East", &["TUR", "ISR", "JOR", "SYR", "IRQ", "CAU", "SAU", "YEM", "IRN", "GUL"]),
    (
        "Asia and Oceania",
        &[
            "RUS", "CAS", "KAZ", "AFG", "PAK", "IND", "BAN", "MON", "CHN", "BUR", "THA", "IDC", "MAL", "MIC", "KOR",
            "JAP", "IDN", "AUS",
        ],
    ),
];

/// One region and its countries as `(code, name)`, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldRegion {
    pub name: &'static str,
    pub countries: Vec<(String, String)>,
}

impl WorldMapView {
    /// The regions with their countries' names, each region's countries by name; codes the map does not
    /// know are skipped.
    pub fn regions(&self) -> Vec<WorldRegion> {
        REGIONS
            .iter()
            .map(|(name, codes)| {
                let mut countries: Vec<(String, String)> = codes
                    .iter()
                    .filter_map(|code| self.country(code).map(|shape| (shape.code.to_string(), shape.name.clone())))
                    .collect();
                countries.sort_by(|a, b| a.1.cmp(&b.1));
                WorldRegion { name, countries }
            })
            .collect()
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
}
