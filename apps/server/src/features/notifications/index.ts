// Entry file of the notifications feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { insertNotices, type Notice, sendNoticeMails } from './notify.ts';
