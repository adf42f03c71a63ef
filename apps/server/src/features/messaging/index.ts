// Entry file of the messaging feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { loadContexts, toMessage } from './service.ts';
