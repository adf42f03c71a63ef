// Entry file of the realtime feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { appendEvents, publishEphemeral, type UserEvent } from './events.ts';
