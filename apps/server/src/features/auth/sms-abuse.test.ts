import { GHANA_MOBILE_MESSAGE, OTP_MAX_ATTEMPTS, OTP_MESSAGES } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, smsOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { get, makeAdmin, post, signUp } from '../../test/auth.ts';
import { PHONE_NOT_REGISTERED, SMS_BUDGET_REACHED } from './phone-auth.ts';

// Issue 29 item 5 and its two "Low" items: SMS pumping (per-number lock, budgets, mobiles only),
// counted code tries, and verify answering alike for registered and unknown numbers.

let counter = 0;
/** A fresh Ghana mobile number on network `prefix` (024 by default) per call. */
function uniquePhone(prefix = '024'): string {
  counter++;
  const digits = String((process.pid * 1000 + counter) % 10_000_000).padStart(7, '0');
  return `+233${prefix.slice(1)}${digits}`;
}

const sendCode = (t: TestApp, phoneNumber: string, opts: { ip?: string; cookie?: string } = {}) =>
  post(t, '/api/auth/phone-number/send-otp', { phoneNumber }, opts);

const verify = (t: TestApp, body: Record<string, unknown>) => post(t, '/api/auth/phone-number/verify', body);

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;

async function otpRows(t: TestApp, phone: string) {
  return t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.to_number, phone), eq(smsOutbox.template, 'otp')));
}

async function latestCode(t: TestApp, phone: string): Promise<string> {
  const rows = await otpRows(t, phone);
  rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  const code = rows[0]?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const budgetEvents = (t: TestApp) =>
  t.database.db.select().from(securityEvents).where(eq(securityEvents.event_type, 'sms_budget_reached'));

describe('SMS pumping (issue 29)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ devOutbox: true });
  });
  afterAll(() => t.close());

  it('20 parallel requests for one number send exactly one SMS; the others get the 60 s answer', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendCode(t, phone)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).code).toBe('RATE_LIMITED');
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(50);
      expect(wait).toBeLessThanOrEqual(60);
      expect(errorOf(res).message).toBe(OTP_MESSAGES.resendTooSoon(wait));
    }
    expect(await otpRows(t, phone)).toHaveLength(1);
  });

  it('refuses a landline with 400 naming the field, at send-otp and at verify', async () => {
    for (const landline of ['+233 30 221 2345', '0302212345', '0322012345']) {
      const res = await sendCode(t, landline);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `phoneNumber: ${GHANA_MOBILE_MESSAGE}`,
        details: { fields: [{ field: 'phoneNumber', message: GHANA_MOBILE_MESSAGE }] },
      });
    }
    const checked = await verify(t, { phoneNumber: '0302212345', code: '123456' });
    expect(checked.statusCode).toBe(400);
    expect(errorOf(checked).message).toBe(`phoneNumber: ${GHANA_MOBILE_MESSAGE}`);
    expect(await otpRows(t, '+233302212345')).toEqual([]);
  });

  it(`30 parallel wrong codes: at most ${OTP_MAX_ATTEMPTS} are evaluated, then the code is spent`, async () => {
    const phone = uniquePhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const code = await latestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => verify(t, { phoneNumber: phone, code: wrong, name: 'Ama Owusu' })),
    );
    const errors = answers.map(errorOf);
    // An evaluated wrong code answers "not right" with the tries left, or (the last one) "too many".
    const wrongAnswers = answers.filter((a) => errorOf(a).code === 'OTP_INVALID');
    const lastTry = answers.filter((a) => a.statusCode === 400 && errorOf(a).code === 'OTP_TOO_MANY_TRIES');
    expect(wrongAnswers.length + lastTry.length, JSON.stringify(errors)).toBeLessThanOrEqual(
      OTP_MAX_ATTEMPTS,
    );
    const triesLeft = wrongAnswers.map((a) => errorOf(a).details?.triesLeft).sort();
    expect(triesLeft).toEqual([...new Set(triesLeft)]);
    for (const res of answers) expect(res.statusCode).not.toBe(200);
    // The right code afterwards fails.
    const right = await verify(t, { phoneNumber: phone, code, name: 'Ama Owusu' });
    expect(right.statusCode).not.toBe(200);
    expect(['OTP_TOO_MANY_TRIES', 'OTP_NOT_FOUND']).toContain(errorOf(right).code);
  });

  it('verify answers alike whether or not an account uses the number', async () => {
    const registered = uniquePhone();
    expect((await sendCode(t, registered)).statusCode).toBe(200);
    const signedUp = await verify(t, {
      phoneNumber: registered,
      code: await latestCode(t, registered),
      name: 'Kofi Boateng',
      user_role: 'customer',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const unknown = uniquePhone();

    const alike = async (body: Record<string, unknown>) => {
      const a = await verify(t, { ...body, phoneNumber: registered });
      const b = await verify(t, { ...body, phoneNumber: unknown });
      expect({ status: a.statusCode, error: errorOf(a) }).toEqual({
        status: b.statusCode,
        error: errorOf(b),
      });
      return { status: a.statusCode, error: errorOf(a) };
    };

    // No code asked for: a sign-in, a sign-up, a sign-up with a bad name.
    expect((await alike({ code: '123456' })).error.code).toBe('OTP_NOT_FOUND');
    expect((await alike({ code: '123456', name: 'Ama Owusu' })).error.code).toBe('OTP_NOT_FOUND');
    expect((await alike({ code: '123456', name: ' K ' })).error.message).toMatch(/^name:/);

    // A code asked for for both: a wrong code answers alike, sign-in or sign-up.
    await t.database.db.delete(smsOutbox).where(eq(smsOutbox.to_number, registered));
    expect((await sendCode(t, registered)).statusCode).toBe(200);
    expect((await sendCode(t, unknown)).statusCode).toBe(200);
    const codeOf = { [registered]: await latestCode(t, registered), [unknown]: await latestCode(t, unknown) };
    const wrong = ['000000', '111111'].find((c) => c !== codeOf[registered] && c !== codeOf[unknown])!;
    expect(await alike({ code: wrong })).toEqual({
      status: 400,
      error: { code: 'OTP_INVALID', message: OTP_MESSAGES.wrongCode, details: { triesLeft: 4 } },
    });
    expect((await alike({ code: wrong, name: 'Ama Owusu' })).error.details).toEqual({ triesLeft: 3 });

    // Only the right code tells: the owner of the phone learns that no account uses it yet, and may
    // sign up with the same code.
    const res = await verify(t, { phoneNumber: unknown, code: codeOf[unknown] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'PHONE_NOT_REGISTERED', message: PHONE_NOT_REGISTERED });
    const up = await verify(t, { phoneNumber: unknown, code: codeOf[unknown], name: 'Ama Owusu' });
    expect(up.statusCode, up.body).toBe(200);
    const signedIn = await verify(t, { phoneNumber: registered, code: codeOf[registered] });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('SMS budgets (issue 29)', () => {
  it('a spent hourly budget refuses codes with 429 SMS_BUDGET_REACHED + Retry-After, and alerts the admins once', async () => {
    const t = await createTestApp({ devOutbox: true, smsBudget: { hourly: 3, hourlyPerPrefix: 100 } });
    try {
      for (const prefix of ['024', '054', '020']) {
        expect((await sendCode(t, uniquePhone(prefix))).statusCode).toBe(200);
      }
      const refused = [];
      for (let i = 0; i < 3; i++) {
        const phone = uniquePhone('027');
        const res = await sendCode(t, phone);
        refused.push(res);
        expect(await otpRows(t, phone)).toEqual([]);
      }
      for (const res of refused) {
        expect(res.statusCode).toBe(429);
        expect(errorOf(res)).toMatchObject({ code: 'SMS_BUDGET_REACHED', message: SMS_BUDGET_REACHED });
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(3600);
      }
      const events = await budgetEvents(t);
      expect(events).toHaveLength(1);
      expect(events[0]!.metadata).toMatchObject({ budget: 'hourly', limit: 3 });

      // The admins see it at /admin/logs.
      const admin = await signUp(t, { name: 'Ops Admin' });
      await makeAdmin(t, admin.id);
      const logs = (await get(t, '/api/admin/logs?kind=security&q=sms_budget', admin.cookie)).json();
      expect(logs).toMatchObject({ total: 1, items: [{ event_type: 'sms_budget_reached' }] });
    } finally {
      await t.close();
    }
  });

  it('a spent budget for one network prefix refuses that prefix only, and alerts once', async () => {
    const t = await createTestApp({ devOutbox: true, smsBudget: { hourly: 100, hourlyPerPrefix: 2 } });
    try {
      expect((await sendCode(t, uniquePhone('055'))).statusCode).toBe(200);
      expect((await sendCode(t, uniquePhone('055'))).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) {
        const res = await sendCode(t, uniquePhone('055'));
        expect(res.statusCode).toBe(429);
        expect(errorOf(res)).toMatchObject({ code: 'SMS_BUDGET_REACHED' });
        expect(errorOf(res).message).toMatch(/055/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another network, and another prefix of the same network, are not held back.
      expect((await sendCode(t, uniquePhone('024'))).statusCode).toBe(200);
      expect((await sendCode(t, uniquePhone('050'))).statusCode).toBe(200);
      const events = await budgetEvents(t);
      expect(events).toHaveLength(1);
      expect(events[0]!.metadata).toMatchObject({ budget: 'hourly_per_prefix', prefix: '055', limit: 2 });
    } finally {
      await t.close();
    }
  });

  it('a number refused at its own limits does not spend the budget', async () => {
    const t = await createTestApp({ devOutbox: true, smsBudget: { hourly: 2, hourlyPerPrefix: 100 } });
    try {
      const phone = uniquePhone();
      expect((await sendCode(t, phone)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await sendCode(t, phone)).statusCode).toBe(429);
      expect((await sendCode(t, uniquePhone())).statusCode).toBe(200);
      expect(await budgetEvents(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
