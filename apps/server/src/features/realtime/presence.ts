/**
 * Issue 21: who has a live realtime socket on this process (for "new message while offline" SMS).
 * The hub counts each user's open sockets here. Per process: with several servers a user connected
 * to another one counts as offline here; the SMS worker also skips a message notice already read.
 */
const open = new Map<string, number>();

export function socketOpened(userId: string): void {
  open.set(userId, (open.get(userId) ?? 0) + 1);
}

export function socketClosed(userId: string): void {
  const n = (open.get(userId) ?? 0) - 1;
  if (n > 0) open.set(userId, n);
  else open.delete(userId);
}

/** Whether the user has at least one open realtime socket on this process. */
export function isConnected(userId: string): boolean {
  return (open.get(userId) ?? 0) > 0;
}
