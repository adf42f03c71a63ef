import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVerifications, providerDocuments } from '../../db/schema.ts';
import type { LocalFileStore } from '../../plugins/storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import { ORPHANS_CLEANUP_CRON, ORPHANS_CLEANUP_QUEUE, removeOrphanedDocuments } from './cleanup-orphans.ts';

describe('the orphaned documents clean-up', () => {
  let t: TestApp;
  let store: LocalFileStore;
  beforeAll(async () => {
    t = await createTestApp();
    store = t.app.deps.storage as LocalFileStore;
  });
  afterAll(() => t.close());

  /** Stores a file and backdates it. */
  async function file(key: string, hoursAgo: number) {
    await store.put(key, Buffer.from('x'), 'image/jpeg');
    const when = new Date(Date.now() - hoursAgo * 3600_000);
    fs.utimesSync(path.join(store.root, key), when, when);
  }

  it('is scheduled hourly through the job queue', async () => {
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      ORPHANS_CLEANUP_QUEUE,
    ]);
    expect(rows).toEqual([{ name: ORPHANS_CLEANUP_QUEUE, cron: ORPHANS_CLEANUP_CRON }]);
    expect(ORPHANS_CLEANUP_CRON).toBe('0 * * * *');
  });

  it('removes only files older than a day that no row refers to', async () => {
    const user = await signUp(t, { role: 'explorer' });
    const u = user.id;
    const keys = {
      referenced: `${u}/front/1000-referenced.jpg`,
      fallback: `${u}/back/1000-fallback.jpg`,
      fallbackPrefixed: `${u}/selfie/1000-prefixed.jpg`,
      oldOrphan: `${u}/back/1000-old-orphan.jpg`,
      youngOrphan: `${u}/selfie/1000-young-orphan.jpg`,
      notOurs: 'exports/report.csv',
    };
    await file(keys.referenced, 48);
    await file(keys.fallback, 48);
    await file(keys.fallbackPrefixed, 48);
    await file(keys.oldOrphan, 25);
    await file(keys.youngOrphan, 23);
    await file(keys.notOurs, 100);
    await t.database.db.insert(providerDocuments).values({
      provider_id: u,
      document_type: 'front',
      file_storage_path: keys.referenced,
      filename: 'front.jpg',
      file_size: 1,
      mime_type: 'image/jpeg',
    });
    await t.database.db.insert(documentVerifications).values([
      { provider_id: u, doc_kind: 'back', document_url: keys.fallback },
      { provider_id: u, doc_kind: 'selfie', document_url: `provider-documents/${keys.fallbackPrefixed}` },
    ]);

    expect(await removeOrphanedDocuments(t.app.deps)).toEqual([keys.oldOrphan]);
    const left = (await store.list()).map((o) => o.key);
    expect(left).not.toContain(keys.oldOrphan);
    for (const kept of [
      keys.referenced,
      keys.fallback,
      keys.fallbackPrefixed,
      keys.youngOrphan,
      keys.notOurs,
    ]) {
      expect(left).toContain(kept);
    }

    // A day later the young orphan is old enough; referenced files stay whatever their age.
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await removeOrphanedDocuments(t.app.deps, later)).toEqual([keys.youngOrphan]);
    expect(await removeOrphanedDocuments(t.app.deps, later)).toEqual([]);
  });
});
