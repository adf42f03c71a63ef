import { expect, type Page, test } from './test.ts';

/** Console errors, page errors and error reports a page produced. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/frontend-errors')
      problems.push(`reported: ${request.postData()}`);
  });
  return problems;
}

async function firstProvider(page: Page): Promise<{ slug: string; name: string }> {
  const res = await page.request.get('/api/search');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { slug: string; name: string }[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

test('server-rendered public pages hydrate without a console error or an error report', async ({ page }) => {
  const problems = watchProblems(page);
  const provider = await firstProvider(page);
  for (const [url, heading] of [
    ['/search?q=braids', 'Find providers'],
    [`/providers/${provider.slug}`, provider.name],
    ['/categories/hair-braiding', 'Hair braiding'],
    ['/pricing', 'Keep more of what you earn'],
    ['/help', 'How can we help?'],
    ['/auth', 'Welcome back'],
  ] as const) {
    // The page's text is in the HTML itself, before any script runs.
    const html = await (await page.request.get(url)).text();
    expect(html, url).toContain('id="adwuma-ssr"');
    await page.goto(url); // waits until the app has taken the page over (e2e/test.ts)
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toContainText(heading);
  }
  // After hydration the app navigates by itself: no new document is loaded.
  await page.goto(`/providers/${provider.slug}`);
  const marker = await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    return true;
  });
  expect(marker).toBe(true);
  await page.getByRole('link', { name: 'Back to search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  expect(problems).toEqual([]);
});

test('a dark theme hydrates the same page cleanly', async ({ page }) => {
  const problems = watchProblems(page);
  await page.addInitScript(() => localStorage.setItem('adwuma-ui-theme', 'dark'));
  const provider = await firstProvider(page);
  await page.goto(`/providers/${provider.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(provider.name);
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(problems).toEqual([]);
});

test('links work before any script runs (and without JavaScript at all)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search');
  const card = page.locator('article h3 a').first();
  const name = (await card.textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await card.click();
  await expect(page).toHaveURL(/\/providers\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('table')).toContainText('Premium');
  await context.close();
});
