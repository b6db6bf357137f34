//! The colours of the drawing: one per great power (the familiar board colours, with Russia purple so that
//! its units stand out on the beige land), and the neutral colours of land, sea and borders.

/// How one power is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PowerColour {
    /// Units, arrows and owned supply-center markers.
    pub fill: &'static str,
    /// Letters drawn on `fill`, chosen for contrast.
    pub ink: &'static str,
    /// A light wash for the provinces of owned supply centers, so that labels stay readable.
    pub tint: &'static str,
}

/// Colour of a power by its name on the standard map; any other name (a variant's power, or bad input)
/// gets a neutral grey rather than an error, so that a board is always drawable.
pub fn power_colour(power: &str) -> PowerColour {
    match power {
        "Austria" => PowerColour { fill: "#d2423b", ink: "#ffffff", tint: "#f4c9c5" },
        "England" => PowerColour { fill: "#27479a", ink: "#ffffff", tint: "#c8d2ee" },
        "France" => PowerColour { fill: "#4ea5e2", ink: "#0d2233", tint: "#dcedfa" },
        "Germany" => PowerColour { fill: "#4a4a4a", ink: "#ffffff", tint: "#d3d3d3" },
        "Italy" => PowerColour { fill: "#2f9e4a", ink: "#ffffff", tint: "#c8e9cf" },
        "Russia" => PowerColour { fill: "#7d55a8", ink: "#ffffff", tint: "#e0d3ef" },
        "Turkey" => PowerColour { fill: "#e9c21b", ink: "#2b2300", tint: "#f8edb6" },
        _ => UNKNOWN_POWER,
    }
}

/// A power's colour on a board that may hold a variant's own powers: a bought nation of Terrorism I takes
/// its own colour (from its name, never its buyer), any other unknown power grey.
pub fn colour_on(board: &kinds::kind::Board, power: &str) -> PowerColour {
    match crate::draw::nation_tint(board, power) {
        Some(tint) if power_colour(power) == UNKNOWN_POWER => PowerColour { fill: tint, ink: "#111111", tint },
        _ => power_colour(power),
    }
}

pub const UNKNOWN_POWER: PowerColour = PowerColour { fill: "#9b9b9b", ink: "#111111", tint: "#e4e4e4" };

pub const LAND_FILL: &str = "#efe3c4";
pub const LAND_STROKE: &str = "#8c7448";
pub const SEA_FILL: &str = "#a6c9e6";
pub const SEA_STROKE: &str = "#7fa7cc";
pub const IMPASSABLE_FILL: &str = "#c4c1b8";
pub const IMPASSABLE_STROKE: &str = "#8f8b80";
pub const OUTLINE: &str = "#1b1b1b";
pub const LABEL: &str = "#2b2b2b";
pub const FAILED: &str = "#c0161d";
