// Entry file of the realtime feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export {
  announceSessionsEnded,
  appendEvents,
  publishEphemeral,
  REALTIME_CHANNEL,
  storeEventsSql,
  type UserEvent,
} from './events.ts';
export { isConnected } from './presence.ts';
