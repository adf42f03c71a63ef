import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalFileStore, parseFileUrlExpiry, signFileUrl } from '../../plugins/storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniqueIp } from '../../test/auth.ts';

const KEY = 'u1/front/1-abc.jpg';

/** Issue 29: a signed URL has one spelling; `expires=…0.0` named the same second and was let in. */
describe('signed document URLs', () => {
  let t: TestApp;
  let store: LocalFileStore;
  beforeAll(async () => {
    t = await createTestApp();
    store = t.app.deps.storage as LocalFileStore;
    await store.put(KEY, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
  });
  afterAll(() => t?.close());

  const open = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/files/${store.bucket}/${KEY}?${query}`,
      remoteAddress: uniqueIp(),
    });

  it('opens the URL as signed, and refuses every other spelling of its expiry', async () => {
    const { url } = await store.signedUrl(KEY);
    const signed = new URL(url, 'http://localhost');
    const expires = signed.searchParams.get('expires')!;
    const sig = signed.searchParams.get('sig')!;
    expect(sig).toBe(signFileUrl(store.signingKey, store.bucket, KEY, Number(expires)));
    expect((await open(`expires=${expires}&sig=${sig}`)).statusCode).toBe(200);
    for (const spelling of [
      `${expires}.0`,
      `${expires}.`,
      `0${expires}`,
      `+${expires}`,
      ` ${expires}`,
      `${expires} `,
      `${Number(expires) / 10}e1`,
      `0x${Number(expires).toString(16)}`,
      `${expires}.00`,
    ]) {
      const res = await open(`expires=${encodeURIComponent(spelling)}&sig=${sig}`);
      expect(res.statusCode, spelling).toBe(403);
      expect(res.json().error.code, spelling).toBe('FORBIDDEN');
    }
  });

  it('reads an expiry as digits without a leading zero, nothing else', () => {
    expect(parseFileUrlExpiry('1767225600')).toBe(1767225600);
    expect(parseFileUrlExpiry('5')).toBe(5);
    for (const bad of [
      undefined,
      '',
      '0',
      '01',
      '1.0',
      '1e9',
      '-1',
      '+1',
      '0x10',
      ' 1',
      '1 ',
      '١٢',
      '99999999999999999',
    ])
      expect(parseFileUrlExpiry(bad), String(bad)).toBeNull();
  });
});
