import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { smsOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { post } from '../../test/auth.ts';
import { createAfricasTalkingGateway, createOutboxGateway, sendSms } from './index.ts';

const API_KEY = 'atsk_test_key';
const REFUSED_NUMBER = '+233240000001';

interface Received {
  path: string;
  apikey: string | undefined;
  form: Record<string, string>;
}

/** A local double of Africa's Talking's SMS API (POST /version1/messaging, form data, 201 + JSON). */
async function startAfricasTalkingDouble() {
  const received: Received[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const apikey = req.headers.apikey as string | undefined;
      received.push({ path: req.url ?? '', apikey, form });
      if (req.method !== 'POST' || req.url !== '/version1/messaging') {
        res.writeHead(404).end('not found');
        return;
      }
      if (apikey !== API_KEY) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid');
        return;
      }
      const refused = form.to === REFUSED_NUMBER;
      next++;
      res.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          SMSMessageData: {
            Message: refused ? 'Sent to 0/1 Total Cost: 0' : 'Sent to 1/1 Total Cost: GHS 0.0300',
            Recipients: [
              refused
                ? {
                    statusCode: 403,
                    number: form.to,
                    status: 'InvalidPhoneNumber',
                    cost: '0',
                    messageId: 'None',
                  }
                : {
                    statusCode: 101,
                    number: form.to,
                    status: 'Success',
                    cost: 'GHS 0.0300',
                    messageId: `ATXid_${next}`,
                  },
            ],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMS configuration', () => {
  it('sends to the dev outbox unless Africa’s Talking is configured', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox', africastalking: null });
    expect(
      loadConfig({
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'sandbox',
        AFRICASTALKING_API_KEY: 'key',
        AFRICASTALKING_SENDER_ID: 'Adwuma',
        AFRICASTALKING_API_URL: 'http://127.0.0.1:9/',
      }).sms,
    ).toEqual({
      provider: 'africastalking',
      africastalking: {
        username: 'sandbox',
        apiKey: 'key',
        senderId: 'Adwuma',
        apiUrl: 'http://127.0.0.1:9',
      },
    });
  });

  it('names the variable that is wrong or missing', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER: must be outbox or africastalking/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'africastalking', AFRICASTALKING_USERNAME: 'sandbox' })).toThrow(
      /AFRICASTALKING_API_KEY: is required when SMS_PROVIDER=africastalking/,
    );
    expect(() => loadConfig({ AFRICASTALKING_API_URL: 'ftp://x' })).toThrow(/AFRICASTALKING_API_URL/);
  });

  it('keeps the dev outbox out of production unless SMS_OUTBOX_IN_PRODUCTION=true: SMS are off, the start goes on', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sms.provider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'development' }).sms.provider).toBe('outbox');
    expect(loadConfig({ NODE_ENV: 'production', SMS_OUTBOX_IN_PRODUCTION: 'true' }).sms.provider).toBe(
      'outbox',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'adwuma',
        AFRICASTALKING_API_KEY: 'key',
      }).sms.provider,
    ).toBe('africastalking');
  });
});

describe("sendSms through Africa's Talking (the official SDK against a local double)", () => {
  let double: Awaited<ReturnType<typeof startAfricasTalkingDouble>>;
  let t: TestApp;

  beforeAll(async () => {
    double = await startAfricasTalkingDouble();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  const gateway = (apiKey = API_KEY) =>
    createAfricasTalkingGateway({ username: 'sandbox', apiKey, senderId: 'Adwuma', apiUrl: double.url });

  it('sends the form Africa’s Talking expects and records the message id', async () => {
    const sent = await sendSms(t.database.db, gateway(), {
      to: '+233241234567',
      body: 'Your booking is confirmed.',
      template: 'notification:test',
    });
    expect(sent).toMatchObject({ status: 'sent', error: null, fresh: true });
    expect(sent.providerMessageId).toMatch(/^ATXid_\d+$/);
    expect(double.received.at(-1)).toEqual({
      path: '/version1/messaging',
      apikey: API_KEY,
      form: {
        username: 'sandbox',
        to: '+233241234567',
        message: 'Your booking is confirmed.',
        from: 'Adwuma',
        bulkSMSMode: '1',
      },
    });
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, sent.id));
    expect(row).toMatchObject({
      transport: 'africastalking',
      status: 'sent',
      provider_message_id: sent.providerMessageId,
      body: 'Your booking is confirmed.',
    });
  });

  it('records a refused number and a refused key as failed, without throwing', async () => {
    const refused = await sendSms(t.database.db, gateway(), {
      to: REFUSED_NUMBER,
      body: 'Hi',
      template: 't',
    });
    expect(refused).toMatchObject({ status: 'failed', providerMessageId: null });
    expect(refused.error).toMatch(/InvalidPhoneNumber/);
    const badKey = await sendSms(t.database.db, gateway('wrong'), {
      to: '+233241234567',
      body: 'Hi',
      template: 't',
    });
    expect(badKey.status).toBe('failed');
    expect(badKey.error).toMatch(/HTTP 401/);
    const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.status, 'failed'));
    expect(rows.map((r) => r.error)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/InvalidPhoneNumber/),
        expect.stringMatching(/HTTP 401/),
      ]),
    );
  });

  it('sends once per dedupe key', async () => {
    const before = double.received.length;
    const input = { to: '+233241234568', body: 'Once', template: 't', dedupeKey: `once-${Date.now()}` };
    const first = await sendSms(t.database.db, gateway(), input);
    const again = await sendSms(t.database.db, gateway(), input);
    expect(first.fresh).toBe(true);
    expect(again).toMatchObject({ fresh: false, id: first.id, status: 'sent' });
    expect(double.received.length).toBe(before + 1);
  });

  it('masks a secret (a sign-in code) in the row of a real send; the dev outbox keeps it', async () => {
    const real = await sendSms(t.database.db, gateway(), {
      to: '+233241234569',
      body: '123456 is your Adwuma code.',
      template: 'otp',
      secret: '123456',
    });
    const outbox = await sendSms(t.database.db, createOutboxGateway({ log: t.app.log, env: 'test' }), {
      to: '+233241234569',
      body: '654321 is your Adwuma code.',
      template: 'otp',
      secret: '654321',
    });
    const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to_number, '+233241234569'));
    expect(rows.find((r) => r.id === real.id)!.body).toBe('•••••• is your Adwuma code.');
    expect(rows.find((r) => r.id === outbox.id)!.body).toBe('654321 is your Adwuma code.');
    expect(double.received.at(-1)!.form.message).toBe('123456 is your Adwuma code.');
  });

  it('answers a sign-in code the gateway refused with 502 SMS_NOT_SENT, never a 500', async () => {
    const app = await createTestApp({
      sms: {
        provider: 'africastalking',
        africastalking: { username: 'sandbox', apiKey: API_KEY, senderId: undefined, apiUrl: double.url },
      },
    });
    try {
      const res = await post(app, '/api/auth/phone-number/send-otp', { phoneNumber: REFUSED_NUMBER });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code: 'SMS_NOT_SENT' });
      const ok = await post(app, '/api/auth/phone-number/send-otp', { phoneNumber: '+233241234570' });
      expect(ok.statusCode).toBe(200);
      const rows = await app.database.db.select().from(smsOutbox);
      expect(rows.map((r) => [r.to_number, r.status, r.transport])).toEqual(
        expect.arrayContaining([
          [REFUSED_NUMBER, 'failed', 'africastalking'],
          ['+233241234570', 'sent', 'africastalking'],
        ]),
      );
      expect(double.received.at(-1)!.form).not.toHaveProperty('from');
    } finally {
      await app.close();
    }
  });

  it('answers a sign-in code on a server without SMS (production, no gateway) with 503 SMS_UNAVAILABLE', async () => {
    const app = await createTestApp({ sms: { provider: 'none', africastalking: null } });
    try {
      const res = await post(app, '/api/auth/phone-number/send-otp', { phoneNumber: '+233241234571' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: 'SMS_UNAVAILABLE',
        message: 'Sign-in by SMS code is not available yet. Use your email address instead.',
      });
      expect(await app.database.db.select().from(smsOutbox)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
