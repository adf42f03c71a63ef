import type { AppConfig } from '../config.ts';

/** Origins the map tiles come from, taken from MAP_TILE_URL (`{s}` subdomains allowed). */
function tileOrigins(tileUrl: string): string[] {
  try {
    const url = new URL(tileUrl.replace('{s}', 'a').replace(/\{[^}]+\}/g, '0'));
    const host = tileUrl.includes('{s}.') ? `*.${url.host.split('.').slice(1).join('.')}` : url.host;
    return [`${url.protocol}//${host}`];
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy the SPA works under: scripts only from our origin (no inline script;
 * the theme is set by /theme-init.js), inline styles allowed for the toast library and style props.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config.mapTileUrl)],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}
