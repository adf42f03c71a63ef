// Entry file of the search feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { listPageFrom } from './search-sql.ts';
