import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { BasemapKind, MapData, MapDensityCell, MapSettings, MapTone } from './map-types.ts';

// The imperative side of the map component: Leaflet (loaded with this module, on the first map a screen shows).
// Basemap: the configured tile URL (MAP_TILE_URL); without one, or when its tiles fail to load (a closed network),
// the offline basemap — India and its neighbours' outlines (Natural Earth via world-atlas, basemap.json, generated
// by apps/web/scripts/make-basemap.mjs) drawn as vector layers, loaded only then.

const TONE_COLOURS: Record<MapTone, string> = {
  planned: '#1c5fb8',
  done: '#2b7a3d',
  alert: '#b3261e',
  muted: '#5f6368',
};
const STOP_STYLE =
  'display:flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:50%;' +
  'border:2px solid #fff;color:#fff;font:600 12px/1 system-ui,sans-serif;box-shadow:0 1px 3px rgba(0,0,0,.4);';
/** Tiles that fail before any loads: this many errors and the map switches to the offline basemap. */
const TILE_FAILURES_BEFORE_OFFLINE = 3;
const INDIA_BOUNDS = L.latLngBounds([6.5, 68], [35.5, 97.5]);

export type LeafletMapHandle = {
  update: (data: MapData) => void;
  basemap: () => BasemapKind;
  destroy: () => void;
};

function densityColour(share: number): string {
  // light yellow → orange → dark red as the share of the largest cell grows
  if (share > 0.66) return '#9b1c1c';
  if (share > 0.33) return '#d9480f';
  return '#e8a317';
}

function densityLayer(cells: readonly MapDensityCell[]): L.LayerGroup {
  const group = L.layerGroup();
  const max = Math.max(1, ...cells.map((cell) => cell.count));
  for (const cell of cells) {
    const share = cell.count / max;
    L.circleMarker([cell.latitude, cell.longitude], {
      radius: 6 + 18 * Math.sqrt(share),
      stroke: false,
      fillColor: densityColour(share),
      fillOpacity: 0.35 + 0.4 * share,
      interactive: true,
    })
      .bindTooltip(String(cell.count))
      .addTo(group);
  }
  return group;
}

async function offlineBasemap(): Promise<L.GeoJSON> {
  const { default: basemap } = await import('./basemap.json');
  return L.geoJSON(basemap as GeoJSON.FeatureCollection, {
    style: { color: '#7a8793', weight: 1, fillColor: '#f3efe4', fillOpacity: 1 },
    interactive: false,
  });
}

/** Draws a map into `element`; `onBasemap` hears which basemap is on show (tiles, or offline after a failure). */
export function createLeafletMap(
  element: HTMLElement,
  settings: MapSettings,
  onBasemap: (kind: BasemapKind) => void,
): LeafletMapHandle {
  const map = L.map(element, {
    zoomControl: true,
    attributionControl: true,
    preferCanvas: false,
    worldCopyJump: false,
  });
  map.fitBounds(INDIA_BOUNDS);
  element.style.background = '#cfe3f0';
  let kind: BasemapKind = settings.tileUrl ? 'tiles' : 'offline';
  let destroyed = false;
  let offline: L.GeoJSON | null = null;
  const overlays = L.layerGroup().addTo(map);

  const showOffline = () => {
    kind = 'offline';
    onBasemap(kind);
    void offlineBasemap().then((layer) => {
      if (destroyed || offline) return;
      offline = layer.addTo(map);
      offline.bringToBack();
    });
  };

  if (settings.tileUrl) {
    let loaded = 0;
    let failed = 0;
    const tiles = L.tileLayer(settings.tileUrl, {
      attribution: settings.attribution ?? '',
      maxZoom: 19,
      crossOrigin: false,
    });
    tiles.on('tileload', () => {
      loaded += 1;
    });
    tiles.on('tileerror', () => {
      failed += 1;
      if (loaded === 0 && failed >= TILE_FAILURES_BEFORE_OFFLINE && kind === 'tiles') {
        map.removeLayer(tiles);
        showOffline();
      }
    });
    tiles.addTo(map);
    onBasemap(kind);
  } else {
    showOffline();
  }

  const update = (data: MapData) => {
    overlays.clearLayers();
    const bounds = L.latLngBounds([]);
    if (data.density && data.density.length > 0) {
      densityLayer(data.density).addTo(overlays);
      for (const cell of data.density) bounds.extend([cell.latitude, cell.longitude]);
    }
    const points = data.points ?? [];
    if (data.route && points.length > 0) {
      const path: L.LatLngExpression[] = [
        ...(data.start ? [[data.start.latitude, data.start.longitude] as L.LatLngTuple] : []),
        ...points.map((point) => [point.latitude, point.longitude] as L.LatLngTuple),
      ];
      L.polyline(path, { color: '#1c5fb8', weight: 3, opacity: 0.6, dashArray: '6 6' }).addTo(overlays);
    }
    if (data.start) {
      L.circleMarker([data.start.latitude, data.start.longitude], {
        radius: 7,
        color: '#111',
        weight: 2,
        fillColor: '#fff',
        fillOpacity: 1,
      }).addTo(overlays);
      bounds.extend([data.start.latitude, data.start.longitude]);
    }
    for (const point of points) {
      const colour = TONE_COLOURS[point.tone ?? 'planned'];
      const marker =
        point.order === undefined
          ? L.circleMarker([point.latitude, point.longitude], {
              radius: 7,
              color: '#fff',
              weight: 2,
              fillColor: colour,
              fillOpacity: 0.95,
            })
          : L.marker([point.latitude, point.longitude], {
              icon: L.divIcon({
                className: 'rd-map-stop',
                html: `<span style="${STOP_STYLE}background:${colour}">${point.order}</span>`,
                iconSize: [24, 24],
                iconAnchor: [12, 12],
              }),
              keyboard: false,
            });
      marker.bindTooltip(point.label).addTo(overlays);
      bounds.extend([point.latitude, point.longitude]);
    }
    if (bounds.isValid()) map.fitBounds(bounds.pad(0.2), { maxZoom: 15 });
  };

  return {
    update,
    basemap: () => kind,
    destroy: () => {
      destroyed = true;
      map.remove();
    },
  };
}
