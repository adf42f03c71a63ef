/** How many notifications GET /api/notifications answers (newest first). */
export const NOTIFICATIONS_LIMIT = 50;
