import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityItem,
  activityItemSchema,
  adminActivityPageSchema,
  type ServerFrame,
} from '@adwuma/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActivity, authUsers, userReports } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { placeBid, postJob } from '../../test/jobs.ts';
import { buyPlan, checkout } from '../../test/payments.ts';
import { call, onboardedProvider } from '../../test/providers.ts';
import { listenLoopback, openSocket, type TestSocket } from '../../test/realtime.ts';

type ActivityFrame = Extract<ServerFrame, { type: 'activity' }>;
const activityFrames = (socket: TestSocket) =>
  socket.frames.filter((f): f is ActivityFrame => f.type === 'activity');

describe('admin activity feed', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let customer: TestUser;
  let provider: TestUser;

  const feed = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/activity${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return adminActivityPageSchema.parse(res.json());
  };
  /** The feed rows about one subject (job, bid, user…), oldest first. */
  const rowsAbout = (subjectId: string) =>
    t.database.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.subject_id, subjectId))
      .orderBy(adminActivity.id);

  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLoopback(t.app);
    admin = await signUp(t, { name: 'Addo Admin' });
    await makeAdmin(t, admin.id);
    customer = await signUp(t, { name: 'Ama Mensah' });
    provider = await onboardedProvider(t, { name: 'Kwabena Ofori' });
  });
  afterAll(() => t.close());

  it('a sign-up, job, bid, booking, review, report and payment each leave a row of their kind', async () => {
    const newcomer = await signUp(t, { name: 'Esi Newcomer', role: 'explorer' });
    expect(await rowsAbout(newcomer.id)).toEqual([
      expect.objectContaining({
        kind: 'user_signed_up',
        actor_id: newcomer.id,
        data: { name: 'Esi Newcomer', role: 'explorer' },
      }),
    ]);

    const job = await postJob(t, customer, { title: 'Paint two bedrooms' });
    expect(await rowsAbout(job.id)).toEqual([
      expect.objectContaining({
        kind: 'job_posted',
        actor_id: customer.id,
        data: expect.objectContaining({ title: 'Paint two bedrooms', city: 'Kumasi', category: 'plumbing' }),
      }),
    ]);

    const bid = await placeBid(t, provider, job.id, { price: 35_000 });
    expect(await rowsAbout(bid.id)).toEqual([
      expect.objectContaining({
        kind: 'bid_placed',
        actor_id: provider.id,
        data: { job_id: job.id, price_minor: 35_000 },
      }),
    ]);

    const booking = await bookingBetween(t, customer.id, provider.id, {
      status: 'scheduled',
      title: 'Rewire',
    });
    expect(await rowsAbout(booking)).toEqual([
      expect.objectContaining({
        kind: 'booking_created',
        actor_id: customer.id,
        data: expect.objectContaining({ title: 'Rewire', provider_id: provider.id, price_minor: 30_000 }),
      }),
    ]);

    // A completed, paid booking: its payment is activity too; then the customer reviews it.
    const done = await bookingBetween(t, customer.id, provider.id);
    const review = await call(t, 'POST', `/api/bookings/${done}/review`, customer.cookie, {
      rating: 4,
      text: 'Came on time and fixed the tap quickly. Recommended.',
    });
    expect(review.statusCode, review.body).toBe(201);
    expect(await rowsAbout(review.json().review.id)).toEqual([
      expect.objectContaining({
        kind: 'review_written',
        actor_id: customer.id,
        data: expect.objectContaining({ rating: 4, subject_user_id: provider.id }),
      }),
    ]);

    const report = await call(t, 'POST', '/api/reports', customer.cookie, {
      user_id: provider.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(await rowsAbout(report.json().id)).toEqual([
      expect.objectContaining({
        kind: 'report_filed',
        actor_id: customer.id,
        data: { reason: 'spam', reported_id: provider.id },
      }),
    ]);

    // A checkout left pending is no activity; a paid plan is, once.
    const pending = await checkout(t, provider);
    expect(await rowsAbout(pending.payment_id)).toEqual([]);
    const paid = await buyPlan(t, provider);
    expect(await rowsAbout(paid.id)).toEqual([
      expect.objectContaining({
        kind: 'payment_received',
        actor_id: provider.id,
        data: expect.objectContaining({ amount_minor: paid.amount_minor, purpose: paid.purpose }),
      }),
    ]);

    // The feed shows them newest first, with the actors' names.
    const page = await feed();
    const bySubject = new Map(page.items.map((i) => [i.subject_id, i]));
    expect(bySubject.get(paid.id)).toMatchObject({ kind: 'payment_received', actor_name: 'Kwabena Ofori' });
    expect(bySubject.get(job.id)).toMatchObject({ kind: 'job_posted', actor_name: 'Ama Mensah' });
    expect(bySubject.get(newcomer.id)).toMatchObject({ kind: 'user_signed_up', actor_name: 'Esi Newcomer' });
    const ids = page.items.map((i) => Number(i.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const kinds = new Set(page.items.map((i) => i.kind));
    expect(kinds).toEqual(
      new Set([
        'user_signed_up',
        'job_posted',
        'bid_placed',
        'booking_created',
        'review_written',
        'report_filed',
        'payment_received',
      ]),
    );
  });

  it('filters by kinds and pages back with before', async () => {
    await t.database.db.insert(adminActivity).values(
      Array.from({ length: ACTIVITY_PAGE_SIZE + 5 }, (_, i) => ({
        kind: 'report_filed' as const,
        actor_id: customer.id,
        subject_id: `paged-${i}`,
        data: { reason: 'spam' },
      })),
    );
    const all = await t.database.db
      .select({ id: adminActivity.id })
      .from(adminActivity)
      .where(eq(adminActivity.kind, 'report_filed'))
      .orderBy(desc(adminActivity.id));
    const first = await feed('?kinds=report_filed');
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toMatchObject({
      subject_id: `paged-${ACTIVITY_PAGE_SIZE + 4}`,
      actor_name: 'Ama Mensah',
    });
    const second = await feed(`?kinds=report_filed&before=${first.items.at(-1)!.id}`);
    expect(second.hasMore).toBe(false);
    expect([...first.items, ...second.items].map((i) => Number(i.id))).toEqual(all.map((r) => r.id));

    const two = await feed('?kinds=job_posted,bid_placed');
    expect(new Set(two.items.map((i) => i.kind))).toEqual(new Set(['job_posted', 'bid_placed']));
    expect(two.hasMore).toBe(false);
    expect((await feed(`?before=${all.at(-1)!.id}&kinds=report_filed`)).items).toEqual([]);

    for (const [query, field] of [
      ['?kinds=job_posted,nonsense', 'kinds'],
      ['?before=abc', 'before'],
      ['?before=99999999999999999999', 'before'],
    ]) {
      const res = await call(t, 'GET', `/api/admin/activity${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.fields[0].field, query).toBe(field);
    }
    expect((await call(t, 'GET', '/api/admin/activity', customer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/activity')).statusCode).toBe(401);
  });

  it("pushes each activity to admins' sockets only; a rolled-back insert is neither stored nor pushed", async () => {
    const adminSocket = await openSocket(base, admin.cookie);
    const customerSocket = await openSocket(base, customer.cookie);
    await Promise.all([adminSocket.ready(), customerSocket.ready()]);

    // Rolled back: a user and a report written, then the transaction fails.
    const ghostId = randomUUID();
    let reportId = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(authUsers).values({ id: ghostId, name: 'Ghost', email: uniqueEmail('ghost') });
        const [row] = await tx
          .insert(userReports)
          .values({ reporter_id: ghostId, reported_id: customer.id, reason: 'spam' })
          .returning({ id: userReports.id });
        reportId = row!.id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsAbout(ghostId)).toEqual([]);
    expect(await rowsAbout(reportId)).toEqual([]);

    const live = await signUp(t, { name: 'Kojo Live' });
    const job = await postJob(t, customer, { title: 'Fix the gate' });
    const [signUpFrame, jobFrame] = await adminSocket.waitFor(() => {
      const frames = activityFrames(adminSocket);
      const a = frames.find((f) => f.item.subject_id === live.id);
      const b = frames.find((f) => f.item.subject_id === job.id);
      return a && b ? ([a, b] as const) : undefined;
    });
    const stored = await feed('?kinds=user_signed_up,job_posted');
    const storedById = new Map<string, ActivityItem>(stored.items.map((i) => [i.id, i]));
    for (const frame of [signUpFrame, jobFrame]) {
      expect(activityItemSchema.parse(frame.item)).toEqual(storedById.get(frame.item.id));
    }
    expect(signUpFrame.item).toMatchObject({
      kind: 'user_signed_up',
      actor_id: live.id,
      actor_name: 'Kojo Live',
    });
    expect(jobFrame.item).toMatchObject({
      kind: 'job_posted',
      actor_id: customer.id,
      actor_name: 'Ama Mensah',
    });
    // Announced in commit order, and nothing from the rolled-back transaction.
    const subjects = activityFrames(adminSocket).map((f) => f.item.subject_id);
    expect(subjects.indexOf(live.id)).toBeLessThan(subjects.indexOf(job.id));
    expect(subjects).not.toContain(ghostId);
    expect(subjects).not.toContain(reportId);

    // The customer's socket (a round trip later, so anything pushed would have arrived) got none.
    customerSocket.send({ type: 'ping', id: 'after' });
    await customerSocket.waitFor((frames) => frames.some((f) => f.type === 'pong' && f.id === 'after'));
    expect(activityFrames(customerSocket)).toEqual([]);
    await Promise.all([adminSocket.close(), customerSocket.close()]);
  });
});
