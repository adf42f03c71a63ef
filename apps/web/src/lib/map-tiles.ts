/**
 * The map tiles (MAP_TILE_URL, given to the build as VITE_MAP_TILE_URL; its host is allowed by the
 * server's Content-Security-Policy). Every map works without them: markers and clicks need no tiles.
 */
export const MAP_TILE_URL: string =
  import.meta.env.VITE_MAP_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
