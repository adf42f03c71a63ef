import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesFrom, get, post, signIn, signUp } from '../../test/auth.ts';

/** A code from the secret in the otpauth:// URI, as an authenticator app computes it. */
function codeFor(totpURI: string, at = Date.now()): string {
  const totp = OTPAuth.URI.parse(totpURI);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error('not a TOTP URI');
  return totp.generate({ timestamp: at });
}

describe('two-factor (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('enrols with the password, then sign-in asks for a code and only a right code gives a session', async () => {
    const user = await signUp(t);
    const wrongPassword = await post(
      t,
      '/api/auth/two-factor/enable',
      { password: 'Wrong-pass1' },
      { cookie: user.cookie },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('INVALID_PASSWORD');

    const enable = await post(
      t,
      '/api/auth/two-factor/enable',
      { password: user.password },
      { cookie: user.cookie },
    );
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Adwuma:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Adwuma');
    expect(backupCodes.length).toBeGreaterThan(0);
    // Not on until a first code proves the app has the secret.
    expect((await get(t, '/api/me', user.cookie)).json().twoFactorEnabled).toBe(false);

    const confirm = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code: codeFor(totpURI) },
      { cookie: user.cookie },
    );
    expect(confirm.statusCode).toBe(200);
    const afterConfirm = cookiesFrom(confirm) || user.cookie;
    expect((await get(t, '/api/me', afterConfirm)).json().twoFactorEnabled).toBe(true);

    const first = await signIn(t, user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookiesFrom(first);
    expect(challenge).not.toMatch(/adwuma\.session_token=/);
    expect(challenge).toMatch(/two_factor/);
    expect((await get(t, '/api/me', challenge)).statusCode).toBe(401);

    const wrong = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code: '000000' },
      { cookie: challenge },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE' });

    const verified = await post(
      t,
      '/api/auth/two-factor/verify-totp',
      { code: codeFor(totpURI, Date.now() + 30_000) },
      { cookie: challenge },
    );
    expect(verified.statusCode).toBe(200);
    const session = cookiesFrom(verified);
    expect(session).toMatch(/adwuma\.session_token=/);
    const me = await get(t, '/api/me', session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: user.id }, twoFactorEnabled: true });

    const disable = await post(
      t,
      '/api/auth/two-factor/disable',
      { password: user.password },
      { cookie: session },
    );
    expect(disable.statusCode).toBe(200);
    const plain = await signIn(t, user.email);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect(cookiesFrom(plain)).toMatch(/adwuma\.session_token=/);
  });

  it('accepts a backup code instead of the app', async () => {
    const user = await signUp(t);
    const enable = await post(
      t,
      '/api/auth/two-factor/enable',
      { password: user.password },
      { cookie: user.cookie },
    );
    const { totpURI, backupCodes } = enable.json();
    await post(t, '/api/auth/two-factor/verify-totp', { code: codeFor(totpURI) }, { cookie: user.cookie });
    const challenge = cookiesFrom(await signIn(t, user.email));
    const res = await post(
      t,
      '/api/auth/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: challenge },
    );
    expect(res.statusCode).toBe(200);
    expect((await get(t, '/api/me', cookiesFrom(res))).statusCode).toBe(200);
  });
});
