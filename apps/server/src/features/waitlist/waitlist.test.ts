import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventTracking, mailOutbox, subscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';

describe('POST /api/waitlist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Each call comes from its own address so the per-client rate limit stays out of the way.
  let client = 0;
  const remoteAddress = () => `198.51.100.${++client}`;
  const join = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: payload as object,
      remoteAddress: remoteAddress(),
    });

  it('stores the subscriber with UTM fields, records the conversion and sends the welcome mail once', async () => {
    const email = uniqueEmail('join');
    const sessionId = 'sess_0123456789';
    const res = await join({
      email: `  ${email.toUpperCase()} `,
      form: 'hero',
      exploring: true,
      utm_source: 'facebook',
      utm_campaign: 'accra-launch',
      session_id: sessionId,
      page_path: '/landing',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'joined' });

    const { db } = t.database;
    const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row).toMatchObject({
      email,
      exploring: true,
      utm_source: 'facebook',
      utm_campaign: 'accra-launch',
    });

    const events = await db.select().from(eventTracking).where(eq(eventTracking.session_id, sessionId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_type: 'conversion',
      page_path: '/landing',
      utm_source: 'facebook',
    });

    await vi.waitFor(
      async () => {
        const [sent] = await db.select().from(subscribers).where(eq(subscribers.email, email));
        expect(sent?.welcome_email_sent).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Welcome to the Adwuma waitlist');
  });

  it('answers a duplicate with "You\'re Already In!" and stores nothing new', async () => {
    const email = uniqueEmail('dup');
    expect((await join({ email, form: 'bottom' })).statusCode).toBe(201);
    const again = await join({ email: email.toUpperCase(), form: 'hero' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      status: 'already_subscribed',
      title: "You're Already In!",
      message: 'Already Subscribed',
    });
    const rows = await t.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(rows).toHaveLength(1);
  });

  it('a retry after a sign-up that committed without queueing its mail (a database outage) queues it, once', async () => {
    const email = uniqueEmail('outage');
    const { db } = t.database;
    // What the outage left: the row committed, the 503 came before the mail's job was queued.
    await db.insert(subscribers).values({ email, exploring: false, source_form: 'hero' });
    const retries = await Promise.all([join({ email, form: 'hero' }), join({ email, form: 'hero' })]);
    for (const res of retries) expect(res.json().status).toBe('already_subscribed');
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email));
        expect(row?.welcome_email_sent).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect((await join({ email, form: 'bottom' })).json().status).toBe('already_subscribed');
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
    expect(mails).toHaveLength(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: '' }, 'email', 'This field is required'],
    [{ email: 'a..b@example.com' }, 'email', 'Email cannot contain consecutive dots'],
    [{ email: `${'a'.repeat(65)}@example.com` }, 'email', 'Email local part too long'],
    [{ email: 'ok@example.com', form: 'sideways' }, 'form', undefined],
    [{ email: 'ok@example.com', exploring: 'yes' }, 'exploring', undefined],
  ])('refuses %j naming the field', async (payload, field, message) => {
    const res = await join(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.fields[0].field).toBe(field);
    if (message) expect(body.error.details.fields[0].message).toBe(message);
  });

  it('refuses unknown fields, wrong content types, malformed and oversized bodies with the error body', async () => {
    const unknown = await join({ email: uniqueEmail(), is_admin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('is_admin');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: 'email=a@b.com',
      remoteAddress: remoteAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: '{"email": ',
      remoteAddress: remoteAddress(),
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('BAD_REQUEST');

    const huge = await join({ email: uniqueEmail(), utm_term: 'x'.repeat(300 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits joins per client', async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          payload: { email: uniqueEmail('rate') },
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
