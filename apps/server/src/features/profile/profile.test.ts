import { IMAGE_MESSAGES } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, profiles, providerSkills, userRoles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { get, makeAdmin, ORIGIN, signUp, uniqueIp } from '../../test/auth.ts';
import { hasGpsTag, jpegWithGps, makeImage } from '../../test/documents.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4d20000000049454e44ae426082',
    'hex',
  ),
]);
/** The 1×1 PNG with its header (IHDR, CRC fixed) declaring `width`×`height`: a decompression bomb's shape. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const chunk = Buffer.concat([Buffer.from('IHDR'), ihdr]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk), 0);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13, 0);
  return Buffer.concat([PNG.subarray(0, 8), length, chunk, crc, PNG.subarray(33)]);
}

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function multipart(file: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = '----adwumaTestBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'me.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (cookie: string | undefined, payload: unknown, url = '/api/profile') =>
    t.app.inject({
      method: 'PATCH',
      url,
      payload: payload as object,
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  const upload = (cookie: string | undefined, file: Buffer, opts: Parameters<typeof multipart>[1] = {}) => {
    const { payload, contentType } = multipart(file, opts);
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload,
      remoteAddress: uniqueIp(),
      headers: { 'content-type': contentType, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  };

  it('reads and updates your own profile; updated_at moves; the account name follows', async () => {
    const user = await signUp(t);
    const before = (await get(t, '/api/profile', user.cookie)).json();
    expect(before).toMatchObject({ id: user.id, full_name: 'Ama Mensah', phone: null, show_phone: false });
    const res = await patch(user.cookie, {
      full_name: 'Ama Serwaa Mensah',
      phone: '024 123 4567',
      bio: 'Braids and cornrows in Osu.',
      city: 'Accra',
      show_phone: true,
      whatsapp_enabled: true,
      currency_preference: 'USD',
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({
      full_name: 'Ama Serwaa Mensah',
      phone: '+233241234567',
      bio: 'Braids and cornrows in Osu.',
      city: 'Accra',
      show_phone: true,
      whatsapp_enabled: true,
      currency_preference: 'USD',
      role: 'customer',
    });
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    const [account] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(account?.name).toBe('Ama Serwaa Mensah');

    const cleared = await patch(user.cookie, { bio: '  ', phone: null });
    expect(cleared.json()).toMatchObject({ bio: null, phone: null, full_name: 'Ama Serwaa Mensah' });
  });

  it.each([
    [{ role: 'admin' }, 'role'],
    [{ is_admin: true }, 'is_admin'],
    [{ type: 'provider' }, 'type'],
    [{ id: 'someone-else' }, 'id'],
  ])('refuses %j with 400 naming the field, and changes nothing', async (payload, field) => {
    const user = await signUp(t);
    const res = await patch(user.cookie, { bio: 'hello', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toContain(field);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject({ role: 'customer', type: 'customer', is_admin: false, bio: null });
  });

  it.each([
    [{ full_name: 'A' }, 'full_name', 'Must be at least 2 characters long'],
    [{ bio: '<script>alert(1)</script>' }, 'bio', 'HTML tags are not allowed'],
    [{ phone: '12345' }, 'phone', 'Enter a Ghana phone number, e.g. +233 24 123 4567'],
    [{ currency_preference: 'EUR' }, 'currency_preference', 'Choose GHS or USD'],
    [{ show_phone: 'yes' }, 'show_phone', undefined],
  ])('refuses %j with the field and message', async (payload, field, message) => {
    const user = await signUp(t);
    const res = await patch(user.cookie, payload);
    expect(res.statusCode).toBe(400);
    const first = res.json().error.details.fields[0];
    expect(first.field).toBe(field);
    if (message) expect(first.message).toBe(message);
  });

  it('lets no one read or change another user’s profile; admins may read any', async () => {
    const a = await signUp(t, { name: 'User Alpha' });
    const b = await signUp(t, { name: 'User Bravo' });
    const read = await get(t, `/api/profiles/${b.id}`, a.cookie);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.code).toBe('FORBIDDEN');
    expect((await get(t, `/api/profiles/${a.id}`, a.cookie)).json().full_name).toBe('User Alpha');
    expect((await get(t, `/api/profiles/${b.id}`)).statusCode).toBe(401);

    // PATCH only ever targets the caller: there is no id to aim at, and /api/profiles/:id has no PATCH.
    expect((await patch(a.cookie, { full_name: 'Hacked' }, `/api/profiles/${b.id}`)).statusCode).toBe(404);
    expect((await patch(a.cookie, { id: b.id, full_name: 'Hacked' })).statusCode).toBe(400);
    const [bRow] = await t.database.db.select().from(profiles).where(eq(profiles.id, b.id));
    expect(bRow?.full_name).toBe('User Bravo');

    const admin = await signUp(t, { name: 'Admin Person' });
    await makeAdmin(t, admin.id);
    expect((await get(t, `/api/profiles/${b.id}`, admin.cookie)).json().full_name).toBe('User Bravo');
    expect((await get(t, '/api/profiles/no-such-user', admin.cookie)).statusCode).toBe(404);
  });

  it('keeps the language the user chose (issue 21): null until chosen, en or ak, read back by /api/me', async () => {
    const user = await signUp(t);
    const me = async () => (await get(t, '/api/me', user.cookie)).json();
    expect((await me()).preferred_language).toBeNull();
    expect((await me()).profile.preferred_language).toBeNull();
    const set = await patch(user.cookie, { preferred_language: 'ak' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().preferred_language).toBe('ak');
    expect((await me()).preferred_language).toBe('ak');
    expect((await me()).profile.preferred_language).toBe('ak');
    expect((await get(t, '/api/profile', user.cookie)).json().preferred_language).toBe('ak');
    // Other changes leave it as it is; null clears it.
    await patch(user.cookie, { bio: 'Plumber in Kumasi.' });
    expect((await me()).preferred_language).toBe('ak');
    await patch(user.cookie, { preferred_language: 'en' });
    expect((await me()).preferred_language).toBe('en');
    await patch(user.cookie, { preferred_language: null });
    expect((await me()).preferred_language).toBeNull();
  });

  it.each(['fr', 'twi', 'AK', 1])(
    'refuses the language %j with 400 naming preferred_language',
    async (value) => {
      const user = await signUp(t);
      await patch(user.cookie, { preferred_language: 'ak' });
      const res = await patch(user.cookie, { preferred_language: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details.fields[0].field).toBe('preferred_language');
      const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(row?.preferred_language).toBe('ak');
    },
  );

  it('lets no one change another user’s language', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await patch(b.cookie, { preferred_language: 'en' });
    expect((await patch(a.cookie, { preferred_language: 'ak' }, `/api/profiles/${b.id}`)).statusCode).toBe(
      404,
    );
    expect((await patch(a.cookie, { id: b.id, preferred_language: 'ak' })).statusCode).toBe(400);
    expect((await patch(undefined, { preferred_language: 'ak' })).statusCode).toBe(401);
    const [bRow] = await t.database.db.select().from(profiles).where(eq(profiles.id, b.id));
    expect(bRow?.preferred_language).toBe('en');
    expect((await get(t, '/api/me', b.cookie)).json().preferred_language).toBe('en');
  });

  it('becomes a provider (Join as Provider): role explorer, type provider, user_roles explorer', async () => {
    const user = await signUp(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/become-provider' })).statusCode).toBe(
      401,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/become-provider',
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'service_provider',
      profile: { role: 'explorer', type: 'provider' },
    });
    const roles = await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, user.id));
    expect(roles.map((r) => r.role).sort()).toEqual(['customer', 'explorer']);
    expect((await get(t, '/api/me', user.cookie)).json().role).toBe('service_provider');
  });

  it('makes a customer with a skill row an explorer (spec 4 step 3)', async () => {
    const user = await signUp(t);
    await t.database.db.insert(providerSkills).values({ provider_id: user.id, skill: 'Braiding' });
    expect((await get(t, '/api/me', user.cookie)).json().role).toBe('explorer');
  });

  it('uploads a picture (PNG, JPEG, WebP by their bytes), stores it re-encoded as WebP, and points avatar_url at it', async () => {
    const user = await signUp(t);
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await makeImage(format, { width: 40, height: 24 });
      const res = await upload(user.cookie, bytes, {
        filename: 'photo.bin',
        type: 'application/octet-stream',
      });
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().avatar_url;
      expect(url).toMatch(new RegExp(`^/api/avatars/${user.id}\\?v=\\d+$`));
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('public');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 40,
        height: 24,
      });
    }
    const me = (await get(t, '/api/me', user.cookie)).json();
    expect(me.user.image).toBe(me.profile.avatar_url);
  });

  it('shrinks a big picture to 512 px, turns it upright and strips its EXIF (GPS)', async () => {
    const user = await signUp(t);
    const big = await upload(user.cookie, await makeImage('jpeg', { width: 2000, height: 1000 }), {
      type: 'image/jpeg',
    });
    expect(big.statusCode, big.body).toBe(200);
    const stored = await t.app.inject({ method: 'GET', url: big.json().avatar_url });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 512, height: 256 });

    const gps = await jpegWithGps();
    expect(hasGpsTag((await sharp(gps).metadata()).exif)).toBe(true);
    const res = await upload(user.cookie, gps, { type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().avatar_url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    // Orientation 6 applied: the 40×24 photo is stored upright as 24×40.
    expect(meta).toMatchObject({ format: 'webp', width: 24, height: 40 });
  });

  it('refuses a picture declaring 30000×30000 pixels with 400 before decoding it, and keeps the old one', async () => {
    const user = await signUp(t);
    const first = await upload(user.cookie, await makeImage('png'));
    expect(first.statusCode).toBe(200);
    const res = await upload(user.cookie, pngDeclaring(30_000, 30_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'file', message: IMAGE_MESSAGES.tooManyPixels }] },
    });
    const broken = await upload(user.cookie, Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(100, 7)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.details.fields[0].message).toBe(IMAGE_MESSAGES.unreadable);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.avatar_url).toBe(first.json().avatar_url);
  });

  it('refuses other files (415), too large ones (413), missing files and signed-out uploads', async () => {
    const user = await signUp(t);
    const html = await upload(user.cookie, Buffer.from('<html><script>alert(1)</script></html>'), {
      type: 'image/png',
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The picture must be a JPEG, PNG or WebP image.',
    });
    const big = await upload(user.cookie, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const wrongField = await upload(user.cookie, PNG, { field: 'picture' });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: { file: 'x' },
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(undefined, PNG)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.avatar_url).toBeNull();
    expect((await get(t, `/api/avatars/${user.id}`)).statusCode).toBe(404);
  });
});
