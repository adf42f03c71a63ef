// The tests' `test`: Playwright's, with pages that wait, after a full page load, until the app has
// taken over a server-rendered page (issue 20). The page is on screen before its code runs; a click
// then would do what it does without JavaScript (a plain link, or nothing), not what the test means.
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/** Waits until React has hydrated a server-rendered page (html[data-hydrated], root-layout.tsx). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('adwuma-ssr') || document.documentElement.dataset.hydrated === 'true',
  );
}

const patched = new WeakSet<Page>();
function patchPage(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
}

function patchContext(context: BrowserContext) {
  for (const page of context.pages()) patchPage(page);
  context.on('page', patchPage);
}

export const test = base.extend<object, { browser: Browser }>({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) patchContext(context);
    await use(context);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) patchContext(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
