/**
 * Messaging rules (issue 9): what a message may hold, who may start a conversation, how the realtime
 * client reconnects and catches up, how a flood is refused. Pure functions; the server enforces
 * them, the client mirrors them.
 */

/** Characters in one message's text (issue 9: "cap at 5,000 characters"). */
export const MESSAGE_MAX_LENGTH = 5000;
/** Characters of a search in messages. */
export const MESSAGE_SEARCH_MAX = 100;
/** Messages per page of a thread (older pages by `before`). */
export const MESSAGES_PAGE = 50;
/** Conversations per page of the list. */
export const CONVERSATIONS_PAGE = 30;

/** What a conversation can be started from; the first message carries the link. */
export const CONVERSATION_CONTEXTS = ['job', 'bid', 'quote', 'booking'] as const;
export type ConversationContextType = (typeof CONVERSATION_CONTEXTS)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'scam',
  'inappropriate',
  'off_platform_payment',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  scam: 'Scam or fraud',
  inappropriate: 'Inappropriate content',
  off_platform_payment: 'Asking to pay outside Adwuma',
  other: 'Something else',
};
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MESSAGING_TEXT = {
  empty: 'Write a message or attach a photo.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  notMember: 'You are not part of this conversation.',
  noConversation: 'No such conversation.',
  blocked: "You can't message this user.",
  blockedByYou: 'You blocked this user. Unblock them to send a message.',
  self: "You can't message yourself.",
  notProvider: 'Messages start with a provider, or from a job, bid, quote request or booking you share.',
  contextNotShared: 'That job, bid, quote request or booking is not one you share with this user.',
  rateLimited: (seconds: number) => `You are sending messages too fast. Please wait ${seconds} seconds.`,
  reportThanks: 'Thanks. Our team will review this report.',
} as const;

/** Answers the problem with a message's text (trimmed), or null when it can be sent. */
export function messageBodyProblem(body: string, hasAttachment = false): string | null {
  const text = body.trim();
  if (text.length === 0 && !hasAttachment) return MESSAGING_TEXT.empty;
  if (text.length > MESSAGE_MAX_LENGTH) return MESSAGING_TEXT.tooLong;
  return null;
}

export interface StartFacts {
  senderId: string;
  recipientId: string;
  /** The recipient is a provider with a profile (anyone signed in may message a provider). */
  recipientIsProvider: boolean;
  /** Whether a given context links both users (job of one, bid/quote/booking between them). */
  contextShared: boolean | null;
  /** Either blocked the other. */
  blockedBySender: boolean;
  blockedByRecipient: boolean;
}

/** Who may start (or continue) a conversation: null when allowed, else the message. */
export function startProblem(f: StartFacts): string | null {
  if (f.senderId === f.recipientId) return MESSAGING_TEXT.self;
  if (f.blockedBySender) return MESSAGING_TEXT.blockedByYou;
  if (f.blockedByRecipient) return MESSAGING_TEXT.blocked;
  if (f.contextShared === false) return MESSAGING_TEXT.contextNotShared;
  if (!f.recipientIsProvider && f.contextShared !== true) return MESSAGING_TEXT.notProvider;
  return null;
}

/**
 * Reconnect delay after `attempt` failed tries (0-based): 1 s doubling up to 30 s (the spec's retry
 * rule), with up to 20 % jitter drawn from `random` so a restarted server is not hit all at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/**
 * Whether an event numbered `incoming` can be applied after `last` (the last one applied): 'apply'
 * for the next one, 'skip' for one already seen (a replay), 'gap' when some were missed and must be
 * fetched first.
 */
export function eventOrder(last: number, incoming: number): 'apply' | 'skip' | 'gap' {
  if (incoming <= last) return 'skip';
  return incoming === last + 1 ? 'apply' : 'gap';
}

/** Messages a user may send per window (REST) and realtime frames per window (typing, pings). */
export const SEND_LIMIT = { max: 30, windowMs: 10_000 } as const;
export const FRAME_LIMIT = { max: 40, windowMs: 10_000 } as const;
/** Largest realtime frame a client may send, in bytes. */
export const FRAME_MAX_BYTES = 4096;
/** How long a typing indicator shows without a new typing frame. */
export const TYPING_TTL_MS = 6000;
/** A client sends "typing" at most this often while the user types. */
export const TYPING_THROTTLE_MS = 2500;

/**
 * A sliding-window counter: `hit(now)` answers 0 when allowed, else the milliseconds to wait.
 * One per client (frames) or per user and process (sends).
 */
export function createWindowLimiter(max: number, windowMs: number) {
  const hits: number[] = [];
  return {
    hit(now: number): number {
      while (hits.length > 0 && hits[0]! <= now - windowMs) hits.shift();
      if (hits.length >= max) return hits[0]! + windowMs - now;
      hits.push(now);
      return 0;
    },
  };
}

/** The time a message shows in a thread: "14:05" today, "Mon 14:05" this week, else "12 Nov". */
export function messageTimeLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const sameDay = d.toDateString() === now.toDateString();
  if (sameDay) return hm;
  const days = (now.getTime() - d.getTime()) / 86_400_000;
  if (days < 6) return `${d.toLocaleDateString('en-GB', { weekday: 'short' })} ${hm}`;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}
