// Entry file of the geocoding feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { regionOf } from './gazetteer.ts';
