/** OpenStreetMap's tiles: used when the page carries no setting (the Vite dev server, a unit test). */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The map tiles: the server writes MAP_TILE_URL into the served HTML as
 * `<meta name="adwuma-map-tiles">` (the same setting allows their host in its Content-Security-Policy),
 * so changing tiles needs a restart, not a build. Every map works without them: markers and clicks
 * need no tiles.
 */
export function mapTileUrl(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="adwuma-map-tiles"]');
  return meta?.content.trim() || DEFAULT_MAP_TILE_URL;
}

/** Read once: the meta is in the HTML before any script runs, and maps load after it. */
export const MAP_TILE_URL: string = mapTileUrl();

export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
