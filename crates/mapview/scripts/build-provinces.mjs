// Generates the standard board's province shapes from Natural Earth land (npm `world-atlas`, public
// domain) and checks them against the judge's map. The result is committed; the Rust crate only reads it.
//
//   cd crates/mapview/scripts && npm ci && node build-provinces.mjs
//
// How: Europe is projected (Lambert conformal conic) onto the 1000x800 canvas. Every province has a few
// hand-chosen seed points (lon/lat, in `seeds.csv` next to this script); land is split among the seeds of
// land provinces and impassable regions (Voronoi cells of the seeds, clipped to land), the sea among the
// seeds of sea provinces. Sea shapes are written as their whole cells: the drawing paints land over them.
//
// Writes ../data/standard-provinces.csv (`key,kind,name,label_x,label_y,d`: one SVG path per province, then
// the impassable land and lakes) and ../data/standard-layout.csv (`region,x,y`: where units stand, for every
// province and split coast), only when every check passes (or with --force). With --preview FILE, also
// writes an SVG of the shapes with the seeds and layout points; with --raster FILE, a PNG of the raster the
// checks read (RASTER_CROP=x,y,w,h and RASTER_ZOOM=n to look closely), to see where a check failed.
//
// Checks (exit 1 on failure): every province has a shape, every layout point lies inside its province,
// land provinces share a border exactly where the judge's army adjacency says (the straits listed in
// STRAITS, if any, are crossings over water: they must come close instead), a sea borders a province or
// another sea exactly where the judge's fleet adjacency says, and no inland province touches the sea.
// Borders are measured on a raster of the shapes (SCALE pixels per canvas pixel); a contact shorter than
// MIN_BORDER is a corner, not a border. Fleet moves along a coast between two land provinces are not
// checked (the judge's data was checked against two other sources already).

import { readFileSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { createRequire } from "node:module";
import { geoConicConformal } from "d3-geo";
import { Delaunay } from "d3-delaunay";
import polygonClipping from "polygon-clipping";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const atlas = require("world-atlas/land-50m.json");

const WIDTH = 1000;
const HEIGHT = 800;
/// Longitude and latitude range that must fit on the canvas.
const BOX = { west: -14, east: 42, south: 32, north: 71.2 };
/// Douglas-Peucker tolerance (canvas pixels) and the smallest island kept (square pixels).
const SIMPLIFY = 0.4;
const MIN_ISLAND = 2.5;
/// Rasterisation scale for the checks and the layout points.
const SCALE = 2;
/// Shared border (canvas pixels) below which two shapes only touch at a corner.
const MIN_BORDER = 4;
/// Army borders that cross water on the board: the two shapes must come this close (canvas pixels).
const STRAITS = [];
const STRAIT_DISTANCE = 8;

const here = (name) => new URL(name, import.meta.url);
const judgeData = (name) => readFileSync(here(`../../judge/data/maps/standard/${name}`), "utf8");
const csv = (text) =>
  text
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","));

// ---- the judge's map --------------------------------------------------------------------------------

const provinces = new Map(csv(judgeData("provinces.csv")).map(([key, name, terrain]) => [key, { key, name, terrain }]));
const coasts = new Map(csv(judgeData("coasts.csv")).map(([province, list]) => [province, list.split(";")]));
const army = new Set();
const fleet = new Set();
const pair = (a, b) => (a < b ? `${a}-${b}` : `${b}-${a}`);
for (const [region, armyList, fleetList] of csv(judgeData("adjacency.csv"))) {
  for (const other of armyList ? armyList.split(";") : []) army.add(pair(region, other));
  for (const other of fleetList ? fleetList.split(";") : []) fleet.add(pair(region.split("/")[0], other.split("/")[0]));
}
const isSea = (key) => provinces.get(key)?.terrain === "sea";

// ---- seeds ------------------------------------------------------------------------------------------

// `key,kind,lon,lat`: kind is `province` (a judge key), `impassable` or `lake` (a name).
const seedRows = csv(readFileSync(here("seeds.csv"), "utf8"))
  .filter((row) => row.length >= 4 && !row[0].startsWith("#"))
  .map(([key, kind, lon, lat]) => ({ key, kind, lon: Number(lon), lat: Number(lat) }));
const kindOf = new Map();
for (const seed of seedRows) kindOf.set(seed.key, seed.kind);
const seaSeed = (seed) => (seed.kind === "province" ? isSea(seed.key) : seed.kind === "lake");

// ---- projection ---------------------------------------------------------------------------------------

const boxOutline = [];
for (let lon = BOX.west; lon <= BOX.east; lon += 1) boxOutline.push([lon, BOX.south], [lon, BOX.north]);
for (let lat = BOX.south; lat <= BOX.north; lat += 1) boxOutline.push([BOX.west, lat], [BOX.east, lat]);
const conic = geoConicConformal()
  .parallels([40, 62])
  .rotate([-(BOX.west + BOX.east) / 2, 0]);
const projected = boxOutline.map((p) => conic(p));
const xs = projected.map((p) => p[0]);
const ys = projected.map((p) => p[1]);
const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
// Stretched a little to fill the canvas, as the printed board is.
const project = ([lon, lat]) => {
  const [x, y] = conic([lon, lat]);
  return [((x - minX) / (maxX - minX)) * WIDTH, ((y - minY) / (maxY - minY)) * HEIGHT];
};

// ---- land -------------------------------------------------------------------------------------------

const canvas = [[[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT], [0, 0]]];
const landGeo = feature(atlas, atlas.objects.land).features[0].geometry.coordinates;
const window_ = [[[-70, 10], [90, 10], [90, 86], [-70, 86], [-70, 10]]];
// Natural Earth cuts Eurasia at the antimeridian: unwrap Chukotka east of 180 so that the ring is planar.
const unwrap = (polygon) =>
  polygon[0].some(([lon]) => lon > 150) && polygon[0].some(([lon]) => lon < -150)
    ? polygon.map((ring) => ring.map(([lon, lat]) => [lon < -150 ? lon + 360 : lon, lat]))
    : polygon;
const nearby = landGeo
  .filter((polygon) => polygon[0].some(([lon, lat]) => lon > -70 && lon < 90 && lat > 10 && lat < 86))
  .map(unwrap);
const landLonLat = polygonClipping.intersection(nearby, window_);
const projectedLand = landLonLat.map((polygon) => polygon.map((ring) => ring.map(project)));
let land = polygonClipping
  .intersection(
    projectedLand
      .map((polygon) => polygon.map((ring) => simplifyRing(ring, SIMPLIFY)).filter((ring) => ring.length >= 4))
      .filter((polygon) => polygon.length > 0 && Math.abs(ringArea(polygon[0])) >= MIN_ISLAND),
    canvas,
  )
  .filter((polygon) => Math.abs(ringArea(polygon[0])) >= MIN_ISLAND);
// Straits that Natural Earth's 50m coastline closes at this scale are cut open, and the crossings that the
// board treats as land are bridged (Denmark to Sweden over the Danish straits, as the real bridges do), so
// that the Kattegat (Skagerrak) and the Baltic do not meet: lon/lat line, width in pixels.
const CHANNELS = [{ name: "Gibraltar", from: [-6.3, 35.96], to: [-4.9, 36.02], width: 3 }];
const BRIDGES = [
  { name: "Oresund", from: [12.5, 55.64], to: [13.1, 55.56], width: 2.5 },
  { name: "Great Belt", from: [10.7, 55.31], to: [11.3, 55.34], width: 2.5 },
  { name: "Little Belt", from: [9.6, 55.49], to: [9.9, 55.53], width: 2 },
];
const strip = ({ from, to, width }) => {
  const [a, b] = [project(from), project(to)];
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const [nx, ny] = [((a[1] - b[1]) / length) * (width / 2), ((b[0] - a[0]) / length) * (width / 2)];
  return [[[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny], [a[0] + nx, a[1] + ny]]];
};
for (const channel of CHANNELS) land = polygonClipping.difference(land, strip(channel));
for (const bridge of BRIDGES) land = polygonClipping.union(land, strip(bridge));
const water = polygonClipping.difference(canvas, land);

function ringArea(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum / 2;
}

function simplifyRing(ring, tolerance) {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  // Split the closed ring at its farthest point from the start, so that both halves simplify well.
  let far = 1;
  let best = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const d = (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2;
    if (d > best) [best, far] = [d, i];
  }
  keep[far] = 1;
  const stack = [
    [0, far],
    [far, ring.length - 1],
  ];
  while (stack.length) {
    const [a, b] = stack.pop();
    let index = -1;
    let max = tolerance;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance(ring[i], ring[a], ring[b]);
      if (d > max) [max, index] = [d, i];
    }
    if (index >= 0) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}

function segmentDistance(p, a, b) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

// ---- partition ----------------------------------------------------------------------------------------

const seeds = seedRows.map((seed) => ({ ...seed, at: project([seed.lon, seed.lat]) }));
for (const seed of seeds) {
  if (seed.kind === "province" && !provinces.has(seed.key)) fail(`seeds.csv: ${seed.key} is not a province`);
}

function cells(group) {
  const delaunay = Delaunay.from(group.map((seed) => seed.at));
  const voronoi = delaunay.voronoi([-1, -1, WIDTH + 1, HEIGHT + 1]);
  const byKey = new Map();
  group.forEach((seed, index) => {
    const cell = voronoi.cellPolygon(index);
    if (!cell) return;
    if (!byKey.has(seed.key)) byKey.set(seed.key, []);
    byKey.get(seed.key).push([cell]);
  });
  const result = new Map();
  for (const [key, polygons] of byKey) result.set(key, polygonClipping.union(...polygons));
  return result;
}

const problems = [];
function fail(message) {
  problems.push(message);
}

const landCells = cells(seeds.filter((seed) => !seaSeed(seed)));
const seaCells = cells(seeds.filter(seaSeed));
/// Visible shapes: land cells on land, sea cells on water (for the checks); the sea is drawn as whole cells.
const shapes = new Map();
for (const [key, cell] of landCells) shapes.set(key, polygonClipping.intersection(cell, land));
for (const [key, cell] of seaCells) shapes.set(key, polygonClipping.intersection(cell, water));
const drawn = new Map();
for (const [key, cell] of landCells) drawn.set(key, shapes.get(key));
for (const [key, cell] of seaCells) {
  drawn.set(key, kindOf.get(key) === "lake" ? shapes.get(key) : polygonClipping.intersection(cell, canvas));
}

for (const key of provinces.keys()) {
  if (!shapes.get(key)?.length) fail(`${key} has no shape`);
}

// ---- raster: who is where -----------------------------------------------------------------------------

const GW = WIDTH * SCALE;
const GH = HEIGHT * SCALE;
const keys = [...shapes.keys()];
const keyIndex = new Map(keys.map((key, index) => [key, index + 1]));
const grid = new Int16Array(GW * GH);
for (const key of keys) rasterise(shapes.get(key), keyIndex.get(key));

function rasterise(multipolygon, value) {
  const rows = new Map();
  for (const polygon of multipolygon) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length - 1; i++) {
        const [x0, y0] = [ring[i][0] * SCALE, ring[i][1] * SCALE];
        const [x1, y1] = [ring[i + 1][0] * SCALE, ring[i + 1][1] * SCALE];
        if (y0 === y1) continue;
        const [top, bottom] = [Math.min(y0, y1), Math.max(y0, y1)];
        for (let row = Math.max(0, Math.ceil(top - 0.5)); row < GH && row + 0.5 < bottom; row++) {
          const y = row + 0.5;
          if (y < top) continue;
          const x = x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
          if (!rows.has(row)) rows.set(row, []);
          rows.get(row).push(x);
        }
      }
    }
  }
  for (const [row, crossings] of rows) {
    crossings.sort((a, b) => a - b);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const from = Math.max(0, Math.ceil(crossings[i] - 0.5));
      const to = Math.min(GW - 1, Math.floor(crossings[i + 1] - 0.5));
      for (let x = from; x <= to; x++) grid[row * GW + x] = value;
    }
  }
}

// Border lengths between shapes, in canvas pixels.
const borders = new Map();
const borderSample = new Map();
for (let y = 0; y < GH; y++) {
  for (let x = 0; x < GW; x++) {
    const here_ = grid[y * GW + x];
    for (const there of [x + 1 < GW ? grid[y * GW + x + 1] : 0, y + 1 < GH ? grid[(y + 1) * GW + x] : 0]) {
      if (here_ && there && here_ !== there) {
        const name = pair(keys[here_ - 1], keys[there - 1]);
        borders.set(name, (borders.get(name) ?? 0) + 1 / SCALE);
        if (!borderSample.has(name)) borderSample.set(name, [x / SCALE, y / SCALE]);
      }
    }
  }
}
const touching = (a, b) => (borders.get(pair(a, b)) ?? 0) > MIN_BORDER;

// ---- checks -------------------------------------------------------------------------------------------

const provinceKeys = [...provinces.keys()];
const straits = new Set(STRAITS.map(([a, b]) => pair(a, b)));
for (let i = 0; i < provinceKeys.length; i++) {
  for (let j = i + 1; j < provinceKeys.length; j++) {
    const [a, b] = [provinceKeys[i], provinceKeys[j]];
    const name = pair(a, b);
    const length = (borders.get(name) ?? 0).toFixed(1);
    if (!isSea(a) && !isSea(b)) {
      if (straits.has(name)) {
        const gap = shapeDistance(shapes.get(a), shapes.get(b));
        if (gap > STRAIT_DISTANCE) fail(`strait ${name}: ${gap.toFixed(1)} px apart`);
      } else if (army.has(name) && !touching(a, b)) fail(`army border ${name} missing (shared ${length} px)`);
      else if (!army.has(name) && touching(a, b)) fail(`${name} touch (${length} px) but are not army neighbours, near ${borderSample.get(name)}`);
    } else {
      if (fleet.has(name) && !touching(a, b)) fail(`fleet border ${name} missing (shared ${length} px)`);
      else if (!fleet.has(name) && touching(a, b)) fail(`${name} touch (${length} px) but are not fleet neighbours, near ${borderSample.get(name)}`);
    }
  }
}
for (const [key, info] of provinces) {
  if (info.terrain === "land" && provinceKeys.some((other) => isSea(other) && touching(key, other))) {
    fail(`inland ${key} touches the sea`);
  }
}

function shapeDistance(a, b) {
  let best = Infinity;
  const points = (shape) => shape.flatMap((polygon) => polygon.flat());
  const pb = points(b);
  for (const p of points(a)) for (const q of pb) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
  return best;
}

// ---- layout points ------------------------------------------------------------------------------------

/// Pixel bounding box of every shape on the raster.
const boxes = new Map();
for (let i = 0; i < grid.length; i++) {
  if (!grid[i]) continue;
  const [x, y] = [i % GW, Math.floor(i / GW)];
  const box = boxes.get(grid[i]);
  if (!box) boxes.set(grid[i], [x, y, x, y]);
  else {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
}

/// Chamfer distance (canvas pixels) from each pixel of `box` (raster pixels, padded) to the nearest pixel
/// where `inside(i)` is false; `at(i)` reads it for a raster index inside the box.
function distanceInside(box, inside) {
  const pad = 60;
  const [x0, y0] = [Math.max(0, box[0] - pad), Math.max(0, box[1] - pad)];
  const [x1, y1] = [Math.min(GW - 1, box[2] + pad), Math.min(GH - 1, box[3] + pad)];
  const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
  const d = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) d[y * w + x] = inside((y0 + y) * GW + x0 + x) ? 1e6 : 0;
  const [a, b] = [1, Math.SQRT2];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!d[i]) continue;
      let v = d[i];
      if (x > 0) v = Math.min(v, d[i - 1] + a);
      if (y > 0) {
        v = Math.min(v, d[i - w] + a);
        if (x > 0) v = Math.min(v, d[i - w - 1] + b);
        if (x + 1 < w) v = Math.min(v, d[i - w + 1] + b);
      }
      d[i] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      let v = d[i];
      if (x + 1 < w) v = Math.min(v, d[i + 1] + a);
      if (y + 1 < h) {
        v = Math.min(v, d[i + w] + a);
        if (x + 1 < w) v = Math.min(v, d[i + w + 1] + b);
        if (x > 0) v = Math.min(v, d[i + w - 1] + b);
      }
      d[i] = v;
    }
  return (i) => {
    const [x, y] = [(i % GW) - x0, Math.floor(i / GW) - y0];
    return x < 0 || y < 0 || x >= w || y >= h ? pad / SCALE : d[y * w + x] / SCALE;
  };
}

const LEGEND_BOXES = [
  [0, 0, 170, 165],
  [835, 0, 1000, 110],
];
const inLegend = (x, y) => LEGEND_BOXES.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);

/// Best pixel of `key` by `score(x, y, inner, i)`, in canvas coordinates.
function bestPoint(key, inner, score) {
  const value = keyIndex.get(key);
  const box = boxes.get(value);
  let best = null;
  let bestScore = -Infinity;
  for (let py = box[1]; py <= box[3]; py++) {
    for (let px = box[0]; px <= box[2]; px++) {
      const i = py * GW + px;
      if (grid[i] !== value) continue;
      const [x, y] = [px / SCALE + 0.25, py / SCALE + 0.25];
      if (inLegend(x, y)) continue;
      const s = score(x, y, inner(i), i);
      if (s > bestScore) [bestScore, best] = [s, [x, y]];
    }
  }
  return best;
}

const inners = new Map();
const innerOf = (key) => {
  if (!inners.has(key)) inners.set(key, distanceInside(boxes.get(keyIndex.get(key)), (i) => grid[i] === keyIndex.get(key)));
  return inners.get(key);
};
const layout = [];
const unitAt = new Map();
for (const key of provinceKeys) {
  const inner = innerOf(key);
  const seedPoints = seeds.filter((seed) => seed.key === key).map((seed) => seed.at);
  const centroid = seedPoints.reduce((s, p) => [s[0] + p[0] / seedPoints.length, s[1] + p[1] / seedPoints.length], [0, 0]);
  // Units stand deep inside, not too far from the middle of the province's seeds, and clear of the units
  // already placed (small neighbours such as Clyde and Edinburgh).
  const unit = bestPoint(key, inner, (x, y, d) => {
    let score = Math.min(d, 22) - 0.04 * Math.hypot(x - centroid[0], y - centroid[1]);
    for (const [, p] of layout) score -= 3 * Math.max(0, 28 - Math.hypot(x - p[0], y - p[1]));
    return score;
  });
  unitAt.set(key, unit);
  layout.push([key, unit]);
  for (const coast of coasts.get(key) ?? []) {
    const region = `${key}/${coast}`;
    const seas = [...fleetNeighbours(region)].filter(isSea).map((sea) => keyIndex.get(sea));
    const toSea = distanceInside(boxes.get(keyIndex.get(key)), (i) => !seas.includes(grid[i]));
    const taken = () => layout.filter(([other]) => other.startsWith(key)).map(([, p]) => p);
    const point = bestPoint(key, inner, (x, y, d, i) => {
      const crowd = Math.min(...taken().map((p) => Math.hypot(x - p[0], y - p[1])), 99);
      const fromUnit = Math.hypot(x - unit[0], y - unit[1]);
      return Math.min(d, 9) - 0.6 * toSea(i) - Math.max(0, 27 - crowd) * 3 - 0.03 * fromUnit;
    });
    layout.push([region, point]);
  }
}

// The name (with the supply center over it) near the unit, where there is room: inside the province, clear
// of every unit and of the names already placed. A name is wider than tall, hence the squashed distance.
const labels = new Map();
const near = (x, y, p) => Math.hypot((x - p[0]) / 1.25, y - p[1]);
for (const key of provinceKeys) {
  const unit = unitAt.get(key);
  const label = bestPoint(key, innerOf(key), (x, y, d) => {
    let score = Math.min(d, 8) - 0.05 * Math.max(0, near(x, y, unit) - 20);
    for (const [, p] of layout) score -= 2 * Math.max(0, 20 - near(x, y, p));
    for (const p of labels.values()) score -= 2 * Math.max(0, 20 - near(x, y, p));
    return score;
  });
  labels.set(key, label);
}

function fleetNeighbours(region) {
  const row = csv(judgeData("adjacency.csv")).find(([r]) => r === region);
  return new Set(row[2].split(";").map((other) => other.split("/")[0]));
}

for (const [region, point] of layout) {
  const key = region.split("/")[0];
  if (!point) {
    fail(`${region}: no layout point`);
    continue;
  }
  if (!inside(drawn.get(key), point)) fail(`${region}: layout point ${point} is outside ${key}`);
}

function inside(multipolygon, [x, y]) {
  let count = 0;
  for (const polygon of multipolygon) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) count++;
      }
    }
  }
  return count % 2 === 1;
}

// ---- output -------------------------------------------------------------------------------------------

const r1 = (v) => Math.round(v * 10) / 10;
const num = (v) => {
  const text = String(r1(v) === 0 ? 0 : r1(v));
  return text;
};

/// `M x y l dx dy dx dy ... z` per ring, on coordinates rounded to a tenth (deltas between rounded points).
function pathData(multipolygon) {
  const parts = [];
  for (const polygon of multipolygon) {
    for (const ring of polygon) {
      const points = ring.slice(0, -1).map(([x, y]) => [Math.round(x * 10), Math.round(y * 10)]);
      const unique = points.filter((p, i) => i === 0 || p[0] !== points[i - 1][0] || p[1] !== points[i - 1][1]);
      if (unique.length < 3) continue;
      let text = `M${num(unique[0][0] / 10)} ${num(unique[0][1] / 10)}l`;
      const deltas = [];
      for (let i = 1; i < unique.length; i++) {
        deltas.push(`${num((unique[i][0] - unique[i - 1][0]) / 10)} ${num((unique[i][1] - unique[i - 1][1]) / 10)}`);
      }
      parts.push(`${text}${deltas.join(" ")}z`);
    }
  }
  return parts.join("");
}

const lines = ["key,kind,name,label_x,label_y,d"];
for (const key of [...provinceKeys].sort()) {
  const label = labels.get(key) ?? unitAt.get(key) ?? [0, 0];
  lines.push(`${key},province,,${num(label[0])},${num(label[1])},${pathData(drawn.get(key))}`);
}
for (const kind of ["impassable", "lake"]) {
  for (const key of [...drawn.keys()].filter((k) => kindOf.get(k) === kind).sort()) {
    if (!drawn.get(key).length) continue;
    const name = key
      .split("-")
      .map((word) => word[0].toUpperCase() + word.slice(1))
      .join(" ");
    lines.push(`${key},${kind},${name},0,0,${pathData(drawn.get(key))}`);
  }
}
const output = `${lines.join("\n")}\n`;
const write = problems.length === 0 || process.argv.includes("--force");
if (write) writeFileSync(here("../data/standard-provinces.csv"), output);
const layoutText = ["region,x,y", ...layout.map(([region, p]) => `${region},${num(p[0])},${num(p[1])}`)].join("\n");
if (write) writeFileSync(here("../data/standard-layout.csv"), `${layoutText}\n`);
console.log(
  `standard-provinces.csv: ${(output.length / 1024).toFixed(0)} KB, ${lines.length - 1} shapes` +
    (write ? "" : " (not written: the checks failed; --force writes anyway)"),
);

const previewIndex = process.argv.indexOf("--preview");
if (previewIndex > 0) {
  const svg = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">`];
  const order = [...drawn.keys()].sort((a, b) => Number(seaSeed({ key: b, kind: kindOf.get(b) })) - Number(seaSeed({ key: a, kind: kindOf.get(a) })));
  for (const key of order) {
    const shape = drawn.get(key);
    const fill = kindOf.get(key) === "impassable" ? "#999" : seaSeed({ key, kind: kindOf.get(key) }) ? "#bcd8ee" : "#efe3c4";
    svg.push(`<path d="${pathData(shape)}" fill="${fill}" stroke="#555" stroke-width="0.6" fill-rule="evenodd"/>`);
  }
  for (const seed of seeds) svg.push(`<circle cx="${num(seed.at[0])}" cy="${num(seed.at[1])}" r="1.5" fill="red"/>`);
  for (const [region, p] of layout) {
    svg.push(`<circle cx="${num(p[0])}" cy="${num(p[1])}" r="4" fill="none" stroke="#000"/>`);
    svg.push(`<text x="${num(p[0])}" y="${num(p[1]) - 5}" font-size="9" text-anchor="middle">${region}</text>`);
  }
  for (const [key, p] of labels) svg.push(`<circle cx="${num(p[0])}" cy="${num(p[1])}" r="2" fill="green"/>`);
  svg.push("</svg>");
  writeFileSync(process.argv[previewIndex + 1], svg.join("\n"));
}

const rasterIndex = process.argv.indexOf("--raster");
if (rasterIndex > 0) {
  // A PPM of the check raster, each shape in its own colour.
  const bytes = Buffer.alloc(GW * GH * 3);
  for (let i = 0; i < grid.length; i++) {
    const v = grid[i];
    const key = v ? keys[v - 1] : null;
    const sea = key && seaSeed({ key, kind: kindOf.get(key) });
    const h = (v * 2654435761) >>> 0;
    bytes[i * 3] = v ? (sea ? 60 : 150) + (h & 63) : 0;
    bytes[i * 3 + 1] = v ? (sea ? 120 : 120) + ((h >> 8) & 63) : 0;
    bytes[i * 3 + 2] = v ? (sea ? 190 : 60) + ((h >> 16) & 63) : 0;
  }
  const [cx, cy, cw, ch] = (process.env.RASTER_CROP ?? `0,0,${WIDTH},${HEIGHT}`).split(",").map((v) => Number(v) * SCALE);
  const crop = Buffer.alloc(cw * ch * 3);
  for (let y = 0; y < ch; y++) bytes.copy(crop, y * cw * 3, ((cy + y) * GW + cx) * 3, ((cy + y) * GW + cx + cw) * 3);
  const zoom = Number(process.env.RASTER_ZOOM ?? 1);
  const big = Buffer.alloc(cw * ch * 3 * zoom * zoom);
  for (let y = 0; y < ch * zoom; y++)
    for (let x = 0; x < cw * zoom; x++) crop.copy(big, (y * cw * zoom + x) * 3, (Math.floor(y / zoom) * cw + Math.floor(x / zoom)) * 3, (Math.floor(y / zoom) * cw + Math.floor(x / zoom)) * 3 + 3);
  writeFileSync(process.argv[rasterIndex + 1], png(cw * zoom, ch * zoom, big));
}

if (problems.length) {
  console.error(`${problems.length} problem(s):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("all checks passed");

/// A minimal RGB PNG encoder, for the --raster debugging image.
function png(width, height, rgb) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
