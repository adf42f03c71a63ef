import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authVerifications, securityEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { cookiesFrom, get, linkIn, post, signIn, signUp, waitForMail } from '../../test/auth.ts';

const NEW_PASSWORD = 'N3w-secret!';

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const requestReset = (email: string, ip?: string) =>
    post(t, '/api/auth/request-password-reset', { email, redirectTo: '/auth?mode=reset-password' }, { ip });

  const eventsFor = (email: string) =>
    t.database.db.select().from(securityEvents).where(eq(securityEvents.email, email));

  /** Follows the mailed link as the browser does and returns the token the reset screen gets. */
  async function tokenFromMail(email: string): Promise<string> {
    const [mail] = await waitForMail(t, email, 'auth-reset-password');
    expect(mail!.subject).toBe('Reset your Adwuma password');
    const link = linkIn(mail!.text_body);
    const follow = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(follow.statusCode).toBe(302);
    const target = new URL(follow.headers.location as string);
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('mode')).toBe('reset-password');
    return target.searchParams.get('token')!;
  }

  it('mails a link to /auth?mode=reset-password&token=…; the token works once; old sessions end', async () => {
    const user = await signUp(t);
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    const token = await tokenFromMail(user.email);

    const weak = await post(t, '/api/auth/reset-password', { token, newPassword: 'Nospecial1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.fields[0]).toEqual({
      field: 'newPassword',
      message: 'Password must contain at least one special character',
    });

    const reset = await post(t, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });
    expect((await get(t, '/api/me', user.cookie)).json().error.code).toBe('SESSION_EXPIRED');
    expect((await signIn(t, user.email, user.password)).statusCode).toBe(401);
    const signedIn = await signIn(t, user.email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    const replay = await post(t, '/api/auth/reset-password', { token, newPassword: 'An0ther-one!' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: {
        code: 'INVALID_TOKEN',
        message: 'This password reset link is invalid or has expired. Please ask for a new one.',
      },
    });
    expect((await signIn(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await get(t, '/api/me', cookiesFrom(signedIn))).statusCode).toBe(200);

    const types = (await eventsFor(user.email)).map((e) => e.event_type).sort();
    expect(types).toEqual(['password_reset_completed', 'password_reset_requested']);
    const failed = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.event_type, 'password_reset_failed'));
    expect(failed.some((e) => e.metadata.error === 'INVALID_TOKEN')).toBe(true);
  });

  it('refuses an expired token (30 minutes) and keeps the password', async () => {
    const user = await signUp(t);
    await requestReset(user.email);
    const token = await tokenFromMail(user.email);
    const [row] = await t.database.db
      .select()
      .from(authVerifications)
      .where(eq(authVerifications.identifier, `reset-password:${token}`));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerifications.identifier, `reset-password:${token}`));
    const res = await post(t, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
    expect((await signIn(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    const known = await requestReset((await signUp(t)).email);
    expect(res.json()).toEqual(known.json());
    expect((await eventsFor(email)).map((e) => e.event_type)).toEqual(['password_reset_requested']);
  });

  it('allows 3 requests per 30 minutes per email: the 4th answers 429 with the spec message', async () => {
    const user = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await requestReset(user.email)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await requestReset(user.email.toUpperCase());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many password reset attempts. Please try again in 30 minutes.',
      },
    });
    const limited = await t.database.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.email, user.email),
          eq(securityEvents.event_type, 'password_reset_rate_limited'),
        ),
      );
    expect(limited).toHaveLength(1);
    expect(limited[0]!.metadata).toMatchObject({ email: user.email, timestamp: expect.any(String) });
    await waitForMail(t, user.email, 'auth-reset-password', 3);
  });

  it('refuses a bad email with the spec message and an outside redirect', async () => {
    const bad = await post(t, '/api/auth/request-password-reset', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0]).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    const outside = await post(t, '/api/auth/request-password-reset', {
      email: uniqueEmail(),
      redirectTo: 'https://evil.example/steal',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({
      error: { code: 'INVALID_REDIRECT_URL', message: 'Invalid redirectURL' },
    });
  });
});
