// Entry file of the verification feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { prepareDocument } from './document-file.ts';
