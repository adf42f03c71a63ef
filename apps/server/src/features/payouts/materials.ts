import { randomBytes } from 'node:crypto';
import {
  advancePaid,
  advanceProblem,
  ESCROW_ACCOUNTS,
  ESCROW_MESSAGES,
  MATERIALS_ADVANCE_PERCENT,
  type Materials,
  releaseSplit,
} from '@adwuma/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, materialReceipts } from '../../db/schema.ts';
import { fileError } from '../../kernel/files/uploaded-file.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { prepareDocument } from '../verification/index.ts';
import { owedOn } from './balances.ts';
import { runPayouts } from './payout-run.ts';

const RECEIPT_URL_TTL = 3600;
const MAX_RECEIPTS = 20;

export const MATERIALS_MESSAGES = {
  notFound: 'Booking not found',
  notHeld: 'Materials are settled on a paid booking before the work is finished.',
  receiptsStarterOnly:
    'Material receipts are for the Starter plan: your plan takes a materials advance instead.',
  receiptPhoto: 'Send a photo of the receipt (JPEG, PNG or WebP).',
  tooManyReceipts: `A booking takes at most ${MAX_RECEIPTS} receipts.`,
  uploadFailed: 'The receipt could not be stored. Please try again.',
} as const;

type BookingRow = typeof bookings.$inferSelect;

/** The booking, when `userId` is one of its parties (else 404, as for anyone else's booking). */
async function bookingOf(db: Db | Tx, userId: string, bookingId: string, lock = false): Promise<BookingRow> {
  const query = db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (row.customer_id !== userId && row.provider_id !== userId))
    throw notFound(MATERIALS_MESSAGES.notFound);
  return row;
}

/** The provider's own booking, paid and not finished (held): 404 for anyone else's, 409 otherwise. */
async function providerHeldBooking(db: Db | Tx, providerId: string, bookingId: string, lock = false) {
  const booking = await bookingOf(db, providerId, bookingId, lock);
  if (booking.provider_id !== providerId) throw notFound(MATERIALS_MESSAGES.notFound);
  if (booking.payment_status !== 'held' || booking.status === 'disputed')
    throw conflict(MATERIALS_MESSAGES.notHeld);
  return booking;
}

/**
 * POST /api/bookings/:id/materials/advance (Pro, Premium): up to the tier's share of the price leaves
 * the held money for the provider's available balance (deducted from the earnings at completion) and
 * is paid out at once (no minimum; a payout-method hold still applies).
 */
export async function takeAdvance(
  deps: Deps,
  providerId: string,
  bookingId: string,
  amountMinor: number,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<Materials> {
  await deps.database.db.transaction(async (tx) => {
    const booking = await providerHeldBooking(tx, providerId, bookingId, true);
    const tier = await providerTier(tx, providerId);
    if (MATERIALS_ADVANCE_PERCENT[tier] === 0)
      throw new AppError(403, 'FORBIDDEN', ESCROW_MESSAGES.advanceNotAllowed);
    if (booking.advance_minor > 0) throw conflict(ESCROW_MESSAGES.advanceTwice);
    const problem = advanceProblem({
      priceMinor: booking.price_minor - booking.refunded_minor,
      tier,
      amountMinor,
      alreadyAdvancedMinor: booking.advance_minor,
    });
    if (problem) throw fieldError('amount_minor', problem);
    const held = await owedOn(tx, ESCROW_ACCOUNTS.held(bookingId));
    if (amountMinor > held) throw fieldError('amount_minor', ESCROW_MESSAGES.advanceTooHigh(held));
    await recordMovement(
      tx,
      advancePaid({ key: `booking:${bookingId}:advance`, bookingId, providerId, amountMinor }),
      null,
      { bookingId },
    );
    await tx
      .update(bookings)
      .set({ advance_minor: amountMinor, updated_at: now })
      .where(eq(bookings.id, bookingId));
  });
  try {
    await runPayouts(deps, now, { providerId, advance: true });
  } catch (error) {
    // The advance is in the available balance; the payout cron sends it.
    log.error({ err: error, bookingId }, 'the materials advance payout did not start; the cron retries');
  }
  return materialsView(deps, providerId, bookingId);
}

/**
 * Whether the provider may add a receipt of `amountMinor` (0: any) to the booking: their own held
 * booking, on Starter, the receipts within the earnings, and room for one more. Checked before the
 * upload is read (the route) and again under the booking's lock.
 */
export async function receiptRoom(
  db: Db | Tx,
  providerId: string,
  bookingId: string,
  amountMinor = 0,
  lock = false,
): Promise<BookingRow> {
  const booking = await providerHeldBooking(db, providerId, bookingId, lock);
  const tier = await providerTier(db, providerId);
  if (tier !== 'starter') throw new AppError(403, 'FORBIDDEN', MATERIALS_MESSAGES.receiptsStarterOnly);
  const { earningsMinor } = releaseSplit({ amountMinor: booking.price_minor - booking.refunded_minor, tier });
  if (booking.receipts_minor + amountMinor > earningsMinor)
    throw fieldError('amount_minor', ESCROW_MESSAGES.receiptsTooHigh);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(materialReceipts)
    .where(eq(materialReceipts.booking_id, bookingId));
  if (n >= MAX_RECEIPTS) throw conflict(MATERIALS_MESSAGES.tooManyReceipts);
  return booking;
}

export interface ReceiptUpload {
  amountMinor: number;
  description: string;
  bytes: Buffer;
}

/**
 * POST /api/bookings/:id/materials/receipts (Starter): a receipt photo (decoded and re-encoded
 * without metadata, stored privately) and its amount, reimbursed with the earnings at completion.
 * All receipts together stay within the provider's earnings on the booking.
 */
export async function addReceipt(
  deps: Deps,
  providerId: string,
  bookingId: string,
  upload: ReceiptUpload,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<Materials> {
  const db = deps.database.db;
  const check = (tx: Db | Tx, lock: boolean) =>
    receiptRoom(tx, providerId, bookingId, upload.amountMinor, lock);
  await check(db, false);

  const prepared = await prepareDocument(upload.bytes);
  if (prepared.mimeType === 'application/pdf') throw fileError(MATERIALS_MESSAGES.receiptPhoto);
  const key = `receipts/${bookingId}/${Date.now()}-${randomBytes(12).toString('base64url')}.${prepared.extension}`;
  try {
    await deps.storage.put(key, prepared.bytes, prepared.mimeType);
  } catch (error) {
    log.error({ err: error, key }, 'storing a material receipt failed');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', MATERIALS_MESSAGES.uploadFailed);
  }
  try {
    await db.transaction(async (tx) => {
      const booking = await check(tx, true);
      await tx.insert(materialReceipts).values({
        booking_id: bookingId,
        provider_id: providerId,
        amount_minor: upload.amountMinor,
        description: upload.description,
        file_key: key,
        created_at: now,
      });
      await tx
        .update(bookings)
        .set({ receipts_minor: booking.receipts_minor + upload.amountMinor, updated_at: now })
        .where(eq(bookings.id, bookingId));
    });
  } catch (error) {
    await deps.storage
      .delete(key)
      .catch((err) => log.error({ err, key }, 'could not remove the file of a failed receipt upload'));
    throw error;
  }
  return materialsView(deps, providerId, bookingId);
}

/** GET /api/bookings/:id/materials: both parties see the advance and the receipts (signed photo URLs). */
export async function materialsView(deps: Deps, userId: string, bookingId: string): Promise<Materials> {
  const db = deps.database.db;
  const booking = await bookingOf(db, userId, bookingId);
  const rows = await db
    .select()
    .from(materialReceipts)
    .where(and(eq(materialReceipts.booking_id, bookingId)))
    .orderBy(desc(materialReceipts.created_at), desc(materialReceipts.id));
  const receipts = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      amount_minor: r.amount_minor,
      description: r.description,
      image_url: (await deps.storage.signedUrl(r.file_key, RECEIPT_URL_TTL)).url,
      created_at: r.created_at.toISOString(),
    })),
  );
  return { advance_minor: booking.advance_minor, receipts_minor: booking.receipts_minor, receipts };
}
