// Checks data/world.csv against Natural Earth (npm `world-atlas`, public domain): every border the
// map lists must be a real land border between the states its countries stand for, and every real
// land border between two of its countries must be listed, or be a documented exception (README,
// "The map"). The map itself was curated by hand; this script is how it was checked.
//
//   cd crates/covert-ops/scripts && npm ci && node check-map.mjs
//
// Exits 1 when it finds an unexplained difference.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { neighbors } from "topojson-client";
import { IGNORED_BORDERS, readWorld } from "./natural-earth.mjs";

const require = createRequire(import.meta.url);
const atlas = require("world-atlas/countries-50m.json");

const rows = readWorld(readFileSync(new URL("../data/world.csv", import.meta.url), "utf8"));

const geometries = atlas.objects.countries.geometries;
const regionOf = new Map();
for (const row of rows) for (const member of row.members) regionOf.set(member, row.code);

const names = geometries.map((g) => g.properties.name);
const known = new Set(names);
const unknownMembers = rows.flatMap((row) => row.members.filter((m) => !known.has(m)).map((m) => `${row.code}:${m}`));

const realBorders = new Set();
const touching = neighbors(geometries);
touching.forEach((list, i) => {
  for (const j of list) {
    const a = regionOf.get(names[i]);
    const b = regionOf.get(names[j]);
    if (a && b && a !== b) realBorders.add([a, b].sort().join("-"));
  }
});

const listed = new Set(rows.flatMap((row) => row.neighbours.map((n) => [row.code, n].sort().join("-"))));
const invented = [...listed].filter((edge) => !realBorders.has(edge));
const missing = [...realBorders].filter((edge) => !listed.has(edge) && !IGNORED_BORDERS.has(edge));
const ignored = [...realBorders].filter((edge) => IGNORED_BORDERS.has(edge));
const unplaced = names.filter((n) => !regionOf.has(n));

console.log(`countries: ${rows.length}; listed borders: ${listed.size}; Natural Earth borders between them: ${realBorders.size}`);
console.log(`member names not found in Natural Earth (islands too small for it, or typos): ${unknownMembers.join(", ") || "none"}`);
console.log(`Natural Earth states in no country (islands, territories, Antarctica): ${unplaced.join(", ")}`);
console.log(`listed but not a Natural Earth border: ${invented.join(", ") || "none"}`);
console.log(`left out on purpose (exclaves, overseas territories): ${ignored.join(", ")}`);
console.log(`Natural Earth border not listed: ${missing.join(", ") || "none"}`);
process.exitCode = invented.length > 0 || missing.length > 0 ? 1 : 0;
