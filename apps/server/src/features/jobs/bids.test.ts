import {
  BID_MESSAGES,
  bidAllowanceSchema,
  bidResponseSchema,
  JOB_MESSAGES,
  type Job,
  jobDetailResponseSchema,
  monthStart,
  myBidsResponseSchema,
  nextMonthStart,
} from '@adwuma/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBids, jobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { bidInput, inDays, insertJobs, noticesOf, placeBid, postJob, setTier } from '../../test/jobs.ts';
import { call, onboardedProvider, PLACES } from '../../test/providers.ts';

/**
 * Bids: placing, editing, withdrawing; every refusal; the Starter limit of 10 a month counted in the
 * same transaction that stores the bid (a race cannot exceed it); Pro unlimited.
 */
describe('bids API', () => {
  let t: TestApp;
  let ama: TestUser;
  let kwabena: TestUser;
  let yaa: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ama = await signUp(t, { name: 'Ama Mensah' });
    kwabena = await onboardedProvider(t, { name: 'Kwabena Ofori', place: PLACES.kumasi });
    yaa = await onboardedProvider(t, { name: 'Yaa Amponsah', place: PLACES.accra });
  });
  afterAll(() => t.close());

  const bidOn = (user: TestUser | undefined, jobId: string, body: object = bidInput()) =>
    call(t, 'POST', `/api/jobs/${jobId}/bids`, user?.cookie, body);
  const bidsThisMonth = async (providerId: string) =>
    Number(
      (
        await t.database.db.select({ n: count() }).from(jobBids).where(eq(jobBids.provider_id, providerId))
      )[0]!.n,
    );

  it('places a bid: the customer sees it with the bidder and distance, and is told in-app and by mail', async () => {
    const job = await postJob(t, ama, { title: 'Replace the bathroom mixer' });
    const res = await bidOn(kwabena, job.id, bidInput({ price: 35_000 }));
    expect(res.statusCode, res.body).toBe(201);
    const { bid, allowance } = bidResponseSchema.parse(res.json());
    expect(bid).toMatchObject({
      job_id: job.id,
      status: 'active',
      price: 35_000,
      earliest_start: inDays(2),
      duration_minutes: 90,
      provider: { id: kwabena.id, name: 'Kwabena Ofori', verified: false, city: 'Kumasi' },
      distance_km: 0,
    });
    expect(allowance).toMatchObject({ tier: 'starter', limit: 10, used: 1, remaining: 9, allowed: true });

    const owner = jobDetailResponseSchema.parse(
      (await call(t, 'GET', `/api/jobs/${job.id}`, ama.cookie)).json(),
    );
    expect(owner.job.bids_count).toBe(1);
    expect(owner.bids).toHaveLength(1);
    expect(owner.bids![0]).toMatchObject({ id: bid.id, price: 35_000, message: bidInput().message });

    const [notice] = await noticesOf(t, ama.id, 'bid');
    expect(notice).toMatchObject({
      title: 'New bid on "Replace the bathroom mixer"',
      link: `/task/${job.id}`,
    });
    expect(notice!.body).toContain('Kwabena Ofori offered to do it for GH₵ 350');
    const [mail] = await waitForMail(t, ama.email, 'notice-bid');
    expect(mail!.subject).toBe('New bid on "Replace the bathroom mixer"');
    expect(mail!.text_body).toContain(`http://localhost:3000/task/${job.id}`);
  });

  it('measures the distance from the bidder to the job', async () => {
    const job = await postJob(t, ama);
    const bid = await placeBid(t, yaa, job.id);
    // Accra to Kumasi, as the crow flies.
    expect(bid.distance_km).toBeGreaterThan(190);
    expect(bid.distance_km).toBeLessThan(210);
  });

  describe('refusals', () => {
    let open: Job;
    beforeAll(async () => {
      open = await postJob(t, ama);
    });

    it('refuses signed-out users (401), customers and unfinished providers (403)', async () => {
      const job = await postJob(t, ama);
      expect((await bidOn(undefined, job.id)).statusCode).toBe(401);
      const kofi = await signUp(t, { name: 'Kofi Boateng' });
      const asCustomer = await bidOn(kofi, job.id);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().error.code).toBe('FORBIDDEN');
      const newcomer = await signUp(t, { role: 'explorer', name: 'New Provider' });
      const unfinished = await bidOn(newcomer, job.id);
      expect(unfinished.statusCode).toBe(403);
      expect(unfinished.json().error.details).toMatchObject({ reason: 'ONBOARDING_INCOMPLETE' });
      expect(await bidsThisMonth(newcomer.id)).toBe(0);
    });

    it('refuses bidding on your own job', async () => {
      const job = await postJob(t, kwabena, { title: 'My own tap needs fixing' });
      const res = await bidOn(kwabena, job.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(BID_MESSAGES.ownJob);
    });

    it('refuses a second bid on the same job (409)', async () => {
      const job = await postJob(t, ama);
      await placeBid(t, kwabena, job.id);
      const res = await bidOn(kwabena, job.id, bidInput({ price: 10_000 }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(BID_MESSAGES.alreadyBid);
      const detail = jobDetailResponseSchema.parse(
        (await call(t, 'GET', `/api/jobs/${job.id}`, kwabena.cookie)).json(),
      );
      expect(detail).toMatchObject({
        can_bid: false,
        cannot_bid_reason: BID_MESSAGES.alreadyBid,
        my_bid: { price: 30_000 },
      });
    });

    it.each([
      ['a zero price', { price: 0 }, 'price'],
      ['a negative price', { price: -5_000 }, 'price'],
      ['an absurd price', { price: 1e12 }, 'price'],
      ['a fractional price', { price: 150.5 }, 'price'],
      ['a price as text', { price: '300' }, 'price'],
      ['a start date in the past', { earliest_start: inDays(-1) }, 'earliest_start'],
      ['a start date that is not a date', { earliest_start: '2026-02-30' }, 'earliest_start'],
      ['a too-short message', { message: 'ok' }, 'message'],
      ['a duration of 5 minutes', { duration_minutes: 5 }, 'duration_minutes'],
    ] as const)('refuses %s (400 naming the field)', async (_, extra, field) => {
      const res = await bidOn(kwabena, open.id, { ...bidInput(), ...extra });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    });

    it('says when the date is in the past', async () => {
      const res = await bidOn(kwabena, open.id, bidInput({ earliest_start: inDays(-3) }));
      expect(res.json().error.message).toBe(`earliest_start: ${JOB_MESSAGES.datePast}`);
    });

    it('refuses an expired job even before the expiry sweep ran (409), and a missing one (404)', async () => {
      const job = await postJob(t, ama);
      await t.database.db
        .update(jobs)
        .set({ expires_at: new Date(Date.now() - 60_000) })
        .where(eq(jobs.id, job.id));
      const res = await bidOn(kwabena, job.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.expired);
      const missing = await bidOn(kwabena, '00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('editing and withdrawing', () => {
    it('edits an active bid; the customer is told in-app', async () => {
      const job = await postJob(t, ama, { title: 'Fit a new shower head' });
      const bid = await placeBid(t, kwabena, job.id);
      const res = await call(t, 'PATCH', `/api/bids/${bid.id}`, kwabena.cookie, {
        price: 25_000,
        duration_minutes: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().bid).toMatchObject({ price: 25_000, duration_minutes: null, message: bid.message });
      const [notice] = await noticesOf(t, ama.id, 'bid');
      expect(notice!.title).toBe('A bid on "Fit a new shower head" changed');
      const bad = await call(t, 'PATCH', `/api/bids/${bid.id}`, kwabena.cookie, { price: -1 });
      expect(bad.statusCode).toBe(400);
    });

    it("refuses another provider's bid (404) and a customer's attempt (403)", async () => {
      const job = await postJob(t, ama);
      const bid = await placeBid(t, kwabena, job.id);
      for (const [method, url, body] of [
        ['PATCH', `/api/bids/${bid.id}`, { price: 1_000 }],
        ['POST', `/api/bids/${bid.id}/withdraw`, undefined],
      ] as const) {
        const byYaa = await call(t, method, url, yaa.cookie, body);
        expect(byYaa.statusCode).toBe(404);
        expect(byYaa.json().error.message).toBe(BID_MESSAGES.notYours);
        expect((await call(t, method, url, ama.cookie, body)).statusCode).toBe(403);
      }
      const [row] = await t.database.db.select().from(jobBids).where(eq(jobBids.id, bid.id));
      expect(row).toMatchObject({ status: 'active', price_minor: 30_000 });
    });

    it('never shows a provider the other bids on a job', async () => {
      const job = await postJob(t, ama);
      await placeBid(t, kwabena, job.id, { price: 21_230 });
      const mine = await placeBid(t, yaa, job.id, { price: 45_000 });
      const res = await call(t, 'GET', `/api/jobs/${job.id}`, yaa.cookie);
      const body = jobDetailResponseSchema.parse(res.json());
      expect(body.bids).toBeNull();
      expect(body.my_bid!.id).toBe(mine.id);
      expect(res.body).not.toContain('21230');
      expect(res.body).not.toContain(kwabena.id);
    });

    it('withdraws an active bid; it cannot be edited or withdrawn again; bidding again restores it without counting', async () => {
      const job = await postJob(t, ama);
      const bid = await placeBid(t, kwabena, job.id);
      const used = (await call(t, 'GET', '/api/bids/allowance', kwabena.cookie)).json().used;
      let res = await call(t, 'POST', `/api/bids/${bid.id}/withdraw`, kwabena.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().bid.status).toBe('withdrawn');
      // Withdrawn bids still count: withdrawing cannot get round the limit.
      expect(res.json().allowance.used).toBe(used);

      res = await call(t, 'POST', `/api/bids/${bid.id}/withdraw`, kwabena.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(BID_MESSAGES.notActive);
      res = await call(t, 'PATCH', `/api/bids/${bid.id}`, kwabena.cookie, { price: 1_000 });
      expect(res.statusCode).toBe(409);

      // The owner no longer sees a withdrawn bid; the provider may bid again.
      const owner = jobDetailResponseSchema.parse(
        (await call(t, 'GET', `/api/jobs/${job.id}`, ama.cookie)).json(),
      );
      expect(owner.bids).toEqual([]);
      const provider = jobDetailResponseSchema.parse(
        (await call(t, 'GET', `/api/jobs/${job.id}`, kwabena.cookie)).json(),
      );
      expect(provider).toMatchObject({ can_bid: true, my_bid: { status: 'withdrawn' } });

      res = await bidOn(kwabena, job.id, bidInput({ price: 28_000 }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().bid).toMatchObject({ id: bid.id, status: 'active', price: 28_000 });
      expect(res.json().allowance.used).toBe(used);
    });

    it('refuses editing or withdrawing once the job is no longer open', async () => {
      const job = await postJob(t, ama);
      const bid = await placeBid(t, kwabena, job.id);
      await call(t, 'POST', `/api/jobs/${job.id}/cancel`, ama.cookie);
      const res = await call(t, 'POST', `/api/bids/${bid.id}/withdraw`, kwabena.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.notOpen);
    });
  });

  describe('monthly limits by tier', () => {
    it('lets a Starter provider place 10 bids a month, then refuses with the upgrade link; Pro is unlimited', async () => {
      const starter = await onboardedProvider(t, { name: 'Esi Starter' });
      const jobIds = await insertJobs(t, (await signUp(t)).id, 12);
      for (const id of jobIds.slice(0, 10)) await placeBid(t, starter, id);

      const res = await bidOn(starter, jobIds[10]!);
      expect(res.statusCode).toBe(403);
      const { error } = res.json();
      expect(error.code).toBe('BID_LIMIT');
      expect(error.message).toBe(BID_MESSAGES.limitReached(10));
      expect(error.details.upgrade).toBe('/subscription');
      expect(bidAllowanceSchema.parse(error.details.allowance)).toMatchObject({
        tier: 'starter',
        used: 10,
        remaining: 0,
        allowed: false,
        resets_at: nextMonthStart().toISOString(),
      });
      expect(await bidsThisMonth(starter.id)).toBe(10);

      const detail = jobDetailResponseSchema.parse(
        (await call(t, 'GET', `/api/jobs/${jobIds[10]}`, starter.cookie)).json(),
      );
      expect(detail).toMatchObject({ can_bid: false, cannot_bid_reason: BID_MESSAGES.limitReached(10) });
      const board = (await call(t, 'GET', '/api/jobs', starter.cookie)).json();
      expect(board.allowance).toMatchObject({ remaining: 0, allowed: false });

      // Bids of an earlier month do not count.
      await t.database.db
        .update(jobBids)
        .set({ created_at: new Date(monthStart().getTime() - 86_400_000) })
        .where(and(eq(jobBids.provider_id, starter.id), eq(jobBids.job_id, jobIds[0]!)));
      expect((await call(t, 'GET', '/api/bids/allowance', starter.cookie)).json()).toMatchObject({
        used: 9,
        remaining: 1,
      });
      await placeBid(t, starter, jobIds[10]!);
      expect((await bidOn(starter, jobIds[11]!)).statusCode).toBe(403);

      await setTier(t, starter.id, 'pro');
      const pro = await bidOn(starter, jobIds[11]!);
      expect(pro.statusCode, pro.body).toBe(201);
      expect(pro.json().allowance).toMatchObject({
        tier: 'pro',
        limit: null,
        remaining: null,
        allowed: true,
      });
    });

    it('never lets concurrent bids exceed the limit: 9 used, 5 at once → exactly 1 stored', async () => {
      const racer = await onboardedProvider(t, { name: 'Kojo Racer' });
      const jobIds = await insertJobs(t, (await signUp(t)).id, 14);
      await t.database.db.insert(jobBids).values(
        jobIds.slice(0, 9).map((job_id) => ({
          job_id,
          provider_id: racer.id,
          price_minor: 10_000,
          message: 'An earlier bid this month.',
        })),
      );
      const results = await Promise.all(jobIds.slice(9).map((id) => bidOn(racer, id)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 403, 403, 403, 403]);
      for (const r of results.filter((r) => r.statusCode === 403))
        expect(r.json().error.code).toBe('BID_LIMIT');
      expect(await bidsThisMonth(racer.id)).toBe(10);
    });

    it('answers the allowance only to providers', async () => {
      const res = await call(t, 'GET', '/api/bids/allowance', yaa.cookie);
      expect(res.statusCode).toBe(200);
      expect(bidAllowanceSchema.parse(res.json()).tier).toBe('starter');
      expect((await call(t, 'GET', '/api/bids/allowance', ama.cookie)).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/bids/allowance')).statusCode).toBe(401);
    });
  });

  it('lists my bids with their jobs (newest activity first), counts by status and allowance', async () => {
    const lister = await onboardedProvider(t, { name: 'Adjoa Lister' });
    const first = await postJob(t, ama, { title: 'Install a water heater' });
    const second = await postJob(t, ama, { title: 'Repair a burst pipe' });
    const a = await placeBid(t, lister, first.id);
    const b = await placeBid(t, lister, second.id);
    await call(t, 'POST', `/api/bids/${a.id}/withdraw`, lister.cookie);
    const res = await call(t, 'GET', '/api/bids/mine', lister.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = myBidsResponseSchema.parse(res.json());
    expect(body.items.map((i) => [i.bid.id, i.bid.status, i.job.title])).toEqual([
      [a.id, 'withdrawn', 'Install a water heater'],
      [b.id, 'active', 'Repair a burst pipe'],
    ]);
    expect(body.items[0]!.job).toMatchObject({ address: null, customer: { name: 'Ama M.' } });
    expect(body.counts).toEqual({ active: 1, withdrawn: 1, accepted: 0, declined: 0 });
    expect(body.allowance.used).toBe(2);
    expect((await call(t, 'GET', '/api/bids/mine', ama.cookie)).statusCode).toBe(403);
  });
});
