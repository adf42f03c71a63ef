import {
  OTP_MESSAGES,
  OTP_PER_ADDRESS_PER_HOUR,
  OTP_PER_NUMBER_PER_HOUR,
  phoneAccountEmail,
} from '@adwuma/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, authVerifications, mailOutbox, profiles, smsOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesFrom, get, ORIGIN, post, signUp, uniqueIp } from '../../test/auth.ts';
import { PHONE_NOT_REGISTERED } from './phone-auth.ts';

let counter = 0;
/** A fresh Ghana mobile number (+23324XXXXXXX) per call. */
function uniquePhone(): string {
  counter++;
  const digits = String((process.pid * 1000 + counter) % 10_000_000).padStart(7, '0');
  return `+23324${digits}`;
}

const sendCode = (t: TestApp, phoneNumber: string, opts: { ip?: string; cookie?: string } = {}) =>
  post(t, '/api/auth/phone-number/send-otp', { phoneNumber }, opts);

const verify = (t: TestApp, body: Record<string, unknown>, opts: { ip?: string; cookie?: string } = {}) =>
  post(t, '/api/auth/phone-number/verify', body, opts);

/** The SMS kept for a number, newest first, as the browser tests read them (dev outbox, loopback). */
async function smsTo(t: TestApp, phone: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/sms-outbox?to=${encodeURIComponent(phone)}`,
    remoteAddress: '127.0.0.1',
  });
  expect(res.statusCode).toBe(200);
  return res.json().messages as { body: string; template: string; status: string }[];
}

async function latestCode(t: TestApp, phone: string): Promise<string> {
  const [latest] = await smsTo(t, phone);
  const code = latest?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Pretends the codes already sent to `phone` went `seconds` earlier (the resend wait, the hour). */
async function age(t: TestApp, phone: string, seconds: number) {
  await t.database.db
    .update(smsOutbox)
    .set({ created_at: sql`${smsOutbox.created_at} - make_interval(secs => ${seconds})` })
    .where(eq(smsOutbox.to_number, phone));
}

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;

async function signUpByPhone(t: TestApp, phone: string, name = 'Kofi Boateng', role = 'customer') {
  expect((await sendCode(t, phone)).statusCode).toBe(200);
  const res = await verify(t, {
    phoneNumber: phone,
    code: await latestCode(t, phone),
    name,
    user_role: role,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id as string, cookie: cookiesFrom(res) };
}

describe('sign-in and sign-up by SMS code', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ devOutbox: true });
  });
  afterAll(() => t.close());

  it('signs up with a code: the profile has the name and the number, /api/me no email', async () => {
    const phone = uniquePhone();
    // The local form is accepted and stored as +233…
    const local = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    expect((await sendCode(t, local)).statusCode).toBe(200);
    const [sms] = await smsTo(t, phone);
    expect(sms).toMatchObject({ template: 'otp', status: 'sent' });
    expect(sms!.body).toMatch(/^\d{6} is your Adwuma code\. It works for 5 minutes\./);

    const res = await verify(t, {
      phoneNumber: local,
      code: await latestCode(t, phone),
      name: '  Kofi   Boateng ',
      user_role: 'explorer',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookiesFrom(res);
    const me = await get(t, '/api/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: null, name: 'Kofi Boateng' },
      phone_number: phone,
      phone_verified: true,
      role: 'service_provider',
      profile: { full_name: 'Kofi Boateng', phone, email: null, role: 'explorer' },
    });
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.phoneNumber, phone));
    expect(user!.email).toBe(phoneAccountEmail(phone));
  });

  it('refuses a sign-in with a number no account uses (a typo creates nothing), and a sign-up without a name', async () => {
    const phone = uniquePhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const code = await latestCode(t, phone);
    const res = await verify(t, { phoneNumber: phone, code });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'PHONE_NOT_REGISTERED', message: PHONE_NOT_REGISTERED });
    const short = await verify(t, { phoneNumber: phone, code, name: ' K ' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toBe('name: Full name must be at least 2 characters');
    const admin = await verify(t, { phoneNumber: phone, code, name: 'Kofi', user_role: 'admin' });
    expect(admin.statusCode).toBe(400);
    expect(errorOf(admin).message).toMatch(/^user_role:/);
    const rows = await t.database.db.select().from(authUsers).where(eq(authUsers.phoneNumber, phone));
    expect(rows).toEqual([]);
  });

  it('refuses a number that is not Ghanaian, and a code that is not six digits', async () => {
    const bad = await sendCode(t, '+441234567890');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('phoneNumber: Enter a Ghana phone number, e.g. +233 24 123 4567');
    const shape = await verify(t, { phoneNumber: uniquePhone(), code: '12ab' });
    expect(shape.statusCode).toBe(400);
    expect(errorOf(shape).message).toBe(`code: ${OTP_MESSAGES.invalidCode}`);
  });

  it('signs in with a code: the same account', async () => {
    const phone = uniquePhone();
    const first = await signUpByPhone(t, phone);
    await age(t, phone, 61);
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const res = await verify(t, { phoneNumber: phone, code: await latestCode(t, phone) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(first.id);
    const me = await get(t, '/api/me', cookiesFrom(res));
    expect(me.json().user.id).toBe(first.id);
  });

  it('tells how many tries are left after a wrong code; five wrong and the code is spent', async () => {
    const phone = uniquePhone();
    await signUpByPhone(t, phone);
    await age(t, phone, 61);
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const code = await latestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const res = await verify(t, { phoneNumber: phone, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'OTP_INVALID',
        message: OTP_MESSAGES.wrongCode,
        details: { triesLeft: left },
      });
    }
    const fifth = await verify(t, { phoneNumber: phone, code: wrong });
    expect(fifth.statusCode, fifth.body).toBe(400);
    expect(errorOf(fifth)).toMatchObject({ code: 'OTP_TOO_MANY_TRIES', message: OTP_MESSAGES.tooManyTries });
    // The right code no longer works.
    const right = await verify(t, { phoneNumber: phone, code });
    expect(right.statusCode).toBe(403);
    expect(errorOf(right).message).toBe(OTP_MESSAGES.tooManyTries);
    const after = await verify(t, { phoneNumber: phone, code });
    expect(after.statusCode).toBe(400);
    expect(errorOf(after)).toMatchObject({ code: 'OTP_NOT_FOUND', message: OTP_MESSAGES.noCode });
  });

  it('refuses an expired code', async () => {
    const phone = uniquePhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const code = await latestCode(t, phone);
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.identifier, `phone-number-otp-${phone}`));
    const res = await verify(t, { phoneNumber: phone, code, name: 'Ama Owusu' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'OTP_EXPIRED', message: OTP_MESSAGES.expired });
    const none = await verify(t, { phoneNumber: phone, code, name: 'Ama Owusu' });
    expect(errorOf(none).message).toBe(OTP_MESSAGES.noCode);
  });

  it('refuses a new code within 60 s with Retry-After, and allows it after', async () => {
    const phone = uniquePhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const again = await sendCode(t, phone);
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(errorOf(again)).toMatchObject({ code: 'RATE_LIMITED', message: OTP_MESSAGES.resendTooSoon(wait) });
    expect(await smsTo(t, phone)).toHaveLength(1);
    await age(t, phone, 45);
    const later = await sendCode(t, phone);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(15);
    await age(t, phone, 16);
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    expect(await smsTo(t, phone)).toHaveLength(2);
  });

  it(`sends at most ${OTP_PER_NUMBER_PER_HOUR} codes an hour to one number`, async () => {
    const phone = uniquePhone();
    for (let i = 0; i < OTP_PER_NUMBER_PER_HOUR; i++) {
      expect((await sendCode(t, phone)).statusCode).toBe(200);
      await age(t, phone, 61);
    }
    const res = await sendCode(t, phone);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe(OTP_MESSAGES.numberLimit);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await smsTo(t, phone)).toHaveLength(OTP_PER_NUMBER_PER_HOUR);
    // An hour after the first one, one more.
    await age(t, phone, 60 * 60 - 61 * OTP_PER_NUMBER_PER_HOUR + 5);
    expect((await sendCode(t, phone)).statusCode).toBe(200);
  });

  it(`sends at most ${OTP_PER_ADDRESS_PER_HOUR} codes an hour asked for from one address`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < OTP_PER_ADDRESS_PER_HOUR; i++) {
      expect((await sendCode(t, uniquePhone(), { ip })).statusCode).toBe(200);
    }
    const phone = uniquePhone();
    const res = await sendCode(t, phone, { ip });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).message).toBe(OTP_MESSAGES.addressLimit);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await smsTo(t, phone)).toEqual([]);
    // Another address is not held back.
    expect((await sendCode(t, phone)).statusCode).toBe(200);
  });

  it('verifies the phone of an email account; a number of another account is refused before any SMS', async () => {
    const taken = uniquePhone();
    await signUpByPhone(t, taken, 'Yaw Mensah');
    const emailUser = await signUp(t, { name: 'Efua Asante' });

    await age(t, taken, 61);
    const refused = await sendCode(t, taken, { cookie: emailUser.cookie });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'PHONE_NUMBER_TAKEN', message: OTP_MESSAGES.numberTaken });
    expect(await smsTo(t, taken)).toHaveLength(1); // only the sign-up's

    const own = uniquePhone();
    expect((await sendCode(t, own, { cookie: emailUser.cookie })).statusCode).toBe(200);
    const res = await verify(
      t,
      { phoneNumber: own, code: await latestCode(t, own), updatePhoneNumber: true },
      { cookie: emailUser.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const me = (await get(t, '/api/me', emailUser.cookie)).json();
    expect(me).toMatchObject({
      user: { email: emailUser.email },
      phone_number: own,
      phone_verified: true,
      profile: { phone: own },
    });

    // Taken between the code and its use: refused at verify too.
    const other = await signUp(t, { name: 'Kwame Nti' });
    const race = uniquePhone();
    expect((await sendCode(t, race, { cookie: other.cookie })).statusCode).toBe(200);
    await t.database.db.update(authUsers).set({ phoneNumber: race }).where(eq(authUsers.id, emailUser.id));
    const late = await verify(
      t,
      { phoneNumber: race, code: await latestCode(t, race), updatePhoneNumber: true },
      { cookie: other.cookie },
    );
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(OTP_MESSAGES.numberTaken);
  });

  it('never mails a phone-only account', async () => {
    const phone = uniquePhone();
    await signUpByPhone(t, phone);
    await t.app.deps.mailer.send({
      to: phoneAccountEmail(phone),
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
      template: 'test',
    });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.to_address, '%@phone.adwuma.invalid'));
    expect(mails).toEqual([]);
  });

  it('sends the code in Twi to a device that chose Twi, and to an account that prefers it', async () => {
    const phone = uniquePhone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      payload: { phoneNumber: phone },
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, cookie: 'adwuma_lang=ak' },
    });
    expect(res.statusCode).toBe(200);
    expect((await smsTo(t, phone))[0]!.body).toMatch(/^\d{6} ne wo Adwuma koodu/);

    const user = await signUpByPhone(t, uniquePhone());
    const [row] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, user.id));
    await t.database.db.update(profiles).set({ preferred_language: 'ak' }).where(eq(profiles.id, user.id));
    await age(t, row!.phoneNumber!, 61);
    expect((await sendCode(t, row!.phoneNumber!)).statusCode).toBe(200);
    expect((await smsTo(t, row!.phoneNumber!))[0]!.body).toMatch(/ne wo Adwuma koodu/);
  });

  it('keeps one user from reading another’s codes: the dev outbox answers this machine only', async () => {
    const phone = uniquePhone();
    await sendCode(t, phone);
    const remote = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms-outbox?to=${encodeURIComponent(phone)}`,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toMatch(/\d{6}/);
  });
});

describe('phone accounts with REQUIRE_EMAIL_VERIFICATION, and the dev SMS outbox elsewhere', () => {
  it('lets a phone account in (its number is verified)', async () => {
    const t = await createTestApp({ devOutbox: true, requireEmailVerification: true });
    try {
      const phone = uniquePhone();
      const { cookie } = await signUpByPhone(t, phone);
      expect((await get(t, '/api/me', cookie)).json()).toMatchObject({ phone_number: phone });
      await age(t, phone, 61);
      await sendCode(t, phone);
      const res = await verify(t, { phoneNumber: phone, code: await latestCode(t, phone) });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is not there without DEV_OUTBOX, nor in production', async () => {
    const off = await createTestApp();
    const prod = await createTestApp({ env: 'production', devOutbox: true });
    try {
      for (const t of [off, prod]) {
        expect(t.app.hasRoute({ method: 'GET', url: '/api/dev/sms-outbox' })).toBe(false);
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/dev/sms-outbox',
          remoteAddress: '127.0.0.1',
        });
        expect(res.statusCode).toBe(404);
      }
      // Codes are still kept (and sent) without the dev endpoint.
      const phone = uniquePhone();
      expect((await sendCode(off, phone)).statusCode).toBe(200);
      const rows = await off.database.db
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.to_number, phone), eq(smsOutbox.template, 'otp')));
      expect(rows).toHaveLength(1);
    } finally {
      await Promise.all([off.close(), prod.close()]);
    }
  });
});
