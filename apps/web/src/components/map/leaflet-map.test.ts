import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import { createLeafletMap, OFFLINE_ZOOM, type LeafletMapHandle } from './leaflet-map.ts';
import { MAP_PALETTE, mapPaletteColour } from './map-types.ts';

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

  it('colours points from the palette and draws them as dots, rings or squares', () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined);
    handle.update({
      points: [
        { id: 1, latitude: 19.12, longitude: 72.85, label: 'Paid', colour: 1 },
        { id: 2, latitude: 19.2, longitude: 72.9, label: 'Not paid', colour: 1, shape: 'ring' },
        { id: 3, latitude: 19.3, longitude: 72.95, label: 'Receipt', colour: 2, shape: 'square' },
      ],
    });
    const dot = element.querySelector('path.rd-map-point')!;
    expect(dot.getAttribute('fill')).toBe(mapPaletteColour(1));
    const ring = element.querySelector('path.rd-map-ring')!;
    expect(ring.getAttribute('stroke')).toBe(mapPaletteColour(1));
    expect(ring.getAttribute('fill')).toBe('#fff');
    const square = element.querySelector<HTMLElement>('.rd-map-square span')!;
    expect(square.getAttribute('style')).toContain(`background:${mapPaletteColour(2)}`);
    expect(mapPaletteColour(MAP_PALETTE.length + 1)).toBe(MAP_PALETTE[1]);
  });

  it('shows India’s state borders and major places by zoom on the offline basemap', async () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined);
    const map = handle.map;
    map.setView([19.07, 72.87], OFFLINE_ZOOM.states, { animate: false });
    await expect.poll(() => element.querySelectorAll('path.rd-map-states').length, { timeout: 10_000 }).toBe(1);
    expect(element.querySelectorAll('.rd-map-place').length).toBe(0);
    map.setZoom(OFFLINE_ZOOM.places, { animate: false });
    const capitals = () => [...element.querySelectorAll('.rd-map-place')].map((place) => place.textContent);
    expect(capitals()).toContain('Mumbai');
    expect(capitals()).not.toContain('Coimbatore');
    map.setZoom(OFFLINE_ZOOM.morePlaces, { animate: false });
    expect(capitals()).toContain('Coimbatore');
    map.setZoom(OFFLINE_ZOOM.states - 1, { animate: false });
    expect(element.querySelectorAll('path.rd-map-states').length).toBe(0);
    expect(capitals()).toEqual([]);
    expect(element.querySelector('.leaflet-control-attribution')!.textContent).toContain('GeoNames (CC BY 4.0)');
  });

  it('clusters 10,000 points with their counts, and a click on a cluster zooms in', () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined, {
      cluster: (count) => `Places here: ${count}`,
      stop: (stop) => stop.label,
      here: '',
    });
    const points = Array.from({ length: 10_000 }, (_, i) => ({
      id: i,
      latitude: 18.9 + ((i * 7919) % 400) / 1000,
      longitude: 72.8 + ((i * 104_729) % 300) / 1000,
      label: `Account ${i}`,
    }));
    handle.update({ points, cluster: true });
    const clusters = () => [...element.querySelectorAll('.rd-map-cluster span')];
    const counted = () => clusters().reduce((sum, cluster) => sum + Number(cluster.textContent), 0);
    const lone = () => element.querySelectorAll('path.rd-map-point').length;
    expect(clusters().length).toBeGreaterThan(0);
    expect(clusters().length).toBeLessThan(200);
    expect(counted() + lone()).toBe(10_000);
    expect(clusters()[0]!.getAttribute('title')).toMatch(/^Places here: \d+$/);
    const zoom = handle.map.getZoom();
    (clusters()[0]!.parentElement as HTMLElement).click();
    expect(handle.map.getZoom()).toBeGreaterThan(zoom);
    // deeper in, the clusters are smaller
    expect(Math.max(...clusters().map((c) => Number(c.textContent)))).toBeLessThan(10_000);
  });

  it('selects the points inside a drawn polygon and inside a lasso', () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined);
    handle.update({
      points: [
        { id: 'in', latitude: 19.1, longitude: 72.9, label: 'Inside' },
        { id: 'out', latitude: 19.5, longitude: 73.5, label: 'Outside' },
      ],
    });
    const chosen: (string | number)[][] = [];
    handle.draw('polygon', (ids) => chosen.push(ids));
    expect(handle.map.dragging.enabled()).toBe(false);
    for (const [lat, lng] of [
      [19, 72.8],
      [19, 73],
      [19.2, 73],
      [19.2, 72.8],
    ] as const) {
      handle.map.fire('click', { latlng: { lat, lng } });
    }
    expect(element.querySelectorAll('path.rd-map-sketch').length).toBe(1);
    handle.map.fire('dblclick');
    expect(chosen).toEqual([['in']]);
    expect(element.querySelectorAll('path.rd-map-drawn').length).toBe(1);
    expect(handle.map.dragging.enabled()).toBe(true);
    handle.select(['in']);
    expect(element.querySelectorAll('path.rd-map-selected').length).toBe(1);

    // the lasso: pointer down, moves around the second point, up (container pixels → places)
    const pixel = handle.map.latLngToContainerPoint([19.5, 73.5]);
    handle.draw('lasso', (ids) => chosen.push(ids));
    const at = (dx: number, dy: number) => ({ clientX: pixel.x + dx, clientY: pixel.y + dy, bubbles: true });
    element.dispatchEvent(new MouseEvent('pointerdown', at(-20, -20)));
    for (const [dx, dy] of [
      [20, -20],
      [20, 20],
      [-20, 20],
    ]) {
      element.dispatchEvent(new MouseEvent('pointermove', at(dx!, dy!)));
    }
    window.dispatchEvent(new MouseEvent('pointerup'));
    expect(chosen[1]).toEqual(['out']);
    handle.clearDrawing();
    expect(element.querySelectorAll('path.rd-map-drawn').length).toBe(0);
  });

  it('draws a played route with its stops and events, and moves the marker with the playhead', () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined);
    handle.update({
      track: {
        positions: [
          { latitude: 19, longitude: 72.8, at: 0 },
          { latitude: 19.2, longitude: 73, at: 60_000 },
        ],
        stops: [{ id: 1, latitude: 19.2, longitude: 73, from: 60_000, to: 600_000, label: 'Customer' }],
        events: [{ id: 'r1', latitude: 19.2, longitude: 73, label: 'Receipt', tone: 'alert' }],
      },
    });
    expect(element.querySelectorAll('.rd-map-track-stop').length).toBe(1);
    expect(element.querySelectorAll('path.rd-map-track-event').length).toBe(1);
    const marker = () => element.querySelector('path.rd-map-playhead')!.getAttribute('d');
    const before = marker();
    handle.setPlayhead(30_000);
    expect(marker()).not.toBe(before);
  });

  it('draws circles of a radius in metres (geofences), named, that grow as the map zooms in', () => {
    const element = container();
    handle = createLeafletMap(element, { tileUrl: null, attribution: null }, () => undefined, {
      cluster: String,
      stop: (stop) => stop.label,
      here: '',
      circle: (circle) => `${circle.label} (radius ${circle.radiusM} m)`,
    });
    handle.update({
      circles: [
        { id: 1, latitude: 19.12, longitude: 72.85, radiusM: 150, label: 'Customer A' },
        { id: 2, latitude: 19.13, longitude: 72.86, radiusM: 150, label: 'Customer B', tone: 'alert' },
      ],
    });
    const paths = element.querySelectorAll('path.rd-map-circle');
    expect(paths.length).toBe(2);
    const titles: string[] = [];
    handle.map.eachLayer((layer) => {
      if (layer instanceof L.Circle) {
        titles.push(String(layer.getTooltip()?.getContent()));
      }
    });
    expect(titles.sort()).toEqual(['Customer A (radius 150 m)', 'Customer B (radius 150 m)']);
    // the circles were fitted in view, and their radius is on the ground: two zoom levels in, four times as wide
    expect(handle.map.getBounds().contains([19.12, 72.85])).toBe(true);
    const radius = () => Number(/a([\d.]+),/.exec(paths[0]!.getAttribute('d') ?? '')?.[1]);
    const before = radius();
    expect(before).toBeGreaterThan(0);
    handle.map.setView([19.12, 72.85], handle.map.getZoom() + 2, { animate: false });
    expect(radius() / before).toBeCloseTo(4, 0);
  });
});
