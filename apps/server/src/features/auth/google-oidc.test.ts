import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_USER_MESSAGES } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authUsers, profiles, userRoles } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { cookiesFrom, get, ORIGIN, post } from '../../test/auth.ts';

const CLIENT_ID = 'adwuma-test';
const CLIENT_SECRET = 'a-client-secret-for-tests-only';

/** A cookie jar by hand: name → value, for one site. */
class Jar {
  private cookies = new Map<string, string>();
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1. Its login and consent screens are
 * finished programmatically for `account`.
 */
async function startIdp(account: { sub: string; email: string; name: string }) {
  let issuer = '';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${ORIGIN}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) =>
      sub === account.sub
        ? {
            accountId: sub,
            claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
          }
        : undefined,
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId: account.sub, clientId: CLIENT_ID }))
        : new provider.Grant({ accountId: account.sub, clientId: CLIENT_ID });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    callback(req, res);
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('Continue with Google (any OpenID Connect issuer)', () => {
  const account = { sub: 'idp-user-1', email: uniqueEmail('google'), name: 'Akosua Google' };
  let idp: Awaited<ReturnType<typeof startIdp>>;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startIdp(account);
    t = await createTestApp({
      oidc: { issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('says Google is on', async () => {
    expect((await get(t, '/api/auth/providers')).json()).toEqual({
      google: true,
      requireEmailVerification: false,
    });
  });

  /** Starts "Continue with Google", passes the provider's screens and comes back: our answer. */
  async function googleRoundTrip() {
    const appJar = new Jar();
    const start = await post(t, '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/auth/callback',
    });
    expect(start.statusCode).toBe(200);
    appJar.take([start.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string'));
    const authorize = new URL(start.json().url);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/google`);

    // Follow the provider's redirects (login, consent) until it sends the browser back to us.
    const idpJar = new Jar();
    let next = authorize;
    for (let hop = 0; next.origin === idp.issuer; hop++) {
      if (hop > 10) throw new Error('too many redirects at the provider');
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: idpJar.header() } });
      idpJar.take(res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (!location)
        throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
      next = new URL(location, next);
    }
    expect(`${next.origin}${next.pathname}`).toBe(`${ORIGIN}/api/auth/callback/google`);
    expect(next.searchParams.get('code')).toBeTruthy();

    return t.app.inject({
      method: 'GET',
      url: `${next.pathname}${next.search}`,
      headers: { cookie: appJar.header() },
    });
  }

  it('signs in through the provider (PKCE, consent) and lands on /auth/callback with a session and a customer profile', async () => {
    const back = await googleRoundTrip();
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/auth/callback');
    const session = cookiesFrom(back);
    expect(session).toMatch(/adwuma\.session_token=/);

    const me = await get(t, '/api/me', session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: account.email, name: 'Akosua Google', emailVerified: true },
      profile: { full_name: 'Akosua Google', email: account.email, role: 'customer', type: 'customer' },
      role: 'customer',
    });
    const { db } = t.database;
    const [user] = await db.select().from(authUsers).where(eq(authUsers.email, account.email));
    const accounts = await db.select().from(authAccounts).where(eq(authAccounts.userId, user!.id));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['google', account.sub]]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.role).toBe('customer');
    const roles = await db.select().from(userRoles).where(eq(userRoles.user_id, user!.id));
    expect(roles.map((r) => r.role)).toEqual(['customer']);
  });

  it('refuses a suspended account (issue 19): back to /auth/callback with the code and the message, no session', async () => {
    const { db } = t.database;
    await db.update(authUsers).set({ suspended_at: new Date() }).where(eq(authUsers.email, account.email));
    try {
      const back = await googleRoundTrip();
      expect(back.statusCode).toBe(302);
      const target = new URL(back.headers.location as string, ORIGIN);
      expect(target.pathname).toBe('/auth/callback');
      expect(target.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
      expect(target.searchParams.get('error_description')).toBe(ADMIN_USER_MESSAGES.suspendedSignIn);
      expect(cookiesFrom(back)).not.toMatch(/adwuma\.session_token=/);
    } finally {
      await db.update(authUsers).set({ suspended_at: null }).where(eq(authUsers.email, account.email));
    }
  });

  it('sends a failed or forged callback to /auth/callback?error=…', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/callback/google?error=access_denied' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?error=/);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=abc&state=forged',
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?error=/);
  });
});
