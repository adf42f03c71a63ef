import {
  adminDisputesResponseSchema,
  BOOKING_MESSAGES,
  DISPUTE_MESSAGES,
  type DisputeInput,
  disputeResponseSchema,
} from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminAuditLog,
  bookingEvents,
  bookings,
  disputePhotos,
  disputes,
  mailOutbox,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { GIF, jpegWithGps, makeImage, PDF, postFile } from '../../test/documents.ts';
import { noticesOf, setTier } from '../../test/jobs.ts';
import { call } from '../../test/providers.ts';
import { providerWithService } from '../../test/quotes.ts';
import { DISPUTE_CLOSED, DISPUTE_PHOTOS_FULL } from './dispute-service.ts';

const input: DisputeInput = {
  reason: 'poor_quality',
  description: 'The tap still leaks after the visit and the cabinet under it is wet.',
};

describe('disputes API', () => {
  let t: TestApp;
  let kwabena: TestUser;
  let ama: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    kwabena = (await providerWithService(t, { name: 'Kwabena Ofori' })).provider;
    ama = await signUp(t, { name: 'Ama Mensah' });
    stranger = await signUp(t, { name: 'Kofi Stranger' });
    admin = await signUp(t, { name: 'Esi Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(() => t.close());

  const open = (user: TestUser | undefined, bookingId: string, body: unknown = input) =>
    call(t, 'POST', `/api/bookings/${bookingId}/disputes`, user?.cookie, body);
  const openOk = async (user: TestUser, bookingId: string) => {
    const res = await open(user, bookingId);
    expect(res.statusCode, res.body).toBe(201);
    return disputeResponseSchema.parse(res.json()).dispute;
  };
  const bookingRow = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const resolve = (user: TestUser | undefined, id: string, body: unknown) =>
    call(t, 'POST', `/api/admin/disputes/${id}/resolve`, user?.cookie, body);

  it('opens a dispute, freezing the booking, and refuses what it must', async () => {
    const scheduled = await bookingBetween(t, ama.id, kwabena.id, { status: 'scheduled' });
    const early = await open(ama, scheduled);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(BOOKING_MESSAGES.wrongState('open_dispute', 'scheduled'));
    const old = await bookingBetween(t, ama.id, kwabena.id, { completedDaysAgo: 20 });
    const late = await open(ama, old);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(BOOKING_MESSAGES.disputeWindow);

    const booking = await bookingBetween(t, ama.id, kwabena.id, { status: 'in_progress' });
    expect((await open(undefined, booking)).statusCode).toBe(401);
    expect((await open(stranger, booking)).statusCode).toBe(404);
    expect((await open(ama, booking, { ...input, description: 'Too short' })).statusCode).toBe(400);
    expect((await open(ama, booking, { ...input, reason: 'bored' })).statusCode).toBe(400);

    const dispute = await openOk(ama, booking);
    expect(dispute).toMatchObject({
      status: 'open',
      reason: 'poor_quality',
      opener_role: 'customer',
      in_favour_of: null,
      opened_by: { id: ama.id, name: 'Ama Mensah' },
      booking: { id: booking, status: 'disputed' },
      photos: [],
    });
    expect(dispute.history.map((e) => [e.action, e.actor_role, e.from_status, e.to_status])).toEqual([
      ['create', 'customer', null, 'scheduled'],
      ['open_dispute', 'customer', 'in_progress', 'disputed'],
    ]);
    const row = await bookingRow(booking);
    expect([row.status, row.status_before_dispute]).toEqual(['disputed', 'in_progress']);
    const [notice] = await noticesOf(t, kwabena.id, 'dispute');
    expect(notice).toMatchObject({ title: 'A dispute was opened', link: '/schedule' });
    expect(notice!.body).toContain('Ama Mensah');

    // One open dispute per booking, whichever side tries.
    for (const user of [ama, kwabena]) {
      const again = await open(user, booking);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(DISPUTE_MESSAGES.already);
    }
  });

  it('shows a dispute to its parties and admins only', async () => {
    const booking = await bookingBetween(t, ama.id, kwabena.id);
    const dispute = await openOk(kwabena, booking);
    for (const user of [ama, kwabena, admin]) {
      const res = await call(t, 'GET', `/api/disputes/${dispute.id}`, user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dispute.id).toBe(dispute.id);
    }
    expect((await call(t, 'GET', `/api/disputes/${dispute.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/disputes/${dispute.id}`)).statusCode).toBe(401);
    expect((await bookingRow(booking)).status_before_dispute).toBe('completed');
  });

  it('takes evidence files from the parties, re-encoded without EXIF, at most six', async () => {
    const booking = await bookingBetween(t, ama.id, kwabena.id, { status: 'awaiting_confirmation' });
    const dispute = await openOk(ama, booking);
    const url = `/api/disputes/${dispute.id}/photos`;

    const gps = await postFile(t, ama.cookie, url, await jpegWithGps());
    expect(gps.statusCode, gps.body).toBe(201);
    const withPhoto = disputeResponseSchema.parse(gps.json()).dispute;
    expect(withPhoto.photos).toHaveLength(1);
    expect(withPhoto.photos[0]!.content_type).toBe('image/jpeg');
    expect(withPhoto.photos[0]!.url).not.toBe('');
    const [stored] = await t.database.db
      .select()
      .from(disputePhotos)
      .where(eq(disputePhotos.dispute_id, dispute.id));
    expect(stored!.storage_key).toMatch(new RegExp(`^disputes/${dispute.id}/\\d+-[A-Za-z0-9_-]{16}\\.jpg$`));
    const file = await t.app.deps.storage.get(stored!.storage_key);
    expect((await sharp(file!.bytes).metadata()).exif).toBeUndefined();

    const gif = await postFile(t, ama.cookie, url, GIF, { filename: 'x.gif', type: 'image/gif' });
    expect(gif.statusCode).toBe(400);
    expect((await postFile(t, stranger.cookie, url, PDF, { filename: 'a.pdf' })).statusCode).toBe(404);
    expect((await postFile(t, undefined, url, PDF, { filename: 'a.pdf' })).statusCode).toBe(401);

    const pdf = await postFile(t, kwabena.cookie, url, PDF, {
      filename: 'receipt.pdf',
      type: 'application/pdf',
    });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const png = await makeImage('png');
    for (let i = 0; i < 4; i++) expect((await postFile(t, ama.cookie, url, png)).statusCode).toBe(201);
    const seventh = await postFile(t, ama.cookie, url, png);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().error.message).toBe(DISPUTE_PHOTOS_FULL);
    const detail = await call(t, 'GET', `/api/admin/disputes/${dispute.id}`, admin.cookie);
    expect(detail.json().dispute.photos.map((p: { content_type: string }) => p.content_type)).toEqual([
      'image/jpeg',
      'application/pdf',
      'image/png',
      'image/png',
      'image/png',
      'image/png',
    ]);
  });

  it('guards every admin route: 401 signed out, 403 for others', async () => {
    const booking = await bookingBetween(t, ama.id, kwabena.id);
    const dispute = await openOk(ama, booking);
    const body = { in_favour_of: 'customer', note: 'Refund agreed.' };
    for (const user of [undefined, ama, kwabena]) {
      const status = user ? 403 : 401;
      expect((await call(t, 'GET', '/api/admin/disputes', user?.cookie)).statusCode).toBe(status);
      expect((await call(t, 'GET', `/api/admin/disputes/${dispute.id}`, user?.cookie)).statusCode).toBe(
        status,
      );
      expect((await resolve(user, dispute.id, body)).statusCode).toBe(status);
      expect(
        (await call(t, 'GET', `/api/admin/disputes/${dispute.id}/conversation`, user?.cookie)).statusCode,
      ).toBe(status);
    }
  });

  it("shows admins the parties' conversation", async () => {
    const booking = await bookingBetween(t, ama.id, kwabena.id);
    const dispute = await openOk(ama, booking);
    const empty = await call(t, 'GET', `/api/admin/disputes/${dispute.id}/conversation`, admin.cookie);
    expect(empty.json()).toEqual({ conversation_id: null, messages: [] });
    const started = await call(t, 'POST', '/api/conversations', ama.cookie, {
      recipient_id: kwabena.id,
      context: { type: 'booking', id: booking },
    });
    expect(started.statusCode, started.body).toBe(200);
    const conversationId = started.json().id;
    const sent = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, ama.cookie, {
      body: 'The cloth was the wrong colour.',
      context: { type: 'booking', id: booking },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await call(t, 'GET', `/api/admin/disputes/${dispute.id}/conversation`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation_id).toBe(conversationId);
    expect(res.json().messages).toMatchObject([
      {
        body: 'The cloth was the wrong colour.',
        sender_id: ama.id,
        context: { type: 'booking', id: booking },
      },
    ]);
    const unknown = await call(
      t,
      'GET',
      '/api/admin/disputes/00000000-0000-4000-8000-000000000000/conversation',
      admin.cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lists open disputes oldest first and resolves them for either side', async () => {
    await setTier(t, kwabena.id, 'pro');
    const forProvider = await bookingBetween(t, ama.id, kwabena.id, { price: 50_000 });
    const forCustomer = await bookingBetween(t, ama.id, kwabena.id, { status: 'in_progress' });
    const first = await openOk(ama, forProvider);
    const second = await openOk(kwabena, forCustomer);

    const list = await call(t, 'GET', '/api/admin/disputes', admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const ids = adminDisputesResponseSchema.parse(list.json()).items.map((d) => d.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect((await call(t, 'GET', '/api/admin/disputes?status=closed', admin.cookie)).statusCode).toBe(400);
    expect((await resolve(admin, first.id, { in_favour_of: 'provider', note: 'x' })).statusCode).toBe(400);

    // In the provider's favour: the work stands, earnings fixed by the provider's tier now.
    const note = 'The photos show the tap fixed; the leak is from another pipe.';
    const res = await resolve(admin, first.id, { in_favour_of: 'provider', note });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dispute).toMatchObject({
      status: 'resolved',
      in_favour_of: 'provider',
      resolution_note: note,
      booking: { status: 'completed' },
    });
    expect(res.json().dispute.history.map((e: { action: string }) => e.action)).toEqual([
      'create',
      'open_dispute',
      'resolve_dispute',
    ]);
    const done = await bookingRow(forProvider);
    expect(done.status).toBe('completed');
    expect(done.completed_at).not.toBeNull();
    expect(done.tier_at_completion).toBe('pro');
    expect((done.commission_minor ?? 0) + (done.earnings_minor ?? 0)).toBe(50_000);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'dispute.resolve'), eq(adminAuditLog.target_id, first.id)));
    expect(audit).toMatchObject({ admin_id: admin.id, target_type: 'dispute' });
    expect(audit!.details).toMatchObject({ in_favour_of: 'provider', note, booking_id: forProvider });
    const [event] = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.booking_id, forProvider), eq(bookingEvents.action, 'resolve_dispute')));
    expect(event).toMatchObject({ actor_id: admin.id, actor_role: 'admin', to_status: 'completed' });
    for (const user of [ama, kwabena]) {
      const [notice] = await noticesOf(t, user.id, 'dispute');
      expect(notice!.title).toBe('Your dispute was resolved');
      expect(notice!.body).toContain(note);
      // …and its mail, sent by the job queue.
      await vi.waitFor(
        async () => {
          const mails = await t.database.db
            .select({ text: mailOutbox.text_body, subject: mailOutbox.subject })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.to_address, user.email), eq(mailOutbox.template, 'notice-dispute')));
          expect(mails.some((m) => m.subject === 'Your dispute was resolved' && m.text?.includes(note))).toBe(
            true,
          );
        },
        { timeout: 20_000, interval: 100 },
      );
    }

    const again = await resolve(admin, first.id, { in_favour_of: 'customer', note: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(DISPUTE_MESSAGES.resolved);
    const closed = await postFile(t, ama.cookie, `/api/disputes/${first.id}/photos`, PDF, {
      filename: 'a.pdf',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(DISPUTE_CLOSED);

    // In the customer's favour: the booking is cancelled.
    const refund = await resolve(admin, second.id, {
      in_favour_of: 'customer',
      note: 'The provider never came.',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const cancelled = await bookingRow(forCustomer);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at).not.toBeNull();

    const resolved = await call(t, 'GET', '/api/admin/disputes?status=resolved', admin.cookie);
    const resolvedIds = adminDisputesResponseSchema.parse(resolved.json()).items.map((d) => d.id);
    expect(resolvedIds.slice(0, 2)).toEqual([second.id, first.id]);
    const openIds = adminDisputesResponseSchema
      .parse((await call(t, 'GET', '/api/admin/disputes', admin.cookie)).json())
      .items.map((d) => d.id);
    expect(openIds).not.toContain(first.id);
    // A new dispute may be opened on the completed booking after resolution (within the window).
    expect((await open(kwabena, forProvider)).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous opens or resolutions through', async () => {
    const booking = await bookingBetween(t, ama.id, kwabena.id, { status: 'in_progress' });
    const opened = await Promise.all([open(ama, booking), open(kwabena, booking)]);
    expect(opened.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(disputes).where(eq(disputes.booking_id, booking));
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    const resolved = await Promise.all([
      resolve(admin, id, { in_favour_of: 'customer', note: 'Refund the customer.' }),
      resolve(admin, id, { in_favour_of: 'provider', note: 'Pay the provider.' }),
    ]);
    expect(resolved.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.booking_id, booking), eq(bookingEvents.action, 'resolve_dispute')));
    expect(events).toHaveLength(1);
    expect((await bookingRow(booking)).status).toBe(events[0]!.to_status);
  });
});
