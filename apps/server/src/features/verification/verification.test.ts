import {
  DOCUMENT_MESSAGES,
  documentPathOwner,
  MAX_DOCUMENT_BYTES,
  type VerificationSessionStatus,
} from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  documentVerifications,
  idDocuments,
  profiles,
  providerDocuments,
  verificationSessions,
} from '../../db/schema.ts';
import { resolveAuthSecret } from '../../plugins/auth.ts';
import { deriveUrlSigningKey, type LocalFileStore, localFileUrl } from '../../plugins/storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ORIGIN, signUp, type TestUser } from '../../test/auth.ts';
import {
  call,
  completeCoreOnboarding,
  EXE,
  GIF,
  hasGpsTag,
  jpegWithGps,
  makeImage,
  PDF,
  SVG,
  uploadAll,
  uploadDocument,
} from '../../test/documents.ts';
import { removeOrphanedDocuments } from './cleanup-orphans.ts';

const CARD = 'GHA-123456789-0';

describe('identity documents (provider side)', () => {
  let t: TestApp;
  let store: LocalFileStore;
  beforeAll(async () => {
    t = await createTestApp();
    store = t.app.deps.storage as LocalFileStore;
  });
  afterAll(() => t.close());

  const provider = (name = 'Ama Mensah') => signUp(t, { role: 'explorer', name });
  const state = async (user: TestUser) => {
    const res = await call(t, 'GET', '/api/verification', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url });
  const docRows = (userId: string) =>
    t.database.db.select().from(providerDocuments).where(eq(providerDocuments.provider_id, userId));
  const idRows = (userId: string) =>
    t.database.db.select().from(idDocuments).where(eq(idDocuments.provider_id, userId));
  const stored = (userId: string) => store.list(`${userId}/`);

  it.each([
    ['GET', '/api/verification'],
    ['DELETE', '/api/verification/documents/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/verification/submit'],
  ] as const)('%s %s answers 401 signed out and 403 to a customer', async (method, url) => {
    const body = method === 'POST' ? { ghana_card_number: CARD } : undefined;
    const signedOut = await call(t, method, url, undefined, body);
    expect(signedOut.statusCode, signedOut.body).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHORIZED');
    const customer = await signUp(t);
    const res = await call(t, method, url, customer.cookie, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses uploads signed out (401) and from customers (403); nothing is stored', async () => {
    const jpeg = await makeImage('jpeg');
    expect((await uploadDocument(t, undefined, 'front', jpeg)).statusCode).toBe(401);
    const customer = await signUp(t);
    const res = await uploadDocument(t, customer.cookie, 'front', jpeg);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await stored(customer.id)).toEqual([]);
    expect(await docRows(customer.id)).toEqual([]);
  });

  it('starts empty: no documents, no session, pending, editable, not submittable', async () => {
    const user = await provider();
    expect(await state(user)).toEqual({
      documents: [],
      session: null,
      displayedStatus: 'pending',
      verified: false,
      canEdit: true,
      canSubmit: false,
      fallback: false,
    });
  });

  it('stores a JPEG turned upright and without its EXIF (no GPS), under the path rule', async () => {
    const user = await provider();
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);
    expect([before.width, before.height, before.orientation]).toEqual([40, 24, 6]);

    const res = await uploadDocument(t, user.cookie, 'front', original, { filename: 'ghana card.jpg' });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      document_type: 'front',
      filename: 'ghana card.jpg',
      mime_type: 'image/jpeg',
      upload_status: 'uploaded',
      status: 'uploaded',
    });
    expect(doc.url).toMatch(
      new RegExp(
        `^/api/files/provider-documents/${user.id}/front/\\d+-[A-Za-z0-9_-]+\\.jpg\\?expires=\\d+&sig=[0-9a-f]{64}$`,
      ),
    );
    const expiresIn = Date.parse(doc.url_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(3500_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    const [row] = await docRows(user.id);
    expect(documentPathOwner(row!.file_storage_path)).toBe(user.id);
    expect(row!.file_storage_path).toMatch(new RegExp(`^${user.id}/front/\\d+-[A-Za-z0-9_-]{16}\\.jpg$`));
    const file = await store.get(row!.file_storage_path);
    expect(file?.bytes.length).toBe(doc.file_size);
    const after = await sharp(file!.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(hasGpsTag(file!.bytes)).toBe(false);
    expect(file!.bytes.includes(Buffer.from('Camon'))).toBe(false);
    // Turned upright by its orientation, so nothing relies on a tag that is gone.
    expect([after.width, after.height, after.orientation]).toEqual([24, 40, undefined]);

    expect(await idRows(user.id)).toEqual([
      expect.objectContaining({ doc_status: 'uploaded', provider_document_id: row!.id }),
    ]);

    const served = await fetchUrl(doc.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(file!.bytes)).toBe(true);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(served.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });

  it.each([
    ['png', 'back', 'image/png'],
    ['webp', 'selfie', 'image/webp'],
  ] as const)('stores a %s image re-encoded in its own format', async (format, type, mime) => {
    const user = await provider();
    const res = await uploadDocument(t, user.cookie, type, await makeImage(format), {
      filename: `me.${format}`,
      type: mime,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ document_type: type, mime_type: mime });
    const served = await fetchUrl(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
    const [row] = await docRows(user.id);
    expect(row!.file_storage_path.endsWith(`.${format}`)).toBe(true);
  });

  it('stores a PDF exactly as sent', async () => {
    const user = await provider();
    const res = await uploadDocument(t, user.cookie, 'back', PDF, {
      filename: 'card.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mime_type: 'application/pdf', file_size: PDF.length });
    const served = await fetchUrl(res.json().url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('replaces the current document of a type: one row, one id_documents row, the old file gone', async () => {
    const user = await provider();
    const first = (await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'))).json();
    const second = await uploadDocument(t, user.cookie, 'front', await makeImage('png'), {
      filename: 'new.png',
    });
    expect(second.statusCode, second.body).toBe(201);
    const rows = await docRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: second.json().id, filename: 'new.png', mime_type: 'image/png' });
    expect(await idRows(user.id)).toEqual([
      expect.objectContaining({ provider_document_id: second.json().id }),
    ]);
    expect((await stored(user.id)).map((o) => o.key)).toEqual([rows[0]!.file_storage_path]);
    expect((await fetchUrl(first.url)).statusCode).toBe(404);
    expect((await state(user)).documents.map((d: { id: string }) => d.id)).toEqual([second.json().id]);
  });

  it('keeps the new document when the old file cannot be removed; the clean-up removes it a day later', async () => {
    const user = await provider();
    await uploadDocument(t, user.cookie, 'selfie', await makeImage('jpeg'));
    const [old] = await docRows(user.id);
    const spy = vi.spyOn(store, 'delete').mockRejectedValueOnce(new Error('disk unavailable'));
    try {
      const res = await uploadDocument(t, user.cookie, 'selfie', await makeImage('webp'));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      spy.mockRestore();
    }
    expect((await stored(user.id)).map((o) => o.key)).toContain(old!.file_storage_path);
    const deleted = await removeOrphanedDocuments(t.app.deps, new Date(Date.now() + 25 * 3600_000));
    expect(deleted).toContain(old!.file_storage_path);
    const [current] = await docRows(user.id);
    expect((await stored(user.id)).map((o) => o.key)).toEqual([current!.file_storage_path]);
  });

  it('removes a document: its rows, then its file; a second removal is 404', async () => {
    const user = await provider();
    const doc = (await uploadDocument(t, user.cookie, 'back', await makeImage('jpeg'))).json();
    const res = await call(t, 'DELETE', `/api/verification/documents/${doc.id}`, user.cookie);
    expect(res.statusCode, res.body).toBe(204);
    expect(await docRows(user.id)).toEqual([]);
    expect(await idRows(user.id)).toEqual([]);
    expect(await stored(user.id)).toEqual([]);
    expect((await fetchUrl(doc.url)).statusCode).toBe(404);
    const again = await call(t, 'DELETE', `/api/verification/documents/${doc.id}`, user.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({ code: 'NOT_FOUND', message: DOCUMENT_MESSAGES.notFound });
    expect((await call(t, 'DELETE', '/api/verification/documents/not-an-id', user.cookie)).statusCode).toBe(
      404,
    );
  });

  it("never shows or removes another provider's documents", async () => {
    const owner = await provider('Ama Owner');
    const other = await provider('Kofi Other');
    const doc = (await uploadDocument(t, owner.cookie, 'front', await makeImage('jpeg'))).json();
    expect((await state(other)).documents).toEqual([]);
    const res = await call(t, 'DELETE', `/api/verification/documents/${doc.id}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(DOCUMENT_MESSAGES.notFound);
    expect(await docRows(owner.id)).toHaveLength(1);
    expect((await fetchUrl(doc.url)).statusCode).toBe(200);
    // The key alone is useless: without its signature, or with another file's, it is refused.
    const [row] = await docRows(owner.id);
    const bare = `/api/files/provider-documents/${row!.file_storage_path}`;
    expect((await fetchUrl(bare)).statusCode).toBe(403);
    const otherDoc = (await uploadDocument(t, other.cookie, 'front', await makeImage('jpeg'))).json();
    const borrowedSig = new URL(otherDoc.url, 'http://x').searchParams;
    const forged = `${bare}?expires=${borrowedSig.get('expires')}&sig=${borrowedSig.get('sig')}`;
    expect((await fetchUrl(forged)).statusCode).toBe(403);
  });

  it.each([
    ['a Windows program named .jpg', EXE, 'card.jpg', 'image/jpeg'],
    ['a GIF named .png', GIF, 'card.png', 'image/png'],
    ['an SVG named .png', SVG, 'card.png', 'image/png'],
    ['plain text named .pdf', Buffer.from('hello, this is not a PDF'), 'card.pdf', 'application/pdf'],
  ])('refuses %s (400, wrong type) and stores nothing', async (_label, bytes, filename, type) => {
    const user = await provider();
    const res = await uploadDocument(t, user.cookie, 'front', bytes, { filename, type });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: DOCUMENT_MESSAGES.wrongType,
    });
    expect(res.json().error.details.fields).toEqual([
      { field: 'file', message: DOCUMENT_MESSAGES.wrongType },
    ]);
    expect(await stored(user.id)).toEqual([]);
    expect(await docRows(user.id)).toEqual([]);
  });

  it('refuses an empty file (400)', async () => {
    const user = await provider();
    const res = await uploadDocument(t, user.cookie, 'front', Buffer.alloc(0));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(DOCUMENT_MESSAGES.empty);
  });

  it('refuses a file over 10 MB with 413 and a clear message, storing nothing', async () => {
    const user = await provider();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_DOCUMENT_BYTES, 7)]);
    const res = await uploadDocument(t, user.cookie, 'front', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: DOCUMENT_MESSAGES.tooLarge,
    });
    expect(await stored(user.id)).toEqual([]);
    expect(await docRows(user.id)).toEqual([]);
  });

  it('accepts a file of exactly 10 MB (a PDF)', async () => {
    const user = await provider();
    const exact = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES - PDF.length, 0x20)]);
    const res = await uploadDocument(t, user.cookie, 'back', exact, { filename: 'scan.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file_size).toBe(MAX_DOCUMENT_BYTES);
  });

  it.each([
    [
      'a JPEG that is only a header',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]),
    ],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  ])('refuses %s as unreadable (400)', async (_label, bytes) => {
    const user = await provider();
    const res = await uploadDocument(t, user.cookie, 'selfie', bytes);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(DOCUMENT_MESSAGES.unreadableImage);
    expect(await stored(user.id)).toEqual([]);
  });

  it('refuses an image of more than 50 megapixels before decoding it', async () => {
    const user = await provider();
    const huge = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await uploadDocument(t, user.cookie, 'front', huge, { filename: 'huge.png' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(DOCUMENT_MESSAGES.imageTooLarge);
  });

  it('keeps only a sanitised display name from a path-climbing file name; the key follows the rule', async () => {
    const user = await provider();
    const res = await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'), {
      filename: '../../../../etc/passwd\u0007.jpg',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().filename).toBe('passwd.jpg');
    const [row] = await docRows(user.id);
    expect(row!.file_storage_path).toMatch(new RegExp(`^${user.id}/front/\\d+-[A-Za-z0-9_-]+\\.jpg$`));
    const everything = await store.list();
    expect(everything.every((o) => documentPathOwner(o.key) !== null)).toBe(true);
  });

  it('answers 415 to a body that is not multipart, 400 to another field or type or a broken body', async () => {
    const user = await provider();
    const json = await call(t, 'POST', '/api/verification/documents/front', user.cookie, { file: 'x' });
    expect(json.statusCode, json.body).toBe(415);
    expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const field = await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'), {
      field: 'picture',
    });
    expect(field.statusCode, field.body).toBe(400);
    expect(field.json().error.details.fields[0].field).toBe('file');
    const type = await uploadDocument(t, user.cookie, 'passport', await makeImage('jpeg'));
    expect(type.statusCode, type.body).toBe(400);
    expect(type.json().error.code).toBe('VALIDATION_ERROR');
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff',
      ],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--xyz--\r\n',
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/verification/documents/front',
        payload,
        headers: { 'content-type': contentType!, origin: ORIGIN, cookie: user.cookie },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(['BAD_REQUEST', 'VALIDATION_ERROR']).toContain(res.json().error.code);
    }
    expect(await stored(user.id)).toEqual([]);
  });

  describe('signed URLs', () => {
    async function documentUrl() {
      const user = await provider();
      const doc = (await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'))).json();
      const [row] = await docRows(user.id);
      return { user, url: doc.url as string, key: row!.file_storage_path };
    }

    it('are signed with a key derived from the app secret', async () => {
      const secret = await resolveAuthSecret(t.database, undefined);
      expect(deriveUrlSigningKey(secret).equals(store.signingKey)).toBe(true);
      expect(store.signingKey.toString('hex')).not.toContain(Buffer.from(secret).toString('hex'));
    });

    it('refuse an expired link with 403, even when properly signed', async () => {
      const { key } = await documentUrl();
      const past = Math.floor(Date.now() / 1000) - 5;
      const res = await fetchUrl(localFileUrl(store.signingKey, 'provider-documents', key, past));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: DOCUMENT_MESSAGES.linkExpired });
      const future = Math.floor(Date.now() / 1000) + 60;
      const ok = await fetchUrl(localFileUrl(store.signingKey, 'provider-documents', key, future));
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toMatch(/^private, max-age=(59|60)$/);
    });

    it('refuse a changed signature, expiry, key or bucket with 403', async () => {
      const { url, key } = await documentUrl();
      const parsed = new URL(url, 'http://x');
      const sig = parsed.searchParams.get('sig')!;
      const expires = parsed.searchParams.get('expires')!;
      const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
      const otherKey = key.replace(/front/, 'back');
      for (const bad of [
        `/api/files/provider-documents/${key}?expires=${expires}&sig=${flipped}`,
        `/api/files/provider-documents/${key}?expires=${Number(expires) + 3600}&sig=${sig}`,
        `/api/files/provider-documents/${otherKey}?expires=${expires}&sig=${sig}`,
        `/api/files/other-bucket/${key}?expires=${expires}&sig=${sig}`,
        `/api/files/provider-documents/${key}?expires=${expires}&sig=${sig.toUpperCase()}`,
        `/api/files/provider-documents/${key}?expires=${expires}`,
        `/api/files/provider-documents/${key}?expires=soon&sig=${sig}`,
        `/api/files/provider-documents/${key}?expires=${expires}&sig=${sig.slice(0, 10)}`,
        `/api/files/provider-documents/../${key}?expires=${expires}&sig=${sig}`,
      ]) {
        const res = await fetchUrl(bad);
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect((await fetchUrl(url)).statusCode).toBe(200);
    });

    it('answer 404 for a properly signed link to a file that is not there', async () => {
      const { user } = await documentUrl();
      const key = `${user.id}/front/1-missing.jpg`;
      const res = await fetchUrl(
        localFileUrl(store.signingKey, 'provider-documents', key, (Date.now() / 1000 + 60) | 0),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    });
  });

  it('removes the new file when saving the record fails, and answers a clean error', async () => {
    const user = await provider();
    const { db } = t.database;
    const fn = `fail_docs_${user.id.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}`;
    await db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin
          if new.provider_id = '${user.id}' then raise exception 'provider_documents insert refused by test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger ${fn} before insert on provider_documents for each row execute function ${fn}()`,
      ),
    );
    try {
      const res = await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json()).toEqual({
        error: { code: 'INTERNAL_ERROR', message: DOCUMENT_MESSAGES.uploadFailed },
      });
      expect(await stored(user.id)).toEqual([]);
      expect(await docRows(user.id)).toEqual([]);
      expect(await idRows(user.id)).toEqual([]);
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on provider_documents`));
      await db.execute(sql.raw(`drop function ${fn}()`));
    }
    // The same upload works once the database accepts it again.
    expect((await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'))).statusCode).toBe(201);
  });

  describe('submitting for review', () => {
    it('needs all three documents (400, naming the missing ones) and a Ghana Card number', async () => {
      const user = await provider();
      await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
      const res = await call(t, 'POST', '/api/verification/submit', user.cookie, { ghana_card_number: CARD });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: DOCUMENT_MESSAGES.missingDocuments,
        details: { missing: ['back', 'selfie'] },
      });
      const bad = await call(t, 'POST', '/api/verification/submit', user.cookie, {
        ghana_card_number: 'GHA-1',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.fields[0].field).toBe('ghana_card_number');
      const extra = await call(t, 'POST', '/api/verification/submit', user.cookie, {
        ghana_card_number: CARD,
        status: 'admin_approved',
      });
      expect(extra.statusCode).toBe(400);
      const sessions = await t.database.db
        .select()
        .from(verificationSessions)
        .where(eq(verificationSessions.provider_id, user.id));
      expect(sessions).toEqual([]);
    });

    it('creates a manual pending session, marks the documents submitted and locks them', async () => {
      const user = await provider();
      await uploadAll(t, user);
      expect((await state(user)).canSubmit).toBe(true);
      const res = await call(t, 'POST', '/api/verification/submit', user.cookie, {
        ghana_card_number: ' gha-123456789-0 ',
      });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json();
      expect(s).toMatchObject({
        session: {
          verification_type: 'manual',
          status: 'pending',
          ghana_card_number: CARD,
          review_note: null,
        },
        displayedStatus: 'pending',
        canEdit: false,
        canSubmit: false,
        verified: false,
      });
      expect(Date.now() - Date.parse(s.session.submitted_at)).toBeLessThan(60_000);
      expect(s.documents.map((d: { status: string }) => d.status)).toEqual([
        'submitted',
        'submitted',
        'submitted',
      ]);
      expect((await docRows(user.id)).every((d) => d.upload_status === 'processing')).toBe(true);
      expect((await idRows(user.id)).map((d) => d.doc_status)).toEqual([
        'submitted',
        'submitted',
        'submitted',
      ]);

      const doc = s.documents[0];
      const upload = await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
      expect(upload.statusCode).toBe(409);
      expect(upload.json().error).toMatchObject({ code: 'CONFLICT', message: DOCUMENT_MESSAGES.underReview });
      const remove = await call(t, 'DELETE', `/api/verification/documents/${doc.id}`, user.cookie);
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error.message).toBe(DOCUMENT_MESSAGES.underReview);
      const again = await call(t, 'POST', '/api/verification/submit', user.cookie, {
        ghana_card_number: CARD,
      });
      expect(again.statusCode).toBe(409);
      expect(await docRows(user.id)).toHaveLength(3);
    });

    it.each<VerificationSessionStatus>(['in_review', 'documents_submitted', 'pending_admin_approval'])(
      'locks the documents while the session is %s',
      async (status) => {
        const user = await provider();
        await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
        await t.database.db.insert(verificationSessions).values({ provider_id: user.id, status });
        const res = await uploadDocument(t, user.cookie, 'back', await makeImage('jpeg'));
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(DOCUMENT_MESSAGES.underReview);
        expect((await state(user)).canEdit).toBe(false);
      },
    );

    it('after a rejection: new uploads are allowed and submitting resets the same session to pending', async () => {
      const user = await provider();
      await uploadAll(t, user);
      const first = (
        await call(t, 'POST', '/api/verification/submit', user.cookie, { ghana_card_number: CARD })
      ).json();
      const sessionId = first.session.id;
      await t.database.db
        .update(verificationSessions)
        .set({ status: 'admin_rejected', review_note: 'Blurred selfie', reviewed_at: new Date() })
        .where(eq(verificationSessions.id, sessionId));
      await t.database.db
        .update(providerDocuments)
        .set({ upload_status: 'rejected' })
        .where(eq(providerDocuments.provider_id, user.id));
      const rejected = await state(user);
      expect(rejected).toMatchObject({ displayedStatus: 'admin_rejected', canEdit: true, canSubmit: true });

      const res = await uploadDocument(t, user.cookie, 'selfie', await makeImage('png'));
      expect(res.statusCode, res.body).toBe(201);
      const resubmitted = await call(t, 'POST', '/api/verification/submit', user.cookie, {
        ghana_card_number: 'GHA-987654321-1',
      });
      expect(resubmitted.statusCode, resubmitted.body).toBe(200);
      expect(resubmitted.json().session).toMatchObject({
        id: sessionId,
        status: 'pending',
        ghana_card_number: 'GHA-987654321-1',
        review_note: null,
        reviewed_at: null,
      });
      const sessions = await t.database.db
        .select()
        .from(verificationSessions)
        .where(eq(verificationSessions.provider_id, user.id));
      expect(sessions).toHaveLength(1);
      expect((await docRows(user.id)).map((d) => d.upload_status)).toEqual([
        'processing',
        'processing',
        'processing',
      ]);
    });

    it('lets a provider with a pending session that was never submitted still change documents', async () => {
      const user = await provider();
      const [session] = await t.database.db
        .insert(verificationSessions)
        .values({ provider_id: user.id, status: 'pending' })
        .returning();
      expect((await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'))).statusCode).toBe(201);
      await uploadDocument(t, user.cookie, 'back', await makeImage('jpeg'));
      await uploadDocument(t, user.cookie, 'selfie', await makeImage('jpeg'));
      const res = await call(t, 'POST', '/api/verification/submit', user.cookie, { ghana_card_number: CARD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().session.id).toBe(session!.id);
    });

    it('refuses changes once approved', async () => {
      const user = await provider();
      await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
      await t.database.db
        .insert(verificationSessions)
        .values({ provider_id: user.id, status: 'admin_approved' });
      const res = await uploadDocument(t, user.cookie, 'back', await makeImage('jpeg'));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(DOCUMENT_MESSAGES.alreadyVerified);
      const [doc] = await docRows(user.id);
      const remove = await call(t, 'DELETE', `/api/verification/documents/${doc!.id}`, user.cookie);
      expect(remove.json().error.message).toBe(DOCUMENT_MESSAGES.alreadyVerified);
      expect((await state(user)).displayedStatus).toBe('admin_approved');
    });
  });

  describe('the provider gate (spec 4 case 6) works from these documents', () => {
    const onboarding = async (user: TestUser) =>
      (await call(t, 'GET', '/api/onboarding/status', user.cookie)).json();

    it('sends a provider past the core steps to /onboarding/verification until a document is uploaded', async () => {
      const user = await provider();
      await completeCoreOnboarding(t, user.id);
      expect(await onboarding(user)).toMatchObject({
        isOnboardingComplete: true,
        gate: '/onboarding/verification',
        verification: { uploadedDocuments: 0, requiredDocuments: 3, sessionStatus: null },
      });
      await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
      expect(await onboarding(user)).toMatchObject({ gate: 'pass', verification: { uploadedDocuments: 1 } });
    });

    it('completes the id step with three documents and writes the progress back at upload', async () => {
      const user = await provider();
      await completeCoreOnboarding(t, user.id);
      await uploadAll(t, user);
      const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(profile!.post_onboarding_progress.id_verification_completed).toBe(true);
      const s = await onboarding(user);
      expect(s.steps).toContainEqual({ id: 'id', complete: true });
      expect(s.verification.uploadedDocuments).toBe(3);

      const [doc] = await docRows(user.id);
      await call(t, 'DELETE', `/api/verification/documents/${doc!.id}`, user.cookie);
      const [after] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(after!.post_onboarding_progress.id_verification_completed).toBe(false);
    });

    it('sends a rejected provider back to verification', async () => {
      const user = await provider();
      await completeCoreOnboarding(t, user.id);
      await uploadAll(t, user);
      await call(t, 'POST', '/api/verification/submit', user.cookie, { ghana_card_number: CARD });
      expect((await onboarding(user)).gate).toBe('pass');
      await t.database.db
        .update(verificationSessions)
        .set({ status: 'admin_rejected' })
        .where(eq(verificationSessions.provider_id, user.id));
      await t.database.db
        .update(idDocuments)
        .set({ doc_status: 'rejected' })
        .where(eq(idDocuments.provider_id, user.id));
      expect(await onboarding(user)).toMatchObject({
        gate: '/onboarding/verification',
        verification: { uploadedDocuments: 0, sessionStatus: 'admin_rejected' },
      });
    });
  });

  it('falls back to document_verifications when there are no provider documents (spec 7)', async () => {
    const user = await provider();
    const key = `${user.id}/back/1700000000000-legacy.png`;
    await store.put(key, await makeImage('png'), 'image/png');
    await t.database.db.insert(documentVerifications).values([
      {
        provider_id: user.id,
        doc_kind: 'id_back',
        doc_status: 'approved',
        document_url: `provider-documents/${key}`,
      },
      {
        provider_id: user.id,
        doc_kind: 'selfie',
        doc_status: 'pending',
        document_url: 'https://old.example/s.jpg',
      },
      { provider_id: user.id, doc_kind: 'front', doc_status: 'pending', document_url: 'javascript:alert(1)' },
    ]);
    const s = await state(user);
    expect(s.fallback).toBe(true);
    expect(s.canSubmit).toBe(false);
    expect(s.documents).toHaveLength(2);
    const back = s.documents.find((d: { document_type: string }) => d.document_type === 'back');
    expect(back).toMatchObject({ status: 'approved', upload_status: 'approved', mime_type: 'image/png' });
    expect((await fetchUrl(back.url)).statusCode).toBe(200);
    const selfie = s.documents.find((d: { document_type: string }) => d.document_type === 'selfie');
    expect(selfie).toMatchObject({ url: 'https://old.example/s.jpg', mime_type: 'image/jpeg' });

    // Once the provider uploads with us, the fallback rows are no longer shown.
    await uploadDocument(t, user.cookie, 'front', await makeImage('jpeg'));
    const after = await state(user);
    expect(after.fallback).toBe(false);
    expect(after.documents.map((d: { document_type: string }) => d.document_type)).toEqual(['front']);
    const legacy = await t.database.db
      .select()
      .from(documentVerifications)
      .where(
        and(eq(documentVerifications.provider_id, user.id), eq(documentVerifications.doc_kind, 'id_back')),
      );
    expect(legacy).toHaveLength(1);
  });
});
