import { ADMIN_USER_MESSAGES, type AdminUserDetail } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, authSessions, authUsers, providerSearch } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  cookiesFrom,
  get,
  linkIn,
  makeAdmin,
  post,
  signIn,
  signUp,
  type TestUser,
  waitForMail,
} from '../../test/auth.ts';
import { onboardedProvider } from '../../test/providers.ts';
import { listenLoopback, openSocket } from '../../test/realtime.ts';

const NEW_PASSWORD = 'N3w-secret!';
const SUSPENDED = { error: { code: 'ACCOUNT_SUSPENDED', message: ADMIN_USER_MESSAGES.suspendedSignIn } };
const RESET_REQUIRED = {
  error: { code: 'PASSWORD_RESET_REQUIRED', message: ADMIN_USER_MESSAGES.resetRequiredSignIn },
};

function codeFor(totpURI: string, at = Date.now()): string {
  const totp = OTPAuth.URI.parse(totpURI);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error('not a TOTP URI');
  return totp.generate({ timestamp: at });
}

describe('suspension and forced password reset: their effects', () => {
  let t: TestApp;
  let admin: TestUser;
  let base: string;

  const act = (target: string, body: Record<string, unknown>) =>
    post(t, `/api/admin/users/${target}/actions`, body, { cookie: admin.cookie });
  const sessionsOf = (userId: string) =>
    t.database.db.select().from(authSessions).where(eq(authSessions.userId, userId));
  const searchIds = async (q: string) => {
    const res = await get(t, `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { provider_id: string; slug: string }[]).map((i) => i.provider_id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, { name: 'Addo Admin' });
    await makeAdmin(t, admin.id);
    base = await listenLoopback(t.app);
  });
  afterAll(() => t.close());

  it('suspend: sessions end at once, the socket hears why and closes, sign-in is refused, the listing hides; reinstate undoes it', async () => {
    const provider = await onboardedProvider(t, { name: 'Kwabena Zigzag' });
    const phone = cookiesFrom(await signIn(t, provider.email));
    expect(await searchIds('zigzag')).toEqual([provider.id]);
    const [listing] = await t.database.db
      .select()
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, provider.id));
    const slug = (await get(t, '/api/search?q=zigzag')).json().items[0].slug as string;
    expect((await get(t, `/api/providers/${slug}`)).statusCode).toBe(200);
    const socket = await openSocket(base, phone);
    await socket.ready();

    const res = await act(provider.id, { action: 'suspend', reason: 'Fake reviews, under investigation' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminUserDetail;
    expect(detail.user).toMatchObject({
      status: 'suspended',
      suspended_at: expect.any(String),
      suspension_reason: 'Fake reviews, under investigation',
      active_sessions: 0,
    });

    // Every session is gone: both cookies answer 401 on the very next request.
    expect(await sessionsOf(provider.id)).toEqual([]);
    for (const cookie of [provider.cookie, phone]) {
      const me = await get(t, '/api/me', cookie);
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('SESSION_EXPIRED');
    }
    // The phone's socket is told, then closed.
    await socket.waitFor((frames) => frames.find((f) => f.type === 'signed_out'));
    expect(socket.frames.filter((f) => f.type === 'signed_out')).toEqual([
      { type: 'signed_out', reason: 'suspended' },
    ]);
    await socket.waitFor(() => socket.closed);
    expect(socket.closed?.code).toBe(4401);
    await expect(openSocket(base, phone)).rejects.toThrow(/401/);

    // Sign-in is refused with the exact message (the password was right).
    const refused = await signIn(t, provider.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);
    expect(cookiesFrom(refused)).not.toMatch(/session_token=/);
    expect((await signIn(t, provider.email, 'Wrong-pass1!')).statusCode).toBe(401);

    // Hidden from search and the public profile; the data stays.
    expect(await searchIds('zigzag')).toEqual([]);
    expect((await get(t, `/api/providers/${slug}`)).statusCode).toBe(404);
    const [hidden] = await t.database.db
      .select()
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, provider.id));
    expect(hidden).toMatchObject({ listed: false, code: listing!.code, name: listing!.name });
    expect((await get(t, '/api/admin/users?status=suspended', admin.cookie)).json().items).toEqual([
      expect.objectContaining({ id: provider.id, status: 'suspended' }),
    ]);

    const back = await act(provider.id, { action: 'reinstate', reason: 'Investigation found nothing' });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as AdminUserDetail).user).toMatchObject({
      status: 'active',
      suspended_at: null,
      suspension_reason: null,
    });
    const again = await signIn(t, provider.email);
    expect(again.statusCode, again.body).toBe(200);
    expect((await get(t, '/api/me', cookiesFrom(again))).statusCode).toBe(200);
    expect(await searchIds('zigzag')).toEqual([provider.id]);
    expect((await get(t, `/api/providers/${slug}`)).statusCode).toBe(200);

    const entries = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, 'user'), eq(adminAuditLog.target_id, provider.id)));
    expect(entries.map((e) => [e.action, e.details]).sort()).toEqual([
      [
        'user.reinstate',
        {
          reason: 'Investigation found nothing',
          before: {
            role: 'service_provider',
            is_admin: false,
            suspended: true,
            password_reset_required: false,
          },
          after: {
            role: 'service_provider',
            is_admin: false,
            suspended: false,
            password_reset_required: false,
          },
        },
      ],
      [
        'user.suspend',
        {
          reason: 'Fake reviews, under investigation',
          before: {
            role: 'service_provider',
            is_admin: false,
            suspended: false,
            password_reset_required: false,
          },
          after: {
            role: 'service_provider',
            is_admin: false,
            suspended: true,
            password_reset_required: false,
          },
        },
      ],
    ]);
  });

  it('suspend: the two-factor step is refused too', async () => {
    const user = await signUp(t);
    const enable = await post(
      t,
      '/api/auth/two-factor/enable',
      { password: user.password },
      { cookie: user.cookie },
    );
    const { totpURI } = enable.json();
    await post(t, '/api/auth/two-factor/verify-totp', { code: codeFor(totpURI) }, { cookie: user.cookie });
    const first = await signIn(t, user.email);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookiesFrom(first);

    expect((await act(user.id, { action: 'suspend', reason: 'Chargeback fraud' })).statusCode).toBe(200);
    const verify = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code: codeFor(totpURI, Date.now() + 30_000) },
      { cookie: challenge },
    );
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toEqual(SUSPENDED);
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it('force_password_reset: sessions end, the reset mail goes out, sign-in waits for the new password', async () => {
    const user = await signUp(t);
    const socket = await openSocket(base, user.cookie);
    await socket.ready();
    const res = await act(user.id, { action: 'force_password_reset', reason: 'Password seen in a leak' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminUserDetail).user).toMatchObject({
      password_reset_required: true,
      active_sessions: 0,
      status: 'active',
    });
    expect((await get(t, '/api/me', user.cookie)).statusCode).toBe(401);
    await socket.waitFor((frames) =>
      frames.find((f) => f.type === 'signed_out' && f.reason === 'password_reset'),
    );
    await socket.waitFor(() => socket.closed);

    const refused = await signIn(t, user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(RESET_REQUIRED);

    const [mail] = await waitForMail(t, user.email, 'auth-reset-password');
    const link = linkIn(mail!.text_body);
    const follow = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(follow.statusCode).toBe(302);
    const target = new URL(follow.headers.location as string);
    expect(`${target.pathname}?mode=${target.searchParams.get('mode')}`).toBe('/auth?mode=reset-password');
    const token = target.searchParams.get('token')!;
    const reset = await post(t, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);

    const [row] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(row!.password_reset_required_at).toBeNull();
    expect((await signIn(t, user.email)).statusCode).toBe(401);
    const signedIn = await signIn(t, user.email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await get(t, '/api/me', cookiesFrom(signedIn))).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.target_id, user.id), eq(adminAuditLog.action, 'user.force_password_reset')),
      );
    expect(entry?.details).toMatchObject({
      reason: 'Password seen in a leak',
      before: { password_reset_required: false },
      after: { password_reset_required: true },
    });
  });
});

describe('two admins acting on each other at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never leave the product without an admin (remove_admin and suspend, three rounds)', async () => {
    const a = await signUp(t, { name: 'Admin Ama' });
    const b = await signUp(t, { name: 'Admin Kofi' });
    await makeAdmin(t, a.id);
    await makeAdmin(t, b.id);
    const admins = { [a.id]: a, [b.id]: b };
    const act = (by: TestUser, target: TestUser, action: string) =>
      post(
        t,
        `/api/admin/users/${target.id}/actions`,
        { action, reason: 'Both at once' },
        { cookie: by.cookie },
      );

    for (const action of ['remove_admin', 'suspend', 'remove_admin']) {
      const [ab, ba] = await Promise.all([act(a, b, action), act(b, a, action)]);
      expect(
        [ab.statusCode, ba.statusCode].filter((s) => s === 200),
        `${action}: ${ab.body} / ${ba.body}`,
      ).toHaveLength(1);
      const refused = ab.statusCode === 200 ? ba : ab;
      // Refused as the last admin, or (when the other action committed before this one was even
      // checked) no longer an admin or signed out.
      expect([401, 403, 409]).toContain(refused.statusCode);
      if (refused.statusCode === 409) {
        expect(refused.json().error).toEqual({
          code: 'ACTION_REFUSED',
          message: ADMIN_USER_MESSAGES.lastAdmin,
        });
      }
      const [winner, loser] = ab.statusCode === 200 ? [a, b] : [b, a];
      const list = await get(t, '/api/admin/users?role=admin&status=active', winner.cookie);
      expect(list.json().items.map((u: { id: string }) => u.id)).toEqual([winner.id]);
      // The winner puts things back for the next round.
      const undo = action === 'suspend' ? 'reinstate' : 'grant_admin';
      expect((await act(winner, loser, undo)).statusCode).toBe(200);
      if (action === 'suspend') {
        const fresh = await signIn(t, loser.email);
        expect(fresh.statusCode).toBe(200);
        admins[loser.id]!.cookie = cookiesFrom(fresh);
      }
    }
  });
});
