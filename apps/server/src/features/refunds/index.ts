// Entry file of the refunds feature: the only file other features import from it.
// (app.ts registers ./routes.ts and ./jobs.ts directly; see docs/decisions/012-layering.md.)
export {
  heldOf,
  queueRefunds,
  REFUND_MESSAGES,
  refundHeld,
  refundReleased,
  retryRefund,
  reversibleOf,
} from './refund-service.ts';
