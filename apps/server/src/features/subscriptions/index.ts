// Entry file of the subscriptions feature: the only file other features import from it.
// (app.ts registers ./routes.ts and ./jobs.ts directly; see docs/decisions/012-layering.md.)
export { NotYetApplicable } from './apply.ts';
export { applyPaymentEvent, finishAfterCommit, newAfterCommit } from './events.ts';
export { verifyPendingPayment } from './view.ts';
