import {
  IMAGE_MESSAGES,
  MAX_IMAGE_BYTES,
  myServicesResponseSchema,
  providerProfileResponseSchema,
  SERVICE_LIMITS,
  SERVICE_PHOTO_MESSAGES,
  type Service,
  type ServiceInput,
  serviceResponseSchema,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePhotos } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { EXE, GIF, hasGpsTag, makeImage, PDF, postFile, SVG } from '../../test/documents.ts';
import { call, onboardedProvider, PLACES } from '../../test/providers.ts';

const BRAIDS: ServiceInput = {
  title: 'Knotless braids',
  category: 'hair-braiding',
  description: 'Medium knotless braids, hair included, about five hours in my salon.',
  price_type: 'fixed',
  price: 35_000,
  duration_minutes: 300,
  status: 'published',
};

/** A phone photo: 1600×900 pixels, orientation 6 (shown 900×1600), GPS position and camera in EXIF. */
const phonePhoto = () =>
  makeImage('jpeg', {
    width: 1600,
    height: 900,
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

/**
 * Photos of a service: stored as public WebP variants without metadata, served without a signature,
 * at most SERVICE_LIMITS.photosMax, only by the service's owner; listed with the service everywhere.
 */
describe('service photos API', () => {
  let t: TestApp;
  let ama: TestUser;
  let kojo: TestUser;
  let small: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    ama = await onboardedProvider(t, {
      name: 'Ama Serwaa',
      place: PLACES.accra,
      categories: ['hair-braiding'],
    });
    kojo = await onboardedProvider(t, { name: 'Kojo Antwi', place: PLACES.kumasi });
    small = await makeImage('png', { width: 60, height: 40 });
  });
  afterAll(() => t.close());

  const createService = async (user: TestUser, body: Partial<ServiceInput> = {}) => {
    const res = await call(t, 'POST', '/api/services', user.cookie, { ...BRAIDS, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return serviceResponseSchema.parse(res.json()).service;
  };
  const upload = (user: TestUser | undefined, serviceId: string, file: Buffer, filename = 'photo.jpg') =>
    postFile(t, user?.cookie, `/api/services/${serviceId}/photos`, file, { filename });
  const addPhoto = async (user: TestUser, serviceId: string, file: Buffer = small): Promise<Service> => {
    const res = await upload(user, serviceId, file);
    expect(res.statusCode, res.body).toBe(201);
    return serviceResponseSchema.parse(res.json()).service;
  };
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores a phone photo as upright WebP variants without metadata, served publicly', async () => {
    const service = await createService(ama);
    const saved = await addPhoto(ama, service.id, await phonePhoto());
    expect(saved.id).toBe(service.id);
    expect(saved.photos).toHaveLength(1);
    const [photo] = saved.photos;
    // Turned upright (900×1600), then fitted inside 1200 px.
    expect(photo).toMatchObject({ position: 0, width: 675, height: 1200 });
    expect(photo!.url).toMatch(
      /^\/api\/files\/public\/services\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}-large\.webp$/,
    );
    expect(photo!.thumb_url).toMatch(/-thumb\.webp$/);
    expect(photo!.url).not.toMatch(/[?&](sig|expires)=/);

    // Anyone, signed out, at a stable URL.
    const large = await fetchFile(photo!.url);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(large.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 675, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(hasGpsTag(meta.exif)).toBe(false);
    expect(meta.orientation).toBeUndefined();

    const thumb = await fetchFile(photo!.thumb_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 225, height: 400 });
    expect(thumbMeta.exif).toBeUndefined();

    // Small images are never enlarged.
    const withSmall = await addPhoto(ama, service.id, small);
    expect(withSmall.photos[1]).toMatchObject({ position: 1, width: 60, height: 40 });
  });

  it('lists photos in /api/services/mine, GET /api/services/:id and the public profile', async () => {
    const service = await createService(ama, { title: 'Cornrows' });
    await addPhoto(ama, service.id);
    const saved = await addPhoto(ama, service.id, await makeImage('webp', { width: 30, height: 30 }));
    const expected = saved.photos.map((p) => ({
      id: p.id,
      url: p.url,
      thumb_url: p.thumb_url,
      width: p.width,
      height: p.height,
    }));
    expect(expected).toHaveLength(2);

    const mine = myServicesResponseSchema.parse(
      (await call(t, 'GET', '/api/services/mine', ama.cookie)).json(),
    );
    expect(mine.items.find((s) => s.id === service.id)?.photos).toMatchObject(expected);

    const one = await call(t, 'GET', `/api/services/${service.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().service.photos).toMatchObject(expected);

    const profile = await call(t, 'GET', `/api/providers/${mine.profile_slug}`);
    expect(profile.statusCode, profile.body).toBe(200);
    const body = providerProfileResponseSchema.parse(profile.json());
    expect(body.services.find((s) => s.id === service.id)?.photos).toMatchObject(expected);
  });

  it(`refuses a photo beyond ${SERVICE_LIMITS.photosMax} with a message naming the limit`, async () => {
    const service = await createService(ama, { title: 'Box braids', status: 'draft' });
    for (let i = 0; i < SERVICE_LIMITS.photosMax; i++) await addPhoto(ama, service.id);
    const res = await upload(ama, service.id, small);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: SERVICE_PHOTO_MESSAGES.tooMany });
    expect(SERVICE_PHOTO_MESSAGES.tooMany).toContain(`at most ${SERVICE_LIMITS.photosMax} photos`);
    const rows = await t.database.db
      .select()
      .from(servicePhotos)
      .where(eq(servicePhotos.service_id, service.id));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    // Nothing was stored for the refused one.
    const stored = await t.app.deps.storage.publicFiles.list(`services/${service.id}/`);
    expect(stored).toHaveLength(SERVICE_LIMITS.photosMax * 2);
  });

  it('refuses what is not a JPEG, PNG or WebP image, and files over 10 MB, with clear messages', async () => {
    const service = await createService(ama, { title: 'Twists', status: 'draft' });
    for (const [file, name] of [
      [GIF, 'photo.jpg'],
      [PDF, 'photo.pdf'],
      [EXE, 'photo.png'],
      [SVG, 'photo.svg'],
    ] as const) {
      const res = await upload(ama, service.id, file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: IMAGE_MESSAGES.wrongType,
        details: { fields: [{ field: 'file', message: IMAGE_MESSAGES.wrongType }] },
      });
    }
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const unreadable = await upload(ama, service.id, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.message).toBe(IMAGE_MESSAGES.unreadable);

    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_IMAGE_BYTES, 1)]);
    const tooLarge = await upload(ama, service.id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: IMAGE_MESSAGES.tooLarge,
    });

    const notMultipart = await call(t, 'POST', `/api/services/${service.id}/photos`, ama.cookie, {
      file: 'x',
    });
    expect(notMultipart.statusCode).toBe(415);

    const empty = await upload(ama, service.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);

    const listed = await call(t, 'GET', '/api/services/mine', ama.cookie);
    expect(listed.json().items.find((s: Service) => s.id === service.id).photos).toEqual([]);
    expect(await t.app.deps.storage.publicFiles.list(`services/${service.id}/`)).toEqual([]);
  });

  it("keeps everyone else out of a provider's photos", async () => {
    const service = await createService(ama, { title: 'Ghana weaving' });
    const { photos } = await addPhoto(ama, service.id);
    const photoId = photos[0]!.id;
    const customer = await signUp(t);

    // Signed out 401, a customer 403, another provider 404 (the service does not exist for them).
    expect((await upload(undefined, service.id, small)).statusCode).toBe(401);
    expect((await upload(customer, service.id, small)).statusCode).toBe(403);
    const add = await upload(kojo, service.id, small);
    expect(add.statusCode).toBe(404);
    const remove = await call(t, 'DELETE', `/api/services/${service.id}/photos/${photoId}`, kojo.cookie);
    expect(remove.statusCode).toBe(404);
    const reorder = await call(t, 'PUT', `/api/services/${service.id}/photos/order`, kojo.cookie, {
      photo_ids: [photoId],
    });
    expect(reorder.statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/services/${service.id}/photos/${photoId}`)).statusCode).toBe(401);

    // A photo id of Ama's under Kojo's own service is not found either.
    const kojos = await createService(kojo, { title: 'Leak repair', category: 'plumbing' });
    const cross = await call(t, 'DELETE', `/api/services/${kojos.id}/photos/${photoId}`, kojo.cookie);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe(SERVICE_PHOTO_MESSAGES.notFound);

    const still = await call(t, 'GET', `/api/services/${service.id}`);
    expect(still.json().service.photos).toHaveLength(1);
    expect((await fetchFile(photos[0]!.url)).statusCode).toBe(200);
  });

  it('reorders: every photo exactly once', async () => {
    const service = await createService(ama, { title: 'Braids with beads', status: 'draft' });
    await addPhoto(ama, service.id);
    await addPhoto(ama, service.id);
    const { photos } = await addPhoto(ama, service.id);
    const ids = photos.map((p) => p.id);
    const reversed = [...ids].reverse();

    const res = await call(t, 'PUT', `/api/services/${service.id}/photos/order`, ama.cookie, {
      photo_ids: reversed,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reordered = serviceResponseSchema.parse(res.json()).service.photos;
    expect(reordered.map((p) => p.id)).toEqual(reversed);
    expect(reordered.map((p) => p.position)).toEqual([0, 1, 2]);

    for (const photo_ids of [ids.slice(1), [ids[0], ids[0], ids[1]], [...ids, ids[0]]]) {
      const bad = await call(t, 'PUT', `/api/services/${service.id}/photos/order`, ama.cookie, { photo_ids });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.fields).toEqual([
        { field: 'photo_ids', message: SERVICE_PHOTO_MESSAGES.order },
      ]);
    }
  });

  it('deletes a photo with its files, and closes the gap in the order', async () => {
    const service = await createService(ama, { title: 'Crochet braids', status: 'draft' });
    await addPhoto(ama, service.id);
    await addPhoto(ama, service.id);
    const { photos } = await addPhoto(ama, service.id);
    const [first, middle, last] = photos;

    const res = await call(t, 'DELETE', `/api/services/${service.id}/photos/${middle!.id}`, ama.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const left = serviceResponseSchema.parse(res.json()).service.photos;
    expect(left.map((p) => [p.id, p.position])).toEqual([
      [first!.id, 0],
      [last!.id, 1],
    ]);
    expect((await fetchFile(middle!.url)).statusCode).toBe(404);
    expect((await fetchFile(middle!.thumb_url)).statusCode).toBe(404);
    expect((await fetchFile(first!.url)).statusCode).toBe(200);

    const again = await call(t, 'DELETE', `/api/services/${service.id}/photos/${middle!.id}`, ama.cookie);
    expect(again.statusCode).toBe(404);

    // A new photo goes last, after the gap closed.
    const more = await addPhoto(ama, service.id);
    expect(more.photos.map((p) => p.position)).toEqual([0, 1, 2]);
  });

  it("deleting a service removes its photos' files", async () => {
    const service = await createService(ama, { title: 'Wig installation', status: 'draft' });
    await addPhoto(ama, service.id);
    const { photos } = await addPhoto(ama, service.id);
    expect(await t.app.deps.storage.publicFiles.list(`services/${service.id}/`)).toHaveLength(4);

    expect((await call(t, 'DELETE', `/api/services/${service.id}`, ama.cookie)).statusCode).toBe(204);
    expect(await t.app.deps.storage.publicFiles.list(`services/${service.id}/`)).toEqual([]);
    for (const photo of photos) expect((await fetchFile(photo.url)).statusCode).toBe(404);
  });

  it('serves only the public area: no way out of it, no private document through it', async () => {
    await t.app.deps.storage.put('someone/front/1-secret.jpg', small, 'image/jpeg');
    for (const url of [
      '/api/files/public/..%2Fprovider-documents%2Fsomeone%2Ffront%2F1-secret.jpg',
      '/api/files/public/%2e%2e/provider-documents/someone/front/1-secret.jpg',
      '/api/files/public/someone/front/1-secret.jpg',
      '/api/files/public/services/.hidden.webp',
      '/api/files/public/',
    ]) {
      const res = await fetchFile(url);
      // 404, or 403 where the router resolved `..` to the signed route (which wants a signature).
      expect([403, 404], url).toContain(res.statusCode);
    }
  });
});
