import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy } from './security.ts';
import {
  createLocalStore,
  deriveUrlSigningKey,
  InvalidStorageKeyError,
  isValidStorageKey,
  type LocalFileStore,
  localFileUrl,
  s3Origin,
  signFileUrl,
  verifyFileUrlSignature,
} from './storage.ts';

describe('the local file store', () => {
  let dir: string;
  let store: LocalFileStore;
  const key = deriveUrlSigningKey('a-test-secret-of-at-least-32-characters');
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-store-'));
    store = createLocalStore({ root: path.join(dir, 'storage', 'provider-documents'), signingKey: key });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts, gets, lists and deletes, creating folders as needed', async () => {
    await store.put('u1/front/1-a.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    await store.put('u1/selfie/2-b.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await store.put('u2/back/3-c.png', Buffer.from('png'), 'image/png');
    expect(fs.existsSync(path.join(dir, 'storage', 'provider-documents', 'u1', 'front', '1-a.jpg'))).toBe(
      true,
    );
    expect(await store.get('u1/front/1-a.jpg')).toEqual({
      bytes: Buffer.from([0xff, 0xd8, 0xff]),
      contentType: 'image/jpeg',
    });
    expect((await store.get('u1/selfie/2-b.pdf'))?.contentType).toBe('application/pdf');
    expect((await store.list()).map((o) => o.key)).toEqual([
      'u1/front/1-a.jpg',
      'u1/selfie/2-b.pdf',
      'u2/back/3-c.png',
    ]);
    expect((await store.list('u1/')).map((o) => o.key)).toEqual(['u1/front/1-a.jpg', 'u1/selfie/2-b.pdf']);
    const [first] = await store.list('u1/front/');
    expect(Math.abs(first!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);

    await store.delete('u1/front/1-a.jpg');
    await store.delete('u1/front/1-a.jpg'); // a missing file is no error
    expect(await store.get('u1/front/1-a.jpg')).toBeNull();
    expect(await store.get('nobody/front/1-x.jpg')).toBeNull();
    expect((await store.list('u1/')).map((o) => o.key)).toEqual(['u1/selfie/2-b.pdf']);
  });

  it('keeps the public area in its own folder beside the documents, with the same key rules', async () => {
    const area = store.publicFiles;
    await area.put('services/s1/abc-large.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(fs.existsSync(path.join(dir, 'storage', 'public', 'services', 's1', 'abc-large.webp'))).toBe(true);
    expect(await area.get('services/s1/abc-large.webp')).toEqual({
      bytes: Buffer.from('RIFF....WEBP'),
      contentType: 'image/webp',
    });
    expect((await area.list('services/')).map((o) => o.key)).toEqual(['services/s1/abc-large.webp']);
    // Neither area sees the other's files.
    expect(await store.get('services/s1/abc-large.webp')).toBeNull();
    expect((await store.list()).map((o) => o.key)).not.toContain('services/s1/abc-large.webp');
    expect(await area.get('u1/selfie/2-b.pdf')).toBeNull();
    await expect(
      area.put('../provider-documents/x.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(area.get('../provider-documents/u1/selfie/2-b.pdf')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await area.delete('services/s1/abc-large.webp');
    expect(await area.list()).toEqual([]);
  });

  it('lists nothing (no error) before anything was stored', async () => {
    const empty = createLocalStore({ root: path.join(dir, 'never-created'), signingKey: key });
    expect(await empty.list()).toEqual([]);
  });

  it('never lists a write in progress (temporary dot files)', async () => {
    fs.mkdirSync(path.join(store.root, 'u3', 'front'), { recursive: true });
    fs.writeFileSync(path.join(store.root, 'u3', 'front', '.4-d.jpg.abc.tmp'), 'partial');
    expect((await store.list('u3/')).map((o) => o.key)).toEqual([]);
  });

  it.each([
    '',
    '../outside.jpg',
    'u1/../../outside.jpg',
    'u1/./front/1.jpg',
    '/etc/passwd',
    'u1//front/1.jpg',
    'u1\\front\\1.jpg',
    '.hidden',
    'u1/front/.1.jpg',
    'u1/front/1.jpg/',
    'u1/front/1 a.jpg',
    'u1/front/1\u0000.jpg',
    'x'.repeat(513),
  ])('refuses the key %j for every operation', async (bad) => {
    expect(isValidStorageKey(bad)).toBe(false);
    await expect(store.put(bad, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.delete(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.signedUrl(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(fs.existsSync(path.join(dir, 'storage', 'outside.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'outside.jpg'))).toBe(false);
  });

  it('signs URLs for an hour by default, verifiable only with the same bucket, key, expiry and secret', async () => {
    const { url, expiresAt } = await store.signedUrl('u1/selfie/2-b.pdf');
    expect(Math.round((expiresAt.getTime() - Date.now()) / 1000)).toBeGreaterThan(3590);
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.pathname).toBe('/api/files/provider-documents/u1/selfie/2-b.pdf');
    const expires = Number(parsed.searchParams.get('expires'));
    expect(expires).toBe(expiresAt.getTime() / 1000);
    const sig = parsed.searchParams.get('sig')!;
    expect(sig).toBe(signFileUrl(key, 'provider-documents', 'u1/selfie/2-b.pdf', expires));
    expect(verifyFileUrlSignature(key, 'provider-documents', 'u1/selfie/2-b.pdf', expires, sig)).toBe(true);
    expect(verifyFileUrlSignature(key, 'provider-documents', 'u1/selfie/2-b.pdf', expires + 1, sig)).toBe(
      false,
    );
    expect(verifyFileUrlSignature(key, 'provider-documents', 'u2/selfie/2-b.pdf', expires, sig)).toBe(false);
    expect(verifyFileUrlSignature(key, 'other', 'u1/selfie/2-b.pdf', expires, sig)).toBe(false);
    const otherKey = deriveUrlSigningKey('another-secret-of-at-least-32-characters!');
    expect(verifyFileUrlSignature(otherKey, 'provider-documents', 'u1/selfie/2-b.pdf', expires, sig)).toBe(
      false,
    );
    expect(verifyFileUrlSignature(key, 'provider-documents', 'u1/selfie/2-b.pdf', expires, 'zz')).toBe(false);
    expect(localFileUrl(key, 'provider-documents', 'u1/selfie/2-b.pdf', 5)).toBe(
      `/api/files/provider-documents/u1/selfie/2-b.pdf?expires=5&sig=${signFileUrl(key, 'provider-documents', 'u1/selfie/2-b.pdf', 5)}`,
    );
    expect(
      (await store.signedUrl('u1/selfie/2-b.pdf', 60)).expiresAt.getTime() - Date.now(),
    ).toBeLessThanOrEqual(60_000);
  });
});

describe('S3 signed URLs and the Content-Security-Policy', () => {
  const S3 = {
    S3_ENDPOINT: 'https://s3.eu.example.com',
    S3_BUCKET: 'adwuma-docs',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('allows the bucket origin for images, frames and fetches only when S3 is configured', () => {
    const local = contentSecurityPolicy(loadConfig({}));
    expect(local.imgSrc).not.toContain('https://s3.eu.example.com');
    expect(local.frameSrc).toEqual(["'self'"]);
    const pathStyle = contentSecurityPolicy(loadConfig(S3));
    expect(pathStyle.imgSrc).toContain('https://s3.eu.example.com');
    expect(pathStyle.frameSrc).toContain('https://s3.eu.example.com');
    expect(pathStyle.connectSrc).toContain('https://s3.eu.example.com');
    const virtualHost = contentSecurityPolicy(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'false' }));
    expect(virtualHost.imgSrc).toContain('https://adwuma-docs.s3.eu.example.com');
    expect(s3Origin(null)).toBeNull();
  });
});
