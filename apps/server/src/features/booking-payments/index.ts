// Entry file of the booking-payments feature (issue 18): the only file other features import from it.
// (app.ts registers ./routes.ts and ./jobs.ts directly; see docs/decisions/012-layering.md.)
export {
  applyBookingPaymentEvent,
  type BookingAfterCommit,
  isBookingPaymentEvent,
  newBookingAfterCommit,
} from './apply.ts';
export { finishBookingAfterCommit } from './finish.ts';
export { releaseUnpaidBookings } from './jobs.ts';
export {
  type BookingRow,
  bookingPaymentGuard,
  heldMinor,
  releaseHeld,
  releaseOnCompletion,
} from './release.ts';
export { verifyBookingPayment } from './view.ts';
