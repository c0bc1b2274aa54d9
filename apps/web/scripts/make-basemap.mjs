// Writes the offline basemap of the map component (apps/web/src/components/map/basemap.json): the country outlines
// of India and its neighbours from Natural Earth (public domain) as published by the npm package world-atlas (ISC), 1:10m,
// coordinates rounded to 0.01° (about 1 km) with repeated points dropped. Run after upgrading world-atlas:
//   node apps/web/scripts/make-basemap.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
const NAMES = new Set([
  'India',
  'Nepal',
  'Bhutan',
  'Bangladesh',
  'Sri Lanka',
  'Pakistan',
  'Myanmar',
  'Maldives',
  'Siachen Glacier',
]);
const STEP = 0.01;
const round = (value) => Math.round(value / STEP) * STEP;

function ring(points) {
  const out = [];
  for (const [lon, lat] of points) {
    const point = [Number(round(lon).toFixed(2)), Number(round(lat).toFixed(2))];
    const last = out.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out.length >= 4 ? out : null;
}

const countries = feature(topology, topology.objects.countries).features.filter(
  (f) => f.geometry && NAMES.has(f.properties.name),
);
const features = countries.map((f) => {
  const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates)
    .map((polygon) => polygon.map(ring).filter(Boolean))
    .filter((polygon) => polygon.length > 0);
  return {
    type: 'Feature',
    properties: { name: f.properties.name },
    geometry: { type: 'MultiPolygon', coordinates: polygons },
  };
});
const out = new URL('../src/components/map/basemap.json', import.meta.url);
writeFileSync(out, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`${features.length} countries: ${features.map((f) => f.properties.name).join(', ')}`);
