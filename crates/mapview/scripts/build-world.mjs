// Generates the Covert Operations world map's country shapes from Natural Earth's 50m countries (npm
// `world-atlas`, public domain) and checks them against the game's map (crates/covert-ops/data/world.csv).
// The result is committed; the Rust crate only reads it.
//
//   cd crates/mapview/scripts && npm ci && node build-world.mjs [--preview /tmp/world.svg]
//
// How: each of the game's 88 countries is the union of the Natural Earth states its `includes` column
// names (read the same way as crates/covert-ops/scripts/check-map.mjs, through its natural-earth.mjs),
// plus the small islands listed in DRAWN_MEMBERS below (the groups the column names that Natural Earth
// splits into many states: the Lesser Antilles, Melanesia, Polynesia). Parts of a state far from its
// mainland are overseas territories, which the game ignores (README of covert-ops, "The map"): they are
// drawn as unplayed land, except the ones REASSIGNED to the country that stands for them (French Guiana
// is Venezuela's, "the Guianas"). Kaliningrad is unplayed land too, so Russia does not touch Poland.
// States in no country (Greenland, the Falklands, ...) are drawn as unplayed land; Antarctica is left out.
//
// The topology is simplified (topojson-simplify, shared borders simplified once, so neighbours still
// meet), projected (Natural Earth projection, centred on 11°E so that Russia is not cut at the
// antimeridian) onto a WIDTH-wide canvas cropped to the inhabited latitudes.
//
// Writes ../data/world-countries.csv (`key,kind,label_x,label_y,d`: one SVG path per country (`kind`
// `country`), then the unplayed land (`unplayed`)) and ../data/world-links.csv (`a,b,kind`: every pair
// of neighbouring countries of the game's map, `land` where the drawing shows a shared border, `sea`
// where the game lets troops cross water and the page draws a dashed line between the two labels).
// Labels stand at each country's pole of inaccessibility (npm `polylabel`) unless LABELS moves them.
//
// Checks (exit 1 without writing): every country has a shape; two countries share a drawn border
// (longer than MIN_BORDER) exactly when the game's map makes them neighbours, or the pair is listed in
// SEA_LINKS (and then they must not share a border); every label lies inside its country.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoArea, geoCentroid, geoContains, geoDistance, geoNaturalEarth1, geoStream } from "d3-geo";
import { feature, merge } from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import polylabel from "polylabel";
import { readWorld } from "../../covert-ops/scripts/natural-earth.mjs";

const require = createRequire(import.meta.url);
const atlas = require("world-atlas/countries-50m.json");

const WIDTH = 1000;
/// Latitudes kept on the canvas: Cape Horn to the north of Greenland.
const SOUTH = -56.5;
const NORTH = 84;
/// Spherical-area weight (steradians) below which topojson-simplify drops a point.
const MIN_WEIGHT = 0.05;
/// The smallest island kept, in square canvas pixels.
const MIN_ISLAND = 1;
/// Shared border (canvas pixels) below which two countries only touch at a corner.
const MIN_BORDER = 1;
/// A part of a state farther than this from its largest part (radians) is an overseas territory.
const OVERSEAS = 1.05;

/// Small states that Natural Earth draws and the game's `includes` column names only as a group.
const DRAWN_MEMBERS = {
  CAM: [
    "Puerto Rico", "Bahamas", "Cayman Is.", "Turks and Caicos Is.", "U.S. Virgin Is.", "British Virgin Is.",
    "Anguilla", "St-Martin", "Sint Maarten", "St-Barthélemy", "St. Kitts and Nevis", "Antigua and Barb.",
    "Montserrat", "Dominica", "Saint Lucia", "St. Vin. and Gren.", "Barbados", "Grenada", "Trinidad and Tobago",
    "Aruba", "Curaçao",
  ],
  MIC: [
    "Vanuatu", "Solomon Is.", "Fiji", "New Caledonia", "Samoa", "American Samoa", "Tonga", "Fr. Polynesia",
    "Cook Is.", "Niue", "Wallis and Futuna Is.", "Kiribati", "Nauru", "Marshall Is.", "Palau", "Guam",
    "N. Mariana Is.", "Pitcairn Is.",
  ],
};
/// Overseas parts that belong to the country standing for them: `state`, a lon/lat inside, the country.
const REASSIGNED = [{ state: "France", near: [-53, 4], code: "VEN" }];
/// Exclaves that the game ignores, drawn as unplayed land though near their state's mainland.
const EXCLAVES = [{ state: "Russia", near: [20.5, 54.7] }];
/// Neighbours whose border crosses water: the page draws a dashed line between them. None today: every
/// border of the game's map is a land (or lake) border in Natural Earth.
const SEA_LINKS = [];
/// Labels moved by hand where the pole of inaccessibility crowds a neighbour's: code, lon, lat.
const LABELS = { JOR: [37.4, 30.4] };

const args = process.argv.slice(2);
const preview = args.includes("--preview") ? args[args.indexOf("--preview") + 1] : null;
const here = (name) => new URL(name, import.meta.url);
const world = readWorld(readFileSync(here("../../covert-ops/data/world.csv"), "utf8"));
const codes = new Set(world.map((country) => country.code));
const pair = (a, b) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const adjacent = new Set(world.flatMap((country) => country.neighbours.map((n) => pair(country.code, n))));
const failures = [];
const fail = (message) => failures.push(message);

// ---- which country each part of each state belongs to ------------------------------------------------

const topology = simplify(presimplify(atlas), MIN_WEIGHT);
const countryOf = new Map();
for (const country of world) for (const member of country.members) countryOf.set(member, country.code);
for (const [code, members] of Object.entries(DRAWN_MEMBERS)) for (const member of members) countryOf.set(member, code);

/// Every polygon of every state as its own topology geometry, with the country it is drawn in (or null).
const parts = [];
for (const geometry of topology.objects.countries.geometries) {
  const name = geometry.properties.name;
  if (name === "Antarctica") continue;
  const polygons = geometry.type === "Polygon" ? [geometry.arcs] : geometry.type === "MultiPolygon" ? geometry.arcs : [];
  const shapes = polygons.map((arcs) => ({ type: "Polygon", arcs, state: name }));
  const features = shapes.map((shape) => feature(topology, shape));
  const centroids = features.map((f) => geoCentroid(f));
  const areas = features.map((f) => geoArea(f));
  const mainland = centroids[areas.indexOf(Math.max(...areas))];
  shapes.forEach((shape, index) => {
    const inside = (near) => geoContains(features[index], near);
    const reassigned = REASSIGNED.find((r) => r.state === name && inside(r.near));
    const exclave = EXCLAVES.some((e) => e.state === name && inside(e.near));
    const overseas = geoDistance(centroids[index], mainland) > OVERSEAS;
    const code = reassigned ? reassigned.code : exclave || overseas ? null : (countryOf.get(name) ?? null);
    parts.push({ ...shape, code });
  });
}
for (const country of world) {
  for (const member of country.members) {
    if (!parts.some((part) => part.state === member)) console.log(`note: ${country.code}'s ${member} is not a Natural Earth state`);
  }
}

// ---- projection ---------------------------------------------------------------------------------------

const projection = geoNaturalEarth1().rotate([-11, 0]).fitWidth(WIDTH, { type: "Sphere" });
const top = projection([0, NORTH])[1];
const bottom = projection([0, SOUTH])[1];
projection.translate([projection.translate()[0], projection.translate()[1] - top]);
const HEIGHT = Math.ceil(bottom - top);

/// Projects a GeoJSON geometry through d3's stream (which cuts rings at the antimeridian) into rings
/// of canvas points.
function projectRings(geometry) {
  const rings = [];
  let ring = null;
  const sink = {
    point(x, y) {
      ring.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
    },
    lineStart() {
      ring = [];
    },
    lineEnd() {
      const clean = ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1][0] || p[1] !== ring[i - 1][1]);
      if (clean.length >= 3) rings.push(clean);
    },
    polygonStart() {},
    polygonEnd() {},
    sphere() {},
  };
  const stream = projection.stream(sink);
  geoStream(geometry, stream);
  return rings;
}

// ---- shapes -------------------------------------------------------------------------------------------

const projectedParts = parts
  .map((part) => ({ ...part, rings: projectRings(feature(topology, part).geometry) }))
  .filter((part) => part.rings.length > 0 && Math.abs(ringArea(part.rings[0])) >= MIN_ISLAND);
const kept = new Set(projectedParts);

const shapes = [];
for (const country of world) {
  const mine = projectedParts.filter((part) => part.code === country.code);
  if (mine.length === 0) {
    fail(`${country.code} has no shape`);
    continue;
  }
  const geometry = merge(topology, mine);
  const rings = projectRings(geometry);
  const biggest = largestPolygon(geometry);
  const override = LABELS[country.code];
  const label = override ? projection(override) : polylabel(biggest, 0.5);
  shapes.push({ key: country.code, kind: "country", rings, label: label.map((v) => Math.round(v * 10) / 10) });
}
const unplayed = projectedParts.filter((part) => part.code === null);
if (unplayed.length > 0) {
  shapes.push({ key: "unplayed", kind: "unplayed", rings: projectRings(merge(topology, unplayed)), label: [0, 0] });
}

/// The largest polygon of a merged geometry, projected, as polylabel wants it (outer ring, then holes).
function largestPolygon(geometry) {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  let best = null;
  let bestArea = -1;
  for (const polygon of polygons) {
    const rings = projectRings({ type: "Polygon", coordinates: polygon });
    if (rings.length === 0) continue;
    const area = Math.abs(ringArea(rings[0]));
    if (area > bestArea) [best, bestArea] = [rings, area];
  }
  return best;
}

function ringArea(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [a, b] = [ring[i], ring[(i + 1) % ring.length]];
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum / 2;
}

// ---- checks -------------------------------------------------------------------------------------------

/// Drawn borders: the length on the canvas of every arc two kept parts of different countries share.
const users = new Map();
for (const part of kept) {
  for (const ring of part.arcs) {
    for (const arc of ring) {
      const index = arc < 0 ? ~arc : arc;
      if (!users.has(index)) users.set(index, new Set());
      users.get(index).add(part.code ?? "unplayed");
    }
  }
}
const drawn = new Map();
for (const [index, owners] of users) {
  const list = [...owners].filter((code) => code !== "unplayed");
  if (list.length !== 2) continue;
  const key = pair(list[0], list[1]);
  const length = projectedLength(arcCoordinates(index));
  drawn.set(key, (drawn.get(key) ?? 0) + length);
}

function projectedLength(points) {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [projection(points[i - 1]), projection(points[i])];
    length += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return length;
}

function arcCoordinates(index) {
  return feature(topology, { type: "LineString", arcs: [index] }).geometry.coordinates;
}

const seaLinks = new Set(SEA_LINKS.map(([a, b]) => pair(a, b)));
const links = [];
for (const key of adjacent) {
  const length = drawn.get(key) ?? 0;
  if (seaLinks.has(key)) {
    if (length > 0) fail(`${key} is listed as a sea link but shares a drawn border`);
    links.push([...key.split("-"), "sea"]);
  } else if (length >= MIN_BORDER) {
    links.push([...key.split("-"), "land"]);
  } else {
    fail(`${key} are neighbours but their drawn border is ${length.toFixed(2)} px`);
  }
}
for (const [key, length] of drawn) {
  if (!adjacent.has(key) && length > 0) fail(`${key} share a drawn border (${length.toFixed(2)} px) but are not neighbours`);
}
for (const shape of shapes.filter((s) => s.kind === "country")) {
  if (!insideEvenOdd(shape.label, shape.rings)) fail(`${shape.key}'s label ${shape.label} is outside it`);
}
for (const code of codes) if (!shapes.some((shape) => shape.key === code)) fail(`${code} has no shape`);

function insideEvenOdd([x, y], rings) {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

// ---- output -------------------------------------------------------------------------------------------

const path = (rings) =>
  rings
    .map((ring) => {
      const [first, ...rest] = ring;
      const deltas = [];
      let at = first;
      for (const p of rest) {
        deltas.push(`${fmt(p[0] - at[0])} ${fmt(p[1] - at[1])}`);
        at = p;
      }
      return `M${fmt(first[0])} ${fmt(first[1])}l${deltas.join(" ")}z`;
    })
    .join("");
const fmt = (v) => String(Math.round(v * 10) / 10);

console.log(`canvas ${WIDTH}x${HEIGHT}; ${shapes.length} shapes; ${links.length} links (${links.filter((l) => l[2] === "sea").length} by sea)`);
if (failures.length > 0) {
  for (const message of failures) console.error(`FAIL ${message}`);
  process.exitCode = 1;
} else {
  const countries = ["key,kind,label_x,label_y,d", ...shapes.map((s) => `${s.key},${s.kind},${s.label[0]},${s.label[1]},${path(s.rings)}`)];
  writeFileSync(here("../data/world-countries.csv"), `${countries.join("\n")}\n`);
  const linkRows = ["a,b,kind", ...links.sort((a, b) => (a.join() < b.join() ? -1 : 1)).map((l) => l.join(","))];
  writeFileSync(here("../data/world-links.csv"), `${linkRows.join("\n")}\n`);
  console.log("wrote ../data/world-countries.csv and ../data/world-links.csv");
}
if (preview) {
  const body = shapes
    .map((s) => `<path d="${path(s.rings)}" fill="${s.kind === "country" ? "#e8dcb8" : "#bbb"}" stroke="#555" stroke-width="0.3" fill-rule="evenodd"/>` +
      (s.kind === "country" ? `<text x="${s.label[0]}" y="${s.label[1]}" font-size="5" text-anchor="middle">${s.key}</text>` : ""))
    .join("\n");
  writeFileSync(preview, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#9cc3e0"/>${body}</svg>`);
}
