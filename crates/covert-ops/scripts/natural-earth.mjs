// How the `includes` column of data/world.csv maps onto Natural Earth's 50m countries (npm
// `world-atlas`). Shared by check-map.mjs (which checks the borders) and mapview's build-world.mjs
// (which draws them), so that both read the map the same way.

/// Natural Earth short names for the names used in the `includes` column, where they differ.
export const NATURAL_EARTH_NAME = {
  "United States": "United States of America",
  "Bosnia and Herzegovina": "Bosnia and Herz.",
  "North Macedonia": "Macedonia",
  "Democratic Republic of the Congo": "Dem. Rep. Congo",
  "Republic of the Congo": "Congo",
  "Equatorial Guinea": "Eq. Guinea",
  "Central African Republic": "Central African Rep.",
  "Ivory Coast": "Côte d'Ivoire",
  "South Sudan": "S. Sudan",
  "Western Sahara": "W. Sahara",
  Eswatini: "eSwatini",
  "East Timor": "Timor-Leste",
  "Vatican City": "Vatican",
  "Dominican Republic": "Dominican Rep.",
};

/// Territories Natural Earth draws apart that belong to one of our countries.
export const EXTRA_MEMBERS = {
  CAM: ["Haiti", "Dominican Rep."],
  CHN: ["Hong Kong", "Macao"],
  IND: ["Siachen Glacier"],
  SOM: ["Somaliland"],
  GRE: ["N. Cyprus"],
  SCA: ["Åland"],
};

/// Real borders the map leaves out on purpose (README "The map": exclaves and overseas territories).
export const IGNORED_BORDERS = new Set(["POL-RUS", "BRA-FRA", "FRA-VEN"]);

/// Reads data/world.csv: `{ code, name, members (Natural Earth names), neighbours }` per country.
export function readWorld(text) {
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [code, name, includes, neighbours] = line.split(",");
      return {
        code,
        name,
        members: includes
          .split(";")
          .filter(Boolean)
          .map((n) => NATURAL_EARTH_NAME[n] ?? n)
          .concat(EXTRA_MEMBERS[code] ?? []),
        neighbours: neighbours.split(";").filter(Boolean),
      };
    });
}
