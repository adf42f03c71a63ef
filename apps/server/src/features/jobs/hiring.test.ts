import { BID_MESSAGES, hireResponseSchema, JOB_MESSAGES, jobDetailResponseSchema } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobBids, jobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { inDays, noticesOf, placeBid, postJob } from '../../test/jobs.ts';
import { call, onboardedProvider, PLACES } from '../../test/providers.ts';
import { expireJobs } from './expire-jobs.ts';

/** Hiring a bid (one booking, however many accepts arrive at once), closing, and expiry. */
describe('hiring and expiry', () => {
  let t: TestApp;
  let ama: TestUser;
  let kofi: TestUser;
  let kwabena: TestUser;
  let yaa: TestUser;
  let esi: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ama = await signUp(t, { name: 'Ama Mensah' });
    kofi = await signUp(t, { name: 'Kofi Boateng' });
    kwabena = await onboardedProvider(t, { name: 'Kwabena Ofori', place: PLACES.kumasi });
    yaa = await onboardedProvider(t, { name: 'Yaa Amponsah', place: PLACES.accra });
    esi = await onboardedProvider(t, { name: 'Esi Owusu', place: PLACES.kumasi });
  });
  afterAll(() => t.close());

  const accept = (user: TestUser | undefined, jobId: string, bidId: string) =>
    call(t, 'POST', `/api/jobs/${jobId}/bids/${bidId}/accept`, user?.cookie);
  const bookingsOf = (jobId: string) =>
    t.database.db.select().from(bookings).where(eq(bookings.job_id, jobId));

  it('hires a bid: job hired, other bids declined, a booking with the price, date and place; everyone told', async () => {
    const job = await postJob(t, ama, { title: 'Rewire the kitchen sockets', date_start: inDays(10) });
    const chosen = await placeBid(t, kwabena, job.id, { price: 45_000 });
    const other = await placeBid(t, yaa, job.id, { price: 39_000 });

    const res = await accept(ama, job.id, chosen.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = hireResponseSchema.parse(res.json());
    expect(body.job).toMatchObject({ status: 'hired', bids_count: 0, booking_id: body.booking_id });
    expect(body.bid).toMatchObject({ id: chosen.id, status: 'accepted' });

    const [booking] = await bookingsOf(job.id);
    expect(booking).toMatchObject({
      id: body.booking_id,
      customer_id: ama.id,
      provider_id: kwabena.id,
      source: 'bid',
      bid_id: chosen.id,
      title: 'Rewire the kitchen sockets',
      price_minor: 45_000,
      currency: 'GHS',
      scheduled_date: inDays(10),
      city: 'Kumasi',
      address: 'House 12, Asokwa Road',
      status: 'scheduled',
    });
    const [otherRow] = await t.database.db.select().from(jobBids).where(eq(jobBids.id, other.id));
    expect(otherRow!.status).toBe('declined');
    const [jobRow] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(jobRow).toMatchObject({ status: 'hired', hired_bid_id: chosen.id });

    // The hired provider: in-app and by mail, and now sees the exact place and full name.
    const [hired] = await noticesOf(t, kwabena.id, 'booking');
    expect(hired).toMatchObject({
      title: `You're hired: "Rewire the kitchen sockets"`,
      link: `/task/${job.id}`,
    });
    expect(hired!.body).toContain('Ama Mensah accepted your bid of GH₵ 450');
    await waitForMail(t, kwabena.email, 'notice-booking');
    const seen = jobDetailResponseSchema.parse(
      (await call(t, 'GET', `/api/jobs/${job.id}`, kwabena.cookie)).json(),
    );
    expect(seen.job).toMatchObject({
      status: 'hired',
      address: 'House 12, Asokwa Road',
      customer: { name: 'Ama Mensah' },
    });
    expect(seen.my_bid!.status).toBe('accepted');

    // The others: told politely, in-app and by mail.
    const [declined] = await noticesOf(t, yaa.id, 'bid');
    expect(declined!.title).toBe('"Rewire the kitchen sockets" went to another provider');
    expect(declined!.body).toContain('Thank you for your bid');
    await waitForMail(t, yaa.email, 'notice-bid');
    const seenByYaa = jobDetailResponseSchema.parse(
      (await call(t, 'GET', `/api/jobs/${job.id}`, yaa.cookie)).json(),
    );
    expect(seenByYaa.job.address).toBeNull();
    expect(seenByYaa.my_bid!.status).toBe('declined');

    // The customer: a confirmation.
    const [confirmed] = await noticesOf(t, ama.id, 'booking');
    expect(confirmed!.title).toBe('You hired Kwabena Ofori');
    const [mail] = await waitForMail(t, ama.email, 'notice-booking');
    expect(mail!.subject).toBe('You hired Kwabena Ofori');

    // The owner's view: the hired bid first.
    const owner = jobDetailResponseSchema.parse(
      (await call(t, 'GET', `/api/jobs/${job.id}`, ama.cookie)).json(),
    );
    expect(owner.bids!.map((b) => [b.id, b.status])).toEqual([
      [chosen.id, 'accepted'],
      [other.id, 'declined'],
    ]);
  });

  it('refuses accepting twice, accepting a declined bid, and bidding on a hired job', async () => {
    const job = await postJob(t, ama);
    const a = await placeBid(t, kwabena, job.id);
    const b = await placeBid(t, yaa, job.id);
    expect((await accept(ama, job.id, a.id)).statusCode).toBe(200);
    for (const bidId of [a.id, b.id]) {
      const again = await accept(ama, job.id, bidId);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(BID_MESSAGES.acceptTwice);
    }
    const late = await call(t, 'POST', `/api/jobs/${job.id}/bids`, esi.cookie, {
      price: 20_000,
      message: 'I could do this one tomorrow morning.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(JOB_MESSAGES.notOpen);
    expect(await bookingsOf(job.id)).toHaveLength(1);
  });

  it('makes exactly one booking when two bids are accepted at the same moment', async () => {
    const job = await postJob(t, ama);
    const a = await placeBid(t, kwabena, job.id);
    const b = await placeBid(t, yaa, job.id);
    const c = await placeBid(t, esi, job.id);
    const results = await Promise.all([a, b, c, a].map((bid) => accept(ama, job.id, bid.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const rows = await bookingsOf(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.bid_id).toBe(winner.bid.id);
    const statuses = await t.database.db
      .select({ status: jobBids.status })
      .from(jobBids)
      .where(eq(jobBids.job_id, job.id));
    expect(statuses.map((s) => s.status).sort()).toEqual(['accepted', 'declined', 'declined']);
  });

  it("refuses a customer hiring on another's job (404), a provider hiring, a bid of another job, and a withdrawn bid", async () => {
    const job = await postJob(t, ama);
    const bid = await placeBid(t, kwabena, job.id);
    expect((await accept(kofi, job.id, bid.id)).statusCode).toBe(404);
    expect((await accept(kwabena, job.id, bid.id)).statusCode).toBe(404);
    expect((await accept(undefined, job.id, bid.id)).statusCode).toBe(401);

    const otherJob = await postJob(t, ama);
    const otherBid = await placeBid(t, yaa, otherJob.id);
    const mixed = await accept(ama, job.id, otherBid.id);
    expect(mixed.statusCode).toBe(404);

    await call(t, 'POST', `/api/bids/${bid.id}/withdraw`, kwabena.cookie);
    const withdrawn = await accept(ama, job.id, bid.id);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().error.message).toBe(BID_MESSAGES.acceptNotActive);
    expect(await bookingsOf(job.id)).toHaveLength(0);
  });

  it('books a flexible job on the bid’s earliest start, and a window from its first day', async () => {
    const flexible = await postJob(t, ama, { when_type: 'flexible' });
    const f = await placeBid(t, kwabena, flexible.id, { earliest_start: inDays(4) });
    await accept(ama, flexible.id, f.id);
    expect((await bookingsOf(flexible.id))[0]!.scheduled_date).toBe(inDays(4));

    const window = await postJob(t, ama, { when_type: 'window', date_start: inDays(3), date_end: inDays(9) });
    const w = await placeBid(t, kwabena, window.id, { earliest_start: inDays(5) });
    await accept(ama, window.id, w.id);
    expect((await bookingsOf(window.id))[0]).toMatchObject({
      scheduled_date: inDays(5),
      scheduled_end_date: inDays(9),
    });
  });

  it('closes a hired job (hired → closed); nothing further', async () => {
    const job = await postJob(t, ama);
    const bid = await placeBid(t, kwabena, job.id);
    await accept(ama, job.id, bid.id);
    expect((await call(t, 'POST', `/api/jobs/${job.id}/cancel`, ama.cookie)).statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/jobs/${job.id}/close`, kofi.cookie)).statusCode).toBe(404);
    const res = await call(t, 'POST', `/api/jobs/${job.id}/close`, ama.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job.status).toBe('closed');
    const again = await call(t, 'POST', `/api/jobs/${job.id}/close`, ama.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_MESSAGES.transition('closed', 'closed'));
    expect((await accept(ama, job.id, bid.id)).statusCode).toBe(409);
  });

  describe('expiry', () => {
    it('treats a job past its expiry as expired everywhere, then the sweep marks it and tells people', async () => {
      const job = await postJob(t, kofi, { title: 'Paint the front gate' });
      const bid = await placeBid(t, esi, job.id);
      await t.database.db
        .update(jobs)
        .set({ expires_at: new Date(Date.now() - 60_000) })
        .where(eq(jobs.id, job.id));

      // Before the sweep: shown as expired, no hire, no edit, off the board.
      const owner = jobDetailResponseSchema.parse(
        (await call(t, 'GET', `/api/jobs/${job.id}`, kofi.cookie)).json(),
      );
      expect(owner.job.status).toBe('expired');
      const hire = await accept(kofi, job.id, bid.id);
      expect(hire.statusCode).toBe(409);
      expect(hire.json().error.message).toBe(JOB_MESSAGES.expired);
      expect(
        (await call(t, 'PATCH', `/api/jobs/${job.id}`, kofi.cookie, { title: 'Paint the gate and fence' }))
          .statusCode,
      ).toBe(409);
      const mine = (await call(t, 'GET', '/api/jobs/mine?status=expired', kofi.cookie)).json();
      expect(mine.items.map((j: { id: string }) => j.id)).toContain(job.id);
      const board = (await call(t, 'GET', '/api/jobs', yaa.cookie)).json();
      expect(board.items.map((j: { id: string }) => j.id)).not.toContain(job.id);

      const expired = await expireJobs(t.app.deps);
      expect(expired).toContain(job.id);
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row).toMatchObject({ status: 'expired', bids_count: 0 });
      expect(row!.closed_at).not.toBeNull();
      const [bidRow] = await t.database.db.select().from(jobBids).where(eq(jobBids.id, bid.id));
      expect(bidRow!.status).toBe('declined');

      const [notice] = await noticesOf(t, kofi.id, 'job');
      expect(notice!.title).toBe('"Paint the front gate" has expired');
      const [mail] = await waitForMail(t, kofi.email, 'notice-job');
      expect(mail!.subject).toBe('"Paint the front gate" has expired');
      const [bidderNotice] = await noticesOf(t, esi.id, 'bid');
      expect(bidderNotice!.title).toBe('"Paint the front gate" has expired');

      // The sweep is idempotent; open jobs not yet due are left alone.
      const fresh = await postJob(t, kofi);
      const second = await expireJobs(t.app.deps);
      expect(second).not.toContain(job.id);
      expect(second).not.toContain(fresh.id);
    });

    it('registers the sweep on the job queue every 15 minutes', async () => {
      const { rows } = await t.database.executeSql(
        "select cron from pgboss.schedule where name = 'jobs-expire'",
      );
      expect(rows).toEqual([{ cron: '*/15 * * * *' }]);
    });
  });
});
