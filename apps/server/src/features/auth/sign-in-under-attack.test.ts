import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, signInFailures } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { cookiesFrom, get, PASSWORD, post, signUp, uniqueIp, waitForMail } from '../../test/auth.ts';
import { DELAY_RULES } from './sign-in-delay.ts';

/**
 * Issue 29 item 4: wrong passwords slow an attacker by growing, capped waits; they never lock the
 * owner (or everyone behind one carrier address) out for an hour. A device that signed in before is
 * slowed only by its own failures, and a code by mail is the way in while an account is slowed.
 */
// Each wrong password costs a real scrypt check: the attack tests take a while on two cores.
describe('sign-in under attack', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signInFrom = (email: string, password: string, ip: string, cookie?: string) =>
    post(t, '/api/auth/sign-in/email', { email, password }, { ip, ...(cookie ? { cookie } : {}) });

  /** As if `failures` wrong passwords had just been counted on `key`. */
  async function seed(key: string, failures: number) {
    await t.database.db
      .insert(signInFailures)
      .values({ key, failures, last_failure_at: sql`now()` })
      .onConflictDoUpdate({ target: signInFailures.key, set: { failures, last_failure_at: sql`now()` } });
  }

  async function countOf(key: string): Promise<number | undefined> {
    const [row] = await t.database.db.select().from(signInFailures).where(eq(signInFailures.key, key));
    return row?.failures;
  }

  /** Only the known-device cookie of a response (the device signed out since). */
  function knownDeviceCookie(res: Awaited<ReturnType<typeof post>>): string {
    const cookie = cookiesFrom(res)
      .split('; ')
      .find((pair) => pair.startsWith('adwuma.known_device='));
    if (!cookie) throw new Error(`no known-device cookie: ${JSON.stringify(res.headers['set-cookie'])}`);
    return cookie;
  }

  /** Asks for a code and signs in with it; answers the sign-in's response. */
  async function signInWithCode(email: string, ip: string) {
    const sent = await post(
      t,
      '/api/auth/email-otp/send-verification-otp',
      { email, type: 'sign-in' },
      { ip },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await waitForMail(t, email, 'auth-sign-in-code');
    const code = mail!.text_body?.match(/^\d{6}$/m)?.[0];
    expect(code, mail!.text_body ?? '').toBeDefined();
    return post(t, '/api/auth/sign-in/email-otp', { email, otp: code }, { ip });
  }

  it('12 addresses × 11 wrong passwords: the owner from a new address waits seconds at most, with a code offered, and the code signs in', async () => {
    const owner = await signUp(t);
    const retryAfters: number[] = [];
    let wrong = 0;
    for (let address = 0; address < 12; address++) {
      const ip = uniqueIp();
      for (let i = 0; i < 11; i++) {
        const res = await signInFrom(owner.email, 'Wrongpass1!', ip);
        if (res.statusCode === 401) wrong++;
        else {
          expect(res.statusCode, res.body).toBe(429);
          retryAfters.push(Number(res.headers['retry-after']));
        }
      }
    }
    // Refused attempts are not failures: far fewer than 132 passwords were tried.
    expect(wrong).toBeLessThan(40);
    expect(retryAfters.length).toBeGreaterThan(90);
    // Waits are seconds, never the hour the fixed window made them.
    expect(Math.max(...retryAfters)).toBeLessThanOrEqual(DELAY_RULES.accountAddress.maxSeconds);

    const home = uniqueIp();
    const mine = await signInFrom(owner.email, PASSWORD, home);
    if (mine.statusCode !== 200) {
      expect(mine.statusCode, mine.body).toBe(429);
      expect(Number(mine.headers['retry-after'])).toBeLessThanOrEqual(DELAY_RULES.account.maxSeconds);
      expect(mine.json().error.details).toMatchObject({ signInCode: 'email' });
      const byCode = await signInWithCode(owner.email, home);
      expect(byCode.statusCode, byCode.body).toBe(200);
      expect((await get(t, '/api/me', cookiesFrom(byCode))).statusCode).toBe(200);
    } else {
      expect((await get(t, '/api/me', cookiesFrom(mine))).statusCode).toBe(200);
    }
  });

  it('an account being slowed answers 429 with Retry-After in seconds and the code offer; the code signs in without the password', async () => {
    const owner = await signUp(t);
    await seed(`account:${owner.email}`, 1000);
    const ip = uniqueIp();
    const slowed = await signInFrom(owner.email, PASSWORD, ip);
    expect(slowed.statusCode, slowed.body).toBe(429);
    const retryAfter = Number(slowed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(slowed.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a few minutes before trying again.',
        details: { retryAfter, signInCode: 'email' },
      },
    });
    const byCode = await signInWithCode(owner.email, ip);
    expect(byCode.statusCode, byCode.body).toBe(200);
    // No raw session token in the answer; the cookie carries the session.
    expect(byCode.json().token).toBeNull();
    const me = await get(t, '/api/me', cookiesFrom(byCode));
    expect(me.statusCode, me.body).toBe(200);
  });

  it('a code allows 5 wrong tries, then is spent; an unknown address gets the same answer and no mail', async () => {
    const owner = await signUp(t);
    const ip = uniqueIp();
    const sent = await post(t, '/api/auth/email-otp/send-verification-otp', { email: owner.email }, { ip });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await waitForMail(t, owner.email, 'auth-sign-in-code');
    const code = mail!.text_body!.match(/^\d{6}$/m)![0];
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        t,
        '/api/auth/sign-in/email-otp',
        { email: owner.email, otp: wrongCode },
        { ip },
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
    }
    const spent = await post(t, '/api/auth/sign-in/email-otp', { email: owner.email, otp: code }, { ip });
    expect(spent.statusCode, spent.body).toBe(403);
    expect(spent.json().error.code).toBe('TOO_MANY_ATTEMPTS');

    const bad = await post(t, '/api/auth/sign-in/email-otp', { email: owner.email, otp: '12ab' }, { ip });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');

    const nobody = uniqueEmail('nobody');
    const unknown = await post(t, '/api/auth/email-otp/send-verification-otp', { email: nobody }, { ip });
    expect(unknown.statusCode, unknown.body).toBe(200);
    // The mail of the next request to a real account arrives; none ever went to the unknown one.
    await post(t, '/api/auth/email-otp/send-verification-otp', { email: owner.email }, { ip });
    await waitForMail(t, owner.email, 'auth-sign-in-code', 2);
    const toNobody = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, nobody));
    expect(toNobody).toEqual([]);
    const other = await post(
      t,
      '/api/auth/email-otp/send-verification-otp',
      { email: owner.email, type: 'forget-password' },
      { ip },
    );
    expect(other.statusCode).toBe(400);
  });

  it('limits code mails per email (3 per 10 minutes)', async () => {
    const owner = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post(t, '/api/auth/email-otp/send-verification-otp', { email: owner.email })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('60 wrong sign-ins from one address: another email from the same address still signs in', async () => {
    const nat = uniqueIp();
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() => signInFrom(uniqueEmail('spray'), 'Wrongpass1!', nat)),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(401);
    }
    const neighbour = await signUp(t);
    const res = await signInFrom(neighbour.email, PASSWORD, nat);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a known device signs in while the account and its address are slowed by attacks from elsewhere; it counts its own failures', async () => {
    const owner = await signUp(t);
    const home = uniqueIp();
    const first = await signInFrom(owner.email, PASSWORD, home);
    expect(first.statusCode, first.body).toBe(200);
    const setCookie = [first.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/adwuma\.known_device=[^;]+;[^\n]*HttpOnly/i);
    expect(setCookie).toMatch(/adwuma\.known_device=[^;]+;[^\n]*SameSite=Lax/i);
    const device = knownDeviceCookie(first);

    // The account and the home address are under attack.
    await seed(`account:${owner.email}`, 1000);
    await seed(`address:${home}`, 1000);
    const stranger = await signInFrom(owner.email, PASSWORD, uniqueIp());
    expect(stranger.statusCode).toBe(429);
    const sameAddressNoCookie = await signInFrom(owner.email, PASSWORD, home);
    expect(sameAddressNoCookie.statusCode).toBe(429);

    const known = await signInFrom(owner.email, PASSWORD, home, device);
    expect(known.statusCode, known.body).toBe(200);
    // From another address too (the phone on mobile data).
    expect((await signInFrom(owner.email, PASSWORD, uniqueIp(), device)).statusCode).toBe(200);

    // Its own wrong passwords count on its own counter…
    const wrong = await signInFrom(owner.email, 'Wrongpass1!', home, device);
    expect(wrong.statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(signInFailures)
      .where(like(signInFailures.key, `device:${owner.id}:%`));
    expect(row?.failures).toBe(1);
    // …and slow it when they pile up.
    await seed(row!.key, 1000);
    const slowed = await signInFrom(owner.email, PASSWORD, home, device);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(DELAY_RULES.accountAddress.maxSeconds);

    // The cookie is bound to its user: for another account it is no exception.
    const other = await signUp(t);
    await seed(`account:${other.email}`, 1000);
    expect((await signInFrom(other.email, PASSWORD, home, device)).statusCode).toBe(429);
    // A forged cookie is no exception either.
    const forged = device.replace(/=.*/, `=${encodeURIComponent(`${owner.id}:abc.forged`)}`);
    await seed(`account:${owner.email}`, 1000);
    expect((await signInFrom(owner.email, PASSWORD, uniqueIp(), forged)).statusCode).toBe(429);
  });

  it('counts failures, not attempts; a successful sign-in clears its account+address count', async () => {
    const owner = await signUp(t);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++)
      expect((await signInFrom(owner.email, 'Wrongpass1!', ip)).statusCode).toBe(401);
    // Three failures, less what leaked meanwhile (the address forgets one every 30 s).
    const three = (count: number | undefined) => {
      expect(count).toBeGreaterThan(2);
      expect(count).toBeLessThanOrEqual(3);
    };
    three(await countOf(`account-address:${owner.email}|${ip}`));
    three(await countOf(`account:${owner.email}`));
    expect((await signInFrom(owner.email, PASSWORD, ip)).statusCode).toBe(200);
    expect(await countOf(`account-address:${owner.email}|${ip}`)).toBeUndefined();
    // The right password was not counted as a failure.
    three(await countOf(`account:${owner.email}`));
    three(await countOf(`address:${ip}`));
  });
});
