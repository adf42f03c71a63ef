// Entry file of the payments feature: the only file other features import from it.
// (app.ts registers ./routes.ts and ./jobs.ts directly; see docs/decisions/012-layering.md.)
export { receiveWebhook } from './intake.ts';
