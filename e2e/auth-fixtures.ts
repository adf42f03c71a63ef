import { randomInt } from 'node:crypto';
import { uniqueEmail } from './support.ts';
import { type APIRequestContext, type Browser, test as base, expect, type Page } from './test.ts';

/** Meets the sign-up rules (8+, an uppercase letter, a number, a special character). */
export const PASSWORD = 'Akwaaba22!';

export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;

/**
 * Every test talks to the server from its own client address, so the per-address auth limits
 * (5 sign-ups an hour, 30 sign-ins in 15 minutes) hold for each test rather than for the whole run.
 * The server reads X-Forwarded-For only when it trusts a proxy (TRUST_PROXY=true).
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

export { expect };

export interface Account {
  email: string;
  password: string;
  name: string;
}

type Requester = APIRequestContext | Page;
const requestOf = (who: Requester) => ('request' in who ? who.request : who);

/**
 * Creates an account through the API. With a page, its cookie lands in that browser (Better Auth
 * signs in at sign-up); with a bare request context the browser stays signed out.
 */
export async function createAccount(
  who: Requester,
  options: { role?: 'customer' | 'explorer'; name?: string; email?: string; password?: string } = {},
): Promise<Account> {
  const account = {
    email: options.email ?? uniqueEmail(options.role === 'explorer' ? 'provider' : 'customer'),
    password: options.password ?? PASSWORD,
    name: options.name ?? 'Ama Mensah',
  };
  const res = await requestOf(who).post('/api/auth/sign-up/email', {
    headers: { origin: ORIGIN },
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      user_role: options.role ?? 'customer',
      callbackURL: '/auth/callback',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/** Signs the page's browser in through the API (tests that are not about the sign-in form). */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: ORIGIN },
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The e2e admin (E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD) signed in, in a browser of their own with
 * their own client address; phone-sized for the phone journeys. Close `context` when done.
 */
export async function signedInAdmin(browser: Browser, options: { phone?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: ORIGIN,
    ...(options.phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const page = await context.newPage();
  await signIn(page, {
    email: process.env.E2E_ADMIN_EMAIL ?? '',
    password: process.env.E2E_ADMIN_PASSWORD ?? '',
  });
  return { context, page };
}

/** A customer whose session is in this page's browser. */
export async function signedInCustomer(page: Page): Promise<Account> {
  return createAccount(page);
}

/** The first address in a mail's text that contains `part`. */
export function linkIn(text: string | null, part: string): string {
  const link = (text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  expect(link, `a link with ${part} in the mail`).toBeTruthy();
  return link as string;
}
