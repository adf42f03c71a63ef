// Entry file of features/account: other features import account only from here (scripts/check-deps.mjs).
export { RoleBadge } from './role-badge.tsx';
