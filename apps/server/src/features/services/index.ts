// Entry file of the services feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { withPhotos } from './service-store.ts';
