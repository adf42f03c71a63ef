import type { Deps } from '../../types.ts';
import { sendNoticeMails } from '../notifications/index.ts';
import { queueRefunds } from '../refunds/index.ts';
import type { BookingAfterCommit } from './apply.ts';

/**
 * After the booking-money change committed: its mails, and the refunds it decided (a duplicate or
 * late payment) handed to the refunds feature's sender (`refunds.send`; its sweep retries).
 */
export async function finishBookingAfterCommit(deps: Deps, after: BookingAfterCommit): Promise<void> {
  await sendNoticeMails(deps, after.noticeIds, deps.log);
  if (after.refundIds.length) await queueRefunds(deps, after.refundIds);
}
