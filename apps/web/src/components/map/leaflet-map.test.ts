import { afterEach, describe, expect, it } from 'vitest';
import { createLeafletMap, type LeafletMapHandle } from './leaflet-map.ts';

// The map's basemap choice with the real Leaflet in jsdom (which lays nothing out: the container is given a size, and
// tile images never load by themselves, so the test fails them).

function container(): HTMLDivElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 800 });
  Object.defineProperty(element, 'clientHeight', { value: 400 });
  document.body.appendChild(element);
  return element;
}

let handle: LeafletMapHandle | null = null;
afterEach(() => {
  handle?.destroy();
  handle = null;
  document.body.innerHTML = '';
});

describe('the map component’s basemap', () => {
  it('draws the offline basemap when no tile URL is configured', async () => {
    const element = container();
    const seen: string[] = [];
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, (kind) => seen.push(kind));
    expect(seen).toEqual(['offline']);
    // India's outline arrives as vector paths once the bundled basemap has loaded
    await expect.poll(() => element.querySelectorAll('path').length, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('uses the configured tiles, and falls back to the offline basemap when they fail to load', async () => {
    const element = container();
    const seen: string[] = [];
    handle = createLeafletMap(
      element,
      { tileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png', attribution: 'Test tiles' },
      (kind) => seen.push(kind),
    );
    expect(seen).toEqual(['tiles']);
    const tiles = [...element.querySelectorAll('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThanOrEqual(3);
    expect(tiles[0]!.getAttribute('src')).toMatch(/^https:\/\/tiles\.invalid\/\d+\/\d+\/\d+\.png$/);
    for (const tile of tiles.slice(0, 3)) tile.dispatchEvent(new Event('error'));
    await expect.poll(() => seen).toEqual(['tiles', 'offline']);
    expect(handle.basemap()).toBe('offline');
    await expect.poll(() => element.querySelectorAll('path').length, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('draws numbered stops, a route and density circles', () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined);
    handle.update({
      points: [
        { id: 1, latitude: 19.12, longitude: 72.85, label: 'First', order: 1, tone: 'done' },
        { id: 2, latitude: 19.2, longitude: 72.9, label: 'Second', order: 2 },
      ],
      route: true,
      start: { latitude: 19.1, longitude: 72.84 },
      density: [{ latitude: 19.15, longitude: 72.86, count: 3 }],
    });
    const stops = [...element.querySelectorAll('.rd-map-stop span')].map((stop) => stop.textContent);
    expect(stops).toEqual(['1', '2']);
    // the route line, the start point and the density circle are SVG paths
    expect(element.querySelectorAll('.leaflet-overlay-pane path').length).toBeGreaterThanOrEqual(3);
  });
});
