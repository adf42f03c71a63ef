import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { profiles, providerLocations, providerServiceTags } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import { ORIGIN, type TestUser, uniqueIp } from './auth.ts';

/** Real images made with sharp (small, with distinct pixels). */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp',
  options: {
    width?: number;
    height?: number;
    exif?: Record<string, Record<string, string>>;
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const width = options.width ?? 40;
  const height = options.height ?? 24;
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  if (options.exif) image = image.withExif(options.exif);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/**
 * A 40×24 JPEG as phones write them: EXIF with a GPS position (Accra) and the camera model, and
 * orientation 6 (shown rotated 90°, i.e. 24×40).
 */
export function jpegWithGps(): Promise<Buffer> {
  return makeImage('jpeg', {
    orientation: 6,
    exif: {
      IFD0: { Make: 'Tecno', Model: 'Camon 20' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '5/1 36/1 13/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 11/1 13/1',
      },
    },
  });
}

/** A minimal, valid one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A Windows executable's first bytes, a GIF and an SVG: refused whatever they are called. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30, 1)]);
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export function multipartBody(
  file: Buffer,
  opts: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer; contentType: string } {
  const boundary = '----adwumaDocumentBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'card.jpg'}"\r\nContent-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST `url` with the file in the multipart field `file` (or `opts.field`). */
export function postFile(
  t: TestApp,
  cookie: string | undefined,
  url: string,
  file: Buffer,
  opts: Parameters<typeof multipartBody>[1] = {},
) {
  const { payload, contentType } = multipartBody(file, opts);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: uniqueIp(),
    headers: { 'content-type': contentType, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/** POST /api/verification/documents/:type with the file in the field `file`. */
export function uploadDocument(
  t: TestApp,
  cookie: string | undefined,
  type: string,
  file: Buffer,
  opts: Parameters<typeof multipartBody>[1] = {},
) {
  return postFile(t, cookie, `/api/verification/documents/${type}`, file, opts);
}

/** Any API call with a cookie and a fresh client address. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Uploads front, back and selfie as small JPEGs. */
export async function uploadAll(t: TestApp, user: TestUser) {
  const jpeg = await makeImage('jpeg');
  for (const type of ['front', 'back', 'selfie']) {
    const res = await uploadDocument(t, user.cookie, type, jpeg);
    if (res.statusCode !== 201) throw new Error(`upload ${type} failed: ${res.statusCode} ${res.body}`);
  }
}

/**
 * Gives a provider the three core onboarding items (picture and name, a confirmed location, a
 * service tag) straight in the database, so the gate's next case is the documents.
 */
export async function completeCoreOnboarding(t: TestApp, userId: string) {
  const { db } = t.database;
  await db
    .update(profiles)
    .set({ avatar_url: `/api/avatars/${userId}?v=1`, full_name: 'Ama Mensah' })
    .where(eq(profiles.id, userId));
  await db.insert(providerLocations).values({
    provider_id: userId,
    city: 'Accra',
    country: 'Ghana',
    latitude: 5.6037,
    longitude: -0.187,
    geocoding_accuracy: 'user',
  });
  await db.insert(providerServiceTags).values({ provider_id: userId, tag: 'Knotless braids' });
}

/** Whether EXIF data holds a GPS block (the GPS IFD pointer tag 0x8825, either byte order). */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
