import { randomBytes } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  type adminDisputesResponseSchema,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  checkBookingTransition,
  computeEarnings,
  DISPUTE_LIMITS,
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  type Dispute,
  type DisputeInput,
  type DisputeOutcome,
  DOCUMENT_MESSAGES,
  formatMoney,
  statusAfterDispute,
} from '@adwuma/shared';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { adminAuditLog, bookingEvents, bookings, disputePhotos, disputes } from '../../db/schema.ts';
import { loadParties, type Party, partyOf } from '../../kernel/booking-parties.ts';
import type { UploadedFile } from '../../kernel/files/uploaded-file.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { BOOKING_NOT_FOUND, type BookingRow, toBooking } from '../bookings/index.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { queueRefunds } from '../refunds/index.ts';
import { prepareDocument } from '../verification/index.ts';
import { type DisputeMoney, moneyAtStake, settleDisputeMoney } from './dispute-money.ts';

export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const DISPUTE_CLOSED = 'This dispute is resolved: no more evidence can be added.';
export const DISPUTE_PHOTOS_FULL = `A dispute can have at most ${DISPUTE_LIMITS.photosMax} photos or files.`;
export const DISPUTE_LINK = '/schedule';
/** Signed evidence links stay valid this long (seconds). */
const PHOTO_URL_TTL = 3600;

type DisputeRow = typeof disputes.$inferSelect;
type Side = 'customer' | 'provider';
type AdminDisputes = z.infer<typeof adminDisputesResponseSchema>;

/** Who is looking: a party sees their own disputes, an admin every one. */
export interface DisputeViewer {
  id: string;
  admin: boolean;
}

const sideOf = (booking: BookingRow, userId: string): Side | null =>
  booking.provider_id === userId ? 'provider' : booking.customer_id === userId ? 'customer' : null;

const otherSide = (booking: BookingRow, side: Side) =>
  side === 'customer' ? booking.provider_id : booking.customer_id;

function summaryOf(row: DisputeRow) {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    opener_role: row.opener_role,
    in_favour_of: row.in_favour_of,
    resolution_note: row.resolution_note,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

/**
 * A side opens a dispute on its booking (in progress, awaiting confirmation, or completed within
 * BOOKING_LIMITS.disputeDays). Under the booking's row lock: the dispute, the booking frozen
 * (`disputed`, remembering its status), a history event and a notice to the other side.
 */
export async function openDispute(
  deps: Deps,
  userId: string,
  bookingId: string,
  input: DisputeInput,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<Dispute> {
  const { db } = deps.database;
  const { disputeId, mailIds } = await db
    .transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      const side = booking ? sideOf(booking, userId) : null;
      if (!booking || !side) throw notFound(BOOKING_NOT_FOUND);
      const [open] = await tx
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.booking_id, bookingId), eq(disputes.status, 'open')));
      if (open) throw conflict(DISPUTE_MESSAGES.already);
      const { status } = booking;
      const check = checkBookingTransition(status, 'open_dispute', side);
      if (!check.ok)
        throw check.code === 'FORBIDDEN'
          ? new AppError(403, 'FORBIDDEN', check.message)
          : conflict(check.message);
      if (
        status === 'completed' &&
        booking.completed_at &&
        now.getTime() > booking.completed_at.getTime() + BOOKING_LIMITS.disputeDays * 86_400_000
      )
        throw conflict(BOOKING_MESSAGES.disputeWindow);

      const [dispute] = await tx
        .insert(disputes)
        .values({
          booking_id: bookingId,
          opened_by: userId,
          opener_role: side,
          reason: input.reason,
          description: input.description,
          created_at: now,
          updated_at: now,
        })
        .returning({ id: disputes.id });
      await tx
        .update(bookings)
        .set({ status: 'disputed', status_before_dispute: status, updated_at: now })
        .where(eq(bookings.id, bookingId));
      if (status === 'completed') await refreshProfileScores(tx, booking.provider_id);
      await tx.insert(bookingEvents).values({
        booking_id: bookingId,
        actor_id: userId,
        actor_role: side,
        action: 'open_dispute',
        from_status: status,
        to_status: 'disputed',
        details: { dispute_id: dispute!.id, reason: input.reason },
        created_at: now,
      });
      const parties = await loadParties(tx, [userId]);
      const mailIds = await insertNotices(tx, [
        {
          userId: otherSide(booking, side),
          kind: 'dispute',
          title: 'A dispute was opened',
          body: `${partyOf(parties, userId).person.name} opened a dispute on “${booking.title}” (${DISPUTE_REASON_LABELS[input.reason]}). The booking is frozen until our team resolves it.`,
          link: DISPUTE_LINK,
          mail: true,
        },
      ]);
      return { disputeId: dispute!.id, mailIds };
    })
    .catch((error: unknown) => {
      // The partial unique index: another open dispute committed first.
      if (isUniqueViolation(error)) throw conflict(DISPUTE_MESSAGES.already);
      throw error;
    });
  await sendNoticeMails(deps, mailIds, log);
  return disputeDetail(deps, { id: userId, admin: false }, disputeId, log);
}

/** The dispute and its booking, for a viewer allowed to see it; 404 otherwise. */
async function visibleDispute(
  db: Db | Tx,
  viewer: DisputeViewer,
  disputeId: string,
): Promise<{ dispute: DisputeRow; booking: BookingRow }> {
  const [row] = await db
    .select({ dispute: disputes, booking: bookings })
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.booking_id))
    .where(eq(disputes.id, disputeId));
  if (!row || (!viewer.admin && !sideOf(row.booking, viewer.id))) throw notFound(DISPUTE_NOT_FOUND);
  return row;
}

/** One dispute with its booking, evidence (fresh signed URLs) and the booking's history. */
export async function disputeDetail(
  deps: Pick<Deps, 'database' | 'storage'>,
  viewer: DisputeViewer,
  disputeId: string,
  log: FastifyBaseLogger,
): Promise<Dispute> {
  const { db } = deps.database;
  const { dispute, booking } = await visibleDispute(db, viewer, disputeId);
  const parties = await loadParties(db, [booking.customer_id, booking.provider_id, dispute.opened_by]);
  const photoRows = await db
    .select()
    .from(disputePhotos)
    .where(eq(disputePhotos.dispute_id, disputeId))
    .orderBy(asc(disputePhotos.created_at), asc(disputePhotos.id));
  const events = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.booking_id, booking.id))
    .orderBy(asc(bookingEvents.created_at), asc(bookingEvents.id));
  const photos = await Promise.all(
    photoRows.map(async (p) => {
      let url = '';
      try {
        url = (await deps.storage.signedUrl(p.storage_key, PHOTO_URL_TTL)).url;
      } catch (error) {
        log.error({ err: error, key: p.storage_key }, 'could not sign a dispute file URL');
      }
      return { id: p.id, url, content_type: p.content_type };
    }),
  );
  return {
    ...summaryOf(dispute),
    description: dispute.description,
    booking: toBooking(booking, parties, viewer.id),
    opened_by: partyOf(parties, dispute.opened_by).person,
    photos,
    ...(viewer.admin && dispute.status === 'open'
      ? { money_at_stake_minor: await moneyAtStake(db, booking) }
      : {}),
    history: events.map((e) => ({
      id: e.id,
      action: e.action,
      actor_role: e.actor_role,
      from_status: e.from_status,
      to_status: e.to_status,
      created_at: e.created_at.toISOString(),
      details: (e.details as Record<string, unknown> | null) ?? null,
    })),
  };
}

/**
 * The caller is a party to this open dispute and it has room for one more file: checked before an
 * upload is read (so outsiders' files are never taken in) and again under the dispute's lock.
 */
export async function assertDisputePhotoRoom(
  tx: Db | Tx,
  userId: string,
  disputeId: string,
  lock = false,
): Promise<void> {
  await visibleDispute(tx, { id: userId, admin: false }, disputeId);
  const status = tx.select({ status: disputes.status }).from(disputes).where(eq(disputes.id, disputeId));
  const [fresh] = lock ? await status.for('update') : await status;
  if (fresh?.status !== 'open') throw conflict(DISPUTE_CLOSED);
  const [photos] = await tx
    .select({ n: count() })
    .from(disputePhotos)
    .where(eq(disputePhotos.dispute_id, disputeId));
  if (Number(photos?.n ?? 0) >= DISPUTE_LIMITS.photosMax) throw conflict(DISPUTE_PHOTOS_FULL);
}

/**
 * Adds one evidence file (JPEG, PNG, WebP or PDF; images re-encoded upright without metadata) to an
 * open dispute of the caller's booking, at most DISPUTE_LIMITS.photosMax. The file goes to the
 * private store first; the row is written under the dispute's lock, and the file is removed again
 * if that fails.
 */
export async function addDisputePhoto(
  deps: Deps,
  userId: string,
  disputeId: string,
  file: UploadedFile,
  log: FastifyBaseLogger,
): Promise<Dispute> {
  const { db } = deps.database;
  const assertOpen = (tx: Db | Tx, lock: boolean) => assertDisputePhotoRoom(tx, userId, disputeId, lock);
  await assertOpen(db, false);

  const prepared = await prepareDocument(file.bytes);
  const key = `disputes/${disputeId}/${Date.now()}-${randomBytes(12).toString('base64url')}.${prepared.extension}`;
  try {
    await deps.storage.put(key, prepared.bytes, prepared.mimeType);
  } catch (error) {
    log.error({ err: error, key }, 'storing a dispute file failed');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', DOCUMENT_MESSAGES.uploadFailed);
  }
  try {
    await db.transaction(async (tx) => {
      await assertOpen(tx, true);
      await tx.insert(disputePhotos).values({
        dispute_id: disputeId,
        uploaded_by: userId,
        storage_key: key,
        content_type: prepared.mimeType,
        size: prepared.bytes.length,
      });
    });
  } catch (error) {
    await deps.storage
      .delete(key)
      .catch((err) => log.error({ err, key }, 'could not remove the file of a failed dispute upload'));
    throw error;
  }
  return disputeDetail(deps, { id: userId, admin: false }, disputeId, log);
}

/**
 * The admin list: open disputes oldest first (the queue), resolved ones latest resolved first,
 * ADMIN_PAGE_SIZE a page.
 */
export async function adminDisputes(
  db: Db,
  status: 'open' | 'resolved',
  page: number,
): Promise<AdminDisputes> {
  const rows = await db
    .select({ dispute: disputes, booking: bookings })
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.booking_id))
    .where(eq(disputes.status, status))
    .orderBy(
      ...(status === 'open'
        ? [asc(disputes.created_at), asc(disputes.id)]
        : [desc(disputes.resolved_at), desc(disputes.id)]),
    )
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(disputes).where(eq(disputes.status, status));
  const parties: Map<string, Party> = await loadParties(
    db,
    rows.flatMap((r) => [r.booking.customer_id, r.booking.provider_id, r.dispute.opened_by]),
  );
  return {
    items: rows.map((r) => ({
      ...summaryOf(r.dispute),
      booking: toBooking(r.booking, parties, r.dispute.opened_by),
      opened_by: partyOf(parties, r.dispute.opened_by).person,
    })),
    total: Number(total?.n ?? 0),
    page,
  };
}

/** Who the resolution favoured and where the money went, as both sides read it. */
function resolutionText(outcome: DisputeOutcome, money: DisputeMoney): string {
  const amount = (minor: number | null) => formatMoney(minor ?? 0, 'GHS');
  if (outcome === 'split')
    return money.providerMinor === null
      ? 'with a split.'
      : `with a split: ${amount(money.providerMinor)} to the provider, ${amount(money.customerMinor)} back to the customer.`;
  const favoured = outcome === 'customer' ? 'the customer' : 'the provider';
  if (outcome === 'customer' && money.customerMinor)
    return `in favour of ${favoured}: ${amount(money.customerMinor)} is refunded to the customer.`;
  if (outcome === 'provider' && money.providerMinor)
    return `in favour of ${favoured}: ${amount(money.providerMinor)} goes to the provider.`;
  return `in favour of ${favoured}.`;
}

/**
 * An admin resolves an open dispute in favour of one side or with a split, with a note. One
 * transaction under the booking's and the dispute's row locks (booking first, as opening takes it):
 * the dispute resolved (409 when it already is), the booking's money moved (dispute-money.ts:
 * release, refund, or a refund taken back from earnings not yet matured; the amounts recorded on the
 * dispute), the booking completed (completed_at and earnings fixed if not yet) or cancelled, a
 * history event, an audit row, and notices with mails to both. Refunds go to the gateway after commit.
 */
export async function resolveDispute(
  deps: Deps,
  adminId: string,
  disputeId: string,
  input: { in_favour_of: DisputeOutcome; note: string; provider_minor?: number; customer_minor?: number },
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<Dispute> {
  const { db } = deps.database;
  const [found] = await db
    .select({ booking_id: disputes.booking_id })
    .from(disputes)
    .where(eq(disputes.id, disputeId));
  if (!found) throw notFound(DISPUTE_NOT_FOUND);

  const { mailIds, refundIds } = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.booking_id)).for('update');
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
    if (!booking || !dispute) throw notFound(DISPUTE_NOT_FOUND);
    if (dispute.status !== 'open') throw conflict(DISPUTE_MESSAGES.resolved);

    const money = await settleDisputeMoney(tx, deps, {
      booking,
      disputeId,
      outcome: input.in_favour_of,
      providerMinor: input.provider_minor,
      customerMinor: input.customer_minor,
      adminId,
      now,
    });
    await tx
      .update(disputes)
      .set({
        status: 'resolved',
        in_favour_of: input.in_favour_of,
        provider_minor: money.providerMinor,
        customer_minor: money.customerMinor,
        resolution_note: input.note,
        resolved_by: adminId,
        resolved_at: now,
        updated_at: now,
      })
      .where(eq(disputes.id, disputeId));

    const to = statusAfterDispute(input.in_favour_of);
    // Only a booking the dispute froze moves; another state (set meanwhile by hand) is left alone.
    const from = booking.status;
    if (from === 'disputed') {
      if (to === 'completed') {
        // Paid bookings: the release wrote the commission and earnings; others fix them now.
        const tier = booking.tier_at_completion === null ? await providerTier(tx, booking.provider_id) : null;
        const earnings =
          tier && !money.released && booking.earnings_minor === null
            ? computeEarnings(money.providerMinor ?? booking.price_minor, tier)
            : null;
        await tx
          .update(bookings)
          .set({
            status: 'completed',
            completed_at: booking.completed_at ?? now,
            payment_status: money.paymentStatus,
            ...(tier ? { tier_at_completion: tier } : {}),
            ...(earnings
              ? {
                  commission_percent: earnings.commission_percent,
                  commission_minor: earnings.commission_minor,
                  earnings_minor: earnings.earnings_minor,
                }
              : {}),
            updated_at: now,
          })
          .where(eq(bookings.id, booking.id));
      } else {
        await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            cancelled_at: booking.cancelled_at ?? now,
            payment_status: money.paymentStatus,
            updated_at: now,
          })
          .where(eq(bookings.id, booking.id));
      }
    } else if (money.paymentStatus !== booking.payment_status) {
      await tx
        .update(bookings)
        .set({ payment_status: money.paymentStatus, updated_at: now })
        .where(eq(bookings.id, booking.id));
    }
    if (from === 'disputed' && to === 'completed') await refreshProfileScores(tx, booking.provider_id);
    const details = {
      dispute_id: disputeId,
      in_favour_of: input.in_favour_of,
      note: input.note,
      provider_minor: money.providerMinor,
      customer_minor: money.customerMinor,
    };
    await tx.insert(bookingEvents).values({
      booking_id: booking.id,
      actor_id: adminId,
      actor_role: 'admin',
      action: 'resolve_dispute',
      from_status: from,
      to_status: from === 'disputed' ? to : from,
      details,
      created_at: now,
    });
    await tx.insert(adminAuditLog).values({
      admin_id: adminId,
      action: 'dispute.resolve',
      target_type: 'dispute',
      target_id: disputeId,
      details: {
        ...details,
        booking_id: booking.id,
        booking_status: from === 'disputed' ? to : from,
        payment_status: money.paymentStatus,
        refund_ids: money.refundIds,
      },
    });
    const outcome = to === 'completed' ? 'The booking is completed.' : 'The booking is cancelled.';
    const body = `Our team resolved the dispute on “${booking.title}” ${resolutionText(input.in_favour_of, money)} ${outcome} Note from our team: ${input.note}`;
    const mailIds = await insertNotices(
      tx,
      [booking.customer_id, booking.provider_id].map((userId) => ({
        userId,
        kind: 'dispute',
        title: 'Your dispute was resolved',
        body,
        link: DISPUTE_LINK,
        mail: true,
      })),
    );
    return { mailIds, refundIds: money.refundIds };
  });
  await sendNoticeMails(deps, mailIds, log);
  await queueRefunds(deps, refundIds);
  return disputeDetail(deps, { id: adminId, admin: true }, disputeId, log);
}
