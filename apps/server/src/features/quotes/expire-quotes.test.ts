import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteRequests } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, waitForMail } from '../../test/auth.ts';
import {
  askQuote,
  giveQuote,
  lapse,
  noticesOf,
  providerWithService,
  quoteAction,
} from '../../test/quotes.ts';
import { expireQuotes, QUOTES_EXPIRE_CRON, QUOTES_EXPIRE_QUEUE } from './expire-quotes.ts';

describe('the quote expiry job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is scheduled every 15 minutes through the job queue', async () => {
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      QUOTES_EXPIRE_QUEUE,
    ]);
    expect(rows).toEqual([{ name: QUOTES_EXPIRE_QUEUE, cron: QUOTES_EXPIRE_CRON }]);
    expect(QUOTES_EXPIRE_CRON).toBe('*/15 * * * *');
  });

  it('expires lapsed pending and quoted requests only, and tells each customer', async () => {
    const { provider, serviceId } = await providerWithService(t, { name: 'Kwame Boateng' });
    const customer = await signUp(t, { name: 'Adjoa Sarpong' });
    const lapsedQuoted = await askQuote(t, customer, serviceId);
    await giveQuote(t, provider, lapsedQuoted.id);
    const declined = await askQuote(t, customer, serviceId);
    expect((await quoteAction(t, provider, declined.id, 'decline')).statusCode).toBe(200);
    const lapsedPending = await askQuote(t, customer, serviceId);
    const live = await askQuote(t, customer, serviceId);
    for (const id of [lapsedPending.id, lapsedQuoted.id, declined.id]) await lapse(t, id);

    expect(await expireQuotes(t.app.deps)).toBeGreaterThanOrEqual(2);
    const rows = await t.database.db
      .select({ id: quoteRequests.id, status: quoteRequests.status })
      .from(quoteRequests)
      .where(inArray(quoteRequests.id, [lapsedPending.id, lapsedQuoted.id, live.id, declined.id]));
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({
      [lapsedPending.id]: 'expired',
      [lapsedQuoted.id]: 'expired',
      [live.id]: 'pending',
      [declined.id]: 'declined',
    });

    const expired = (await noticesOf(t, customer.id, 'quote')).filter(
      (n) => n.title === 'Quote request expired',
    );
    expect(expired.map((n) => n.link).sort()).toEqual(
      [lapsedPending.id, lapsedQuoted.id].map((id) => `/service-requests?tab=sent&request=${id}`).sort(),
    );
    // The provider whose quote lapsed hears it in the app.
    expect((await noticesOf(t, provider.id, 'quote')).map((n) => n.title)).toContain('Quote expired');
    await waitForMail(t, customer.email, 'notice-quote', 2);

    // A second run finds nothing more to do.
    expect(await expireQuotes(t.app.deps)).toBe(0);
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, live.id));
    expect(row!.status).toBe('pending');
  });
});
