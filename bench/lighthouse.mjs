#!/usr/bin/env node
// Lighthouse benchmark, printed as JSON (issue 20). Run from the root: npm run bench:lighthouse
//
// 1. Builds the web app into .tmp/lh-dist (its own folder: other builds don't collide with it)
//    unless LH_SKIP_BUILD=1 (then that folder must hold a build).
// 2. Starts one production server (NODE_ENV=production, like `npm start`) on LH_PORT (3300) with a
//    fresh DATA_DIR, so the embedded database is seeded with the demo providers, and waits for
//    /api/health.
// 3. Takes the first provider the search API answers as "a provider profile".
// 4. Runs Lighthouse (pinned 12.2.3, the root devDependency) with its default config — mobile,
//    simulated Slow 4G and 4x CPU slowdown — in headless Chromium (LH_CHROME, /usr/bin/chromium)
//    against /landing, /auth, /search, /pricing and the profile, LH_RUNS (2) times each, the pages
//    interleaved so each page's runs see different moments of the machine's load.
// 5. Prints, per page, the better run (higher performance score, then lower LCP): the four category
//    scores, LCP/FCP/CLS/TBT, the JavaScript transferred, and the weighted audits that kept
//    accessibility, best practices or SEO under 100 with their details (console errors, issues,
//    robots.txt lines...).
// The server and Chromium are stopped at the end, on failure and on Ctrl-C. Settings (LH_SKIP_BUILD,
// LH_PORT, LH_RUNS, LH_PAGES, LH_REPORT_DIR...): docs/benchmarks.md, "Lighthouse benchmark".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { cleanup, cleanupOnSignals, log, onCleanup, round, waitIfInterrupted } from './lib/common.mjs';
import { spawnServer, waitForHealth } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.LH_DIST_DIR ?? '.tmp/lh-dist');
const port = Number(process.env.LH_PORT ?? 3300);
const runs = Number(process.env.LH_RUNS ?? 2);
const chromePath = process.env.LH_CHROME ?? '/usr/bin/chromium';
/** Where each run's full Lighthouse report (JSON, openable in the Lighthouse viewer) goes; unset: nowhere. */
const reportDir = process.env.LH_REPORT_DIR ? path.resolve(root, process.env.LH_REPORT_DIR) : null;
/** A comma-separated subset of the page names below, for quick runs while developing. */
const only = process.env.LH_PAGES?.split(',').map((name) => name.trim());
// localhost, not 127.0.0.1: the server's PUBLIC_URL (the only Origin allowed to write, the
// canonical links) defaults to http://localhost:$PORT.
const origin = `http://localhost:${port}`;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Tries per run when Lighthouse reports a runtime error (a spoiled trace). */
const MAX_ATTEMPTS = 3;
/** The categories whose failing audits are listed (performance has its own numbers). */
const AUDITED = ['accessibility', 'best-practices', 'seo'];

cleanupOnSignals();
const loadBefore = os.loadavg().map(round);
let result;
try {
  if (process.env.LH_SKIP_BUILD !== '1') {
    log(`building the web app into ${path.relative(root, dist)}`);
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@adwuma/web'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WEB_DIST_DIR: dist },
    });
    if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
  } else if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`LH_SKIP_BUILD=1 but ${dist} holds no build`);
  }

  await startServer();
  const profile = await pickProfile();
  const pages = [
    { name: '/landing', path: '/landing' },
    { name: '/auth', path: '/auth' },
    { name: '/search', path: '/search' },
    { name: '/pricing', path: '/pricing' },
    { name: 'provider profile', path: profile },
  ].filter((page) => !only || only.includes(page.name));
  if (pages.length === 0) throw new Error(`LH_PAGES names no page (${only})`);
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });

  log('starting Chromium');
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  onCleanup(() => chrome.kill());
  // Lighthouse runs in tabs of ours, so the bench hears Chrome's issues too (see runLighthouse).
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  onCleanup(() => browser.disconnect());

  const reports = new Map(pages.map((p) => [p.name, []]));
  let userAgent = null;
  let retried = 0;
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      log(`lighthouse run ${run}/${runs}: ${page.path}`);
      // A loaded machine now and then spoils a trace (NO_NAVSTART, NO_FCP): that run is taken again.
      let attempt = 1;
      let outcome = await runLighthouse(browser, page.path);
      while (outcome.lhr.runtimeError && attempt < MAX_ATTEMPTS) {
        log(`  ${outcome.lhr.runtimeError.code}: running ${page.path} again`);
        retried += 1;
        attempt += 1;
        outcome = await runLighthouse(browser, page.path);
      }
      if (outcome.lhr.runtimeError)
        throw new Error(`lighthouse failed on ${page.path}: ${outcome.lhr.runtimeError.message}`);
      userAgent ??= outcome.lhr.environment?.hostUserAgent ?? null;
      if (reportDir) {
        const file = `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-run${run}.json`;
        fs.writeFileSync(path.join(reportDir, file), outcome.report);
      }
      reports.get(page.name).push(summarize(outcome.lhr, outcome.cspIssues));
    }
  }

  result = {
    machine: { cpus: os.cpus().length, node: process.version, load_average_before: loadBefore },
    lighthouse: { version: '12.2.3 (pinned)', config: 'default: mobile, simulated throttling', runs },
    browser: userAgent,
    runs_retried: retried,
    pages: Object.fromEntries(
      pages.map((page) => {
        const all = reports.get(page.name);
        const best = [...all].sort(
          (a, b) => b.scores.performance - a.scores.performance || a.metrics.lcp_ms - b.metrics.lcp_ms,
        )[0];
        return [
          page.name,
          {
            url: page.path,
            ...best,
            per_run: all.map((r) => ({
              performance: r.scores.performance,
              lcp_ms: r.metrics.lcp_ms,
              cls: r.metrics.cls,
            })),
          },
        ];
      }),
    ),
    load_average_after: os.loadavg().map(round),
  };
} finally {
  await cleanup();
}
await waitIfInterrupted();
console.log(JSON.stringify(result, null, 2));

/** Starts the production server on a fresh DATA_DIR (removed by the cleanup) and waits for health. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-lh-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  log(`starting the server on port ${port} (embedded database, demo data)`);
  const server = spawnServer(port, {
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dist,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  });
  let exited = null;
  const exit = new Promise((resolve) =>
    server.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  // Registered after the folder's removal step, so it runs first (reverse order): stop, then delete.
  onCleanup(async () => {
    if (exited) return;
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(timer);
  });
  // A last resort if the process ends without the cleanup (an uncaught throw in a callback).
  process.on('exit', () => {
    if (!exited) server.kill('SIGKILL');
  });

  await waitForHealth(origin, server, 120);
}

/**
 * One Lighthouse run in a new tab: its result, plus the Content Security Policy issues Chrome reported
 * meanwhile (Lighthouse's inspector-issues audit names such an issue but not its directive or script).
 */
async function runLighthouse(browser, pagePath) {
  const tab = await browser.newPage();
  const cspIssues = new Set();
  const cdp = await tab.createCDPSession();
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const csp = issue.details?.contentSecurityPolicyIssueDetails;
    if (!csp) return;
    const at = csp.sourceCodeLocation;
    const where = at ? ` at ${at.url}:${at.lineNumber + 1}:${at.columnNumber + 1}` : '';
    const blocked = csp.blockedURL ? ` blocked ${csp.blockedURL}` : '';
    cspIssues.add(`${csp.violatedDirective} ${csp.contentSecurityPolicyViolationType}${blocked}${where}`);
  });
  await cdp.send('Audits.enable');
  try {
    const outcome = await lighthouse(
      `${origin}${pagePath}`,
      { output: 'json', logLevel: 'error' },
      undefined,
      tab,
    );
    if (!outcome?.lhr) throw new Error(`lighthouse gave no report for ${pagePath}`);
    return { ...outcome, cspIssues: [...cspIssues] };
  } finally {
    await tab.close().catch(() => {});
  }
}

/** The public profile path of the first provider the search API answers (the demo data has many). */
async function pickProfile() {
  const res = await fetch(`${origin}/api/search`);
  if (!res.ok) throw new Error(`GET /api/search answered ${res.status}`);
  const { items } = await res.json();
  const slug = items?.[0]?.slug;
  if (!slug) throw new Error('the search API found no provider (is the demo data seeded?)');
  return `/providers/${encodeURIComponent(slug)}`;
}

/** The numbers kept from one Lighthouse report. */
function summarize(lhr, cspIssues) {
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  const failing = {};
  for (const category of AUDITED) {
    const refs = lhr.categories[category]?.auditRefs ?? [];
    const failed = refs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1);
    if (failed.length) failing[category] = failed.map(describeAudit);
  }
  const inspector = failing['best-practices']?.find((audit) => audit.id === 'inspector-issues');
  if (inspector && cspIssues.length) inspector.csp_issues = cspIssues;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      best_practices: score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      lcp_ms: round(numeric('largest-contentful-paint')),
      fcp_ms: round(numeric('first-contentful-paint')),
      cls:
        numeric('cumulative-layout-shift') === null
          ? null
          : Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      tbt_ms: round(numeric('total-blocking-time')),
    },
    js_transferred_bytes: scripts?.transferSize ?? null,
    js_requests: scripts?.requestCount ?? null,
    failing_audits: failing,
  };
}

/** A failing audit: its id, score, value and the first few items of its details, flattened to text. */
function describeAudit(audit) {
  const items = audit.details?.items ?? [];
  return {
    id: audit.id,
    score: audit.score,
    ...(audit.displayValue ? { value: audit.displayValue } : {}),
    ...(audit.explanation ? { explanation: clip(audit.explanation) } : {}),
    ...(items.length ? { items: items.slice(0, 6).map(describeItem), item_count: items.length } : {}),
  };
}

function describeItem(item) {
  const out = {};
  for (const [key, value] of Object.entries(item)) {
    const text = describeValue(value);
    if (text !== null && text !== '' && !(Array.isArray(text) && text.length === 0)) out[key] = text;
  }
  return out;
}

/** Lighthouse detail values as short text: nodes by selector and snippet, source locations by url:line. */
function describeValue(value) {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return typeof value === 'string' ? clip(value) : value;
  if (value.type === 'node')
    return clip([value.selector, value.snippet, value.explanation].filter(Boolean).join(' | '));
  if (value.type === 'source-location') return clip(`${value.url}:${value.line + 1}:${value.column + 1}`);
  if (value.type === 'url' || value.type === 'code' || value.type === 'text')
    return clip(String(value.value));
  if (value.type === 'subitems') return (value.items ?? []).slice(0, 3).map(describeItem);
  if (Array.isArray(value)) return value.slice(0, 3).map(describeValue);
  return clip(JSON.stringify(value));
}

function clip(text) {
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
