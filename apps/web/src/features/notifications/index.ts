// Entry file of features/notifications: other features import notifications only from here (scripts/check-deps.mjs).
export { HeaderInbox } from './header-inbox.tsx';
export { timeAgo } from './notification-inbox.tsx';
export { NotificationsCard } from './notifications-card.tsx';
