import {
  JOB_LIMITS,
  JOB_MESSAGES,
  jobBoardResponseSchema,
  jobDetailResponseSchema,
  jobResponseSchema,
  MONEY_MESSAGES,
  myJobsResponseSchema,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBids, jobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { EXE, makeImage, postFile } from '../../test/documents.ts';
import { bidInput, inDays, insertJobs, jobInput, noticesOf, placeBid, postJob } from '../../test/jobs.ts';
import { call, onboardedProvider, PLACES } from '../../test/providers.ts';

/**
 * /api/jobs for the customer who posts them: posting, reading, editing, cancelling, photos; who may
 * see what; every refusal of bad input.
 */
describe('jobs API (the customer side)', () => {
  let t: TestApp;
  let ama: TestUser;
  let kofi: TestUser;
  let plumber: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ama = await signUp(t, { name: 'Ama Mensah' });
    kofi = await signUp(t, { name: 'Kofi Boateng' });
    plumber = await onboardedProvider(t, { name: 'Kwabena Ofori', place: PLACES.kumasi });
  });
  afterAll(() => t.close());

  const detail = async (user: TestUser | undefined, id: string) =>
    call(t, 'GET', `/api/jobs/${id}`, user?.cookie);
  const fieldsOf = (body: { error: { details?: { fields?: { field: string; message: string }[] } } }) =>
    body.error.details?.fields ?? [];

  describe('posting', () => {
    it('posts an open job that expires after 30 days and shows it to its owner in full', async () => {
      const before = Date.now();
      const job = await postJob(t, ama);
      expect(job).toMatchObject({
        status: 'open',
        title: 'Fix a leaking kitchen tap',
        category: 'plumbing',
        category_name: expect.any(String),
        city: 'Kumasi',
        address: 'House 12, Asokwa Road',
        latitude: 6.6885,
        longitude: -1.6244,
        when_type: 'date',
        date_start: inDays(7),
        date_end: null,
        budget_min: 20_000,
        budget_max: 40_000,
        currency: 'GHS',
        photos: [],
        bids_count: 0,
        customer: { id: ama.id, name: 'Ama Mensah' },
        booking_id: null,
      });
      const lifetime = Date.parse(job.expires_at) - Date.parse(job.created_at);
      expect(lifetime).toBe(JOB_LIMITS.openDays * 86_400_000);
      expect(Date.parse(job.created_at)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('normalises "when": flexible has no dates, a single date no end', async () => {
      const flexible = await postJob(t, ama, {
        when_type: 'flexible',
        date_start: inDays(3),
        date_end: inDays(5),
      });
      expect(flexible).toMatchObject({ when_type: 'flexible', date_start: null, date_end: null });
      const window = await postJob(t, ama, {
        when_type: 'window',
        date_start: inDays(1),
        date_end: inDays(4),
      });
      expect(window).toMatchObject({ date_start: inDays(1), date_end: inDays(4) });
    });

    it('answers 401 signed out', async () => {
      const res = await call(t, 'POST', '/api/jobs', undefined, jobInput());
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    });

    it.each([
      ['a date in the past', { date_start: inDays(-1) }, 'date_start', JOB_MESSAGES.datePast],
      ['a date more than a year ahead', { date_start: inDays(400) }, 'date_start', JOB_MESSAGES.dateTooFar],
      [
        'a window ending before it starts',
        { when_type: 'window', date_start: inDays(5), date_end: inDays(2) },
        'date_end',
        JOB_MESSAGES.windowOrder,
      ],
      ['a date job without a date', { date_start: null }, 'date_start', JOB_MESSAGES.dateRequired],
      ['a negative budget', { budget_min: -500 }, 'budget_min', MONEY_MESSAGES.negative],
      ['an absurd budget', { budget_max: 1e12 }, 'budget_max', MONEY_MESSAGES.tooLarge],
      ['a fractional amount of pesewas', { budget_max: 100.5 }, 'budget_max', MONEY_MESSAGES.invalid],
      [
        'a minimum above the maximum',
        { budget_min: 50_000, budget_max: 10_000 },
        'budget_min',
        JOB_MESSAGES.budgetOrder,
      ],
      [
        'no place at all',
        { city: null, latitude: null, longitude: null },
        'city',
        JOB_MESSAGES.placeRequired,
      ],
      ['half a map point', { latitude: null }, 'latitude', 'Give both latitude and longitude'],
      ['a latitude off the globe', { latitude: 123 }, 'latitude', undefined],
      ['a too-short title', { title: 'Fix' }, 'title', undefined],
      ['an unknown category', { category: 'time-travel' }, 'category', 'Choose a category from the list'],
    ] as const)('refuses %s (400 naming the field)', async (_, extra, field, message) => {
      const res = await call(t, 'POST', '/api/jobs', ama.cookie, jobInput(extra as object));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      const issue = fieldsOf(body).find((f) => f.field === field);
      expect(issue, res.body).toBeDefined();
      if (message) expect(issue!.message).toBe(message);
    });

    it('refuses unknown fields (a status or a customer id cannot be smuggled in)', async () => {
      const res = await call(t, 'POST', '/api/jobs', ama.cookie, {
        ...jobInput(),
        status: 'hired',
        customer_id: kofi.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Unknown field');
    });

    it(`refuses more than ${JOB_LIMITS.openPerCustomerMax} open jobs at once (409)`, async () => {
      const busy = await signUp(t, { name: 'Busy Customer' });
      await postJob(t, busy);
      await insertJobs(t, busy.id, JOB_LIMITS.openPerCustomerMax - 1);
      const res = await call(t, 'POST', '/api/jobs', busy.cookie, jobInput());
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.tooManyOpen);
    });
  });

  describe('reading', () => {
    it('lists your own jobs newest first with counts by status; filters by status', async () => {
      const me = await signUp(t);
      const first = await postJob(t, me, { title: 'First job posted' });
      const second = await postJob(t, me, { title: 'Second job posted' });
      await postJob(t, kofi, { title: 'Not mine at all' });
      expect((await call(t, 'POST', `/api/jobs/${first.id}/cancel`, me.cookie)).statusCode).toBe(200);

      const all = myJobsResponseSchema.parse((await call(t, 'GET', '/api/jobs/mine', me.cookie)).json());
      expect(all.items.map((j) => j.title)).toEqual(['Second job posted', 'First job posted']);
      expect(all.counts).toEqual({ open: 1, hired: 0, closed: 0, cancelled: 1, expired: 0 });

      const open = (await call(t, 'GET', '/api/jobs/mine?status=open', me.cookie)).json();
      expect(open.items.map((j: { id: string }) => j.id)).toEqual([second.id]);
      const bad = await call(t, 'GET', '/api/jobs/mine?status=deleted', me.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
      expect((await call(t, 'GET', '/api/jobs/mine')).statusCode).toBe(401);
    });

    it('shows the owner the job with its bids (none yet)', async () => {
      const job = await postJob(t, ama);
      const res = await detail(ama, job.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = jobDetailResponseSchema.parse(res.json());
      expect(body).toMatchObject({ viewer: 'owner', bids: [], my_bid: null, can_bid: false });
      expect(body.job.address).toBe('House 12, Asokwa Road');
    });

    it('shows an onboarded provider an open job without the street address or full name', async () => {
      const job = await postJob(t, ama);
      const res = await detail(plumber, job.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = jobDetailResponseSchema.parse(res.json());
      expect(body).toMatchObject({
        viewer: 'provider',
        bids: null,
        my_bid: null,
        can_bid: true,
        cannot_bid_reason: null,
      });
      expect(body.job).toMatchObject({
        address: null,
        latitude: 6.69,
        longitude: -1.62,
        customer: { name: 'Ama M.' },
      });
    });

    it('gives a provider their distance to the job, rounded as on the board; the owner none', async () => {
      const yaa = await signUp(t, { name: 'Yaa Asantewaa' });
      const far = await postJob(t, yaa, {
        title: 'Fit a borehole pump in Accra',
        city: 'Accra',
        latitude: PLACES.accra.latitude,
        longitude: PLACES.accra.longitude,
      });
      const owner = jobDetailResponseSchema.parse((await detail(yaa, far.id)).json());
      expect(owner.distance_km).toBeNull();

      const seen = jobDetailResponseSchema.parse((await detail(plumber, far.id)).json());
      expect(seen.distance_km).toBeGreaterThan(190);
      expect(seen.distance_km).toBeLessThan(210);
      expect(seen.distance_km! * 10).toBe(Math.round(seen.distance_km! * 10));
      const board = jobBoardResponseSchema.parse(
        (await call(t, 'GET', '/api/jobs?q=borehole', plumber.cookie)).json(),
      );
      expect(board.items.find((i) => i.id === far.id)?.distance_km).toBe(seen.distance_km);
      // After bidding, the bid measures the same distance.
      await placeBid(t, plumber, far.id);
      const bid = jobDetailResponseSchema.parse((await detail(plumber, far.id)).json());
      expect(bid.my_bid?.distance_km).toBe(seen.distance_km);
      expect(bid.distance_km).toBe(seen.distance_km);

      const here = await postJob(t, yaa, { title: 'Fix the tap next door' });
      expect(jobDetailResponseSchema.parse((await detail(plumber, here.id)).json()).distance_km).toBe(0);
      const cityOnly = await postJob(t, yaa, { latitude: null, longitude: null });
      expect(
        jobDetailResponseSchema.parse((await detail(plumber, cityOnly.id)).json()).distance_km,
      ).toBeNull();
    });

    it("is 404 for another customer's job and 401 signed out; 400 for a bad id", async () => {
      const job = await postJob(t, ama);
      const other = await detail(kofi, job.id);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(JOB_MESSAGES.notFound);
      expect((await detail(undefined, job.id)).statusCode).toBe(401);
      expect((await detail(ama, 'not-a-uuid')).statusCode).toBe(400);
      expect((await detail(ama, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('sends a provider who has not finished onboarding to finish it (403)', async () => {
      const job = await postJob(t, ama);
      const newcomer = await signUp(t, { role: 'explorer', name: 'New Provider' });
      const res = await detail(newcomer, job.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.details.reason).toBe('ONBOARDING_INCOMPLETE');
    });
  });

  describe('editing', () => {
    it('lets the owner edit an open job; the merged values are checked again', async () => {
      const job = await postJob(t, ama);
      let res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, {
        title: 'Fix a leaking bathroom tap',
        budget_max: 50_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(jobResponseSchema.parse(res.json()).job).toMatchObject({
        title: 'Fix a leaking bathroom tap',
        budget_min: 20_000,
        budget_max: 50_000,
        city: 'Kumasi',
      });

      // The minimum above the stored maximum: refused although each value alone is fine.
      res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, { budget_min: 60_000 });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json())[0]).toEqual({ field: 'budget_min', message: JOB_MESSAGES.budgetOrder });

      res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, { date_start: inDays(-2) });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json())[0]).toEqual({ field: 'date_start', message: JOB_MESSAGES.datePast });

      // Clearing the city and the point leaves no place.
      res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, {
        city: null,
        latitude: null,
        longitude: null,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json())[0]!.message).toBe(JOB_MESSAGES.placeRequired);

      // Clearing the address is fine; the budget may go.
      res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, {
        address: null,
        budget_min: null,
        budget_max: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().job).toMatchObject({ address: null, budget_min: null, budget_max: null });
    });

    it("refuses another customer's or a provider's edit as 404", async () => {
      const job = await postJob(t, ama);
      for (const user of [kofi, plumber]) {
        const res = await call(t, 'PATCH', `/api/jobs/${job.id}`, user.cookie, {
          title: 'Hijacked title here',
        });
        expect(res.statusCode).toBe(404);
      }
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row!.title).toBe(job.title);
    });

    it('tells active bidders in-app that the job changed', async () => {
      const job = await postJob(t, ama);
      await placeBid(t, plumber, job.id);
      const res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, {
        description: 'The tap drips and the pipe under the sink leaks as well.',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [notice] = await noticesOf(t, plumber.id, 'job');
      expect(notice).toMatchObject({ title: `"${job.title}" was updated`, link: `/task/${job.id}` });
    });
  });

  describe('cancelling and closing', () => {
    it('cancels an open job: bids declined, bidders told politely by notice and mail', async () => {
      const job = await postJob(t, ama, { title: 'Unblock the kitchen sink' });
      const bid = await placeBid(t, plumber, job.id);
      const res = await call(t, 'POST', `/api/jobs/${job.id}/cancel`, ama.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().job).toMatchObject({ status: 'cancelled', bids_count: 0 });
      const [bidRow] = await t.database.db.select().from(jobBids).where(eq(jobBids.id, bid.id));
      expect(bidRow!.status).toBe('declined');

      const [notice] = await noticesOf(t, plumber.id, 'job');
      expect(notice!.title).toBe('"Unblock the kitchen sink" was cancelled');
      expect(notice!.body).toContain('Thank you');
      const [mail] = await waitForMail(t, plumber.email, 'notice-job');
      expect(mail!.subject).toBe('"Unblock the kitchen sink" was cancelled');

      // The bidder can still read the job they bid on, as cancelled; no further bid.
      const seen = jobDetailResponseSchema.parse((await detail(plumber, job.id)).json());
      expect(seen).toMatchObject({
        job: { status: 'cancelled' },
        my_bid: { status: 'declined' },
        can_bid: false,
      });
      expect(seen.cannot_bid_reason).toBe(JOB_MESSAGES.notOpen);
    });

    it('refuses every change once cancelled, with clear messages', async () => {
      const job = await postJob(t, ama);
      await call(t, 'POST', `/api/jobs/${job.id}/cancel`, ama.cookie);
      let res = await call(t, 'POST', `/api/jobs/${job.id}/cancel`, ama.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.transition('cancelled', 'cancelled'));
      res = await call(t, 'PATCH', `/api/jobs/${job.id}`, ama.cookie, { title: 'Try to edit it again' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.editLocked);
      res = await call(t, 'POST', `/api/jobs/${job.id}/bids`, plumber.cookie, bidInput());
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.notOpen);
      res = await call(t, 'POST', `/api/jobs/${job.id}/close`, ama.cookie);
      expect(res.statusCode).toBe(409);
      // A provider who never bid cannot see a closed job at all.
      expect((await detail(plumber, job.id)).statusCode).toBe(404);
    });

    it("refuses cancelling or closing another customer's job (404) and closing an open one (409)", async () => {
      const job = await postJob(t, ama);
      expect((await call(t, 'POST', `/api/jobs/${job.id}/cancel`, kofi.cookie)).statusCode).toBe(404);
      expect((await call(t, 'POST', `/api/jobs/${job.id}/close`, kofi.cookie)).statusCode).toBe(404);
      const res = await call(t, 'POST', `/api/jobs/${job.id}/close`, ama.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(JOB_MESSAGES.transition('open', 'closed'));
      expect((await call(t, 'POST', `/api/jobs/${job.id}/cancel`)).statusCode).toBe(401);
    });
  });

  describe('photos', () => {
    it(`adds up to ${JOB_LIMITS.photosMax} photos served publicly, removes one and closes the gap`, async () => {
      const job = await postJob(t, ama);
      const png = await makeImage('png');
      let last = job;
      for (let i = 0; i < JOB_LIMITS.photosMax; i++) {
        const res = await postFile(t, ama.cookie, `/api/jobs/${job.id}/photos`, png, {
          filename: 'tap.png',
          type: 'image/png',
        });
        expect(res.statusCode, res.body).toBe(201);
        last = jobResponseSchema.parse(res.json()).job;
      }
      expect(last.photos).toHaveLength(JOB_LIMITS.photosMax);
      const served = await call(t, 'GET', last.photos[0]!.thumb_url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const more = await postFile(t, ama.cookie, `/api/jobs/${job.id}/photos`, png);
      expect(more.statusCode).toBe(409);

      const removed = await call(t, 'DELETE', `/api/jobs/${job.id}/photos/${last.photos[1]!.id}`, ama.cookie);
      expect(removed.statusCode, removed.body).toBe(200);
      const after = jobResponseSchema.parse(removed.json()).job.photos.map((p) => p.id);
      expect(after).toEqual(last.photos.filter((_, i) => i !== 1).map((p) => p.id));
      expect((await call(t, 'GET', last.photos[1]!.url)).statusCode).toBe(404);
    });

    it("refuses a file that is not an image, and another customer's upload or removal", async () => {
      const job = await postJob(t, ama);
      const exe = await postFile(t, ama.cookie, `/api/jobs/${job.id}/photos`, EXE);
      expect(exe.statusCode).toBe(400);
      const png = await makeImage('png');
      expect((await postFile(t, kofi.cookie, `/api/jobs/${job.id}/photos`, png)).statusCode).toBe(404);
      const ok = await postFile(t, ama.cookie, `/api/jobs/${job.id}/photos`, png);
      const photoId = ok.json().job.photos[0].id;
      expect((await call(t, 'DELETE', `/api/jobs/${job.id}/photos/${photoId}`, kofi.cookie)).statusCode).toBe(
        404,
      );
    });
  });

  it('keeps bids_count equal to the active bids', async () => {
    const job = await postJob(t, ama);
    const second = await onboardedProvider(t, { name: 'Yaw Asare', place: PLACES.kumasi });
    const a = await placeBid(t, plumber, job.id);
    await placeBid(t, second, job.id);
    const count = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.bids_count;
    expect(await count()).toBe(2);
    expect((await call(t, 'POST', `/api/bids/${a.id}/withdraw`, plumber.cookie)).statusCode).toBe(200);
    expect(await count()).toBe(1);
    await placeBid(t, plumber, job.id);
    expect(await count()).toBe(2);
  });
});
