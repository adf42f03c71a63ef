import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { mailOutbox, profiles, userRoles } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import { uniqueEmail } from './app.ts';

/** The test config's PUBLIC_URL: Better Auth refuses cookie-bearing POSTs from other origins. */
export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'Passw0rd!';

let addressCounter = 0;
/** A fresh client address, so per-IP limits stay out of a test's way unless it tests them. */
export function uniqueIp(): string {
  addressCounter++;
  return `10.${(process.pid % 200) + 1}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export async function post(
  t: TestApp,
  url: string,
  payload: unknown,
  opts: { cookie?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: opts.ip ?? uniqueIp(),
    headers: { origin: ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
}

export async function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, remoteAddress: uniqueIp(), headers: cookie ? { cookie } : {} });
}

/** Signs up through the API (as the web client does) and returns the session cookie. */
export async function signUp(
  t: TestApp,
  opts: { role?: 'customer' | 'explorer'; name?: string; email?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail(opts.role ?? 'customer');
  const res = await post(t, '/api/auth/sign-up/email', {
    name: opts.name ?? 'Ama Mensah',
    email,
    password: PASSWORD,
    user_role: opts.role ?? 'customer',
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, email, password: PASSWORD, cookie: cookiesFrom(res) };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD) {
  return post(t, '/api/auth/sign-in/email', { email, password });
}

/** Makes a user admin the way create-admin does (profile flag and role row). */
export async function makeAdmin(t: TestApp, userId: string): Promise<void> {
  const { db } = t.database;
  await db.update(profiles).set({ is_admin: true }).where(eq(profiles.id, userId));
  await db.insert(userRoles).values({ user_id: userId, role: 'admin' }).onConflictDoNothing();
}

/** Waits for a mail of this template to reach the outbox (the job queue sends it) and returns it. */
export async function waitForMail(t: TestApp, to: string, template: string, atLeast = 1) {
  let mails: (typeof mailOutbox.$inferSelect)[] = [];
  await vi.waitFor(
    async () => {
      mails = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.template, template)))
        .orderBy(desc(mailOutbox.created_at));
      if (mails.length < atLeast) throw new Error(`waiting for ${template} mail to ${to}`);
    },
    { timeout: 20_000, interval: 100 },
  );
  return mails;
}

/** The first link in a mail's text that starts with the public URL. */
export function linkIn(text: string | null): URL {
  const match = text?.match(/http:\/\/localhost:3000\S+/);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return new URL(match[0]);
}
