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
};

/** A density (heat) cell: a place and how many things are there; drawn as a circle scaled and coloured by count. */
export type MapDensityCell = { latitude: number; longitude: number; count: number };

export type MapData = {
  points?: readonly MapPoint[];
  density?: readonly MapDensityCell[];
  /** join the points in their order with a line (a route), starting at `start` when given */
  route?: boolean;
  start?: { latitude: number; longitude: number } | null;
};

/** What the map shows under its layers: the configured tiles, or the offline basemap bundled with the product. */
export type BasemapKind = 'tiles' | 'offline';

export type MapSettings = { tileUrl: string | null; attribution: string | null };
