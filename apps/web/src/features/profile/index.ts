// Entry file of features/profile: other features import profile only from here (scripts/check-deps.mjs).
export { AvatarField } from './avatar-field.tsx';
