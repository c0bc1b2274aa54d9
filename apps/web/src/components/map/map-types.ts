// The product's map component (issue 14; reused by the command center): the data it draws. No Leaflet types here,
// so screens can describe a map without downloading the map library.

export type MapTone = 'planned' | 'done' | 'alert' | 'muted';

/** A marker: a place with a name; `order` draws its number (a route's stops), `tone` its colour. */
export type MapPoint = {
  id: string | number;
  latitude: number;
  longitude: number;
  label: string;
  order?: number;
  tone?: MapTone;
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
