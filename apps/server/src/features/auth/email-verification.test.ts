import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authUsers, profiles } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { cookiesFrom, get, linkIn, PASSWORD, post, signIn, waitForMail } from '../../test/auth.ts';

describe('REQUIRE_EMAIL_VERIFICATION=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ requireEmailVerification: true });
  });
  afterAll(() => t.close());

  it('says so on /api/auth/providers', async () => {
    expect((await get(t, '/api/auth/providers')).json()).toEqual({
      google: false,
      requireEmailVerification: true,
    });
  });

  it('signs up without a session, refuses sign-in until the link is followed, then signs in', async () => {
    const email = uniqueEmail('verify');
    const res = await post(t, '/api/auth/sign-up/email', { name: 'Yaw Darko', email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: null, user: { email, emailVerified: false } });
    expect(cookiesFrom(res)).toBe('');
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(
      await t.database.db.select().from(authSessions).where(eq(authSessions.userId, user!.id)),
    ).toHaveLength(0);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ full_name: 'Yaw Darko', role: 'customer' });

    await waitForMail(t, email, 'auth-verify-email');

    const early = await signIn(t, email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } });
    // The refused sign-in sends the link again.
    const mails = await waitForMail(t, email, 'auth-verify-email', 2);

    const link = linkIn(mails[0]!.text_body);
    const follow = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toMatch(/\/auth\/callback$/);
    const cookie = cookiesFrom(follow);
    expect(cookie).toMatch(/adwuma\.session_token=/);
    const me = await get(t, '/api/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, emailVerified: true });

    expect((await signIn(t, email)).statusCode).toBe(200);
  });

  it('still answers a taken email with USER_ALREADY_EXISTS (the dialog the spec wants)', async () => {
    const email = uniqueEmail('taken');
    expect(
      (await post(t, '/api/auth/sign-up/email', { name: 'Yaw Darko', email, password: PASSWORD })).statusCode,
    ).toBe(200);
    const again = await post(t, '/api/auth/sign-up/email', { name: 'Yaw Darko', email, password: PASSWORD });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('USER_ALREADY_EXISTS');
  });

  it('sends a bad or tampered link to /auth/callback?error=…', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Fcallback',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/auth\/callback\?error=/);
  });
});
