/**
 * Grid clustering for the results map: points whose screen positions fall in the same cell (of
 * `cellPx` pixels at the map's zoom) become one marker with a count. Simple and fast enough for a
 * page of results on a cheap phone; recomputed when the zoom changes.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Cluster<T> extends LatLng {
  /** Stable for the same members: the first member's key and the count. */
  key: string;
  items: T[];
}

export type Projection = (point: LatLng) => { x: number; y: number };

/** Web Mercator pixel coordinates at a zoom level (what Leaflet's default CRS projects to). */
export function mercator(zoom: number): Projection {
  const size = 256 * 2 ** zoom;
  return ({ lat, lng }) => {
    const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
    const sin = Math.sin((clamped * Math.PI) / 180);
    return {
      x: ((lng + 180) / 360) * size,
      y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
    };
  };
}

export function clusterPoints<T>(
  items: readonly T[],
  position: (item: T) => LatLng | null,
  project: Projection,
  keyOf: (item: T) => string,
  cellPx = 56,
): Cluster<T>[] {
  const cells = new Map<string, { items: T[]; lat: number; lng: number }>();
  for (const item of items) {
    const at = position(item);
    if (!at) continue;
    const { x, y } = project(at);
    const cell = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const found = cells.get(cell);
    if (found) {
      found.items.push(item);
      found.lat += at.lat;
      found.lng += at.lng;
    } else {
      cells.set(cell, { items: [item], lat: at.lat, lng: at.lng });
    }
  }
  // Neighbours across a cell border would still overlap on screen: merge groups closer than a cell.
  const merged: { items: T[]; lat: number; lng: number; x: number; y: number }[] = [];
  for (const c of cells.values()) {
    const centre = { lat: c.lat / c.items.length, lng: c.lng / c.items.length };
    const { x, y } = project(centre);
    const near = merged.find((m) => Math.hypot(m.x - x, m.y - y) < cellPx);
    if (!near) {
      merged.push({ items: c.items, lat: c.lat, lng: c.lng, x, y });
      continue;
    }
    near.items.push(...c.items);
    near.lat += c.lat;
    near.lng += c.lng;
    const moved = project({ lat: near.lat / near.items.length, lng: near.lng / near.items.length });
    near.x = moved.x;
    near.y = moved.y;
  }
  return merged.map((c) => ({
    key: `${keyOf(c.items[0] as T)}+${c.items.length}`,
    items: c.items,
    lat: c.lat / c.items.length,
    lng: c.lng / c.items.length,
  }));
}

/** The box around points (for fitting the map); null without points. */
export function boundsOf(points: readonly LatLng[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let minLat = 90;
  let maxLat = -90;
  let minLng = 180;
  let maxLng = -180;
  for (const p of points) {
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
  }
  return [
    [minLat, minLng],
    [maxLat, maxLng],
  ];
}
