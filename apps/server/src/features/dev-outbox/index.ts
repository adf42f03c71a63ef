// Entry file of the dev-outbox feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { isLoopback } from './routes.ts';
