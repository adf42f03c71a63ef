// Entry file of features/messaging: other features import messaging only from here (scripts/check-deps.mjs).
export { messagePath } from './links.ts';
export { MessageLink } from './message-link.tsx';
