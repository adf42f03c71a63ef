// Entry file of the payouts feature: the only file other features import from it.
// (app.ts registers ./routes.ts and ./jobs.ts directly; see docs/decisions/012-layering.md.)
export { matureEarnings, reconcilePayouts, retryPayout, runPayouts } from './payout-run.ts';
export { applyTransferEvent, type PayoutAfterCommit } from './transfer-events.ts';
