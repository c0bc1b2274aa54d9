// The product's map component (issue 14; reused by the command center): the data it draws. No Leaflet types here,
// so screens can describe a map without downloading the map library.

export type MapTone = 'planned' | 'done' | 'alert' | 'muted';

/**
 * A categorical palette for points told apart by group (e.g. one colour per collector): eight colours that keep a 3:1
 * contrast with the basemap and stay apart for the common colour-vision deficiencies (after Okabe–Ito, darkened).
 * A point's `colour` indexes it (wrapping). Colour is never the only cue: a screen names the groups in words (legend,
 * labels, table).
 */
export const MAP_PALETTE = [
  '#1c5fb8',
  '#b34700',
  '#1b7a4a',
  '#8e3b8e',
  '#a11d4f',
  '#0f6e75',
  '#6b5a00',
  '#424b54',
] as const;

/** The palette colour of index `colour` (wrapping; a negative index counts as 0). */
export function mapPaletteColour(colour: number): string {
  const index = Math.max(0, Math.trunc(colour)) % MAP_PALETTE.length;
  return MAP_PALETTE[index]!;
}

/** How a marker is drawn: a filled dot (default), a ring (outline only) or a filled square. */
export type MapShape = 'dot' | 'ring' | 'square';

/** A marker: a place with a name; `order` draws its number (a route's stops), `tone` its colour. */
export type MapPoint = {
  id: string | number;
  latitude: number;
  longitude: number;
  label: string;
  order?: number;
  tone?: MapTone;
  /** a palette colour (index into `MAP_PALETTE`) instead of the tone: points told apart by group */
  colour?: number;
  /** the marker's shape (default a dot): a second cue besides colour, e.g. paid vs not paid */
  shape?: MapShape;
  /** the pincode of the place: a selectable map offers selection by a list of pincodes (keyboard alternative) */
  pincode?: string;
};

/** A stop on a played route: where the person stood still, from when to when (epoch ms). */
export type MapStopMark = {
  id: string | number;
  latitude: number;
  longitude: number;
  from: number;
  to: number;
  label: string;
};

/** A day's route for playback: timed positions (epoch ms, in time order), its stops and events (receipts, visits). */
export type MapTrack = {
  positions: readonly { latitude: number; longitude: number; at: number }[];
  stops?: readonly MapStopMark[];
  /** receipts, visits …: drawn on the route as markers with their label (tone `alert` for a flagged one) */
  events?: readonly MapPoint[];
};

/** A circle of a real size on the ground (a customer's geofence): its centre, radius in metres and name. */
export type MapCircle = {
  id: string | number;
  latitude: number;
  longitude: number;
  radiusM: number;
  label: string;
  tone?: MapTone;
};

/** A density (heat) cell: a place and how many things are there; drawn as a circle scaled and coloured by count. */
export type MapDensityCell = { latitude: number; longitude: number; count: number };

export type MapData = {
  points?: readonly MapPoint[];
  density?: readonly MapDensityCell[];
  /** circles of a given radius in metres (geofences), drawn under the markers */
  circles?: readonly MapCircle[];
  /** join the points in their order with a line (a route), starting at `start` when given */
  route?: boolean;
  start?: { latitude: number; longitude: number } | null;
  /** draw the points clustered by zoom (a count in a circle; a click zooms in): for thousands of points */
  cluster?: boolean;
  /** ids of points shown as selected */
  selected?: readonly (string | number)[];
  /** a route to play (with RoutePlayer) */
  track?: MapTrack | null;
};

/** How the pointer draws a selection on a selectable map: corner by corner, or a freehand lasso. */
export type DrawMode = 'polygon' | 'lasso';

/** What the map shows under its layers: the configured tiles, or the offline basemap bundled with the product. */
export type BasemapKind = 'tiles' | 'offline';

export type MapSettings = { tileUrl: string | null; attribution: string | null };
