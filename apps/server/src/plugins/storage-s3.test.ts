import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config.ts';
import { removeOrphanedDocuments } from '../features/verification/cleanup-orphans.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signUp } from '../test/auth.ts';
import { call, hasGpsTag, jpegWithGps, makeImage, PDF, postFile, uploadDocument } from '../test/documents.ts';
import { createS3Store } from './storage.ts';

// The SDK's notice that releases from 2027 need Node 22 is noise in test output (we pin Node 20).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * The S3 store against s3rver, a local S3-compatible server (path-style, SDK v3 presigned GETs).
 * s3rver does not check v4 signatures, so expiry and tampering are tested on the local store only.
 */
describe('documents on an S3-compatible bucket', () => {
  let dir: string;
  let server: S3rver;
  let s3: S3Config;
  let t: TestApp;
  let store: ReturnType<typeof createS3Store>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await server.run();
    s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'adwuma-test-documents',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    };
    store = createS3Store(s3);
    await store.client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    t = await createTestApp({ s3 });
  });
  afterAll(async () => {
    await t?.close();
    store?.client.destroy();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the app uses the S3 store', () => {
    expect(t.app.deps.storage.kind).toBe('s3');
    expect(t.app.deps.storage.bucket).toBe('adwuma-test-documents');
  });

  it('puts, gets, lists and deletes objects', async () => {
    await store.put('u1/front/1-a.jpg', Buffer.from([0xff, 0xd8, 0xff, 1]), 'image/jpeg');
    await store.put('u2/back/2-b.pdf', PDF, 'application/pdf');
    expect(await store.get('u1/front/1-a.jpg')).toEqual({
      bytes: Buffer.from([0xff, 0xd8, 0xff, 1]),
      contentType: 'image/jpeg',
    });
    expect(await store.get('u1/front/9-missing.jpg')).toBeNull();
    const listed = await store.list('u1/');
    expect(listed.map((o) => o.key)).toEqual(['u1/front/1-a.jpg']);
    expect(Math.abs(listed[0]!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await store.list()).map((o) => o.key)).toEqual(
      expect.arrayContaining(['u1/front/1-a.jpg', 'u2/back/2-b.pdf']),
    );
    await store.delete('u1/front/1-a.jpg');
    await store.delete('u1/front/1-a.jpg');
    expect(await store.list('u1/')).toEqual([]);
    await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it('uploads through the API, serves a presigned URL valid an hour, and deletes', async () => {
    const user = await signUp(t, { role: 'explorer' });
    const res = await uploadDocument(t, user.cookie, 'front', await jpegWithGps());
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    const url = new URL(doc.url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toMatch(new RegExp(`^/${s3.bucket}/${user.id}/front/\\d+-[A-Za-z0-9_-]+\\.jpg$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.round((Date.parse(doc.url_expires_at) - Date.now()) / 1000)).toBeGreaterThan(3590);

    const served = await fetch(doc.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(doc.file_size);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(hasGpsTag(bytes)).toBe(false);

    const key = url.pathname.slice(`/${s3.bucket}/`.length);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe('image/jpeg');
    expect((await store.list(`${user.id}/`)).map((o) => o.key)).toEqual([key]);

    // The listing the provider sees carries fresh presigned URLs too.
    const state = (await call(t, 'GET', '/api/verification', user.cookie)).json();
    expect(state.documents[0].url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/`));

    // Replacing removes the old object.
    const replaced = await uploadDocument(t, user.cookie, 'front', await makeImage('png'), {
      filename: 'new.png',
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const keys = (await store.list(`${user.id}/`)).map((o) => o.key);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.png$/);

    const removed = await call(t, 'DELETE', `/api/verification/documents/${replaced.json().id}`, user.cookie);
    expect(removed.statusCode).toBe(204);
    expect(await store.list(`${user.id}/`)).toEqual([]);
    expect((await fetch(replaced.json().url)).status).toBe(404);
  });

  it('keeps public files under public/ in the bucket and serves them through the app', async () => {
    await store.publicFiles.put('services/s1/abc-thumb.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const head = await store.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'public/services/s1/abc-thumb.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    expect((await store.publicFiles.list('services/')).map((o) => o.key)).toEqual([
      'services/s1/abc-thumb.webp',
    ]);
    expect(await store.publicFiles.get('services/s1/missing.webp')).toBeNull();
    await store.publicFiles.delete('services/s1/abc-thumb.webp');
    expect(await store.publicFiles.list()).toEqual([]);

    // A service photo through the API: stored in the bucket, served by the app without a signature.
    const user = await signUp(t, { role: 'explorer' });
    const created = await call(t, 'POST', '/api/services', user.cookie, {
      title: 'Leak repair',
      category: 'plumbing',
      description: 'Fixing leaking pipes and taps in homes around Kumasi.',
      price_type: 'fixed',
      price: 15_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const serviceId = created.json().service.id;
    const uploaded = await postFile(t, user.cookie, `/api/services/${serviceId}/photos`, await jpegWithGps());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [photo] = uploaded.json().service.photos;
    expect(photo.url).toMatch(
      new RegExp(`^/api/files/public/services/${serviceId}/[A-Za-z0-9_-]+-large\\.webp$`),
    );
    const keys = (await store.publicFiles.list(`services/${serviceId}/`)).map((o) => o.key);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(photo.url.slice('/api/files/public/'.length));

    const served = await t.app.inject({ method: 'GET', url: photo.thumb_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 24, height: 40 });
    expect(meta.exif).toBeUndefined();

    // The document clean-up never touches public files.
    await removeOrphanedDocuments(t.app.deps, new Date(Date.now() + 25 * 3600_000));
    expect(await store.publicFiles.list(`services/${serviceId}/`)).toHaveLength(2);

    const removed = await call(t, 'DELETE', `/api/services/${serviceId}`, user.cookie);
    expect(removed.statusCode).toBe(204);
    expect(await store.publicFiles.list(`services/${serviceId}/`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
  });

  it('the local file route finds nothing when documents live on S3', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/provider-documents/u1/front/1-a.jpg' });
    expect(res.statusCode).toBe(404);
  });

  it('lets the web app show the bucket in its Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${s3.endpoint}`));
  });

  it('cleans up old orphans in the bucket, not referenced or foreign objects', async () => {
    const user = await signUp(t, { role: 'explorer' });
    const upload = await uploadDocument(t, user.cookie, 'selfie', await makeImage('webp'));
    expect(upload.statusCode).toBe(201);
    const orphan = `${user.id}/back/1000-orphan.jpg`;
    await store.put(orphan, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    await store.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'other-app/readme.txt', Body: 'not ours' }),
    );
    const later = new Date(Date.now() + 25 * 3600_000);
    const deleted = await removeOrphanedDocuments(t.app.deps, later);
    expect(deleted).toContain(orphan);
    expect(deleted).not.toContain('other-app/readme.txt');
    const left = (await store.list()).map((o) => o.key);
    expect(left).toContain('other-app/readme.txt');
    expect(left.filter((k) => k.startsWith(`${user.id}/`))).toHaveLength(1);
  });
});
