#!/usr/bin/env node
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { startBenchApp } from './lib/app.mjs';
import { buildWebApp, CHROME_ARGS } from './lib/build.mjs';
import { cleanup, cleanupOnSignals, log } from './lib/common.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.DS_DIST_DIR ?? '.tmp/ds-dist');
const photos = Number(process.env.DS_PHOTOS ?? 24);

/** A photo-like picture: smooth colour with grain, so it compresses like a phone photo does. */
async function photo(seed) {
  const side = 400;
  const raw = Buffer.alloc(side * side * 3);
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const i = (y * side + x) * 3;
      const grain = random() * 40;
      raw[i] = (120 + 100 * Math.sin((x + seed * 13) / 60) + grain) & 255;
      raw[i + 1] = (90 + 80 * Math.cos((y + seed * 7) / 45) + grain) & 255;
      raw[i + 2] = (70 + 60 * Math.sin((x + y) / 80) + grain) & 255;
    }
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .webp({ quality: 82 })
    .toBuffer();
}

async function measure(browser, url, saver) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  if (saver) await context.addCookies([{ name: 'adwuma_saver', value: 'on', url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Scrolled to the end, as a reader would: lazy photos below the fold load too (without the saver).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await context.close();
  return { bytes, requests };
}

cleanupOnSignals();
try {
  buildWebApp(dist, 'DS_SKIP_BUILD');
  const { app, port } = await startBenchApp({
    adminUrl: null,
    prefix: 'data_saver',
    env: { WEB_DIST_DIR: dist, SEED_DEMO: 'true' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const { saveAvatar } = await import('../apps/server/src/features/profile/profile-service.ts');
  const search = await (await fetch(`${origin}/api/search`)).json();
  const providers = (search.items ?? []).slice(0, photos);
  log(`giving ${providers.length} demo providers a photo`);
  for (const [index, p] of providers.entries()) {
    await saveAvatar(app.deps.database.db, { id: p.provider_id }, await photo(index + 1), 'image/webp');
  }
  const slug = providers[0]?.slug;
  const pages = [
    { name: 'search', path: '/search' },
    ...(slug ? [{ name: 'profile', path: `/providers/${slug}` }] : []),
  ];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_ARGS });
  const results = [];
  try {
    for (const page of pages) {
      const url = `${origin}${page.path}`;
      const off = await measure(browser, url, false);
      const on = await measure(browser, url, true);
      results.push({
        page: page.name,
        path: page.path,
        bytes_without_saver: off.bytes,
        bytes_with_saver: on.bytes,
        kb_without_saver: Math.round(off.bytes / 102.4) / 10,
        kb_with_saver: Math.round(on.bytes / 102.4) / 10,
        saved_percent: off.bytes ? Math.round((1 - on.bytes / off.bytes) * 1000) / 10 : 0,
        requests_without_saver: off.requests,
        requests_with_saver: on.requests,
      });
    }
  } finally {
    await browser.close();
  }
  console.log(
    JSON.stringify(
      { benchmark: 'data-saver', viewport: '360x740', photos: providers.length, results },
      null,
      2,
    ),
  );
} finally {
  await cleanup();
}
