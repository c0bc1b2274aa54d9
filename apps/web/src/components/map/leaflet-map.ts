import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { clusterPoints, selectInside, type LatLng } from './geometry.ts';
import {
  mapPaletteColour,
  type BasemapKind,
  type DrawMode,
  type MapCircle,
  type MapData,
  type MapDensityCell,
  type MapPoint,
  type MapSettings,
  type MapTone,
} from './map-types.ts';
import { positionAt, travelledUntil } from './playback.ts';

// The imperative side of the map component: Leaflet (loaded with this module, on the first map a screen shows).
// Basemap: the configured tile URL (MAP_TILE_URL); without one, or when its tiles fail to load (a closed network),
// the offline basemap — India and its neighbours' outlines (Natural Earth via world-atlas, basemap.json, generated
// by apps/web/scripts/make-basemap.mjs) drawn as vector layers, loaded only then, with India's state borders and
// major places (basemap-india.json) shown by zoom. Layers: circles of a radius in metres (geofences), markers
// (clustered by zoom on request), density cells, a route, a played track, and a drawn selection (polygon or lasso).

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
/** Zoom from which the offline basemap shows state borders, capitals and big cities, and other cities and district seats. */
export const OFFLINE_ZOOM = { states: 4, places: 5, morePlaces: 7 } as const;
const SELECTED_COLOUR = '#6a1b9a';
const SQUARE_STYLE =
  'display:block;width:14px;height:14px;border:2px solid #fff;box-sizing:border-box;box-shadow:0 1px 3px rgba(0,0,0,.4);';
const OFFLINE_ATTRIBUTION = 'Natural Earth · GeoNames (CC BY 4.0)';
const CLUSTER_STYLE =
  'display:flex;align-items:center;justify-content:center;border-radius:50%;background:rgba(28,95,184,.85);' +
  'color:#fff;border:3px solid rgba(255,255,255,.8);font:600 12px/1 system-ui,sans-serif;box-shadow:0 1px 3px rgba(0,0,0,.4);';
const PLACE_STYLE =
  'white-space:nowrap;font:11px/1.2 system-ui,sans-serif;color:#2f3a44;text-shadow:0 0 2px #fff,0 0 2px #fff;';

/** Words the map draws (from the screen's dictionary). */
export type MapText = {
  cluster: (count: number) => string;
  stop: (stop: { label: string; from: number; to: number }) => string;
  /** a circle's tooltip (its label and radius) */
  circle?: (circle: { label: string; radiusM: number }) => string;
  here: string;
};

export type LeafletMapHandle = {
  update: (data: MapData) => void;
  /** marks these points as selected (no refit) */
  select: (ids: readonly (string | number)[]) => void;
  /** starts drawing a selection; `onDrawn` gets the ids of the points inside it */
  draw: (mode: DrawMode, onDrawn: (ids: (string | number)[]) => void) => void;
  /** closes the polygon being drawn (as a double click does) */
  finishDrawing: () => void;
  /** stops drawing and removes the drawn shape */
  clearDrawing: () => void;
  /** moves the played route's marker to a moment (epoch ms) */
  setPlayhead: (at: number) => void;
  basemap: () => BasemapKind;
  /** the Leaflet map (tests, and screens that need more) */
  map: L.Map;
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

/** Circles of a real radius (metres on the ground: they grow as the map zooms in), outlined in their tone. */
function circleLayer(circles: readonly MapCircle[], title: (circle: MapCircle) => string): L.LayerGroup {
  const group = L.layerGroup();
  for (const circle of circles) {
    const colour = TONE_COLOURS[circle.tone ?? 'planned'];
    L.circle([circle.latitude, circle.longitude], {
      radius: circle.radiusM,
      color: colour,
      weight: 2,
      dashArray: '4 4',
      fillColor: colour,
      fillOpacity: 0.08,
      className: 'rd-map-circle',
    })
      .bindTooltip(escapeHtml(title(circle)))
      .addTo(group);
  }
  return group;
}

type OfflineLayers = { countries: L.GeoJSON; byZoom: { layer: L.LayerGroup; minZoom: number }[] };

type IndiaBasemap = { states: [number, number][][]; places: [string, number, number, number][] };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function placeLabel(name: string, latitude: number, longitude: number): L.Marker {
  return L.marker([latitude, longitude], {
    icon: L.divIcon({
      className: 'rd-map-place',
      html:
        '<span style="display:inline-block;width:5px;height:5px;border-radius:50%;background:#2f3a44;margin-right:3px"></span>' +
        `<span style="${PLACE_STYLE}">${escapeHtml(name)}</span>`,
      iconSize: [0, 0],
      iconAnchor: [3, 3],
    }),
    interactive: false,
    keyboard: false,
  });
}

async function offlineBasemap(): Promise<OfflineLayers> {
  const [{ default: basemap }, { default: india }] = await Promise.all([
    import('./basemap.json'),
    import('./basemap-india.json'),
  ]);
  const countries = L.geoJSON(basemap as GeoJSON.FeatureCollection, {
    style: { color: '#7a8793', weight: 1, fillColor: '#f3efe4', fillOpacity: 1 },
    interactive: false,
    // the places' licence (CC BY 4.0) asks for the credit; names of sources, not words to translate
    attribution: OFFLINE_ATTRIBUTION,
  });
  const data = india as IndiaBasemap;
  const states = L.layerGroup([
    L.polyline(
      data.states.map((line) => line.map(([lon, lat]) => [lat, lon] as L.LatLngTuple)),
      { color: '#9a8f7c', weight: 1, dashArray: '4 3', interactive: false, className: 'rd-map-states' },
    ),
  ]);
  const tier = (wanted: number) =>
    L.layerGroup(
      data.places.filter((place) => place[3] === wanted).map(([name, lat, lon]) => placeLabel(name, lat, lon)),
    );
  return {
    countries,
    byZoom: [
      { layer: states, minZoom: OFFLINE_ZOOM.states },
      { layer: tier(1), minZoom: OFFLINE_ZOOM.places },
      { layer: tier(2), minZoom: OFFLINE_ZOOM.morePlaces },
    ],
  };
}

function clusterIcon(count: number, title: string): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 50;
  return L.divIcon({
    className: 'rd-map-cluster',
    html: `<span title="${escapeHtml(title)}" style="${CLUSTER_STYLE}width:${size}px;height:${size}px">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Draws a map into `element`; `onBasemap` hears which basemap is on show (tiles, or offline after a failure). */
export function createLeafletMap(
  element: HTMLElement,
  settings: MapSettings,
  onBasemap: (kind: BasemapKind) => void,
  text: MapText = {
    cluster: (count) => String(count),
    stop: (stop) => stop.label,
    here: '',
  },
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
  let offline: OfflineLayers | null = null;
  const overlays = L.layerGroup().addTo(map);
  const pointLayer = L.layerGroup().addTo(map);
  const trackLayer = L.layerGroup().addTo(map);
  const drawLayer = L.layerGroup().addTo(map);
  let current: MapData = {};
  let selected = new Set<string | number>();

  const showByZoom = () => {
    if (!offline) return;
    const zoom = map.getZoom();
    for (const { layer, minZoom } of offline.byZoom) {
      if (zoom >= minZoom && !map.hasLayer(layer)) layer.addTo(map);
      if (zoom < minZoom && map.hasLayer(layer)) map.removeLayer(layer);
    }
  };

  const showOffline = () => {
    kind = 'offline';
    onBasemap(kind);
    void offlineBasemap().then((layers) => {
      if (destroyed || offline) return;
      offline = layers;
      layers.countries.addTo(map).bringToBack();
      showByZoom();
    });
  };
  map.on('zoomend', showByZoom);

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
    current = data;
    selected = new Set(data.selected ?? []);
    overlays.clearLayers();
    const bounds = L.latLngBounds([]);
    if (data.density && data.density.length > 0) {
      densityLayer(data.density).addTo(overlays);
      for (const cell of data.density) bounds.extend([cell.latitude, cell.longitude]);
    }
    if (data.circles && data.circles.length > 0) {
      circleLayer(data.circles, (circle) => text.circle?.(circle) ?? circle.label).addTo(overlays);
      for (const circle of data.circles) bounds.extend([circle.latitude, circle.longitude]);
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
    for (const point of points) bounds.extend([point.latitude, point.longitude]);
    drawTrack(data, bounds);
    if (bounds.isValid()) map.fitBounds(bounds.pad(0.2), { maxZoom: 15, animate: false });
    drawPoints();
  };

  function pointMarker(point: MapPoint): L.Layer {
    const isSelected = selected.has(point.id);
    const colour = isSelected
      ? SELECTED_COLOUR
      : point.colour === undefined
        ? TONE_COLOURS[point.tone ?? 'planned']
        : mapPaletteColour(point.colour);
    const ring = point.shape === 'ring' && !isSelected;
    const marker =
      point.order === undefined && point.shape === 'square'
        ? L.marker([point.latitude, point.longitude], {
            icon: L.divIcon({
              className: isSelected ? 'rd-map-selected' : 'rd-map-square',
              html: `<span style="${SQUARE_STYLE}background:${colour}"></span>`,
              iconSize: [14, 14],
              iconAnchor: [7, 7],
            }),
            keyboard: false,
          })
        : point.order === undefined
          ? L.circleMarker([point.latitude, point.longitude], {
              radius: isSelected ? 8 : 7,
              color: isSelected ? '#111' : ring ? colour : '#fff',
              weight: ring ? 3 : 2,
              fillColor: ring ? '#fff' : colour,
              fillOpacity: 0.95,
              className: isSelected ? 'rd-map-selected' : ring ? 'rd-map-ring' : 'rd-map-point',
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
    return marker.bindTooltip(escapeHtml(point.label));
  }

  /** The points layer: every point, or (clustered) the clusters and lone points in and near the view. */
  function drawPoints() {
    pointLayer.clearLayers();
    const points = current.points ?? [];
    if (!current.cluster) {
      for (const point of points) pointMarker(point).addTo(pointLayer);
      return;
    }
    const view = map.getBounds().pad(0.25);
    const inView = points.filter((point) => view.contains([point.latitude, point.longitude]));
    for (const cluster of clusterPoints(inView, map.getZoom())) {
      if (cluster.members.length === 1) {
        pointMarker(cluster.members[0]!).addTo(pointLayer);
        continue;
      }
      const count = cluster.members.length;
      L.marker([cluster.latitude, cluster.longitude], {
        icon: clusterIcon(count, text.cluster(count)),
        keyboard: false,
      })
        .on('click', () => {
          const extent = L.latLngBounds([cluster.south, cluster.west], [cluster.north, cluster.east]);
          const zoom = map.getZoom();
          if (extent.getNorthEast().equals(extent.getSouthWest()) || map.getBoundsZoom(extent) <= zoom) {
            map.setView([cluster.latitude, cluster.longitude], Math.min(zoom + 2, 19));
          } else {
            map.fitBounds(extent, { maxZoom: 19 });
          }
        })
        .addTo(pointLayer);
    }
  }
  map.on('zoomend moveend', () => {
    if (current.cluster) drawPoints();
  });

  // --- the played route
  let playhead: L.CircleMarker | null = null;
  let travelled: L.Polyline | null = null;
  function setPlayhead(at: number) {
    const positions = current.track?.positions ?? [];
    const now = positionAt(positions, at);
    if (!now || !playhead || !travelled) return;
    playhead.setLatLng([now.latitude, now.longitude]);
    travelled.setLatLngs(travelledUntil(positions, at).map((fix) => [fix.latitude, fix.longitude] as L.LatLngTuple));
  }
  function drawTrack(data: MapData, bounds: L.LatLngBounds) {
    trackLayer.clearLayers();
    playhead = null;
    travelled = null;
    const track = data.track;
    if (!track || track.positions.length === 0) return;
    const path = track.positions.map((fix) => [fix.latitude, fix.longitude] as L.LatLngTuple);
    L.polyline(path, { color: '#1c5fb8', weight: 3, opacity: 0.3, className: 'rd-map-track' }).addTo(trackLayer);
    travelled = L.polyline([], { color: '#1c5fb8', weight: 4, opacity: 0.9, className: 'rd-map-travelled' }).addTo(
      trackLayer,
    );
    for (const fix of path) bounds.extend(fix);
    for (const stop of track.stops ?? []) {
      L.marker([stop.latitude, stop.longitude], {
        icon: L.divIcon({
          className: 'rd-map-track-stop',
          html: `<span style="${STOP_STYLE}background:#5f6368;width:18px;height:18px">&#9632;</span>`,
          iconSize: [18, 18],
          iconAnchor: [9, 9],
        }),
        keyboard: false,
      })
        .bindTooltip(escapeHtml(text.stop(stop)))
        .addTo(trackLayer);
    }
    for (const event of track.events ?? []) {
      L.circleMarker([event.latitude, event.longitude], {
        radius: 6,
        color: '#fff',
        weight: 2,
        fillColor: TONE_COLOURS[event.tone ?? 'done'],
        fillOpacity: 1,
        className: 'rd-map-track-event',
      })
        .bindTooltip(escapeHtml(event.label))
        .addTo(trackLayer);
    }
    const first = track.positions[0]!;
    playhead = L.circleMarker([first.latitude, first.longitude], {
      radius: 8,
      color: '#111',
      weight: 3,
      fillColor: '#ffd43b',
      fillOpacity: 1,
      className: 'rd-map-playhead',
    }).addTo(trackLayer);
    if (text.here) playhead.bindTooltip(escapeHtml(text.here));
    setPlayhead(first.at);
  }

  // --- drawing a selection: a polygon corner by corner (clicks; a double click or finishDrawing closes it), or a
  // freehand lasso (pointer down, move, up)
  let drawing: { mode: DrawMode; corners: L.LatLng[]; onDrawn: (ids: (string | number)[]) => void } | null = null;
  let sketch: L.Polyline | null = null;
  const container = map.getContainer();
  const stopInteraction = () => {
    map.dragging.disable();
    map.doubleClickZoom.disable();
    container.style.cursor = 'crosshair';
  };
  const restoreInteraction = () => {
    map.dragging.enable();
    map.doubleClickZoom.enable();
    container.style.cursor = '';
  };
  const redrawSketch = () => {
    if (!drawing) return;
    sketch ??= L.polyline([], { color: SELECTED_COLOUR, weight: 2, className: 'rd-map-sketch' }).addTo(drawLayer);
    sketch.setLatLngs(drawing.corners);
  };
  const finishDrawing = () => {
    if (!drawing) return;
    const { corners, onDrawn } = drawing;
    drawing = null;
    restoreInteraction();
    drawLayer.clearLayers();
    sketch = null;
    if (corners.length >= 3) {
      L.polygon(corners, { color: SELECTED_COLOUR, weight: 2, fillOpacity: 0.08, className: 'rd-map-drawn' }).addTo(
        drawLayer,
      );
    }
    const polygon: LatLng[] = corners.map((corner) => ({ latitude: corner.lat, longitude: corner.lng }));
    onDrawn(selectInside(current.points ?? [], polygon));
  };
  map.on('click', (event: L.LeafletMouseEvent) => {
    if (drawing?.mode !== 'polygon') return;
    drawing.corners.push(event.latlng);
    redrawSketch();
  });
  map.on('dblclick', () => {
    if (drawing?.mode === 'polygon') finishDrawing();
  });
  let lassoing = false;
  const onPointerDown = (event: MouseEvent) => {
    if (drawing?.mode !== 'lasso') return;
    lassoing = true;
    drawing.corners = [map.mouseEventToLatLng(event)];
    redrawSketch();
    event.preventDefault();
  };
  const onPointerMove = (event: MouseEvent) => {
    if (!lassoing || drawing?.mode !== 'lasso') return;
    drawing.corners.push(map.mouseEventToLatLng(event));
    redrawSketch();
  };
  const onPointerUp = () => {
    if (!lassoing) return;
    lassoing = false;
    finishDrawing();
  };
  container.addEventListener('pointerdown', onPointerDown);
  container.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);

  return {
    update,
    select: (ids) => {
      selected = new Set(ids);
      drawPoints();
    },
    draw: (mode, onDrawn) => {
      drawLayer.clearLayers();
      sketch = null;
      drawing = { mode, corners: [], onDrawn };
      stopInteraction();
    },
    finishDrawing,
    clearDrawing: () => {
      drawing = null;
      lassoing = false;
      sketch = null;
      drawLayer.clearLayers();
      restoreInteraction();
    },
    setPlayhead,
    basemap: () => kind,
    map,
    destroy: () => {
      destroyed = true;
      container.removeEventListener('pointerdown', onPointerDown);
      container.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      map.remove();
    },
  };
}
