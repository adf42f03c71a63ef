// Entry file of the admin-users feature (issue 19: /admin/users): the only file other features
// import from it. (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { userDetail, usersPage } from './users-queries.ts';
