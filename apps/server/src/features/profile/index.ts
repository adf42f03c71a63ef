// Entry file of the profile feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { ownProfile, toProfile, updateProfile } from './profile-service.ts';
