// Entry file of the auth feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { createProfileFor } from './create-profile.ts';
export { RESET_PASSWORD_PATH } from './policy.ts';
