import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '../config.ts';
import { s3Origin } from './storage.ts';

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
 * With S3_* set, the bucket's origin may serve images, frames (PDFs) and fetches.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[] | null> {
  // Identity documents on S3 are shown (img, PDF in a frame, download) from the bucket's own origin.
  const files = [s3Origin(config.s3)].filter((o): o is string => o !== null);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config.mapTileUrl), ...files],
    frameSrc: ["'self'", ...files],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...files],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Over plain http (a LAN address, a first local run) upgrading would rewrite every asset to an
    // https that does not exist: a blank page. null drops helmet's default.
    upgradeInsecureRequests: servedOverHttps(config) ? [] : null,
  };
}

/** Whether PUBLIC_URL is https: only then are upgrade-insecure-requests and HSTS sent. */
export function servedOverHttps(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return new URL(config.publicUrl).protocol === 'https:';
}

/** Helmet's options: our CSP, and HSTS only over https (over http it would pin browsers to nothing). */
export function helmetOptions(config: AppConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    hsts: servedOverHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
